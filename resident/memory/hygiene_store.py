"""The graph owner's side of the schema self-evaluation: recommendations filed, found again,
listed and given a status by the owner. Mixed into DuckStore so the daemon serves these like
every GraphStore method; none of them touches a claim or an entity."""

from __future__ import annotations

import json
from collections.abc import Sequence
from datetime import UTC, datetime
from typing import Any

import duckdb
import pyarrow as pa

from resident.errors import InvalidInput, NotFound
from resident.records import RECOMMENDATION_STATUSES as STATUSES
from resident.records import FiledCounts, FiledFinding, Recommendation

_COLUMNS = (
    "id, kind, target, detail, action, evidence, status, created_at, last_seen_at, "
    "seen_count, status_changed_at"
)


def _ts(value: datetime) -> datetime:
    return value.astimezone(UTC).replace(tzinfo=None)


class HygieneStoreMixin:
    @property
    def _cur(self) -> duckdb.DuckDBPyConnection:  # DuckStore's per-thread cursor
        raise NotImplementedError

    def file_recommendations(self, items: Sequence[FiledFinding], now: datetime) -> FiledCounts:
        """Insert new findings as open recommendations; a finding already filed (same stable
        id) gets its evidence, detail, action and last_seen_at refreshed and keeps its status."""
        cur = self._cur
        batch = pa.table(
            {
                "id": pa.array([f.id for f in items], pa.string()),
                "kind": pa.array([f.kind for f in items], pa.string()),
                "target": pa.array([f.target for f in items], pa.string()),
                "detail": pa.array([f.detail for f in items], pa.string()),
                "action": pa.array([f.action for f in items], pa.string()),
                "evidence": pa.array(
                    [json.dumps(f.evidence, sort_keys=True) for f in items], pa.string()
                ),
            }
        )
        cur.execute("BEGIN TRANSACTION")
        try:
            cur.register("filed_batch", batch)
            try:
                row = cur.execute(
                    "SELECT count(*) FROM (SELECT DISTINCT id FROM filed_batch) b "
                    "JOIN recommendations r USING (id)"
                ).fetchall()
                again = int(row[0][0])
                # One set-based upsert: a large graph's first run files thousands of rows.
                cur.execute(
                    "INSERT INTO recommendations (id, kind, target, detail, status, created_at, "
                    "evidence, action, last_seen_at, seen_count) "
                    "SELECT DISTINCT ON (id) id, kind, target, detail, 'open', $now, evidence, "
                    "action, $now, 1 FROM filed_batch "
                    "ON CONFLICT (id) DO UPDATE SET detail = excluded.detail, "
                    "evidence = excluded.evidence, action = excluded.action, "
                    "last_seen_at = excluded.last_seen_at, "
                    "seen_count = recommendations.seen_count + 1",
                    {"now": _ts(now)},
                )
            finally:
                cur.unregister("filed_batch")
        except duckdb.Error:
            cur.execute("ROLLBACK")
            raise
        cur.execute("COMMIT")
        return FiledCounts(new=len({f.id for f in items}) - again, seen_again=again)

    def recommendations(self, status: str | None = None, limit: int = 100) -> list[Recommendation]:
        """Recommendations, the most recently found first; only those with `status` if given."""
        if status is not None and status not in STATUSES:
            raise InvalidInput(f"status must be one of {', '.join(STATUSES)}, not {status!r}")
        rows = self._cur.execute(
            f"SELECT {_COLUMNS} FROM recommendations WHERE $status IS NULL OR status = $status "
            "ORDER BY last_seen_at DESC, kind, target LIMIT $limit",
            {"status": status, "limit": limit},
        ).fetchall()
        return [_recommendation(r) for r in rows]

    def set_recommendation_status(
        self, recommendation_id: str, status: str, now: datetime
    ) -> Recommendation:
        """The owner's verdict on a recommendation: a status change and nothing else."""
        if status not in STATUSES:
            raise InvalidInput(f"status must be one of {', '.join(STATUSES)}, not {status!r}")
        cur = self._cur
        rows = cur.execute(
            f"UPDATE recommendations SET status = ?, status_changed_at = ? WHERE id = ? "
            f"RETURNING {_COLUMNS}",
            [status, _ts(now), recommendation_id],
        ).fetchall()
        if not rows:
            raise NotFound(f"recommendation {recommendation_id!r} not found")
        return _recommendation(rows[0])


def _aware(value: datetime | None) -> datetime | None:
    return None if value is None else value.replace(tzinfo=UTC)


def _recommendation(r: Sequence[Any]) -> Recommendation:
    return Recommendation(
        id=r[0],
        kind=r[1],
        target=r[2],
        detail=r[3],
        action=r[4] or "",
        evidence=json.loads(r[5] or "{}"),
        status=r[6],
        created_at=r[7].replace(tzinfo=UTC),
        last_seen_at=(r[8] or r[7]).replace(tzinfo=UTC),
        seen_count=r[9] or 1,
        status_changed_at=_aware(r[10]),
    )
