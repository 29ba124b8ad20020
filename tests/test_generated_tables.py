"""Every generated table in the engine matches its generator in tools/.

The fast tests rebuild a seeded part exactly. The full crib rebuild (about 15 CPU-seconds) is
marked slow; the full winprob rebuild (about 90 CPU-seconds) and the cribbage hand points (about
2 CPU-minutes) run only with
``GINRUMMY_FULL_TABLES=1``. ``python3 -m tools.winprob_tables --check`` and
``python3 -m tools.crib_tables --check`` do the same from the command line.
"""

from __future__ import annotations

import os

import pytest

from ginrummy_desktop.engine.cribbage import _crib_tables
from ginrummy_desktop.engine.gin.bots import _winprob_tables, winprob
from ginrummy_desktop.engine.gin.rules import GIN_PRESETS
from tools import crib_tables, winprob_tables


def test_the_winprob_table_holds_every_measured_rule_set_in_full():
    assert set(_winprob_tables.HISTOGRAMS) == set(winprob.MEASURED)
    assert _winprob_tables.HANDS_PER_CHUNK == winprob_tables.HANDS_PER_CHUNK
    for chunks in _winprob_tables.HISTOGRAMS.values():
        assert len(chunks) == winprob_tables.CHUNKS
        for histogram in chunks:  # dead hands are left out, so a chunk may hold fewer hands
            assert 0.9 * winprob_tables.HANDS_PER_CHUNK <= sum(histogram.values()) \
                <= winprob_tables.HANDS_PER_CHUNK


@pytest.mark.parametrize("position", range(len(winprob.MEASURED)))
def test_a_seeded_chunk_of_each_winprob_histogram_is_what_the_generator_plays(position):
    preset = winprob.MEASURED[position]
    chunk = (7 * position + 3) % winprob_tables.CHUNKS  # a different chunk for each rule set
    committed = _winprob_tables.HISTOGRAMS[preset][chunk]
    assert winprob_tables.chunk_histogram(preset, chunk) == committed


@pytest.mark.slow
@pytest.mark.skipif(os.environ.get("GINRUMMY_FULL_TABLES") != "1",
                    reason="about 90 CPU-seconds; set GINRUMMY_FULL_TABLES=1")
def test_the_whole_winprob_table_is_what_the_generator_writes():
    text = winprob_tables.TABLE_PATH.read_text(encoding="utf-8")
    assert winprob_tables.render(winprob_tables.build()) == text


def test_each_preset_is_served_by_the_measurement_of_its_own_hand_rules():
    served = {name: winprob.measured_preset(rules) for name, rules in GIN_PRESETS.items()}
    assert served["oklahoma"] == "oklahoma" and served["straight"] == "straight"
    assert served["traditional"] == "traditional" and served["tournament"] == "tournament"
    # Hollywood, three players and partnerships score each hand as classic does.
    assert served["hollywood"] == served["three-player"] == served["partnership"] == "classic"
    # Match-level overrides keep the measurement; an unmeasured hand rule falls back to the preset.
    assert winprob.measured_preset(GIN_PRESETS["oklahoma"].replace(target=200)) == "oklahoma"
    assert winprob.measured_preset(GIN_PRESETS["straight"].replace(gin_bonus=40)) == "straight"
    # The model differs where the hands do: a 30-point lead is worth less when hands score more.
    classic = winprob.win_probability(30, 0, 100, GIN_PRESETS["classic"])
    straight = winprob.win_probability(30, 0, 100, GIN_PRESETS["straight"])
    assert classic > straight > 0.5


def test_the_random_crib_tables_are_exactly_what_the_generator_computes():
    random_table = crib_tables.table(crib_tables.random_pair_weights(()))
    assert _crib_tables.TABLES["random"]["dealer"] == random_table
    assert _crib_tables.TABLES["random"]["pone"] == random_table


@pytest.mark.slow
def test_the_whole_crib_table_file_is_what_the_generator_writes():
    text = crib_tables.TABLE_PATH.read_text(encoding="utf-8")
    assert crib_tables.render(crib_tables.build(crib_tables.SAMPLES)) == text


def test_hollywood_values_points_even_when_the_summed_scores_pass_the_target():
    hollywood = GIN_PRESETS["hollywood"]
    # The scores a Hollywood player sees are sums over three games: 150 is not a won match.
    assert winprob.value_of_points(20, 150, 60, 100, hollywood) \
        > winprob.value_of_points(5, 150, 60, 100, hollywood) \
        > winprob.value_of_points(-10, 150, 60, 100, hollywood)
    assert winprob.value_of_points(20, 150, 60, 100, GIN_PRESETS["classic"]) == 1.0


@pytest.mark.slow
@pytest.mark.skipif(os.environ.get("GINRUMMY_FULL_TABLES") != "1",
                    reason="about 2 CPU-minutes; set GINRUMMY_FULL_TABLES=1")
def test_the_whole_cribbage_hand_points_file_is_what_the_generator_writes():
    from tools import cribbage_hand_points

    text = cribbage_hand_points.TABLE_PATH.read_text(encoding="utf-8")
    assert cribbage_hand_points.render(cribbage_hand_points.build()) == text
