"""The example bot in examples/ must keep working against the public bot API."""

from __future__ import annotations

from ginrummy_desktop.engine.runner import run_matches


def test_example_bot_plays_legal_games_and_beats_random() -> None:
    report = run_matches("gin", ["examples.gin_bot:CarefulBot", "random"], 6, seed=2).to_json()
    assert report["forfeits"] == []
    assert report["players"][0]["match_wins"] >= 5
