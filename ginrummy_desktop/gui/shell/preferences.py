"""Preferences: every setting of the current profile, applied live as it is changed.

The dialog writes each change straight to ``storage.settings`` (which saves it and tells its
subscribers, e.g. the main window, so the table updates at once). It holds no rules: option
values are checked by the settings layer, and a refused value is explained in the dialog.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QSize, Qt
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QFrame,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QScrollArea,
    QSlider,
    QSpinBox,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from ginrummy_desktop.engine import translation
from ginrummy_desktop.engine.cribbage.rules import GAME_LENGTHS, CribbageRules
from ginrummy_desktop.engine.cribbage.rules import OPTION_LABELS as CRIBBAGE_LABELS
from ginrummy_desktop.engine.gin.rules import (
    GIN_PRESETS as GIN_RULE_PRESETS,
)
from ginrummy_desktop.engine.gin.rules import (
    NEXT_DEALER_CHOICES,
    OPTION_LABELS,
    SHUTOUT_CHOICES,
)
from ginrummy_desktop.engine.translation import LANGUAGES, mark, percent, tr, tr_ctx
from ginrummy_desktop.gui.game_registry import gui_games
from ginrummy_desktop.storage.settings import (
    ANIMATION_SPEEDS,
    CARD_BACKS,
    CARD_FACES,
    CARD_SIZES,
    CONFIRMATION_KEYS,
    GIN_PRESETS,
    TABLE_COLOURS,
    Settings,
)

# Gin options shown as spin boxes: (field, label, maximum); the labels are the engine's.
GIN_NUMBER_OPTIONS = tuple(
    (name, OPTION_LABELS[name], maximum)
    for name, maximum in (("knock_limit", 100), ("gin_bonus", 500), ("big_gin_bonus", 500),
                          ("undercut_bonus", 500), ("box_bonus", 500), ("game_bonus", 1000),
                          ("target", 1000))
)
GIN_CHOICE_OPTIONS = (
    ("shutout", OPTION_LABELS["shutout"], SHUTOUT_CHOICES),
    ("next_dealer", OPTION_LABELS["next_dealer"], NEXT_DEALER_CHOICES),
)
GIN_FLAG_OPTIONS = tuple(
    (name, OPTION_LABELS[name])
    for name in ("oklahoma", "deal_eleven", "rediscard_taken", "last_discard_to_knock")
)
CONFIRMATION_LABELS = {  # shown with tr()
    "knock": mark("Before knocking"),
    "new_match": mark("Before abandoning a match for a new one"),
    "quit_match": mark("Before quitting during a match"),
    "resign": mark("Before resigning"),
}
# How the settings' values read (the values are saved ids and stay English): card faces, backs,
# sizes, felts, speeds, gin presets and the gin choices; anything else reads as its id.
VALUE_WORDS: dict[str, Callable[[], str]] = {
    "standard": lambda: tr_ctx("card faces", "Standard"),
    "large-index": lambda: tr_ctx("card faces", "Large index"),
    "blue": lambda: tr("Blue"),
    "red": lambda: tr("Red"),
    "green": lambda: tr("Green"),
    "grey": lambda: tr("Grey"),
    "midnight": lambda: tr_ctx("card back", "Midnight"),
    "small": lambda: tr_ctx("card size", "Small"),
    "medium": lambda: tr_ctx("card size", "Medium"),
    "large": lambda: tr_ctx("card size", "Large"),
    "huge": lambda: tr_ctx("card size", "Huge"),
    "instant": lambda: tr("Instant"),
    "fast": lambda: tr("Fast"),
    "normal": lambda: tr("Normal"),
    "slow": lambda: tr("Slow"),
    "classic": lambda: tr("Classic"),
    "traditional": lambda: tr("Traditional"),
    "tournament": lambda: tr("Tournament"),
    "oklahoma": lambda: tr("Oklahoma"),
    "straight": lambda: tr("Straight"),
    "hollywood": lambda: tr("Hollywood"),
    "three-player": lambda: tr("Three player"),
    "partnership": lambda: tr("Partnership"),
    # Translators: gin's shutout rule: the game bonus is doubled when the loser scored nothing.
    "double_game_bonus": lambda: tr("Double game bonus"),
    # Translators: gin's shutout rule: the winner's whole total is doubled.
    "double_total": lambda: tr("Double total"),
    # Translators: gin's shutout rule: nothing extra.
    "none": lambda: tr_ctx("shutout", "None"),
    # Translators: who deals the next gin hand.
    "loser": lambda: tr_ctx("next dealer", "Loser"),
    "winner": lambda: tr_ctx("next dealer", "Winner"),
    "alternate": lambda: tr_ctx("next dealer", "Alternate"),
}


def _label(text: str) -> str:
    """A setting's value as the player reads it, in the chosen language."""
    words = VALUE_WORDS.get(text)
    if words is not None:
        return words()
    return text.replace("_", " ").replace("-", " ").capitalize()


