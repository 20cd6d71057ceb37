"""A value said again replaces the one said before (issue 21, change22): "Tom is thirty-eight"
then, from the same teller, "he turned thirty-nine last week"; "we're planning on ninety
guests" then "we ended up with eighty-four guests in the end". The earlier claim is kept and
marked over (`valid_to`) from when the new one was said; what counts as a restatement is
cognition's rule (cognition/supersession.py), reading the number and its noun is here. The
words of restating are data (data/restating_cues.txt).
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from spacy.tokens import Doc

from resident.cognition.supersession import Counted, restates_count, restates_value
from resident.errors import NotFound
from resident.language import lexicon
from resident.language.change import endable
from resident.language.counting import number_in, number_value
from resident.language.knowledge import ClaimView
from resident.language.words import words
from resident.memory.client import GraphStore
from resident.records import Claim


def _phrases() -> list[tuple[str, ...]]:
    return [tuple(p.split()) for p in sorted(words("restating_cues"))]


def _holds(seq: Sequence[str], phrase: tuple[str, ...]) -> bool:
    n = len(phrase)
    return any(tuple(seq[i : i + n]) == phrase for i in range(len(seq) - n + 1))


def restating(doc: Doc | None) -> bool:
    """Does the turn say its value again in place of one said before ("in the end",
    "actually", "ended up")?"""
    if doc is None:
        return False
    said = [t.lower_ for t in doc]
    lemmas = [t.lemma_.lower() for t in doc]
    return any(_holds(said, p) or _holds(lemmas, p) for p in _phrases())


def counted(label: str) -> Counted | None:
    """The number an object as said gives of a counted thing ("eighty-four guests": 84,
    guest), or None when it starts with no number, or names no noun after it."""
    said = label.strip().lower().replace("-", " - ").split()
    number = number_in(" ".join(said))
    if number is None:
        return None
    size = len(number.replace("-", " - ").split())
    if " ".join(said[:size]) != number.replace("-", " - "):
        return None
    nouns = [w for w in said[size:] if w.isalpha()]
    if not nouns:
        return None
    value = number_value(number)
    noun = lexicon.base(nouns[-1], "n") or nouns[-1]
    return Counted(number=str(value) if value is not None else number, noun=noun)


def object_label(graph: GraphStore, claim: Claim) -> str:
    """The claim's object as said: its literal, or the label of the entity it names."""
    if claim.object_entity is None:
        return claim.object_literal or ""
    try:
        return graph.get_entity(claim.object_entity).label
    except NotFound:
        return ""


def end_restated(
    graph: GraphStore, doc: Doc | None, claim: Claim, when: datetime, now: datetime
) -> list[Claim]:
    """End what `claim` says again: the same teller's other value of a one-valued attribute,
    and, said with a word of restating, another number of the same counted thing."""
    ended = [
        other
        for other in graph.peek_claims(claim.subject)
        if endable(other, claim, now) and restates_value(other, claim)
    ]
    new = counted(object_label(graph, claim))
    if new is not None and restating(doc):
        for other in graph.peek_claims(claim.subject):
            old = counted(object_label(graph, other))
            if old is None or not endable(other, claim, now) or other in ended:
                continue
            if restates_count(other, old, claim, new, True):
                ended.append(other)
    return [graph.end_validity(other.id, when, now) for other in ended]


def superseder(old: ClaimView, pool: Sequence[ClaimView], now: datetime) -> ClaimView | None:
    """The claim that restated `old`'s count, when `old` is over: the latest claim of the
    same subject, valid now, that gives another number of the same counted thing."""
    if old.claim.valid_to is None or old.claim.valid_to > now:
        return None
    was = counted(old.object_label)
    if was is None:
        return None
    later = [
        v
        for v in pool
        if v.claim.subject == old.claim.subject
        and v.claim.valid_at(now)
        and (new := counted(v.object_label)) is not None
        and restates_count(old.claim, was, v.claim, new, True)
    ]
    return max(later, key=lambda v: v.claim.created_at, default=None)


def restated_in(top: list[ClaimView], shown: Sequence[ClaimView], now: datetime) -> list[ClaimView]:
    """The answers, each count that was said again replaced by the count that replaced it
    (among those shown); the rest as they are, in their order."""
    out: list[ClaimView] = []
    for v in top:
        chosen = superseder(v, shown, now) or v
        if all(chosen.claim.id != o.claim.id for o in out):
            out.append(chosen)
    return out


def said_again(graph: GraphStore, claim: Claim, now: datetime) -> bool:
    """Is `claim`'s count over because the same subject gave another number of the same
    counted thing since ("sixty guests" planned, "fifty-two guests in the end")?"""
    if claim.valid_to is None or claim.valid_to > now:
        return False
    was = counted(object_label(graph, claim))
    if was is None:
        return False
    return any(
        other.valid_at(now)
        and (new := counted(object_label(graph, other))) is not None
        and restates_count(claim, was, other, new, True)
        for other in graph.peek_claims(claim.subject)
    )
