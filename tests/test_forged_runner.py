"""Issue 45, item 7: the runner's loose ends. A bot's grandchild that left its process group is
stopped with the run; a SIGTERMed runner leaves no temp file beside the records; ``--rule
target=61`` works and a bad target names only what the user typed."""

from __future__ import annotations

import json
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from ginrummy_desktop.sim import main

ROOT = Path(__file__).resolve().parent.parent
pytestmark = pytest.mark.skipif(not Path("/proc/self/environ").exists(),
                                reason="the runner finds escaped processes through /proc")

BOT = '''
import json, os, sys, time
PIDS, PAUSE = sys.argv[1], float(sys.argv[2])
for line in sys.stdin:
    message = json.loads(line)
    kind = message["type"]
    if kind == "hello":
        if os.fork() == 0:  # a grandchild that leaves the bot's process group
            os.setsid()
            if os.fork() == 0:
                with open(PIDS, "a") as out:
                    out.write(f"{os.getpid()}\\n")
                time.sleep(300)
            os._exit(0)
        answer = {"type": "hello", "protocol": "ginrummy-bot", "version": 1}
    elif kind == "new_match":
        answer = {"type": "ready"}
    elif kind == "observation":
        time.sleep(PAUSE)
        answer = {"type": "action", "action": message["observation"]["legal_actions"][0]}
    else:
        continue
    print(json.dumps(answer), flush=True)
'''


def _bot(tmp_path: Path, pause: float) -> tuple[str, Path]:
    script, pids = tmp_path / "escaping_bot.py", tmp_path / "escaped.pids"
    script.write_text(BOT)
    return f"cmd:{sys.executable} {script} {pids} {pause}", pids


def _alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except (OSError, IndexError):
        return False
    return state != "Z"  # a zombie has ended; only its parent's wait is missing


def _wait_for(condition, limit: float = 30.0) -> bool:
    """Poll ``condition`` (not a timing assertion: a bound so a failure cannot hang)."""
    end = time.monotonic() + limit
    while time.monotonic() < end:
        if condition():
            return True
        time.sleep(0.05)
    return condition()


def test_a_bots_grandchild_that_called_setsid_is_stopped_with_the_run(tmp_path: Path,
                                                                      capsys) -> None:
    bot, pids = _bot(tmp_path, 0.0)
    assert main(["gin", "--players", bot, "greedy", "--matches", "2",
                 "--bot-logs", str(tmp_path / "logs")]) == 0
    escaped = [int(line) for line in pids.read_text().split()]
    assert escaped, "the bot started its grandchild"
    assert _wait_for(lambda: not any(_alive(pid) for pid in escaped))


def test_a_sigtermed_run_leaves_the_old_records_and_no_temp_file(tmp_path: Path) -> None:
    bot, pids = _bot(tmp_path, 0.05)
    records = tmp_path / "records.jsonl"
    records.write_text("the old records\n")
    runner = subprocess.Popen(
        [sys.executable, "-m", "ginrummy_desktop.sim", "gin", "--players", bot, "greedy",
         "--matches", "500", "--records", str(records), "--bot-logs", str(tmp_path / "logs")],
        cwd=ROOT, stderr=subprocess.PIPE, text=True)
    try:
        assert _wait_for(lambda: pids.exists() and list(tmp_path.glob(".records.jsonl.*")))
        runner.send_signal(signal.SIGTERM)
        _out, err = runner.communicate(timeout=60)
    finally:
        if runner.poll() is None:
            runner.kill()
    assert runner.returncode == 143 and "terminated" in err
    assert records.read_text() == "the old records\n"
    assert not list(tmp_path.glob(".records.jsonl.*"))
    escaped = [int(line) for line in pids.read_text().split()]
    assert _wait_for(lambda: not any(_alive(pid) for pid in escaped))


def test_target_61_is_the_short_game_and_a_bad_target_names_the_users_option(capsys) -> None:
    assert main(["cribbage", "--players", "greedy", "greedy", "--rule", "target=61",
                 "--json", "--seed", "1"]) == 0
    rules = json.loads(capsys.readouterr().out)["rules"]
    assert (rules["target"], rules["skunk_line"]) == (61, 30)
    assert main(["cribbage", "--players", "greedy", "greedy", "--rule", "target=80"]) == 2
    error = capsys.readouterr().err
    assert "target=80" in error and "--rule skunk_line=" in error
    assert "double skunk <= skunk < target" not in error

