"""Issue 45, item 2: a forged autosave with an impossible state is set aside, named, never offered.

Each forged save is a real, correctly checksummed autosave (what someone editing the file with
the app's own format gets) of a game played for real, with one figure changed into a state no
game reaches. Restoring must fail with a reason, the file must be moved aside and named in the
notice, no second start may offer it again, and the statistics must not change.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtWidgets import QPushButton, QWidget

from ginrummy_desktop.engine.cribbage import CribbageMatch
from ginrummy_desktop.engine.cribbage.bots import BUILTIN_BOTS as CRIBBAGE_BOTS
from ginrummy_desktop.engine.cribbage.rules import CribbageRules
from ginrummy_desktop.engine.gin.bots import BUILTIN_BOTS as GIN_BOTS
from ginrummy_desktop.engine.gin.match import GinMatch
from ginrummy_desktop.engine.gin.rules import GIN_PRESETS
from ginrummy_desktop.gui.shell.persistence import _restore_state
from ginrummy_desktop.storage import Storage


def _played(session: Any, bots: list[Any], until: Callable[[Any], bool]) -> Any:
    while not until(session):
        seat = session.to_move()
        session.apply(seat, bots[seat].choose(session.observation(seat)))
    return session


def gin_state(preset: str = "classic", hands: int = 2) -> dict[str, Any]:
    rules = GIN_PRESETS[preset]
    match = GinMatch(rules, seed=11)
    bots = [GIN_BOTS["greedy"](seed=seat) for seat in range(rules.players)]
    _played(match, bots, lambda m: len(m.records) >= hands and m.hand.actions)
    return {"game": "gin", "match": match.snapshot(), "hand_order": [],
            "opponent": "greedy", "preset": preset,
            "others": ["greedy"] * (rules.players - 2), "practice": False, "undo_used": False}


def cribbage_state(phase: str | None = None, **rules: Any) -> dict[str, Any]:
    match = CribbageMatch(seed=5, rules=CribbageRules(**rules))
    bots = [CRIBBAGE_BOTS["greedy"](seed=seat) for seat in range(2)]
    if phase is None:
        _played(match, bots, lambda m: m.hand_number >= 3 and m.phase == "play")
    else:
        _played(match, bots, lambda m: m.phase == phase)
    return {"game": "cribbage", "match": match.snapshot(), "opponent": "greedy"}


def _set(path: str, value: Any) -> Callable[[dict[str, Any]], None]:
    def change(state: dict[str, Any]) -> None:
        *parents, last = path.split(".")
        node = state
        for key in parents:
            node = node[int(key)] if isinstance(node, list) else node[key]
        node[int(last) if isinstance(node, list) else last] = value
    return change


def _six_copies(state: dict[str, Any]) -> None:
    hand = state["match"]["hands"][0].split()
    state["match"]["hands"][0] = " ".join([hand[0]] * len(hand))


def _forged_record_score(state: dict[str, Any]) -> None:
    state["match"]["records"][0]["scores"] = [99, 0]


FORGERIES: dict[str, tuple[Callable[[], dict[str, Any]], Callable[[dict[str, Any]], None]]] = {
    "gin: three players' scores for two": (gin_state, _set("match.scores", [10, 20, 30])),
    "gin: partnership rules for three players": (
        lambda: gin_state("three-player"),
        _set("match.rules", GIN_PRESETS["partnership"].to_dict())),
    "gin: seat 5 to move": (gin_state, _set("match.hand.seats", [5, 0])),
    "gin: a score no hand gave": (gin_state, _set("match.scores", [95, 0])),
    "gin: a finished hand that fails verify": (gin_state, _forged_record_score),
    "gin: an unknown dealer": (gin_state, _set("match.dealer", 7)),
    "gin: three players' match saved with one opponent": (
        lambda: gin_state("three-player"), _set("others", [])),
    "gin: a hand order that repeats a card": (gin_state, _set("hand_order", ["AS"] * 10)),
    "cribbage: dealer 5": (cribbage_state, _set("match.dealer", 5)),
    "cribbage: show step 9": (lambda: cribbage_state("count", muggins=True),
                              _set("match.show_step", 9)),
    "cribbage: six copies of a card": (cribbage_state, _six_copies),
    "cribbage: an empty cut pack": (lambda: cribbage_state("deal_cut", player_cuts=True),
                                    _set("match.cut_pack", "")),
    "cribbage: to_move 2": (cribbage_state, _set("match.to_move", 2)),
    "cribbage: to_move None": (cribbage_state, _set("match.to_move", None)),
    "cribbage: 209 to 7": (cribbage_state, _set("match.scores", [209, 7])),
    "cribbage: over at 209 to 7": (cribbage_state, lambda state: (
        _set("match.scores", [209, 7])(state), _set("match.phase", "over")(state),
        _set("match.winner", 0)(state))),
}


@pytest.fixture
def storage(tmp_path):
    opened = Storage(tmp_path)
    yield opened
    opened.close()


@pytest.mark.parametrize("game", ["gin", "cribbage"])
def test_an_honest_save_still_resumes(storage, game: str) -> None:
    state = gin_state() if game == "gin" else cribbage_state()
    autosave = storage.autosave()
    assert autosave.acquire()
    autosave.save(state)
    restored = autosave.load(_restore_state)
    assert restored is not None and restored[0] == game
    assert restored[1].snapshot() == state["match"]
    assert storage.notices.take() == []


@pytest.mark.parametrize("case", sorted(FORGERIES))
def test_a_forged_save_is_set_aside_and_named_and_never_offered_again(
        storage, tmp_path, case: str) -> None:
    make, forge = FORGERIES[case]
    state = make()
    forged = copy.deepcopy(state)
    forge(forged)
    assert forged != state
    history_before = storage.database.history(storage.profile)
    autosave = storage.autosave()
    assert autosave.acquire()
    autosave.save(forged)

    assert autosave.load(_restore_state) is None
    notices = [notice.message for notice in storage.notices.take()]
    moved = list(autosave.path.parent.glob(autosave.path.name + ".invalid-*"))
    assert len(moved) == 1 and not autosave.exists()
    assert len(notices) == 1 and "could not be resumed" in notices[0]
    assert str(moved[0]) in notices[0]  # the set-aside file is named
    # The next start finds nothing to offer, and a new match can be saved in its place.
    assert autosave.load(_restore_state) is None
    autosave.save(state)
    assert autosave.load(_restore_state) is not None
    assert storage.database.history(storage.profile) == history_before  # statistics unchanged


# ----- the resume question at start (issue 39, defect 10) --------------------------------------
@pytest.mark.parametrize(("game", "label"), [("gin", "Resume"), ("cribbage", "Resume"),
                                             ("gin", "New match")])
def test_plain_felt_waits_behind_the_resume_question_then_the_table_returns(
        qtbot, storage, game: str, label: str) -> None:
    from ginrummy_desktop.gui.shell.main_window import MainWindow
    from ginrummy_desktop.gui.shell.start_offer import WAITING_OBJECT
    from tests.start_offers import answer_start_offer, start_offer

    state = gin_state() if game == "gin" else cribbage_state()
    autosave = storage.autosave()
    assert autosave.acquire()
    autosave.save(state)
    autosave.release()
    window = MainWindow(storage=storage, speed="instant")
    qtbot.addWidget(window)
    window.restore_or_start()
    box = start_offer(qtbot, window)
    # Behind the question: felt only, no empty table with buttons that look ready to play.
    assert window.stack.currentWidget().objectName() == WAITING_OBJECT
    assert not [button for button in window.stack.currentWidget().findChildren(QPushButton)]
    noun = "game" if game == "cribbage" else "match"
    assert box.text().startswith(f"Resume your {noun} against ")
    answer_start_offer(qtbot, window, label)
    shown = window.stack.currentWidget()
    assert shown is (window.cribbage_table if game == "cribbage" else window.gin_screen)
    assert not window.findChildren(QWidget, WAITING_OBJECT) or all(
        not felt.isVisible() for felt in window.findChildren(QWidget, WAITING_OBJECT))
    session = window.controller.session
    if label == "Resume":
        assert session.snapshot() == state["match"]
    else:
        assert session.hand_records() == []
    window.close()


# ----- words when the disk refuses (issue 39, defect 9) ----------------------------------------
def test_a_read_only_disk_is_told_in_plain_words_not_errno(qtbot, storage, monkeypatch) -> None:
    import errno

    from ginrummy_desktop.gui.gin.controller import MatchSetup
    from ginrummy_desktop.gui.shell.main_window import MainWindow
    from ginrummy_desktop.storage.autosave import Autosave

    window = MainWindow(storage=storage, speed="instant")
    qtbot.addWidget(window)
    window.gin_screen.new_match(MatchSetup(opponent="greedy", seed=3))

    def refuse(self, state):
        raise OSError(errno.EROFS, "Read-only file system", str(self.path))
    monkeypatch.setattr(Autosave, "save", refuse)
    window.persistence.save()
    told = window.notifications[-1]
    assert told.startswith("Could not save: the disk or folder it is on can only be read")
    assert "Errno" not in told and str(window.persistence.autosave.path) in told
    window.close()


def test_a_match_record_the_disk_refuses_is_told_in_plain_words(qtbot, storage, tmp_path,
                                                                 monkeypatch) -> None:
    """The record is written on the storage thread, which sends back only text: the plain
    words are found there, while the error is still an OSError."""
    import errno

    from ginrummy_desktop.gui.shell.main_window import MainWindow

    window = MainWindow(storage=storage, speed="instant")
    qtbot.addWidget(window)
    persistence = window.persistence

    def refuse(summary):
        raise OSError(errno.ENOSPC, "No space left on device", str(tmp_path / "records"))
    monkeypatch.setattr(persistence.queries, "record_match", refuse)
    persistence.record_in_background(object())
    assert persistence.jobs.wait(5000)
    told = window.notifications[-1]
    assert told == f"Could not save: the disk is full ({tmp_path / 'records'})"
    window.close()


# ----- through the app's own start ------------------------------------------------------------
START_AND_REPORT = """
import json, sys
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication, QMessageBox
from ginrummy_desktop import app
from ginrummy_desktop.gui.shell.main_window import MainWindow

