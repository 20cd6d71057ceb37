"""A plan said to be due at another time (issue 21, change36): "the christening's been moved to
the 9th", "Mum's move got brought forward, she's coming on the 28th of February", "we go to
Batangas in January now, not November". The new time is said without the plan said again, so
the reader stores nothing of it; this finds the plan held that the sentence names and moves its
valid time (GraphStore.reschedule), keeping the time said before among its qualifiers.

What counts is read from the parse: a sentence with a word of change of time (data/change.toml
`rescheduled`, on lemmas) or a time it denies ("not May"), a date spaCy's NER finds in it that
it does not deny, and a content word of it that names a plan of the household still ahead (its
subject, object or place). A move of home ("moving to Leeds in June") is the plan itself, not a
cue. A wrong move costs more than a missed one: a sentence that names no plan moves nothing.
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import UTC, datetime
from typing import TYPE_CHECKING

from resident.errors import NotFound
from resident.language import when as timewords
from resident.language.change import _lemmas, _says, cues
from resident.language.matching import _lemma_tokens
from resident.language.relatives import relative_of
from resident.memory.client import GraphStore
from resident.records import Claim, Qualifier

if TYPE_CHECKING:
    from spacy.tokens import Doc, Span, Token

#: The entity kinds a time is said as ("the 9th of May", "the first week of December").
_TIMES = frozenset({"DATE"})
#: Any day will do to ask whether a phrase is a time at all.
_EPOCH = datetime(2000, 1, 1, tzinfo=UTC)
#: Words that name no plan however they are said ("a change of plan", "the date").
_EMPTY = frozenset({"change", "plan", "date", "time", "day", "week", "news", "thing"})
#: How a time is said before a date, kept with it so the answer says it no finer than told.
_PREPOSITIONS = frozenset({"on", "in", "at", "for", "to", "until", "till"})


def _time(ent: Span) -> Span | None:
    """The entity as a time: a date, or a day of the month the tagger read as an ordinal ("the
    9th" of "the 9th of May"), with its month when one follows."""
    if ent.label_ in _TIMES:
        return ent
    doc = ent.doc
    if ent.label_ != "ORDINAL" or ent.end + 1 >= len(doc) or doc[ent.end].lower_ != "of":
        return None
    with_month = doc[ent.start : ent.end + 2]
    return with_month if timewords.resolve(with_month.text, _EPOCH) is not None else None


def _denied(ent: Span) -> bool:
    """Is the time said as the one it no longer is ("not May", "not the nineteenth")?"""
    before = ent.doc[max(ent.start - 2, 0) : ent.start]
    return any(t.lower_ in ("not", "instead") for t in before)


def _moves_home(tok: Token, times: Iterable[Span]) -> bool:
    """ "She's moving to Truro in April": "move" with a place it goes to is the plan itself;
    only "moved to the 9th" (to a time) or "got moved" says a plan's time changed."""
    spans = [range(e.start, e.end) for e in times]
    for prep in (c for c in tok.children if c.dep_ == "prep" and c.lower_ in ("to", "into")):
        for obj in (c for c in prep.children if c.dep_ == "pobj"):
            if not any(obj.i in s for s in spans):
                return True
    return tok.pos_ != "VERB"


def _cued(sent: Span, times: list[Span]) -> bool:
    """Does the sentence say a time changed: a word of change of time, or a time denied?"""
    if any(_denied(e) for e in times):
        return True
    kept = [t for t in sent if not (t.lemma_.lower() == "move" and _moves_home(t, times))]
    return _says(_lemmas(kept), [t.lower_ for t in kept], cues().rescheduled)


def _phrase(ent: Span) -> str:
    """The time as said, with its preposition ("on the 9th of May")."""
    before = ent.doc[ent.start - 1] if ent.start > 0 else None
    if before is not None and before.lower_ in _PREPOSITIONS and before.lower_ != "to":
        return f"{before.lower_} {ent.text}"
    return f"on {ent.text}" if any(t.like_num or t.shape_.endswith("th") for t in ent) else ent.text


def new_times(doc: Doc) -> list[tuple[Span, str, set[str]]]:
    """Each sentence that says a plan is now due at another time: the sentence, the new time
    as said and the content words that may name the plan (its nouns and names, the time's
    own words left out). A change said in one sentence and its time in the next ("The course
    got moved. It's the ninth of November now.") is read as one: the first names the plan."""
    out = []
    moved: set[str] = set()  # what the sentence before said was moved, with no time of its own
    for sent in doc.sents:
        if sent.text.rstrip().endswith("?"):
            moved = set()
            continue
        times = _times(sent)
        said = [e for e in times if not _denied(e)]
        cued = _cued(sent, times)
        inside = {i for e in times for i in range(e.start, e.end)}
        named = _named(sent, inside)
        if len(said) == 1 and (cued or moved) and named | moved:
            out.append((sent, _phrase(said[0]), named | moved))
        moved = named if cued and not times else set()
    return out


def _times(sent: Span) -> list[Span]:
    """The sentence's times, each once: "November" inside "ninth of November" is not a
    second one."""
    found = [t for t in (_time(e) for e in sent.ents) if t is not None]
    return [
        t
        for t in found
        if not any(o is not t and o.start <= t.start and t.end <= o.end for o in found)
    ]


def _named(sent: Span, inside: set[int]) -> set[str]:
    """The content words of a sentence that may name a plan: its nouns and names, a time's
    own words left out."""
    return {
        t.lemma_.lower()
        for t in sent
        if t.pos_ in ("NOUN", "PROPN") and t.i not in inside and t.lemma_.lower() not in _EMPTY
    }


def _words(graph: GraphStore, claim: Claim, qualifiers: Iterable[Qualifier]) -> set[str]:
    """The words a plan is named by: its subject's and object's labels, its verb, its place."""
    labels = []
    for ref in (claim.subject, claim.object_entity):
        if ref is None:
            continue
        try:
            labels.append(graph.get_entity(ref).label)
        except NotFound:
            continue
    said = [q.value for q in qualifiers if q.role in ("location", "destination", "theme")]
    text = " ".join([*labels, claim.object_literal or "", claim.predicate.replace("_", " "), *said])
    return _lemma_tokens(text)


def plan_candidates(graph: GraphStore, owner: str, named: set[str], now: datetime) -> list[Claim]:
    """The claims a plan named by `named` may be: the speaker's, their relatives' ("Mum's
    move"), and those of or about a thing the sentence names ("the Cyprus trip": whoever is
    going to Cyprus, said by another of the household). Moving a plan and calling one off
    both look for it here."""
    ids = {owner}
    for noun in named:
        kin = relative_of(graph, owner, noun, now)
        ids |= {kin} if kin else set()
        ids |= {e.id for e in graph.find_entities(noun, limit=5)}
    found = {c.id: c for i in sorted(ids) for c in graph.peek_claims(i)}
    for i in sorted(ids - {owner}):
        found |= {c.id: c for c in graph.claims_by_object(i, now)}
    return [c for c in found.values() if c.created_at < now and c.valid_at(now)]


def _ahead(due: datetime, said: datetime) -> bool:
    """Is a plan due then still to come when the change is said? A month counts whole ("next
    month", said in September, is still ahead on the 18th of October)."""
    return due.date() >= said.date().replace(day=1)


def reschedule_said(
    graph: GraphStore, doc: Doc | None, owner: str, said: datetime, now: datetime
) -> list[Claim]:
    """Move each plan still ahead that a sentence of the turn says is due at another time;
    the plans moved."""
    if doc is None:
        return []
    moved = []
    for _sent, phrase, named in new_times(doc):
        due = timewords.resolve(phrase, said, past=False)
        if due is None:
            continue
        plans = plan_candidates(graph, owner, named, now)
        held = graph.qualifiers_of([c.id for c in plans])
        scored = []
        for plan in plans:
            qualifiers = held.get(plan.id, ())
            if plan.occurred_at is None or not _ahead(plan.occurred_at, said):
                continue
            overlap = len(_words(graph, plan, qualifiers) & _lemma_tokens(" ".join(named)))
            if overlap and plan.occurred_at.date() != due.date():
                scored.append((overlap, plan.created_at, plan))
        if not scored:
            continue
        best = max(scored, key=lambda s: (s[0], s[1]))[2]
        told = (Qualifier(role="time", value=phrase), Qualifier(role="change", value="declared"))
        moved.append(graph.reschedule(best.id, due, told, now))
    return moved
