"""The online scenes render from prepared data, with no server, and show what they name."""

from __future__ import annotations

import pytest

from ginrummy_desktop.gui.shell.screenshots import SCENES, load_scene_modules, render_scene

ONLINE_SCENES = ["online-signin", "online-lobby", "online-friends", "online-chat",
                 "online-rankings", "online-table"]


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
    assert not pane.controller.hints_allowed
    assert len(pane.controller.view().hand) == 11
    window.close()
