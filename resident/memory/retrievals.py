"""Retrievals read but not yet written: the confidence bump and `retrieved_at` of the claims a
turn read, kept in memory and written before the graph's next write transaction (other than a
turn's statements, which no bump depends on: DuckStore._tx), by the daemon's housekeeping round
(every `daemon.housekeeping_seconds`) or at close, so that a question costs no graph commit and
a statement no extra write.

Reads through the store see them at once (`overlay`). What a SIGKILL or a power cut takes is
at most the retrievals since the last write, within a housekeeping round while the daemon
runs: `retrieved_at` is a recency hint that decay reads in spans of 90 days (ARCHITECTURE.md,
decay_stale_facts, which writes them first), and a retrieval raises confidence at most once a
day, so losing the last minute's is best-effort by design, not a lost fact.

Per claim the book keeps the first and the last retrieval since the last write. Written in
order, the retrievals at t1 < ... < tn raise confidence at most once, at t1 (each later one
comes less than `bump_period` after the one before, or the book is written first), and leave
`retrieved_at = tn`: the same two numbers the store writes in one UPDATE.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterable, Sequence
from datetime import datetime, timedelta

from resident.records import Claim

#: claim id -> (first, last) retrieval since the last write.
Book = dict[str, tuple[datetime, datetime]]


class PendingRetrievals:
    """Thread-safe: the daemon's request threads read while one of them writes."""

    def __init__(self, period: timedelta) -> None:
        self._period = period
        self._lock = threading.Lock()
        self._book: Book = {}

    def __len__(self) -> int:
        with self._lock:
            return len(self._book)

    def needs_write_before(self, ids: Iterable[str], now: datetime) -> bool:
        """Whether a retrieval at `now` could raise a claim's confidence a second time since
        the last write (a period or more after its last pending one): the book is written
        first then, so that it never holds two raises for one claim."""
        with self._lock:
            return any(i in self._book and now - self._book[i][1] >= self._period for i in ids)

    def note(self, ids: Iterable[str], now: datetime) -> None:
        with self._lock:
            for i in ids:
                first = self._book[i][0] if i in self._book else now
                self._book[i] = (first, now)

    def take(self) -> Book:
        """Everything pending, leaving the book empty (put it back if the write fails)."""
        with self._lock:
            taken, self._book = self._book, {}
        return taken

    def put_back(self, taken: Book) -> None:
        """A write that failed: its retrievals are pending again, before any noted since."""
        with self._lock:
            for i, (first, last) in taken.items():
                newer = self._book.get(i)
                self._book[i] = (first, last) if newer is None else (first, newer[1])

    def overlay(
        self, claims: Sequence[Claim], bump: Callable[[Claim, datetime], Claim]
    ) -> list[Claim]:
        """The claims as they will be once the pending retrievals are written: `bump` (the
        rule, epistemic.retrieval_bump) at the first, `retrieved_at` the last."""
        with self._lock:
            if not self._book:
                return list(claims)
            pending = {c.id: self._book[c.id] for c in claims if c.id in self._book}
        out = []
        for c in claims:
            if c.id in pending:
                first, last = pending[c.id]
                c = bump(c, first).model_copy(update={"retrieved_at": last})
            out.append(c)
        return out
