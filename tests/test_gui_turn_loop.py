"""The shared turn loop at both tables: a failing opponent never stalls the game, and no bot
call (decision, hint, advisor, count) ever runs on the GUI thread, at any speed."""

from __future__ import annotations

import threading

import pytest

from ginrummy_desktop.engine.actions import Action
from ginrummy_desktop.engine.cribbage import CribbageMatch, CribbageRules
from ginrummy_desktop.engine.cribbage.bots import BUILTIN_BOTS as CRIBBAGE_BOTS
from ginrummy_desktop.engine.gin.bots import BUILTIN_BOTS as GIN_BOTS
from ginrummy_desktop.gui.cribbage import controller as cribbage_controller
from ginrummy_desktop.gui.cribbage.table import CribbageTable
from ginrummy_desktop.gui.gin import opponents as gin_opponents
from ginrummy_desktop.gui.gin.controller import BOT, HUMAN, MatchSetup
from ginrummy_desktop.gui.table.animation import SPEEDS
from ginrummy_desktop.gui.table.background import Background
from tests.gui_helpers import open_gin_window, settle
from tests.test_gui_cribbage_table import DEAL, NEXT_DEAL

GUI_THREAD = threading.main_thread().ident


class Raises:
    def choose(self, observation) -> Action:
        raise RuntimeError("the bot broke")


class Hangs:
    """Never answers until the test ends (``release``)."""

    def __init__(self) -> None:
        self.release = threading.Event()

    def choose(self, observation) -> Action:
        self.release.wait(30)
        return observation.legal_actions[-1]


class Illegal:
    def choose(self, observation) -> Action:
        return Action("no such move")


FAILURES = {"raises": (Raises, "RuntimeError: the bot broke"),
            "hangs": (Hangs, "no answer within 0.3 s"),
            "illegal": (Illegal, "illegal action (no such move)")}


class Recording:
    """Wraps an agent and notes the thread of every call."""

    def __init__(self, agent, threads: list[int | None]) -> None:
        self.agent = agent
        self.threads = threads

    def choose(self, observation) -> Action:
        self.threads.append(threading.get_ident())
        return self.agent.choose(observation)


def recording(function, threads: list[int | None]):
    def wrapper(*args, **kwargs):
        threads.append(threading.get_ident())
        return function(*args, **kwargs)
    return wrapper


@pytest.fixture
def gin_window(qtbot):
    yield from open_gin_window(qtbot)


def gin_bots_turn(screen, qtbot) -> None:
    """Play the person's moves (greedy stand-in) until the opponent's decision is due."""
    controller = screen.controller
    stand_in = GIN_BOTS["greedy"]()
    while controller.session.to_move() != BOT:
        controller.play(stand_in.choose(controller.session.observation(HUMAN)))


@pytest.mark.parametrize("failure", list(FAILURES))
def test_gin_table_goes_on_when_the_opponent_fails(gin_window, qtbot, failure):
    agent_class, reason = FAILURES[failure]
    agent = agent_class()
    screen = gin_window.gin_screen
    controller = screen.controller
    screen.new_match(MatchSetup(opponent="greedy", seed=5))
    settle(qtbot, controller)
    seat = controller.loop.seats[BOT]
    seat.agent, seat.time_limit_ms = agent, 300
    gin_bots_turn(screen, qtbot)
    moves = len(controller.session.hand_records()), controller.view().stock_size, \
        len(controller.view().discard_pile), controller.view().to_move
    qtbot.waitUntil(lambda: controller.view().to_move == HUMAN or controller.reveal is not None,
                    timeout=10_000)
    view = controller.view()
    assert (len(controller.session.hand_records()), view.stock_size, len(view.discard_pile),
            view.to_move) != moves
    assert screen.status.kind == "warning"
    assert controller.opponent_name in screen.status.message
    assert reason in screen.status.message and "first legal move" in screen.status.message
    if isinstance(agent, Hangs):
        agent.release.set()
    Background.wait_all()


def cribbage_table(qtbot, opponent, rules: CribbageRules | None = None,
                   match: CribbageMatch | None = None, speed: str = "instant") -> CribbageTable:
    match = match or CribbageMatch(first_dealer=1, decks=[DEAL, NEXT_DEAL],
                                   rules=rules or CribbageRules())
    table = CribbageTable(match=match, opponent=opponent, speed=speed)
    qtbot.addWidget(table)
    table.resize(1180, 760)
    table.show()
    qtbot.waitExposed(table)
    return table


