"""A person asked about by a description (issue 21, match30): "How old is the boy with the
hamster?" asks about whoever holds a hamster. The description ("the <person noun> with
<a thing>") is resolved through held claims to the one person it fits, and the question asked
again with that name (language/reduced_answers.py). Two people it fits, or none: no name, and
the question stays unanswered.

The person noun is one WordNet files under noun.person ("boy", "lad", "neighbour"); the thing
is held by its name or its kind ("Nugget is a hamster") and by whom through ownership claims."""

from __future__ import annotations

from typing import TYPE_CHECKING

from resident.language.knowledge import resolve
from resident.language.lexicon import lexnames

if TYPE_CHECKING:
    from datetime import datetime

    from spacy.tokens import Span

    from resident.language.dictionary import Dictionary

#: The claims by which a person holds a thing: the thing "pet_of" them, or they "has"/"owns"/
#: "gets" it.
_HELD_BY = ("pet_of",)
_HOLDS = ("has", "owns", "gets", "keeps")


def _holders(reads: Dictionary, thing: str, now: datetime) -> set[str]:
    """Who holds a thing of this name or kind."""
    things: set[str] = set()
    for e in resolve(reads, thing):
        things.add(e.id)
        things |= {c.subject for c in reads.graph.claims_by_object(e.id, now, "is_a")}
    out: set[str] = set()
    for t in things:
        for predicate in _HELD_BY:
            out |= {
                c.object_entity
                for c in reads.graph.peek_claims(t, predicate)
                if c.object_entity and c.valid_to is None
            }
        for predicate in _HOLDS:
            out |= {c.subject for c in reads.graph.claims_by_object(t, now, predicate)}
    return out


def described(sent: Span, reads: Dictionary, now: datetime) -> str | None:
    """The question with "the <person noun> with <thing>" put as the one person it fits;
    None when it has no such description or the description fits no one person."""
    for tok in sent:
        prep = next((c for c in tok.children if c.dep_ == "prep" and c.lower_ == "with"), None)
        det = next((c for c in tok.children if c.dep_ == "det" and c.lower_ == "the"), None)
        if prep is None or det is None or tok.pos_ != "NOUN":
            continue
        if "noun.person" not in lexnames(tok.lemma_.lower()):
            continue
        thing = next((c for c in prep.children if c.dep_ == "pobj"), None)
        if thing is None:
            continue
        holders = _holders(reads, thing.lemma_.lower(), now)
        if len(holders) != 1:
            return None
        name = reads.label(next(iter(holders)))
        span = {det.i, tok.i} | {t.i for t in prep.subtree}
        before = "".join(t.text_with_ws for t in sent if t.i < min(span))
        rest = [t for t in sent if t.i > max(span)]
        gap = " " if rest and not rest[0].is_punct else ""
        return f"{before}{name}{gap}{''.join(t.text_with_ws for t in rest)}".strip()
    return None
