"""Where someone works or studies, or where their thing is, from a held statement that puts
it there under another verb (issue 21, light42): "Where does Bill work?" of "Bill works as a
mechanic {in Sandwich}", "Where does Kenji study?" of "Kenji is at uni {in Durham}", "Where is
Kwame's flat?" of "Kwame bought a flat {in Bedminster}".

One definition of being somewhere by an act: a held statement of the subject asked whose act
is the one asked (its own verb, or `answer_sense.meets`: the same act by WordNet), or, for a
place of study, being at a place of learning (WordNet: an educational institution); for a
thing, a statement of its owner whose object is the thing and whose verb, in one of its
frequent senses, says having or running it (WordNet's classes of possession and of social
acts: bought, owns, rents, runs, opened). Owning a home is no living there ("I have a house
in Kendal", tests/language/test_verb32): where someone lives is held_meaning's. The place is
where the statement says it happened (its location role), else the object of its "at"/"in"
("works at Tesco"): a name or a noun of a place or a made thing. Pure over what the caller
reads from the graph."""

from __future__ import annotations

import functools
from collections.abc import Iterable, Mapping, Sequence
from datetime import datetime
from typing import Any

from resident.language import lexicon
from resident.language.answer_sense import meets
from resident.language.asked_time import at_time_asked
from resident.language.asking import hedge
from resident.language.ended import current, with_time
from resident.language.knowledge import Answer, ClaimView
from resident.language.matching import claim_verbs, planned, said_ahead
from resident.language.moves import moves_of, outdated_by_move
from resident.language.question_reading import Query
from resident.language.statement import base_form
from resident.language.words import words
from resident.records import Qualifier

#: Acts one does at a place over time, asked "Where does X work/study?" (data:
#: whereabouts_verbs.txt); living is held_meaning's.
_AT_VERBS = words("whereabouts_verbs")
#: WordNet's verb classes of having a thing or running it ("bought", "rents", "runs").
_HOLDING = frozenset({"verb.possession", "verb.social"})
#: A statement's own prepositions whose object is the place of the act ("works at Tesco").
_AT_PREPS = frozenset({"at", "in"})
#: WordNet senses of a place an answer to "where" may be (a city, a building, a shop).
_PLACES = words("answer_check_place_senses")
#: WordNet senses of a home ("flat", "bungalow", "maisonette").
_HOMES = frozenset({"housing.n.01", "dwelling.n.01"})
#: Things that go about (a van, a car, a bike, in any of their senses): held somewhere is not
#: there now.
_STAY_NOT = frozenset({"conveyance.n.03", "vehicle.n.01", "wheeled_vehicle.n.01"})
#: Noun classes of a place or of a made thing (a building) an answer may name.
_PLACE_CLASSES = frozenset({"noun.location", "noun.artifact", "noun.group"})
#: Verbs that say only where someone is, not an act done there ("is in the kitchen",
#: "located_at the office {purpose: working}").
_BEING = frozenset({"be", "locate", "located"})
#: WordNet senses of a room ("kitchen", "bathroom", "classroom"), and of what a place may be
#: besides (a building, an institution, a business: "library", "nursery", "stall") which lets
#: a word whose first sense is a room name a workplace all the same.
_ROOMS = frozenset({"room.n.01"})
_BEYOND_ROOMS = frozenset(
    {
        "building.n.01",
        "establishment.n.04",
        "place_of_business.n.01",
        "institution.n.01",
        "facility.n.01",
        "organization.n.01",
    }
)


def owned_thing(query: Query) -> str | None:
    """The thing "Where is Kwame's flat?" asks the place of ("flat"), else None. The readings
    give it as the noun of someone's thing, as an attribute asked ("cafe" of Rui), or as the
    object of a possessive read as the verb."""
    ref = query.subject
    if query.wh != "where" or ref is None:
        return None
    if query.verb == "be" and ref.role == "kin" and ref.kind == "thing" and ref.owner and ref.noun:
        noun = ref.noun
    elif query.attribute and ref.role == "name":
        noun = query.verb
    elif query.verb == "'s" and query.object_words and ref.role == "name":
        noun = query.object_words[-1]
    else:
        return None
    thing = base_form(noun.lower().split()[-1])
    # An attribute the reading named by its predicate ("lives_in") is no thing.
    return thing if "_" not in thing and lexicon.base(thing, "n") else None


