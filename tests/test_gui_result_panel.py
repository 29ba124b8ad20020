"""End-of-hand wording and the fair-deal check shown by "Verify deal"."""

from __future__ import annotations

from ginrummy_desktop.engine.cards import format_cards
from ginrummy_desktop.engine.deck import commitment, shuffled_deck
from ginrummy_desktop.engine.gin.results import HandResult, ScoreItem
from ginrummy_desktop.engine.rng import StableRandom
from ginrummy_desktop.gui.gin.screen import hand_result_title
from ginrummy_desktop.gui.table.result_panel import ResultPanel, verify_deal_text

NAMES = {0: "You", 1: "Greedy"}


def result(kind: str, knocker: int | None, winner: int | None, points: int) -> HandResult:
    return HandResult(kind=kind, knocker=knocker, winner=winner, points=points,
                      items=(ScoreItem("Deadwood difference", points),), hands=())


def test_titles_say_how_the_hand_ended():
    assert hand_result_title(result("draw", None, None, 0), NAMES).startswith("Dead hand")
    assert hand_result_title(result("knock", 0, 0, 7), NAMES) == "You knocked: You score 7"
    assert hand_result_title(result("undercut", 0, 1, 27), NAMES) == \
        "You knocked and were undercut: Greedy scores 27"
    assert hand_result_title(result("undercut", 1, 0, 25), NAMES) == \
        "Greedy knocked and was undercut: You score 25"
    assert hand_result_title(result("gin", 1, 1, 40), NAMES) == "Greedy went gin: Greedy scores 40"


def test_verify_deal_accepts_the_committed_deck_and_rejects_a_changed_one():
    deck = shuffled_deck(StableRandom(4))
    salt = "ab" * 16
    published = commitment(deck, salt)
    record = {"deck": format_cards(deck).split(), "salt": salt, "commitment": published}
    ok, text = verify_deal_text(record, published)
    assert ok and "Verified" in text and published in text
    swapped = list(record["deck"])
    swapped[0], swapped[1] = swapped[1], swapped[0]
    ok, text = verify_deal_text({**record, "deck": swapped}, published)
    assert not ok and "Mismatch" in text
    # The check is against what was published before the hand, not what the record claims.
    ok, _ = verify_deal_text({**record, "commitment": "0" * 64}, published)
    assert ok
    ok, _ = verify_deal_text(record, "f" * 64)
    assert not ok


def test_panel_rows_and_buttons(qtbot):
    panel = ResultPanel()
    qtbot.addWidget(panel)
    clicked = []
    panel.set_content("Title", [("Deadwood", "4"), ("Bonus", "25")], "You 4 · Greedy 0",
                      [("Next hand", lambda: clicked.append("next"), ""),
                       ("Verify deal", lambda: clicked.append("verify"), "")])
    assert panel.button_texts() == ["Next hand", "Verify deal"]
    panel.set_content("Again", [], "", [("Rematch", lambda: clicked.append("rematch"), "")])
    assert panel.button_texts() == ["Rematch"]
    panel.button("Rematch").click()
    assert clicked == ["rematch"]
    assert not panel.score.isVisibleTo(panel)
