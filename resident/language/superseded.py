"""What a turn says is over, for the store (issue 21, answers about something else): a state
said in the past ends the same state told before by anyone ("Tanvi: Joe is a paramedic" then
"Joe: was a paramedic"), and leaving what one of the subject's one-valued attributes holds ends
that attribute ("I work at the pharmacy" then "I left the pharmacy in March"). The cue verbs are
data (data/departure_verbs.txt); what ends is read from the claims held, so nothing here is tied
to a sentence. Nothing is deleted: the ended rows still answer "before" and "ever".
"""

from __future__ import annotations

from datetime import datetime

from resident.cognition.statements import is_one_valued
from resident.language import lexicon
from resident.language.change import endable
from resident.language.gone import OWNED_BY
from resident.language.matching import claim_verbs, same_meaning
from resident.language.statement import base_form
from resident.language.when import habitual
from resident.language.words import table, words
from resident.memory.client import GraphStore
from resident.records import Claim, Qualifier


def _same_value(a: Claim, b: Claim) -> bool:
    if a.object_entity is not None and a.object_entity == b.object_entity:
        return True
    return a.object_value.strip().lower() == b.object_value.strip().lower()


def end_told_before(graph: GraphStore, claim: Claim, when: datetime, now: datetime) -> list[Claim]:
    """`claim` was said as a state that is over ("was a paramedic"): the same state told
    before, by the same teller or another, is over too, from `when`."""
    return [
        graph.end_validity(other.id, when, now)
        for other in graph.peek_claims(claim.subject, claim.predicate)
        if endable(other, claim, now) and _same_value(other, claim)
    ]


def departs(predicate: str) -> bool:
    """Is the claim's verb one of leaving what one holds ("leaves", "quits", "moves_out_of")?"""
    negated, verbs, _prep = claim_verbs(predicate)
    return not negated and bool(verbs & words("departure_verbs"))


def end_left(graph: GraphStore, claim: Claim, when: datetime, now: datetime) -> list[Claim]:
    """`claim` says its subject left something ("Orla leaves pharmacy"): each one-valued
    attribute of the subject that holds that same thing (works_at pharmacy, lives_in Leeds)
    is over from `when`. A many-valued one ("likes the pharmacy's tea") is left standing."""
    if not departs(claim.predicate):
        return []
    return [
        graph.end_validity(other.id, when, now)
        for other in graph.peek_claims(claim.subject)
        if is_one_valued(other.predicate)
        and endable(other, claim, now)
        and _same_value(other, claim)
    ]


#: Verbs of ending a doing ("quit", "give up", "stop") and of parting with a thing held
#: ("sell", "give away"): data, as the departure verbs are.
_CESSATION = words("cessation_verbs")
_PARTING = words("parting_verbs")
_HOLDING = words("possession_states")


def _ending(predicate: str) -> tuple[str, frozenset[str]] | None:
    """The ending verb of a stored predicate and the verbs it ends by name ("gives_up": give_up
    and none; "stops_eating": stop and eat; "sells": sell), or None when it ends nothing."""
    parts = predicate.split("_")
    if not parts or parts[0] == "not":
        return None
    head = base_form(parts[0])
    phrasal = f"{head}_{parts[1]}" if len(parts) > 1 else ""
    if phrasal in _CESSATION | _PARTING:
        head, rest = phrasal, parts[2:]
    elif head in _CESSATION | _PARTING:
        rest = parts[1:]
    else:
        return None
    # "stops_eating": the gerund names the doing that ended.
    inner = {lexicon.base(p, "v") or p for p in rest if p.endswith("ing")}
    return head, frozenset(inner)


#: WordNet's classes of a noun that names a doing rather than a thing: having one ("I have
#: physiotherapy on Mondays", "she has ballet lessons") is doing it, which quitting or
#: finishing ends, as it ends going to one.
_DOINGS = frozenset({"noun.act", "noun.event", "noun.process"})


def ends_kind(ending: str, verbs: frozenset[str], thing: str = "", habit: bool = False) -> bool:
    """May an ending verb end a claim of these verbs, of `thing` (its object's last word),
    said as a habit or not? Parting ("sell") ends only a holding ("has"); any other ending
    ("quit", "leave") ends only a doing: "I left my keys at home" does not say the keys are no
    longer had, but "I've finished my lessons" says the lessons had are over, and so does
    "I've finished with physio" of the physio had every Monday (a thing had is not had on
    days)."""
    holds = bool(verbs & _HOLDING) and not (habit or a_doing(thing))
    return holds if ending in _PARTING else not holds


