"""Answers to "how much" a thing costs ("How much did the guitar cost?", "How much is the
rent?", "How much did Callum pay for the bike?") from the `<thing> costs <amount>` statements
prices.py keeps: the latest amount said of the thing wins, and an amount said for a time still
to come ("going up to two thousand a month from April") is answered with its time.
"""

from __future__ import annotations

from datetime import datetime
from typing import TYPE_CHECKING

from resident.language import lexicon
from resident.language.asking import hedge
from resident.language.bought_for import bought_for
from resident.language.deal_side import agrees, asked_side
from resident.language.dictionary import Dictionary
from resident.language.knowledge import views
from resident.language.owned import OWNED_SCORE
from resident.language.price_owner import price_owner
from resident.language.prices import PRICE_PREDICATE, price_named
from resident.language.reading import is_question
from resident.language.turn import _Ctx, _Reply
from resident.language.words import words
from resident.records import Claim

if TYPE_CHECKING:
    from spacy.tokens import Span, Token


class PricedAnsweringMixin:
    dictionary: Dictionary

    def _ask_priced(self, ctx: _Ctx) -> _Reply | None:
        """ "How much ..." of a thing whose price was said: its latest amount, else None."""
        if ctx.doc is None or not ctx.doc.has_annotation("DEP"):
            return None
        sents = [s for s in ctx.doc.sents if is_question(s)]
        if not sents or not asks_price(sents[-1]):
            return None
        reads = ctx.reads or self.dictionary
        owner = price_owner(sents[-1], reads, ctx.person_id, ctx.now)
        if owner is not None and not owner.tellers:
            return None  # "his rent": whose, this reader cannot say; the general reader may
        side = asked_side(sents[-1])
        other_side = False
        for thing in priced_asked(sents[-1]):
            held = [
                c
                for e in reads.find(thing)
                for c in reads.graph.peek_claims(e.id, PRICE_PREDICATE)
                if c.valid_to is None and (owner is None or owner.holds(c))
            ]
            claims = [c for c in held if agrees(reads, c, side, ctx.now)]
            if claims:
                return _latest(claims, reads, ctx.now)
            other_side = other_side or bool(held)
        # "How much did the Fiesta cost?" of "bought a Fiesta for three thousand pounds".
        bought = (bought_for(reads, t, owner, ctx.now, side) for t in priced_asked(sents[-1]))
        found = next((b for b in bought if b is not None), None)
        if found is None:
            # Only the other deal's price is known ("bought it for 9,000" when asked what it
            # sold for): no reader may answer with that money.
            return _Reply("I don't know.") if other_side else None
        return _Reply(found.text, claims=found.claims, answer=found.short, score=found.score)


def asks_price(sent: Span) -> bool:
    """ "How much" with no noun counted, asked with a verb of what things cost: not "how much
    sugar", nor "how much does the dog weigh", "how much does Tayo earn"."""
    much = next((t for t in sent if t.lower_ == "much" and t.i > 0), None)
    if much is None or sent.doc[much.i - 1].lower_ != "how":
        return False
    if _misread_verb(much.head):
        return True  # "How much did the guitar cost?" parsed as a noun "guitar cost"
    if much.head.pos_ == "NOUN":
        return False
    if any(_misread_verb(t) for t in sent):
        return True  # "How much did the ute cost?" parsed with "cost" a noun subject
    verb = much.head if much.head.pos_ in ("VERB", "AUX") else sent.root
    return verb.lemma_.lower() in words("price_asking_verbs")


def priced_asked(sent: Span) -> list[str]:
    """The things the question may ask the price of, in the order said."""
    out: list[str] = []
    for tok in sent:
        if _misread_verb(tok):
            said = [c for c in tok.children if c.dep_ == "compound" or _noun_amod(c)]
            # The last word said is the noun, named by its lemma as prices.py names it.
            words_said = [*(c.lower_ for c in said[:-1]), said[-1].lemma_.lower()] if said else []
            name = " ".join(words_said) or None
        else:
            name = price_named(tok) if _asked_argument(tok) else None
        if name is not None and name not in out:
            out.append(name)
    return out


def _misread_verb(tok: Token) -> bool:
    """The verb "cost" the parser took for a noun, with the thing as its compound or its
    subject ("How much did the kettle cost?")."""
    if tok.pos_ != "NOUN" or tok.lemma_.lower() not in words("price_verbs"):
        return False
    if tok.dep_ in ("ROOT", "nsubj"):
        return True
    return any(c.dep_ in ("compound", "nsubj", "aux") or _noun_amod(c) for c in tok.children)


def _noun_amod(tok: Token) -> bool:
    """A noun the tagger called an adjective ("the ute cost": ute), not an adjective."""
    return tok.dep_ == "amod" and lexicon.base(tok.lower_, "a") is None


def _asked_argument(tok: Token) -> bool:
    if tok.dep_ in ("compound", "poss", "npadvmod"):
        return False  # "Pip's teeth": Pip owns, the teeth are priced; "a night" is a rate
    return tok.dep_ != "pobj" or tok.head.lower_ in ("for", "on", "of")


def _latest(claims: list[Claim], reads: Dictionary, now: datetime) -> _Reply:
    """The amount said last; one said for a time to come is given with that time."""
    latest = max(claims, key=lambda c: (c.created_at, c.id))
    view = views([latest], reads)[0]
    amount = latest.object_value
    ahead = latest.occurred_at is not None and latest.occurred_at > now
    when = f", from {latest.occurred_at:%-d %B %Y}" if ahead and latest.occurred_at else ""
    text = f"{amount}{when}. {hedge(latest)}\n{view.line}"
    return _Reply(text, claims=[view], answer=f"{amount}{when}", score=OWNED_SCORE)
