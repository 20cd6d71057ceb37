"""A time bound on a turn's reading (issue 21): a reader defect (a loop, a pathological parse)
costs one turn, never the daemon.

A turn's reading runs in the thread that serves the turn (the mind lane's worker), inside the
turn's one graph transaction (memory/turn_store.py). `bounded` arms a deadline for that thread
with one watchdog thread per process; when the deadline passes and the thread is still reading,
the watchdog raises `ReadingOverrun` in it (CPython's PyThreadState_SetAsyncExc), at the
reader's next Python instruction. The exception unwinds the turn like any failure: every `with`
releases its lock (the pipeline's included), the turn's transaction rolls back, so nothing of it
is half-written to the graph, and the caller answers the turn honestly instead
(conversation.Language.converse).

Why an exception injected into the reading thread rather than the alternatives:
- a cooperative deadline checked in the reader's loops bounds only the loops someone thought of;
  the 44-minute stall was a loop nobody had, in a module no check would have been in;
- a worker process would need a second spaCy pipeline and WordNet in memory (hundreds of MB),
  and cannot read the graph: DuckDB lets one process hold the database for writing, and the
  reader reads it as it goes (the dictionary, what is already held). A process can be killed
  from outside; this cannot stop C code that never returns (a loop inside the parser), but the
  parser's input is bounded at the edge (language.max_turn_chars), so its C part ends;
- a thread left reading while the lane moves on would hold the turn's transaction and the
  pipeline's lock: the next turn would wait on it anyway.

The same code runs on Linux and Windows (the call is CPython's, not a signal), kill -9 needs no
care (nothing outside the turn's transaction is written while it reads), and the cost per turn
is two lock round trips: the watchdog wakes only at a deadline, not per turn.

`ReadingOverrun` is a BaseException, so no `except Exception` in the reader swallows it; if
something catches it anyway and reads on, the watchdog raises it again every `AGAIN_S`.
"""

from __future__ import annotations

import ctypes
import os
import sys
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import TypeVar

T = TypeVar("T")

#: After an overrun was raised, how long before it is raised again in a thread still reading
#: (it was caught and swallowed): long enough that settling never meets a second one.
AGAIN_S = 0.5
_NEVER = float("inf")


#: Modules whose work the overrun never interrupts: short and finite, and cut part way they
#: would leave shared state torn (an event written without its seq counted, a cache mid-
#: update, a module half imported). A reading past its deadline in one of them is abandoned
#: the moment it leaves it. A turn's graph writes are not here: its transaction rolls back.
SHIELDED = (
    "resident.events",
    "resident.state.",
    "resident.memory.turn_store",
    "cachetools",
    "threading",
    "importlib",
    "logging",
)
#: The reader's own modules: a loop in one is cut even when shielded code called it.
READERS = ("resident.language", "resident.literature")
#: How soon the watchdog looks again at a reading it found in a shielded module.
_SHIELD_RETRY_S = 0.005


class ReadingOverrun(BaseException):  # noqa: N818 - raised into a thread, like KeyboardInterrupt
    """Raised inside a reading thread whose budget ran out (by the watchdog, never by code)."""


class ReadingAbandoned(Exception):  # noqa: N818 - the outcome, not an error of the caller
    """A turn's reading ran past its budget and was abandoned: nothing of it was kept."""

    code = "reading_abandoned"

    def __init__(self, budget_s: float, spent_s: float) -> None:
        super().__init__(f"the reading took more than {budget_s:g} s and was abandoned")
        self.budget_s = budget_s
        self.spent_s = spent_s


def _raise_in(ident: int, exc: type[BaseException] | None) -> None:
    """Raise `exc` in the thread `ident` at its next instruction (None: cancel a pending one)."""
    ctypes.pythonapi.PyThreadState_SetAsyncExc(
        ctypes.c_ulong(ident), ctypes.py_object(exc) if exc is not None else None
    )


@dataclass
class _Armed:
    ident: int
    deadline: float
    #: Seconds left when reading was paused (None: not paused).
    paused_left: float | None = None
    fired: bool = False


