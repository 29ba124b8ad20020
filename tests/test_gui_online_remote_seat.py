"""A remote person fills a seat as a bot does: the same GinController and TurnLoop drive the
referee's match. No server here: the referee's own ``LiveTable`` makes the states, and the test
carries them to the table pane, so the order of events can be chosen."""

from __future__ import annotations

from ginrummy_desktop.engine.wire import action_from_wire
from ginrummy_desktop.gui.online.table_pane import TablePane
from ginrummy_desktop.gui.table.seats import RemotePlayer
from ginrummy_desktop.online.table import LiveTable


class Referee:
    """The referee's table, its events for ``me`` delivered when the test says."""

    def __init__(self, pane: TablePane, me: int = 1) -> None:
        self.table = LiveTable("t0000", "gin", {"clock": 60, "target": 100},
                               ["host", "guest"], rated=True)
        self.me, self.pane, self.held = me, pane, []
        self.sent: list[tuple[dict, int]] = []
        pane.move_wanted.connect(lambda _table, action, seq: self.sent.append((action, seq)))
        self._hold(self.table.start())

    def _hold(self, events) -> None:
        self.held += [e for e in events if e.seat in (None, self.me)]

    def deliver(self) -> None:
        held, self.held = self.held, []
        for event in held:
            self.pane.on_event(event.kind, event.data)

    def play(self, seat: int, action) -> None:
        _records, events = self.table.apply(seat, action)
        self._hold(events)

    def opponent_moves(self, count: int) -> list:
        """The opponent (seat 0) plays ``count`` moves of its own choosing, held."""
        from ginrummy_desktop.engine.gin.bots import BUILTIN_BOTS
        bot, played = BUILTIN_BOTS["greedy"](seed=3), []
        for _ in range(count):
            assert self.table.to_move() == 0
            action = bot.choose(self.table.match.observation(0))
            self.play(0, action)
            played.append(action.kind)
        return played


def _pane(qtbot) -> tuple[TablePane, Referee]:
    pane = TablePane("guest", "instant")
    qtbot.addWidget(pane)
    referee = Referee(pane)
    first = next(e for e in referee.held if e.kind == "state")
    referee.held.remove(first)
    pane.start(first.data)
    referee.deliver()
    return pane, referee


def _to_the_persons_turn(qtbot, pane, referee) -> None:
    while referee.table.to_move() == 0:
        referee.opponent_moves(1)
        referee.deliver()
    # Generous: each remote move lands through the event loop, and CI's cores may be busy.
    qtbot.waitUntil(lambda: pane.controller.view().to_move == 0 and not pane.controller.thinking,
                    timeout=20_000)


def _to_a_draw(qtbot, pane, referee) -> None:
    """Past the upcard (the person passes when offered it): the person to draw."""
    for _ in range(6):
        _to_the_persons_turn(qtbot, pane, referee)
        if any(a.kind == "draw_stock" for a in pane.controller.view().legal_actions):
            return
        assert pane.controller.pass_upcard()
        referee.play(1, action_from_wire(referee.sent[-1][0]))
        referee.deliver()
    raise AssertionError("no draw came")


def test_the_opponent_seat_holds_a_remote_player_and_moves_show_one_by_one(qtbot):
    pane, referee = _pane(qtbot)
    controller = pane.controller
    assert isinstance(controller.loop.seats[1], RemotePlayer)
    assert controller.loop.seats[1].name == "host"
    assert not controller.setup.hints  # a rated table
    seen: list[tuple[int, str]] = []
    controller.action_applied.connect(lambda seat, action: seen.append((seat, action.kind)))
    _to_a_draw(qtbot, pane, referee)
    seen.clear()
    sent = len(referee.sent)

    # The person draws: sent, not played, until the referee's state confirms it.
    hand_before = list(controller.view().hand)
    assert controller.draw_stock()
    assert len(referee.sent) == sent + 1 and controller.loop.submitting
    assert list(controller.view().hand) == hand_before and seen == []
    # A second move before the answer is refused in words; nothing more is sent.
    assert not controller.draw_discard()
    assert "on its way" in pane.status.text()
    assert len(referee.sent) == sent + 1
    action, seq = referee.sent[-1]
    assert seq == referee.table.seq
    referee.play(1, action_from_wire(action))
    referee.deliver()
    assert seen == [(0, "draw_stock")] and len(controller.view().hand) == 11
    assert not controller.loop.submitting

    # The discard, then the opponent's two moves arrive at once: shown in turn, in order.
    discard = next(a for a in controller.view().legal_actions if a.kind == "discard")
    assert controller.discard(discard.card)
    referee.play(1, action_from_wire(referee.sent[-1][0]))
    kinds = referee.opponent_moves(2)  # the person's discard and these two arrive together
    referee.deliver()
    qtbot.waitUntil(lambda: len(seen) == 4)
    assert seen[1:] == [(0, "discard"), (1, kinds[0]), (1, kinds[1])]
    discarded = referee.table.match.observation(1).discard_pile[-1]
    assert controller.view().discard_pile[-1] == discarded
    assert pane.remote.seq == referee.table.seq


def test_a_move_the_referee_refuses_changes_nothing_and_says_why(qtbot):
    pane, referee = _pane(qtbot)
    controller = pane.controller
    _to_a_draw(qtbot, pane, referee)
    sent = len(referee.sent)
    hand_before = list(controller.view().hand)
    assert controller.draw_stock()
    pane.move_refused("stale move: the table is at event 9, not 8")
    assert "Stale move" in pane.status.text()
    assert not controller.loop.submitting and list(controller.view().hand) == hand_before
    # The person may try again at once.
    assert controller.draw_stock() and len(referee.sent) == sent + 2
