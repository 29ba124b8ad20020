"""Settings file: defaults, live changes, profiles, damaged and newer files."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ginrummy_desktop.storage import HOME_ENV_VAR, Settings, SettingsStore, Storage, app_paths
from ginrummy_desktop.storage.settings import (
    ANIMATION_SPEEDS,
    CARD_BACKS,
    CARD_SIZES,
    GIN_PRESETS,
    clean_name,
)


@pytest.fixture
def settings_path(tmp_path):
    return tmp_path / "config" / "settings.json"


def test_env_var_moves_every_folder_under_the_given_root(tmp_path, monkeypatch):
    monkeypatch.setenv(HOME_ENV_VAR, str(tmp_path))
    paths = app_paths()
    assert paths.config_dir == tmp_path / "config"
    assert paths.data_dir == tmp_path / "data"
    assert paths.log_dir == tmp_path / "logs"
    names = {paths.settings_file.name, paths.database_file.name, paths.autosave_file("x").name,
             paths.autosave_lock_file("x").name, paths.log_file.name}
    assert len(names) == 5  # distinct names: config and data dirs coincide on macOS


def test_platform_dirs_do_not_repeat_the_app_name_as_author(monkeypatch):
    monkeypatch.delenv(HOME_ENV_VAR, raising=False)
    paths = app_paths()
    assert str(paths.data_dir).count("ginrummy-desktop") == 1


def test_fresh_install_has_documented_defaults(settings_path):
    store = SettingsStore(settings_path)
    s = store.settings
    assert s.player_name == "Player"
    assert s.default_opponent == {}  # the app offers its strongest opponent until one is chosen
    assert s.gin_preset == "classic" and s.gin_overrides == {}
    assert s.cribbage_options["target"] == 121
    assert (s.card_face, s.card_back, s.card_size) == ("standard", "blue", "medium")
    assert s.animation_speed == "normal" and "instant" in ANIMATION_SPEEDS
    assert s.auto_sort is True and s.four_colour_deck is False
    assert all(s.confirmations.values())
    assert store.notices.take() == []
    assert not settings_path.exists()  # nothing written until something changes


def test_update_is_saved_versioned_and_announced_to_subscribers(settings_path):
    store = SettingsStore(settings_path)
    heard = []
    store.subscribe(lambda new, changed: heard.append((new.table_colour, changed)))
    store.update(table_colour="#223344", auto_sort=True)  # auto_sort unchanged
    assert heard == [("#223344", frozenset({"table_colour"}))]
    document = json.loads(settings_path.read_text())
    assert document["version"] == 1
    assert document["profiles"]["player"]["table_colour"] == "#223344"
    assert SettingsStore(settings_path).settings.table_colour == "#223344"


def test_unsubscribed_listener_hears_nothing(settings_path):
    store = SettingsStore(settings_path)
    heard = []
    unsubscribe = store.subscribe(lambda new, changed: heard.append(changed))
    unsubscribe()
    store.update(card_size="large")
    assert heard == []


@pytest.mark.parametrize(
    ("changes", "words"),
    [
        ({"card_size": "gigantic"}, "card_size"),
        ({"table_colour": "purple"}, "colour"),
        ({"player_name": "  "}, "name"),
        ({"gin_overrides": {"knock_limit": -1}}, "knock_limit must be 0..100"),
        ({"gin_overrides": {"oklahoma": 1}}, "oklahoma"),
        ({"gin_preset": "bridge"}, "gin_preset"),
        ({"cribbage_options": {"target": 100}}, "61 or 121"),
        ({"volume": 3}, "unknown setting"),
    ],
)
def test_bad_values_are_refused_with_a_reason_and_change_nothing(settings_path, changes, words):
    store = SettingsStore(settings_path)
    with pytest.raises(ValueError, match=words):
        store.update(**changes)
    assert store.settings == Settings()
    assert not settings_path.exists()


def test_reset_to_defaults_keeps_the_name_and_notifies(settings_path):
    store = SettingsStore(settings_path)
    store.update(player_name="Ann", four_colour_deck=True, animation_speed="instant")
    heard = []
    store.subscribe(lambda new, changed: heard.append(changed))
    store.reset_to_defaults()
    assert store.settings == Settings(player_name="Ann")
    assert heard == [frozenset({"four_colour_deck", "animation_speed"})]


def test_profiles_keep_their_own_settings_and_the_last_one_opens(settings_path):
    store = SettingsStore(settings_path)
    bob = store.add_profile("Bob Smith")
    assert bob == "bob-smith"
    with pytest.raises(ValueError, match="already exists"):
        store.add_profile("bob smith")
    store.switch_profile(bob)
    store.update(card_back="red")
    reopened = SettingsStore(settings_path)
    assert reopened.current_profile == bob
    assert reopened.settings.card_back == "red"
    assert reopened.profiles() == [("bob-smith", "Bob Smith"), ("player", "Player")]
    reopened.switch_profile("player")
    assert reopened.settings.card_back == "blue"
    reopened.remove_profile("player")
    assert reopened.current_profile == bob
    with pytest.raises(ValueError, match="last profile"):
        reopened.remove_profile(bob)


@pytest.mark.parametrize(
    "content",
    [b"{\"format\": \"ginrummy-desktop-settings\", \"vers", b"\x00\xff\xfe garbage", b"[1, 2]",
     b"", b'{"format": "ginrummy-desktop-settings", "version": 1, "profiles": {}}'],
    ids=["truncated", "binary", "wrong-shape", "empty", "no-profiles"],
)
def test_corrupt_settings_are_moved_aside_reported_once_and_defaults_work(settings_path, content):
    settings_path.parent.mkdir(parents=True)
    settings_path.write_bytes(content)
    store = SettingsStore(settings_path)
    notices = store.notices.take()
    assert [n.kind for n in notices] == ["corrupt"]
    assert "default settings" in notices[0].message
    kept = list(settings_path.parent.glob("settings.json.corrupt-*"))
    assert len(kept) == 1 and kept[0].read_bytes() == content
    assert store.settings == Settings()
    store.update(card_size="small")  # the app keeps working and saving
    assert SettingsStore(settings_path).settings.card_size == "small"
    assert store.notices.take() == []


def test_one_bad_value_falls_back_alone(settings_path):
    store = SettingsStore(settings_path)
    store.update(card_back="green", card_size="large")
    document = json.loads(settings_path.read_text())
    document["profiles"]["player"]["card_size"] = "enormous"
    settings_path.write_text(json.dumps(document))
    reopened = SettingsStore(settings_path)
    assert reopened.settings.card_back == "green"
    assert reopened.settings.card_size == "medium"
    assert "card_size" in reopened.notices.take()[0].message


def test_newer_settings_file_is_left_untouched_and_reported(settings_path):
    settings_path.parent.mkdir(parents=True)
    original = json.dumps({"format": "ginrummy-desktop-settings", "version": 99, "x": [1]})
    settings_path.write_text(original)
    store = SettingsStore(settings_path)
    [notice] = store.notices.take()
    assert notice.kind == "newer_version" and "newer version" in notice.message
    assert store.settings == Settings()
    store.update(card_size="huge")  # works for this session, but is not written
    assert store.settings.card_size == "huge"
    assert settings_path.read_text() == original
    assert list(settings_path.parent.iterdir()) == [settings_path]


def test_storage_opens_under_a_temporary_root_and_reports_nothing_when_fresh(tmp_path):
    storage = Storage(tmp_path)
    try:
        assert storage.notices.take() == []
        assert storage.paths.database_file.exists()
    finally:
        storage.close()


settings_values = st.fixed_dictionaries({
    "player_name": st.text(min_size=1, max_size=40).map(clean_name).filter(bool),
    "gin_preset": st.sampled_from(GIN_PRESETS),
    "card_back": st.sampled_from(CARD_BACKS),
    "card_size": st.sampled_from(CARD_SIZES),
    "animation_speed": st.sampled_from(ANIMATION_SPEEDS),
    "four_colour_deck": st.booleans(),
    "table_colour": st.from_regex(r"#[0-9a-f]{6}", fullmatch=True),
    "gin_overrides": st.fixed_dictionaries({}, optional={
        "knock_limit": st.integers(0, 100), "gin_bonus": st.integers(0, 500),
        "big_gin_bonus": st.none() | st.integers(0, 99), "target": st.integers(1, 500),
        "shutout": st.sampled_from(["double_game_bonus", "double_total", "none"]),
        "rediscard_taken": st.booleans(),
    }),
    "cribbage_options": st.fixed_dictionaries({}, optional={
        "target": st.sampled_from([61, 121]), "stinkhole": st.booleans(),
        "muggins": st.booleans(),
    }),
    "window_geometry": st.dictionaries(st.text(max_size=8), st.text(max_size=30), max_size=3),
})


@settings(max_examples=40, deadline=None)
@given(values=settings_values)
def test_any_valid_settings_survive_a_save_and_reload(tmp_path_factory, values):
    path = tmp_path_factory.mktemp("prop") / "settings.json"
    store = SettingsStore(path)
    store.update(**values)
    reopened = SettingsStore(path)
    assert reopened.settings == store.settings
    assert reopened.notices.take() == []
    # whatever was saved, the engines accept it
    assert reopened.settings.gin_rules().preset == values["gin_preset"]
    assert reopened.settings.cribbage_rules().target == reopened.settings.cribbage_options["target"]
