"""session_id: one ULID per boot from the injected clock; correlation ids per interaction."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from ulid import ULID

from resident.clock import ManualClock
from resident.session import Session

T0 = datetime(2026, 1, 1, 6, 40, tzinfo=UTC)


def test_a_session_id_is_a_ulid_that_says_when_it_started() -> None:
    session = Session.mint(ManualClock(T0))
    assert ULID.from_str(session.session_id).datetime == T0
    assert session.started_at == T0


def test_every_boot_gets_a_new_sortable_session_id() -> None:
    clock = ManualClock(T0)
    ids = []
    for _ in range(5):
        ids.append(Session.mint(clock).session_id)
        clock.advance(seconds=1)
    assert len(set(ids)) == 5
    assert ids == sorted(ids)


def test_correlation_ids_are_fresh_and_distinct_from_the_session() -> None:
    clock = ManualClock(T0)
    session = Session.mint(clock)
    clock.advance(minutes=3)
    ids = {session.new_correlation_id() for _ in range(100)}
    assert len(ids) == 100
    assert session.session_id not in ids
    assert all(ULID.from_str(i).datetime == T0 + timedelta(minutes=3) for i in ids)
