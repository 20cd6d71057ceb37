"""Statements that hold a question's answer in another shape than the question asks it. Pure
over WordNet (lexicon) and the claims given; asking.py and answering.py call these.

- A refusal answers a yes/no about taking what was refused: "Did Anjali take the job?" of
  "Anjali turned down the job" is a no. The statement's verb, in one of its three most frequent
  WordNet senses, has an antonym ("turn down", "decline", "refuse", "reject": accept) one of
  whose frequent senses is the verb asked ("accept" is "take"), and that sense is one of
  owning, dealing with others, telling or contending, and a refusal (under "refuse" or
  "reject"), where saying one denies the other (`refusal`); not one of motion ("left" denies
  no "arrived"), nor a reversal ("sold the car" denies no "bought it").
- "When did Gareth start as a driving instructor?" ("become", "begin") of "Gareth has been a
  driving instructor since March": a state held with the time it began (`began_as`).
- "When is the Brighton Marathon?" of "I'm training for the Brighton Marathon next April": a
  named thing that no statement of its own dates, the object of statements with a time that
  all point at one month (`event_time`); not of a verb of arranging ("booked the concert in
  May" is not when the concert is).
- "What does Niamh do for work?": "work" names what is asked, not a word the answer must hold
  ("does physio") (`gap_nouns`); nor "dog" of "What kind of dog is Pepper?", which the
  answer's kind is checked against (fit.answer_type_fit).
- "When is Niamh moving out?" of "Niamh does moving out": the event said by a light verb is
  the verb asked with its own particle, and never another ("moving in") (`event_of`).
- "Who is buying the radio station?" when "the station" is held: a thing asked by more words
  than it was held by is the one held by its head noun alone, when that says nothing else
  (`object_ids`).
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from datetime import datetime
from typing import TYPE_CHECKING

from resident.language import lexicon
from resident.language.knowledge import Answer, resolve, views
from resident.language.matching import LEAST, _ing_forms, _lemma_tokens, claim_verbs
from resident.language.resolved import Resolved
from resident.language.statement import base_form
from resident.language.told_time import occurred, told
from resident.language.words import words
from resident.records import Claim, Qualifier

if TYPE_CHECKING:
    from resident.language.dictionary import Dictionary
    from resident.language.question_reading import Query

#: WordNet classes of a verb sense whose antonym is denied by saying it: owning ("turn down"
#: an offer, "lose" a job), dealing with others ("reject"), telling ("refuse"), contending.
_DENYING = frozenset({"verb.possession", "verb.social", "verb.communication", "verb.competition"})
#: The verbs a refusal is a sense of or under in WordNet ("turn down": refuse, reject).
_REFUSALS = words("refusal_verbs")
#: Verbs that begin a state: "When did Ana become a nurse?" asks when being one began.
_BEGINNING = words("state_beginning_verbs")
#: The verbs a statement names what someone is with ("is a", "works as").
_STATE_VERBS = frozenset({"be", "is", "a", "as", "work", "works"})
#: Verbs whose time is when something was arranged, not when the thing arranged happens.
_ARRANGING = words("arranging_verbs")
#: What a refusal answers with: as sure as an owned thing (owned.OWNED_SCORE).
_REFUSAL_SCORE = 3.0


@functools.lru_cache(maxsize=4096)
def refused_by(verb: str) -> frozenset[str]:
    """The verbs that saying `verb` (a lemma, a phrasal verb joined by "_") denies: the
    lemmas of the three most frequent senses of the antonyms of its own three most frequent
    senses that are refusals of a denying class ("turn_down": accept, take). Not a reversal:
    "sell" has "buy" for antonym, yet selling the car says nothing against having bought it."""
    wn = lexicon.reader()
    if wn is None:
        return frozenset()
    out: set[str] = set()
    for sense in wn.synsets(verb.lower(), "v")[:3]:
        above = {
            n for h in [sense, *sense.closure(lambda x: x.hypernyms())] for n in h.lemma_names()
        }
        if sense.lexname() not in _DENYING or not above & _REFUSALS:
            continue
        for lemma in sense.lemmas():
            for antonym in lemma.antonyms():
                for other in wn.synsets(antonym.name(), "v")[:3]:
                    out |= {n.lower() for n in other.lemma_names() if "_" not in n}
    return frozenset(out - LEAST)


def _phrasal(predicate: str) -> list[str]:
    """The verbs a predicate may be looked up by in WordNet: with its particle or
    preposition, then alone ("turns_down": turn_down, turn)."""
    parts = predicate.removeprefix("not_").split("_")
    head = lexicon.base(parts[0], "v") or base_form(parts[0])
    return [*(["_".join([head, *parts[1:]])] if len(parts) > 1 else []), head]


def refuses(asked: str, predicate: str) -> bool:
    """Does a statement's verb deny the verb asked ("turns_down" denies "take")?"""
    negated, _, _ = claim_verbs(predicate)
    return not negated and any(asked in refused_by(v) for v in _phrasal(predicate))


