"""Answers from the graph: facts about a subject, questions, and why MAX thinks something.

These are the functions `resident facts`, `resident why`, the HTTP API and conversation all
call. Each returns a structured result and its plain rendering (`text`), built only from what
the graph returned.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from datetime import datetime

from pydantic import BaseModel, ConfigDict

from resident.errors import NotFound
from resident.language import render
from resident.language.dictionary import Dictionary
from resident.language.intents import (
    Intent,
    Triple,
    parse,
)
from resident.language.pipeline import load_pipeline
from resident.memory.client import GraphStore
from resident.records import ENTITY_ID_RE, Claim, Conflict, Entity, Evidence, Level, Sitting

CLAIM_ID_RE = re.compile(r"^c_[0-9a-f]{32}$")
#: Entries a one-off Dictionary holds when a caller (the CLI) passes none.
_ONE_OFF_DICTIONARY = 64


class ClaimView(BaseModel):
    """A claim with the labels it was rendered with and its plain line."""

    model_config = ConfigDict(frozen=True)

    claim: Claim
    subject_label: str
    object_label: str
    line: str


class Answer(BaseModel):
    """What MAX can say to a question: the claims it rests on and the plain rendering."""

    model_config = ConfigDict(frozen=True)

    text: str
    claims: list[ClaimView] = []
    #: False when the graph had nothing ("I don't know").
    known: bool = False
    #: The answer itself in a few words ("Walden", "Saturday 28 November 2026"), when one
    #: claim-backed value answers the question.
    short: str | None = None
    #: How well the question's roles align with the claims answered (asking.score plus the
    #: answer's type against the question word); below language.answer_threshold MAX says
    #: "I don't know". None when no score applies (facts about a subject).
    score: float | None = None


class FactsAnswer(Answer):
    subject: str
    entities: list[Entity] = []
    #: Reading facts is a retrieval: retrieved_at moves, and confidence rises at most once per
    #: epistemic.retrieval_bump_every_hours (looking is not evidence).
    counted_as_retrieval: bool = True


class ConflictView(BaseModel):
    model_config = ConfigDict(frozen=True)

    conflict: Conflict
    #: The claim on the other side, None when it cannot be read.
    other: ClaimView | None


class Trail(BaseModel):
    """One claim's provenance trail: its source, evidence rows and conflicts."""

    model_config = ConfigDict(frozen=True)

    claim: ClaimView
    evidence: list[Evidence]
    conflicts: list[ConflictView]
    #: Model council sittings on this statement (or that wrote this claim), newest first.
    sittings: list[Sitting] = []


class WhyAnswer(BaseModel):
    model_config = ConfigDict(frozen=True)

    query: str
    #: When the trail was read.
    at: datetime
    trails: list[Trail]
    #: Whether a claim stating exactly what was asked was found.
    matched: bool
    text: str
    #: A why trail is an audit: nothing is bumped and retrieved_at stays.
    counted_as_retrieval: bool = False


def _view(claim: Claim, labels: dict[str, str]) -> ClaimView:
    obj = (
        render.label_of(claim.object_entity, labels)
        if claim.object_entity is not None
        else str(claim.object_literal)
    )
    return ClaimView(
        claim=claim,
        subject_label=render.label_of(claim.subject, labels),
        object_label=obj,
        line=render.claim_line(claim, labels),
    )


def views(
    claims: Iterable[Claim], dictionary: Dictionary, limit: int | None = None
) -> list[ClaimView]:
    """Claims rendered with their labels, strongest first."""
    ranked = sorted(claims, key=lambda c: (-c.confidence, c.created_at, c.id))
    if limit is not None:
        ranked = ranked[:limit]
    ids: list[str] = []
    for c in ranked:
        ids.append(c.subject)
        ids.extend(_interaction_people(c))
        if c.object_entity is not None:
            ids.append(c.object_entity)
    labels = dictionary.labels(ids)
    return [_view(c, labels) for c in ranked]


def _interaction_people(claim: Claim) -> list[str]:
    """The person behind an interaction: provenance, so the source reads "Ana told me"."""
    prefix, _, rest = claim.provenance.partition(":")
    named = prefix in ("interaction", "user_correction")
    return [rest] if named and ENTITY_ID_RE.match(rest) else []


def _listing_text(header: str, shown: list[ClaimView], total: int) -> str:
    lines = [header, *(v.line for v in shown)]
    if total > len(shown):
        lines.append(f"({total - len(shown)} more not listed.)")
    return "\n".join(lines)


def _dedupe(claims: Iterable[Claim]) -> list[Claim]:
    seen: dict[str, Claim] = {}
    for c in claims:
        seen.setdefault(c.id, c)
    return list(seen.values())


