"""The conversation surfaces: /v1/converse, /v1/state, /v1/claims, /v1/claims/{id}/why,
/v1/tokens and /healthz. Each is a thin call into the library (converse, state, the graph)."""

from __future__ import annotations

import os
import time
from collections.abc import Callable
from datetime import UTC, datetime
from typing import Annotated, Any

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse
from pydantic import AfterValidator, BaseModel, ConfigDict, Field

from resident.daemon.edge import text_problem
from resident.daemon.runtime import Runtime
from resident.daemon.security import principal, require
from resident.daemon.tokens import Principal
from resident.errors import Forbidden, InvalidInput
from resident.language import Turn, converse, facts_about, language_for, why
from resident.language.conversation import checked_turn_text
from resident.people.privacy import graph_for
from resident.records import ENTITY_ID_RE, Claim


def _clean(text: str) -> str:
    problem = text_problem(text)
    if problem is not None:
        raise ValueError(f"the text {problem}")
    return text


#: Text a client sends: encodable (no lone surrogate) and without NUL, or a 400 at the edge.
CleanText = Annotated[str, AfterValidator(_clean)]


class ConverseRequest(BaseModel):
    model_config = ConfigDict(extra="forbid")

    text: CleanText
    #: Who is speaking: a name or a `person:<slug>` id. Owner and service tokens only; a
    #: person's token always speaks as that person.
    person: CleanText | None = Field(default=None, max_length=200)
    #: When the turn was said (ISO 8601; default now): relative dates resolve against it.
    at: datetime | None = None


class TokenRequest(BaseModel):
    model_config = ConfigDict(extra="forbid")

    name: CleanText = Field(min_length=1, max_length=200)


def check_turn_text(text: str, max_chars: int) -> str:
    """The text of one turn, or InvalidInput (empty, or longer than `language.max_turn_chars`).

    Checked before the turn waits for the mind lane, so bad input is refused at once.
    """
    problem = text_problem(text)
    if problem is not None:
        raise InvalidInput(f"the text {problem}")
    return checked_turn_text(text, max_chars)


def take_turn(
    runtime: Runtime,
    text: str,
    person_id: str | None,
    said_at: datetime | None = None,
    *,
    bound: bool = False,
) -> Turn:
    """One conversation turn under a fresh correlation_id (blocking; run it in the mind lane)."""
    correlation_id = runtime.resident.session.new_correlation_id()
    if said_at is not None and said_at.tzinfo is None:
        said_at = said_at.replace(tzinfo=UTC)
    return converse(
        runtime.resident,
        text,
        person_id,
        runtime.clock.now(),
        correlation_id,
        said_at=said_at,
        bound=bound,
    )


def speaker(runtime: Runtime, who: Principal, requested: str | None) -> str | None:
    """The person a turn is attributed to (blocking: may introduce someone). With no person
    named, the owner's console speaks as whoever MAX last recognised by voice or face."""
    if who.role == "person":
        if requested is not None and requested not in (who.person_id, who.name):
            raise Forbidden(f"{who.name}'s token speaks only as {who.name}")
        return who.person_id
    if requested is None:
        return runtime.present
    return runtime.person_for(requested)


def viewer(who: Principal) -> str | None:
    """Whose private view a request reads through: a person token's own; None (everything) for
    the owner and service tokens (people/privacy.py)."""
    return who.person_id if who.role == "person" else None


def converse_turn(
    runtime: Runtime,
    who: Principal,
    text: str,
    requested: str | None,
    said_at: datetime | None = None,
) -> dict[str, Any]:
    """The whole of one turn as the API answers it (blocking; run it in the mind lane)."""
    person_id = speaker(runtime, who, requested)
    # A person's token, or a speaker recognised by voice or face, cannot introduce themselves
    # as someone else.
    bound = who.role == "person" or (requested is None and person_id is not None)
    turn = take_turn(runtime, text, person_id, said_at, bound=bound)
    if turn.intent == "farewell" and person_id is not None and runtime.present == person_id:
        runtime.present = None  # they said goodbye: the console speaks for nobody again
    answer: dict[str, Any] = {"session_id": runtime.session_id, **turn.model_dump(mode="json")}
    # Someone new introduced through the owner's CLI gets a token of their own, shown once.
    if who.role == "owner" and turn.person_id and not runtime.tokens.person_token(turn.person_id):
        name = runtime.resident.people.get(turn.person_id).name
        token, _ = runtime.tokens.ensure_person(turn.person_id, name)
        answer["person_token"] = {"person_id": turn.person_id, "name": name, "token": token}
    return answer


