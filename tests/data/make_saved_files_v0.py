"""Write the saved files of a real player with the app as it was before the translation work.

tests/data/saved_v0/ was made by this script run against commit 89710d0 (main before issue 42's
translation work) so that tests/test_saved_files_compat.py can check that today's code still
loads what that version wrote: settings, statistics database, exported records and autosaves.

How to run it (from the repository root; it refuses to run with any other code)::

    git worktree add /tmp/compat-old 89710d0
    QT_QPA_PLATFORM=offscreen PYTHONPATH=/tmp/compat-old \\
        .venv/bin/python tests/data/make_saved_files_v0.py /tmp/saved-v0
    rm -rf tests/data/saved_v0 && cp -r /tmp/saved-v0 tests/data/saved_v0
    git worktree remove --force /tmp/compat-old

The output folder is a $GINRUMMY_DESKTOP_HOME (config/, data/, logs/ removed) plus
records.jsonl (the app's own export of the first profile's hand records) and expected.json
(what the old app showed: the profiles' settings, the statistics per game and per line-up and
the two unfinished games as saved). Everything is produced by driving the real app: a
MainWindow with storage, the person's moves made by a greedy stand-in through the table
controllers as the GUI tests do; the opponents think on their threads as in play.

Two profiles: "player" (Ada) with finished gin matches against one opponent, another one and a
three-player line-up, cribbage games of 121 and 61 points, an oklahoma preset with an override,
four-colour deck, a table colour, volume and default opponents, and an unfinished gin match
left mid-hand (its autosave). "bruno" with other settings and an unfinished cribbage game (the
app keeps one autosave slot per profile).
"""

from __future__ import annotations

import dataclasses
import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

OLD_COMMIT = "89710d0"


def main(out: Path) -> None:
    if out.exists() and any(out.iterdir()):
        raise SystemExit(f"{out} is not empty")
    out.mkdir(parents=True, exist_ok=True)
    os.environ["GINRUMMY_DESKTOP_HOME"] = str(out)
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

    import ginrummy_desktop

    source = Path(ginrummy_desktop.__file__).resolve().parent.parent
    head = subprocess.run(["git", "-C", str(source), "rev-parse", "--short=7", "HEAD"],
                          capture_output=True, text=True, check=True).stdout.strip()
    if head != OLD_COMMIT:
        raise SystemExit(f"run with PYTHONPATH at a worktree of {OLD_COMMIT}, not {source} "
                         f"({head})")

    from PySide6.QtWidgets import QApplication

    from ginrummy_desktop.gui.shell.main_window import MainWindow
    from ginrummy_desktop.storage import open_storage

    app = QApplication.instance() or QApplication([])
    MainWindow.ask = lambda _window, _box: True  # the person answers every question "Yes"

    storage = open_storage(out)
    settings = storage.settings
    settings.update(
        player_name="Ada", gin_preset="oklahoma", gin_overrides={"undercut_bonus": 20},
        four_colour_deck=True, table_colour="#1d4b6c", sound_volume=65,
        default_opponent={"gin": "knocker", "cribbage": "careful"}, card_back="red",
        card_size="large", animation_speed="instant", confirmations={"knock": False},
        cribbage_options={"target": 61, "stinkhole": False, "muggins": False},
        undo_vs_computer=True, online_server="cards.example.org:5222")
    bruno = settings.add_profile("Bruno")

    expected: dict = {"commit": OLD_COMMIT, "profiles": {}, "autosaves": {}}
    window = open_window(app, storage)
    play_finished_matches(app, window)
    window.persistence.jobs.wait()
    expected["statistics"] = statistics(storage)
    # The player starts her usual match (the settings' preset and opponent) and stops mid-hand.
    window.start_default_match()
    expected["autosaves"]["player"] = leave_gin_mid_hand(app, window)
    window.close()
    storage.close()

    storage = open_storage(out)
    storage.settings.switch_profile(bruno)
    storage.settings.update(
        table_colour="red", card_face="large-index", sound_volume=10, sound_muted=True,
        gin_preset="hollywood", cribbage_options={"target": 121, "stinkhole": True},
        auto_sort=False, default_opponent={"cribbage": "greedy"}, animation_speed="instant",
        card_size="small")
    window = open_window(app, storage)
    expected["autosaves"][bruno] = leave_cribbage_mid_hand(app, window)
    window.close()
    storage.settings.switch_profile("player")  # Ada is the one the app opens next
    expected["profiles"] = {pid: settings_of(storage, pid) for pid, _ in
                            storage.settings.profiles()}

    from ginrummy_desktop.storage.records_io import export_records_jsonl

    expected["records"] = export_records_jsonl(storage.database, "player",
                                               out / "records.jsonl")
    storage.close()
    shutil.rmtree(out / "logs", ignore_errors=True)
    for lock in out.rglob("*.lock"):
        lock.unlink()
    (out / "expected.json").write_text(json.dumps(expected, indent=1, sort_keys=True) + "\n",
                                       encoding="utf-8")
    app.processEvents()
    print(json.dumps({"records": expected["records"],
                      "files": sorted(str(p.relative_to(out)) for p in out.rglob("*")
                                      if p.is_file())}))


