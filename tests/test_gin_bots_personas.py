"""Every persona plays legal, complete matches under every preset; metadata and hints work."""

from __future__ import annotations

import json

import pytest

from ginrummy_desktop.engine.gin.bots import BUILTIN_BOTS, PERSONAS, hint
from ginrummy_desktop.engine.gin.bots.expert import ExpertBot
from ginrummy_desktop.engine.gin.bots.personas import load_ratings
from ginrummy_desktop.engine.gin.match import GinMatch
from ginrummy_desktop.engine.gin.rules import GIN_PRESETS

PERSONA_IDS = list(PERSONAS)
QUICK_EXPERT_SAMPLES = 6  # legality does not depend on the sample count; keeps the suite fast


def make(bot_id: str, seed: int):
    if bot_id == "expert":
        return ExpertBot(seed=seed, samples=QUICK_EXPERT_SAMPLES)
    return BUILTIN_BOTS[bot_id](seed=seed)


def play_match(bot_ids: list[str], rules, seed: int) -> GinMatch:
    match = GinMatch(rules, seed=seed)
    bots = [make(bot_id, seed * 10 + n) for n, bot_id in enumerate(bot_ids)]
    for _ in range(5000):
        if match.over:
            return match
        seat = match.to_move()
        observation = match.observation(seat)
        action = bots[seat].choose(observation)
        assert action in observation.legal_actions, (bot_ids[seat], observation.phase, action)
        match.apply(seat, action)
    raise AssertionError("match did not finish")


def test_ladder_has_six_personas_registered_as_bots() -> None:
    assert len(PERSONAS) >= 6
    for bot_id, persona in PERSONAS.items():
        assert BUILTIN_BOTS[bot_id] is persona.factory
        assert persona.name and persona.style and persona.emblem
        assert persona.parameters
        assert hasattr(persona.factory(), "choose")  # constructible with no arguments
        assert hasattr(persona.create(seed=3), "choose")


@pytest.mark.parametrize("preset", sorted(GIN_PRESETS))
@pytest.mark.parametrize("bot_id", PERSONA_IDS)
def test_persona_plays_legally_under_every_preset(bot_id: str, preset: str) -> None:
    rules = GIN_PRESETS[preset].replace(target=40)
    others = ["simple", "gin_hunter", "marjj"]
    for seed in range(2):
        seats = [bot_id] + [others[(seed + n) % 3] for n in range(rules.players - 1)]
        match = play_match(seats, rules, seed)
        assert match.winners


@pytest.mark.parametrize("bot_id", PERSONA_IDS)
def test_a_few_hundred_quick_hands_per_persona_without_error(bot_id: str) -> None:
    """Single-hand matches (target 1) against the baseline, both seats, several presets."""
    presets = ["tournament", "classic", "oklahoma", "straight", "traditional"]
    count = 60 if bot_id == "expert" else 200
    for seed in range(count):
        rules = GIN_PRESETS[presets[seed % len(presets)]].replace(target=1)
        seats = [bot_id, "simple"] if seed % 2 else ["simple", bot_id]
        play_match(seats, rules, 1000 + seed)


def test_deal_eleven_and_gra_rules_are_handled() -> None:
    rules = GIN_PRESETS["classic"].replace(
        target=30, deal_eleven=True, rediscard_taken=True, last_discard_to_knock=True
    )
    for bot_id in PERSONA_IDS:
        play_match([bot_id, "marjj"], rules, 5)


def test_hint_gives_a_legal_move_and_a_reason() -> None:
    match = GinMatch(GIN_PRESETS["tournament"], seed=8)
    bots = [make("simple", 1), make("simple", 2)]
    reasons = []
    for _ in range(40):
        if match.over:
            break
        seat = match.to_move()
        observation = match.observation(seat)
        action, reason = hint(observation, samples=QUICK_EXPERT_SAMPLES)
        assert action in observation.legal_actions
        assert isinstance(reason, str) and reason and "\n" not in reason
        assert hint(observation, samples=QUICK_EXPERT_SAMPLES) == (action, reason)
        reasons.append(reason)
        match.apply(seat, bots[seat].choose(observation))
    assert any("would make a new meld" in reason for reason in reasons)


def test_ratings_file_is_optional(tmp_path) -> None:
    assert load_ratings(tmp_path / "missing.json") == {}
    damaged = tmp_path / "ratings.json"
    damaged.write_text("{not json", encoding="utf-8")
    assert load_ratings(damaged) == {}
    good = tmp_path / "good.json"
    good.write_text(json.dumps({"bots": {"expert": {"elo": 1700, "gin_rate": 0.1}}}))
    assert load_ratings(good)["expert"]["elo"] == 1700


def test_bots_refuse_an_observation_without_legal_actions() -> None:
    match = GinMatch(GIN_PRESETS["tournament"], seed=1)
    observation = match.observation(1 - match.to_move())
    assert observation.legal_actions == ()
    for bot_id in PERSONA_IDS:
        with pytest.raises(ValueError, match="no legal action"):
            make(bot_id, 1).choose(observation)


def test_expert_rejects_nonsense_sample_counts() -> None:
    with pytest.raises(ValueError, match="samples"):
        ExpertBot(samples=0)
