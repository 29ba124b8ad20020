"""The online service's parts without a server: the payload schema against hostile input, the
store's one-transaction moves, Glicko-2 updates, rate limits and the referee's table logic."""

from __future__ import annotations

import json

import glicko2
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ginrummy_desktop.engine.wire import action_to_wire
from ginrummy_desktop.online import protocol
from ginrummy_desktop.online.config import ConfigError, config_from_dict
from ginrummy_desktop.online.limits import Limit, RateLimiter
from ginrummy_desktop.online.ratings import rate_match
from ginrummy_desktop.online.service_store import RatingRow, ServiceStore, StoreError
from ginrummy_desktop.online.table import LiveTable, MoveRefused

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=30),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=10), inner,
                                                                 max_size=4),
    max_leaves=20)


@settings(max_examples=300, deadline=None)
@given(kind=st.sampled_from(sorted(protocol.REQUESTS)) | st.text(max_size=10),
       data=json_values)
def test_any_payload_is_accepted_or_refused_with_a_reason(kind, data):
    try:
        checked = protocol.check_payload(kind, data, protocol.REQUESTS)
    except protocol.ProtocolError as error:
        assert str(error)
    else:
        required, optional = protocol.REQUESTS[kind]
        assert set(required) <= set(checked) <= set(required) | set(optional)


def test_a_well_formed_move_passes_and_its_variants_are_refused():
    move = {"table": "abc123", "seq": 3, "action": {"kind": "discard", "card": "TH"}}
    assert protocol.check_payload("move", move, protocol.REQUESTS) == move
    for bad, reason in (
        ({**move, "seq": -1}, "seq must be a whole number"),
        ({**move, "seq": True}, "seq must be a whole number"),
        ({**move, "table": "../x"}, "table has characters"),
        ({**move, "action": {"kind": "discard", "card": "TH", "deck": []}}, "action must be"),
        ({k: v for k, v in move.items() if k != "seq"}, "missing seq"),
    ):
        with pytest.raises(protocol.ProtocolError, match=reason):
            protocol.check_payload("move", bad, protocol.REQUESTS)
    with pytest.raises(protocol.ProtocolError, match="exceeds"):
        protocol.encode({"x": "y" * protocol.MAX_REQUEST_BYTES}, protocol.MAX_REQUEST_BYTES)


def _store(tmp_path) -> ServiceStore:
    return ServiceStore(f"sqlite:///{tmp_path / 's.db'}")


def test_a_move_is_stored_once_with_its_snapshot_or_not_at_all(tmp_path):
    store = _store(tmp_path)
    store.create_table("t1", "gin", {"clock": 60}, "alice", True, "referee.x")
    store.start_table("t1", "bob", {"state": 0})
    store.apply_move("t1", 2, 0, {"kind": "pass"}, {"state": 1}, [], 0)
    with pytest.raises(StoreError, match="not at move"):  # a replayed move number
        store.apply_move("t1", 2, 0, {"kind": "pass"}, {"state": 99}, [], 0)
    with pytest.raises(StoreError, match="not at move"):  # out of order
        store.apply_move("t1", 5, 1, {"kind": "pass"}, {"state": 99}, [{"r": 1}], 0)
    row = store.table("t1")
    assert (row.seq, row.snapshot) == (2, {"state": 1})
    assert store.moves("t1") == [(2, 0, {"kind": "pass"})] and store.records("t1") == []
    store.close()


def test_a_result_is_rated_once(tmp_path):
    store = _store(tmp_path)
    rows = rate_match(store.rating("a", "gin"), store.rating("b", "gin"))
    assert store.record_result("t1", "gin", rows, rated=True) is True
    assert store.record_result("t1", "gin", rows, rated=True) is False
    assert [r.username for r in store.leaderboard("gin")] == ["a", "b"]
    assert store.rank("b", "gin") == 2 and store.rank("nobody", "gin") is None
    store.close()


def test_glicko2_update_and_completion():
    winner = RatingRow("w", "gin", 1600.0, 80.0, 0.06, 10, 6, 10)
    loser = RatingRow("l", "gin", 1500.0, 200.0, 0.06, 4, 1, 4)
    new_winner, new_loser = rate_match(winner, loser, completed=False)
    reference = glicko2.Player(1600.0, 80.0, 0.06)
    reference.update_player([1500.0], [200.0], [1.0])
    assert new_winner.rating == pytest.approx(reference.getRating())
    assert new_winner.rd == pytest.approx(reference.getRd())
    assert (new_winner.games, new_winner.wins, new_winner.completed) == (11, 7, 11)
    assert (new_loser.games, new_loser.wins, new_loser.completed) == (5, 1, 4)
    assert new_loser.completion_rate == pytest.approx(0.8)
    assert new_loser.rating < 1500.0 < new_winner.rating - 100