def place_shape(query: Query) -> bool:
    """Does the question ask where someone works or studies, or where their thing is?"""
    if query.wh != "where" or query.subject is None or query.negated:
        return False
    return owned_thing(query) is not None or query.verb in _AT_VERBS


def place_answer(
    shown: Iterable[ClaimView],
    every: Mapping[str, Sequence[Qualifier]],
    query: Query,
    now: datetime,
) -> Answer | None:
    """The place the latest fitting statement gives, rendered with its claim; None when no
    statement of the subject says it."""
    held = {cid: current(qs) for cid, qs in every.items()}
    found: list[tuple[ClaimView, str]] = []
    shown = list(shown)
    moves = moves_of(((v.claim, v.object_label) for v in shown), held)
    thing = owned_thing(query)  # a person's move leaves their flat where it is
    for v in shown:
        qualifiers = held.get(v.claim.id, ())
        if said_ahead(v.claim, qualifiers, now) and not query.ahead:
            continue
        if planned(qualifiers) or not at_time_asked(query, v, qualifiers, now):
            continue
        if not query.past and not v.claim.valid_at(now):
            continue
        if (
            not query.past
            and not query.ahead
            and thing is None
            and outdated_by_move(v, held, moves)
        ):
            continue  # "works as a chef in Bath", then "moved to Cardiff": no workplace now
        place = _place_of(query, v, qualifiers)
        if place is not None:
            found.append((v, place))
    if not found:
        return None
    # The latest telling of the act decides: "works at the cinema", then "got a job at a
    # school" said with no place, is no answer "cinema".
    v, short = max(found, key=lambda f: f[0].claim.created_at)
    if not short:
        return None
    text = f"{short}. {hedge(v.claim)}\n{with_time(v, now, held)}"
    return Answer(text=text, claims=[v], known=True, short=short, score=3.0)


def _place_of(query: Query, v: ClaimView, qualifiers: Sequence[Qualifier]) -> str | None:
    """The place the statement gives the gap; "" when it says the act asked of someone with
    no place; None when it says no act or thing asked."""
    negated, verbs, prep = claim_verbs(v.claim.predicate)
    if negated:
        return None
    lemmas = frozenset(lexicon.base(w, "v") or w for w in verbs)
    thing = owned_thing(query)
    if thing is not None:
        if not _names(v.object_label, thing) or not any(_holding(w) for w in lemmas):
            return None
        if not _stays(thing):
            return None  # "bought a van in Matlock": the van need not be there now
        return _located(qualifiers, ("location", "theme"))
    if _learning_at(query, v, lemmas):
        pass  # "is at uni in Leeds": being at a place of learning is studying there
    elif _presence(v, lemmas):
        return None  # "Mum's in the kitchen", "is at the office working late": only being there
    elif not (query.verb in lemmas or meets(query.verb, v, " ".join(q.value for q in qualifiers))):
        return None
    place = _located(qualifiers, work=True)
    if place is None and prep in _AT_PREPS and _a_place(v.object_label, work=True):
        place = v.object_label
    return place or ""  # the act said without a place: "" (the latest telling decides)


def _presence(v: ClaimView, lemmas: frozenset[str]) -> bool:
    """Does the statement say only where its subject is (a verb of being, whatever it adds: a
    purpose, a gerund), never an act done there? A role held is an act ("is a mechanic in
    Sandwich": the object a noun of a person)."""
    if not lemmas or not lemmas <= _BEING:
        return False
    head = v.object_label.lower().split()[-1:]
    return not (head and lexicon.person_noun(base_form(head[0])))


def _names(label: str, thing: str) -> bool:
    """Is the statement's object the thing asked ("little bakery" names "bakery")?"""
    said = label.lower().split()
    return bool(said) and base_form(said[-1]) == thing