def refusal(
    dictionary: Dictionary, query: Query, subject: Resolved | None, now: datetime
) -> Answer | None:
    """ "Did Anjali take the BBC job?" of "Anjali turned down the BBC job": a no, from a held
    statement whose verb denies the verb asked and whose object or roles hold the thing
    named; None when no such statement is held."""
    if query.wh != "yes" or query.negated or subject is None or not query.object_words:
        return None
    graph = dictionary.graph
    pool = [c for eid in subject.ids for c in graph.peek_claims(eid)]
    found = [c for c in pool if refuses(query.verb, c.predicate)]
    if not found:
        return None
    held = graph.qualifiers_of([c.id for c in found])
    asked = set(query.object_words)
    shown = [
        v
        for v in views(found, dictionary)
        if asked & _lemma_tokens(" ".join([v.object_label, *_values(held.get(v.claim.id, ()))]))
    ]
    if not shown:
        return None
    text = "No, as far as I know:\n" + "\n".join(v.line for v in shown)
    return Answer(text=text, claims=shown, known=True, short="No", score=_REFUSAL_SCORE)


def _values(qualifiers: Sequence[Qualifier]) -> list[str]:
    return [q.value for q in qualifiers]


def began_as(query: Query, claim: Claim) -> bool:
    """Does a state held with its time ("has been a driving instructor since March") answer
    when it began ("When did Gareth become / start as a driving instructor?")? The thing
    named is checked as any is (asking.score)."""
    if query.wh != "when" or query.verb not in _BEGINNING or not query.object_words:
        return False
    negated, verbs, _ = claim_verbs(claim.predicate)
    return not negated and claim.occurred_at is not None and verbs <= _STATE_VERBS


def event_time(
    dictionary: Dictionary, query: Query, subject: Resolved | None, now: datetime
) -> Answer | None:
    """ "When is the Brighton Marathon?" when no statement answers it by its verb: the time of
    the statements of it or that name it as their object ("training for the Brighton
    Marathon next April", "the concert is at the Etihad on the 20th"), when they all point
    at one month; None otherwise."""
    if query.wh != "when" or query.verb != "be" or subject is None or query.attribute:
        return None
    if not set(query.object_words) <= _lemma_tokens(subject.name):
        # "When is the house Christmas dinner?" may be read as "house" with "Christmas
        # dinner" its object: words of the name itself are no other thing asked.
        return None
    if any(i.startswith("person:") for i in subject.ids):
        return None
    graph = dictionary.graph
    # Its own statements of where it is ("the concert is at the Etihad on the 20th"), and
    # those that name it as their object.
    pool = [c for eid in subject.ids for c in graph.peek_claims(eid)]
    pool += [c for eid in subject.ids for c in graph.claims_by_object(eid, now)]
    # "I booked the concert in May" dates the booking; "I've entered the half marathon,
    # September the twenty-seventh", a day still ahead when it was said, dates the race.
    pool = [c for c in pool if not _arranges(c.predicate) or _ahead_when_said(c)]
    held = graph.qualifiers_of([c.id for c in pool])
    dated = [(c, at) for c in pool if (at := occurred(c, held.get(c.id, ()), None)) is not None]
    months = {(at.year, at.month) for _, at in dated}
    if len(months) != 1:
        # Two times said of it (trained in March, ran in April): which is the event's own is
        # not known.
        return None
    shown = views([c for c, _ in dated], dictionary)
    phrase = " ".join(q.value for c, _ in dated for q in held.get(c.id, ()) if q.role == "time")
    short = told(dated[0][1], now, phrase)
    lines = "\n".join(v.line for v in shown)
    return Answer(
        text=f"{short}. As far as I know:\n{lines}",
        claims=shown,
        known=True,
        short=short,
        score=_REFUSAL_SCORE,
    )


def _ahead_when_said(claim: Claim) -> bool:
    return claim.occurred_at is not None and claim.occurred_at > claim.created_at


def _arranges(predicate: str) -> bool:
    negated, verbs, _ = claim_verbs(predicate)
    return negated or bool({base_form(v) for v in verbs} & _ARRANGING)


def object_ids(dictionary: Dictionary, object_words: Sequence[str]) -> list[str]:
    """The things the words a question names resolve to; when none, the things held by the
    head noun alone whose every word is one asked ("station" for "radio station"), never one
    held with another word ("fire station")."""
    said = " ".join(object_words)
    if not said:
        return []
    found = [e.id for e in resolve(dictionary, said)]
    if found or len(object_words) < 2:
        return found
    asked = _lemma_tokens(said)
    return [
        e.id
        for e in resolve(dictionary, object_words[-1])
        if _lemma_tokens(e.label) and _lemma_tokens(e.label) <= asked
    ]


def gap_nouns(query: Query) -> tuple[str, ...]:
    """The nouns a question says only to name its gap ("dog" of "What kind of dog is
    Pepper?"): no answer need hold them. Not "work" of "What does Niamh do for work?": read
    as no word to hold, any deed answered it ("books cruise" on an unseen batch)."""
    # "What kind of dog is Pepper?": the kind the answer is of (fit.answer_type_fit checks it).
    copula = query.verb == "be" and query.prep is None and not query.object_words
    return (query.type_noun,) if copula and query.type_noun else ()


def event_of(query: Query, label: str) -> bool:
    """Does a light verb's event ("does moving out", "goes hiking") say the verb asked: its
    -ing form is the verb's, and the word after it, if any, is the question's particle
    ("When is Niamh moving out?"; not "When is Niamh moving in?")?"""
    said = label.lower().split()
    if not said or query.verb not in _ing_forms(said[0]):
        return False
    return len(said) == 1 or (len(said) == 2 and said[1] == query.prep and query.particle)
