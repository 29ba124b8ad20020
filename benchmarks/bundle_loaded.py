"""What the packaged app loads: which bundle files it maps, and how much of each it touches.

Starts the one-folder bundle's ``--self-test`` (offscreen, a throwaway home) and samples its
``/proc/PID/smaps`` every few milliseconds until it exits, keeping for every file of the bundle
the most of it ever resident (pages the process actually touched). Prints the bundle's size,
the size of the files it mapped, the resident total, the largest files with their resident
part, and the files never mapped. Linux only. (Python modules live inside the executable's
archive, so they count as the executable.)

    python benchmarks/bundle_loaded.py dist/ginrummy-desktop/ginrummy-desktop
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path


def resident_by_file(pid: int, root: str) -> dict[str, int]:
    """Resident kB of each file under ``root`` mapped by ``pid`` (all its mappings summed)."""
    sizes: dict[str, int] = {}
    current = None
    try:
        with open(f"/proc/{pid}/smaps", encoding="utf-8", errors="replace") as smaps:
            for line in smaps:
                fields = line.split()
                if not fields:
                    continue
                if "-" in fields[0] and len(fields) >= 6:
                    current = os.path.realpath(fields[-1]) if fields[-1].startswith(root) else None
                elif fields[0] == "Rss:" and current is not None:
                    sizes[current] = sizes.get(current, 0) + int(fields[1])
    except (FileNotFoundError, ProcessLookupError, PermissionError):
        pass  # the process ended between two samples
    return sizes


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("executable", type=Path, help="the bundle's ginrummy-desktop")
    parser.add_argument("--interval", type=float, default=0.005, help="seconds between samples")
    parser.add_argument("--top", type=int, default=15)
    args = parser.parse_args(argv)
    root = os.path.realpath(args.executable.parent)
    files = {os.path.realpath(p): p.stat().st_size for p in Path(root).rglob("*")
             if p.is_file() and not p.is_symlink()}
    with tempfile.TemporaryDirectory(prefix="bundle-loaded-") as home:
        env = dict(os.environ, HOME=home, GINRUMMY_DESKTOP_HOME=home,
                   QT_QPA_PLATFORM=os.environ.get("QT_QPA_PLATFORM", "offscreen"))
        child = subprocess.Popen([str(args.executable), "--self-test"], env=env,
                                 stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        peak: dict[str, int] = {}
        while child.poll() is None:
            for path, kb in resident_by_file(child.pid, root).items():
                peak[path] = max(peak.get(path, 0), kb)
            time.sleep(args.interval)
        output = child.stdout.read() if child.stdout else ""
    print(output.strip().splitlines()[-1] if output.strip() else "(no output)")
    if child.returncode:
        print(output)
        return 1
    mapped = {path: files[path] for path in peak if path in files}
    total = sum(files.values())
    print(f"bundle: {len(files)} files, {total / 1e6:.1f} MB")
    print(f"mapped by the self-test: {len(mapped)} files, {sum(mapped.values()) / 1e6:.1f} MB; "
          f"resident at most {sum(peak[p] for p in mapped) / 1e3:.1f} MB")
    print("\nlargest mapped files (resident / size):")
    for path in sorted(mapped, key=mapped.get, reverse=True)[:args.top]:
        print(f"  {peak[path] / 1e3:8.1f} MB / {mapped[path] / 1e6:7.1f} MB  "
              f"{os.path.relpath(path, root)}")
    unmapped = {path: size for path, size in files.items() if path not in mapped}
    print(f"\nnever mapped: {len(unmapped)} files, {sum(unmapped.values()) / 1e6:.1f} MB "
          "(data files the app reads are opened, not mapped; most of these are the xcb "
          "platform's libraries, sound, SVG and input-method plug-ins the offscreen self-test "
          "does not need)")
    for path in sorted(unmapped, key=unmapped.get, reverse=True)[:args.top]:
        print(f"  {unmapped[path] / 1e6:7.2f} MB  {os.path.relpath(path, root)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
