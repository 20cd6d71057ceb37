"""Sleep consolidation's two questions to the live daemon: is MAX quiet, and (after a night)
appraise `rested`, which restores the energy drive (owner and service tokens); and the schema
self-evaluation's recommendations, which only the owner lists and accepts or rejects."""

from __future__ import annotations

import time
from typing import Any

from fastapi import APIRouter, Request

from resident.daemon.runtime import Runtime
from resident.daemon.security import require
from resident.errors import InvalidInput


def build_router(runtime: Runtime) -> APIRouter:
    router = APIRouter(prefix="/v1")

    @router.get("/quiet")
    async def quiet(request: Request) -> dict[str, Any]:
        """Seconds since the last conversation turn (since boot when there was none)."""
        require(request, "owner", "service")
        return {"quiet_s": time.monotonic() - runtime.last_turn}

    @router.post("/rested")
    async def rested(request: Request) -> dict[str, Any]:
        """A finished consolidation night: appraised as `rested` (energy restored)."""
        require(request, "owner", "service")
        now = runtime.clock.now()
        await runtime.in_mind(lambda: runtime.resident.appraise("rested", now))
        return {"rested": True, "energy": runtime.resident.drives.level("energy")}

    @router.get("/recommendations")
    async def recommendations(
        request: Request, status: str | None = None, limit: int = 100
    ) -> dict[str, Any]:
        """The schema self-evaluation's recommendations (`?status=open`)."""
        require(request, "owner")
        if not 1 <= limit <= 100_000:
            raise InvalidInput("limit must be within 1..100000")
        found = await runtime.in_graph(
            lambda: runtime.graph.recommendations(status=status, limit=limit)
        )
        return {"recommendations": [r.model_dump(mode="json") for r in found]}

    @router.post("/recommendations/{recommendation_id}/{verdict}")
    async def set_status(request: Request, recommendation_id: str, verdict: str) -> dict[str, Any]:
        """`accept` or `reject`: the owner's verdict, a status change and nothing else."""
        require(request, "owner")
        status = {"accept": "accepted", "reject": "rejected", "reopen": "open"}.get(verdict)
        if status is None:
            raise InvalidInput(f"verdict must be accept, reject or reopen, not {verdict!r}")
        now = runtime.clock.now()
        r = await runtime.in_graph(
            lambda: runtime.graph.set_recommendation_status(recommendation_id, status, now)
        )
        return r.model_dump(mode="json")

    return router