qt_app = QApplication([])  # before the timers: app.main uses the running instance
seen = {"dialog": None, "window": False}

def poll():
    box = QApplication.activeModalWidget()
    if isinstance(box, QMessageBox) and box.objectName() == "startupProblems":
        seen["dialog"] = box.text() + "\\n" + box.informativeText()
        box.accept()
        return
    for widget in QApplication.topLevelWidgets():
        if isinstance(widget, MainWindow) and widget.isVisible():
            seen["window"] = True
            print(json.dumps(seen), flush=True)
            widget.ask = lambda box: True
            widget.close()

timer = QTimer()
timer.timeout.connect(poll)
timer.start(20)
way_out = QTimer()  # only so that a failure cannot hang the test
way_out.setSingleShot(True)
way_out.timeout.connect(lambda: QApplication.instance().exit(99))
way_out.start(60_000)
sys.exit(app.main([]))
"""


@pytest.mark.parametrize("case", ["gin: three players' scores for two", "cribbage: dealer 5"])
def test_the_app_starts_past_a_forged_save_and_names_it(tmp_path, case: str) -> None:
    """``app.main`` in a child process of its own (a Qt application that quits is not
    started twice in one process), on a data folder holding a forged save."""
    import json
    import os
    import subprocess
    import sys

    from ginrummy_desktop.storage import app_paths

    root = tmp_path / "home"
    make, forge = FORGERIES[case]
    forged = make()
    forge(forged)
    paths = app_paths(root)
    paths.ensure()
    setup = Storage(root)
    setup.database.record_match(match_summary_fixture(), setup.profile)
    history = setup.database.history(setup.profile)
    autosave = setup.autosave()
    assert autosave.acquire()
    autosave.save(forged)
    autosave.release()
    setup.close()

    env = {**os.environ, "GINRUMMY_DESKTOP_HOME": str(root), "QT_QPA_PLATFORM": "offscreen"}
    child = subprocess.run([sys.executable, "-c", START_AND_REPORT], env=env, cwd=Path.cwd(),
                           capture_output=True, text=True, timeout=120, check=False)
    lines = [line for line in child.stdout.splitlines() if line.startswith("{")]
    assert child.returncode == 0 and lines, child.stderr[-2000:]
    seen = json.loads(lines[0])
    moved = list(paths.data_dir.glob("autosave-*.json.invalid-*"))
    assert len(moved) == 1 and seen["window"]  # set aside, and the app went on to its window
    assert "could not be resumed" in seen["dialog"] and str(moved[0]) in seen["dialog"]
    again = Storage(root)
    try:
        assert again.database.history(again.profile) == history  # statistics unchanged
    finally:
        again.close()


def match_summary_fixture():
    from tests.storage_fixtures import gin_hand, match

    return match("gin", "win", 110, 20, [gin_hand("player", 25, 0, "gin", "player")])


def test_an_unexpected_error_does_not_promise_a_save_that_may_be_the_problem(monkeypatch) -> None:
    import sys

    from ginrummy_desktop.applog import install_excepthook

    told: list[str] = []
    monkeypatch.setattr(sys, "excepthook", sys.excepthook)
    install_excepthook(told.append)
    sys.excepthook(IndexError, IndexError("tuple index out of range"), None)
    assert told and "tuple index out of range" in told[0]
    assert "autosaved" not in told[0] and "saved" not in told[0]
