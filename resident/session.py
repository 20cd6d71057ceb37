"""Which life this is: the `session_id` (a ULID minted once per boot) and per-interaction
`correlation_id`s, which thread one interaction from request to response."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime

from ulid import ULID

from resident.clock import Clock, SystemClock


def new_ulid(at: datetime) -> str:
    """A ULID whose timestamp is `at`: sortable, so the id also says when it was minted."""
    return str(ULID.from_datetime(at))


@dataclass(frozen=True)
class Session:
    """One boot cycle. The only thing about MAX that is new after a restart."""

    session_id: str
    started_at: datetime
    clock: Clock = field(default_factory=SystemClock, compare=False, repr=False)

    @classmethod
    def mint(cls, clock: Clock | None = None) -> Session:
        clock = clock or SystemClock()
        started = clock.now()
        return cls(session_id=new_ulid(started), started_at=started, clock=clock)

    def new_correlation_id(self) -> str:
        """A fresh id for one interaction (a conversation turn, an API call, a flow run)."""
        return new_ulid(self.clock.now())