def a_doing(word: str) -> bool:
    """Does the noun name a doing (WordNet's first sense an act or event: "lesson", "therapy",
    "shift"), not a thing one holds ("car", "allotment")?"""
    said = _word_base(word)
    return bool(said) and lexicon.first_lexname(said, "n") in _DOINGS


def _head_word(claim: Claim) -> str:
    """The last word of a claim's object, as WordNet's noun base ("cellos": cello), read off
    a literal or an entity's id ("concept:climbing_wall": wall)."""
    return _word_base(claim.object_literal or (claim.object_entity or "").partition(":")[2])


def names_people(claim: Claim) -> bool:
    """Does the claim's object name people by a noun WordNet files under persons ("kids")?"""
    return lexicon.person_noun(_head_word(claim))


def _same_thing(a: Claim, b: Claim) -> bool:
    """Do two claims name the same object: the same entity, or the same head word ("the gym",
    "gym"; "my old cello", "cello")?"""
    if _same_value(a, b):
        return True
    heads = (_head_word(a), _head_word(b))
    if not all(heads):
        return False
    if heads[0] == heads[1]:
        return True
    # "Mum's" names one of "my parents": people are named by kin words WordNet files one
    # under another; a thing is not ("the shop" is not "the salon" left).
    people = all("noun.person" in lexicon.lexnames(h, "n") for h in heads)
    return people and (lexicon.kind_of(heads[0], heads[1]) or lexicon.kind_of(heads[1], heads[0]))


def _ends(
    other: Claim, claim: Claim, verb: str, inner: frozenset[str], gerund: bool, habit: bool
) -> bool:
    """Does an ending `claim` ("quits gym", "stops_eating meat", "sells caravan") end `other`
    ("goes_to gym", "eats meat", "has caravan")? Selling ends only what was held; quitting
    ends a doing, never a holding ("I left my keys at home" does not end having keys); a
    doing named by its gerund ends only that doing, of that object ("stopped eating meat"
    leaves "eats fish")."""
    negated, verbs, _prep = claim_verbs(other.predicate)
    if negated or _ending(other.predicate) is not None:
        return False
    if gerund:
        # "I gave up smoking" after "I smoke" (stored as doing "smoking"); "Tom gave up
        # teaching" after "Tom teaches French": the doing named by its verb, of any object.
        if other.predicate == "does":
            return _head_word(other) == _head_word(claim)
        doing = lexicon.base(_head_word(claim), "v")
        return doing is not None and doing in verbs and ends_kind(verb, verbs)
    named = table("ending_attributes").get(verb, "").split()
    if named and other.predicate not in named:
        return False  # "moved out of Leeds" ends living there, not working there
    people = (other.object_entity or "").startswith("person:") or names_people(other)
    if people and not named:
        # "I dropped the kids at school" ends no taking of them; "I moved out of Mum's" ends
        # living with my parents (an ending that names what it ends may end a tie to people).
        return False
    if not ends_kind(verb, verbs, _head_word(other), habit):
        return False
    if verb in _PARTING:
        return _same_thing(other, claim)
    if inner:
        same_doing = bool(verbs & inner) or any(same_meaning(v, verbs) for v in inner)
        return same_doing and _same_thing(other, claim)
    return _same_thing(other, claim)


def end_ceased(graph: GraphStore, claim: Claim, when: datetime, now: datetime) -> list[Claim]:
    """`claim` says its subject ended something ("I quit the gym in March", "we sold the
    caravan", "I stopped eating meat", "I gave up smoking"): each held claim of the same
    subject that it names (the same doing or holding, of the same thing) is over from when
    the ending happened, said or not. A claim grounded in a source is left as it is."""
    if claim.predicate == "does":
        return _end_attributes(graph, claim, when, now)
    if paused(graph, claim):
        return []
    ending = _ending(claim.predicate)
    if ending is None:
        return []
    verb, inner = ending
    # "gave up smoking" is stored as ending the activity itself.
    gerund = not inner and claim.object_value.strip().lower().endswith("ing")
    at = _at(claim, when, now)
    held = [o for o in graph.peek_claims(claim.subject) if endable(o, claim, now)]
    habits = _habits(graph, held)
    ended = [o for o in held if _ends(o, claim, verb, inner, gerund, o.id in habits)]
    if not ended and not gerund and not inner and verb not in _PARTING:
        ended = _ended_there(graph, held, claim, verb)
    return [graph.end_validity(other.id, at, now) for other in ended]


