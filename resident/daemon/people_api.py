"""People's voice and face through the daemon (Rule 8).

    POST   /v1/people/{who}/voice        enrol a clip (raw WAV/FLAC/OGG body)
    POST   /v1/people/{who}/face         enrol an image (raw PNG/JPEG body)
    GET    /v1/people/{who}/biometrics   export the person's templates
    DELETE /v1/people/{who}/biometrics   erase them (the key is destroyed first)
    POST   /v1/identify/voice|face       who is this? sets who is present

A person's token works on that person's own templates only; the owner's on anyone's.
Identification is for the owner and service tokens (a sensor process): a person's token could
otherwise probe what others sound or look like. Bodies are read into memory and dropped once
embedded; nothing is written but the encrypted template.
"""

from __future__ import annotations

from typing import Any

import anyio.to_thread
from fastapi import APIRouter, Request

from resident.daemon.runtime import Runtime
from resident.daemon.security import require
from resident.errors import Forbidden, InvalidInput
from resident.people.biometrics import Biometrics
from resident.people.templates import Match, Modality


def _modality(value: str) -> Modality:
    if value == "voice":
        return "voice"
    if value == "face":
        return "face"
    raise InvalidInput(f"{value!r} is not voice or face")


def present(runtime: Runtime, match: Match) -> None:
    """A recognised person is present: the speaker of the console's next turns, and an arrival
    for the connection drive when they were not the one present already (blocking)."""
    if match.person_id is None:
        return
    now = runtime.clock.now()
    runtime.resident.people.seen(match.person_id, now)
    if runtime.present != match.person_id:
        runtime.resident.appraise(
            "person_arrived", now, person_id=match.person_id, by=match.modality
        )
    runtime.present = match.person_id


def build_router(runtime: Runtime) -> APIRouter:
    router = APIRouter(prefix="/v1")
    bio = Biometrics(
        runtime.settings, on_event=lambda kind, payload: runtime.resident.events.emit(kind, payload)
    )
    runtime.biometrics = bio

    def person_of(request: Request, who: str) -> str:
        """The person `who` names, if this token may act on them (blocking)."""
        caller = require(request, "owner", "person")
        if caller.role == "person":
            if who not in (caller.person_id, caller.name):
                raise Forbidden(
                    f"{caller.name}'s token works on {caller.name}'s own voice and face only"
                )
            assert caller.person_id is not None
            return caller.person_id
        return runtime.person_for(who)

    async def body(request: Request) -> bytes:
        data = await request.body()
        if not data:
            raise InvalidInput("the body is empty: post the audio clip or image itself")
        return data

    @router.post("/people/{who}/{modality}")
    async def enrol(who: str, modality: str, request: Request) -> dict[str, Any]:
        kind = _modality(modality)
        data = await body(request)
        person_id = await runtime.in_mind(lambda: person_of(request, who))
        return await runtime.in_encoder(lambda: bio.enrol(person_id, kind, data))

    @router.get("/people/{who}/biometrics")
    async def export(who: str, request: Request) -> dict[str, Any]:
        person_id = await runtime.in_mind(lambda: person_of(request, who))
        return await anyio.to_thread.run_sync(lambda: bio.export(person_id))

    @router.delete("/people/{who}/biometrics")
    async def erase(who: str, request: Request) -> dict[str, Any]:
        person_id = await runtime.in_mind(lambda: person_of(request, who))
        if runtime.present == person_id:
            runtime.present = None
        return await anyio.to_thread.run_sync(lambda: bio.erase(person_id, runtime.clock.now()))

    @router.post("/identify/{modality}")
    async def identify(modality: str, request: Request) -> dict[str, Any]:
        require(request, "owner", "service")
        kind = _modality(modality)
        data = await body(request)
        match = await runtime.in_encoder(lambda: bio.identify(kind, data))
        await runtime.in_mind(lambda: present(runtime, match))
        answer = match.model_dump(mode="json")
        answer["said"] = (
            "someone I don't know"
            if match.person_id is None
            else runtime.resident.people.get(match.person_id).name
        )
        return answer

    return router
