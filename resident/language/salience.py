"""Which of the people said before a he/she is the more salient: the subject of the clause
before, where the talk showed that subject of the pronoun's sex ("My mother lives with my sister
Halyna in Lviv. She is seventy-eight": the mother, the subject, not Halyna, said last; "my
grandmother was born on Sao Miguel and she's ninety-one": the grandmother, not the island),
and which names were given to a thing, never to a person ("it's called Snip Street"). Pure
(the context is the talk's state; the sex is what its kin noun or the talk said).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from resident.language import lexicon
from resident.language.kin_nouns import kin_noun
from resident.language.statement import Ref, family_sex
from resident.language.words import table

if TYPE_CHECKING:
    from spacy.tokens import Token

    from resident.language.statement import Context

#: The clause subjects a he/she may stand for: a named person or a relative.
_THIRD = frozenset({"name", "kin"})


def ref_sex(ref: Ref, ctx: Context) -> str | None:
    """The sex the talk showed of a person: a relative's by its family noun ("grandmother"),
    a name's by what was said of it before ("my husband Karim", "Kuba ... he")."""
    if ref.role == "kin":
        return family_sex(ref.noun or "")
    if ref.role == "name" and ref.name:
        return ctx.sexes.get(ref.name.lower())
    return None


def subject_before(tok: Token, ctx: Context) -> Ref | None:
    """The subject of the clause read just before a he/she that is itself a subject, in the
    same turn of the same speaker, when the talk showed it of the pronoun's sex: salience by
    grammatical role (a subject outranks what the clause said after it), kept to the case where
    agreement is known, so a subject of unknown sex never wins over a nearer name."""
    said = table("pronoun_sex").get(tok.lower_)
    if said is None or tok.dep_ not in ("nsubj", "nsubjpass") or ctx.subject_said is None:
        return None
    ref, turn, speaker = ctx.subject_said
    if turn != ctx.turn or speaker != ctx.speaker or ref.role not in _THIRD:
        return None
    if ref.kind not in ("person", "animal") or ref_sex(ref, ctx) != said:
        return None
    return ref


def place_named(tok: Token) -> bool:
    """Is a name said where a place is said ("born on Sao Miguel", "in Lyon", "go to St
    Andrews")? The recogniser often calls such names people; the preposition says otherwise."""
    if tok.dep_ != "pobj" or any(c.dep_ == "case" for c in tok.children):
        return False  # "at Sarah's": her house, but the name is hers
    prep = tok.head.lower_
    said = table("place_name_preps").get(prep)
    if said is not None:
        return said == "place" or tok.ent_type_ != "PERSON"
    motion = lexicon.first_lexname(tok.head.head.lemma_.lower(), "v") == "verb.motion"
    return prep == "to" and tok.head.head.pos_ == "VERB" and motion


def relative_said(tok: Token, pronoun: str) -> Ref | None:
    """ "I was in Lyon with my dad, he made ...": a relative of the speaker named by a family
    noun whose sex is the pronoun's, said before it in the sentence: the nearest fitting one."""
    said = table("pronoun_sex").get(pronoun.lower())
    if tok.pos_ != "NOUN" or said is None or tok.dep_ in ("poss", "compound"):
        return None
    noun = kin_noun(tok)
    mine = [c for c in tok.children if c.dep_ == "poss" and c.lower_ in ("my", "our")]
    if not mine or family_sex(noun) != said or "Plur" in tok.morph.get("Number", []):
        return None
    if any(c.dep_ == "appos" or c.pos_ == "PROPN" for c in tok.children):
        return None  # "my dad Ernst": the name is read as the name
    speaker = Ref(role="speaker", kind="person")
    return Ref(role="kin", owner=speaker, noun=noun, kind="person")


def relative_unplaced(tok: Token) -> bool:
    """Was a relative of the pronoun's sex, whom the reader could not place, said before it in
    its sentence ("Their mum works at the hospital, she ...")? Then the pronoun is most likely
    that relative, and no name said in an earlier turn."""
    said = table("pronoun_sex").get(tok.lower_)
    before = tok.doc[tok.sent.start : tok.i]
    return said is not None and any(
        t.pos_ == "NOUN" and family_sex(kin_noun(t)) == said for t in before
    )


def said_alone(tok: Token) -> bool:
    """Is the word its sentence's one word ("Biscuit!", "Ifan.")?"""
    return [t for t in tok.sent if not t.is_punct] == [tok]


def names_a_thing(tok: Token) -> bool:
    """Is a name said as what a thing is called ("it's called Snip Street", "it is Rise")? Such
    a name is no one a he/she may stand for."""
    if tok.dep_ not in ("attr", "oprd"):
        return False
    subject = next((c for c in tok.head.children if c.dep_ in ("nsubj", "nsubjpass")), None)
    return subject is not None and subject.lower_ == "it"


def name_given(tok: Token) -> bool:
    """Is a name the one a his/her phrase gives ("his name is Fergus", "her name's Noor")? The
    name is then whom the pronoun after it names."""
    if tok.dep_ != "attr" or tok.pos_ != "PROPN" or tok.head.lemma_.lower() != "be":
        return False
    subject = next((c for c in tok.head.children if c.dep_ == "nsubj"), None)
    if subject is None or subject.lemma_.lower() != "name":
        return False
    return any(c.dep_ == "poss" and c.lower_ in ("his", "her") for c in subject.children)


def being_named(owner: Token) -> bool:
    """Is a his/her the owner of "name" in a clause that gives the name ("his name is Fergus")?
    Whose name it is, is the one now named: never a person named before under another name."""
    noun = owner.head
    if owner.dep_ != "poss" or noun.lemma_.lower() != "name" or noun.dep_ != "nsubj":
        return False
    return any(c.dep_ == "attr" and c.pos_ == "PROPN" for c in noun.head.children)


def may_be_someone(t: Token) -> bool:
    """Could `t` be a him/her said after it? A name ("on Wednesday", "in Leeds" are no one),
    a capitalised word inside the sentence the tagger did not call one ("and his friend Raj
    came", Raj an adverb), or a person's noun with no name beside it ("his friend")."""
    if t.dep_ in ("compound", "flat") or t.lower_ == "max" or t.ent_type_ not in ("", "PERSON"):
        return False
    if t.pos_ == "PROPN" or t.is_title and t.i > t.sent.start and t.pos_ not in ("PRON", "DET"):
        return True
    unnamed = not any(c.dep_ == "appos" and c.pos_ == "PROPN" for c in t.children)
    person = t.pos_ == "NOUN" and lexicon.person_noun(t.lemma_.lower())
    return person and unnamed
