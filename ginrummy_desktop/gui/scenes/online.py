"""Screenshot scenes of the online window, rendered from prepared data with no server:
``online-signin``, ``online-lobby``, ``online-friends``, ``online-chat``, ``online-rankings``
``online-table`` (a rated gin match in progress, played here by bots up to the person's
discard) and ``online-cribbage-table`` (a rated 121-point cribbage game in the pegging)."""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import QWidget

from ginrummy_desktop.engine.translation import tr
from ginrummy_desktop.gui.online.connection import state_text
from ginrummy_desktop.gui.scenes import SCENES, SCREENSHOT_SEED

ME, RIVAL = "sam", "riley"


def _window(tab: str | None = None) -> Any:
    from ginrummy_desktop.gui.online.window import OnlineWindow

    def no_network(*_args: Any) -> Any:
        raise ValueError("screenshots use no server")

    window = OnlineWindow("cards.yourclub.org", no_network, speed="instant")
    if tab is None:
        window.signin.user.setText(ME)
        window.signin.password.setText("not a real password")
        window.signin.remember.setChecked(True)
        return window
    window.stack.setCurrentWidget(window.tabs)
    window.setWindowTitle(tr("Gin Rummy Desktop — Online — {user}").format(user=ME))
    window.state_label.setText(state_text("online"))
    window.messages.me = window.rankings.me = ME
    _fill_lobby(window.lobbies["gin"])
    _fill_friends(window)
    _fill_messages(window)
    _fill_rankings(window)
    window.tabs.setCurrentWidget(getattr(window, tab) if tab != "lobby"
                                 else window.lobbies["gin"])
    return window


def _fill_lobby(lobby: Any) -> None:
    lobby.set_tables([
        {"table": "a1", "host": "riley", "game": "gin", "preset": "classic", "target": 100,
         "rated": True, "clock": 60, "host_rating": 1612.4},
        {"table": "b2", "host": "morgan", "game": "gin", "preset": "oklahoma", "target": 150,
         "rated": True, "clock": 90, "host_rating": 1540.0},
        {"table": "c3", "host": "jo_k", "game": "gin", "preset": "straight", "target": 100,
         "rated": False, "clock": 30, "host_rating": 1475.8},
    ])
    lobby.set_players([("riley", 1612.4), ("morgan", 1540.0), ("jo_k", 1475.8),
                       (ME, 1508.2), ("alex", 1390.5)])
    for nick, text in (("morgan", "anyone up for Oklahoma?"), ("riley", "table open, 60 s"),
                       (ME, "joining in a minute"), ("alex", "gg all")):
        lobby.add_chat(nick, text)
    lobby.set_searching(True)


def _fill_friends(window: Any) -> None:
    for user, available, status in (("riley", True, "playing"), ("morgan", True, ""),
                                    ("alex", True, "away"), ("kim", False, "")):
        window.friends.set_friend(user, available, status)
    window.friends.add_request("jo_k")
    window.friends.friend_list.setCurrentRow(1)


def _fill_messages(window: Any) -> None:
    conversation = window.messages.conversation("riley")
    for sender, text in ((RIVAL, "good game yesterday!"), (ME, "thanks, that last knock hurt"),
                         (RIVAL, "rematch tonight?"), (ME, "sure, after 8"),
                         (RIVAL, "sent while you were away: I'm on now")):
        conversation.add(sender, text)
    window.messages.receive("morgan", "fancy a game of cribbage?", in_view=False)
    window.messages.setCurrentWidget(conversation)


def _fill_rankings(window: Any) -> None:
    top = [{"user": name, "rating": rating, "games": games} for name, rating, games in (
        ("ace_high", 1902.3, 214), ("riley", 1812.4, 160), ("morgan", 1740.0, 98),
        ("jo_k", 1675.8, 77), ("kim", 1640.1, 51), ("alex", 1590.5, 40),
        ("pat", 1560.0, 33), ("lee", 1542.7, 20))]
    window.rankings.set_board({"top": top, "rank": 23}, {"rating": 1508.2, "games": 12})
    history = [{"rating": r} for r in (1500, 1488, 1503, 1519, 1511, 1497, 1512, 1526, 1518,
                                       1531, 1514, 1508.2)]
    window.rankings.set_history(history)


