"""A new value said by its place alone, with "now" (issue 21, still38): "I'm at Aldi now"
after "I worked at Tesco for years" is a new workplace, though the parser gives only a being
at a place. Read in the frame of the one-valued attribute the subject already holds with the
same preposition (works_at), it is a new value of that attribute, which supersedes the old
(the one-valued rule is cognition's; the change is the turn's own "now", change.py). Nothing
else is reframed: a place said without a change, or a subject holding no such value, stays a
being at a place."""

from __future__ import annotations

from datetime import datetime
from typing import TYPE_CHECKING

from resident.cognition.statements import is_one_valued
from resident.language import lexicon
from resident.records import Level, NewClaim, StatementWrite

if TYPE_CHECKING:
    from spacy.tokens import Token

    from resident.memory.client import GraphStore
    from resident.records import Claim

#: The being-at predicates a copula and a place or a body make ("'m at Aldi", "'s with the
#: council"), and the preposition of the held attribute each may be a new value of: one is
#: with a body one works for as one is at a place one works.
_BEING = {"located_at": "at", "located_with": "at"}


def body_joined(prep: Token) -> str | None:
    """ "She's with the council now", "I'm with the ambulance service now": the body a
    copula's "with" names, said with "now", as its text; None for a person ("with Tom",
    "with the kids": WordNet's first sense of the noun a person; "with my mum": no "the"),
    or a "with" said without a change."""
    if prep.lower_ != "with" or not any(t.lower_ == "now" for t in prep.sent):
        return None
    pobj = next((c for c in prep.children if c.dep_ == "pobj"), None)
    if pobj is None:
        return None
    if pobj.pos_ == "PROPN":
        body = pobj.ent_type_ == "ORG"
    else:
        senses = lexicon.lexnames(pobj.lemma_.lower(), "n")
        definite = any(c.dep_ == "det" and c.lower_ == "the" for c in pobj.children)
        person = lexicon.first_lexname(pobj.lemma_.lower(), "n") == "noun.person"
        body = definite and "noun.group" in senses and not person
    if not body:
        return None
    return " ".join(t.text for t in pobj.subtree if not t.is_punct and t.dep_ != "det")


def held_frame(claim: Claim, held: list[Claim], now: datetime) -> Claim | None:
    """The subject's live one-valued claim with the same preposition and another value
    (works_at Tesco for located_at Aldi), the latest when several; None when none is held."""
    prep = _BEING.get(claim.predicate)
    if prep is None:
        return None
    same = [
        o
        for o in held
        if o.predicate not in _BEING
        and o.predicate.endswith(f"_{prep}")
        and is_one_valued(o.predicate)
        # Said in the same turn too: "I worked at Tesco for years. I'm at Aldi now."
        and o.id != claim.id
        and o.valid_at(now)
        and o.level is not Level.OPINION
        and o.object_value.strip().lower() != claim.object_value.strip().lower()
    ]
    return max(same, key=lambda o: o.created_at) if same else None


def reframe_now(
    graph: GraphStore, claim: Claim, said_now: bool, now: datetime, ids: tuple[str, str | None]
) -> bool:
    """Store `claim` ("located_at Aldi", said with "now") again in the frame of the held value
    it replaces ("works_at Aldi"), and end that value from now; False when it replaces none."""
    if not said_now:
        return False
    old = held_frame(claim, graph.peek_claims(claim.subject), now)
    if old is None:
        return False
    new = NewClaim(
        subject=claim.subject,
        predicate=old.predicate,
        object_entity=claim.object_entity,
        object_literal=claim.object_literal,
        confidence=claim.confidence,
        provenance=claim.provenance,
    )
    graph.end_validity(old.id, now, now)
    session, correlation = ids
    graph.write_statements([], [StatementWrite(claim=new)], now, session, correlation)
    return True
