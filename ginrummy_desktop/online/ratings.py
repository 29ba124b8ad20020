"""Glicko-2 ratings per game, updated once per rated match (each match is one rating period,
as lichess does), using the ``glicko2`` package's maths rather than our own."""

from __future__ import annotations

from dataclasses import replace

import glicko2  # no type hints shipped: pyproject's mypy overrides

from ginrummy_desktop.online.service_store import RatingRow


def rate_match(winner: RatingRow, loser: RatingRow, completed: bool = True
               ) -> tuple[RatingRow, RatingRow]:
    """New rows for a two-player result. ``completed=False`` (abandoned, or lost on time)
    counts against the loser's completion rate; both players' game counts grow and the
    winner's wins."""
    winning = glicko2.Player(winner.rating, winner.rd, winner.vol)
    losing = glicko2.Player(loser.rating, loser.rd, loser.vol)
    winning.update_player([loser.rating], [loser.rd], [1.0])
    losing.update_player([winner.rating], [winner.rd], [0.0])
    new_winner = replace(winner, rating=winning.getRating(), rd=winning.getRd(),
                         vol=winning.vol, games=winner.games + 1, wins=winner.wins + 1,
                         completed=winner.completed + 1)
    new_loser = replace(loser, rating=losing.getRating(), rd=losing.getRd(), vol=losing.vol,
                        games=loser.games + 1, completed=loser.completed + int(completed))
    return new_winner, new_loser

