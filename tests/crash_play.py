"""For the crash tests' child processes: a stand-in plays the person's moves at a gin table
through one whole hand and the draw of the next (the drawn card is NEW; in a practice match
undo has entries; each move is autosaved as the app does), then prints what the table holds as
one JSON line; the test kills the child once it has read that line."""

from __future__ import annotations

import json


def play_into_the_second_hand(screen) -> None:
    from ginrummy_desktop.engine.gin.bots import BUILTIN_BOTS
    from ginrummy_desktop.gui.gin.controller import HUMAN

    controller = screen.controller
    bot = BUILTIN_BOTS["greedy"]()
    for _ in range(2000):
        if controller.reveal is not None:
            screen._continue()
        assert controller.settle()
        session = controller.session
        if session.hand_records() and controller.drawn is not None:
            break
        if controller.reveal is None and not session.over:
            controller.play(bot.choose(session.observation(HUMAN)))
    assert controller.drawn is not None and not session.over
    print(json.dumps({"order": [str(c) for c in controller.hand_order],
                      "drawn": str(controller.drawn), "undo": len(controller._undo),
                      "scores": list(session.scores),
                      "hand": len(session.hand_records()) + 1}), flush=True)
