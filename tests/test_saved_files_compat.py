"""Saved files of a player from before the translation work (issue 42) still work today.

tests/data/saved_v0/ was written by the app at commit 89710d0 (tests/data/make_saved_files_v0.py
says how): two profiles' settings, a statistics database of finished gin and cribbage matches,
the records exported from it and two autosaves (a gin match mid-hand for one profile, a
cribbage game mid-hand for the other). expected.json is what that app showed for them. Each
test copies the folder, opens it with today's code and checks what the player sees.
"""

from __future__ import annotations

import dataclasses
import json
import shutil
from pathlib import Path

import pytest

from ginrummy_desktop.engine.translation import tr
from ginrummy_desktop.storage import open_storage

SAVED = Path(__file__).parent / "data" / "saved_v0"
EXPECTED = json.loads((SAVED / "expected.json").read_text(encoding="utf-8"))


@pytest.fixture
def home(tmp_path, monkeypatch) -> Path:
    root = tmp_path / "home"
    shutil.copytree(SAVED, root)
    monkeypatch.setenv("GINRUMMY_DESKTOP_HOME", str(root))
    return root


@pytest.fixture
def storage(home):
    store = open_storage(home)
    yield store
    store.close()


@pytest.fixture(params=["en", "de"])
def language(request):
    """The language the app speaks: as before, or German (chosen after the upgrade)."""
    from ginrummy_desktop.engine import translation

    translation.set_language(request.param)
    yield request.param
    translation.set_language("en")


def plain(value) -> dict:
    return json.loads(json.dumps(dataclasses.asdict(value)))


def test_both_profiles_open_with_every_setting_as_saved(storage):
    assert storage.notices.take() == []  # nothing damaged, newer, refused or set aside
    assert not storage.settings.read_only
    assert storage.settings.profiles() == [("player", "Ada"), ("bruno", "Bruno")]
    assert storage.profile == "player"  # the profile the old app had open last
    for pid, saved in EXPECTED["profiles"].items():
        settings = storage.settings.switch_profile(pid)
        for name, value in saved.items():
            assert getattr(settings, name) == value, (pid, name)
        assert settings.language == ""  # new setting: the system's language
        assert settings.window_geometry["main"]  # where the window was
    assert storage.notices.take() == []
    ada = storage.settings.switch_profile("player")
    rules = ada.gin_rules()
    assert (rules.preset, rules.oklahoma, rules.undercut_bonus) == ("oklahoma", True, 20)
    assert ada.cribbage_rules().target == 61
    bruno = storage.settings.switch_profile("bruno")
    assert bruno.gin_rules().hollywood and bruno.cribbage_rules().stinkhole


def test_the_statistics_show_the_saved_matches_per_game_and_line_up(storage):
    from ginrummy_desktop.storage.stats import StatisticsQueries, figures

    saved = EXPECTED["statistics"]
    queries = StatisticsQueries(storage)  # what the Statistics window reads
    history = storage.database.history("player")
    assert [{"game": row.game, "opponent_id": row.opponent_id,
             "opponent_name": row.opponent_name, "rules": row.rules,
             "scores": [row.player_score, row.opponent_score], "result": row.result,
             "hands": row.hands, "lineup": row.lineup, "lineup_label": row.lineup_label,
             "seat_names": list(row.seat_names), "player_seat": row.player_seat}
            for row in history] == saved["history"]
    assert {row["game"] for row in saved["history"]} == {"gin", "cribbage"}
    assert any(len(row["seat_names"]) == 3 for row in saved["history"])  # three-player gin
    assert any(row["rules"] == "61 points" for row in saved["history"])

    def same(figures_now, figures_then) -> None:
        now = plain(figures_now)
        assert {key: now[key] for key in figures_then} == figures_then

    same(queries.figures(None, None), saved["overall"])
    for game, then in saved["games"].items():
        same(queries.figures(game, None), then)
        assert then["matches_played"] == sum(row["game"] == game for row in saved["history"])
    for game, lineup, then in saved["lineups"]:
        same(figures(storage.database, "player", game, lineup=lineup), then)
        same(queries.figures(game, None, lineup), then)
    _profile, lines = queries.lines()
    assert [dataclasses.asdict(line) for line in lines] == saved["by_opponent"]
    # The other profile's games are its own.
    assert storage.database.history("bruno") == []


def test_the_statistics_window_lists_the_saved_matches(qtbot, storage, language):
    from ginrummy_desktop.gui.shell.main_window import MainWindow

    window = MainWindow(storage=storage, speed="instant")
    qtbot.addWidget(window)
    stats = window.show_statistics()
    qtbot.waitUntil(lambda: not stats.busy and len(stats.history_model.rows) == len(
        EXPECTED["statistics"]["history"]), timeout=20_000)
    rows = stats.history_model.rows
    assert [(row.game, row.opponent_name, row.result) for row in rows] == [
        (row["game"], row["opponent_name"], row["result"])
        for row in EXPECTED["statistics"]["history"]]
    matches = EXPECTED["statistics"]["overall"]["matches_played"]
    assert stats.figure_labels["matches"].text().startswith(str(matches))
    table = stats.opponent_table  # a line per line-up, under each game's name
    cells = [table.item(row, 0).text() for row in range(table.rowCount())
             if table.item(row, 0) is not None]
    for line in EXPECTED["statistics"]["by_opponent"]:
        assert line["label"] in cells
    stats.close()
    window.close()


