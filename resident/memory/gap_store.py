"""Curiosity gaps in the graph: filing, the due and open queues, and attempts with their backoff.
Mixed into DuckStore; moved out of duck_store.py unchanged."""

from __future__ import annotations

from collections.abc import Sequence
from contextlib import AbstractContextManager
from datetime import datetime
from typing import TYPE_CHECKING

import duckdb

from resident.cognition import epistemic
from resident.config import Settings
from resident.errors import (
    NotFound,
)
from resident.memory.cursors import _one, _qs
from resident.memory.learning_store import (
    gap_closed_experience,
)
from resident.memory.rows import (
    GAP_COLUMNS,
    _db_ts,
    _gap,
)
from resident.records import (
    Claim,
    CuriosityGap,
    Experience,
)


class GapStoreMixin:
    settings: Settings

    if TYPE_CHECKING:

        @property
        def _cur(self) -> duckdb.DuckDBPyConnection: ...
        def _tx(self) -> AbstractContextManager[duckdb.DuckDBPyConnection]: ...
        def _buffer_in(
            self, cur: duckdb.DuckDBPyConnection, items: Sequence[Experience], now: datetime
        ) -> None: ...
        def _claim_by_id(self, cur: duckdb.DuckDBPyConnection, claim_id: str) -> Claim | None: ...

    # curiosity gaps

    def file_gap(
        self,
        subject: str,
        predicate: str,
        question: str,
        now: datetime,
        priority: int | None = None,
        claim_id: str | None = None,
    ) -> CuriosityGap:
        gap = epistemic.new_gap(
            subject,
            predicate,
            question,
            self.settings.curiosity.default_priority if priority is None else priority,
            claim_id,
            now,
        )
        with self._tx() as cur:
            self._insert_gap(cur, gap)
        return gap

    def due_gaps(self, now: datetime, limit: int = 100) -> list[CuriosityGap]:
        """Open gaps whose backoff has passed, highest priority first."""
        rows = self._cur.execute(
            f"SELECT {GAP_COLUMNS} FROM curiosity_gaps WHERE status = 'open' "
            "AND next_attempt_at <= ? ORDER BY priority DESC, created_at, id LIMIT ?",
            [_db_ts(now), limit],
        ).fetchall()
        return [_gap(r) for r in rows]

    def open_gaps(self, limit: int = 100, min_attempts: int = 0) -> list[CuriosityGap]:
        """Open gaps tried at least `min_attempts` times, due or not, highest priority first:
        what the model council's rule chooses from."""
        rows = self._cur.execute(
            f"SELECT {GAP_COLUMNS} FROM curiosity_gaps WHERE status = 'open' AND attempts >= ? "
            "ORDER BY priority DESC, attempts DESC, created_at, id LIMIT ?",
            [min_attempts, limit],
        ).fetchall()
        return [_gap(r) for r in rows]

    def get_gap(self, gap_id: str) -> CuriosityGap:
        row = _one(
            self._cur.execute(f"SELECT {GAP_COLUMNS} FROM curiosity_gaps WHERE id = ?", [gap_id])
        )
        if row is None:
            raise NotFound(f"no curiosity gap {gap_id!r}")
        return _gap(row)

    def attempt_gap(self, gap_id: str, resolved: bool, note: str, now: datetime) -> CuriosityGap:
        gap = epistemic.gap_attempted(
            self.get_gap(gap_id), now, self.settings.curiosity, resolved, note
        )
        with self._tx() as cur:
            cur.execute(
                "UPDATE curiosity_gaps SET attempts = ?, status = ?, next_attempt_at = ?, "
                "updated_at = ?, note = ? WHERE id = ?",
                [
                    gap.attempts,
                    gap.status.value,
                    _db_ts(gap.next_attempt_at),
                    _db_ts(now),
                    note,
                    gap.id,
                ],
            )
            if resolved:
                claim = None if gap.claim_id is None else self._claim_by_id(cur, gap.claim_id)
                self._buffer_in(cur, [gap_closed_experience(gap, claim, now)], now)
        return gap

    def _insert_gap(self, cur: duckdb.DuckDBPyConnection, g: CuriosityGap) -> None:
        cur.execute(
            f"INSERT INTO curiosity_gaps ({GAP_COLUMNS}) VALUES ({_qs(12)}) "
            "ON CONFLICT (id) DO NOTHING",
            [
                g.id,
                g.subject,
                g.predicate,
                g.question,
                g.priority,
                g.attempts,
                g.status.value,
                g.claim_id,
                _db_ts(g.next_attempt_at),
                _db_ts(g.created_at),
                _db_ts(g.updated_at),
                g.note,
            ],
        )
