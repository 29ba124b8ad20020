"""Draw the app icon and write it in every format the installers need.

The drawing is defined once, as SVG text built from plain shapes (no fonts, so it renders the
same everywhere). Qt's SVG renderer rasterises it to the hicolor PNG sizes; the Windows `.ico`
and macOS `.icns` containers are written here byte by byte so no extra tools are needed.

Run from the repository root:  python installers/make_icons.py
Outputs go to assets/icons/ and are committed, so builds do not need to run this.
"""

from __future__ import annotations

import os
import struct
import sys
from pathlib import Path

ICON_NAME = "ginrummy-desktop"
HICOLOR_SIZES = (16, 24, 32, 48, 64, 128, 256, 512)
ICO_SIZES = (16, 24, 32, 48, 64, 128, 256)
# ICO entries up to this size are stored as uncompressed DIBs, which every Windows version and
# NSIS's icon replacer read; larger ones as PNG (Vista+), which keeps the file small.
ICO_LARGEST_DIB = 64
# macOS icon element types that hold PNG data, by pixel size.
ICNS_TYPES = ((b"icp4", 16), (b"icp5", 32), (b"icp6", 64), (b"ic07", 128), (b"ic08", 256),
              (b"ic09", 512), (b"ic10", 1024))

HEART = "M 0,30 C -44,0 -32,-36 0,-14 C 32,-36 44,0 0,30 Z"
SPADE = "M 0,-32 C -44,0 -32,34 0,14 C 32,34 44,0 0,-32 Z M -5,8 L -14,34 L 14,34 L 5,8 Z"


def _card(x: float, y: float, angle: float, pip_path: str, colour: str) -> str:
    """One playing card with a large centre pip and two small corner pips."""
    cx, cy = x + 52, y + 74
    return f"""
  <g transform="rotate({angle} {cx} {cy})">
    <rect x="{x + 3}" y="{y + 5}" width="104" height="148" rx="12" fill="#000" opacity="0.28"/>
    <rect x="{x}" y="{y}" width="104" height="148" rx="12" fill="#fdfcf7"
          stroke="#3a3a3a" stroke-width="3"/>
    <path d="{pip_path}" fill="{colour}" transform="translate({cx} {cy}) scale(0.9)"/>
    <path d="{pip_path}" fill="{colour}" transform="translate({x + 18} {y + 22}) scale(0.28)"/>
    <path d="{pip_path}" fill="{colour}"
          transform="translate({x + 86} {y + 126}) rotate(180) scale(0.28)"/>
  </g>"""


def icon_svg() -> str:
    """The icon as a self-contained SVG document on a 256x256 canvas."""
    return f"""<?xml version="1.0" encoding="UTF-8"?>
<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256" viewBox="0 0 256 256">
  <title>Gin Rummy Desktop</title>
  <defs>
    <linearGradient id="felt" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#2f9a5d"/>
      <stop offset="1" stop-color="#145a32"/>
    </linearGradient>
  </defs>
  <rect x="8" y="8" width="240" height="240" rx="48" fill="url(#felt)"
        stroke="#0c3d21" stroke-width="4"/>
  <ellipse cx="128" cy="214" rx="86" ry="14" fill="#0c3d21" opacity="0.35"/>{
    _card(40, 46, -14, SPADE, "#1d1d1d")}{
    _card(110, 50, 12, HEART, "#c8102e")}
</svg>
"""


def render_png(svg: bytes, size: int) -> bytes:
    """Rasterise ``svg`` to a square PNG of ``size`` pixels with Qt's SVG renderer."""
    from PySide6.QtCore import QBuffer, QByteArray, QIODevice
    from PySide6.QtGui import QImage, QPainter
    from PySide6.QtSvg import QSvgRenderer

    renderer = QSvgRenderer(QByteArray(svg))
    if not renderer.isValid():
        raise ValueError("the icon SVG did not parse")
    image = QImage(size, size, QImage.Format.Format_ARGB32)
    image.fill(0)
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    renderer.render(painter)
    painter.end()
    buffer = QBuffer()
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    image.save(buffer, "PNG")
    return bytes(buffer.data())


def _dib_from_png(png: bytes) -> bytes:
    """A 32-bit bottom-up DIB with an all-opaque AND mask, as an ICO entry wants it."""
    from PySide6.QtGui import QImage

    image = QImage.fromData(png, "PNG").convertToFormat(QImage.Format.Format_ARGB32)
    width, height = image.width(), image.height()
    header = struct.pack("<IiiHHIIiiII", 40, width, height * 2, 1, 32, 0, 0, 0, 0, 0, 0)
    rows = []
    for y in range(height - 1, -1, -1):  # DIB rows run bottom to top
        # Format_ARGB32 is stored as native-endian 0xAARRGGBB, i.e. B,G,R,A bytes on x86/ARM.
        line = image.constBits()[y * image.bytesPerLine(): y * image.bytesPerLine() + width * 4]
        rows.append(bytes(line))
    mask_row = b"\x00" * (((width + 31) // 32) * 4)  # alpha carries transparency; mask unused
    return header + b"".join(rows) + mask_row * height


def ico_bytes(pngs: dict[int, bytes]) -> bytes:
    """Pack square images into a Windows .ico file."""
    images = [(size, _dib_from_png(pngs[size]) if size <= ICO_LARGEST_DIB else pngs[size])
              for size in ICO_SIZES]
    out = struct.pack("<HHH", 0, 1, len(images))
    offset = 6 + 16 * len(images)
    for size, data in images:
        dim = 0 if size >= 256 else size  # 0 means 256 in the directory entry
        out += struct.pack("<BBBBHHII", dim, dim, 0, 0, 1, 32, len(data), offset)
        offset += len(data)
    return out + b"".join(data for _size, data in images)


def icns_bytes(pngs: dict[int, bytes]) -> bytes:
    """Pack PNG images into a macOS .icns file (each element: type, length, PNG data)."""
    body = b"".join(kind + struct.pack(">I", 8 + len(pngs[size])) + pngs[size]
                    for kind, size in ICNS_TYPES)
    return b"icns" + struct.pack(">I", 8 + len(body)) + body


def write_icons(out_dir: Path) -> list[Path]:
    """Write the SVG, hicolor PNGs, .ico and .icns into ``out_dir``; return the paths."""
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtGui import QGuiApplication

    _app = QGuiApplication.instance() or QGuiApplication(sys.argv[:1])  # noqa: F841 (keep alive)
    out_dir.mkdir(parents=True, exist_ok=True)
    svg = icon_svg().encode()
    written = [out_dir / f"{ICON_NAME}.svg"]
    written[0].write_bytes(svg)
    sizes = sorted(set(HICOLOR_SIZES) | set(ICO_SIZES) | {size for _k, size in ICNS_TYPES})
    pngs = {size: render_png(svg, size) for size in sizes}
    for size in HICOLOR_SIZES:
        path = out_dir / f"{ICON_NAME}-{size}.png"
        path.write_bytes(pngs[size])
        written.append(path)
    for name, data in ((f"{ICON_NAME}.ico", ico_bytes(pngs)),
                       (f"{ICON_NAME}.icns", icns_bytes(pngs))):
        (out_dir / name).write_bytes(data)
        written.append(out_dir / name)
    return written


def main() -> int:
    root = Path(__file__).resolve().parents[1]
    for path in write_icons(root / "assets" / "icons"):
        print(f"wrote {path.relative_to(root)} ({path.stat().st_size} bytes)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
