"""The graph owner's side of sleep consolidation: the replay buffer and the duplicate
candidates (migration 004). Mixed into DuckStore so the daemon serves these like every
GraphStore method; none of them touches a claim. Corrections, resolved conflicts and closed gaps
enter the buffer where they happen, inside the owner's own transaction (`_buffer_in`)."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, datetime
from typing import Any

import duckdb
import pyarrow as pa

from resident.records import Claim, CuriosityGap, DuplicateCandidate, Experience, Kind, short_id

#: Half-life of recency in days, and surprise's weight against it.
RECENCY_HALF_LIFE_DAYS = 7.0
SURPRISE_WEIGHT = 1.0


def priority_sql() -> str:
    """The same priority in SQL, over replay_buffer's columns and the parameter $now."""
    return (
        f"(pow(2.0, -greatest(0.0, epoch($now::TIMESTAMP) - epoch(recorded_at)) / 86400.0 "
        f"/ {RECENCY_HALF_LIFE_DAYS}) + {SURPRISE_WEIGHT} * surprise)"
    )


def experience_of(claim: Claim, kind: Kind, surprise: float, now: datetime) -> Experience:
    """One experience about a claim; the same claim and kind on the same day is one row."""
    return Experience(
        id=short_id("xp", claim.id, kind, now.date().isoformat()),
        kind=kind,
        claim_id=claim.id,
        subject=claim.subject,
        predicate=claim.predicate,
        object=claim.object_value,
        confidence=claim.confidence,
        surprise=min(1.0, max(0.0, surprise)),
        recorded_at=now,
    )


def gap_closed_experience(gap: CuriosityGap, claim: Claim | None, now: datetime) -> Experience:
    """A curiosity gap closed: about its claim when it names one (surprise: how unsure MAX was
    of it), else the open question itself (no object, so never a training triple)."""
    if claim is not None:
        e = experience_of(claim, "gap_closed", 1.0 - claim.confidence, now)
        return e.model_copy(update={"id": short_id("xp", gap.id, "gap_closed")})
    return Experience(
        id=short_id("xp", gap.id, "gap_closed"),
        kind="gap_closed",
        claim_id=None,
        subject=gap.subject,
        predicate=gap.predicate,
        object="",
        confidence=0.0,
        surprise=1.0,
        recorded_at=now,
    )


def _ts(value: datetime) -> datetime:
    return value.astimezone(UTC).replace(tzinfo=None)


def experiences_table(items: Sequence[Experience]) -> pa.Table:
    """Experiences as Arrow, in replay_buffer's column order, for one set-based insert
    (row-at-a-time inserts took minutes on HPO)."""
    return pa.table(
        {
            "id": [e.id for e in items],
            "kind": [e.kind for e in items],
            "claim_id": pa.array([e.claim_id for e in items], pa.string()),
            "subject": [e.subject for e in items],
            "predicate": [e.predicate for e in items],
            "object": [e.object for e in items],
            "confidence": pa.array([e.confidence for e in items], pa.float64()),
            "surprise": pa.array([e.surprise for e in items], pa.float64()),
            "recorded_at": pa.array([_ts(e.recorded_at) for e in items], pa.timestamp("us")),
        }
    )


class LearningStoreMixin:
    @property
    def _cur(self) -> duckdb.DuckDBPyConnection:  # DuckStore's per-thread cursor
        raise NotImplementedError

    def _replay_capacity(self) -> int:
        settings = getattr(self, "settings", None)
        return int(settings.learning.replay_capacity) if settings is not None else 50_000

    def _buffer_in(
        self, cur: duckdb.DuckDBPyConnection, items: Sequence[Experience], now: datetime
    ) -> None:
        """Add a few experiences inside the caller's transaction and trim to the ceiling."""
        for e in items:
            cur.execute(
                "INSERT INTO replay_buffer VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) "
                "ON CONFLICT (id) DO NOTHING",
                [
                    e.id,
                    e.kind,
                    e.claim_id,
                    e.subject,
                    e.predicate,
                    e.object,
                    e.confidence,
                    e.surprise,
                    _ts(e.recorded_at),
                ],
            )
        if items:
            _trim(cur, self._replay_capacity(), now)

    def record_experiences(self, items: Sequence[Experience], capacity: int, now: datetime) -> int:
        """Add experience (same id: kept once) and trim the buffer to `capacity`, dropping the
        lowest priority rows first; the number of rows it now holds."""
        cur = self._cur
        cur.execute("BEGIN TRANSACTION")
        try:
            if items:
                # One set-based insert from Arrow: row-at-a-time inserts took minutes on HPO.
                batch = experiences_table(items)
                cur.register("replay_batch", batch)
                try:
                    cur.execute(
                        "INSERT INTO replay_buffer SELECT DISTINCT ON (id) * FROM "
                        "replay_batch ON CONFLICT (id) DO NOTHING"
                    )
                finally:
                    cur.unregister("replay_batch")
            _trim(cur, capacity, now)
        except duckdb.Error:
            cur.execute("ROLLBACK")
            raise
        cur.execute("COMMIT")
        row = cur.execute("SELECT count(*) FROM replay_buffer").fetchone()
        return int(row[0]) if row else 0

    def replay(self, limit: int, now: datetime) -> list[Experience]:
        """The buffer's highest-priority experience (recency and surprise), best first."""
        rows = self._cur.execute(
            "SELECT id, kind, claim_id, subject, predicate, object, confidence, surprise, "
            f"recorded_at FROM replay_buffer ORDER BY {priority_sql()} DESC, id LIMIT $limit",
            {"now": _ts(now), "limit": limit},
        ).fetchall()
        return [_experience(r) for r in rows]

    def record_duplicate_candidates(
        self, items: Sequence[DuplicateCandidate], now: datetime
    ) -> int:
        cur = self._cur
        for d in items:
            cur.execute(
                "INSERT INTO duplicate_candidates VALUES (?, ?, ?, ?, ?) ON CONFLICT "
                "(entity_a, entity_b) DO UPDATE SET similarity = excluded.similarity, "
                "model = excluded.model, recorded_at = excluded.recorded_at",
                [d.entity_a, d.entity_b, d.similarity, d.model, _ts(now)],
            )
        return len(items)

    def duplicate_candidates(self, limit: int = 100) -> list[DuplicateCandidate]:
        rows = self._cur.execute(
            "SELECT entity_a, entity_b, similarity, model FROM duplicate_candidates "
            "ORDER BY similarity DESC, entity_a, entity_b LIMIT ?",
            [limit],
        ).fetchall()
        return [
            DuplicateCandidate(entity_a=a, entity_b=b, similarity=s, model=m) for a, b, s, m in rows
        ]


def _trim(cur: duckdb.DuckDBPyConnection, capacity: int, now: datetime) -> None:
    """The lowest-priority rows past `capacity` go (the buffer is working memory, not claims)."""
    cur.execute(
        f"DELETE FROM replay_buffer WHERE id IN (SELECT id FROM replay_buffer "
        f"ORDER BY {priority_sql()} DESC, id OFFSET $cap)",
        {"now": _ts(now), "cap": capacity},
    )


def _experience(r: Sequence[Any]) -> Experience:
    return Experience(
        id=r[0],
        kind=r[1],
        claim_id=r[2],
        subject=r[3],
        predicate=r[4],
        object=r[5],
        confidence=r[6],
        surprise=r[7],
        recorded_at=r[8].replace(tzinfo=UTC),
    )
