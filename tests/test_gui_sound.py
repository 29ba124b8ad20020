"""Table sounds from the shell: the person's draw, discard and knock play their sounds, mute
plays nothing, and the Preferences volume scales them (real keys and clicks throughout)."""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import threading
from array import array

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QPushButton

from ginrummy_desktop.gui.gin.controller import HUMAN, MatchSetup
from ginrummy_desktop.gui.shell.main_window import MainWindow
from ginrummy_desktop.gui.shell.preferences import PreferencesDialog
from ginrummy_desktop.sound import SOUND_NAMES, SoundBoard, synthesize
from ginrummy_desktop.sound.player import scaled
from ginrummy_desktop.storage import Storage
from tests.gui_helpers import choose_from_menu, stand_in_until


class RecordingOutput:
    def __init__(self) -> None:
        self.played: list[array] = []
        self.lock = threading.Lock()

    def start(self, samples: array) -> None:
        with self.lock:
            self.played.append(samples)

    def close(self) -> None:
        pass


@pytest.fixture
def storage(tmp_path):
    s = Storage(tmp_path)
    yield s
    s.close()


@pytest.fixture
def table(qtbot, storage):
    window = MainWindow(storage=storage, speed="instant")
    output = RecordingOutput()
    window.sounds.board = SoundBoard(output_factory=lambda: output)
    settings = storage.settings.settings
    window.set_sound(settings.sound_volume, settings.sound_muted)
    qtbot.addWidget(window)
    window.resize(1280, 800)
    window.show()
    qtbot.waitExposed(window)
    screen = window.gin_screen
    screen.controller.synchronous = True
    screen.new_match(MatchSetup(preset="classic", opponent="greedy", seed=11))
    yield window, output
    window.sounds.close()


def heard(window, output, volume: int) -> list[str]:
    """The names of the sounds played so far (each recognised by its samples)."""
    window.sounds.board.wait_idle()
    by_samples = {tuple(scaled(synthesize(name), volume)): name for name in SOUND_NAMES}
    with output.lock:
        return [by_samples.get(tuple(samples), "?") for samples in output.played]


def legal_kinds(window) -> set[str]:
    view = window.gin_screen.controller.view()
    return {a.kind for a in view.legal_actions} if view.to_move == HUMAN else set()


def test_the_persons_draw_and_discard_play_their_sounds(table, qtbot):
    window, output = table
    stand_in_until(window.gin_screen, lambda: "draw_stock" in legal_kinds(window))
    before = len(heard(window, output, 40))
    window.gin_screen.view.setFocus()
    QTest.keyClick(window, Qt.Key.Key_S)
    assert heard(window, output, 40)[before:] == ["draw"]
    QTest.keyClick(window, Qt.Key.Key_Right)
    QTest.keyClick(window, Qt.Key.Key_Return)
    window.gin_screen.controller.settle()
    assert heard(window, output, 40)[before + 1] == "discard"


def test_knocking_plays_the_knock_sound(table, qtbot):
    window, output = table
    stand_in_until(window.gin_screen, lambda: bool(legal_kinds(window) & {"knock", "gin"}))
    kind = "gin" if "gin" in legal_kinds(window) else "knock"
    before = len(heard(window, output, 40))
    window.gin_screen.view.setFocus()
    QTest.keyClick(window, Qt.Key.Key_K)
    qtbot.waitUntil(lambda: window.gin_screen.controller.reveal is not None, timeout=5000)
    assert heard(window, output, 40)[before:before + 1] == [kind]


def test_mute_key_silences_the_table_and_is_remembered(table, qtbot, storage):
    window, output = table
    stand_in_until(window.gin_screen, lambda: "draw_stock" in legal_kinds(window))
    window.gin_screen.view.setFocus()
    QTest.keyClick(window, Qt.Key.Key_M)
    assert window.mute_action.isChecked()
    assert storage.settings.settings.sound_muted is True
    before = len(heard(window, output, 40))
    QTest.keyClick(window, Qt.Key.Key_S)
    assert len(window.gin_screen.controller.view().hand) == 11
    assert heard(window, output, 40)[before:] == []


def open_preferences_from_the_menu(window, qtbot) -> PreferencesDialog:
    """Game → Preferences… by mouse, then its Appearance tab (where the sound settings are)."""
    dialog = choose_from_menu(qtbot, window, "&Game", "&Preferences…")
    assert isinstance(dialog, PreferencesDialog)
    qtbot.waitExposed(dialog)
    bar = dialog.tabs.tabBar()
    index = next(i for i in range(bar.count()) if bar.tabText(i) == "Appearance")
    qtbot.mouseClick(bar, Qt.MouseButton.LeftButton, pos=bar.tabRect(index).center())
    assert dialog.tabs.currentIndex() == index
    return dialog


def close_by_its_button(dialog, qtbot) -> None:
    [close] = [b for b in dialog.findChildren(QPushButton) if b.text() == "Close"]
    qtbot.mouseClick(close, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: not dialog.isVisible())


def back_to_the_table(window, qtbot) -> None:
    """The person's keys go to the table again once its window is the active one."""
    window.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is window)
    window.gin_screen.view.setFocus()


def test_preferences_volume_and_mute_apply_live(table, qtbot, storage):
    window, output = table
    assert window.sounds.board.volume == 40  # the default, before any change
    dialog = open_preferences_from_the_menu(window, qtbot)
    slider = dialog.volume_slider
    qtbot.mouseClick(slider, Qt.MouseButton.LeftButton,
                     pos=QPoint(slider.width() * 3 // 4, slider.height() // 2))
    qtbot.waitUntil(lambda: slider.value() > 40)  # a click right of the handle: a page up
    QTest.keyClick(slider, Qt.Key.Key_Home)  # the whole way down, then one page step up
    QTest.keyClick(slider, Qt.Key.Key_PageUp)
    assert slider.value() == 10 and dialog.volume_label.text() == "10%"
    assert storage.settings.settings.sound_volume == 10
    assert window.sounds.board.volume == 10 and not window.sounds.muted  # the player follows
    close_by_its_button(dialog, qtbot)
    stand_in_until(window.gin_screen, lambda: "draw_stock" in legal_kinds(window))
    before = len(heard(window, output, 10))  # the opponent's sounds have all played
    back_to_the_table(window, qtbot)
    QTest.keyClick(window, Qt.Key.Key_S)
    assert heard(window, output, 10)[before:] == ["draw"]  # the draw, at the new volume
    quiet = max(abs(v) for v in output.played[before])
    assert quiet < max(abs(v) for v in scaled(synthesize("draw"), 40)) / 3
    QTest.keyClick(window, Qt.Key.Key_Return)  # discard the selected card
    window.gin_screen.controller.settle()

    dialog = open_preferences_from_the_menu(window, qtbot)
    check = dialog.mute_check
    qtbot.mouseClick(check, Qt.MouseButton.LeftButton, pos=QPoint(8, check.height() // 2))
    assert check.isChecked() and storage.settings.settings.sound_muted is True
    assert window.sounds.muted and window.mute_action.isChecked()
    close_by_its_button(dialog, qtbot)
    stand_in_until(window.gin_screen, lambda: "draw_stock" in legal_kinds(window))
    before = len(heard(window, output, 10))
    back_to_the_table(window, qtbot)
    QTest.keyClick(window, Qt.Key.Key_S)
    assert len(window.gin_screen.controller.view().hand) == 11  # the draw happened, silently
    assert heard(window, output, 10)[before:] == []
