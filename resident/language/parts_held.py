"""Counts said of what someone has: what an owned thing has ("my bakery has twelve employees",
"our flat has five rooms"), kept as the owner's statement of the thing with the count of its
parts as a quantity, so that "How many rooms does our flat have?" finds it through the owner,
as every question about an owned thing does (owned.py); and relatives or pets counted with
their owner anywhere in a sentence ("two of our three sons"), which the owner has."""

from __future__ import annotations

from typing import TYPE_CHECKING

from resident.language.attributes import attribute_owner
from resident.language.refs import subject_ref
from resident.language.roles import RoleFill
from resident.language.statement import KIN, Context, Ref, Statement, is_pet
from resident.language.words import words

if TYPE_CHECKING:
    from spacy.tokens import Span, Token

#: Present-tense tags: what a thing had, or will have, is no count of what it has.
_PRESENT = frozenset({"VBZ", "VBP"})


def parts_counted(verb: Token, subj_tok: Token, ctx: Context) -> list[Statement]:
    """The owner's statement of a thing with a number of what it has: its subject a noun with
    a possessor ("my", "Kieran's"), its verb one of holding in the present, its objects
    nouns each with a number (spaCy's nummod). Nothing when any of it is missing: a thing
    said with no owner is nobody's to ask about."""
    if subj_tok.pos_ != "NOUN" or verb.tag_ not in _PRESENT:
        return []
    if verb.lemma_.lower() not in words("possession_states"):
        return []
    if any(c.dep_ == "neg" for c in verb.children):
        return []
    owner = attribute_owner(subj_tok, ctx)
    if owner is None or not any(c.dep_ == "poss" for c in subj_tok.children):
        return []
    counts = [_counted(obj) for obj in _objects(verb)]
    said = [c for c in counts if c is not None]
    if not said:
        return []
    return [
        Statement(
            subject=owner,
            predicate="has",
            object=subj_tok.lemma_.lower(),
            verb="have",
            roles=tuple(RoleFill(role="quantity", text=c) for c in said),
        )
    ]


def _objects(verb: Token) -> list[Token]:
    """The verb's direct objects, each of a list ("five rooms and a balcony")."""
    first = next((c for c in verb.children if c.dep_ in ("dobj", "obj")), None)
    return [] if first is None else [first, *(c for c in first.conjuncts if c.i > first.i)]


def _counted(noun: Token) -> str | None:
    """ "twelve employees" of the noun employees said with its number, or None when no number
    is said with it."""
    if noun.pos_ != "NOUN":
        return None
    number = [c for c in noun.children if c.dep_ == "nummod" and c.like_num]
    if not number:
        return None
    start = min(t.i for n in number for t in n.subtree)
    return noun.doc[start : noun.i + 1].text


def counted_with_owner(sent: Span, ctx: Context) -> list[Statement]:
    """ "Two of our three sons play rugby", "I miss my four cats": each relative or pet noun
    said with its owner and a number is that many the owner has. A holding said as the
    clause's own object ("we have three kids") is the clause's statement, not this one."""
    out: list[Statement] = []
    for tok in sent:
        noun = tok.lemma_.lower()
        if tok.pos_ != "NOUN" or not (noun in KIN or is_pet(noun)):
            continue
        poss = next((c for c in tok.children if c.dep_ == "poss"), None)
        if poss is None or poss.lower_ == "their":
            # "their two girls" are a couple's: no one person has them.
            continue
        said = _counted(tok)
        owner = None if said is None else _owner(tok, poss, ctx)
        if said is None or owner is None:
            continue
        number = next(c.text for c in tok.children if c.dep_ == "nummod" and c.like_num)
        out.append(
            Statement(
                subject=owner,
                predicate="has",
                object=said,
                verb="have",
                roles=(RoleFill(role="quantity", text=number),),
            )
        )
    return out


def _owner(tok: Token, poss: Token, ctx: Context) -> Ref | None:
    """Whose the counted relatives are: "my", "our", a name's; for "his" or "her" the clause's
    own subject ("Carys visited with her two girls": Carys's), never someone named before,
    whom "her" may not mean."""
    if poss.lower_ not in ("his", "her"):
        return attribute_owner(tok, ctx)
    verb = tok.head
    while verb.pos_ not in ("VERB", "AUX") and verb.head.i != verb.i:
        verb = verb.head
    subj = next((c for c in verb.children if c.dep_ == "nsubj"), None)
    if subj is None or subj.pos_ == "PRON":
        return None
    ref = subject_ref(subj, ctx)
    return ref if ref is not None and ref.kind == "person" else None
