"""Plug-in bots in their own process: whatever a bot does ends in its forfeit, with the reason.

Every run goes through ``ginrummy_desktop.sim.main`` (or ``python3 -m ginrummy_desktop.sim``)
with ``--json``, so each test also shows that the report stays valid JSON and the run goes on.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

from ginrummy_desktop.engine import bot_process, runner
from ginrummy_desktop.engine.records_check import check_records_file
from ginrummy_desktop.sim import main

ROOT = Path(__file__).resolve().parent.parent
HOSTILE = "tests.hostile_bots"


def sim_json(capsys, *args: str) -> dict:
    code = main(["gin", *args, "--json"])
    out = capsys.readouterr().out
    assert code == 0
    return json.loads(out)


def forfeits_of(report: dict, player: int) -> list[str]:
    spec = report["players"][player]["spec"]
    return [f["reason"] for f in report["forfeits"] if f["player"] == spec]


@pytest.mark.parametrize(
    ("bot", "reason"),
    [
        ("Raises", "raised RuntimeError: my brain hurts"),
        ("ReturnsGarbage", "returned something that is not a legal action (not an Action: dict)"),
        ("ReturnsIllegal", "returned an illegal action gin"),
        ("ExitsHard", "its process exited with status 3"),
        ("RaisesSystemExit", "raised SystemExit: bye"),
        ("RaisesKeyboardInterrupt", "raised KeyboardInterrupt"),
        ("RaisesUnprintable", "raised _Unprintable: (its message could not be shown)"),
        ("ReturnsLookalike", "not an Action: _AlwaysEqual"),
        # Actions cannot be rewritten any more (they are tuples): the attempt itself fails.
        ("TampersLegalAction", "raised AttributeError"),
        ("Hangs", "took longer than 0.5 s to decide"),
        ("Crashes", "its process was killed by SIGSEGV"),
        ("Unbuildable", "could not be constructed: OSError: no model file"),
        ("NoChoose", "has no choose(observation) method"),
    ],
)
def test_a_misbehaving_plugin_forfeits_every_match_and_the_run_goes_on(capsys, bot, reason):
    report = sim_json(capsys, "--players", "greedy", f"{HOSTILE}:{bot}", "--matches", "2",
                      "--time-limit", "0.5")
    assert report["matches"] == 2
    reasons = forfeits_of(report, 1)
    assert len(reasons) == 2 and all(reason in r for r in reasons), reasons
    assert report["players"][0]["match_wins"] == 2


def test_a_plugin_cannot_find_the_engine_in_its_process(capsys) -> None:
    report = sim_json(capsys, "--players", f"{HOSTILE}:Snoops", "greedy", "--matches", "1")
    assert report["forfeits"] == [] and report["players"][0]["decisions"] > 0
    trusted = sim_json(capsys, "--players", f"{HOSTILE}:Snoops", "greedy", "--matches", "1",
                       "--in-process")
    assert "found the engine" in forfeits_of(trusted, 0)[0]  # why --in-process is opt-in


def run_sim(*args: str, timeout: float = 300) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.run(
        [sys.executable, "-m", "ginrummy_desktop.sim", *args], cwd=ROOT, env=env,
        capture_output=True, text=True, timeout=timeout, check=False,
    )


def test_a_tampered_legal_action_in_process_is_a_forfeit_not_exit_2() -> None:
    # In a fresh process: tampering in-process changes the engine's own objects for good.
    done = run_sim("gin", "--players", "greedy", f"{HOSTILE}:TampersLegalAction",
                   "--matches", "2", "--in-process", "--json")
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout)
    assert len(forfeits_of(report, 1)) == 2
    assert report["players"][1]["gins"] == 0


@pytest.mark.parametrize("bot", ["RaisesKeyboardInterrupt", "RaisesUnprintable",
                                 "ReturnsLookalike"])
def test_in_process_plugins_that_raise_odd_things_still_only_forfeit(capsys, bot) -> None:
    report = sim_json(capsys, "--players", f"{HOSTILE}:{bot}", "greedy", "--in-process",
                      "--matches", "2")
    assert len(forfeits_of(report, 0)) == 2


def test_a_bots_prints_go_to_its_log_which_stays_bounded(capsys, tmp_path) -> None:
    logs = tmp_path / "logs"
    report = sim_json(capsys, "--players", f"{HOSTILE}:FloodsOutput", "greedy",
                      "--matches", "1", "--bot-logs", str(logs))
    assert report["forfeits"] == [] and report["players"][0]["decisions"] > 10
    log = Path(report["players"][0]["log"])
    assert log.parent == logs
    assert bot_process.LOG_LIMIT_BYTES < log.stat().st_size < bot_process.LOG_LIMIT_BYTES + 4096
    assert "log limit reached" in log.read_text(errors="replace")


def write_script(tmp_path: Path, name: str, body: str) -> str:
    path = tmp_path / name
    path.write_text(body)
    return f"cmd:{sys.executable} {path}"


HELLO = (
    "import json, sys\n"
    "def send(m):\n"
    "    sys.stdout.write(json.dumps(m) + '\\n'); sys.stdout.flush()\n"
    "line = sys.stdin.readline()\n"
)


@pytest.mark.parametrize(
    ("body", "reason"),
    [
        (HELLO + "sys.stdout.write('z' * 5_000_000); sys.stdout.flush(); sys.stdin.read()\n",
         "broke the bot protocol: wrote more than 1048576 bytes without a newline"),
        (HELLO + "print('hello there, runner'); sys.stdout.flush(); sys.stdin.read()\n",
         "wrote a line that is not a protocol message"),
        (HELLO + "send({'type': 'hello', 'protocol': 'ginrummy-bot', 'version': 99})\n"
         "sys.stdin.read()\n", "speaks protocol version 99"),
        (HELLO + "send({'type': 'hello', 'protocol': 'ginrummy-bot', 'version': 1})\n"
         "for line in sys.stdin:\n"
         "    m = json.loads(line)\n"
         "    if m['type'] == 'new_match': send({'type': 'ready'})\n"
         "    if m['type'] == 'observation':\n"
         "        send({'type': 'action', 'action': {'kind': 'discard', 'card': '10H'}})\n",
         "sent an invalid action: action.card: '10H' is not a card"),
        (HELLO + "import os; os._exit(0)\n", "its process exited with status 0"),
    ],
)
def test_a_program_that_breaks_the_protocol_forfeits(capsys, tmp_path, body, reason) -> None:
    bot = write_script(tmp_path, "bot.py", body)
    report = sim_json(capsys, "--players", bot, "greedy", "--matches", "2")
    reasons = forfeits_of(report, 0)
    assert len(reasons) == 2 and all(reason in r for r in reasons), reasons


def test_a_bot_that_never_says_hello_is_killed_after_the_startup_limit(
        capsys, tmp_path, monkeypatch) -> None:
    monkeypatch.setattr(bot_process, "STARTUP_SECONDS", 0.5)
    bot = write_script(tmp_path, "mute.py", "import time\ntime.sleep(3600)\n")
    report = sim_json(capsys, "--players", "greedy", bot, "--matches", "2", "--time-limit", "0.2")
    reasons = forfeits_of(report, 1)
    assert len(reasons) == 2 and all("did not answer hello within 0.5 s" in r for r in reasons)


def test_a_module_with_a_syntax_error_or_os_exit_at_import_forfeits(
        capsys, tmp_path, monkeypatch) -> None:
    (tmp_path / "broken_syntax.py").write_text("class Bot:\n    def choose(self, o)\n")
    (tmp_path / "exits_on_import.py").write_text("import os\nos._exit(4)\n")
    monkeypatch.chdir(tmp_path)
    report = sim_json(capsys, "--players", "broken_syntax:Bot", "exits_on_import:Bot",
                      "--matches", "1")
    assert report["matches"] == 1
    reason = report["forfeits"][0]["reason"]
    assert "could not be loaded: SyntaxError" in reason or "exited with status 4" in reason


def test_the_javascript_example_plays_through_the_command_line() -> None:
    if shutil.which("node") is None:
        pytest.skip("node is not installed")
    done = run_sim("gin", "--players", "cmd:node examples/gin_bot.js", "greedy",
                   "--matches", "3", "--seed", "2", "--json")
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout)
    bot = report["players"][0]
    assert report["forfeits"] == [] and bot["decisions"] > 30
    assert bot["hand_wins"] > 0
    assert "match 0 over" in Path(bot["log"]).read_text()


@pytest.mark.parametrize(("game", "bot", "rules"), [
    ("gin", "examples.gin_bot:CarefulBot", []),
    ("cribbage", "ginrummy_desktop.engine.cribbage.bots.simple:CarefulBot",
     ["--rules", "muggins"]),
])
def test_plugin_and_in_process_runs_give_the_same_games(capsys, tmp_path, game, bot, rules):
    """The process boundary changes nothing but time: same seed, same records."""
    records = []
    for flags in ([], ["--in-process"]):
        path = tmp_path / f"run{len(records)}.jsonl"
        assert main([game, "--players", bot, "greedy", "--matches", "2", "--seed", "5",
                     "--records", str(path), "--json", *rules, *flags]) == 0
        report = json.loads(capsys.readouterr().out)
        assert report["forfeits"] == [] and report["players"][0]["decisions"] > 20
        records.append(path.read_text())
        assert check_records_file(path).ok
    assert records[0] == records[1]


@pytest.mark.parametrize(
    ("player", "message"),
    [
        ("tests.hostile_bots:NoSuchBot", "has no attribute 'NoSuchBot'"),
        ("no_such_module:Bot", "no module named 'no_such_module'"),
        ("cmd:no-such-program-here --x", "program 'no-such-program-here' not found"),
        ("cmd:", "is empty"),
        ("not a bot:Class", "expected 'package.module:Class'"),
    ],
)
def test_a_plugin_that_does_not_exist_is_a_usage_error(capsys, player, message) -> None:
    assert main(["gin", "--players", "greedy", player]) == 2
    err = capsys.readouterr().err
    assert message in err and len(err.strip().splitlines()) == 1


def test_no_bot_process_outlives_the_run(capsys, tmp_path) -> None:
    pid_file = tmp_path / "pid"
    bot = write_script(tmp_path, "bot.py", HELLO + (
        f"open({str(pid_file)!r}, 'w').write(str(__import__('os').getpid()))\n"
        "send({'type': 'hello', 'protocol': 'ginrummy-bot', 'version': 1})\n"
        "import signal; signal.signal(signal.SIGTERM, signal.SIG_IGN)\n"
        "for line in sys.stdin:\n"
        "    m = json.loads(line)\n"
        "    if m['type'] == 'new_match': send({'type': 'ready'})\n"
        "    if m['type'] == 'observation': send({'type': 'action', "
        "'action': m['observation']['legal_actions'][0]})\n"
        "import time; time.sleep(3600)\n"  # ignores bye
    ))
    report = sim_json(capsys, "--players", bot, "greedy", "--matches", "1")
    assert report["forfeits"] == []
    pid = int(pid_file.read_text())
    with pytest.raises(ProcessLookupError):
        os.kill(pid, 0)


@pytest.mark.parametrize("flags", [[], ["--in-process"], ["--json"]])
def test_odd_error_text_is_shown_on_one_line_in_every_output(flags) -> None:
    done = run_sim("gin", "--players", f"{HOSTILE}:RaisesOddText", "greedy", *flags)
    assert done.returncode == 0, done.stderr
    if "--json" in flags:
        reason = json.loads(done.stdout)["forfeits"][0]["reason"]
    else:
        reason = next(line for line in done.stdout.splitlines() if "forfeit:" in line)
    assert "first line second ? line" in reason and len(reason) < 500


def test_default_logs_go_to_one_folder_per_run_and_old_runs_are_pruned(
        capsys, tmp_path, monkeypatch) -> None:
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    root = tmp_path / runner.LOG_ROOT_NAME
    root.mkdir()
    for day in range(25):  # older runs' folders, named by their start time
        (root / f"200001{day + 1:02d}-000000-x").mkdir()
    report = sim_json(capsys, "--players", "examples.gin_bot:CarefulBot", "greedy")
    log = Path(report["players"][0]["log"])
    assert log.parent.parent == root and log.is_file()
    kept = sorted(p.name for p in root.iterdir())
    assert len(kept) == runner.KEEP_LOG_RUNS and kept[-1] == log.parent.name
    assert "20000101-000000-x" not in kept
