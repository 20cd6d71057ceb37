"""Whom a question asks about: its subject token read as a referent ("the dog's name" asks
about the dog; "the dog" in a household is the speaker's), and the modifiers that narrow which
one ("piano" of "Bram's piano teacher"). Pure (moved whole out of question_reading.py, which
was at its size limit).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from resident.language.kin_links import owned_across
from resident.language.kinship import kin_ref
from resident.language.refs import _owner_ref, subject_ref
from resident.language.statement import KIN, Context, Ref, is_pet
from resident.language.things import thing_name
from resident.language.words import words

if TYPE_CHECKING:
    from spacy.tokens import Span, Token


#: How a modifier names a kind of the noun it is under ("piano teacher", "spin instructor",
#: "maternal grandfather").
_MODIFIER_DEPS = frozenset({"compound", "amod", "nmod"})


def subject_modifiers(tok: Token | None) -> tuple[str, ...]:
    """The modifiers of a question's subject noun that narrow which one is asked ("piano" of
    "Bram's piano teacher"), lowercased; none for a name, a number or a word that names no
    kind (data/subject_free_modifiers.txt: "new", "current")."""
    if tok is None or tok.pos_ != "NOUN":
        return ()
    free = words("subject_free_modifiers")
    return tuple(
        c.lower_
        for c in tok.children
        if c.dep_ in _MODIFIER_DEPS
        and c.pos_ in ("NOUN", "ADJ", "VERB")
        and c.is_alpha
        and c.lower_ not in free
        and c.lemma_.lower() not in free
    )


def modifiers_of(sent: Span, noun: str | None) -> tuple[str, ...]:
    """The modifiers of `noun` wherever the sentence says it (for a reading that kept only
    the noun: the shallow one)."""
    said = next((t for t in sent if noun and t.pos_ == "NOUN" and t.lemma_.lower() == noun), None)
    return subject_modifiers(said)


def named_subject(tok: Token | None) -> Token | None:
    """The noun a subject names: the owner of "the big dog's name", else the subject."""
    return (_poss(tok) if tok is not None and names_owner(tok) else None) or tok


def names_owner(tok: Token | None) -> bool:
    """Is the question's subject "X's name" (read as X, question_subject)?"""
    return tok is not None and tok.lemma_.lower() == "name" and _poss(tok) is not None


def _poss(tok: Token) -> Token | None:
    """The owner of "X's name"; None when the name is a part of it ("Mrs Pugh's first name",
    "her maiden name"), which no statement of her name says."""
    if any(c.dep_ in ("amod", "compound", "nmod") for c in tok.children):
        return None
    owner = next((c for c in tok.children if c.dep_ == "poss"), None)
    if owner is None and tok.lemma_.lower() == "name":
        # "the name of Idris's greyhound" says the owner as "Idris's greyhound's name" does.
        of = next((c for c in tok.children if c.dep_ == "prep" and c.lower_ == "of"), None)
        owner = None if of is None else next((c for c in of.children if c.dep_ == "pobj"), None)
    return owner


def _of_object(tok: Token) -> Token | None:
    """The owner of "the name of X" (X a name, a relative or a pet); None otherwise."""
    if any(c.dep_ in ("amod", "compound", "nmod", "poss") for c in tok.children):
        return None
    for prep in (c for c in tok.children if c.dep_ == "prep" and c.lower_ == "of"):
        for pobj in (c for c in prep.children if c.dep_ == "pobj"):
            noun = pobj.lemma_.lower()
            if pobj.pos_ == "PROPN" or noun in KIN or is_pet(noun):
                return pobj
    return None


def question_subject(tok: Token, ctx: Context) -> Ref | None:
    """Whom a question asks about: "the dog's name" asks about the dog, and "the dog", "the
    kids" in a household are the speaker's (a definite relative or pet noun said without an
    owner means the speaker's own)."""
    if tok.lemma_.lower() == "name":
        # "the dog's name", "the name of Idris's greyhound": whose name is asked.
        owner = _poss(tok) or _of_object(tok)
        if owner is not None:
            tok = owner
    kin = kin_ref(tok) or owned_across(tok, ctx)  # "my sister in Perth's boyfriend"
    if kin is not None:
        return kin
    thing = thing_name(tok)
    if thing is not None and thing in ctx.things:
        return Ref(role="name", name=thing, kind="thing")  # "When did our boiler break?"
    if tok.lower_ == "we":
        # "When did we buy the house?": the asker and their partner, either may have said it.
        return Ref(role="speaker", kind="person", noun="we")
    ref = subject_ref(tok, ctx)
    if ref is None and tok.lower_ == "they":
        # "How many flats did they see?" with no one for "they" in the talk: the people the
        # asker lives and talks with, as "we" (kin_answers._we), widening from the asker.
        return Ref(role="speaker", kind="person", noun="we")
    noun = tok.lemma_.lower()
    if (
        ref is None
        and tok.pos_ == "NOUN"
        and (noun in KIN or is_pet(noun))
        and any(c.lower_ == "the" for c in tok.children)
    ):
        kind = "person" if noun in KIN else "animal"
        # The owner is marked as said by "the": "the horse" may be the household's
        # (kin_answers._of_kind_kept), "my dog" is never someone else's.
        the = Ref(role="speaker", kind="person", noun="the")
        ref = Ref(role="kin", owner=the, noun=noun, kind=kind)
    owner = next((c for c in tok.children if c.dep_ == "poss"), None)
    if ref is not None and ref.role == "kin" and owner is not None and owner.lower_ == "our":
        # "our daughter": the asker's, else their family's or household's (kin_answers._we).
        ref = ref.model_copy(update={"owner": Ref(role="speaker", kind="person", noun="we")})
    if ref is None and tok.pos_ == "NOUN" and owner is not None:
        # "Kofi's wedding", "Kyle's team": a thing asked through its owner (owned.py); "my
        # grandmother's dog", "my son's wife": through a relative, read as a subject is.
        whose = _owner_ref(owner, ctx)
        if whose is None and owner.pos_ == "NOUN" and owner.lemma_.lower() in KIN:
            whose = question_subject(owner, ctx)
        kind = "person" if noun in KIN else "animal" if is_pet(noun) else "thing"
        ref = None if whose is None else Ref(role="kin", owner=whose, noun=noun, kind=kind)
    return ref


def phrase_ref(tok: Token) -> Ref | None:
    if tok.pos_ in ("NOUN", "PROPN") and not any(c.dep_ == "poss" for c in tok.children):
        # "the vicar", "the cabin": a description, whose noun may find the one held entity
        # it fits when no entity is held by its name (described.py).
        before = tok.doc[tok.i - 1] if tok.i > 0 else None
        the = tok.pos_ == "NOUN" and (
            any(c.lower_ == "the" for c in tok.children)
            or (before is not None and before.lower_ == "the")
        )
        return Ref(
            role="name",
            name=" ".join(t.text for t in tok.subtree if t.dep_ not in ("det",)),
            noun=tok.lemma_.lower() if the else None,
            kind="thing",
        )
    return None
