"""Issue 45, item 6: a profile never inherits another's data, and look-alike names are one name.

Statistics and autosaves are kept by profile id, so an id is never given twice; names that look
the same (case, full-width letters, zero-width characters, combining accents) cannot both be
profiles; two copies of the app adding or removing profiles at once agree; and nothing the
storage API accepts can make the next start set the settings aside.
"""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from ginrummy_desktop.storage import Storage
from ginrummy_desktop.storage.settings_store import MAX_PROFILES, SettingsStore
from tests.storage_fixtures import gin_hand, match

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture
def storage(tmp_path):
    opened = Storage(tmp_path)
    yield opened
    opened.close()


@pytest.mark.parametrize(("removed", "added"), [("Zoë", "Zoe"), ("Zo", "Zo!"), ("Ann", "ann.")])
def test_a_new_profile_never_inherits_a_removed_ones_statistics_or_match(
        storage, removed: str, added: str) -> None:
    settings = storage.settings
    old_id = settings.add_profile(removed)
    storage.database.record_match(match("gin", "win", 120, 30, [
        gin_hand("player", 25, 0, "gin", "player")]), old_id)
    old_save = storage.autosave(old_id)
    assert old_save.acquire()
    old_save.save({"game": "gin", "left": "by " + removed})
    old_save.release()
    settings.remove_profile(old_id)

    new_id = settings.add_profile(added)
    assert new_id != old_id
    assert storage.database.history(new_id) == []
    assert storage.autosave(new_id).path != old_save.path
    # Also after a restart: the retired id is remembered in the settings file.
    reopened = SettingsStore(settings.path)
    assert reopened.add_profile(added + " two") != old_id


@pytest.mark.parametrize("look_alike", [
    "ZOË", "zoë", "Zoe\u0308", "Ｚｏë", "Zo\u200bë", " Zoë ", "Zo\u00ade\u0308", "Zoë\u202e",
])
def test_look_alike_names_are_refused(storage, look_alike: str) -> None:
    storage.settings.add_profile("Zoë")
    with pytest.raises(ValueError, match="already exists"):
        storage.settings.add_profile(look_alike)
    assert [name for _pid, name in storage.settings.profiles()].count("Zoë") == 1


def test_names_are_stored_clean_and_a_different_name_is_welcome(storage) -> None:
    pid = storage.settings.add_profile("  Zoe\u0308\u200b  Smith ")
    assert dict(storage.settings.profiles())[pid] == "Zoë Smith"
    assert storage.settings.add_profile("Zoe") != pid  # no accent: a different name


def test_a_profile_removed_in_one_copy_does_not_come_back_from_another(tmp_path) -> None:
    path = tmp_path / "settings.json"
    first = SettingsStore(path)
    ann = first.add_profile("Ann")
    second = SettingsStore(path)  # another copy of the app, with Ann open
    second.switch_profile(ann)
    first.remove_profile(ann)
    second.update(card_back="red")  # Ann's copy changes a setting after she was removed
    second.save()
    assert ann not in dict(SettingsStore(path).profiles())
    assert second.current_profile != ann
    # ... and an old copy that writes her back is not believed either.
    document = json.loads(path.read_text())
    document["profiles"][ann] = document["profiles"][second.current_profile]
    path.write_text(json.dumps(document))
    assert ann not in dict(SettingsStore(path).profiles())


def test_what_the_api_refuses_leaves_a_file_the_next_start_reads(tmp_path) -> None:
    path = tmp_path / "settings.json"
    store = SettingsStore(path)
    with pytest.raises(ValueError):
        store.update(player_name="\ud800")
    with pytest.raises(ValueError):
        store.update(window_geometry={"main": "x" * 5_000_000})
    with pytest.raises(ValueError):
        store.update(window_geometry={f"w{i}": "x" for i in range(1000)})
    assert store.add_profile("Bea\udfff") in dict(store.profiles())  # the surrogate dropped
    for number in range(MAX_PROFILES - len(store.profiles())):
        store.add_profile(f"Player {number}")
    with pytest.raises(ValueError, match="at most"):
        store.add_profile("One too many")
    reopened = SettingsStore(path)
    assert reopened.notices.take() == []
    assert len(reopened.profiles()) == MAX_PROFILES
    assert not list(tmp_path.glob("settings.json.*-*"))  # nothing set aside


ADDER = textwrap.dedent("""
    import json, sys, time
    from pathlib import Path
    from ginrummy_desktop.storage.settings_store import SettingsStore
    path, go, me = Path(sys.argv[1]), Path(sys.argv[2]), sys.argv[3]
    store = SettingsStore(path)
    while not go.exists():
        time.sleep(0.001)
    added, refused, removed = [], [], []
    for number in range(15):
        for name in (f"Shared {number}", f"{me} {number}"):
            shown = name.upper() if me == "B" else name  # a look-alike of the other's
            try:
                added.append(store.add_profile(shown))
            except ValueError:
                refused.append(shown)
        if number % 3 == 0:
            store.remove_profile(added[-1])  # its own latest, while the other adds
            removed.append(added.pop())
    print(json.dumps({"added": added, "refused": refused, "removed": removed}))
""")


def test_two_copies_adding_and_removing_at_once_agree(tmp_path) -> None:
    path, go = tmp_path / "settings.json", tmp_path / "go"
    SettingsStore(path).save()
    children = [subprocess.Popen([sys.executable, "-c", ADDER, str(path), str(go), me],
                                 cwd=ROOT, stdout=subprocess.PIPE, text=True)
                for me in ("A", "B")]
    go.touch()
    results = [json.loads(child.communicate(timeout=120)[0]) for child in children]
    assert all(child.returncode == 0 for child in children)
    final = SettingsStore(path)
    names = [name for _pid, name in final.profiles()]
    keys = [name.casefold() for name in names]
    assert len(keys) == len(set(keys)), "two look-alike profiles were both added"
    kept = {pid for result in results for pid in result["added"]}
    assert kept <= set(dict(final.profiles())), "a profile added by one copy was lost"
    gone = {pid for result in results for pid in result["removed"]}
    assert gone and not gone & set(dict(final.profiles())), "a removed profile came back"
    for number in range(15):  # each shared name exactly once, whoever won it
        assert keys.count(f"shared {number}") == 1
    assert final.notices.take() == []
