"""Start-up time, memory and package sizes, from source and for the packaged app.

    python benchmarks/startup.py                          # from source only
    python benchmarks/startup.py --bundle dist/ginrummy-desktop/ginrummy-desktop --dist dist
    python benchmarks/startup.py ... --update-docs        # rewrite docs/performance.md block
    python benchmarks/startup.py --vs kpat --rounds 9     # window mapped: ours vs KPat (X11)

Time to first paint: from just before the process is started until the start-up probe
(installers/pyi_rth_startup_probe.py; a runtime hook in the bundle, loaded with runpy from
source) reports that the first window has painted. The app runs with its real code path
(``ginrummy_desktop.app.main``), a fresh data folder and the offscreen Qt platform unless
--platform says otherwise. Memory while playing: peak resident size of ``--self-test``, which
opens the main window with a match dealt and renders each game's table. Budgets (issue 8):
first paint 1.0 s from source, 1.5 s packaged; under 200 MB resident; bundle under 120 MB,
.deb and .tar.gz under 50 MB.

``--vs kpat`` times another way, the same for both programs: from process start until its main
window is mapped and viewable on an X server (Xvfb started for the run unless ``--display``
names one), polled with ``xwininfo``; ours from source on the real ``xcb`` platform. Both get
one private D-Bus session bus unless one is set (a desktop has one; KPat stops without). The two
start alternately, round after round (one warm-up each first), so both see the same load.
Ours runs with the probe in its reporting mode, so each round also gives its first paint on
``xcb`` ("ours first painted"). From source, compiled modules are kept between launches in a
private cache (``--bytecode cached``, the default: an installed app runs from bytecode compiled
at install) or every module is compiled at every launch (``--bytecode source``).
"""

from __future__ import annotations

import argparse
import os
import platform
import re
import selectors
import statistics
import subprocess
import sys
import tempfile
import textwrap
import threading
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PROBE = ROOT / "installers" / "pyi_rth_startup_probe.py"
DOC = ROOT / "docs" / "performance.md"
BOOT_FROM_SOURCE = ("import runpy, sys; runpy.run_path(sys.argv.pop(1)); "
                    "from ginrummy_desktop.app import main; sys.exit(main(sys.argv[1:]))")
PROBE_LINE = re.compile(r"GINRUMMY_STARTUP_PROBE first_paint rss_kb=(-?\d+)")
BUDGET_SECONDS = {"source": 1.0, "packaged": 1.5}
BUDGET_RSS_MB = 200
BUDGET_BUNDLE_MB = 120
BUDGET_PACKAGE_MB = 50


@dataclass
class Launch:
    seconds: float
    rss_mb: float


def launch_until_first_paint(command: list[str], env: dict[str, str],
                             timeout: float = 60.0) -> Launch:
    """Start ``command`` with the probe on; return when it reports its first paint."""
    started = time.perf_counter()
    process = subprocess.Popen(command, env=env, cwd=ROOT, stdout=subprocess.DEVNULL,
                               stderr=subprocess.PIPE, text=True)
    assert process.stderr is not None
    selector = selectors.DefaultSelector()
    selector.register(process.stderr, selectors.EVENT_READ)
    seen: list[str] = []
    try:
        while time.perf_counter() - started < timeout:
            if not selector.select(timeout=1.0):
                continue
            line = process.stderr.readline()
            if not line:
                break  # the process ended without painting
            seen.append(line)
            match = PROBE_LINE.search(line)
            if match:
                elapsed = time.perf_counter() - started
                process.wait(timeout=timeout)
                return Launch(elapsed, int(match.group(1)) / 1024)
        raise RuntimeError("no first paint reported; the app said:\n" + "".join(seen[-20:]))
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()