class Watchdog:
    """One thread that raises `ReadingOverrun` in reading threads past their deadlines."""

    def __init__(
        self,
        clock: Callable[[], float] = time.monotonic,
        shielded: tuple[str, ...] = SHIELDED,
        readers: tuple[str, ...] = READERS,
    ) -> None:
        self._clock = clock
        self._shielded = shielded
        self._readers = readers
        self._cond = threading.Condition()
        self._armed: dict[int, _Armed] = {}
        #: When the watchdog wakes next (inf: it waits for a deadline to be armed).
        self._wake_at = _NEVER
        self._thread: threading.Thread | None = None

    def arm(self, budget_s: float) -> _Armed | None:
        """Bound this thread's reading to `budget_s` from now; None when it is bounded already
        (a turn inside a turn: the outer bound holds)."""
        ident = threading.get_ident()
        with self._cond:
            if ident in self._armed:
                return None
            armed = _Armed(ident, self._clock() + budget_s)
            self._armed[ident] = armed
            if self._thread is None:
                self._thread = threading.Thread(
                    target=self._watch, name="reading-watchdog", daemon=True
                )
                self._thread.start()
            elif armed.deadline < self._wake_at:
                self._cond.notify()
            return armed

    def disarm(self, armed: _Armed) -> bool:
        """End the bound; True when it fired. An overrun raised but not yet seen is cancelled,
        so it never lands in what the thread does next."""
        with self._cond:
            self._armed.pop(armed.ident, None)
            if armed.fired:
                _raise_in(armed.ident, None)
            return armed.fired

    def pause(self, armed: _Armed) -> None:
        """Stop the clock (the reply's phrasing by the optional model has a timeout of its own)."""
        with self._cond:
            if not armed.fired and armed.paused_left is None:
                armed.paused_left = max(armed.deadline - self._clock(), 0.0)
                armed.deadline = _NEVER

    def resume(self, armed: _Armed) -> None:
        with self._cond:
            if armed.paused_left is not None:
                armed.deadline = self._clock() + armed.paused_left
                armed.paused_left = None
                if armed.deadline < self._wake_at:
                    self._cond.notify()

    def current(self) -> _Armed | None:
        with self._cond:
            return self._armed.get(threading.get_ident())

    def _in_shielded(self, ident: int) -> bool:
        """The thread is in a shielded module: the nearest frame, from the innermost out, that
        is either shielded or the reader's own decides (a library the reader calls, spaCy or
        json, is neither; the frames outside `bounded`, a worker thread's own, never count)."""
        frame = sys._current_frames().get(ident)
        while frame is not None and frame.f_code is not bounded.__code__:
            module = str(frame.f_globals.get("__name__", ""))
            if module.startswith(self._shielded):
                return True
            if module.startswith(self._readers):
                return False
            frame = frame.f_back
        return False

    def _watch(self) -> None:
        with self._cond:
            while True:
                now = self._clock()
                for armed in self._armed.values():
                    if armed.deadline > now:
                        continue
                    if self._in_shielded(armed.ident):
                        armed.deadline = now + _SHIELD_RETRY_S
                        continue
                    # Marked before it is raised: the reading thread may see its own error
                    # (a library's, wrapping the overrun) before this thread runs on.
                    armed.fired = True
                    _raise_in(armed.ident, ReadingOverrun)
                    armed.deadline = now + AGAIN_S
                self._wake_at = min((a.deadline for a in self._armed.values()), default=_NEVER)
                self._cond.wait(None if self._wake_at == _NEVER else max(self._wake_at - now, 0))

    def _forked(self) -> None:
        # A forked child has no watchdog thread (nor the parent's readings): start afresh.
        self._cond = threading.Condition()
        self._armed = {}
        self._wake_at = _NEVER
        self._thread = None


_WATCHDOG = Watchdog()
if hasattr(os, "register_at_fork"):  # not on Windows, which never forks
    os.register_at_fork(after_in_child=_WATCHDOG._forked)


def bounded(budget_s: float, read: Callable[[], T], watchdog: Watchdog = _WATCHDOG) -> T:
    """`read()`, abandoned after `budget_s` seconds with ReadingAbandoned; the thread then
    carries nothing of it on (no overrun left pending)."""
    armed = watchdog.arm(budget_s)
    if armed is None:
        return read()
    started = time.monotonic()
    try:
        return read()
    except ReadingOverrun:
        raise ReadingAbandoned(budget_s, time.monotonic() - started) from None
    except Exception:
        # A library that calls back into Python (DuckDB counting the rows of a registered Arrow
        # table, or running a Python function) catches the overrun raised in that callback and
        # raises its own error in its place: once the deadline has fired, the error is the
        # overrun's, and the turn is abandoned like any other (a dev eval died of this).
        if not armed.fired:
            raise
        raise ReadingAbandoned(budget_s, time.monotonic() - started) from None
    finally:
        # A deadline that fell as the reading ended is cancelled here, unseen: the reading
        # finished and its result stands.
        _settle(watchdog, armed)


def _settle(watchdog: Watchdog, armed: _Armed) -> bool:
    # An overrun raised just as the reading ends lands here at most once (the next would be
    # AGAIN_S later): take it and disarm again.
    while True:
        try:
            return watchdog.disarm(armed)
        except ReadingOverrun:
            continue


@contextmanager
def unbounded(watchdog: Watchdog = _WATCHDOG) -> Iterator[None]:
    """Work inside a bounded reading that its budget does not count (waiting on the optional
    language model, which has its own timeout)."""
    armed = watchdog.current()
    if armed is None:
        yield
        return
    watchdog.pause(armed)
    try:
        yield
    finally:
        watchdog.resume(armed)