def test_the_exported_records_import_verify_and_replay(storage, home):
    from ginrummy_desktop.engine.records_check import check_records_file
    from ginrummy_desktop.engine.replay import replay_frames
    from ginrummy_desktop.gui.table.result_panel import verify_deal_text
    from ginrummy_desktop.storage.records_io import import_records_jsonl

    path = home / "records.jsonl"
    assert check_records_file(path).ok  # what ``ginrummy-sim verify`` says
    fresh = storage.settings.add_profile("Carla")
    report = import_records_jsonl(storage.database, fresh, path)
    assert report.rejected == [] and not report.cancelled
    assert report.added == EXPECTED["records"]
    imported = [record for _id, record in storage.database.iter_records(fresh)]
    stored = [record for _id, record in storage.database.iter_records("player")]
    assert len(imported) == EXPECTED["records"]
    key = lambda record: json.dumps(record, sort_keys=True)  # noqa: E731
    assert sorted(map(key, imported)) == sorted(map(key, stored))
    games = set()
    for record in imported:
        ok, text = verify_deal_text(record, None)  # the Verify deal dialog's check
        assert ok, text
        frames = replay_frames(record, {0: "Ada"})
        assert len(frames) > 1 and frames[-1].scoring
        games.add(record["game"])
    assert games == {"gin", "cribbage"}


def test_the_gin_match_in_progress_resumes_as_saved(qtbot, storage, language):
    from ginrummy_desktop.engine.gin.bots import BUILTIN_BOTS
    from ginrummy_desktop.gui.gin.controller import HUMAN
    from ginrummy_desktop.gui.shell.main_window import MainWindow
    from tests.gui_helpers import settle
    from tests.start_offers import answer_start_offer

    saved = EXPECTED["autosaves"]["player"]
    window = MainWindow(storage=storage, speed="instant")
    qtbot.addWidget(window)
    window.restore_or_start()
    question = answer_start_offer(qtbot, window, tr("Resume"))
    assert "Rapid Rita" in question and "–".join(map(str, saved["scores"])) in question
    assert window.game == "gin"
    controller = window.gin_screen.controller
    settle(qtbot, controller)
    view = controller.view()
    assert list(view.scores) == saved["scores"]
    assert view.hand_number == saved["hand_number"]
    assert sorted(str(card) for card in view.hand) == saved["hand"]
    assert [str(card) for card in controller.hand_order] == saved["hand_order"]
    assert [str(card) for card in view.discard_pile] == saved["discard_pile"]
    assert view.stock_size == saved["stock_size"] and view.to_move == saved["to_move"]
    assert (controller.setup.opponent, controller.setup.preset) == (saved["opponent"],
                                                                    saved["preset"])
    assert controller.rules.to_dict() == saved["rules"]
    assert tr("Resumed your game in progress") in window.gin_screen.status.message
    # The person's cards are on the table, face up, in the saved order.
    table = window.gin_screen.table
    items = [table.item_for(card) for card in controller.hand_order]
    assert all(item is not None and item.face_up and item.isVisible() for item in items)
    xs = [item.pos().x() for item in items]
    assert xs == sorted(xs)
    # The saved settings are on screen, and the match goes on.
    assert window.renderer.style.four_colour and window.renderer.style.back == "red"
    move = BUILTIN_BOTS["greedy"]().choose(controller.session.observation(HUMAN))
    assert controller.play(move)
    window.close()


def test_the_cribbage_game_in_progress_resumes_as_saved(qtbot, storage, language):
    from ginrummy_desktop.gui.shell.main_window import MainWindow
    from tests.gui_helpers import settle
    from tests.start_offers import answer_start_offer

    saved = EXPECTED["autosaves"]["bruno"]
    storage.settings.switch_profile("bruno")  # Bruno's turn at the computer
    window = MainWindow(storage=storage, speed="instant")
    qtbot.addWidget(window)
    window.show()
    window.restore_or_start()
    question = answer_start_offer(qtbot, window, tr("Resume"))
    assert "Gus" in question and "–".join(map(str, saved["scores"])) in question
    assert window.game == "cribbage"
    table = window.cribbage_table
    settle(qtbot, table)
    controller = table.controller
    match = controller.match
    assert list(match.scores) == saved["scores"]
    assert match.hand_number == saved["hand_number"] and match.dealer == saved["dealer"]
    assert sorted(str(card) for card in match.observation(0).hand) == saved["hand"]
    assert controller.opponent_id == saved["opponent"]
    assert (controller.rules.target, controller.rules.stinkhole) == (saved["target"],
                                                                     saved["stinkhole"])
    assert controller.stage == saved["stage"] and match.to_move() == 0
    assert sorted(str(card) for card in table.display.hand) == saved["hand"]
    assert tr("Resumed your game in progress") in table.status.message
    # The game goes on: the person plays a card.
    card = sorted(table.display.playable)[0]
    assert controller.play_card(card)
    settle(qtbot, table)
    assert len(controller.match.observation(0).hand) == len(saved["hand"]) - 1
    window.close()
