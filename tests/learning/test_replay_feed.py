"""The replay buffer is fed where experience happens, inside the graph owner: a correction, a
resolved conflict and a closed curiosity gap each leave one row; an unresolved attempt none."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from resident.config import Settings
from resident.memory.duck_store import DuckStore
from resident.records import Entity, NewClaim

T = datetime(2026, 3, 1, 12, 0, tzinfo=UTC)


def _dose(subject: str, value: str, provenance: str, confidence: float) -> NewClaim:
    return NewClaim(
        subject=subject,
        predicate="dose",
        object_literal=value,
        confidence=confidence,
        provenance=provenance,
    )


def test_corrections_conflicts_and_closed_gaps_enter_the_buffer(store: DuckStore) -> None:
    para = "concept:paracetamol"
    store.upsert_entities([Entity(id=para, kind="drug", label="Paracetamol", aliases=[])], T)
    store.upsert_claims(
        [_dose(para, "500 mg", "ingest:label@1", 0.6), _dose(para, "1 g", "ingest:other@1", 0.6)], T
    )
    a, b = store.peek_claims(para, "dose")
    before = store._cur.execute("SELECT count(*) FROM claims").fetchone()
    assert store.replay(100, T) == []

    conflict = store.record_conflict(a.id, b.id, T)
    store.resolve_conflict(conflict.id, a.id, T)
    loser_confidence = store.peek_claim(b.id).confidence  # halved by losing the conflict
    store.record_correction(_dose(para, "650 mg", "user_correction", 0.4), b.id, T)
    open_gap = store.file_gap(para, "dose", "What is the dose?", T, claim_id=a.id)
    store.attempt_gap(open_gap.id, False, "nothing found", T)
    assert {e.kind for e in store.replay(100, T)} == {"conflict_resolved", "corrected"}
    store.attempt_gap(open_gap.id, True, "label read", T + timedelta(hours=1))

    got = {e.kind: e for e in store.replay(100, T + timedelta(hours=1))}
    assert set(got) == {"conflict_resolved", "corrected", "gap_closed"}
    assert got["conflict_resolved"].claim_id == a.id
    assert got["corrected"].claim_id == b.id
    # A confident belief that was corrected is as surprising as it was confident.
    assert got["corrected"].surprise == loser_confidence < b.confidence
    assert got["gap_closed"].claim_id == a.id
    # Feeding the buffer writes no claim (the correction's own hypothesis is the one new row).
    after = store._cur.execute("SELECT count(*) FROM claims").fetchone()
    assert after is not None and before is not None and after[0] == before[0] + 1


def test_fed_buffer_keeps_its_ceiling(settings: Settings) -> None:
    learning = settings.learning.model_copy(update={"replay_capacity": 2})
    small = settings.model_copy(update={"learning": learning})
    store = DuckStore.open(small, create=True)
    try:
        para = "concept:p"
        store.upsert_entities([Entity(id=para, kind="drug", label="P", aliases=[])], T)
        store.upsert_claims([_dose(para, f"{i} mg", "ingest:label@1", 0.6) for i in range(4)], T)
        claims = store.peek_claims(para, "dose")
        assert len(claims) == 4
        for i, c in enumerate(claims):
            gap = store.file_gap(para, "dose", f"dose {i}?", T, claim_id=c.id)
            store.attempt_gap(gap.id, True, "found", T + timedelta(minutes=i))
        rows = store.replay(100, T + timedelta(hours=1))
        assert len(rows) == 2
    finally:
        store.close()
