"""A plan called off (issue 21, change22): "We're going to Lisbon in August" then "we
cancelled the Lisbon trip" or "we called off the barbecue". The plan is over from when it was
called off; the row stays, so "Were we going to go to Lisbon?" still reads it. Which verbs call
a plan off is data (data/cancelling_verbs.txt); which plan is the one whose object or place
shares a word with what was called off ("the Lisbon trip": going to Lisbon), so "we cancelled
the trip" with no word of its own ends nothing (a wrong ending costs more than a missed one).
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import TYPE_CHECKING

from resident.language import lexicon
from resident.language.change import endable
from resident.language.matching import _lemma_tokens, planned
from resident.language.name_off import names_off
from resident.language.rescheduled import plan_candidates
from resident.language.restated import object_label
from resident.language.statement import base_form
from resident.language.words import words
from resident.memory.client import GraphStore
from resident.records import Claim, Qualifier

if TYPE_CHECKING:
    from spacy.tokens import Doc, Token

#: How a habit or a state is said: "does aqua aerobics", "plays in a band on Fridays".
_STANDING = frozenset({"state", "habit"})
#: Where a plan goes or happens: its place words name it as well as its object does.
_PLACES = frozenset({"location", "destination"})


def _phrasal(predicate: str) -> str:
    """A stored predicate as its (phrasal) verb lemma ("calls_off": call_off)."""
    head, _, rest = predicate.partition("_")
    return f"{base_form(head)}_{rest}" if rest else base_form(head)


def _ahead(claim: Claim, qualifiers: Sequence[Qualifier], now: datetime) -> bool:
    """Is the claim a plan still ahead: said as one, or set for a time to come ("going to
    Vienna at Easter")?"""
    due = claim.occurred_at
    return planned(qualifiers, claim, now) or (due is not None and due > now)


def cancels(predicate: str) -> bool:
    """Is the claim's verb one of calling a plan off ("cancels", "calls_off")?"""
    return not predicate.startswith("not_") and _phrasal(predicate) in words("cancelling_verbs")


def end_cancelled(graph: GraphStore, claim: Claim, when: datetime, now: datetime) -> list[Claim]:
    """`claim` calls a plan off ("Nina cancels Lisbon trip"): each plan of the same subject
    still ahead whose object or place shares a word with what was called off is over."""
    if not cancels(claim.predicate):
        return []
    others = [o for o in graph.peek_claims(claim.subject) if endable(o, claim, now)]
    held = graph.qualifiers_of([claim.id, *(o.id for o in others)])
    # "the trip to Rome": the place said with what was called off names it too.
    own = [q.value for q in held.get(claim.id, ()) if q.role in _PLACES]
    called_off = _lemma_tokens(" ".join([object_label(graph, claim), *own]))
    if not called_off:
        return []
    ended = []
    for other in others:
        qualifiers = held.get(other.id, ())
        if cancels(other.predicate) or not _ahead(other, qualifiers, now):
            continue
        places = [q.value for q in qualifiers if q.role in _PLACES]
        named = _lemma_tokens(" ".join([object_label(graph, other), *places]))
        if named & called_off:
            ended.append(graph.end_validity(other.id, when, now))
    return ended


#: Words of a thing called off with no one said to have done it ("the trip is off").
_OFF = "off"
_OFF_DEPS = frozenset({"acomp", "advmod", "prt", "prep"})
_CONTENT = frozenset({"NOUN", "PROPN", "ADJ"})
#: WordNet's classes of a noun that may name a thing planned ("trip", "wedding", "party",
#: "concert"), which "off" calls off; a machine or a substance is only switched off.
_HAPPENINGS = frozenset({"noun.act", "noun.event", "noun.time", "noun.group", "noun.communication"})


def _words_of(noun: Token) -> set[str]:
    """The content words of a noun's phrase, as lemmas ("The Lisbon trip": lisbon, trip)."""
    return {t.lemma_.lower() for t in noun.subtree if t.pos_ in _CONTENT}


def called_off(doc: Doc) -> list[set[str]]:
    """What each clause of the turn says was called off with no one said to have done it:
    "the Lisbon trip is off", "the barbecue was cancelled", "the party got called off"."""
    return [said for said, _, _ in _said_off(doc)]


def habits_off(doc: Doc) -> list[tuple[set[str], str]]:
    """What each clause says is off for good: "be off" said with no time ("Aqua aerobics is
    off"), which ends a habit as well as a plan; "football's off tonight" is one evening's,
    and "the match was cancelled" one match's. Each with its phrase, as the thing is filed."""
    return [
        (said, " ".join(t.lower_ for t in subject.subtree if t.pos_ in _CONTENT))
        for said, verb, subject in _said_off(doc)
        if verb.lemma_.lower() == "be"
        and not any(t.ent_type_ in ("DATE", "TIME") for t in verb.subtree)
    ]


def _said_off(doc: Doc) -> list[tuple[set[str], Token, Token]]:
    """Each thing a clause says is off or was called off, with the clause's verb and the
    thing's noun."""
    out = []
    for verb in doc:
        prt = next((c.lower_ for c in verb.children if c.dep_ == "prt"), "")
        lemma = verb.lemma_.lower()
        phrasal = f"{lemma}_{prt}" if prt else lemma
        off = any(
            c.lower_ == _OFF and c.dep_ in ("acomp", "advmod", "prt", "prep") for c in verb.children
        )
        passive = phrasal in words("cancelling_verbs") and verb.tag_ == "VBN"
        if not passive and not (lemma == "be" and off):
            continue
        subject = next((c for c in verb.children if c.dep_ in ("nsubj", "nsubjpass")), None)
        # A thing named by a common noun ("the trip"); never a person ("Gwen is off today",
        # "the plumber is off").
        if subject is None or subject.pos_ != "NOUN" or subject.ent_type_ == "PERSON":
            continue
        if lexicon.person_noun(subject.lemma_.lower()):
            continue
        if passive and subject.dep_ != "nsubjpass":
            continue
        if not passive and not lexicon.lexnames(subject.lemma_.lower(), "n") & _HAPPENINGS:
            continue  # "the heating is off": switched off, no plan called off
        said = _words_of(subject)
        if said:
            out.append((said, verb, subject))
    return out


def end_called_off(
    graph: GraphStore, doc: Doc | None, owner: str, when: datetime, now: datetime
) -> list[Claim]:
    """Each plan still ahead that a thing the turn says was called off names ("the Lisbon
    trip is off": going to Lisbon) is over from when it was said: the speaker's own, a
    relative's, or one of or about the thing named, since one of the household often calls
    off what another said ("We're going to Cyprus at Christmas" - "The Cyprus trip is off")."""
    if doc is None:
        return []
    ended: list[Claim] = []
    for said in called_off(doc):
        ended += _end_named(graph, plan_candidates(graph, owner, said, now), said, when, now)
    for said, phrase in habits_off(doc):
        others = plan_candidates(graph, owner, {phrase}, now)
        ended += _end_habits(graph, others, said, when, now)
    for name in names_off(doc):
        others = plan_candidates(graph, owner, {name}, now)
        ended += _end_going_to(graph, others, name, when, now)
    return ended


def _end_named(
    graph: GraphStore, others: Sequence[Claim], said: set[str], when: datetime, now: datetime
) -> list[Claim]:
    """End each of `others` still ahead whose object or place shares a word with `said`."""
    ended = []
    held = graph.qualifiers_of([o.id for o in others])
    for other in others:
        qualifiers = held.get(other.id, ())
        if not _ahead(other, qualifiers, now):
            continue
        places = [q.value for q in qualifiers if q.role in _PLACES]
        if _lemma_tokens(" ".join([object_label(graph, other), *places])) & said:
            ended.append(graph.end_validity(other.id, when, now))
    return ended


def _end_going_to(
    graph: GraphStore, others: Sequence[Claim], name: str, when: datetime, now: datetime
) -> list[Claim]:
    """End each of `others` that is a going to the place `name` ("Millport's off": "we're
    driving to Millport next weekend"), ahead or said with no time and not as done. That the
    name is a place is read off the plan, a verb of motion to it, never off the name (the
    tagger files Tenby as a person, Ingram as a thing): "I'm visiting Ingram on Sunday" is no
    going to a place, so "Ingram is off today" is his day off and ends nothing."""
    ended = []
    held = graph.qualifiers_of([o.id for o in others])
    for other in others:
        qualifiers = held.get(other.id, ())
        verb, _, particle = _phrasal(other.predicate).partition("_")
        if lexicon.first_lexname(verb, "v") != "verb.motion":
            continue
        dated = other.occurred_at is not None
        done = any(q.role == "modality" and q.value == "done" for q in qualifiers)
        if not (_ahead(other, qualifiers, now) or not (dated or done)):
            continue
        places = [q.value for q in qualifiers if q.role == "destination"]
        if particle == "to":
            places.append(object_label(graph, other))
        if any(p.lower().removeprefix("the ") == name for p in places):
            ended.append(graph.end_validity(other.id, when, now))
    return ended


def _end_habits(
    graph: GraphStore, others: Sequence[Claim], said: set[str], when: datetime, now: datetime
) -> list[Claim]:
    """End each of `others` that is a standing habit or state, said with no time and not as
    done or planned ("Pat does aqua aerobics"), whose object is all of `said` ("Aqua aerobics
    is off"): a doing of the whole thing named, not of a word of it."""
    ended = []
    held = graph.qualifiers_of([o.id for o in others])
    for other in others:
        qualifiers = held.get(other.id, ())
        if other.occurred_at is not None or other.predicate.startswith("not_"):
            continue
        if any(q.role == "modality" and q.value not in _STANDING for q in qualifiers):
            continue
        if said <= _lemma_tokens(object_label(graph, other)):
            ended.append(graph.end_validity(other.id, when, now))
    return ended
