"""The verb of a yes/no question that the parser hung on its subject: "Is Kerem living with
Selin?" parsed with the copula as the root and "living with Selin" a clause of "Kerem". Read
as parsed, the question asks only "Is Kerem?", and any statement of Kerem ("Kerem is clever")
would answer it; read from the hung verb, it asks where he lives, as "Is Ana living with
Tariq?" parsed right does."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from spacy.tokens import Token

_SUBJECT_DEPS = ("nsubj", "nsubjpass")
#: What a copula says of its subject when it is the question's own verb.
_SAID = frozenset({"attr", "acomp", "prep", "dobj", "oprd", "xcomp", "advcl", "ccomp"})
#: A clause the parser may hang on a noun.
_CLAUSE_DEPS = frozenset({"acl", "relcl"})


def hung_verb(root: Token) -> Token | None:
    """The participle hung on the subject of a bare copula ("living" of "Is Kerem living with
    Selin?"), or None where the copula says something itself ("Is Kerem the one living
    here?") or there is no such clause."""
    if root.lemma_.lower() != "be" or any(c.dep_ in _SAID for c in root.children):
        return None
    subjects = [c for c in root.children if c.dep_ in _SUBJECT_DEPS]
    if len(subjects) != 1 or subjects[0].i > root.i + 2 or subjects[0].i < root.i:
        return None  # the copula first, its subject next: a question's word order
    clauses = [
        c
        for c in subjects[0].children
        if c.dep_ in _CLAUSE_DEPS and c.pos_ == "VERB" and c.tag_ == "VBG"
    ]
    return clauses[0] if len(clauses) == 1 else None


def subjects_of(verb: Token) -> list[Token]:
    """The verb's subjects: its own, or, for a verb hung on a noun, that noun."""
    own = [c for c in verb.children if c.dep_ in _SUBJECT_DEPS]
    return own or ([verb.head] if verb.dep_ in _CLAUSE_DEPS else [])
