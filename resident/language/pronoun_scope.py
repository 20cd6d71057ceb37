"""How far back a pronoun reaches (issue 21, refs28). Singular "they" is the one person the
turn just named ("My friend Jo is leaving Cork. They're moving to Galway"), where no group,
no plural and no one else was said; and a he/she/they never reaches back to an earlier
turn's person past a name said earlier in its own turn that the reader did not take as
anyone ("We have a cat as well, Pickle. She's four": Pickle, not the granddaughter the other
speaker named before). Pure (the context is the talk's state).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from resident.language.pronoun_fit import fits_kind
from resident.language.salience import names_a_thing, place_named, said_alone
from resident.language.statement import Ref

if TYPE_CHECKING:
    from spacy.tokens import Span, Token

    from resident.language.statement import Context

#: What the recogniser calls a name that is no one's (its other labels, GPE included, it
#: gives pets and people as often: "Clover" a place).
_NO_ONE = frozenset({"DATE", "TIME", "CARDINAL", "ORDINAL", "MONEY", "QUANTITY", "PERCENT"})


def singular_they(tok: Token, ctx: Context) -> Ref | None:
    """The one person a subject "they" names, or None: the subject of the clause before in
    this turn, a person, with no group, plural or second person said before it."""
    if tok.lower_ != "they" or tok.dep_ not in ("nsubj", "nsubjpass") or ctx.they():
        return None
    if ctx.subject_said is None or ctx.rivals or ctx.plural_turn == ctx.turn:
        return None  # "She is, with the twins. They're four": the twins, said this turn
    ref, turn, speaker = ctx.subject_said
    if turn != ctx.turn or speaker != ctx.speaker or ref.kind != "person":
        return None
    if ref.role not in ("name", "kin") or (ref.role == "kin" and _plural_noun(ref.noun or "")):
        return None
    before = tok.doc[: tok.i]
    if any(t.pos_ in ("NOUN", "PROPN") and "Plur" in t.morph.get("Number", []) for t in before):
        return None  # "Jo met her parents. They ...": the parents
    if any(t.lower_ in ("and", "with") for t in before):
        return None  # "Jo and Sam", "Jo came with Sam": more than one, whom the reader split
    return ref


def _plural_noun(noun: str) -> bool:
    return noun.endswith("s") and noun not in ("boss", "actress", "princess")


def unread_name_before(ctx: Context) -> bool:
    """Was a name said in an earlier sentence of this turn that the reader took as no one, so
    that the last person of an earlier turn is no longer the nearest one a pronoun names?"""
    return ctx.mention_turn != ctx.turn and ctx.unread_turn == ctx.turn


def note_unread(sent: Span, ctx: Context) -> None:
    """Keep the turn of a sentence that said a name the reader took as no one (a sentence is
    read before its names are remembered, so this runs after the reading)."""
    if ctx.mention_turn == ctx.turn:
        return
    if any(_may_be_someone(t) for t in sent):
        ctx.unread_turn = ctx.turn


def _may_be_someone(t: Token) -> bool:
    if t.pos_ != "PROPN" or t.dep_ in ("compound", "flat") or t.lower_ == "max":
        return False
    if t.ent_type_ in _NO_ONE or names_a_thing(t) or place_named(t):
        return False
    alone = t.dep_ == "ROOT" and said_alone(t)  # "Biscuit!"
    return alone or t.dep_ in ("nsubj", "appos", "npadvmod", "dep", "dobj", "pobj", "attr", "conj")


def outside_own_phrase(tok: Token, mentioned: tuple[str, str], ctx: Context) -> tuple[str, str]:
    """Whom a his/her names when the last one named is the name of its own phrase ("Her
    husband Des": her is not Des): the one named before, if of its sex and recent."""
    owned = tok.head
    names = {c.text for c in owned.children if c.dep_ in ("appos", "compound", "flat")}
    if mentioned[0] not in names or ctx.prior_mention is None:
        return mentioned
    prior, turn = ctx.prior_mention
    if ctx.turn - turn > 2 or not ctx.agrees(prior[0], tok.lower_):
        return mentioned
    if prior[1] not in ("person", "animal", "unknown") or not fits_kind(tok.lower_, prior[1]):
        return mentioned
    return prior
