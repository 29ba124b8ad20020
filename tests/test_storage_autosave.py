"""Autosave: exact round trip, damaged/invalid/newer saves, and the one-owner lock."""

from __future__ import annotations

import base64
import json
import zlib

import pytest

from ginrummy_desktop.storage import Autosave, Storage

STATE = {
    "game": "gin", "scores": [45, 80], "dealer": 1,
    "hand": {"deck": ["AS", "2S"], "actions": [[0, "pass", None]]},
}


@pytest.fixture
def storage(tmp_path):
    s = Storage(tmp_path)
    yield s
    s.close()


@pytest.fixture
def autosave(storage):
    save = storage.autosave()
    assert save.acquire()
    return save


def test_saved_match_resumes_exactly(autosave):
    assert autosave.load() is None  # nothing to resume on a fresh install
    autosave.save(STATE)
    assert autosave.load() == STATE
    autosave.save({**STATE, "scores": [45, 99]})
    assert autosave.load()["scores"] == [45, 99]
    autosave.clear()
    assert autosave.load() is None and not autosave.exists()


def test_restore_function_rebuilds_the_match(autosave):
    autosave.save(STATE)
    assert autosave.load(lambda state: tuple(state["scores"])) == (45, 80)


def _assert_set_aside(autosave, storage, words):
    [notice] = storage.notices.take()
    assert notice.kind == "corrupt" and words in notice.message
    assert not autosave.exists()
    assert len(list(autosave.path.parent.glob(autosave.path.name + ".invalid-*"))) == 1


def test_truncated_save_is_set_aside_and_reported(autosave, storage):
    autosave.save(STATE)
    text = autosave.path.read_text()
    autosave.path.write_text(text[: len(text) // 2])
    assert autosave.load() is None
    _assert_set_aside(autosave, storage, "incomplete or damaged")
    autosave.save(STATE)  # and autosaving carries on
    assert autosave.load() == STATE


def test_edited_save_fails_its_checksum(autosave, storage):
    autosave.save(STATE)
    document = json.loads(autosave.path.read_text())
    state = json.loads(zlib.decompress(base64.b64decode(document["state"])))
    state["scores"] = [99, 0]
    document["state"] = base64.b64encode(zlib.compress(json.dumps(state).encode())).decode()
    autosave.path.write_text(json.dumps(document))
    assert autosave.load() is None
    _assert_set_aside(autosave, storage, "incomplete or damaged")


def test_save_that_fails_validation_is_never_loaded_half_way(autosave, storage):
    autosave.save(STATE)
    def restore(state):
        raise ValueError("seat 3 does not exist")

    assert autosave.load(restore) is None
    _assert_set_aside(autosave, storage, "seat 3 does not exist")


def test_newer_save_is_left_untouched_and_not_overwritten(autosave, storage):
    newer = json.dumps({"format": "ginrummy-desktop-autosave", "version": 7, "state": {}})
    autosave.path.write_text(newer)
    assert autosave.load() is None
    [notice] = storage.notices.take()
    assert notice.kind == "newer_version"
    autosave.save(STATE)
    autosave.clear()
    assert autosave.path.read_text() == newer


def test_second_copy_cannot_own_the_autosave_until_the_first_lets_go(storage, tmp_path):
    first = storage.autosave()
    assert first.acquire()
    second = Autosave(first.path, storage.paths.autosave_lock_file(storage.profile))
    assert not second.acquire()
    assert "Another copy" in second.notices.take()[0].message
    with pytest.raises(RuntimeError, match="another copy"):
        second.save(STATE)
    assert second.load() is None
    first.release()
    assert second.acquire()


def test_profiles_have_separate_autosaves(storage):
    storage.settings.add_profile("Ann")
    mine, anns = storage.autosave("player"), storage.autosave("ann")
    assert mine.acquire() and anns.acquire()
    mine.save(STATE)
    assert anns.load() is None