async def timed_turn(
    runtime: Runtime,
    who: Principal,
    text: str,
    requested: str | None,
    said_at: datetime | None = None,
) -> tuple[dict[str, Any], str]:
    """One turn in the mind lane, and a Server-Timing header value saying how long it waited
    for the lane (`queue`) and how long the turn itself took (`turn`), in milliseconds."""
    queued = time.perf_counter()

    def work() -> tuple[dict[str, Any], float, float]:
        started = time.perf_counter()
        answer = converse_turn(runtime, who, text, requested, said_at)
        return answer, started, time.perf_counter()

    answer, started, ended = await runtime.in_mind(work)
    runtime.last_turn = time.monotonic()
    timing = f"queue;dur={(started - queued) * 1000:.2f}, turn;dur={(ended - started) * 1000:.2f}"
    return answer, timing


def subjects_named(runtime: Runtime, subject: str) -> list[str]:
    """Entity ids for a query term: the id itself, or the entities of that label or alias."""
    if ENTITY_ID_RE.match(subject):
        return [subject]
    return [e.id for e in runtime.graph.find_entities(subject)]


def claims_query(
    runtime: Runtime,
    subject: str | None,
    predicate: str | None,
    object_: str | None,
    reader: str | None = None,
) -> dict[str, Any]:
    """Claims by subject and/or object (names or ids), optionally one predicate, that `reader`
    may read (None: all). A read here is a retrieval: it bumps confidence and retrieved_at as
    the rules say."""
    if subject is None and object_ is None:
        raise InvalidInput("give a subject or an object (a name or an entity id)")
    now = runtime.clock.now()
    graph = graph_for(runtime.graph, reader)
    found: dict[str, Claim] = {}
    subjects = subjects_named(runtime, subject) if subject is not None else []
    objects = subjects_named(runtime, object_) if object_ is not None else []
    if subject is not None:
        for sid in subjects:
            for c in graph.claims_by_subject(sid, now, predicate):
                if object_ is None or c.object_entity in objects:
                    found[c.id] = c
    else:
        for oid in objects:
            for c in graph.claims_by_object(oid, now, predicate):
                found[c.id] = c
    claims = sorted(found.values(), key=lambda c: (-c.confidence, c.id))
    return {
        "subjects": subjects,
        "objects": objects,
        "claims": [c.model_dump(mode="json") for c in claims],
        # A read here is a retrieval (retrieved_at moves; confidence rises at most once per
        # epistemic.retrieval_bump_every_hours).
        "counted_as_retrieval": True,
    }


def facts(runtime: Runtime, subject: str, reader: str | None = None) -> dict[str, Any]:
    """What MAX knows about a subject that `reader` may read (None: all): language.facts_about,
    as `resident facts` shows it."""
    graph = graph_for(runtime.graph, reader)
    answer = facts_about(
        graph,
        subject,
        runtime.clock.now(),
        dictionary=language_for(runtime.resident).dictionary.viewing(graph),
        limit=runtime.settings.language.max_listed_claims,
    )
    return answer.model_dump(mode="json")


def why_trail(
    runtime: Runtime, query: str, speaker_id: str | None, reader: str | None = None
) -> dict[str, Any]:
    """Why MAX holds what he holds: language.why on a claim id, a statement or a subject, as
    far as `reader` may read (None: all)."""
    graph = graph_for(runtime.graph, reader)
    answer = why(
        graph,
        query,
        runtime.clock.now(),
        dictionary=language_for(runtime.resident).dictionary.viewing(graph),
        speaker_id=speaker_id,
        pipeline=runtime.settings.language.pipeline,
        limit=runtime.settings.language.max_listed_claims,
    )
    return answer.model_dump(mode="json")