def resolve(dictionary: Dictionary, name: str) -> list[Entity]:
    """Entities a name (or a stable id such as hp:0002315) refers to, best first."""
    name = name.strip()
    if ENTITY_ID_RE.match(name):
        try:
            return [dictionary.graph.get_entity(name)]
        except NotFound:
            return []
    return dictionary.find(name)


# -- facts -------------------------------------------------------------------------------------


def facts_about(
    graph: GraphStore,
    subject_name: str,
    now: datetime,
    *,
    dictionary: Dictionary | None = None,
    limit: int = 8,
) -> FactsAnswer:
    """Everything the graph holds about a subject (as subject or as object), strongest first.

    Reading counts as a retrieval (confidence bump, retrieved_at) like any answer MAX gives.
    """
    dictionary = dictionary or Dictionary(graph, _ONE_OFF_DICTIONARY)
    entities = resolve(dictionary, subject_name)
    return facts_of(dictionary, subject_name.strip(), entities, now, limit)


def facts_of(
    dictionary: Dictionary, name: str, entities: list[Entity], now: datetime, limit: int
) -> FactsAnswer:
    graph = dictionary.graph
    claims = _dedupe(
        c
        for e in entities
        for c in [*graph.claims_by_subject(e.id, now), *graph.claims_by_object(e.id, now)]
    )
    if not claims:
        return FactsAnswer(
            subject=name, entities=entities, text=f"I don't know anything about {name}."
        )
    shown = views(claims, dictionary, limit)
    label = entities[0].label
    return FactsAnswer(
        subject=name,
        entities=entities,
        claims=shown,
        known=True,
        text=_listing_text(f"What I know about {label}:", shown, len(claims)),
    )


# -- questions ---------------------------------------------------------------------------------


def _object_matches(claim: Claim, obj: str, object_ids: set[str], labels: dict[str, str]) -> bool:
    if claim.object_entity is not None:
        return (
            claim.object_entity in object_ids
            or render.label_of(claim.object_entity, labels).lower() == obj.lower()
        )
    return str(claim.object_literal).strip().lower() == obj.strip().lower()


def topic(subject: str, predicate: str) -> str:
    """What a question asks, in words ("what aspirin treats", "Ana's birthday")."""
    if predicate == "is_a":
        return f"what {subject} is"
    if render.reads_as_verb(predicate):
        return f"what {subject} {predicate.replace('_', ' ')}"
    if subject == "you":
        return f"your {predicate.replace('_', ' ')}"
    return f"{render.possessive(subject)} {predicate.replace('_', ' ')}"


def hedge_line(level: Level) -> str:
    if level is Level.FACT:
        return "Yes:"
    if level is Level.BELIEF:
        return "Yes, I believe so:"
    return "Possibly: I have been told so, but I am not sure yet:"


# -- why ---------------------------------------------------------------------------------------


def trail(dictionary: Dictionary, claim: Claim) -> Trail:
    """A claim's provenance trail, read without counting as a retrieval."""
    graph = dictionary.graph
    conflicts = []
    for conflict in graph.conflicts_for(claim.id):
        other_id = conflict.claim_b if conflict.claim_a == claim.id else conflict.claim_a
        try:
            other: ClaimView | None = views([graph.peek_claim(other_id)], dictionary)[0]
        except NotFound:
            other = None
        conflicts.append(ConflictView(conflict=conflict, other=other))
    sittings = [
        s
        for s in graph.sittings(subject=claim.subject, predicate=claim.predicate, limit=20)
        if s.claim_id == claim.id
        or claim.id in s.applied
        or (s.object is not None and s.object == claim.object_value)
    ][:3]
    return Trail(
        claim=views([claim], dictionary)[0],
        evidence=graph.evidence_for(claim.id),
        conflicts=conflicts,
        sittings=sittings,
    )


def _trail_text(t: Trail, labels: dict[str, str]) -> str:
    lines = [t.claim.line]
    for ev in t.evidence:
        where = f" at {ev.locator}" if ev.locator else ""
        lines.append(
            f"  Evidence: {render.source_phrase(ev.source, labels)}{where}, "
            f"recorded {render.fmt_time(ev.recorded_at)}."
        )
    for cv in t.conflicts:
        c = cv.conflict
        other = cv.other.line if cv.other is not None else f"claim {c.claim_a}"
        if c.status.value == "open":
            lines.append(
                f"  Open conflict (since {render.fmt_time(c.created_at)}, "
                f"{c.reason.replace('_', ' ')}) with: {other}"
            )
        else:
            won = "this claim" if c.winner == t.claim.claim.id else "the other claim"
            lines.append(
                f"  Resolved conflict ({c.reason.replace('_', ' ')}), {won} won, with: {other}"
            )
    for s in t.sittings:
        said = ", ".join(
            f"{a.provider} {a.verdict if a.error is None else 'failed'}" for a in s.answers
        )
        lines.append(
            f"  Model council ({render.fmt_time(s.sat_at)}): {s.agreement.value} "
            f"({said}); {s.outcome.value.replace('_', ' ')}"
            + (", at hint confidence only" if s.applied else "")
            + "."
        )
    return "\n".join(lines)


