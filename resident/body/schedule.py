"""Scheduled body probes: a background thread that probes the parts that are due."""

from __future__ import annotations

import threading
from collections.abc import Callable
from datetime import datetime

from resident.clock import Clock


class BodySchedule:
    """Every `every_s` seconds, calls `check(now)` (the daemon passes `Resident.check_body`).

    A failing round is kept in `last_error` and the schedule goes on: one bad probe must not end
    the watching.
    """

    def __init__(self, check: Callable[[datetime], object], clock: Clock, every_s: float) -> None:
        self._check = check
        self._clock = clock
        self._every_s = every_s
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self.rounds = 0
        self.last_error: BaseException | None = None

    def start(self) -> None:
        if self._thread is not None:
            return
        self._thread = threading.Thread(target=self._run, name="body-schedule", daemon=True)
        self._thread.start()

    def _run(self) -> None:
        while not self._stop.wait(self._every_s):
            try:
                self._check(self._clock.now())
            except Exception as exc:  # kept for /healthz; the next round tries again
                self.last_error = exc
            self.rounds += 1

    def stop(self, timeout_s: float = 10.0) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join(timeout_s)
            self._thread = None