def _table_window() -> QWidget:
    from ginrummy_desktop.engine.gin.bots import BUILTIN_BOTS
    from ginrummy_desktop.engine.gin.match import GinMatch
    from ginrummy_desktop.engine.gin.melds import best_arrangement
    from ginrummy_desktop.engine.gin.rules import GIN_PRESETS
    from ginrummy_desktop.engine.wire import observation_to_wire
    from ginrummy_desktop.gui.online.table_pane import TablePane

    window = _window("lobby")
    bots = [BUILTIN_BOTS["greedy"](seed=1), BUILTIN_BOTS["greedy"](seed=2)]
    match = GinMatch(GIN_PRESETS["classic"], seed=SCREENSHOT_SEED)
    seq = 1
    for _ in range(80):  # to the person's discard with a few cards on the pile
        view = match.view(0)
        if view.to_move == 0 and view.phase == "discard" and len(view.discard_pile) >= 4 \
                and len(best_arrangement(list(view.hand)).melds) >= 1:
            break
        seat = match.to_move()
        assert seat is not None  # the match is far from over
        match.apply(seat, bots[seat].choose(match.observation(seat)))
        seq += 1
    state = {"table": "screenshot", "seq": seq, "game": "gin", "seat": 0,
             "observation": observation_to_wire(match.observation(0)),
             "to_move": match.to_move(), "commitment": match.commitment, "status": "playing",
             "players": [ME, RIVAL], "rated": True, "clock": {"seat": 0, "seconds_left": 42}}
    pane = TablePane(ME, "instant", window.tabs)
    pane.start(state, rating=1612.4)
    pane.controller.sort_hand("melds")
    pane.controller._announce()
    return _pane_window(pane, window)


def _pane_window(pane: Any, window: Any) -> QWidget:
    """The table pane as its own tab of the online window, stilled for a picture."""
    pane.add_chat(RIVAL, "good luck!")
    pane.add_chat(ME, "you too")
    pane.ticker.stop()  # a still picture: the clock shows its full 42 s
    pane.clock_label.setText("Your move: 42 s")
    window.tables["screenshot"] = pane
    window.tabs.setCurrentIndex(window.tabs.addTab(pane, f"Table: {RIVAL}"))
    return window


def _cribbage_table_window() -> QWidget:
    """A rated cribbage game in the pegging, the person to play, as the referee states it."""
    from ginrummy_desktop.engine.cribbage.bots import BUILTIN_BOTS
    from ginrummy_desktop.engine.cribbage.match import CribbageMatch
    from ginrummy_desktop.gui.online.table_pane import TablePane
    from ginrummy_desktop.online.table import LiveTable

    window = _window("lobby")
    bots = [BUILTIN_BOTS["greedy"](seed=1), BUILTIN_BOTS["greedy"](seed=2)]
    match = CribbageMatch(seed=SCREENSHOT_SEED)
    seq = 1
    for _ in range(400):  # to a hand's pegging with cards on the table and points pegged
        observation = match.observation(0)
        if match.to_move() == 0 and observation.phase == "play" and len(observation.current) >= 2 \
                and observation.hand_number >= 2 and min(match.scores) > 0:
            break
        seat = match.to_move()
        assert seat is not None  # the match is far from over
        match.apply(seat, bots[seat].choose(match.observation(seat)))
        seq += 1
    table = LiveTable("screenshot", "cribbage", {"clock": 60}, [ME, RIVAL], rated=True,
                      seq=seq, match=match)
    state = dict(table.state_for(0), clock={"seat": 0, "seconds_left": 42})
    pane = TablePane(ME, "instant", window.tabs, game="cribbage")
    pane.start(state, rating=1587.0)
    pane.table.clear_announcement()  # the deal's greeting, long gone in a game under way
    return _pane_window(pane, window)


def _lan_server_dialog() -> QWidget:
    """Play on this computer's network, running (the address as `up` prints it)."""
    from ginrummy_desktop.gui.online.lan import LanServer, LanServerDialog
    from ginrummy_desktop.online.server_init import ServerSetup

    dialog = LanServerDialog(LanServer())
    dialog.start_button.setEnabled(True)  # as where ejabberd is installed
    dialog._show_running(ServerSetup(domain="192.168.1.20", web_tls=False, self_signed=True))
    return dialog


SCENES["online-signin"] = lambda: _window(None)
SCENES["online-lan-server"] = _lan_server_dialog
SCENES["online-lobby"] = lambda: _window("lobby")
SCENES["online-friends"] = lambda: _window("friends")
SCENES["online-chat"] = lambda: _window("messages")
SCENES["online-rankings"] = lambda: _window("rankings")
SCENES["online-table"] = _table_window
SCENES["online-cribbage-table"] = _cribbage_table_window
