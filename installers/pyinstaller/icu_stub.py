"""An empty stand-in for ICU's data library, the largest file of the Linux bundle (31 MB of 119).

Qt's Core library on Linux links ICU: its code (``libicuuc``, ``libicui18n``) and its data
(``libicudata``, one 31 MB symbol holding every collation, converter, time-zone and locale
table). The app uses none of that data: Qt's own tables do locale formats, text layout and time
zones, and case mapping lives in ICU's code library. Measured (``benchmarks/bundle_loaded.py``):
a whole self-test touches 68 kB of the 31 MB mapping, the table of contents, in look-ups that
find nothing the app needs.

The stand-in is ICU's own "stubdata" shape: the same header (copyright notice included) with an
empty table of contents, exported under the same symbol and soname, so the loader is satisfied
and any look-up finds nothing, which ICU reports as a missing resource, as it does for anything a
filtered ICU data build leaves out (Qt then uses its fallbacks, e.g. code-point order for
``QCollator``). It is built with the assembler and linker of binutils, which PyInstaller already
needs on Linux (it strips with them); without them the real library is kept.
"""

from __future__ import annotations

import re
import shutil
import struct
import subprocess
from pathlib import Path

_ICU_DATA = re.compile(r"^libicudata\.so\.(?P<version>\d+)$")
_SECTION_HEADER = struct.Struct("<IIQQQQIIQQ")
_SYMBOL = struct.Struct("<IBBHQQ")


def icu_data_version(file_name: str) -> str | None:
    """``"73"`` for ``libicudata.so.73``; None for any other file."""
    match = _ICU_DATA.match(file_name)
    return match.group("version") if match else None


def _data_header(library: bytes, symbol: str) -> bytes:
    """The ICU common-data header at ``symbol`` in a 64-bit little-endian ELF library."""
    if library[:6] != b"\x7fELF\x02\x01":
        raise ValueError("not a 64-bit little-endian ELF file")
    section_offset, = struct.unpack_from("<Q", library, 0x28)
    entry_size, count = struct.unpack_from("<HH", library, 0x3A)
    sections = [_SECTION_HEADER.unpack_from(library, section_offset + i * entry_size)
                for i in range(count)]
    for _, kind, _, _, offset, size, link, _, _, sym_size in sections:
        if kind != 11:  # SHT_DYNSYM
            continue
        strings_offset = sections[link][4]
        for at in range(offset, offset + size, sym_size):
            name_at, _, _, section_index, value, _ = _SYMBOL.unpack_from(library, at)
            end = library.index(b"\0", strings_offset + name_at)
            if library[strings_offset + name_at:end].decode() != symbol:
                continue
            _, _, _, address, file_offset, _, _, _, _, _ = sections[section_index]
            start = file_offset + value - address
            header_size, magic1, magic2 = struct.unpack_from("<HBB", library, start)
            if (magic1, magic2) != (0xDA, 0x27) or library[start + 12:start + 16] != b"CmnD":
                raise ValueError(f"{symbol} is not ICU common data")
            return library[start:start + header_size]
    raise ValueError(f"no symbol {symbol}")


def build_icu_data_stub(original: Path, out_dir: Path) -> Path | None:
    """Write the empty stand-in for ``original`` (``libicudata.so.NN``) into ``out_dir``.

    Returns its path, or None (with the reason printed) when it cannot be built, in which case
    the caller keeps the real library.
    """
    version = icu_data_version(original.name)
    if version is None:
        raise ValueError(f"{original.name} is not ICU's data library")
    assembler, linker = shutil.which("as"), shutil.which("ld")
    if not assembler or not linker:
        print(f"icu_stub: no binutils assembler/linker: keeping the real {original.name}")
        return None
    symbol = f"icudt{version}_dat"
    blob = _data_header(original.read_bytes(), symbol) + struct.pack("<II", 0, 0)  # 0 items
    lines = [".section .rodata", f".globl {symbol}", f".type {symbol}, @object", ".balign 16",
             f"{symbol}:"]
    lines += [".byte " + ",".join(map(str, blob[i:i + 16])) for i in range(0, len(blob), 16)]
    lines += [f".size {symbol}, .-{symbol}", '.section .note.GNU-stack,"",@progbits', ""]
    out_dir.mkdir(parents=True, exist_ok=True)
    source, obj = out_dir / "icudata-stub.s", out_dir / "icudata-stub.o"
    stub = out_dir / original.name
    source.write_text("\n".join(lines), encoding="ascii")
    try:
        subprocess.run([assembler, str(source), "-o", str(obj)], check=True, capture_output=True)
        subprocess.run([linker, "-shared", "-soname", original.name, "-o", str(stub), str(obj)],
                       check=True, capture_output=True)
    except subprocess.CalledProcessError as error:
        print(f"icu_stub: building the stand-in failed ({error.stderr.decode().strip()}): "
              f"keeping the real {original.name}")
        return None
    return stub


def replace_icu_data(binaries: list, work: Path) -> list:
    """PyInstaller's binaries list with ICU's data library swapped for the empty stand-in."""
    result = []
    for entry in binaries:
        dest, src, kind = entry
        if kind == "BINARY" and icu_data_version(Path(dest).name):
            stub = build_icu_data_stub(Path(src), work / "icu-stub")
            if stub is not None:
                print(f"icu_stub: {dest} replaced by an empty stand-in "
                      f"({Path(src).stat().st_size / 1e6:.1f} MB -> {stub.stat().st_size} bytes)")
                entry = (dest, str(stub), kind)
        result.append(entry)
    return result
