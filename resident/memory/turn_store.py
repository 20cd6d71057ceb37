"""One durable write per turn (issue 21): a conversation turn's graph writes and its event log
records commit in one DuckDB transaction, so the graph's one WAL sync makes the turn durable.

How a turn uses it (resident/language/conversation.py, resident/events.py):
- `turn_commit(graph)` opens a `TurnTransaction` for this thread. Nothing happens until the
  turn's first write: then `DuckStore._tx` begins the transaction, and every later write of the
  turn (its statements, a conflict it records, a change it settles) joins it instead of
  committing on its own.
- When the turn ends, the event log's group hands the turn's records (every event it emitted,
  its `state_journal` included) to `commit`: they go into `turn_events` (migration 012) and the
  transaction commits: one fdatasync of the graph's WAL. The log file gets the same lines after
  that, without a sync of its own (EventLog.grouped).
- A kill after the commit and before the lines reach the log file loses nothing: boot
  (`reconcile_turn_events`) appends to each session's log what it lacks of `turn_events`, by
  (session, seq), so each record lands exactly once, and then deletes the rows. A kill before
  the commit leaves neither: the turn was never acknowledged.
- A turn that writes nothing to the graph (a question, "Thanks!") never begins the transaction;
  the log syncs as before (or not at all for a social turn: EventLog.grouped's `durable`).

DuckDB has no savepoints, so a failed write inside a turn cannot be undone alone: the first
write's failure rolls back (nothing else was written: the daemon's guard may retry it, as for any
write); a later one's rolls back the turn's writes at once and marks it spoiled: the turn is
refused whole (GraphBusy) instead of half-written. Refusals of the epistemic rules
(EpistemicRefusal) and NotFound are raised before the store writes anything, so a turn that
catches one carries on.
"""

from __future__ import annotations

import json
import re
import threading
from collections.abc import Iterator, Sequence
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import TYPE_CHECKING

import duckdb

from resident.errors import EpistemicRefusal, GraphBusy, NotFound
from resident.events import append_missing
from resident.state.storage import is_storage_full, storage_full

#: How many turns' rows wait in turn_events before a turn deletes those the log has synced.
PRUNE_EVERY = 64
#: A log line's own seq (the log writes session_id, correlation_id, seq first).
_SEQ_RE = re.compile(rb'^\{"session_id":"[^"]*","correlation_id":(?:null|"[^"]*"),"seq":(\d+),')


class TurnTransaction:
    """One turn's graph transaction, begun at its first write and committed with its log
    records (the `Carrier` the event log's group commits through)."""

    def __init__(self, store: TurnStoreMixin, cur: duckdb.DuckDBPyConnection) -> None:
        self._store = store
        self._cur = cur
        #: idle (nothing written), open (written), spoiled (a write failed part way), done.
        self._state = "idle"
        self._why = ""

    def begun(self) -> bool:
        """The turn wrote to the graph (its records must commit here, or the turn fails)."""
        return self._state in ("open", "spoiled")

    @contextmanager
    def writing(self) -> Iterator[duckdb.DuckDBPyConnection]:
        """One store write of the turn (DuckStore._tx)."""
        if self._state == "spoiled":
            raise GraphBusy(f"this turn's graph writes were refused part way ({self._why})")
        first = self._state == "idle"
        if first:
            self._cur.execute("BEGIN TRANSACTION")
            self._state = "open"
        try:
            yield self._cur
        except BaseException as exc:
            if first:
                # Nothing else was written: as if this write had its own transaction.
                self.rollback()
            elif not isinstance(exc, EpistemicRefusal | NotFound):
                # The turn's earlier writes cannot be kept without this one's part: undo them
                # now (DuckDB answers nothing more in an aborted transaction, reads included),
                # and refuse the turn at its commit.
                self.rollback()
                self._state, self._why = "spoiled", f"{type(exc).__name__}: {exc}"
            raise

    def commit(self, records: Sequence[tuple[str, int, str]], synced: dict[str, int]) -> None:
        """Add `records` (session_id, seq, log line) to turn_events and commit: the turn's one
        durable write. Rows of earlier turns the log has synced since (`synced`: session ->
        highest seq its log has synced) are deleted in the same transaction."""
        if self._state == "spoiled":
            self.rollback()
            raise GraphBusy(
                f"the turn was not stored: a graph write was refused part way ({self._why}); "
                "nothing of it was kept, say it again"
            )
        if self._state != "open":
            return
        cur = self._cur
        try:
            if records:
                # One row for the whole turn: one key to insert (about 0.5 ms at 100k claims).
                cur.execute(
                    "INSERT INTO turn_events (session_id, seq, lines) VALUES (?, ?, ?)",
                    [records[0][0], records[0][1], "".join(f"{r[2]}\n" for r in records)],
                )
            self._store._prune_turn_events(cur, synced)
            cur.execute("COMMIT")
        except duckdb.Error as exc:
            self.rollback()
            if is_storage_full(exc):
                raise storage_full(exc, self._store.path.parent) from exc
            if isinstance(exc, duckdb.TransactionException | duckdb.ConstraintException):
                raise GraphBusy(
                    f"the turn was not stored: another write to the same rows came first ({exc}); "
                    "say it again"
                ) from exc
            raise
        self._state = "done"
        self._store._committed_turn_events(records)

    def rollback(self) -> None:
        if self._state == "open":
            with suppress(duckdb.Error):
                self._cur.execute("ROLLBACK")
        self._state = "idle"