def test_rate_limits_refill_over_time():
    now = [0.0]
    limiter = RateLimiter({"chat": Limit(per_minute=60, burst=2)}, clock=lambda: now[0])
    assert [limiter.allow("a", "chat") for _ in range(3)] == [True, True, False]
    assert limiter.allow("b", "chat") is True  # per account
    now[0] = 1.0  # one token a second
    assert limiter.allow("a", "chat") is True and limiter.allow("a", "chat") is False
    assert limiter.allow("a", "unlimited-kind") is True


def test_config_problems_are_named():
    base = {"xmpp": {"domain": "d", "component": "referee.d", "secret": "s"}}
    assert config_from_dict(base).clock == 60
    with pytest.raises(ConfigError, match=r"\[tables\] clock"):
        config_from_dict({**base, "tables": {"clock": 1}})
    with pytest.raises(ConfigError, match=r"\[limits\] chat"):
        config_from_dict({**base, "limits": {"chat": [1]}})
    with pytest.raises(ConfigError, match=r"\[xmpp\] port must be a int"):
        config_from_dict({"xmpp": {**base["xmpp"], "port": "x"}})


def test_a_table_shows_each_seat_only_its_own_cards_and_refuses_bad_moves():
    table = LiveTable("t1abc", "gin", {"clock": 60, "target": 25}, ["alice", "bob"], True)
    events = table.start()
    states = {e.seat: e.data for e in events if e.kind == "state"}
    hands = [set(states[s]["observation"]["hand"]) for s in (0, 1)]
    assert not hands[0] & hands[1]
    for seat in (0, 1):  # the other seat's cards appear nowhere in this seat's state
        text = json.dumps(states[seat])
        assert not any(f'"{card}"' in text for card in hands[1 - seat])
    mover = table.to_move()
    legal = states[mover]["observation"]["legal_actions"]
    before = table.snapshot()
    with pytest.raises(MoveRefused, match="not your turn"):
        table.check_move(1 - mover, table.seq, legal[0])
    with pytest.raises(MoveRefused, match="stale"):
        table.check_move(mover, table.seq + 1, legal[0])
    with pytest.raises(MoveRefused, match="malformed"):
        table.check_move(mover, table.seq, {"kind": "discard", "card": "1Z"})
    assert table.snapshot() == before
    action = table.check_move(mover, table.seq, legal[0])
    assert action_to_wire(action) == legal[0]


def test_the_shipped_sample_config_loads():
    from pathlib import Path

    from ginrummy_desktop.online.config import load_config

    sample = Path(__file__).resolve().parent.parent / "installers" / "server" / "server.toml"
    config = load_config(sample)
    assert (config.component, config.clock, config.grace) == ("referee.example.org", 60, 120.0)
    assert config.database_url == "sqlite:////var/lib/ginrummy/service.db"


@pytest.mark.parametrize("game", ["gin", "cribbage"])
def test_the_stored_snapshot_text_decodes_to_the_snapshot_move_after_move(game):
    """Hand records are encoded once per table (SnapshotText); the text stored with each move
    must still decode to exactly that move's snapshot, and restore the same match."""
    import random

    from ginrummy_desktop.online.table import SnapshotText

    table = LiveTable("t1", game, {"clock": 60}, ["alice", "bob"], True)
    table.start()
    rng, hands_seen = random.Random(7), 0
    for _ in range(600):
        if table.over:
            break
        seat = table.to_move()
        table.apply(seat, rng.choice(table.match.legal_actions(seat)))
        snapshot = table.snapshot()
        text = table.snapshot_text.encode(snapshot)
        assert json.loads(text) == snapshot
        hands_seen = len(snapshot.get("records", []))
    assert hands_seen >= 2  # the cache was used across hands
    resumed = LiveTable("t1", game, {"clock": 60}, ["alice", "bob"], True)
    resumed.restore(json.loads(text), table.seq, hands_seen)
    assert resumed.snapshot() == table.snapshot()
    # Records that are other objects (a restored match), changed or fewer: encoded again.
    encoder = SnapshotText()
    assert json.loads(encoder.encode({"a": 1, "records": [{"r": 1}, {"r": 2}]})) == \
        {"a": 1, "records": [{"r": 1}, {"r": 2}]}
    assert json.loads(encoder.encode({"a": 2, "records": [{"r": 1}, {"r": 3}]})) == \
        {"a": 2, "records": [{"r": 1}, {"r": 3}]}
    assert json.loads(encoder.encode({"records": [{"r": 5}]})) == {"records": [{"r": 5}]}
    assert json.loads(encoder.encode({"a": 3, "records": []})) == {"a": 3, "records": []}