def _habits(graph: GraphStore, held: list[Claim]) -> set[str]:
    """The ids of the claims said as a habit ("every Monday", "on Fridays")."""
    said = graph.qualifiers_of([o.id for o in held])
    return {i for i, qs in said.items() if any(_habit(q) for q in qs)}


def _habit(q: Qualifier) -> bool:
    return (q.role, q.value) == ("modality", "habit") or q.role == "time" and habitual(q.value)


def _word_base(text: str) -> str:
    said = text.replace("_", " ").replace("-", " ").strip().lower().split()
    last = said[-1] if said else ""
    return lexicon.base(last, "n") or last


def _ended_there(graph: GraphStore, held: list[Claim], claim: Claim, verb: str) -> list[Claim]:
    """ "I've packed in the bakery" after "I've started a Saturday job at the bakery": what
    was left is where the doing held before was said to be (its place qualifier), not its
    object; each such doing is over. A holding is never ended by leaving ("I left my bike
    at the station"), nor a doing of people."""
    named = table("ending_attributes").get(verb, "").split()
    doings = []
    for other in held:
        negated, verbs, _prep = claim_verbs(other.predicate)
        if negated or _ending(other.predicate) is not None:
            continue
        if not ends_kind(verb, verbs, _head_word(other)):
            continue
        if (other.object_entity or "").startswith("person:") or names_people(other):
            continue
        if not (named and other.predicate not in named):
            doings.append(other)
    left = _head_word(claim)
    if not left or not doings:
        return []
    places = graph.qualifiers_of([o.id for o in doings])
    return [
        o
        for o in doings
        if any(q.role == "location" and _word_base(q.value) == left for q in places.get(o.id, ()))
    ]


def paused(graph: GraphStore, claim: Claim) -> bool:
    """Was the ending said for a while only ("I stopped running for a bit", "she gave up
    chocolate for Lent")? A pause ends nothing: the doing is still hers. Read off the span
    said with "for" (a purpose or duration, or a time said with "for") whose last word WordNet
    knows as a time ("bit", "summer"), not a reason ("for my health")."""
    for q in graph.qualifiers_of([claim.id]).get(claim.id, ()):
        text = q.value.strip().lower()
        if q.role not in ("purpose", "duration") and not text.startswith("for "):
            continue
        said = text.split()
        if said and "noun.time" in lexicon.lexnames(said[-1], "n"):
            return True
    return False


def _end_attributes(graph: GraphStore, claim: Claim, when: datetime, now: datetime) -> list[Claim]:
    """ "She retired last year" (stored as doing "retiring"): the attributes an ending said
    with no object ends (data/ending_attributes.tsv: where and as what she worked)."""
    said = (claim.object_literal or "").strip().lower()
    verb = lexicon.base(said, "v") if said.endswith("ing") and " " not in said else None
    ended = table("ending_attributes").get(verb or "", "").split()
    if not ended:
        return []
    at = _at(claim, when, now)
    return [
        graph.end_validity(other.id, at, now)
        for predicate in ended
        for other in graph.peek_claims(claim.subject, predicate)
        if endable(other, claim, now)
    ]


def _at(claim: Claim, when: datetime, now: datetime) -> datetime:
    """When an ending happened: its own time when said and past, else when it was said."""
    happened = claim.occurred_at
    return happened if happened is not None and happened <= now else when


def end_reversed(
    graph: GraphStore, over: list[tuple[Claim, datetime]], stored: list[Claim], now: datetime
) -> list[Claim]:
    """A link of a thing to its owner said in the turn ends with the having it says the other
    way round: "I used to have a fish called Boris" ends "Zain has Boris" and so "Boris is
    Zain's pet"; "We had three children" leaves who they are standing."""
    out = []
    for ended, at in over:
        for claim in stored:
            if claim.id == ended.id or claim.valid_to is not None:
                continue
            if claim.predicate not in OWNED_BY:
                continue  # "We had three children": a son is a son still
            if (claim.subject, claim.object_entity) == (ended.object_entity, ended.subject):
                out.append(graph.end_validity(claim.id, at, now))
    return out