class TurnStoreMixin:
    """The turn transaction and the `turn_events` rows (mixed into DuckStore)."""

    if TYPE_CHECKING:
        path: Path
        _local: threading.local

        @property
        def _cur(self) -> duckdb.DuckDBPyConnection: ...

        #: Per session, the (first, last) seqs of the turns this process committed to
        #: turn_events and has not deleted.
        _unpruned: dict[str, list[tuple[int, int]]]

    @contextmanager
    def turn(self) -> Iterator[TurnTransaction]:
        """A turn's transaction for this thread; rolled back if nothing committed it."""
        if getattr(self._local, "turn", None) is not None:
            raise RuntimeError("a turn is already open on this thread")
        tx = TurnTransaction(self, self._cur)
        self._local.turn = tx
        try:
            yield tx
        finally:
            self._local.turn = None
            tx.rollback()

    def _committed_turn_events(self, records: Sequence[tuple[str, int, str]]) -> None:
        if records:
            rows = self._unpruned.setdefault(records[0][0], [])
            rows.append((records[0][1], records[-1][1]))

    def _prune_turn_events(self, cur: duckdb.DuckDBPyConnection, synced: dict[str, int]) -> None:
        """Once PRUNE_EVERY turns wait in turn_events, delete those whose lines the log has
        synced, in the turn's transaction (a delete in every turn cost it about 0.7 ms; boot
        deletes the rest)."""
        for session_id, upto in synced.items():
            rows = self._unpruned.get(session_id, [])
            done = [first for first, last in rows if last <= upto]
            if len(done) < PRUNE_EVERY:
                continue
            cur.execute(
                "DELETE FROM turn_events WHERE session_id = $s AND seq IN (SELECT unnest($q))",
                {"s": session_id, "q": done},
            )
            self._unpruned[session_id] = [(f, last) for f, last in rows if last > upto]

    def unlogged_turn_events(self) -> dict[str, list[tuple[int, str]]]:
        """Every line turn_events holds, per session, as (seq, line) in seq order."""
        rows = self._cur.execute(
            "SELECT session_id, lines FROM turn_events ORDER BY session_id, seq"
        ).fetchall()
        out: dict[str, list[tuple[int, str]]] = {}
        for session_id, lines in rows:
            for line in lines.splitlines():
                seq = _seq_of(line.encode())
                if seq is not None:
                    out.setdefault(session_id, []).append((seq, line))
        return out

    def forget_turn_events(self, session_ids: Sequence[str]) -> None:
        """Delete the rows of `session_ids` (their lines are in the logs, synced)."""
        if not session_ids:
            return
        cur = self._cur
        cur.execute("BEGIN TRANSACTION")
        try:
            cur.execute(
                "DELETE FROM turn_events WHERE session_id IN (SELECT unnest($ids))",
                {"ids": list(session_ids)},
            )
        except BaseException:
            cur.execute("ROLLBACK")
            raise
        cur.execute("COMMIT")


@contextmanager
def turn_commit(graph: object) -> Iterator[TurnTransaction | None]:
    """The turn transaction of the DuckStore behind `graph` (the daemon's guarded graph holds
    it as `.store`), or None for a graph that commits each write itself (a RemoteGraph)."""
    store = graph
    while not isinstance(store, TurnStoreMixin) and hasattr(store, "store"):
        store = store.store
    if not isinstance(store, TurnStoreMixin) or getattr(store._local, "turn", None) is not None:
        # No DuckStore here, or a turn inside a turn: the outer one commits the writes.
        yield None
        return
    with store.turn() as tx:
        yield tx


def reconcile_turn_events(graph: object, events_dir: Path) -> int:
    """At boot, before anything reads the logs: append to each session's log the records of
    `turn_events` it lacks (a turn committed to the graph and killed before its lines reached
    the log file), sync the log, then delete the rows. Idempotent: a record already in the log
    (found by its seq) is not appended again, so a boot killed half way is finished by the next.
    Returns the number of lines appended."""
    store = graph
    while not isinstance(store, TurnStoreMixin) and hasattr(store, "store"):
        store = store.store
    if not isinstance(store, TurnStoreMixin):
        return 0
    pending = store.unlogged_turn_events()
    appended = 0
    for session_id, rows in pending.items():
        appended += append_missing(events_dir / f"{session_id}.jsonl", rows, _seq_of)
    store.forget_turn_events(list(pending))
    return appended


def _seq_of(line: bytes) -> int | None:
    """A log line's seq, read off its start (the whole line is parsed only when that fails)."""
    found = _SEQ_RE.match(line)
    if found:
        return int(found.group(1))
    try:
        seq = json.loads(line).get("seq")
    except (ValueError, AttributeError):
        return None
    return seq if isinstance(seq, int) else None