def language_choices() -> list[tuple[str, str]]:
    """The Language box's entries: the system's choice (naming the language it gives), then
    each shipped language in its own name."""
    from ginrummy_desktop.gui.common.language import system_language

    system = LANGUAGES.get(system_language(), LANGUAGES[translation.SOURCE_LANGUAGE])
    return [(tr("System ({language})").format(language=system), ""),
            *((name, code) for code, name in LANGUAGES.items())]


def chosen_language(choice: str) -> str:
    """The language a Language setting gives at start ("": the system's)."""
    from ginrummy_desktop.gui.common.language import system_language

    return translation.supported([choice]) if choice else system_language()


class _PageScroll(QScrollArea):
    """A tab page that scrolls where the screen is too short for it (800x500 at scale 2);
    elsewhere it asks for its page's whole size (Qt would cap it at 24 lines) and shows it
    whole, as before."""

    def __init__(self, page: QWidget) -> None:
        super().__init__()
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.setWidgetResizable(True)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        # In a wide window the fields keep a readable width (about 80 characters, or what
        # the page needs), at the left, instead of stretching across the screen.
        page.setMaximumWidth(max(page.sizeHint().width(),
                                 80 * page.fontMetrics().averageCharWidth()))
        self.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
        self.setWidget(page)

    def sizeHint(self) -> QSize:
        page = self.widget()
        return page.sizeHint() if page is not None else super().sizeHint()


