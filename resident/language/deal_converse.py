"""The other side of a deal held: "We sold his Rover to a neighbour" answers "Who bought
Walter's Rover?" (a neighbour), and "I bought my bike from a man in Leeds" answers "Who sold
Ann the bike?". The verb asked and the verb held are converses in the one table of deals
(data/deal_verbs.tsv: sell / buy, lend / borrow, give / get, charge / pay, rent out / rent);
the one asked for is the party the held deal named with "to" (its recipient) or "from" (its
origin). Reads the graph, stores nothing: the deal is held once, as it was said.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from resident.language import deals
from resident.language.asking import said_last
from resident.language.dictionary import Dictionary
from resident.language.matching import claim_verbs
from resident.language.prices import price_named
from resident.language.reading import is_question
from resident.language.statement import base_form
from resident.language.turn import _Ctx, _Reply

if TYPE_CHECKING:
    from spacy.tokens import Span, Token

#: The qualifier that names the other party, by the side the held verb tells, and the word
#: it was said with ("to a neighbour": the buyer of a sale; "from a man": the seller of a buy).
_PARTY = {"seller": ("recipient", "to"), "buyer": ("origin", "from")}
#: The score of an answer read from the converse: above the threshold, as a claim held is.
_SCORE = 3.0


def asked_converse(sent: Span) -> tuple[str, Token] | None:
    """ "Who bought the Rover?": the verb held deals would be said with ("sell") and the
    thing asked of; None for any other question."""
    root = sent.root
    found = deals.deal(root.lemma_.lower())
    subj = next((c for c in root.children if c.dep_ == "nsubj"), None)
    obj = next((c for c in root.children if c.dep_ == "dobj"), None)
    if found is None or found.converse is None or subj is None or obj is None:
        return None
    if subj.lower_ not in ("who", "whom"):
        return None
    return found.converse, obj


def converse_party(reads: Dictionary, held_verb: str, thing: str, now_ctx: _Ctx) -> _Reply | None:
    """The party the latest held deal of the thing named with the converse verb says was on
    the other side, as a reply; None when no such deal names one."""
    side = deals.party_side(held_verb)
    if side is None:
        return None
    role, word = _PARTY[side]
    found = []
    for entity in reads.find(thing):
        for claim in reads.graph.claims_by_object(entity.id, now_ctx.now):
            negated, verbs, _ = claim_verbs(claim.predicate)
            if negated or held_verb not in {base_form(v) for v in verbs}:
                continue
            held = reads.graph.qualifiers_of([claim.id]).get(claim.id, ())
            party = next(
                (
                    _named(reads, q.entity_id) or _party(q.value, word)
                    for q in held
                    if q.role == role
                ),
                None,
            )
            if party:
                found.append((claim, party))
    if not found:
        return None
    party, shown, text = said_last(found, reads)
    return _Reply(text, claims=shown, answer=party, score=_SCORE)


def _named(reads: Dictionary, entity_id: str | None) -> str | None:
    """The name of the one the qualifier names, when MAX holds them by a name ("to Sandra
    across the road": Sandra; not "man" of "from a man in Leeds", said whole)."""
    label = None if entity_id is None else reads.label(entity_id)
    return label if label and label[:1].isupper() else None


def _party(value: str, word: str) -> str | None:
    """The party a qualifier names: its words (after "to"/"from") up to a price or time said
    with it ("to neighbour for eight hundred pounds": neighbour)."""
    said = value.split()
    if said and said[0].lower() == word:
        said = said[1:]
    kept = []
    for w in said:
        if w.lower() in ("for", "in", "on", "at", "last", "yesterday"):
            break
        kept.append(w)
    return " ".join(kept) or None


class ConverseAnsweringMixin:
    dictionary: Dictionary

    def _ask_converse(self, ctx: _Ctx) -> _Reply | None:
        """ "Who bought X?" of a sale of X held "to" someone; None when not so asked."""
        if ctx.doc is None or not ctx.doc.has_annotation("DEP"):
            return None
        sents = [s for s in ctx.doc.sents if is_question(s)]
        asked = asked_converse(sents[-1]) if sents else None
        if asked is None:
            return None
        held_verb, obj = asked
        thing = price_named(obj) or obj.lower_
        return converse_party(ctx.reads or self.dictionary, held_verb, thing, ctx)
