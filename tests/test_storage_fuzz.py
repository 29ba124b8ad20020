"""Fuzz: structurally hostile JSON (wrong types, NaN/Infinity, deep nesting, sizes, bad text)
for settings load, autosave load and records import. The contract each time: no exception,
plain-words notices or reasons, nothing stored that does not replay, the person's file kept."""

from __future__ import annotations

import base64
import hashlib
import json
import tempfile
import zlib
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ginrummy_desktop.engine.gin.match import GinMatch
from ginrummy_desktop.engine.gin.rules import GIN_PRESETS
from ginrummy_desktop.storage import Settings, SettingsStore, StatsDatabase, Storage
from ginrummy_desktop.storage.records_io import import_records_jsonl, record_problem
from tests.storage_fixtures import played_gin_records

FUZZ = settings(max_examples=40, deadline=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])

# ----- hostile values --------------------------------------------------------------------------
SCALARS = st.one_of(
    st.none(), st.booleans(),
    st.integers(min_value=-(10**40), max_value=10**40),
    st.floats(allow_nan=True, allow_infinity=True),
    st.text(max_size=20),
    st.sampled_from(["\ud800", "é" * 64, "", "classic", "AS", "oklahoma", "player", "#zzzzzz"]),
)
VALUES = st.recursive(
    SCALARS,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner,
                                                                max_size=4),
    max_leaves=12,
)


def _nested(depth: int, kind: str) -> str:
    return ("[" * depth + "]" * depth) if kind == "list" else ('{"a":' * depth + "1" + "}" * depth)


def _dumps(value: Any) -> str:
    return json.dumps(value, allow_nan=True)  # NaN/Infinity written as JSON readers see them


@st.composite
def replaced(draw: st.DrawFn, document: Any) -> Any:
    """``document`` with one node somewhere inside it replaced by a hostile value."""
    document = json.loads(json.dumps(document))
    node, key = None, None
    current = document
    for _ in range(draw(st.integers(0, 5))):
        if isinstance(current, dict) and current:
            key = draw(st.sampled_from(sorted(current)))
        elif isinstance(current, list) and current:
            key = draw(st.integers(0, len(current) - 1))
        else:
            break
        node, current = current, current[key]
    if node is None:
        return draw(VALUES)
    node[key] = draw(VALUES)
    return document


@st.composite
def hostile_text(draw: st.DrawFn, real: Any) -> bytes:
    """Bytes of a file or line: a real document with a node replaced, a hostile value, deep
    nesting, a truncated or byte-damaged real document, or a large one."""
    real_text = json.dumps(real)
    choice = draw(st.sampled_from(["replace", "value", "nested", "truncate", "bytes", "large"]))
    if choice == "replace":
        return _dumps(draw(replaced(real))).encode()
    if choice == "value":
        return _dumps(draw(VALUES)).encode()
    if choice == "nested":
        return _nested(draw(st.integers(60, 100_000)), draw(st.sampled_from(["list", "dict"]))
                       ).encode()
    if choice == "truncate":
        return real_text.encode()[: draw(st.integers(0, len(real_text)))]
    if choice == "bytes":
        data = bytearray(real_text.encode())
        position = draw(st.integers(0, len(data) - 1))
        data[position] = draw(st.sampled_from([0x00, 0xFF, 0xC3, ord("N"), ord("[")]))
        return bytes(data)
    padding = "x" * draw(st.integers(100_000, 600_000))
    return json.dumps({**real, "padding": padding} if isinstance(real, dict) else real
                      ).encode()


def _kept(original: bytes, candidates: list[Path]) -> bool:
    return any(path.exists() and path.read_bytes() == original for path in candidates)


# ----- settings --------------------------------------------------------------------------------
REAL_SETTINGS = {
    "format": "ginrummy-desktop-settings", "version": 1, "last_profile": "ann",
    "profiles": {"ann": {**Settings(player_name="Ann", gin_preset="oklahoma").to_json(),
                         "gin_overrides": {"target": 200}},
                 "player": Settings().to_json()},
}


