"""A ``cmd:`` gin bot that tries to rebuild every deal, for tests/test_forged_deals.py.

It knows what an attacker can know: the dealing method (public: ``runner.derive_seed``,
``gin.match.derived_rng``, ``deck.shuffled_deck``) and the runner's command line (read from
``/proc/<parent>/cmdline``; no ``--seed`` there means it assumes the old default, 0). At the first
decision of every hand it writes its guess of the opponent's ten dealt cards, one JSON line, to
the file named by ``PREDICTING_BOT_GUESSES``, then plays the first legal action.
"""

from __future__ import annotations

import json
import os
import sys

from ginrummy_desktop.engine.deck import shuffled_deck
from ginrummy_desktop.engine.gin.match import derived_rng
from ginrummy_desktop.engine.runner import derive_seed


def runner_seed() -> int:
    try:
        with open(f"/proc/{os.getppid()}/cmdline", "rb") as handle:
            argv = handle.read().decode().split("\0")
    except OSError:
        return 0
    for flag, value in zip(argv, argv[1:], strict=False):
        if flag == "--seed":
            return int(value)
    return 0


def guess_opponent_cards(seed: int, match: int, hand_number: int, seat: int,
                         dealer: int) -> list[str]:
    deck = shuffled_deck(derived_rng(derive_seed(seed, f"match {match}"), f"hand {hand_number}"))
    non_dealer_cards, dealer_cards = deck[0:20:2], deck[1:20:2]
    opponent_cards = non_dealer_cards if seat == dealer else dealer_cards
    return [str(card) for card in opponent_cards]


def main() -> None:
    seed = runner_seed()
    guesses = open(os.environ["PREDICTING_BOT_GUESSES"], "a", encoding="utf-8")  # noqa: SIM115
    match, guessed = 0, set()
    for line in sys.stdin:
        message = json.loads(line)
        kind = message["type"]
        if kind == "hello":
            answer = {"type": "hello", "protocol": "ginrummy-bot", "version": 1}
        elif kind == "new_match":
            match = message["match"]
            answer = {"type": "ready"}
        elif kind == "observation":
            seen = message["observation"]
            key = (match, seen["hand_number"])
            if key not in guessed:
                guessed.add(key)
                cards = guess_opponent_cards(seed, match, seen["hand_number"], seen["seat"],
                                             seen["dealer"])
                guesses.write(json.dumps({"match": match, "hand": seen["hand_number"],
                                          "cards": cards}) + "\n")
                guesses.flush()
            answer = {"type": "action", "action": seen["legal_actions"][0]}
        elif kind == "bye":
            return
        else:
            continue
        sys.stdout.write(json.dumps(answer) + "\n")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
