"""The speaker's children said as a group without "my": "me, my husband Tomasz, the kids
Felix and Niamh" (a household listed with the speaker's own relatives), and the named members
of a group the speaker has ("I have the kids every other weekend, Arjun is eleven and Leela is
eight": each name said of an age after the group is one of them). Pure.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from resident.language.kin_nouns import kin_noun, kin_nouns
from resident.language.kinship import relation_predicate
from resident.language.refs import _name_of, _naming
from resident.language.statement import Context, Ref, Statement
from resident.language.words import words

if TYPE_CHECKING:
    from spacy.tokens import Span, Token

#: Most names read as members of one group.
_MAX_MEMBERS = 6
#: How far up a list a group noun is looked for the speaker's own ("me, my husband X, ...").
_LIST_STEPS = 3


def group_children(sent: Span, ctx: Context) -> list[Statement]:
    """Each child named as a member of a group of the speaker's children the sentence says."""
    out: list[Statement] = []
    for tok in sent:
        noun = kin_noun(tok)
        if not _children_noun(tok, noun):
            continue
        named = _naming(tok)
        if named is not None and named.pos_ == "PROPN" and _listed_with_own(tok):
            members = [named, *(c for c in named.conjuncts if c.pos_ == "PROPN")]
        elif named is None and _had_by_speaker(tok):
            members = _aged_after(tok)
        else:
            continue
        speaker = Ref(role="speaker", kind="person")
        for member in members[:_MAX_MEMBERS]:
            name = _name_of(member)
            ctx.remember(name, "person")
            child = Ref(role="name", name=name, kind="person")
            predicate = relation_predicate(noun)
            out.append(
                Statement(
                    subject=child, predicate=predicate, object="", object_ref=speaker, verb="be"
                )
            )
    return out


def _children_noun(tok: Token, noun: str) -> bool:
    """ "the kids", "the children": a plural family noun for children, said with "the"."""
    kin = kin_nouns().get(noun)
    if tok.pos_ != "NOUN" or tok.tag_ != "NNS" or kin is None or kin.paths[0][0] != "child":
        return False
    det = [c.lower_ for c in tok.children if c.dep_ in ("det", "poss")]
    return det == ["the"]


def _own(tok: Token) -> bool:
    """The speaker, or a relative the speaker calls theirs ("my husband Tomasz")."""
    if tok.lower_ in ("me", "myself"):
        return True
    near = [tok, *(c for c in tok.children if c.dep_ in ("compound", "appos") and c.i < tok.i)]
    return any(g.dep_ == "poss" and g.lower_ in ("my", "our") for t in near for g in t.children)


def _listed_with_own(tok: Token) -> bool:
    """Is the group said in one list with the speaker or the speaker's own relatives?"""
    item = tok
    for _ in range(_LIST_STEPS):
        if item.dep_ not in ("appos", "conj") or item.head == item:
            return False
        item = item.head
        if _own(item):
            return True
    return False


def _had_by_speaker(tok: Token) -> bool:
    """ "I have the kids every other weekend": the group as what the speaker has."""
    verb = tok.head
    if tok.dep_ != "dobj" or verb.lemma_.lower() not in words("keeping_verbs"):
        return False
    return any(c.dep_ == "nsubj" and c.lower_ in ("i", "we") for c in verb.children)


def _aged_after(tok: Token) -> list[Token]:
    """The names said after the group in its sentence as the subject of an age ("Arjun is
    eleven"): each is one of the group."""
    out = []
    for t in tok.doc[tok.i + 1 : tok.sent.end]:
        verb = t.head
        if t.pos_ != "PROPN" or t.dep_ != "nsubj" or verb.lemma_.lower() != "be":
            continue
        if any(c.dep_ in ("attr", "acomp") and c.like_num for c in verb.children):
            out.append(t)
    return out
