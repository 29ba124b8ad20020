"""Real processes: SIGKILL in the middle of a save, a killed lock holder, concurrent writers."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from ginrummy_desktop.storage import Autosave, SettingsStore, StatsDatabase, figures

pytestmark = pytest.mark.skipif(os.name != "posix", reason="uses SIGKILL")

REPO = Path(__file__).resolve().parents[1]


def _child(code: str, *args: str, **kwargs) -> subprocess.Popen:
    env = {**os.environ, "PYTHONPATH": f"{REPO}{os.pathsep}{REPO / 'tests'}"}
    return subprocess.Popen(
        [sys.executable, "-c", textwrap.dedent(code), *args], env=env, text=True,
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, **kwargs,
    )


# The child saves once, then kills itself from inside the next save: after the temp file is
# written but before it is synced and renamed over the real file.
KILL_DURING_FSYNC = """
import os, signal
def die(fd):
    os.kill(os.getpid(), signal.SIGKILL)
"""


def test_kill_during_settings_save_keeps_previous_settings(tmp_path):
    path = tmp_path / "settings.json"
    child = _child(KILL_DURING_FSYNC + """
import sys
from pathlib import Path
from ginrummy_desktop.storage import SettingsStore
store = SettingsStore(Path(sys.argv[1]))
store.update(card_size="large")
os.fsync = die
store.update(card_size="small")
""", str(path))
    child.communicate()
    assert child.returncode == -signal.SIGKILL
    store = SettingsStore(path)
    assert store.settings.card_size == "large"
    assert store.notices.take() == []


def test_kill_during_autosave_keeps_previous_position(tmp_path):
    path, lock = tmp_path / "autosave.json", tmp_path / "autosave.lock"
    child = _child(KILL_DURING_FSYNC + """
import sys
from pathlib import Path
from ginrummy_desktop.storage import Autosave
save = Autosave(Path(sys.argv[1]), Path(sys.argv[2]))
assert save.acquire()
save.save({"move": 1})
os.fsync = die
save.save({"move": 2})
""", str(path), str(lock))
    child.communicate()
    assert child.returncode == -signal.SIGKILL
    save = Autosave(path, lock)
    assert save.acquire()  # the dead holder's lock is gone
    assert save.load() == {"move": 1}
    assert save.notices.take() == []


def test_kill_at_an_arbitrary_moment_of_continuous_autosaving(tmp_path):
    path, lock = tmp_path / "autosave.json", tmp_path / "autosave.lock"
    child = _child("""
import sys
from pathlib import Path
from ginrummy_desktop.storage import Autosave
save = Autosave(Path(sys.argv[1]), Path(sys.argv[2]))
assert save.acquire()
move = 0
while True:
    move += 1
    save.save({"move": move, "padding": "x" * 5000})
    if move == 3:
        print("saving", flush=True)
""", str(path), str(lock))
    assert child.stdout.readline() == "saving\n"
    child.send_signal(signal.SIGKILL)
    child.wait()
    child.stdout.close()
    child.stdin.close()
    save = Autosave(path, lock)
    assert save.acquire()
    state = save.load()
    assert state["move"] >= 3 and state["padding"] == "x" * 5000
    assert save.notices.take() == []


def test_kill_in_the_middle_of_a_database_write_keeps_earlier_matches(tmp_path):
    path = tmp_path / "statistics.sqlite3"
    child = _child("""
import os, signal, sys
from pathlib import Path
from storage_fixtures import gin_hand, gin_record, match
from ginrummy_desktop.storage import StatsDatabase
db = StatsDatabase(Path(sys.argv[1]))
hand = gin_hand("player", 25, 0, "gin", "player", record=gin_record())
db.record_match(match("gin", "win", 100, 0, [hand]), "player")
def die(*args):
    os.kill(os.getpid(), signal.SIGKILL)
StatsDatabase._insert_record = staticmethod(die)  # after the match row, before its hands
db.record_match(match("gin", "loss", 0, 100, [hand]), "player")
""", str(path))
    child.communicate()
    assert child.returncode == -signal.SIGKILL
    database = StatsDatabase(path)
    try:
        assert database.notices.take() == []
        [row] = database.history("player")
        assert row.result == "win" and row.hands == 1
    finally:
        database.close()


def test_killed_lock_holder_releases_the_autosave(tmp_path):
    path, lock = tmp_path / "autosave.json", tmp_path / "autosave.lock"
    child = _child("""
import sys
from pathlib import Path
from ginrummy_desktop.storage import Autosave
save = Autosave(Path(sys.argv[1]), Path(sys.argv[2]))
assert save.acquire()
print("locked", flush=True)
sys.stdin.readline()
""", str(path), str(lock))
    assert child.stdout.readline() == "locked\n"
    mine = Autosave(path, lock)
    assert not mine.acquire()
    child.send_signal(signal.SIGKILL)
    child.wait()
    child.stdout.close()
    child.stdin.close()
    assert mine.acquire()


WRITER = """
import sys
from pathlib import Path
from storage_fixtures import gin_hand, match
from ginrummy_desktop.storage import StatsDatabase
db = StatsDatabase(Path(sys.argv[1]))
print("ready", flush=True)
sys.stdin.readline()
for number in range(int(sys.argv[2])):
    hands = [gin_hand("player", number, 0, "knock", "player"),
             gin_hand("opponent", 0, 1, "gin", "opponent")]
    db.record_match(match("gin", "win", number, 1, hands, day=number), sys.argv[3])
db.close()
"""


def test_two_processes_writing_statistics_at_once_lose_nothing(tmp_path):
    path = tmp_path / "statistics.sqlite3"
    per_writer = 60
    writers = [_child(WRITER, str(path), str(per_writer), "player") for _ in range(2)]
    for writer in writers:
        assert writer.stdout.readline() == "ready\n"
    for writer in writers:  # release both at once so their transactions interleave
        writer.stdin.write("go\n")
        writer.stdin.flush()
    for writer in writers:
        writer.communicate()
        assert writer.returncode == 0
    database = StatsDatabase(path)
    try:
        f = figures(database, "player")
        assert f.matches_played == 2 * per_writer
        assert f.hands_played == 4 * per_writer
        assert f.points_for == 2 * sum(range(per_writer))
        assert f.points_against == 2 * per_writer
    finally:
        database.close()
