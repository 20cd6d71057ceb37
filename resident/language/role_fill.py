"""The clause's other arguments (where, when, with whom, how many) and its modality, added to
each statement read from it (moved out of clauses.py whole, which was at its size limit). Pure.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from resident.language.clause_parts import (
    _item_counts,
    _object_key,
    borrowed_time,
    listed_after,
    overlaps,
    verb_mood,
)
from resident.language.frequency import frequency
from resident.language.objects import _direct_object, measures, time_clauses
from resident.language.roles import RoleFill, clause_roles, modality
from resident.language.statement import Statement

if TYPE_CHECKING:
    from spacy.tokens import Token


def roles_but(st: Statement, role: str) -> tuple[RoleFill, ...]:
    return tuple(r for r in st.roles if r.role != role)


def with_roles(verb: Token, subj_tok: Token | None, statements: list[Statement]) -> list[Statement]:
    """Each statement of the clause with the clause's other arguments as its roles (less the
    one that became its object) and the clause's modality."""
    if not statements:
        return statements
    used = set() if subj_tok is None else {t.i for t in subj_tok.subtree}
    # "Kirsty is a doctor in Glasgow": what the copula's noun is said with is the clause's too.
    obj = _direct_object(verb) or next((c for c in verb.children if c.dep_ == "attr"), None)
    roles = clause_roles(verb, used, obj) + time_clauses(verb) + measures(verb, used)
    roles += frequency(verb, used)  # "twice a month": how often, as its manner
    said = modality(verb, verb_mood(verb))
    listed = [] if obj is None else listed_after(verb, obj)
    borrowed = borrowed_time(verb)
    counts = _item_counts([] if obj is None else [obj, *listed])
    out = []
    for st in statements:
        if st.roles or st.verb == "be" and st.predicate == "pet_of" or st.object == "":
            out.append(st)
            continue
        own = st.object.lower()
        # A role that holds the object ("to teaching law" for "teaches law") is the object.
        kept = tuple(r for r in roles if not overlaps(own, r.text.lower()))
        if st.predicate == "is_a":
            # "He was a volunteer for ten years": how long, not where, when or with whom.
            kept = tuple(r for r in kept if r.role == "duration")
            if not kept:
                out.append(st)
                continue
        first = counts.get(_object_key(obj)) if obj is not None else None
        mine = counts.get(own)
        if mine != first:
            # "sixty sheep, a few goats and two donkeys": each item its own count.
            kept = tuple(r for r in kept if r.role != "quantity" or r.text != first)
            if mine is not None:
                kept = (*kept, RoleFill(role="quantity", text=mine))
        elif mine is not None and not any(r.role == "quantity" for r in kept):
            kept = (*kept, RoleFill(role="quantity", text=mine))  # "roses, forty bushes"
        if borrowed is not None and st.when == borrowed:
            # A time the parser hung on another verb that is this clause's (`clause_time`).
            kept = (*kept, RoleFill(role="time", text=borrowed))
        mood = {"past": "done", "plan": "plan", "wish": "wish"}.get(st.mood, said)
        out.append(st.model_copy(update={"roles": kept, "modality": mood}))
    # What the clause says first, then who its people are ("Lena lives in Porto", then "Lena
    # is Ana's sister" from "My sister Lena lives in Porto").
    return sorted(out, key=lambda st: st.object == "")