def why_claims(
    dictionary: Dictionary,
    claims: list[Claim],
    query: str,
    matched: bool,
    header: str,
    now: datetime,
) -> WhyAnswer:
    trails = [trail(dictionary, c) for c in claims]
    if not trails:
        return WhyAnswer(query=query, at=now, trails=[], matched=False, text=header)
    ids = [p for t in trails for p in _interaction_people(t.claim.claim)]
    labels = dictionary.labels(ids)
    body = "\n".join(_trail_text(t, labels) for t in trails)
    return WhyAnswer(query=query, at=now, trails=trails, matched=matched, text=f"{header}\n{body}")


def why_triple(
    dictionary: Dictionary,
    triple: Triple,
    query: str,
    now: datetime,
    *,
    speaker_id: str | None = None,
    limit: int = 8,
) -> WhyAnswer:
    """The trail behind a statement; when no claim states it, the claims on the same subject
    and predicate (which a correction or a conflict would have touched)."""
    graph = dictionary.graph
    if triple.speaker:
        subjects = [] if speaker_id is None else resolve(dictionary, speaker_id)
        name = "you"
    else:
        subjects = [] if triple.subject is None else resolve(dictionary, triple.subject)
        name = triple.subject or ""
    held = _dedupe(c for e in subjects for c in graph.peek_claims(e.id, triple.predicate))
    held = [c for c in held if c.level is not Level.OPINION] + [
        c for c in held if c.level is Level.OPINION
    ]
    said = render.sentence(name, triple.predicate, triple.object or "")
    if not held:
        return why_claims(
            dictionary,
            [],
            query,
            False,
            f"I don't know: I hold nothing on {topic(name, triple.predicate)}.",
            now,
        )
    ranked = sorted(held, key=lambda c: (-c.confidence, c.created_at, c.id))
    if triple.object is None:
        return why_claims(dictionary, ranked[:limit], query, True, "Here is why:", now)
    object_ids = {e.id for e in resolve(dictionary, triple.object)}
    labels = dictionary.labels(c.object_entity for c in ranked if c.object_entity)
    matching = [c for c in ranked if _object_matches(c, triple.object, object_ids, labels)]
    if matching:
        return why_claims(dictionary, matching[:limit], query, True, f"Why I think {said}:", now)
    return why_claims(
        dictionary,
        ranked[:limit],
        query,
        False,
        f"I hold no claim that {said}. What I hold on {topic(name, triple.predicate)}:",
        now,
    )


def why(
    graph: GraphStore,
    text_or_claim_id: str,
    now: datetime,
    *,
    dictionary: Dictionary | None = None,
    speaker_id: str | None = None,
    pipeline: str = "auto",
    limit: int = 8,
) -> WhyAnswer:
    """Why MAX holds a claim: given its id (c_...), a statement ("aspirin treats headache"),
    a question ("why do you think aspirin treats headache?") or a subject ("Ana").

    An audit, not a retrieval: nothing is bumped; `now` stamps when the trail was read.
    """
    dictionary = dictionary or Dictionary(graph, _ONE_OFF_DICTIONARY)
    query = text_or_claim_id.strip()
    if CLAIM_ID_RE.match(query):
        try:
            claim = graph.peek_claim(query)
        except NotFound:
            return why_claims(dictionary, [], query, False, f"I hold no claim {query}.", now)
        return why_claims(dictionary, [claim], query, True, "Here is why:", now)
    from resident.language.reading import said_triple

    nlp = load_pipeline(pipeline)
    parsed = parse(nlp(query))
    said = parsed.said if parsed.intent is Intent.WHY and parsed.said else query
    triple = said_triple(nlp(said), nlp)
    if triple is not None:
        return why_triple(dictionary, triple, query, now, speaker_id=speaker_id, limit=limit)
    name = " ".join(w for w in said.split() if w.lower() not in ("the", "a", "an"))
    return why_subject(dictionary, name, query, now, limit=limit)


def why_subject(
    dictionary: Dictionary, name: str, query: str, now: datetime, *, limit: int = 8
) -> WhyAnswer:
    """The trails of what MAX holds about a subject."""
    graph = dictionary.graph
    held = _dedupe(c for e in resolve(dictionary, name) for c in graph.peek_claims(e.id))
    if not held:
        return why_claims(dictionary, [], query, False, f"I don't know anything about {name}.", now)
    ranked = sorted(held, key=lambda c: (-c.confidence, c.created_at, c.id))
    return why_claims(
        dictionary, ranked[:limit], query, True, f"Why I think what I do about {name}:", now
    )
