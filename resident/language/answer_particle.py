"""A phrasal verb is not its bare verb (issue 21, wrong46: answers about something else).

"I gave up the allotment" is stored as `gives_up allotment`, and "We sold out by 2" as
`sells_out_by 2`. The matcher meets a claim by its verb's lemma, and the question "What did
Gwendolyn give?" or "How much did we sell the van for?" asks the bare verb: giving up is no
giving, selling out no sale of the van. A claim says another act than the one asked when its
predicate opens with a verb and a particle (data/particle_adverbs; one that ends the predicate
and is also a preposition with a role, "lives_in", is that preposition) that WordNet holds as
a verb of its own ("give_up", "sell_out"), the question says that verb without the particle,
and WordNet files no frequent sense of the phrasal under the bare verb ("take_off" is a
removing, a taking; "move_out" a moving: these keep). A verb whose first sense is one of going
somewhere (data/motion_senses) keeps its particles: "went back to Leeds" answers "Where did
Jo go?", whatever WordNet files "go back" under. The same principle as deeds.phrasal_says
("give up is no giving"), here on the answer's side.

Fails only on evidence: every claim the answer rests on must be such a phrasal. Pure: the
question's parse, the claims' predicates and WordNet."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from resident.language import lexicon
from resident.language.statement import base_form
from resident.language.words import table, words

if TYPE_CHECKING:
    from spacy.tokens import Span

    from resident.language.knowledge import ClaimView

_PARTICLES = words("particle_adverbs")
_MOTION = words("motion_senses")
#: Prepositions with a role of their own (data/preposition_roles: "in", "over", "around").
_ROLE_PREPS = frozenset(table("preposition_roles"))
#: Prepositions of a destination (data/destination_preps: "to", "into").
_TOWARDS = words("destination_preps")


def _phrasal(predicate: str, asks_place: bool = False) -> tuple[str, str] | None:
    """(verb lemma, particle) of a predicate that opens with a phrasal verb WordNet holds
    ("gives_up", "sells_out_by"); None otherwise. Asked where, a particle before a preposition
    is where the act is ("works_out_on platform": out on the rigs), no verb of its own."""
    parts = predicate.split("_")
    if parts[0] == "not":
        parts = parts[1:]
    if len(parts) < 2 or parts[1] not in _PARTICLES:
        return None
    if len(parts) > 2 and (asks_place or parts[2] in _TOWARDS):
        # "drives_up_to Durham": a particle before a destination is the way one goes.
        return None
    if len(parts) == 2 and parts[1] in _ROLE_PREPS:
        # "lives_in Leeds": a preposition with its object, no particle ("live in" is also
        # WordNet's living where one works).
        return None
    verb = lexicon.base(parts[0], "v") or base_form(parts[0])
    return (verb, parts[1]) if lexicon.base(f"{verb}_{parts[1]}", "v") else None


def _going(verb: str) -> bool:
    """Is the verb's most frequent sense one of going somewhere (travel.v.01 or below)?"""
    wn = lexicon.reader()
    senses = wn.synsets(verb, "v")[:1] if wn is not None else []
    for sense in senses:
        above = {h.name() for h in sense.closure(lambda s: s.hypernyms())}
        if (above | {sense.name()}) & _MOTION:
            return True
    return False


def _another_act(sent: Span, predicate: str) -> bool:
    """Does the claim's phrasal verb say another act than the question's bare verb?"""
    found = _phrasal(predicate, any(t.lower_ == "where" for t in sent))
    if found is None:
        return False
    verb, particle = found
    asked = [t for t in sent if t.pos_ in ("VERB", "AUX") and t.lemma_.lower() == verb]
    if not asked or any(t.lower_ == particle for t in sent):
        # The question does not say the verb, or says it with the particle ("give up").
        return False
    if _going(verb):
        return False
    return verb not in lexicon.related(f"{verb}_{particle}", "v", 2)


def particle_unasked(sent: Span, views: Sequence[ClaimView]) -> bool:
    """Does every claim the answer rests on say a phrasal verb whose bare verb the question
    asks ("gives_up" for "What did Gwendolyn give?")? False when no claim is there."""
    return bool(views) and all(_another_act(sent, v.claim.predicate) for v in views)
