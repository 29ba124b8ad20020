"""Rankings and profiles in the online window."""

from __future__ import annotations

from PySide6.QtCore import Qt

from ginrummy_desktop.gui.online.rankings import OWN_ROW, RankingsTab
from ginrummy_desktop.online.bot_player import BotPlayer
from tests.online_gui_support import new_client, run
from tests.test_gui_online_play import sign_up


def board_rows(tab: RankingsTab) -> dict[str, tuple[str, str]]:
    return {tab.board.item(r, 1).text(): (tab.board.item(r, 0).text(), tab.board.item(r, 2).text())
            for r in range(tab.board.rowCount())}


def test_leaderboard_shows_the_new_ratings_after_a_rated_game(
        qtbot, window_factory, ejabberd_server, unique_user):
    window = window_factory()
    sign_up(qtbot, window, unique_user("viewer"))
    alice = new_client(ejabberd_server, unique_user("ra"))
    bob = new_client(ejabberd_server, unique_user("rb"))
    run(qtbot, alice.sign_up())
    run(qtbot, bob.sign_up())
    ends: list[dict] = []
    alice.on("match_end", ends.append)
    BotPlayer(alice, {"gin": "greedy"})
    BotPlayer(bob, {"gin": "greedy"})
    table = run(qtbot, alice.create_table("gin", target=25, rated=True))
    run(qtbot, bob.join_table(table))
    qtbot.waitUntil(lambda: bool(ends), timeout=120_000)
    ratings = ends[0]["ratings"]

    bar = window.tabs.tabBar()
    index = window.tabs.indexOf(window.rankings)
    qtbot.mouseClick(bar, Qt.MouseButton.LeftButton, pos=bar.tabRect(index).center())
    qtbot.waitUntil(lambda: alice.username in board_rows(window.rankings), timeout=15_000)
    rows = board_rows(window.rankings)
    for user in (alice.username, bob.username):
        assert rows[user][1] == f"{ratings[user]:.0f}"
    winner = max(ratings, key=ratings.get)
    assert int(rows[winner][0]) < int(rows[min(ratings, key=ratings.get)][0])
    assert window.rankings.own_rank.text().startswith("You are not ranked")

    # A name opens the profile: rating, games, win rate; and "Add as friend".
    row = window.rankings.row_of(winner)
    rect = window.rankings.board.visualItemRect(window.rankings.board.item(row, 1))
    qtbot.mouseClick(window.rankings.board.viewport(), Qt.MouseButton.LeftButton,
                      pos=rect.center())
    qtbot.waitUntil(lambda: getattr(window, "profile_dialog", None) is not None
                    and window.profile_dialog.isVisible(), timeout=10_000)
    text = window.profile_dialog.text.text()
    assert f"{ratings[winner]:.0f}" in text and "100%" in text
    qtbot.mouseClick(window.profile_dialog.add_button, Qt.MouseButton.LeftButton)
    assert not window.profile_dialog.add_button.isEnabled()
    assert window.friends.notice.text() == f"Friend request sent to {winner}"
    window.profile_dialog.close()
    for client in (alice, bob):
        run(qtbot, client.disconnect())


def test_own_row_is_highlighted_even_outside_the_top_100(qtbot):
    tab = RankingsTab()
    qtbot.addWidget(tab)
    tab.me = "me"
    top = [{"user": f"p{i}", "rating": 2000 - i, "games": 10} for i in range(100)]
    tab.set_board({"top": top, "rank": 151}, {"rating": 1400.0, "games": 3})
    assert tab.board.rowCount() == 101
    last = tab.board.rowCount() - 1
    assert [tab.board.item(last, c).text() for c in range(4)] == ["151", "me", "1400", "3"]
    assert tab.board.item(last, 1).background().color() == OWN_ROW
    assert tab.board.item(0, 1).background().color() != OWN_ROW
    assert tab.own_rank.text() == "Your rank: 151"
