"""A person's noun with their name set beside it (issue 21, wave 12 second pass): "The
instructor, Greta, was very patient", "The society's chairman, Malcolm, gave me a plot",
"The instructor at my spin class, Jenny, is moving to Denver". The clause is about the person
named: the name is its subject. A relative's noun with an owner MAX knows ("my sister, Anjali")
was read already as the relation (refs.subject_ref); this is every other person noun (WordNet
noun.person, its most frequent sense), whose name was dropped with the whole clause. The noun
says what the person is, stored as `is_a` (attributes of the statement's subject; no relation
edge: "my favourite singer, Adele" is no one's singer). Pure.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from resident.language import lexicon
from resident.language.roles import phrase
from resident.language.statement import Ref, Statement

if TYPE_CHECKING:
    from spacy.tokens import Token


def apposed_person(noun: Token, named: Token | None, name_of: Callable[[Token], str]) -> Ref | None:
    """The person `named` in apposition to the person noun `noun`, or None."""
    if (
        named is None
        or named.ent_type_ not in ("", "PERSON")
        or not lexicon.person_noun(noun.lemma_)
    ):
        return None
    if not _set_off(named):
        return None  # "her little boy Sol": a relative's noun, not a role with a name
    return Ref(role="name", name=name_of(named), kind="person")


def apposed_kind(noun: Token, subject: Ref) -> list[Statement]:
    """ "The instructor, Greta": Greta is_a instructor (the noun with its modifiers, without
    its article, prepositional phrase or the name)."""
    named = any(c.dep_ == "appos" and c.pos_ == "PROPN" and _set_off(c) for c in noun.children)
    if subject.role != "name" or not named or not lexicon.person_noun(noun.lemma_):
        return []
    mine = {c.i for c in noun.children if c.dep_ == "poss" and c.pos_ == "PRON"}  # "my"
    return [Statement(subject=subject, predicate="is_a", object=phrase(noun, mine), verb="be")]


def _set_off(named: Token) -> bool:
    """Is the name set off by a comma ("The instructor, Greta,")?"""
    first = min(t.i for t in named.subtree)
    return first > 0 and named.doc[first - 1].text == ","


def apposed_kind_of(name: Token, name_of: Callable[[Token], str]) -> Statement | None:
    """ "Dave, a plumber, ...", "Ruth, a retired nurse": a person's or an animal's noun set off
    beside a name, with an article, says what the one named is (is_a). A relative's or pet's
    noun with an owner ("Rex, our dog") is a relation, read as such (refs._relation_noun)."""
    noun = next((c for c in name.children if c.dep_ == "appos" and c.pos_ == "NOUN"), None)
    # The small recogniser calls many a first name an organisation ("Marek, a postman").
    if noun is None or name.ent_type_ not in ("", "PERSON", "ORG") or not _set_off(noun):
        return None
    if not any(c.dep_ == "det" and c.lower_ in ("a", "an") for c in noun.children):
        return None
    before = noun.doc[noun.left_edge.i - 2] if noun.left_edge.i >= 2 else None
    if before is None or (before != name and before.head != name):
        return None  # not said right after the name ("ronan is 10 and ... pets, a dog")
    lexname = lexicon.first_lexname(noun.lemma_.lower(), "n")
    if lexname not in ("noun.person", "noun.animal"):
        return None
    kind = "person" if lexname == "noun.person" else "animal"
    named = Ref(role="name", name=name_of(name), kind=kind)
    return Statement(subject=named, predicate="is_a", object=phrase(noun), verb="be")
