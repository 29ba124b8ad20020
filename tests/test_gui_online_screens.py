"""The online scenes render from prepared data, with no server, and show what they name."""

from __future__ import annotations

import pytest

from ginrummy_desktop.gui.scenes import SCENES, load_scene_modules, render_scene

ONLINE_SCENES = ["online-signin", "online-lobby", "online-friends", "online-chat",
                 "online-rankings", "online-table", "online-cribbage-table"]


@pytest.mark.parametrize("scene", ONLINE_SCENES)
def test_online_scene_renders_at_both_sizes(qapp, scene):
    load_scene_modules()
    assert scene in SCENES
    for width, height in ((1280, 800), (800, 600)):
        image = render_scene(scene, width, height)
        assert (image.width(), image.height()) == (width, height)
        colours = {image.pixel(x, y) for x in range(0, width, 9) for y in range(0, height, 9)}
        assert len(colours) > 5


def test_online_table_scene_is_a_rated_game_without_hints(qapp):
    load_scene_modules()
    window = SCENES["online-table"]()
    pane = window.tables["screenshot"]
    assert "rated game" in pane.opponent_label.text()
    assert not pane.controller.setup.hints
    assert len(pane.controller.view().hand) == 11
    window.close()


def test_the_move_clock_warns_at_ten_seconds_with_a_sound_and_a_flash(qapp, qtbot):
    from ginrummy_desktop.engine.gin.match import GinMatch
    from ginrummy_desktop.engine.gin.rules import GIN_PRESETS
    from ginrummy_desktop.engine.wire import observation_to_wire
    from ginrummy_desktop.gui.online.table_pane import TablePane

    class Sounds:
        played: list[str] = []

        def play(self, name: str) -> None:
            self.played.append(name)

    match = GinMatch(GIN_PRESETS["classic"], seed=5)
    seat = match.to_move()
    pane = TablePane("me", "instant")
    qtbot.addWidget(pane)
    pane.sound = Sounds()
    pane.start({"table": "t", "seq": 1, "game": "gin", "seat": seat, "rated": True,
                "observation": observation_to_wire(match.observation(seat)),
                "to_move": seat, "commitment": match.commitment, "status": "playing",
                "players": ["me", "them"] if seat == 0 else ["them", "me"],
                "clock": {"seat": seat, "seconds_left": 11.0}})
    assert pane.sound.played == []
    qtbot.waitUntil(lambda: pane.sound.played == ["peg"], timeout=5_000)
    assert "Your move: 10 s" in pane.clock_label.text() or pane.seconds_left < 10.5
    assert "#c3192d" in pane.clock_label.styleSheet()


def test_statistics_filter_online_and_offline_matches(tmp_path):
    from datetime import UTC, datetime, timedelta

    from ginrummy_desktop.storage import MatchSummary
    from ginrummy_desktop.storage.stats import ALL_OFFLINE, ALL_ONLINE, StatsDatabase, figures

    database = StatsDatabase(tmp_path / "stats.sqlite3")
    start = datetime(2026, 1, 1, tzinfo=UTC)
    for index, (opponent, result) in enumerate((("online:riley", "win"), ("greedy", "loss"),
                                                ("online:kim", "loss"), ("expert", "loss"))):
        database.record_match(MatchSummary(
            game="gin", opponent_id=opponent, opponent_name=opponent.split(":")[-1],
            rules="classic", started_at=start + timedelta(hours=index),
            ended_at=start + timedelta(hours=index, minutes=20), player_score=100,
            opponent_score=50, result=result), "default")
    online = figures(database, "default", "gin", ALL_ONLINE)
    offline = figures(database, "default", "gin", ALL_OFFLINE)
    assert (online.matches_played, online.matches_won) == (2, 1)
    assert (offline.matches_played, offline.matches_won) == (2, 0)
    database.close()


def test_the_cribbage_lobby_creates_121_or_61_point_tables_and_refuses_muggins(qapp):
    from ginrummy_desktop.gui.online.lobby import CreateTableDialog
    from ginrummy_desktop.gui.online.window import OnlineWindow

    window = OnlineWindow("ginrummy.example.org")
    lobby = window.lobbies["cribbage"]
    lobby.set_searching(False)
    assert lobby.create_button.isEnabled() and lobby.quick_button.isEnabled()
    dialog = CreateTableDialog("cribbage", lobby)
    lengths = [dialog.length.itemData(i) for i in range(dialog.length.count())]
    assert lengths == [121, 61]
    presets = [dialog.preset.itemData(i) for i in range(dialog.preset.count())]
    assert "muggins" not in presets and "acc" in presets
    assert dialog.options()["target"] == 121
    dialog.length.setCurrentIndex(1)
    assert dialog.options()["preset"] == "short" and dialog.options()["target"] == 61
    # A muggins table someone else opened is listed, but joining it is refused in words.
    lobby.set_tables([{"table": "m1m1", "host": "riley", "game": "cribbage",
                       "preset": "muggins", "target": 121, "rated": False, "clock": 60}])
    window.join_table("m1m1")
    assert "muggins" in lobby.notice.text().lower()
    window.close()


def test_online_cribbage_scene_is_the_cribbage_table_of_a_rated_game(qapp):
    load_scene_modules()
    window = SCENES["online-cribbage-table"]()
    pane = window.tables["screenshot"]
    assert pane.game == "cribbage" and "rated game" in pane.opponent_label.text()
    table = pane.table
    assert not table.hints_allowed and not table.hint_button.isVisible()
    assert table.display.stage == "play" and table.display.your_turn
    assert not pane.remote.pending and pane.resign_button.isEnabled()
