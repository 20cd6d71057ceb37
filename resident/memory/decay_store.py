"""decay_stale_facts in the store: the forgetting curve over the whole graph in one UPDATE, or
slice by slice for the daemon (resident.daemon.guard). Mixed into DuckStore.

The rule is epistemic.decay_step (sql_rules._decay_sql its SQL twin). The UPDATE writes only
confidence: whether a claim was already halved in its current stale span is read off its
retrieved_at and the store's one record of the last finished run (decay_runs, migration 011),
which the run updates in the same transaction. A sweep in slices records its progress with each
slice, so a sweep cut short is finished with its own `now` before another starts and no claim is
halved twice in one span.
"""

from __future__ import annotations

from contextlib import AbstractContextManager
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

import duckdb

from resident.config import Settings
from resident.errors import InvalidInput
from resident.memory.rows import _db_ts, _py_ts
from resident.records import DecayCounts


@dataclass(frozen=True)
class DecayRuns:
    """The one row of decay_runs: the last finished run and a sweep in progress, if any."""

    last_run: datetime | None
    #: The `now` of a sweep in progress (cut short, or running): claims with rowid below
    #: `swept_to` are done.
    sweep_at: datetime | None
    swept_to: int | None


class DecayStoreMixin:
    settings: Settings
    _decay_sql: str

    @property
    def _cur(self) -> duckdb.DuckDBPyConnection:  # DuckStore's per-thread cursor
        raise NotImplementedError

    def _tx(self) -> AbstractContextManager[duckdb.DuckDBPyConnection]:  # DuckStore's
        raise NotImplementedError

    def decay_stale_facts(self, now: datetime) -> DecayCounts:
        """The forgetting curve, one set-based UPDATE of confidence alone: only claims below the
        threshold, unretrieved for the stale span, halved at most once per span, floored, never
        deleted. A daemon sweep cut short is finished first, with its own `now`."""
        with self._tx() as cur:
            runs = _decay_runs(cur)
            decayed, last_run = 0, runs.last_run
            if runs.sweep_at is not None:
                decayed += self._decay_rows(cur, runs.sweep_at, last_run, runs.swept_to)
                last_run = _later(last_run, runs.sweep_at)
            decayed += self._decay_rows(cur, now, last_run)
            _finish(cur, _later(last_run, now))
        return DecayCounts(decayed=decayed, now=now)

    def claims_rowid_end(self) -> int:
        """One past the highest rowid of claims: the range decay_slice batches cover."""
        rows = self._cur.execute("SELECT coalesce(max(rowid) + 1, 0) FROM claims").fetchall()
        return int(rows[0][0]) if rows else 0

    def decay_runs(self) -> DecayRuns:
        """The store's record of decay runs: the last finished one, and a sweep in progress."""
        return _decay_runs(self._cur)

    def decay_pending(self) -> tuple[datetime, int] | None:
        """The `now` of a sweep cut short and the rowid it got to, or None: the daemon finishes
        it (decay_slice from there, then decay_finish) before it starts the next."""
        runs = self.decay_runs()
        if runs.sweep_at is None or runs.swept_to is None:
            return None
        return runs.sweep_at, runs.swept_to

    def decay_slice(self, now: datetime, lo: int, hi: int) -> int:
        """decay_stale_facts over the claims with lo <= rowid < hi, in one short transaction
        that also records the sweep's progress; the number of claims decayed. The daemon sweeps
        the graph slice by slice so that a retrieval racing the sweep conflicts with one slice,
        not with the whole sweep (DuckDB refuses the second writer of a row at once, and a
        whole-graph UPDATE held every stale row for seconds). Every slice of a sweep takes the
        same `now`; decay_finish ends the sweep."""
        with self._tx() as cur:
            runs = _decay_runs(cur)
            if runs.sweep_at is not None and runs.sweep_at != _py_ts(_db_ts(now)):
                raise InvalidInput(
                    f"a decay sweep at {runs.sweep_at.isoformat()} is unfinished; finish it "
                    "(decay_pending) before one at another time"
                )
            decayed = self._decay_rows(cur, now, runs.last_run, lo, hi)
            cur.execute(
                "UPDATE decay_runs SET sweep_at = $now, "
                "swept_to = greatest(coalesce(swept_to, 0), $hi)",
                {"now": _db_ts(now), "hi": hi},
            )
        return decayed

    def decay_finish(self, now: datetime) -> None:
        """End the sweep at `now`: every slice is done, so `now` is the last finished run."""
        with self._tx() as cur:
            _finish(cur, _later(_decay_runs(cur).last_run, now))

    def _decay_rows(
        self,
        cur: duckdb.DuckDBPyConnection,
        now: datetime,
        last_run: datetime | None,
        lo: int | None = None,
        hi: int | None = None,
    ) -> int:
        cutoff = now - timedelta(days=self.settings.decay.stale_after_days)
        params: dict[str, Any] = {
            "now": _db_ts(now),
            "cutoff": _db_ts(cutoff),
            "last_run": None if last_run is None else _db_ts(last_run),
        }
        sql = self._decay_sql
        if lo is not None:
            sql, params["lo"] = sql + " AND rowid >= $lo", lo
        if hi is not None:
            sql, params["hi"] = sql + " AND rowid < $hi", hi
        rows = cur.execute(sql, params).fetchall()
        return int(rows[0][0]) if rows else 0


def _decay_runs(cur: duckdb.DuckDBPyConnection) -> DecayRuns:
    rows = cur.execute("SELECT last_run, sweep_at, swept_to FROM decay_runs").fetchall()
    last_run, sweep_at, swept_to = rows[0] if rows else (None, None, None)
    return DecayRuns(_py_ts(last_run), _py_ts(sweep_at), swept_to)


def _finish(cur: duckdb.DuckDBPyConnection, last_run: datetime) -> None:
    cur.execute(
        "UPDATE decay_runs SET last_run = $last_run, sweep_at = NULL, swept_to = NULL",
        {"last_run": _db_ts(last_run)},
    )


def _later(a: datetime | None, b: datetime) -> datetime:
    """The later of two run times: a run at an earlier `now` (an injected clock set back)
    never moves the record of the last run back, which would let a span's halving come twice."""
    return b if a is None or b > a else a
