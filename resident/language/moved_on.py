"""A new place said for where someone lives or works ends the place held before (issue 21,
change40: answers about something else, most often a stale place). The reader stores "Anselm is
at the garage now" as located_at, "he moved to Perth" as moves_to and "Graham isn't in Sale any
more" as not_located_in, none of them the one-valued attribute they change (works_at, lives_in),
so the same-predicate supersession (change.settle, restated.py) never met the old value.

One rule, read from the stored claim and WordNet, not from a sentence:

- a move (a verb WordNet puts at or under "change residence, affiliation, or place of
  employment", with where it went: "moved to", "relocated to", "emigrated to") or being in a
  place said with a word of change ("I'm in Portobello now") ends the subject's open lives_in
  and located_in of another place, when the new one is a place one lives (a town, a dwelling,
  a name WordNet lacks);
- being at a place said with a word of change ("I'm at Tesco now") ends the subject's open
  works_at of another place, when the new one is no dwelling and no one;
- being no longer in or at a place ("isn't in Sale any more") ends each open one-valued place
  attribute of the subject holding that same place.

Nothing is stored for the change itself and nothing is deleted: the ended rows still answer
"before" and "used to". A plan ("moving to Leeds in June") never reaches here (storing._ahead).
"""

from __future__ import annotations

import functools
from datetime import datetime

from spacy.tokens import Doc

from resident.language import lexicon
from resident.language.change import NEGATED_PREFIX, change_kind, endable
from resident.language.matching import claim_verbs
from resident.language.restated import object_label
from resident.language.words import words
from resident.memory.client import GraphStore
from resident.records import Claim

#: Where someone lives and where someone works: the one-valued place attributes a new place
#: may end (cognition.statements.FUNCTIONAL_PREDICATES holds lives_in and works_at).
_HOME = ("lives_in", "located_in")
_WORK = ("works_at",)
_LIVING_WITH = ("lives_with",)
#: Being in a place and being at one, as the copula is stored (attributes._PLACE_PREDICATES).
_IN, _AT = "located_in", "located_at"

_RELOCATING = words("relocating_senses")
_DWELLING = words("dwelling_senses")
_DESTINATION = words("destination_preps")


#: The prepositions after a move that say where it went to live ("moved in with", "moved in
#: to"), besides those of a destination, and those that say the place left ("out of", "from").
_INTO = frozenset({"in", "with"})
_OUT_OF = frozenset({"out", "of", "from"})


@functools.lru_cache(maxsize=4096)
def _move(predicate: str) -> str | None:
    """ "in" when the predicate is a move to where one lives ("moves_to", "moves_in_with",
    "relocates_to"), "out" when it is a move out of a place ("moves_out_of", "moves_from"),
    else None. A move is a sense of the verb at or under one of the relocating senses in
    WordNet ("move" in the sense of changing residence, "relocate", "emigrate")."""
    negated, verbs, prep = claim_verbs(predicate)
    wn = lexicon.reader()
    if negated or wn is None:
        return None
    parts = predicate.split("_")
    kind = "out" if _OUT_OF & set(parts[1:]) else "in" if prep in _DESTINATION | _INTO else None
    if kind is None:
        return None
    for verb in verbs:
        for sense in wn.synsets(verb, "v"):
            above = {sense.name()} | {h.name() for h in sense.closure(lambda s: s.hypernyms())}
            if above & _RELOCATING:
                return kind
    return None


def _head(label: str) -> str:
    return label.split()[-1] if label.split() else ""


def _name(label: str) -> bool:
    """A name WordNet lacks ("Didsbury", "Glossy"): capitalised, no noun sense known."""
    head = _head(label)
    return head[:1].isupper() and not lexicon.lexnames(head)


def _housing(label: str) -> bool:
    """Does WordNet put the place under where one lives (a town, "home", a flat)?"""
    head = _head(label)
    joined = label.lower().replace(" ", "_")
    return bool(head) and (lexicon.under(joined, _DWELLING) or lexicon.under(head, _DWELLING))


def _dwelling(label: str) -> bool:
    """Is the place one where someone lives: a town or district, a dwelling, or a name?"""
    return _name(label) or _housing(label)


def _someone(graph: GraphStore, claim: Claim) -> bool:
    """Is the claim's object a person ("at Mum's", "with Tom") or said as theirs?"""
    target = claim.object_entity or ""
    return target.startswith("person:") or "'s" in object_label(graph, claim)


def _same_place(a: Claim, b: Claim) -> bool:
    if a.object_entity is not None and a.object_entity == b.object_entity:
        return True
    return a.object_value.strip().lower() == b.object_value.strip().lower()


def _attributes(graph: GraphStore, doc: Doc | None, claim: Claim) -> tuple[str, ...]:
    """The one-valued place attributes of another value the claim's new place ends."""
    moved = _move(claim.predicate) == "in"
    if not moved and claim.predicate not in (_IN, _AT):
        return ()
    changed = change_kind(doc) is not None
    if not (moved or changed) or _someone(graph, claim):
        return ()
    label = object_label(graph, claim)
    if (moved or (changed and claim.predicate == _IN)) and _dwelling(label):
        return _HOME
    if changed and claim.predicate == _AT and not _housing(label):
        return _WORK
    return ()


def _workplace_for(new: str, old: str) -> bool:
    """May the place `new` stand in for the workplace `old`: a name WordNet lacks ("Tesco"),
    or the same kind of place named by the same head noun ("a salon in Didsbury" for "the
    nail salon")? Someone ("at the dentist now") or another kind of place ("at the hospital
    now" of a librarian) is a visit as likely as a new job, so it ends nothing."""
    head = _head(new).lower()
    if lexicon.lexnames(head) & lexicon.SOMEONE:
        return False
    return _name(new) or head == _head(old).lower()


def end_moved(
    graph: GraphStore, doc: Doc | None, claim: Claim, when: datetime, now: datetime
) -> list[Claim]:
    """End what a new place, or a place left, says no longer holds; returns the claims ended."""
    if _move(claim.predicate) == "out":
        # "I've moved out of Leeds": living in or with the place left, or having moved into
        # it, is over; another place held stays (one moves out of a flat within a town).
        ended = [
            o
            for o in graph.peek_claims(claim.subject)
            if endable(o, claim, now)
            and _same_place(o, claim)
            and (o.predicate in _HOME + _LIVING_WITH or _move(o.predicate) == "in")
        ]
    elif claim.predicate in (NEGATED_PREFIX + _IN, NEGATED_PREFIX + _AT):
        if change_kind(doc) != "ended":
            return []
        ended = [
            o
            for o in graph.peek_claims(claim.subject)
            if o.predicate in _HOME + _WORK + (_AT,)
            and endable(o, claim, now)
            and _same_place(o, claim)
        ]
    else:
        held = _attributes(graph, doc, claim)
        if not held:
            return []
        label = object_label(graph, claim)
        ended = [
            o
            for o in graph.peek_claims(claim.subject)
            if (o.predicate in held or (held == _HOME and _move(o.predicate) == "in"))
            and endable(o, claim, now)
            and not _same_place(o, claim)
            and (o.predicate not in _WORK or _workplace_for(label, object_label(graph, o)))
        ]
    return [graph.end_validity(o.id, when, now) for o in ended]