def _learning_at(query: Query, v: ClaimView, lemmas: frozenset[str]) -> bool:
    """ "is at uni in Leeds": being at a place of learning is studying there."""
    if query.verb != "study" or not lemmas & {"be", "locate", "located"}:
        return False
    head = v.object_label.lower().split()[-1:] or [""]
    return _of_learning(head[0])


@functools.lru_cache(maxsize=1024)
def _of_learning(noun: str) -> bool:
    return noun in words("learning_places") or lexicon.kind_of(noun, "educational_institution")


@functools.lru_cache(maxsize=1024)
def _stays(thing: str) -> bool:
    """Is a thing held where the statement held it: a place or a building (a frequent sense
    under the senses of a place an answer to "where" may be), an event or an act ("wedding",
    "job"), a home ("flat", though WordNet knows a flatcar too), or a place WordNet does not
    know as one in its British sense (data: "allotment")? Never a vehicle ("van", its first
    senses a vanguard)."""
    wn = lexicon.reader()
    if wn is None:
        return False
    if thing in words("fixed_thing_nouns") or _a_home(thing):
        return True
    senses = wn.synsets(thing, "n")
    if any(_STAY_NOT & _above(s) for s in senses):
        return False
    if any(_PLACES & _above(s) for s in senses[:3]):
        return True
    return bool(senses) and senses[0].lexname() in ("noun.event", "noun.act")


def _above(sense: Any) -> set[str]:
    """A WordNet sense's name and every sense above it, as a kind or a named instance."""
    return {sense.name()} | {
        h.name() for h in sense.closure(lambda s: s.hypernyms() + s.instance_hypernyms())
    }


@functools.lru_cache(maxsize=1024)
def _a_home(noun: str) -> bool:
    """Is some sense of `noun` a home (WordNet: housing, a dwelling: "flat", "bungalow")?"""
    return lexicon.under(noun, _HOMES)


@functools.lru_cache(maxsize=1024)
def _holding(verb: str) -> bool:
    """Does a frequent sense of `verb` say having or running a thing (WordNet's classes)?"""
    wn = lexicon.reader()
    if wn is None:
        return False
    return any(s.lexname() in _HOLDING for s in wn.synsets(verb, "v")[:4])


def _located(
    qualifiers: Sequence[Qualifier], roles: tuple[str, ...] = ("location",), work: bool = False
) -> str | None:
    """The place the statement says it happened in, where it names one. Of a thing held, a
    name the reader took for the act's theme is its place too ("runs a cafe on Bold
    Street" {theme: Bold Street})."""
    places = [
        q.value
        for q in qualifiers
        if q.role in roles
        and _a_place(q.value, work)
        and (q.role == "location" or q.value[:1].isupper())
    ]
    # A name before a noun: "a flat {in Morecambe} {on the bay}" is in Morecambe.
    return next((p for p in places if p[:1].isupper()), places[0] if places else None)


def _a_place(label: str, work: bool = False) -> bool:
    """A name ("Sandwich", "Royal Infirmary") or a noun of a place or a building ("the
    library"); no one's possession and no time. Where one works or studies (`work`) is never a
    room or a part of a place ("the kitchen", "the far end"), though a thing may be kept in
    one."""
    said = label.split()
    if not said or any("'" in w for w in said):
        return False
    if said[-1][:1].isupper():
        return True
    head = base_form(said[-1].lower())
    if work and (_a_room(head) or head in words("place_part_nouns")):
        return False  # "the kitchen", "the far end": a part of a place, never where one works
    kinds = lexicon.lexnames(head, "n")
    return bool(kinds & _PLACE_CLASSES) and "noun.time" not in kinds


@functools.lru_cache(maxsize=1024)
def _a_room(noun: str) -> bool:
    """Is the noun's most frequent sense a room (WordNet), and none of its senses a building,
    an institution or a business ("kitchen", "bathroom"; not "library", "nursery")?"""
    wn = lexicon.reader()
    senses = wn.synsets(noun, "n") if wn is not None else []
    if not senses or not _ROOMS & _above(senses[0]):
        return False
    return not any(_BEYOND_ROOMS & _above(s) for s in senses)
