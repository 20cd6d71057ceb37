"""The daemon's view of its DuckStore: every call retried briefly on a write-write conflict.

Inside the one owner, turns, graph API calls and maintenance run on their own cursors at once
(DuckDB MVCC). Two transactions touching the same row conflict, and DuckDB refuses the second;
since the store rolls a refused transaction back whole, running the call again is safe.
"""

from __future__ import annotations

import contextlib
import logging
import random
import threading
import time
from collections.abc import Callable
from datetime import datetime
from functools import partial
from typing import TYPE_CHECKING, Any, TypeVar

import duckdb

from resident.config import DaemonSettings
from resident.errors import GraphBusy
from resident.memory.client import GraphStore, forwarding
from resident.memory.duck_store import DuckStore
from resident.records import DecayCounts
from resident.state.storage import is_storage_full, storage_full

T = TypeVar("T")

log = logging.getLogger("resident.daemon")


def is_write_conflict(exc: BaseException) -> bool:
    """DuckDB's refusal of a transaction that raced another on the same rows or keys."""
    text = str(exc).lower()
    # Two transactions inserting the same new key: the later one fails on the primary key,
    # at its INSERT or at COMMIT; run again, it sees the row and updates it instead.
    if isinstance(exc, duckdb.TransactionException | duckdb.ConstraintException):
        return "conflict" in text or "duplicate key" in text
    return False


def retry_conflicts(
    fn: Callable[[], T], settings: DaemonSettings, sleep: Callable[[float], None] = time.sleep
) -> T:
    """Run `fn`, again after a short jittered backoff while DuckDB reports a write conflict;
    GraphBusy once `settings.conflict_retries` retries are spent."""
    delay = settings.conflict_backoff_ms / 1000.0
    for attempt in range(settings.conflict_retries + 1):
        try:
            return fn()
        except (duckdb.TransactionException, duckdb.ConstraintException) as exc:
            if not is_write_conflict(exc):
                raise
            if attempt == settings.conflict_retries:
                raise GraphBusy(
                    f"the graph stayed busy with a conflicting write after {attempt + 1} tries; "
                    f"try again ({exc})"
                ) from exc
            sleep(delay * (0.5 + random.random()))
            delay = min(delay * 2, 0.2)
    raise AssertionError("unreachable")


def is_invalidated(exc: BaseException) -> bool:
    """DuckDB's state after a fatal error (a checkpoint the full disk refused): the connection
    answers nothing more until the database is opened again."""
    return isinstance(exc, duckdb.FatalException) or "has been invalidated" in str(exc)


def _forward(name: str) -> Callable[..., Any]:
    def method(self: GuardedGraph, *args: Any, **kwargs: Any) -> Any:
        return self.call(name, *args, **kwargs)

    method.__name__ = name
    method.__doc__ = f"DuckStore.{name}, retried on write-write conflicts."
    return method


if TYPE_CHECKING:
    # For the type checker the generated methods are GraphStore's; at run time `forwarding`
    # writes them (every Protocol method this class does not write itself goes through `call`).
    _Graph = GraphStore
else:
    _Graph = object


@forwarding("call")
class GuardedGraph(_Graph):
    """A GraphStore over the daemon's DuckStore; `store` is the DuckStore itself. Every
    GraphStore method but decay_stale_facts is generated from the Protocol and goes through
    `call` (a new Protocol method needs no edit here)."""

    def __init__(
        self,
        store: DuckStore,
        settings: DaemonSettings,
        reopen: Callable[[], DuckStore] | None = None,
    ) -> None:
        self.store = store
        self.settings = settings
        #: Opens the graph again after DuckDB invalidated it (its WAL holds every commit).
        self._reopen = reopen
        self._reopening = threading.Lock()
        self._sweeping = threading.Lock()

    def call(self, method: str, /, *args: Any, **kwargs: Any) -> Any:
        """DuckStore.`method`, retried on conflicts; a full disk is StorageFull, and a database
        DuckDB invalidated is opened again (on this call, or a later one once space is back)."""
        store = self.store
        try:
            if self._invalid is not None:
                store = self._recover(self._invalid)
            target = getattr(store, method)
            return retry_conflicts(lambda: target(*args, **kwargs), self.settings)
        except duckdb.Error as exc:
            if is_invalidated(exc):
                self._invalid = store
            if is_storage_full(exc):
                raise storage_full(exc, store.path.parent) from exc
            raise

    _invalid: DuckStore | None = None

    def _recover(self, broken: DuckStore) -> DuckStore:
        with self._reopening:
            if self.store is not broken or self._reopen is None:
                return self.store
            try:
                fresh = self._reopen_after(broken)
            except duckdb.Error as exc:
                if is_storage_full(exc):
                    raise storage_full(exc, broken.path.parent) from exc
                raise
            self.store = fresh
            self._invalid = None
            log.warning("the graph was opened again after DuckDB invalidated it")
            return fresh

    def _reopen_after(self, broken: DuckStore) -> DuckStore:
        assert self._reopen is not None
        # Its checkpoint fails again; the connection is closed all the same.
        with contextlib.suppress(duckdb.Error):
            broken.close()
        return self._reopen()

    def close(self) -> None:
        self.store.close()

    def __enter__(self) -> GuardedGraph:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def decay_stale_facts(self, now: datetime) -> DecayCounts:
        """decay_stale_facts slice by slice (`daemon.decay_batch_rows` claims each, in rowid
        order), each slice its own transaction retried on conflict. Same rows, same outcome
        as the single UPDATE; a turn racing it waits for a slice, not for the sweep. A sweep
        cut short (the daemon stopped mid-way) is finished first, with its own `now`; one sweep
        runs at a time, since every slice of a sweep must take the same `now`."""
        with self._sweeping:
            decayed = 0
            pending = retry_conflicts(self.store.decay_pending, self.settings)
            if pending is not None:
                decayed += self._sweep(*pending)
            decayed += self._sweep(now, 0)
        return DecayCounts(decayed=decayed, now=now)

    def _sweep(self, now: datetime, start: int) -> int:
        end = self.store.claims_rowid_end()
        step = self.settings.decay_batch_rows
        decayed = 0
        for lo in range(start, end, step):
            decayed += retry_conflicts(
                partial(self.store.decay_slice, now, lo, lo + step), self.settings
            )
        retry_conflicts(partial(self.store.decay_finish, now), self.settings)
        return decayed

    # The owner's own needs beyond GraphStore (health, snapshots, exports): forwarded alike.
    heartbeat = _forward("heartbeat")
    snapshot = _forward("snapshot")
    claims_for_subjects = _forward("claims_for_subjects")
    export_table = _forward("export_table")
    schema_version = _forward("schema_version")
    checkpoint = _forward("checkpoint")
    flush_retrievals = _forward("flush_retrievals")
