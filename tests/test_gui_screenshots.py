"""The headless screenshot command renders named states at the requested size."""

from __future__ import annotations

import pytest
from PySide6.QtGui import QImage

from ginrummy_desktop import app
from ginrummy_desktop.gui.scenes import SCENES, render_scene
from ginrummy_desktop.gui.scenes import gin as _gin_scenes  # noqa: F401  (registers gin-*)


def distinct_colours(img: QImage) -> int:
    return len({img.pixel(x, y) for x in range(0, img.width(), 7)
                for y in range(0, img.height(), 7)})


@pytest.mark.parametrize("scene", ["gin-mid-hand", "gin-end-of-hand", "gin-match-over"])
def test_scenes_render_non_blank_at_the_right_size(qapp, scene):
    assert scene in SCENES
    img = render_scene(scene, 800, 600)
    assert (img.width(), img.height()) == (800, 600)
    assert distinct_colours(img) > 200


def test_cli_writes_a_png(qapp, tmp_path, capsys):
    target = tmp_path / "shot.png"
    code = app.main(["--screenshot", str(target), "--scene", "gin-mid-hand",
                     "--size", "1024x700"])
    assert code == 0
    img = QImage(str(target))
    assert (img.width(), img.height()) == (1024, 700)
    assert "wrote" in capsys.readouterr().out


def test_cli_rejects_unknown_scene_and_bad_size(qapp, tmp_path, capsys):
    assert app.main(["--screenshot", str(tmp_path / "x.png"), "--scene", "nope"]) == 2
    assert "unknown scene 'nope'" in capsys.readouterr().err
    with pytest.raises(SystemExit) as exit_info:
        app.main(["--screenshot", str(tmp_path / "x.png"), "--size", "big"])
    assert exit_info.value.code == 2
    assert "size must look like" in capsys.readouterr().err


def test_self_test_flag_dispatches(monkeypatch):
    import sys
    import types

    calls = []
    fake = types.ModuleType("ginrummy_desktop.selftest")
    fake.run = lambda: calls.append("ran") or 0
    monkeypatch.setitem(sys.modules, "ginrummy_desktop.selftest", fake)
    assert app.main(["--self-test"]) == 0
    assert calls == ["ran"]
