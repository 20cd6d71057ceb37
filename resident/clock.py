"""Time, injected: rules take `now`; processes hold a Clock they can be handed in tests."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Protocol


class Clock(Protocol):
    def now(self) -> datetime:
        """The current time, timezone-aware UTC."""
        ...


class SystemClock:
    def now(self) -> datetime:
        return datetime.now(UTC)


class ManualClock:
    """A clock moved by hand: tests, replays and simulated nights."""

    def __init__(self, start: datetime) -> None:
        self._now = start

    def now(self) -> datetime:
        return self._now

    def advance(self, **delta: float) -> datetime:
        """Move forward by timedelta(**delta), e.g. advance(minutes=10)."""
        self._now += timedelta(**delta)
        return self._now