def health(runtime: Runtime) -> tuple[int, dict[str, Any]]:
    """Every write path a turn uses, really written (the graph's heartbeat row, a state file in
    the state directory, a page beside the event log), never a cached green light.

    (200, report) when all pass; otherwise 507 with `storage_full` when the disk is full, 503
    with `unhealthy` for any other failure, the report naming which paths failed.
    """
    from resident.state.storage import free_bytes, is_storage_full, probe_dir, probe_state

    now = runtime.clock.now()
    checks: dict[str, dict[str, Any]] = {}
    failures: dict[str, BaseException] = {}
    graph: dict[str, Any] = {}

    def check(name: str, fn: Callable[[], Any]) -> None:
        try:
            fn()
        except Exception as exc:  # reported, never hidden behind 200
            failures[name] = exc
            checks[name] = {
                "ok": False,
                "storage_full": is_storage_full(exc),
                "error": f"{type(exc).__name__}: {exc}",
            }
        else:
            checks[name] = {"ok": True}

    def beat() -> None:
        beats, beat_at = runtime.graph.heartbeat("daemon", runtime.session_id, now)
        graph.update(
            schema_version=runtime.graph.schema_version(),
            heartbeats=beats,
            heartbeat_at=beat_at.isoformat(),
        )

    def tables() -> None:
        store = getattr(runtime.graph, "store", runtime.graph)
        if hasattr(store, "read_each_table"):
            graph["tables_read"] = store.read_each_table()

    check("graph", beat)
    check("graph_tables", tables)
    check("state", lambda: probe_state(runtime.settings.state_dir, now))
    check("events", lambda: probe_dir(runtime.resident.events.path.parent))
    report: dict[str, Any] = {
        "status": "ok" if not failures else "failing",
        "session_id": runtime.session_id,
        "pid": os.getpid(),
        "uptime_seconds": round((now - runtime.started_at).total_seconds(), 3),
        "graph": graph,
        "checks": checks,
        "disk_free_bytes": free_bytes(runtime.settings.data_dir),
        "companions": [] if runtime.supervisor is None else runtime.supervisor.statuses(),
    }
    if runtime.tokens.problem is not None:
        report["tokens"] = runtime.tokens.problem
    if not failures:
        return 200, report
    failed = sorted(failures)
    full = [name for name in failed if checks[name]["storage_full"]]
    detail = "; ".join(f"{name}: {checks[name]['error']}" for name in failed)
    if full:
        report.update(
            error="storage_full",
            failed=failed,
            message=(
                f"the disk under {runtime.settings.data_dir} is full ({', '.join(full)} cannot be "
                f"written; {report['disk_free_bytes']:,} bytes free): turns are refused with 507 "
                f"and the last good state is kept until space is freed ({detail})"
            ),
        )
        return 507, report
    report.update(error="unhealthy", failed=failed, message=f"write paths failing: {detail}")
    return 503, report


def build_router(runtime: Runtime) -> APIRouter:
    router = APIRouter()

    @router.get("/healthz")
    async def healthz(request: Request) -> JSONResponse:
        principal(request)
        status, report = await runtime.in_graph(lambda: health(runtime))
        return JSONResponse(report, status_code=status)

    @router.post("/v1/converse")
    async def converse_endpoint(body: ConverseRequest, request: Request) -> JSONResponse:
        who = principal(request)
        text = check_turn_text(body.text, runtime.settings.language.max_turn_chars)
        answer, timing = await timed_turn(runtime, who, text, body.person, body.at)
        return JSONResponse(answer, headers={"Server-Timing": timing})

    @router.get("/v1/state")
    async def state(request: Request) -> dict[str, Any]:
        principal(request)
        report = await runtime.in_mind(lambda: runtime.resident.state(runtime.clock.now()))
        return report.model_dump(mode="json")

    @router.get("/v1/claims")
    async def claims(
        request: Request,
        subject: str | None = None,
        predicate: str | None = None,
        object: str | None = None,
    ) -> dict[str, Any]:  # noqa: A002 - the API's word
        reader = viewer(principal(request))
        return await runtime.in_graph(
            lambda: claims_query(runtime, subject, predicate, object, reader)
        )

    @router.get("/v1/claims/{claim_id}/why")
    async def claim_why(claim_id: str, request: Request) -> dict[str, Any]:
        """The provenance trail of one claim (404 when there is no such claim)."""
        reader = viewer(principal(request))

        def trail() -> dict[str, Any]:
            graph_for(runtime.graph, reader).peek_claim(claim_id)
            return why_trail(runtime, claim_id, None, reader)

        return await runtime.in_graph(trail)

    @router.get("/v1/why")
    async def why_endpoint(request: Request, q: str) -> dict[str, Any]:
        """Why MAX thinks something: a claim id, a statement, a question or a subject."""
        who = principal(request)
        text = check_turn_text(q, runtime.settings.language.max_turn_chars)
        # Parsing shares the spaCy pipeline with turns, so it runs in the mind lane.
        return await runtime.in_mind(lambda: why_trail(runtime, text, who.person_id, viewer(who)))

    @router.get("/v1/facts")
    async def facts_endpoint(request: Request, subject: str) -> dict[str, Any]:
        """Everything MAX holds about a subject (a name or an entity id), strongest first."""
        reader = viewer(principal(request))
        name = check_turn_text(subject, runtime.settings.language.max_turn_chars)
        return await runtime.in_graph(lambda: facts(runtime, name, reader))

    @router.post("/v1/tokens")
    async def tokens(body: TokenRequest, request: Request) -> dict[str, Any]:
        """Mint (or show) a person's token: owner only."""
        require(request, "owner")

        def mint() -> dict[str, Any]:
            person_id = runtime.person_for(body.name)
            name = runtime.resident.people.get(person_id).name
            token, created = runtime.tokens.ensure_person(person_id, name)
            return {"person_id": person_id, "name": name, "token": token, "created": created}

        return await runtime.in_mind(mint)

    return router
