"""A count said right before its noun in any role of a statement about the subject, for a
"how many" no statement of the verb asked answers (issue 21; count38's road, mended in
count40): "How many stents did his dad get?" by "they put in two stents", "How many nights
were we in Lisbon?" by "going to Lisbon for half term, three nights". The number must stand
before the noun asked or a kind below it by WordNet (counting.number_of), and the statement
must say the act asked (answer_sense.meets: the verb, a synonym, an entailment, a hypernym,
one deal). A light verb or a copula asked ("get", "have", "were ... in") says no act: then
the noun counted is the tie, unless it counts time: "How many years did we take the salon
for?" asks how long one thing lasted, not any five years said of the household ("we live
in Luton since five years"), so a length of time answers only from a statement of the light
verb asked or one holding every word the question names besides it. Every word that narrows
the question ("to nursery", "for the market") must be held; two numbers held are no answer.
Reads the graph through the dictionary."""

from __future__ import annotations

from datetime import datetime

from resident.language import lexicon
from resident.language.answer_sense import asks_act, meets
from resident.language.asking import hedge
from resident.language.counting import number_of
from resident.language.deals import converse
from resident.language.dictionary import Dictionary
from resident.language.knowledge import Answer, ClaimView, views
from resident.language.matching import PREPS, claim_verbs, holds_time
from resident.language.owned import OWNED_SCORE
from resident.language.question_reading import Query
from resident.language.resolved import Resolved
from resident.language.statement import base_form
from resident.language.words import words

#: Roles whose value says nothing counted of the deed (a change's mark, how sure it is).
_NOT_SAID = frozenset({"change", "modality", "source"})


def count_said(
    reads: Dictionary, query: Query, subject: Resolved | None, now: datetime
) -> Answer | None:
    """The one number said of the noun counted (or a kind of it) in the subject's statements
    that say the act asked, as an answer; None when there is none or more than one."""
    unit = query.unit or (query.object_words[-1] if query.object_words else None)
    if subject is None or unit is None or query.wh != "how many" or query.amount or query.negated:
        return None
    if query.rate is not None:
        return None  # "How many times a month": a count per a rate is counting.times_said's
    asked = [w.lower() for w in query.object_words]
    # "How many nights was Olu in Porto?": what is named after the noun counted must be said.
    named = asked[asked.index(unit) + 1 :] if unit in asked else []
    named += [w.lower() for w in query.context_words]  # "to nursery", "for her badge"
    claims = [c for eid in subject.ids for c in reads.graph.peek_claims(eid)]
    held = reads.graph.qualifiers_of([c.id for c in claims])
    found: dict[str, list[ClaimView]] = {}
    for view in views(claims, reads):
        c = view.claim
        if claim_verbs(c.predicate)[0]:
            continue
        texts = [
            view.object_label,
            *(q.value for q in held.get(c.id, ()) if q.role not in _NOT_SAID),
        ]
        said = {f for w in " ".join(texts).lower().split() for f in (w, base_form(w))}
        if not all(w in said or base_form(w) in said for w in named):
            continue
        if not _act_said(query, unit, view, " ".join(texts[1:]), said):
            continue
        if query.time_phrase and not holds_time(
            query.time_phrase, held.get(c.id, ()), c.occurred_at, now
        ):
            continue  # "How many days will Alfie go from January?" is not the days he goes now
        numbers = {n for n in (number_of(t, unit) for t in texts) if n is not None}
        if len(numbers) == 1:
            found.setdefault(numbers.pop().lower(), []).append(view)
    if len(found) != 1:
        return None
    short, told = next(iter(found.items()))
    text = f"{short}. {hedge(told[0].claim)}\n" + "\n".join(v.line for v in told)
    return Answer(text=text, claims=told, known=True, short=short, score=OWNED_SCORE)


def _act_said(query: Query, unit: str, view: ClaimView, held: str, said: set[str]) -> bool:
    """Does the statement say the act the question asks, by its own side (Barnaby's forty
    jars sold are not jars he bought, though a sale answers who bought)? A content verb
    asked must be met (answer_sense). A copula ("were we in Lisbon", "was Priya's chapter")
    asks no act: every other noun the question names, its subject's or the thing asked of
    too, must be held, for "I have written zero words" is not the words of her chapter. A
    light verb ("get", "have") asks none either, and the noun counted ties the number,
    unless it counts time: "How many years did we take the salon for?" is only a taking's."""
    # "How many words was Priya's chapter?" is read with the thing for its verb (an
    # attribute): a copula whose thing must be held.
    verb = "be" if query.attribute else query.verb.lower()
    verbs = {lexicon.base(v, "v") or base_form(v) for v in claim_verbs(view.claim.predicate)[1]}
    copula = verb == "be" or verb in PREPS
    if converse(verb) in verbs or not (copula or lexicon.base(verb, "v")):
        return False  # "How much did Harvey's cymbal cost?" misread with "'s" for a verb
    if asks_act(verb):
        return meets(verb, view, held) is True
    if copula:
        subject = query.subject.noun if query.subject is not None else None
        thing = query.verb if query.attribute else subject
        others = [w.lower() for w in (*query.object_words, *query.context_words, thing or "")]
        others = [w for w in others if w and w != unit and lexicon.base(w, "n") is not None]
        held_all = all(w in said or base_form(w) in said for w in others)
        return held_all and (bool(others) or not _counts_time(unit))
    return not _counts_time(unit) or verb in verbs


def _counts_time(unit: str) -> bool:
    """Is the noun counted a length of time ("years", "nights"; WordNet) and not a number of
    times something happened ("times", "goes": data/frequency_iterations)?"""
    if unit in words("frequency_iterations") or base_form(unit) in words("frequency_iterations"):
        return False
    return lexicon.is_a(unit, "time_period", kinds=None) or lexicon.is_a(
        unit, "time_unit", kinds=None
    )
