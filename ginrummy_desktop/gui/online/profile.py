"""A player's profile: rating, games, win rate and completion rate per game; add as friend."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtWidgets import QDialog, QDialogButtonBox, QLabel, QPushButton, QVBoxLayout, QWidget

from ginrummy_desktop.engine.translation import percent, tr
from ginrummy_desktop.gui.online.lobby import GAME_TITLES, game_title


def profile_html(profile: dict[str, Any]) -> str:
    rows = []
    for game in GAME_TITLES:
        title = game_title(game)
        stats = profile.get("games", {}).get(game, {})
        games = int(stats.get("games", 0))
        wins = int(stats.get("wins", 0))
        win_rate = percent(100 * wins / games) if games else "–"
        completion = percent(100 * float(stats.get("completion_rate", 1.0))) if games else "–"
        rows.append(f"<tr><td><b>{title}</b></td><td>{float(stats.get('rating', 0)):.0f}</td>"
                    f"<td>{games}</td><td>{win_rate}</td><td>{completion}</td></tr>")
    name = profile.get("display") or profile.get("user", "?")
    head = "".join(f"<th>{words}</th>" for words in (
        tr("Rating"), tr("Games"), tr("Win rate"), tr("Completion")))
    return (f"<h2>{name}</h2><table cellpadding='6'><tr><th></th>{head}</tr>" + "".join(rows)
            + "</table><p>"
            + tr("Completion: the share of games played to the end (not left or timed out).")
            + "</p>")


class ProfileDialog(QDialog):
    def __init__(self, profile: dict[str, Any], can_add: bool, on_add: Callable[[str], object],
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.user = str(profile.get("user", ""))
        self.setWindowTitle(tr("Profile: {user}").format(user=self.user))
        self.text = QLabel(profile_html(profile), self)
        self.text.setAccessibleName(tr("Profile"))
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, self)
        buttons.rejected.connect(self.reject)
        self.add_button = QPushButton(tr("Add as friend"), self)
        self.add_button.setVisible(can_add)

        def add() -> None:
            on_add(self.user)
            self.add_button.setEnabled(False)

        self.add_button.clicked.connect(add)
        buttons.addButton(self.add_button, QDialogButtonBox.ButtonRole.ActionRole)
        layout = QVBoxLayout(self)
        layout.addWidget(self.text)
        layout.addWidget(buttons)