@FUZZ
@given(data=hostile_text(REAL_SETTINGS))
def test_settings_load_survives_hostile_files(data):
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "settings.json"
        path.write_bytes(data)
        store = SettingsStore(path)
        current = store.settings
        assert Settings.from_json(current.to_json())[1] == []  # only values the checks accept
        current.gin_rules(), current.cribbage_rules()  # always playable
        for notice in store.notices.take():
            assert notice.message.endswith(".") and "Traceback" not in notice.message
        assert _kept(data, [path, *Path(folder).glob("settings.json.corrupt-*")])
        if not store.read_only:  # storage stays on
            store.update(card_back="midnight")
            assert SettingsStore(path).settings.card_back == "midnight"


# ----- autosave --------------------------------------------------------------------------------
def _real_state() -> dict[str, Any]:
    session = GinMatch(GIN_PRESETS["classic"], 3)
    hand = session.observation(0).hand
    return {"match": session.snapshot(), "hand_order": [str(c) for c in hand],
            "opponent": "greedy", "preset": "classic", "practice": False, "undo_used": False}


REAL_STATE = _real_state()


def _wrapped(state: Any, version: int) -> bytes:
    """A well-formed autosave around ``state``, with its hash recomputed (so only the restore
    can refuse it)."""
    body = json.dumps(state, sort_keys=True, separators=(",", ":"), allow_nan=True)
    document: dict[str, Any] = {"format": "ginrummy-desktop-autosave", "version": version,
                                "sha256": hashlib.sha256(body.encode()).hexdigest()}
    if version == 1:
        document["state"] = state
    else:
        document["encoding"] = "zlib+base64"
        document["state"] = base64.b64encode(zlib.compress(body.encode())).decode()
    return _dumps(document).encode()


@st.composite
def autosave_files(draw: st.DrawFn) -> bytes:
    if draw(st.booleans()):
        state = draw(replaced(REAL_STATE))
        return _wrapped(state, draw(st.sampled_from([1, 2])))
    return draw(hostile_text(json.loads(_wrapped(REAL_STATE, 1))))


@FUZZ
@given(data=autosave_files())
def test_autosave_load_survives_hostile_files(data):
    from ginrummy_desktop.gui.shell.persistence import Persistence

    with tempfile.TemporaryDirectory() as folder:
        storage = Storage(folder)
        try:
            autosave = storage.autosave()
            assert autosave.acquire()
            autosave.path.write_bytes(data)
            resumed = autosave.load(Persistence._restore_state)
            notices = storage.notices.take()
            if resumed is None:
                [notice] = notices
                assert "could not be resumed because" in notice.message
                moved = list(Path(folder, "data").glob(autosave.path.name + ".invalid-*"))
                assert _kept(data, [autosave.path, *moved])  # the person's file kept
            else:
                assert resumed[0] == "gin" and not resumed[1].over
            autosave.save(REAL_STATE)  # and autosaving carries on
            assert autosave.load() == REAL_STATE
        finally:
            storage.close()


# ----- records import --------------------------------------------------------------------------
REAL_RECORDS = played_gin_records(seed=2, count=2)
SUMMARY_LINE = {"game": "gin", "kind": "match_summary", "match": 0, "players": ["a", "b"],
                "winners": [0], "forfeit": None}


@st.composite
def record_lines(draw: st.DrawFn) -> bytes:
    real = draw(st.sampled_from(REAL_RECORDS))
    choice = draw(st.sampled_from(["real", "summary", "hostile", "hostile", "hostile"]))
    if choice == "real":
        return json.dumps(real).encode()
    if choice == "summary":
        return json.dumps(SUMMARY_LINE).encode()
    return draw(hostile_text(real)).replace(b"\n", b" ")


@FUZZ
@given(lines=st.lists(record_lines(), min_size=1, max_size=5))
def test_records_import_stores_only_what_replays(lines):
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "records.jsonl"
        path.write_bytes(b"\n".join(lines) + b"\n")
        database = StatsDatabase(None)
        try:
            report = import_records_jsonl(database, "player", path)
            stored = [record for _, record in database.iter_records("player")]
            assert all(record_problem(record) is None for record in stored)
            assert len(stored) == report.added
            assert database.record_index("player").skipped == 0  # the Records tab reads all
            for number, reason in report.rejected:
                assert 1 <= number <= len(lines) and reason
            blank = sum(1 for line in lines if not line.strip())
            handled = report.added + report.duplicates + len(report.rejected) + report.summaries
            assert handled + blank == len(lines)
            report.summary()
        finally:
            database.close()
