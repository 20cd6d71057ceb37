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
- The private state files a turn changes (people.json when someone introduces themselves,
  threads.json when a plan or wish is left open, spoken.json: what people said, which Rule 8
  keeps out of the log) ride in the same row as lines of their own (`carry`), each the file's
  name and new envelope; the files are then replaced without a sync. Such a line has no seq, so
  it never reaches a log; boot writes a newer envelope back to its file first
  (`restore_turn_state`). A turn that changes one and writes no graph (someone seen again)
  begins the transaction for it: one commit still.
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
from resident.state import statefile
from resident.state.journal import PRIVATE_KEY
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
        #: Private state files' lines (journal.PRIVATE_KEY) to commit in the turn's row.
        self._carried: list[str] = []

    def begun(self) -> bool:
        """The turn wrote to the graph (its records must commit here, or the turn fails)."""
        return self._state in ("open", "spoiled")

    def carry(self, lines: Sequence[str]) -> None:
        """Commit `lines` (private state files' new versions) in the turn's row; the
        transaction begins here if the turn wrote nothing else."""
        if self._state == "spoiled":
            raise GraphBusy(f"this turn's graph writes were refused part way ({self._why})")
        if self._state == "idle":
            self._cur.execute("BEGIN TRANSACTION")
            self._state = "open"
        self._carried.extend(lines)

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
                lines = [r[2] for r in records] + self._carried
                cur.execute(
                    "INSERT INTO turn_events (session_id, seq, lines) VALUES (?, ?, ?)",
                    [records[0][0], records[0][1], "".join(f"{line}\n" for line in lines)],
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
        files = frozenset(json.loads(line)[PRIVATE_KEY] for line in self._carried)
        self._store._committed_turn_events(records, files)

    def rollback(self) -> None:
        if self._state == "open":
            with suppress(duckdb.Error):
                self._cur.execute("ROLLBACK")
        self._state = "idle"
        self._carried = []


class TurnStoreMixin:
    """The turn transaction and the `turn_events` rows (mixed into DuckStore)."""

    if TYPE_CHECKING:
        path: Path
        _local: threading.local

        @property
        def _cur(self) -> duckdb.DuckDBPyConnection: ...

        #: Per session, the (first, last) seqs of the turns this process committed to
        #: turn_events and has not deleted, with the private state files each row carries.
        _unpruned: dict[str, list[tuple[int, int, frozenset[str]]]]

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

    def _committed_turn_events(
        self, records: Sequence[tuple[str, int, str]], files: frozenset[str] = frozenset()
    ) -> None:
        if records:
            rows = self._unpruned.setdefault(records[0][0], [])
            rows.append((records[0][1], records[-1][1], files))

    def _prune_turn_events(self, cur: duckdb.DuckDBPyConnection, synced: dict[str, int]) -> None:
        """Once PRUNE_EVERY turns wait in turn_events, delete those whose lines the log has
        synced, in the turn's transaction (a delete in every turn cost it about 0.7 ms; boot
        deletes the rest). A row carrying a private state file stays until a later row carries
        a newer version of it (the file itself was replaced unsynced)."""
        for session_id, upto in synced.items():
            rows = self._unpruned.get(session_id, [])
            newest = {name: i for i, row in enumerate(rows) for name in row[2]}
            done = {
                i
                for i, (_, last, files) in enumerate(rows)
                if last <= upto and all(newest[name] > i for name in files)
            }
            if len(done) < PRUNE_EVERY:
                continue
            cur.execute(
                "DELETE FROM turn_events WHERE session_id = $s AND seq IN (SELECT unnest($q))",
                {"s": session_id, "q": [rows[i][0] for i in sorted(done)]},
            )
            self._unpruned[session_id] = [row for i, row in enumerate(rows) if i not in done]

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

    def carried_state(self) -> dict[str, dict[str, object]]:
        """The newest envelope of each private state file the rows carry (by its write
        counter), by file name."""
        newest: dict[str, dict[str, object]] = {}
        for (lines,) in self._cur.execute("SELECT lines FROM turn_events").fetchall():
            for line in lines.splitlines():
                if f'"{PRIVATE_KEY}"' not in line:
                    continue
                try:
                    part = json.loads(line)
                    name, envelope = part[PRIVATE_KEY], part["envelope"]
                    seq = envelope["seq"]
                except (ValueError, KeyError, TypeError):
                    continue
                if not isinstance(name, str) or not isinstance(seq, int):
                    continue
                held = newest.get(name)
                if held is None or seq > held["seq"]:  # type: ignore[operator]
                    newest[name] = envelope
        return newest

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


def restore_turn_state(graph: object, state_dir: Path) -> list[str]:
    """At boot, before the state files are loaded (and before `reconcile_turn_events` deletes
    the rows): write back each private state file whose newest carried version is newer than
    the file (a turn committed and the file's unsynced replacement was lost). Returns the names
    of the files written."""
    store = graph
    while not isinstance(store, TurnStoreMixin) and hasattr(store, "store"):
        store = store.store
    if not isinstance(store, TurnStoreMixin):
        return []
    restored = []
    for name, envelope in sorted(store.carried_state().items()):
        # A name only, never a path: the row cannot point a write outside the state folder.
        if Path(name).name == name and statefile.restore(state_dir / name, envelope):
            restored.append(name)
    return restored


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