def open_window(app, storage):
    from ginrummy_desktop.gui.shell.main_window import MainWindow

    window = MainWindow(storage=storage, speed="instant")
    window.resize(1024, 700)
    window.show()
    app.processEvents()
    return window


def settings_of(storage, pid: str) -> dict:
    from ginrummy_desktop.storage.jsonfile import read_json_file
    from ginrummy_desktop.storage.settings_store import _parse_document  # what the file holds

    profiles, *_ = _parse_document(read_json_file(storage.settings.path, 4_000_000))
    values = profiles[pid].to_json()
    values.pop("window_geometry")  # Qt's bytes for this screen: only its presence is checked
    return values


# -- gin -----------------------------------------------------------------------------------

def gin_step(window, bot) -> None:
    """One step of the person (a greedy stand-in) at the gin table; a hand's end is continued
    past."""
    from ginrummy_desktop.gui.gin.controller import HUMAN

    screen = window.gin_screen
    controller = screen.controller
    assert controller.settle()  # the opponents move on their threads
    if controller.session.over:
        return
    if controller.reveal is not None:
        screen._continue()
        return
    if controller.session.to_move() == HUMAN:
        assert controller.play(bot.choose(controller.session.observation(HUMAN)))


def play_gin(app, window, setup) -> None:
    from ginrummy_desktop.engine.gin.bots import BUILTIN_BOTS

    window.gin_screen.new_match(setup)
    controller = window.gin_screen.controller
    bot = BUILTIN_BOTS["greedy"]()
    for _ in range(20_000):
        if controller.session.over:
            break
        gin_step(window, bot)
        app.processEvents()
    assert controller.session.over
    app.processEvents()


def leave_gin_mid_hand(app, window) -> dict:
    """Play into the second hand and a few moves on; the autosave holds the match."""
    from ginrummy_desktop.engine.gin.bots import BUILTIN_BOTS

    controller = window.gin_screen.controller
    bot = BUILTIN_BOTS["greedy"]()
    for _ in range(5_000):
        if controller.session.hand_records() and controller.reveal is None:
            break
        gin_step(window, bot)
        app.processEvents()
    for _ in range(3):
        gin_step(window, bot)
    assert controller.settle()
    app.processEvents()
    assert not controller.session.over and controller.reveal is None
    view = controller.view()
    return {"game": "gin", "scores": list(view.scores), "hand_number": view.hand_number,
            "hand": sorted(str(c) for c in view.hand),
            "hand_order": [str(c) for c in controller.hand_order],
            "discard_pile": [str(c) for c in view.discard_pile], "stock_size": view.stock_size,
            "opponent": controller.setup.opponent, "preset": controller.setup.preset,
            "rules": controller.rules.to_dict(), "to_move": view.to_move}


# -- cribbage ------------------------------------------------------------------------------

def cribbage_step(app, table, bot) -> None:
    controller = table.controller
    match = controller.match
    controller.settle()
    app.processEvents()
    stage = controller.stage
    if stage in ("cut", "show"):
        controller.confirm()  # Enter: cut, Deal, or go on after the show
    elif stage == "discard" and match.to_move() == 0:
        action = bot.choose(match.observation(0))
        for card in action.cards:
            controller.toggle_discard(card)
        controller.send_discard()
    elif stage == "play" and match.to_move() == 0:
        action = bot.choose(match.observation(0))
        if action.kind == "play":
            controller.play_card(action.card)
    else:
        time.sleep(0.005)
    app.processEvents()