def self_test_peak_rss_mb(command: list[str], env: dict[str, str],
                          timeout: float = 300.0) -> float:
    """Peak resident size of one ``--self-test`` run (main window + every game's table)."""
    process = subprocess.Popen([*command, "--self-test"], env=env, cwd=ROOT,
                               stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    guard = threading.Timer(timeout, process.kill)  # a hung app must not hang the benchmark
    guard.start()
    try:
        _pid, status, usage = os.wait4(process.pid, 0)
    finally:
        guard.cancel()
    process.returncode = os.waitstatus_to_exitcode(status)
    output = process.stdout.read() if process.stdout else ""
    if process.returncode != 0:
        raise RuntimeError(f"--self-test failed:\n{output}")
    return usage.ru_maxrss / 1024  # KiB on Linux


def measure(label: str, command: list[str], runs: int, qt_platform: str,
            bytecode: str = "cached") -> dict[str, float]:
    with tempfile.TemporaryDirectory(prefix="ginrummy-startup-") as home:
        env = dict(os.environ, GINRUMMY_STARTUP_PROBE="exit", QT_QPA_PLATFORM=qt_platform,
                   GINRUMMY_DESKTOP_HOME=str(Path(home) / "data"))
        if label == "source":
            env = with_bytecode(env, bytecode, Path(home) / "pycache")
        launches = [launch_until_first_paint(command, env) for _ in range(runs + 1)]
        env.pop("GINRUMMY_STARTUP_PROBE")
        peak = self_test_peak_rss_mb(command, env)
    first, warm = launches[0], launches[1:]
    times = [launch.seconds for launch in warm]
    result = {
        "first_run_s": first.seconds,
        "median_s": statistics.median(times),
        "max_s": max(times),
        "rss_at_first_paint_mb": statistics.median(launch.rss_mb for launch in warm),
        "self_test_peak_rss_mb": peak,
    }
    print(f"{label}: first paint median {result['median_s']:.3f} s, max {result['max_s']:.3f} s "
          f"over {runs} runs (first run {result['first_run_s']:.3f} s; budget "
          f"{BUDGET_SECONDS[label]} s); resident at first paint "
          f"{result['rss_at_first_paint_mb']:.0f} MB, peak while playing (self-test) "
          f"{result['self_test_peak_rss_mb']:.0f} MB (budget {BUDGET_RSS_MB} MB)", flush=True)
    return result


# -- window mapped: ours against another card game ---------------------------------------------

RIVALS = {"kpat": (["/usr/games/kpat"], "KPatience")}
OURS_TITLE = "Gin Rummy Desktop"


def start_xvfb() -> tuple[subprocess.Popen, str]:
    """A private X server; returns it and its DISPLAY."""
    read, write = os.pipe()
    # -noreset: between two launches the server has no client, and a resetting server
    # refuses the next launch's connection now and then.
    server = subprocess.Popen(["Xvfb", "-displayfd", str(write), "-screen", "0", "1280x800x24",
                               "-noreset", "-nolisten", "tcp"], pass_fds=(write,),
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    os.close(write)
    with os.fdopen(read) as pipe:
        number = pipe.readline().strip()
    if not number:
        server.kill()
        raise RuntimeError("Xvfb did not start")
    return server, f":{number}"


def start_session_bus() -> tuple[subprocess.Popen, str]:
    """A private D-Bus session bus; returns it and its address. KPat (a KDE application)
    exits, or crashes, without one, and a desktop always has one."""
    bus = subprocess.Popen(["dbus-daemon", "--session", "--nofork", "--print-address"],
                           stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    assert bus.stdout is not None
    address = bus.stdout.readline().strip()
    if not address:
        bus.kill()
        raise RuntimeError("dbus-daemon did not start")
    return bus, address


def viewable_window(title: str, env: dict[str, str]) -> bool:
    """True once a window named ``title`` (bigger than 1x1) is mapped and viewable."""
    tree = subprocess.run(["xwininfo", "-root", "-tree"], env=env, capture_output=True,
                          text=True).stdout
    for line in tree.splitlines():
        parts = line.split()
        if f'"{title}"' in line and parts and parts[0].startswith("0x") \
                and not re.search(r"\s1x1\+", line):
            info = subprocess.run(["xwininfo", "-id", parts[0]], env=env, capture_output=True,
                                  text=True).stdout
            if "IsViewable" in info:
                return True
    return False


def time_to_mapped(command: list[str], title: str, env: dict[str, str],
                   timeout: float = 60.0, cwd: Path = ROOT) -> tuple[float, float | None]:
    """Seconds until ``title`` is viewable, and (for ours, which runs the start-up probe in
    its reporting mode) until its first paint has been flushed; None for a program without
    the probe."""
    started = time.perf_counter()
    probed = bool(env.get("GINRUMMY_STARTUP_PROBE"))
    process = subprocess.Popen(command, env=env, cwd=cwd, stdout=subprocess.DEVNULL,
                               stderr=subprocess.PIPE if probed else subprocess.DEVNULL,
                               text=True)
    painted: list[float] = []
    said: list[str] = []  # the app's last words, for the error if it ends early
    if probed:
        def read_probe() -> None:
            assert process.stderr is not None
            for line in process.stderr:
                said[:] = [*said[-19:], line]
                if not painted and PROBE_LINE.search(line):
                    painted.append(time.perf_counter() - started)
        reader = threading.Thread(target=read_probe, daemon=True)
        reader.start()
    try:
        while time.perf_counter() - started < timeout:
            if viewable_window(title, env):
                mapped = time.perf_counter() - started
                while probed and not painted and time.perf_counter() - started < timeout:
                    if process.poll() is not None:
                        raise RuntimeError(f"{command[0]} ended before its first paint")
                    time.sleep(0.005)
                return mapped, (painted[0] if painted else None)
            if process.poll() is not None:
                time.sleep(0.1)  # the reader takes the last lines
                raise RuntimeError(f"{command[0]} ended before its window was mapped"
                                   + (": " + "".join(said) if said else ""))
        raise RuntimeError(f"{command[0]}: no window {title!r} within {timeout} s")
    finally:
        process.terminate()
        try:
            process.wait(10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


def versus(rival: str, rounds: int, display: str | None, bytecode: str = "cached",
           before: Path | None = None) -> dict[str, list[float]]:
    """Interleaved launches of ours (from source, xcb) and ``rival``; seconds to mapped (and
    ours to first paint, "ours painted"). ``before``: a source tree of an earlier commit of
    ours, started in the same rounds ("before", "before painted")."""
    command, title = RIVALS[rival]
    if not Path(command[0]).exists():
        raise RuntimeError(f"{rival} is not installed ({command[0]}); on Debian: "
                           f"apt-get install -y {rival}")
    server = bus = None
    if display is None:
        server, display = start_xvfb()
    try:
        base = dict(os.environ, DISPLAY=display, QT_QPA_PLATFORM="xcb")
        if not base.get("DBUS_SESSION_BUS_ADDRESS"):
            bus, base["DBUS_SESSION_BUS_ADDRESS"] = start_session_bus()
        with tempfile.TemporaryDirectory(prefix="ginrummy-vs-") as home:
            base["XDG_RUNTIME_DIR"] = home
            ours_env = with_bytecode(dict(base, GINRUMMY_DESKTOP_HOME=str(Path(home) / "ours"),
                                          GINRUMMY_STARTUP_PROBE="report"),
                                     bytecode, Path(home) / "pycache")
            returning_player(Path(home) / "ours")
            rival_env = dict(base, HOME=str(Path(home) / rival))
            Path(rival_env["HOME"]).mkdir()
            ours_command = [sys.executable, "-c", BOOT_FROM_SOURCE, str(PROBE)]
            times: dict[str, list[float]] = {"ours": [], "ours painted": [], rival: []}
            programs = [("ours", ours_command, OURS_TITLE, ours_env, ROOT),
                        (rival, command, title, rival_env, ROOT)]
            if before is not None:
                before_env = with_bytecode(
                    dict(ours_env, GINRUMMY_DESKTOP_HOME=str(Path(home) / "before")),
                    bytecode, Path(home) / "pycache-before")
                returning_player(Path(home) / "before")
                programs.append(("before", ours_command, OURS_TITLE, before_env, before))
                times.update({"before": [], "before painted": []})
            for round_number in range(rounds + 1):  # round 0 warms each up, not counted
                turn = round_number % len(programs)
                order = programs[turn:] + programs[:turn]  # none always goes first
                if round_number % 2:
                    order.reverse()
                for name, argv, window, env, cwd in order:
                    seconds, painted = time_to_mapped(argv, window, env, cwd=cwd)
                    if round_number:
                        times[name].append(seconds)
                        if painted is not None:
                            times[f"{name} painted"].append(painted)
            return times
    finally:
        for process in (bus, server):
            if process is not None:
                process.terminate()
                process.wait(10)


def returning_player(home: Path) -> None:
    """Settings of someone who has played before: the app deals at once (no welcome)."""
    from ginrummy_desktop.storage import open_storage

    store = open_storage(home)
    store.settings.update(player_name="Ann", default_opponent={"gin": "expert"})
    store.close()


def report_versus(rival: str, times: dict[str, list[float]]) -> None:
    ours, theirs = statistics.median(times["ours"]), statistics.median(times[rival])
    painted = times["ours painted"]
    print(f"window mapped, median of {len(times['ours'])} interleaved rounds: ours "
          f"{ours:.3f} s (min {min(times['ours']):.3f}, max {max(times['ours']):.3f}), "
          f"{rival} {theirs:.3f} s (min {min(times[rival]):.3f}, max {max(times[rival]):.3f}); "
          f"ratio ours/{rival} {ours / theirs:.2f}; ours first painted (xcb) "
          f"{statistics.median(painted):.3f} s (max {max(painted):.3f})", flush=True)
    if times.get("before"):
        earlier = statistics.median(times["before"])
        print(f"before (same rounds): mapped {earlier:.3f} s (min {min(times['before']):.3f}, "
              f"max {max(times['before']):.3f}), ratio before/{rival} {earlier / theirs:.2f}; "
              f"first painted (xcb) {statistics.median(times['before painted']):.3f} s",
              flush=True)


def with_bytecode(env: dict[str, str], bytecode: str, cache: Path) -> dict[str, str]:
    """``env`` for running ours from source: "cached" keeps compiled modules in ``cache``
    (the warm-up run fills it), as an installed app has them (pip and the bundle compile at
    install); "source" compiles every module of ours at every launch
    (PYTHONDONTWRITEBYTECODE, a checkout without __pycache__)."""
    env = dict(env)
    if bytecode == "source":
        env["PYTHONDONTWRITEBYTECODE"] = "1"
        env.pop("PYTHONPYCACHEPREFIX", None)
    else:
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        env["PYTHONPYCACHEPREFIX"] = str(cache)
    return env


def package_sizes(dist: Path) -> dict[str, float]:
    sizes: dict[str, float] = {}
    bundle = dist / "ginrummy-desktop"
    if bundle.is_dir():
        sizes["bundle"] = sum(p.stat().st_size for p in bundle.rglob("*")
                              if p.is_file() and not p.is_symlink()) / 1e6
    for pattern, name in (("ginrummy-desktop_*.deb", ".deb"), ("ginrummy-desktop-*.tar.gz",
                                                               ".tar.gz")):
        found = sorted(dist.glob(pattern))
        if found:
            sizes[name] = found[-1].stat().st_size / 1e6
    for name, size in sizes.items():
        budget = BUDGET_BUNDLE_MB if name == "bundle" else BUDGET_PACKAGE_MB
        print(f"{name}: {size:.1f} MB (budget {budget} MB)")
    return sizes


def machine_note(qt_platform: str) -> str:
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    return (f"{platform.system()} {platform.machine()}, {os.cpu_count()} cores, Python "
            f"{platform.python_version()}, Qt platform `{qt_platform}`, load average "
            f"{load:.1f} at the time")


def docs_block(results: dict[str, dict[str, float]], sizes: dict[str, float], runs: int,
               note: str) -> str:
    lines = [
        textwrap.fill(
            "Measured with `python benchmarks/startup.py --bundle dist/ginrummy-desktop/"
            "ginrummy-desktop --dist dist --update-docs` on " + note + ". Time to first paint "
            "runs from process start to the first painted window; median of "
            f"{runs} runs after one warm-up run (the warm-up run in brackets).", width=100),
        "",
        "| Measure | From source | Packaged (one-folder) | Budget |",
        "|---|---|---|---|",
    ]

    def cell(kind: str, key: str, unit: str, digits: int) -> str:
        if kind not in results:
            return "not measured"
        text = f"{results[kind][key]:.{digits}f} {unit}"
        if key == "median_s":
            text += f" ({results[kind]['first_run_s']:.{digits}f} {unit})"
        return text

    lines.append(f"| First window painted | {cell('source', 'median_s', 's', 2)} | "
                 f"{cell('packaged', 'median_s', 's', 2)} | 1.0 s source, 1.5 s packaged |")
    lines.append(f"| Resident memory at first paint | "
                 f"{cell('source', 'rss_at_first_paint_mb', 'MB', 0)} | "
                 f"{cell('packaged', 'rss_at_first_paint_mb', 'MB', 0)} | |")
    lines.append(f"| Peak resident memory while playing (self-test) | "
                 f"{cell('source', 'self_test_peak_rss_mb', 'MB', 0)} | "
                 f"{cell('packaged', 'self_test_peak_rss_mb', 'MB', 0)} | under 200 MB |")
    if sizes:
        lines += ["", "| Package | Size | Budget |", "|---|---|---|"]
        for name, size in sizes.items():
            budget = BUDGET_BUNDLE_MB if name == "bundle" else BUDGET_PACKAGE_MB
            label = "One-folder bundle (Linux)" if name == "bundle" else name
            lines.append(f"| {label} | {size:.1f} MB | under {budget} MB |")
    return "\n".join(lines)


def update_docs(block: str) -> None:
    text = DOC.read_text(encoding="utf-8")
    start, end = "<!-- startup:start -->", "<!-- startup:end -->"
    if start not in text or end not in text:
        raise SystemExit(f"{DOC} has no {start} ... {end} block to update")
    head, rest = text.split(start, 1)
    _old, tail = rest.split(end, 1)
    DOC.write_text(f"{head}{start}\n{block}\n{end}{tail}", encoding="utf-8")
    print(f"updated {DOC.relative_to(ROOT)}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--bundle", type=Path, help="packaged executable to measure too")
    parser.add_argument("--dist", type=Path, help="folder with the bundle, .deb and .tar.gz")
    parser.add_argument("--runs", type=int, default=5, help="timed launches each (default 5)")
    parser.add_argument("--platform", default="offscreen", help="Qt platform (default offscreen)")
    parser.add_argument("--no-source", action="store_true", help="skip the from-source run")
    parser.add_argument("--update-docs", action="store_true",
                        help="write the results into docs/performance.md")
    parser.add_argument("--vs", choices=sorted(RIVALS),
                        help="also time the main window mapped against this program (X11)")
    parser.add_argument("--rounds", type=int, default=9,
                        help="interleaved rounds for --vs (default 9)")
    parser.add_argument("--display", help="X display for --vs (default: a private Xvfb)")
    parser.add_argument("--before", type=Path, metavar="DIR",
                        help="with --vs: a source tree of an earlier commit (git archive ... | "
                             "tar -x -C DIR), started in the same rounds")
    parser.add_argument("--bytecode", choices=("cached", "source"), default="cached",
                        help="from source: compiled modules kept between launches, as an "
                             "installed app has them (default), or compiled at every launch")
    args = parser.parse_args(argv)
    if args.runs < 1:
        parser.error("--runs must be at least 1")
    if args.bundle and not args.bundle.is_file():
        parser.error(f"--bundle {args.bundle} does not exist; build it with "
                     "python -m ginrummy_desktop.build")
    results: dict[str, dict[str, float]] = {}
    try:
        if not args.no_source:
            results["source"] = measure("source", [sys.executable, "-c", BOOT_FROM_SOURCE,
                                                   str(PROBE)], args.runs, args.platform,
                                       args.bytecode)
        if args.bundle:
            results["packaged"] = measure("packaged", [str(args.bundle.resolve())], args.runs,
                                          args.platform)
    except RuntimeError as error:
        print(f"startup benchmark failed: {error}", file=sys.stderr)
        return 1
    if args.vs:
        try:
            report_versus(args.vs, versus(args.vs, args.rounds, args.display, args.bytecode,
                                          args.before.resolve() if args.before else None))
        except (RuntimeError, OSError) as error:
            print(f"startup benchmark (--vs {args.vs}) failed: {error}", file=sys.stderr)
            return 1
    sizes = package_sizes(args.dist) if args.dist else {}
    if args.update_docs:
        update_docs(docs_block(results, sizes, args.runs, machine_note(args.platform)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
