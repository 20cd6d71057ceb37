"""A person's noun set off beside a noun phrase, read as the sentence it stands for (issue 21,
clause28): "My neighbour, a retired plumber, fixed the gate" says "My neighbour is a retired
plumber"; "I met Gwen, a nurse from Leeds" says "Gwen is a nurse from Leeds". The apposition is
a clause English leaves the copula out of; it is said again with the copula and read by the one
statement reader, which judges it by the same gates as any clause ("is a vet": works_as).
Only a noun WordNet files first as a person (noun.person: a job, a role, a kind of person) is
said so: "my car, a red Fiesta" or "a job, a bakery in Bath" restate a thing, no one's job.
Pure, given the parse function.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from resident.language import lexicon
from resident.language.reparse import Reparse
from resident.language.words import words

if TYPE_CHECKING:
    from spacy.tokens import Doc, Span, Token

#: Longest sentence said again this way, in words.
_MAX_WORDS = 12
#: Dependencies under the apposed noun that belong to another clause, not to what it says.
_CUT_DEPS = frozenset({"relcl", "acl", "conj", "cc", "appos"})
#: Prepositions that say where someone comes from, not where the job is.
_ORIGIN = frozenset({"from"})


def _set_off(noun: Token) -> bool:
    """Is the apposed phrase set off by a comma before it ("Ivo, an electrician")?"""
    first = noun.left_edge.i
    return first > 0 and noun.doc[first - 1].text == ","


def _nounlike(noun: Token) -> bool:
    """A common noun, or a word the tagger called an adjective with an article before it
    ("a paramedic")."""
    if noun.pos_ == "NOUN":
        return True
    return noun.pos_ == "ADJ" and any(c.lower_ in ("a", "an") for c in noun.children)


def _who(head: Token) -> bool:
    """Is the noun phrase the apposition is set beside someone: a name, or a person's noun
    with an owner ("my neighbour", "Tom's boss")?"""
    if head.ent_type_ in ("DATE", "TIME", "GPE", "LOC", "MONEY", "QUANTITY", "CARDINAL"):
        return False
    if head.pos_ == "PROPN":
        return True
    owned = any(c.dep_ == "poss" for c in head.children)
    return head.pos_ == "NOUN" and owned and lexicon.person_noun(head.lemma_)


def _words(tok: Token, cut: set[int]) -> list[Token]:
    return [t for t in tok.subtree if t.i not in cut and not t.is_punct]


#: Owners said before a noun for the subject of a verb of having ("I got ...": my ...).
_OWNERS = {"i": "my", "we": "our"}


def _owner_of_kept(head: Token, noun: Token) -> str | None:
    """ "We adopted a puppy, a collie cross", "I got my first client, a brewery": one thing
    set beside the one thing a verb of having (data/keeping_verbs.txt) gives its subject is
    what that thing is; said of the thing as the subject's ("our puppy"). None for anything
    else (a list, several things, a name, a verb that gives nothing)."""
    verb = head.head
    if head.dep_ != "dobj" or verb.lemma_.lower() not in words("keeping_verbs"):
        return None
    if "Plur" in head.morph.get("Number", []) or any(c.dep_ == "nummod" for c in head.children):
        return None
    if [c for c in head.children if c.dep_ == "appos"] != [noun] or noun.pos_ != "NOUN":
        return None
    if any(c.dep_ in ("acl", "relcl") for c in noun.children):
        return None  # "a dog called Rex": a name, read as such elsewhere
    subject = next((c for c in verb.children if c.dep_ == "nsubj"), None)
    if subject is None:
        return None
    if subject.pos_ == "PROPN":
        return f"{subject.text}'s"
    return _OWNERS.get(subject.lower_)


def _placed_name(head: Token, noun: Token) -> bool:
    """ "Hop Bean, a roaster in Faversham", "Tilly's, a tea room in Rye": a thing's kind and
    its place set beside a name that is no person's say what and where the named thing is."""
    # The recogniser often takes a firm's name for a person's ("Lark Dairy"); a person is no
    # creamery, so a kind that is no person's noun says the name is a thing's.
    if head.pos_ != "PROPN" or head.ent_type_ in ("DATE", "TIME", "GPE", "LOC"):
        return False
    if lexicon.person_noun(noun.lemma_):
        return False
    return any(
        p.dep_ == "prep"
        and p.lower_ in ("in", "at", "on", "near")
        and any(o.dep_ == "pobj" and o.pos_ == "PROPN" for o in p.children)
        for p in noun.children
    )


def said_again(noun: Token) -> str | None:
    """The apposition on `noun` (an `appos` common noun) as "<the noun phrase> is <it>", or
    None when it is no person's noun set off beside someone."""
    head = noun.head
    if noun.dep_ != "appos" or not _nounlike(noun) or head == noun or not _set_off(noun):
        return None
    if any(c.dep_ == "poss" for c in noun.children):
        # "my wife Lin, my father, and our son": a relative's noun with an owner is a
        # relation (read by kin.py), and here more often the next item of a list.
        return None
    someone = lexicon.person_noun(noun.lemma_) and _who(head)
    owner = None if someone else _owner_of_kept(head, noun)
    if owner is None and not someone and not _placed_name(head, noun):
        return None
    # "a nurse from Leeds": where she is from is no part of what she does.
    cut = [c for c in noun.children if c.dep_ in _CUT_DEPS or c.lower_ in _ORIGIN]
    inner = {t.i for c in cut for t in c.subtree}
    apposed = _words(noun, inner)
    outer = {t.i for t in noun.subtree}
    outer |= {t.i for c in head.children if c.dep_ in _CUT_DEPS for t in c.subtree}
    # What follows the head beyond the apposition ("Gwen, a nurse, at the gym") is the
    # clause's, not the name's.
    outer |= {t.i for c in head.rights if c.i > noun.i for t in c.subtree}
    # "My brother Anselm, a paramedic": the name beside the noun is who it is said of.
    names = [c for c in head.children if c.dep_ == "appos" and c.pos_ == "PROPN" and c != noun]
    phrase = _words(names[0], set()) if len(names) == 1 else _words(head, outer)
    if owner is not None:
        # "I got my first client, a brewery in Derby": my first client is a brewery in Derby.
        phrase = [t for t in phrase if t.dep_ not in ("det", "poss") or t.head != head]
        return " ".join([owner, *(t.text for t in phrase), "is", *(t.text for t in apposed)])
    if not phrase or len(phrase) + len(apposed) + 1 > _MAX_WORDS:
        return None
    first = phrase[0]
    opening = first.lower_ if first.pos_ in ("DET", "PRON") and first.lower_ != "i" else first.text
    copula = "are" if "Plur" in head.morph.get("Number", []) else "is"
    return " ".join([opening, *(t.text for t in phrase[1:]), copula, *(t.text for t in apposed)])


def apposition_sentences(sent: Span, reparse: Reparse) -> Iterator[Span]:
    """Each person's noun set off beside someone in the sentence, parsed again as the
    sentence it stands for."""
    for tok in sent:
        text = said_again(tok)
        if text is None:
            continue
        doc: Doc = reparse(text + ".")
        yield next(iter(doc.sents))
