"""The web client's first load: bytes transferred and time to interactive, in headless Chromium.

A server from `ginrummy-server init` + `up` on loopback (ejabberd serves the client, as in
production; tests/web_browser.py starts it), then ``--runs`` cold loads of its address, each in a
fresh browser profile (nothing cached), in the 390x844 phone viewport. For each load it reads the
browser's own Resource Timing: every file fetched before the sign-in form takes input, its bytes
on the wire, and the time from navigation start to the app's ``ginrummy-interactive`` mark (set
when the sign-in form is drawn and focused). It prints the medians, and what the same files weigh
gzipped (-9: what a server or proxy that compresses would send; ejabberd's file server does not).
The card faces (cards/*.svg) load later, with the first table, and are listed apart.

Goal (issue 40): under 300 KB gzipped for the whole client, interactive under 1 s on loopback.

    python3 benchmarks/web_load.py [--runs 5]
"""

from __future__ import annotations

import argparse
import gzip
import statistics
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from tests.web_browser import chromium, running_server, wait_for  # noqa: E402

CLIENT = REPO / "ginrummy_desktop" / "online" / "web_client"


def one_load(url: str) -> tuple[float, list[tuple[str, int]]]:
    driver = chromium()
    try:
        driver.get(url)
        wait_for(lambda: driver.execute_script(
            "return performance.getEntriesByName('ginrummy-interactive').length"), 30,
            "the sign-in form")
        interactive = driver.execute_script(
            "return performance.getEntriesByName('ginrummy-interactive')[0].startTime")
        files = driver.execute_script("""
            const nav = performance.getEntriesByType('navigation')[0];
            return [[new URL(nav.name).pathname, nav.transferSize]].concat(
              performance.getEntriesByType('resource').map(
                r => [new URL(r.name).pathname, r.transferSize]))""")
        return float(interactive), [(name, int(size)) for name, size in files]
    finally:
        driver.quit()


def gzipped(path: str) -> int:
    local = CLIENT / (path.lstrip("/") or "index.html")
    if not local.is_file():
        return 0
    return len(gzip.compress(local.read_bytes(), 9))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args(argv)
    with running_server() as server:
        loads = [one_load(server.url) for _ in range(args.runs)]
    times = [time for time, _ in loads]
    largest: dict[str, int] = {}
    for name, size in loads[-1][1]:  # a file fetched twice (the second from cache) once
        largest[name] = max(size, largest.get(name, 0))
    files = list(largest.items())
    wire = sum(size for _, size in files)
    packed = sum(gzipped(name) for name, _ in files if not name.endswith("config.json"))
    cards = sorted((CLIENT / "cards").glob("*.svg"))
    cards_packed = sum(len(gzip.compress(card.read_bytes(), 9)) for card in cards)
    print(f"runs: {args.runs} cold loads, headless Chromium, 390x844 phone viewport, loopback")
    print("first load, files fetched before the sign-in form takes input:")
    for name, size in files:
        print(f"  {name:28} {size:8,d} B on the wire  {gzipped(name):8,d} B gzipped")
    print(f"  total                        {wire:8,d} B on the wire  {packed:8,d} B gzipped")
    print(f"time to interactive: median {statistics.median(times):.0f} ms "
          f"(min {min(times):.0f}, max {max(times):.0f})")
    print(f"card faces (loaded with the first table): {len(cards)} files, "
          f"{sum(c.stat().st_size for c in cards):,d} B, {cards_packed:,d} B gzipped")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
