"""What a running daemon holds: settings, the guarded graph, the tokens and the booted resident,
and the two lanes work runs in (the mind, one turn at a time; the graph, several at once)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime
from typing import TYPE_CHECKING, TypeVar

import anyio
import anyio.to_thread

from resident.clock import Clock
from resident.config import Settings
from resident.daemon.boot import Resident
from resident.daemon.guard import GuardedGraph
from resident.daemon.tokens import TokenStore

if TYPE_CHECKING:
    from resident.house.supervisor import Supervisor
    from resident.people.biometrics import Biometrics

T = TypeVar("T")


@dataclass
class Runtime:
    settings: Settings
    graph: GuardedGraph
    tokens: TokenStore
    resident: Resident
    clock: Clock
    started_at: datetime
    url: str = ""
    #: time.monotonic() of the last conversation turn (idle checkpoints wait for quiet).
    last_turn: float = 0.0
    #: The companions' supervisor once `resident up` has one (their states go into /healthz).
    supervisor: Supervisor | None = None
    #: The person MAX last recognised by voice or face: the speaker of the owner console's next
    #: turns when they name nobody (people/biometrics).
    present: str | None = None
    #: Voice and face enrolment and identification (daemon/people_api.py makes it).
    biometrics: Biometrics | None = None
    _limiters: dict[str, anyio.CapacityLimiter] = field(default_factory=dict)

    @property
    def session_id(self) -> str:
        return str(self.resident.session.session_id)

    def _limiter(self, lane: str) -> anyio.CapacityLimiter:
        # Made on first use, inside the event loop that will wait on it.
        if lane not in self._limiters:
            size = self.settings.daemon.graph_threads if lane == "graph" else 1
            self._limiters[lane] = anyio.CapacityLimiter(size)
        return self._limiters[lane]

    async def in_mind(self, fn: Callable[[], T]) -> T:
        """Run blocking work that reads or changes MAX himself (a turn, his state, people):
        one at a time, in a worker thread, so the event loop keeps serving."""
        return await anyio.to_thread.run_sync(fn, limiter=self._limiter("mind"))

    async def in_encoder(self, fn: Callable[[], T]) -> T:
        """Run voice or face encoder work (seconds of CPU, a minute on a loaded machine) in its
        own lane: one at a time in a worker thread, never on the event loop and never in the
        mind's or the graph's threads, so turns, health checks and graph reads keep answering
        while a clip or an image is embedded."""
        return await anyio.to_thread.run_sync(fn, limiter=self._limiter("encoder"))

    async def in_graph(self, fn: Callable[[], T]) -> T:
        """Run blocking graph work in the graph lane: several at once (DuckDB MVCC), so a long
        maintenance write never holds up a turn."""
        return await anyio.to_thread.run_sync(fn, limiter=self._limiter("graph"))

    def person_for(self, who: str) -> str:
        """A person id from a `person:<slug>` id (NotFound if unknown) or from a name: the
        person of that name, introduced if MAX has not met them."""
        people = self.resident.people
        if who.startswith("person:"):
            return str(people.get(who).id)
        return str(people.introduce(who, self.clock.now()).id)