def play_cribbage(app, window, setup, seed: int) -> None:
    from ginrummy_desktop.engine.cribbage.bots import BUILTIN_BOTS

    table = window.start_cribbage(setup, seed=seed)
    bot = BUILTIN_BOTS["greedy"]()
    for _ in range(50_000):
        if table.controller.stage == "over":
            break
        cribbage_step(app, table, bot)
    assert table.controller.match.over
    app.processEvents()


def leave_cribbage_mid_hand(app, window) -> dict:
    from ginrummy_desktop.engine.cribbage.bots import BUILTIN_BOTS
    from ginrummy_desktop.gui.cribbage.new_game_dialog import CribbageSetup

    table = window.start_cribbage(CribbageSetup("greedy", target=121, stinkhole=True), seed=77)
    controller = table.controller
    bot = BUILTIN_BOTS["greedy"]()
    for _ in range(20_000):  # into the third hand, the crib laid away, a card played
        controller.settle()
        app.processEvents()
        match = controller.match
        if match.hand_number >= 3 and controller.stage == "play" \
                and len(match.observation(0).hand) == 3 and match.to_move() == 0:
            break
        cribbage_step(app, table, bot)
    match = controller.match
    assert not match.over and controller.stage == "play"
    window.persistence.save()
    return {"game": "cribbage", "scores": list(match.scores), "hand_number": match.hand_number,
            "hand": sorted(str(c) for c in match.observation(0).hand),
            "dealer": match.dealer, "opponent": controller.opponent_id,
            "target": controller.rules.target, "stinkhole": controller.rules.stinkhole,
            "stage": controller.stage}


def play_finished_matches(app, window) -> None:
    from ginrummy_desktop.gui.cribbage.new_game_dialog import CribbageSetup
    from ginrummy_desktop.gui.gin.controller import MatchSetup

    play_gin(app, window, MatchSetup(preset="oklahoma", opponent="knocker", seed=11,
                                     overrides={"undercut_bonus": 20}))
    play_gin(app, window, MatchSetup(preset="classic", opponent="greedy", seed=12))
    play_gin(app, window, MatchSetup(preset="classic", opponent="knocker", seed=13))
    play_gin(app, window, MatchSetup(preset="three-player", opponent="greedy", seed=14,
                                     others=("beginner",)))
    play_cribbage(app, window, CribbageSetup("careful", target=61), seed=21)
    play_cribbage(app, window, CribbageSetup("beginner", target=121), seed=22)
    play_cribbage(app, window, CribbageSetup("careful", target=61), seed=23)


def statistics(storage) -> dict:
    from ginrummy_desktop.storage.stats import breakdown, figures

    database, profile = storage.database, storage.profile

    def plain(value):
        return json.loads(json.dumps(dataclasses.asdict(value)))

    history = [{"game": row.game, "opponent_id": row.opponent_id,
                "opponent_name": row.opponent_name, "rules": row.rules,
                "scores": [row.player_score, row.opponent_score], "result": row.result,
                "hands": row.hands, "lineup": row.lineup, "lineup_label": row.lineup_label,
                "seat_names": list(row.seat_names), "player_seat": row.player_seat}
               for row in database.history(profile)]
    lineups = sorted({(row["game"], row["lineup"]) for row in history})
    return {
        "history": history,
        "overall": plain(figures(database, profile)),
        "games": {game: plain(figures(database, profile, game))
                  for game in sorted({row["game"] for row in history})},
        "lineups": [[game, lineup, plain(figures(database, profile, game, lineup=lineup))]
                    for game, lineup in lineups],
        "by_opponent": [dataclasses.asdict(line) for line in breakdown(database, profile,
                                                                         "opponent")],
        "by_game": [dataclasses.asdict(line) for line in breakdown(database, profile, "game")],
    }


if __name__ == "__main__":
    if len(sys.argv) != 2:
        raise SystemExit(__doc__)
    main(Path(sys.argv[1]))
