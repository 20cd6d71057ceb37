"""Sleep consolidation's two questions to the live daemon: is MAX quiet, and (after a night)
appraise `rested`, which restores the energy drive. Owner and service tokens only."""

from __future__ import annotations

import time
from typing import Any

from fastapi import APIRouter, Request

from resident.daemon.runtime import Runtime
from resident.daemon.security import require


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

    return router
