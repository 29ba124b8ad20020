"""The online window in German, French and Spanish (issue 42): the referee's refusals translated
by their known sentences (an unknown one shown as sent), the sign-in form's address problems,
the connection state, the friends list, the open tables, the profile, the window's tabs and
the words said when there is nothing to resign."""

from __future__ import annotations

import re

import pytest

from ginrummy_desktop.engine import translation
from ginrummy_desktop.engine.translation import tr
from ginrummy_desktop.gui.online.connection import ServerAddress, state_text
from ginrummy_desktop.gui.online.friends import FriendsTab
from ginrummy_desktop.gui.online.lobby import LobbyTab
from ginrummy_desktop.gui.online.profile import profile_html
from ginrummy_desktop.gui.online.refusals import refusal_text, refusal_words
from tests.translation_support import LANGUAGES

UNFILLED = re.compile(r"\{[A-Za-z_]+\}")
FRIENDS = {"de": "Freunde", "fr": "Amis", "es": "Amigos"}
NOT_YOUR_TURN = {"de": "Du bist nicht am Zug", "fr": "Ce n'est pas votre tour",
                 "es": "No es tu turno"}
CLASSIC = {"de": "Klassisch", "fr": "Classique", "es": "Clásico"}


def _filled(text: str) -> str:
    assert not UNFILLED.search(text), text
    return text


@pytest.mark.parametrize("language", LANGUAGES)
def test_refusals_are_translated_by_their_known_sentences(language: str, english_after) -> None:
    translation.set_language(language)
    assert refusal_text("it is not your turn") == NOT_YOUR_TURN[language]
    assert refusal_text("no table t42") == _filled(tr("No table {table}").format(table="t42"))
    assert "t42" in refusal_text("no table t42")
    stale = refusal_text("stale move: the table is at event 7, not 5")
    assert "7" in _filled(stale) and "5" in stale and not stale.startswith("Stale")
    reserved = refusal_text("the name 'referee' is reserved for the game service")
    assert "'referee'" in _filled(reserved) and "reserved" not in reserved
    assert _filled(refusal_text("cannot reach the server at cards.example:5222: refused")) \
        == tr("Cannot reach the server at {address}: {error}").format(
            address="cards.example:5222", error="refused")
    assert refusal_text("") == tr("Something went wrong") != "Something went wrong"
    # A sentence nobody knows (a newer server's): shown as sent, with a capital.
    assert refusal_text("the moon is made of cheese") == "The moon is made of cheese"
    assert refusal_words("the moon is made of cheese") == "the moon is made of cheese"
    assert refusal_words("that table is not open") == tr("That table is not open")


def test_refusals_in_english_are_the_service_sentences_capitalised() -> None:
    for sent in ("it is not your turn", "no table t42", "the grace period has 12 s left",
                 "illegal move: discard TH is not allowed now", "something new"):
        assert refusal_text(sent) == sent[:1].upper() + sent[1:]
        assert refusal_words(sent) == sent  # as the notices have always shown them


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_address_problems_and_the_connection_state(language: str, english_after) -> None:
    translation.set_language(language)
    with pytest.raises(ValueError) as empty:
        ServerAddress.parse("  ")
    assert str(empty.value) == tr("type the server's address: ask the person who runs your "
                                  "club's server for it, or see \"How do I get a server?\"")
    assert "server's address" not in str(empty.value)
    with pytest.raises(ValueError) as port:
        ServerAddress.parse("cards.example:70000")
    assert "'70000'" in _filled(str(port.value)) and "65535" in str(port.value)
    assert state_text("reconnecting") == tr("Connection lost: reconnecting…") \
        != "Connection lost: reconnecting…"
    assert state_text("weird") == "weird"


@pytest.mark.parametrize("language", LANGUAGES)
def test_friends_lobby_and_profile_speak_the_language(qtbot, language: str,
                                                      english_after) -> None:
    translation.set_language(language)
    friends = FriendsTab()
    qtbot.addWidget(friends)
    friends.set_friend("ann", True, "playing")
    friends.set_friend("bo", False, "")
    texts = [friends.friend_list.item(i).text() for i in range(friends.friend_list.count())]
    assert texts == [tr("{user} — {presence}").format(user="ann", presence=tr("playing")),
                     tr("{user} — {presence}").format(user="bo", presence=tr("offline"))]
    assert friends.presence == {"ann": "playing", "bo": "offline"}  # the keys stay English
    friends.friend_list.clearSelection()
    friends.friend_list.setCurrentItem(None)
    friends.chat_button.click()
    assert friends.notice.text() == tr("Select a friend in the list first") \
        != "Select a friend in the list first"

    lobby = LobbyTab("gin")
    qtbot.addWidget(lobby)
    lobby.set_tables([{"table": "a1", "host": "riley", "game": "gin", "preset": "classic",
                       "target": 100, "rated": True, "clock": 60, "host_rating": 1612.4}])
    row = [lobby.table_list.item(0, c).text() for c in range(6)]
    assert row == ["riley", "1612", CLASSIC[language], "100", tr("Rated"),
                   tr("{seconds} s").format(seconds=60)]
    headers = [lobby.table_list.horizontalHeaderItem(c).text() for c in range(6)]
    assert headers[0] == tr("Host") != "Host"

    html = profile_html({"user": "ann", "games": {"gin": {"games": 4, "wins": 3,
                                                          "rating": 1550}}})
    assert tr("Win rate") in html and "Win rate" not in html
    assert _filled(html).count("75") == 1


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_window_tabs_and_resign_words(qtbot, language: str, english_after) -> None:
    from ginrummy_desktop.gui.online.window import OnlineWindow

    translation.set_language(language)
    window = OnlineWindow("cards.example")
    qtbot.addWidget(window)
    tabs = [window.tabs.tabText(i) for i in range(window.tabs.count())]
    assert FRIENDS[language] in tabs
    assert window.state_label.text() == tr("Signed out") != "Signed out"
    assert not window.resign_table()
    assert window.statusBar().currentMessage() == tr(
        "Resign is for a match at a table: open its tab first")
    window._unread_changed(3)
    assert window.tabs.tabText(window.messages_index) == _filled(
        tr("Messages ({count})").format(count=3))
    window.signin._submit(create=False)  # no user name typed
    assert window.signin.problem.text() == tr(
        "A user name is 1-20 letters, digits, dots, dashes or underscores")
