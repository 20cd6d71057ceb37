"""Sleep consolidation over a real DuckDB graph: the learner's writes stay at hint, never a
fact, never a deletion; the same seed gives the same proposals; a restart resumes."""

from __future__ import annotations

import random
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from resident.config import Settings
from resident.learning.checkpoint import checkpoint_path, load_checkpoint
from resident.learning.consolidation import consolidate
from resident.memory.duck_store import DuckStore
from resident.records import Entity, Level, NewClaim

pytest.importorskip("torch")
NOW = datetime(2026, 3, 1, 2, 45, tzinfo=UTC)


def _small_settings(settings: Settings) -> Settings:
    learning = settings.learning.model_copy(
        update={"dim": 16, "epochs_per_night": 3, "proposals_per_night": 5}
    )
    return settings.model_copy(update={"learning": learning})


def _fill(store: DuckStore) -> None:
    rng = random.Random(7)
    ents = [
        Entity(id=f"concept:e{i}", kind="concept", label=f"e{i}", aliases=[]) for i in range(30)
    ]
    store.upsert_entities(ents, NOW - timedelta(days=3))
    claims = []
    for _ in range(150):
        a, b = rng.sample(range(30), 2)
        claims.append(
            NewClaim(
                subject=f"concept:e{a}",
                predicate=rng.choice(["is_a", "part_of"]),
                object_entity=f"concept:e{b}",
                confidence=0.7,
                provenance="ingest:test@1",
            )
        )
    # A hint-class claim: must never be a positive.
    claims.append(
        NewClaim(
            subject="concept:e0",
            predicate="is_a",
            object_entity="concept:e1",
            confidence=0.3,
            provenance="interaction:person:ana",
        )
    )
    store.upsert_claims(claims, NOW - timedelta(hours=2))


def _claims(store: DuckStore) -> list[tuple]:
    return store._cur.execute(
        "SELECT id, confidence, rung, provenance FROM claims ORDER BY id"
    ).fetchall()


def test_night_writes_only_hints_and_never_deletes(store: DuckStore, settings: Settings) -> None:
    s = _small_settings(settings)
    _fill(store)
    before = {r[0]: r for r in _claims(store)}
    report = consolidate(store, s, NOW)
    after = {r[0]: r for r in _claims(store)}
    assert set(before) <= set(after)  # nothing deleted
    assert all(after[k] == v for k, v in before.items())  # nothing old changed
    new = [after[k] for k in set(after) - set(before)]
    assert len(new) == len(report.proposals) > 0
    for _id, conf, rung, prov in new:
        assert prov == f"inference:ff@{report.version}"
        assert conf <= s.epistemic.hint_cap
        assert rung != Level.FACT.value
    gaps = store.due_gaps(NOW, limit=1000)
    # One gap per (subject, predicate) asked about.
    asked = {(g.subject, g.predicate) for g in gaps if "inference:ff@" in g.question}
    assert asked == {(p.subject, p.predicate) for p in report.proposals}
    assert all(g.priority == s.curiosity.default_priority for g in gaps)
    assert store.replay(1000, NOW), "recent experience went into the replay buffer"


def test_same_seed_same_proposals(tmp_path: Path, settings: Settings) -> None:
    results = []
    for run in ("a", "b"):
        s = _small_settings(settings.model_copy(update={"data_dir": tmp_path / run}))
        (tmp_path / run).mkdir()
        with DuckStore.open(s, create=True) as st:
            _fill(st)
            results.append([p.model_dump() for p in consolidate(st, s, NOW).proposals])
    assert results[0] == results[1]


def test_second_night_resumes_with_trend(store: DuckStore, settings: Settings) -> None:
    s = _small_settings(settings)
    _fill(store)
    first = consolidate(store, s, NOW)
    second = consolidate(store, s, NOW + timedelta(days=1))
    assert second.version == first.version + 1
    assert second.epochs_total == 2 * s.learning.epochs_per_night
    assert [r["version"] for r in second.history] == [1, 2]
    ckpt = load_checkpoint(checkpoint_path(s.data_dir))
    assert ckpt is not None and ckpt["version"] == 2


def test_replay_buffer_is_bounded(store: DuckStore, settings: Settings) -> None:
    s = _small_settings(settings)
    _fill(store)
    claims = store.peek_claims("concept:e0") + store.peek_claims("concept:e1")
    from resident.memory.learning_store import experience_of

    items = [experience_of(c, "learned", i / 10, NOW) for i, c in enumerate(claims[:8])]
    assert store.record_experiences(items, 3, NOW) == 3
    kept = store.replay(10, NOW)
    assert [e.surprise for e in kept] == sorted((e.surprise for e in items), reverse=True)[:3]
    del s