@pytest.mark.parametrize("failure", list(FAILURES))
def test_cribbage_table_goes_on_when_the_opponent_fails(qtbot, failure):
    agent_class, reason = FAILURES[failure]
    agent = agent_class()
    table = cribbage_table(qtbot, agent)
    table.controller.loop.seats[1].time_limit_ms = 300
    controller = table.controller
    for card in list(table.display.hand)[:2]:
        controller.toggle_discard(card)
    controller.send_discard()
    # The opponent (the dealer) must lay away two cards; it fails, its first legal discard is
    # played, the starter is cut and the person (the pone) leads. Before, cribbage stalled.
    qtbot.waitUntil(lambda: controller.stage == "play" and table.display.your_turn,
                    timeout=10_000)
    assert controller.match.observation(1).own_discards
    assert table.status.kind == "warning"
    assert "Computer failed to move" in table.status.message
    assert reason in table.status.message and "first legal move" in table.status.message
    if isinstance(agent, Hangs):
        agent.release.set()
    controller.stop()
    Background.wait_all()


@pytest.mark.parametrize("speed", list(SPEEDS))
def test_no_gin_bot_call_on_the_gui_thread(gin_window, qtbot, monkeypatch, speed):
    threads: list[int | None] = []
    monkeypatch.setattr(gin_opponents, "hint", recording(gin_opponents.hint, threads))
    gin_window.set_speed(speed)
    screen = gin_window.gin_screen
    controller = screen.controller
    screen.new_match(MatchSetup(opponent="greedy", seed=9))
    seat = controller.loop.seats[BOT]
    seat.agent = Recording(seat.agent, threads)
    stand_in = GIN_BOTS["greedy"]()
    for _ in range(4):  # four of the person's turns, each answered by the opponent
        qtbot.waitUntil(lambda: controller.view().to_move == HUMAN
                        and not controller.thinking, timeout=20_000)
        if controller.reveal is not None:
            break
        controller.request_hint()
        qtbot.waitUntil(lambda: not controller.background.busy, timeout=20_000)
        controller.play(stand_in.choose(controller.session.observation(HUMAN)))
    qtbot.waitUntil(lambda: not controller.thinking, timeout=20_000)
    assert len(threads) >= 6  # hints and opponent decisions were both made
    assert GUI_THREAD not in threads


class CountingRecorder:
    """An expert that records its thread, for the play, the counts and the muggins claims."""

    def __init__(self, threads: list[int | None]) -> None:
        self.agent = CRIBBAGE_BOTS["expert"](seed=3)
        self.threads = threads
        self.phases: list[str] = []

    def choose(self, observation) -> Action:
        self.threads.append(threading.get_ident())
        self.phases.append(observation.phase)
        return self.agent.choose(observation)


@pytest.mark.parametrize("speed", list(SPEEDS))
def test_no_cribbage_bot_call_on_the_gui_thread(qtbot, monkeypatch, speed):
    from ginrummy_desktop.engine.cribbage import advisor

    threads: list[int | None] = []
    monkeypatch.setattr(advisor, "discard_table", recording(advisor.discard_table, threads))
    monkeypatch.setattr(cribbage_controller, "suggested_play",
                        recording(cribbage_controller.suggested_play, threads))
    opponent = CountingRecorder(threads)
    table = cribbage_table(qtbot, opponent, rules=CribbageRules(muggins=True), speed=speed)
    controller = table.controller
    controller.toggle_hint()  # the discard advisor
    qtbot.waitUntil(lambda: table.hint_panel.isVisible(), timeout=20_000)
    for card in list(table.display.hand)[:2]:
        controller.toggle_discard(card)
    controller.send_discard()
    qtbot.waitUntil(lambda: controller.stage == "play" and table.display.your_turn,
                    timeout=20_000)
    controller.toggle_hint()  # the expert's play
    qtbot.waitUntil(lambda: table.status.kind == "hint", timeout=20_000)
    # Play the hand out (skipping animations) until the show asks for the person's count:
    # with muggins the opponent counts its own hand and may claim, off the GUI thread too.
    for _ in range(40):
        qtbot.waitUntil(lambda: controller.waiting_for_human and not controller.loop.thinking
                        and (controller.stage != "play" or bool(table.display.playable)),
                        timeout=20_000)  # an automatic "go" for the person is paced too
        if controller.stage != "play":
            break
        controller.skip_animations()
        controller.play_card(sorted(table.display.playable)[0])
    controller.skip_animations()
    qtbot.waitUntil(lambda: table.display.ask_count, timeout=20_000)
    controller.submit_count(0)  # under-count: the opponent may take them (muggins)
    qtbot.waitUntil(lambda: "count" in opponent.phases and "muggins" in opponent.phases,
                    timeout=30_000)
    controller.stop()
    assert {"discard", "play"} <= set(opponent.phases)
    assert len(threads) >= 6
    assert GUI_THREAD not in threads