class PreferencesDialog(QDialog):
    """Modeless dialog editing ``storage.settings``; every change is saved and applied live."""

    def __init__(self, storage: Any, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(tr("Preferences"))
        self.store = storage.settings
        self._loading = False
        self.tabs = QTabWidget()
        for page, title in ((self._player_tab(), tr("Player")),
                            (self._appearance_tab(), tr("Appearance")),
                            (self._gin_tab(), tr("Gin Rummy")),
                            (self._cribbage_tab(), tr("Cribbage"))):
            self.tabs.addTab(_PageScroll(page), title)
        self.message = QLabel()
        self.message.setObjectName("preferencesMessage")
        self.message.setWordWrap(True)
        self.message.setStyleSheet("color: #a3182b;")
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        self.reset_button = buttons.addButton(
            tr("Reset to defaults"), QDialogButtonBox.ButtonRole.ResetRole
        )
        self.reset_button.clicked.connect(self.reset_to_defaults)
        buttons.rejected.connect(self.close)
        layout = QVBoxLayout(self)
        layout.addWidget(self.tabs)
        layout.addWidget(self.message)
        layout.addWidget(buttons)
        self._unsubscribe = self.store.subscribe(lambda settings, changed: self.load())
        self.finished.connect(lambda _result: self._unsubscribe())
        self.destroyed.connect(lambda _obj=None, off=self._unsubscribe: off())
        # Enter in a text field must not press a button (it would add a profile or close).
        for button in self.findChildren(QPushButton):
            button.setAutoDefault(False)
            button.setDefault(False)
        self.load()

    # ----- building --------------------------------------------------------------------------
    def _combo(self, items: list[tuple[str, Any]], on_change: Any) -> QComboBox:
        combo = QComboBox()
        for text, data in items:
            combo.addItem(text, data)
        combo.currentIndexChanged.connect(lambda _i: self._user(on_change, combo.currentData()))
        return combo

    def _check(self, text: str, on_change: Any) -> QCheckBox:
        box = QCheckBox(text)
        box.toggled.connect(lambda on: self._user(on_change, on))
        return box

    def _player_tab(self) -> QWidget:
        page = QWidget()
        form = QFormLayout(page)
        # The language: saved like the other settings, used from the next start (every window
        # is built in one language), which the line under the box says.
        self.language_combo = self._combo(language_choices(),
                                          lambda value: self._apply("language", value))
        self.language_combo.setObjectName("languageCombo")
        self.language_note = QLabel(tr("The new language is used from the next start."))
        self.language_note.setObjectName("languageNote")
        self.language_note.setWordWrap(True)
        language_box = QVBoxLayout()
        language_box.setContentsMargins(0, 0, 0, 0)
        language_box.addWidget(self.language_combo)
        language_box.addWidget(self.language_note)
        form.addRow(tr("Language"), language_box)
        self.profile_combo = QComboBox()
        self.profile_combo.currentIndexChanged.connect(
            lambda _i: self._user(self._switch_profile, self.profile_combo.currentData())
        )
        form.addRow(tr("Profile"), self.profile_combo)
        self.new_profile_edit = QLineEdit()
        self.new_profile_edit.setPlaceholderText(tr("New player's name"))
        self.add_profile_button = QPushButton(tr("Add profile"))
        self.add_profile_button.clicked.connect(self._add_profile)
        self.new_profile_edit.returnPressed.connect(self._add_profile)
        self.remove_profile_button = QPushButton(tr("Remove this profile"))
        self.remove_profile_button.clicked.connect(self._remove_profile)
        row = QHBoxLayout()
        row.addWidget(self.new_profile_edit)
        row.addWidget(self.add_profile_button)
        form.addRow("", row)
        form.addRow("", self.remove_profile_button)
        self.name_edit = QLineEdit()
        self.name_edit.setMaxLength(40)
        self.name_edit.editingFinished.connect(
            lambda: self._user(self._apply, "player_name", self.name_edit.text().strip())
        )
        form.addRow(tr("Your name"), self.name_edit)
        self.online_server_edit = QLineEdit()
        self.online_server_edit.setPlaceholderText(tr("the address your club's server gave you"))
        self.online_server_edit.editingFinished.connect(
            lambda: self._user(self._apply, "online_server",
                               self.online_server_edit.text().strip())
        )
        form.addRow(tr("Online server"), self.online_server_edit)
        self.opponent_combos: dict[str, QComboBox] = {}
        for entry in gui_games():  # each game with opponents: its default one
            if entry.opponents is None:
                continue
            bots = [(info.name, info.bot_id) for info in entry.opponents()[0]]
            combo = self._combo(bots, lambda value, g=entry.name: self._set_opponent(g, value))
            self.opponent_combos[entry.name] = combo
            form.addRow(tr(entry.opponent_label or entry.title), combo)
        self.auto_sort_check = self._check(
            tr("Sort my hand automatically"), lambda on: self._apply("auto_sort", on)
        )
        form.addRow("", self.auto_sort_check)
        self.undo_check = self._check(
            tr("Allow undo against the computer (Gin Rummy; never in online games)"),
            lambda on: self._apply("undo_vs_computer", on))
        self.undo_check.setToolTip(tr("Ctrl+Z takes back your last move; the match is marked "
                                      "as played with undo in your statistics"))
        form.addRow("", self.undo_check)
        self.confirm_checks: dict[str, QCheckBox] = {}
        for key in CONFIRMATION_KEYS:
            box = self._check(tr(CONFIRMATION_LABELS[key]) if key in CONFIRMATION_LABELS
                              else _label(key),
                              lambda on, k=key: self._set_confirmation(k, on))
            self.confirm_checks[key] = box
            form.addRow(tr("Ask for confirmation") if key == CONFIRMATION_KEYS[0] else "", box)
        return page

    def _appearance_tab(self) -> QWidget:
        page = QWidget()
        form = QFormLayout(page)
        self.face_combo = self._combo([(_label(f), f) for f in CARD_FACES],
                                      lambda v: self._apply("card_face", v))
        self.back_combo = self._combo([(_label(b), b) for b in CARD_BACKS],
                                      lambda v: self._apply("card_back", v))
        self.size_combo = self._combo([(_label(s), s) for s in CARD_SIZES],
                                      lambda v: self._apply("card_size", v))
        self.table_combo = self._combo([(_label(c), c) for c in TABLE_COLOURS],
                                       lambda v: self._apply("table_colour", v))
        self.four_colour_check = self._check(
            tr("Four-colour deck (each suit its own colour)"),
            lambda on: self._apply("four_colour_deck", on),
        )
        self.speed_combo = self._combo([(_label(s), s) for s in ANIMATION_SPEEDS],
                                       lambda v: self._apply("animation_speed", v))
        form.addRow(tr("Card faces"), self.face_combo)
        form.addRow(tr("Card back"), self.back_combo)
        form.addRow(tr("Card size"), self.size_combo)
        form.addRow(tr("Table colour"), self.table_combo)
        form.addRow("", self.four_colour_check)
        form.addRow(tr("Animation speed"), self.speed_combo)
        self.volume_slider = QSlider(Qt.Orientation.Horizontal)
        self.volume_slider.setObjectName("soundVolume")
        self.volume_slider.setRange(0, 100)
        self.volume_slider.setPageStep(10)
        self.volume_slider.setAccessibleName(tr("Sound volume"))
        self.volume_label = QLabel()
        self.volume_label.setMinimumWidth(self.volume_label.fontMetrics().horizontalAdvance(percent(100)))
        self.volume_slider.valueChanged.connect(self._volume_moved)
        # A volume is judged by ear: the new level plays a table sound when the slider is let
        # go (or moved with the keys), not on every pixel of a drag.
        self.volume_slider.sliderReleased.connect(self._preview_volume)
        volume_row = QHBoxLayout()
        volume_row.addWidget(self.volume_slider, 1)
        volume_row.addWidget(self.volume_label)
        form.addRow(tr("Sound volume"), volume_row)
        self.mute_check = self._check(tr("Mute sounds"), lambda on: self._apply("sound_muted", on))
        form.addRow("", self.mute_check)
        return page

    def _volume_moved(self, value: int) -> None:
        self.volume_label.setText(percent(value))
        self._user(self._apply, "sound_volume", value)
        if not self._loading and not self.volume_slider.isSliderDown():
            self._preview_volume()

    def _preview_volume(self) -> None:
        """Play a sound at the chosen volume (the main window's sounds, already updated)."""
        preview = getattr(self.parent(), "preview_sound", None)
        if preview is not None:
            preview()

    def _gin_tab(self) -> QWidget:
        page = QWidget()
        form = QFormLayout(page)
        self.preset_combo = self._combo([(_label(p), p) for p in GIN_PRESETS],
                                        self._set_preset)
        form.addRow(tr("Rules preset"), self.preset_combo)
        self.gin_spins: dict[str, QSpinBox] = {}
        for key, text, maximum in GIN_NUMBER_OPTIONS:
            spin = QSpinBox()
            spin.setRange(0, maximum)
            spin.valueChanged.connect(lambda v, k=key: self._user(self._set_gin_option, k, v))
            self.gin_spins[key] = spin
            form.addRow(tr(text), spin)
        self.gin_choices: dict[str, QComboBox] = {}
        for key, text, choices in GIN_CHOICE_OPTIONS:
            combo = self._combo([(_label(c), c) for c in choices],
                                lambda v, k=key: self._set_gin_option(k, v))
            self.gin_choices[key] = combo
            form.addRow(tr(text), combo)
        self.gin_flags: dict[str, QCheckBox] = {}
        for key, text in GIN_FLAG_OPTIONS:
            box = self._check(tr(text), lambda on, k=key: self._set_gin_option(k, on))
            self.gin_flags[key] = box
            form.addRow("", box)
        return page

    def _cribbage_tab(self) -> QWidget:
        page = QWidget()
        form = QFormLayout(page)
        self.cribbage_target_combo = self._combo(
            [(CribbageRules.for_target(t).describe(), t) for t in GAME_LENGTHS],
            lambda v: self._set_cribbage("target", v),
        )
        self.stinkhole_check = self._check(
            tr(CRIBBAGE_LABELS["stinkhole"]), lambda on: self._set_cribbage("stinkhole", on),
        )
        self.muggins_check = self._check(
            tr(CRIBBAGE_LABELS["muggins"]), lambda on: self._set_cribbage("muggins", on),
        )
        form.addRow(tr("Game length"), self.cribbage_target_combo)
        form.addRow("", self.stinkhole_check)
        form.addRow("", self.muggins_check)
        return page

    # ----- showing the settings ----------------------------------------------------------------
    def load(self) -> None:
        """Show the current profile's settings (after a switch, a reset or any change)."""
        self._loading = True
        try:
            s = self.store.settings
            self.profile_combo.clear()
            for profile_id, name in self.store.profiles():
                self.profile_combo.addItem(name, profile_id)
            self._select(self.profile_combo, self.store.current_profile)
            self.remove_profile_button.setEnabled(len(self.store.profiles()) > 1)
            self.name_edit.setText(s.player_name)
            self._select(self.language_combo, s.language)
            self.language_note.setVisible(chosen_language(s.language) != translation.language())
            self.online_server_edit.setText(s.online_server)
            for game, combo in self.opponent_combos.items():
                wanted = s.default_opponent.get(game) or self._app_default_opponent(game)
                if combo.findData(wanted) < 0:  # saved opponent not installed in this version
                    combo.addItem(tr("{name} (not available)").format(name=_label(str(wanted))),
                                  wanted)
                self._select(combo, wanted)
            self.auto_sort_check.setChecked(s.auto_sort)
            self.undo_check.setChecked(s.undo_vs_computer)
            for key, box in self.confirm_checks.items():
                box.setChecked(s.confirmations.get(key, True))
            self._select(self.face_combo, s.card_face)
            self._select(self.back_combo, s.card_back)
            self._select(self.size_combo, s.card_size)
            if s.table_colour not in TABLE_COLOURS and self.table_combo.findData(
                s.table_colour
            ) < 0:
                self.table_combo.addItem(tr("Custom {colour}").format(colour=s.table_colour),
                                         s.table_colour)
            self._select(self.table_combo, s.table_colour)
            self.four_colour_check.setChecked(s.four_colour_deck)
            self._select(self.speed_combo, s.animation_speed)
            self.volume_slider.setValue(s.sound_volume)
            self.volume_label.setText(percent(s.sound_volume))
            self.mute_check.setChecked(s.sound_muted)
            self._select(self.preset_combo, s.gin_preset)
            try:
                rules = s.gin_rules()
            except ValueError:  # settings built in code, never read from disk: show the preset
                rules = GIN_RULE_PRESETS[s.gin_preset]
            for key, spin in self.gin_spins.items():
                spin.setValue(getattr(rules, key) or 0)
            for key, combo in self.gin_choices.items():
                self._select(combo, getattr(rules, key))
            for key, box in self.gin_flags.items():
                box.setChecked(bool(getattr(rules, key)))
            self._select(self.cribbage_target_combo, s.cribbage_options.get("target", 121))
            self.stinkhole_check.setChecked(bool(s.cribbage_options.get("stinkhole")))
            self.muggins_check.setChecked(bool(s.cribbage_options.get("muggins")))
        finally:
            self._loading = False

    @staticmethod
    def _app_default_opponent(game: str) -> str:
        """Before the player has chosen: the friendly opponent the welcome page offers (the
        game's registration names it), so Preferences and the welcome agree."""
        from ginrummy_desktop.gui.shell.welcome import game_opponents

        return game_opponents(game)[1]

    @staticmethod
    def _select(combo: QComboBox, data: Any) -> None:
        index = combo.findData(data)
        if index >= 0:
            combo.setCurrentIndex(index)

    # ----- applying changes --------------------------------------------------------------------
    def _user(self, handler: Any, *args: Any) -> None:
        """Run a change the user made (not one made by ``load``), explaining refusals."""
        if self._loading:
            return
        try:
            handler(*args)
        except ValueError as error:
            self.message.setText(str(error))
            self.load()
        else:
            self.message.clear()

    def _apply(self, name: str, value: Any) -> None:
        if self._loading:
            return
        self.store.update(**{name: value})

    @property
    def settings(self) -> Settings:
        return self.store.settings

    def _set_opponent(self, game: str, bot_id: str) -> None:
        self._apply("default_opponent", {**self.settings.default_opponent, game: bot_id})

    def _set_confirmation(self, key: str, on: bool) -> None:
        self._apply("confirmations", {**self.settings.confirmations, key: on})

    def _set_preset(self, preset: str) -> None:
        # A preset is a coherent rule set: choosing one drops earlier per-option overrides.
        self.store.update(gin_preset=preset, gin_overrides={})

    def _set_gin_option(self, key: str, value: Any) -> None:
        if self._loading:
            return
        if key == "big_gin_bonus" and value == 0:
            value = None
        overrides = dict(self.settings.gin_overrides)
        if getattr(GIN_RULE_PRESETS[self.settings.gin_preset], key) == value:
            overrides.pop(key, None)
        else:
            overrides[key] = value
        self.store.update(gin_overrides=overrides)

    def _set_cribbage(self, key: str, value: Any) -> None:
        self._apply("cribbage_options", {**self.settings.cribbage_options, key: value})

    def _switch_profile(self, profile_id: str | None) -> None:
        if profile_id:
            self.store.switch_profile(profile_id)

    def _add_profile(self) -> None:
        name = self.new_profile_edit.text().strip()
        if not name:
            self.message.setText(tr("Type the new player's name first."))
            return
        try:
            profile_id = self.store.add_profile(name)
        except ValueError as error:
            self.message.setText(str(error).capitalize())
            return
        self.new_profile_edit.clear()
        self.message.clear()
        self.store.switch_profile(profile_id)

    def _remove_profile(self) -> None:
        try:
            self.store.remove_profile(self.store.current_profile)
        except ValueError as error:
            self.message.setText(str(error).capitalize())
            return
        self.load()

    def reset_to_defaults(self) -> None:
        """Defaults for this profile (the name stays); the table updates at once."""
        self.store.reset_to_defaults()
        self.message.clear()
        self.load()
