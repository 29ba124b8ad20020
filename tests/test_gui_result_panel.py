"""The end-of-hand panel and the fair-deal check shown by "Verify deal" (the wording is
tested in test_engine_wording.py)."""

from __future__ import annotations

from ginrummy_desktop.engine.cards import card_text, format_cards
from ginrummy_desktop.engine.deck import commitment, shuffled_deck
from ginrummy_desktop.engine.rng import StableRandom
from ginrummy_desktop.gui.table.result_panel import ResultPanel, verify_deal_text


def test_verify_deal_accepts_the_committed_deck_and_rejects_a_changed_one():
    deck = shuffled_deck(StableRandom(4))
    salt = "ab" * 16
    published = commitment(deck, salt)
    record = {"deck": format_cards(deck).split(), "salt": salt, "commitment": published}
    ok, text = verify_deal_text(record, published)
    assert ok and "Verified" in text and published in text
    # The deck reads as cards a player knows (10♥, J♣), before the codes the check hashes.
    readable = text.index(card_text(deck[0]))
    assert readable < text.index(" ".join(record["deck"]))
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
