"""Things as subjects: what happened to the objects of a household ("The boiler broke again on
Tuesday", "our roof is leaking", "the washing machine got fixed on Monday"). Pure, over the parse.

A clause's subject (or passive subject) that is a definite noun phrase ("the", "this", or an
owner: "my", "our", "Karl's") whose noun's most frequent WordNet sense is a concrete thing
(data/thing_lexnames.txt: an artefact, a substance, food, a plant, a natural object, an animal)
names a thing: the statement is said of the thing's noun with the nouns compounded before it
("washing machine"), the same entity a clause that has it as its object names ("Karl fixed the
boiler"). An abstract or weather subject ("things are busy", "work is mad", "life is good") is
no thing; nor is an indefinite one ("a car hit the fence": which car, no one can ask).

What a thing *is* ("the food was lovely", "the house is big") is an opinion as often as a
fact, so a copula said of a thing stores nothing; what it *did* or what *befell* it does.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from resident.language import lexicon
from resident.language.antecedents import thing_it
from resident.language.clause_parts import _direct_object, _mood, _negated, _time_tokens
from resident.language.statement import Context, Ref, Statement, gerund, is_pet, verb_lemma
from resident.language.words import words

if TYPE_CHECKING:
    from spacy.tokens import Token

#: Determiners that make a noun phrase one known thing ("the boiler", "this fridge").
_DEFINITE = frozenset({"the", "this", "that", "these", "those"})

#: Read a clause for a subject already named (clauses._read_clause_with), passed in so that
#: this module does not import the clause reader that calls it.
ReadWith = Callable[["Token", Ref, "Token | None", Context, bool], list[Statement]]


def thing_name(tok: Token) -> str | None:
    """The thing a definite concrete noun phrase names, as its compounded noun in lower case
    ("our kitchen tap": "kitchen tap"), or None when it names no thing."""
    if tok.pos_ != "NOUN" or tok.ent_type_:
        return None
    noun = tok.lemma_.lower()
    if is_pet(noun) and noun in words("reading_pets"):
        return None  # a pet is someone, read as such (antecedents.the_pet)
    if lexicon.first_lexname(noun, "n") not in words("thing_lexnames"):
        return None
    lexnames = lexicon.lexnames(noun, "n")
    if "noun.person" in lexnames and lexicon.first_lexname(noun, "n") == "noun.person":
        return None
    said = [c for c in tok.children if c.dep_ in ("det", "poss")]
    if not said or not all(c.dep_ == "poss" or c.lower_ in _DEFINITE for c in said):
        return None
    if any(c.dep_ in ("nummod", "conj", "appos", "relcl", "acl") for c in tok.children):
        return None  # "the two cars", "the car and the van", "the car that ...": not one thing
    compounds = [c for c in tok.children if c.dep_ == "compound" and c.i == tok.i - 1]
    if any(c.pos_ == "PROPN" for c in compounds):
        return None  # "the Ford Fiesta": a name, read as one
    head = tok.lower_ if "Plur" in tok.morph.get("Number", []) else noun
    return " ".join([*(c.lower_ for c in compounds), head])


def thing_subject(subj_tok: Token | None, ctx: Context) -> Ref | None:
    """The thing a clause's subject names, remembered for an "it" after it."""
    if subj_tok is not None and subj_tok.lower_ == "it":
        name = thing_it(subj_tok, ctx)  # "it broke again": the boiler, said before
        return None if name is None else Ref(role="name", name=name, kind="thing")
    name = None if subj_tok is None else thing_name(subj_tok)
    if name is None:
        return None
    ctx.remember_thing(name)
    return Ref(role="name", name=name, kind="thing")


def thing_clause(
    verb: Token, subj_tok: Token, ctx: Context, read_with: ReadWith
) -> list[Statement]:
    """What a clause says of the thing its subject names: what it did to something ("the car
    failed its MOT": car fails MOT) as any clause is read, else the event it is ("the boiler
    broke on Tuesday": boiler does breaking); a copula (what it is) stores nothing."""
    if verb.pos_ not in ("VERB", "AUX") or verb_lemma(verb) in ("be", "have", "get"):
        return []
    if lexicon.first_lexname(verb_lemma(verb), "v") == "verb.weather":
        return []
    subject = thing_subject(subj_tok, ctx)
    if subject is None:
        return []
    read = read_with(verb, subject, subj_tok, ctx, True)
    if read or _direct_object(verb) is not None:
        return read
    return [] if (event := thing_event(verb, subject)) is None else [event]


def thing_event(verb: Token, subject: Ref) -> Statement | None:
    """ "the boiler broke", "our roof is leaking", "the tap drips": the thing's own event, by
    its verb's gerund, with the clause's time; None for a hypothetical clause."""
    mood = _mood(verb)
    if mood is None or mood == "wish" or any(c.dep_ in ("xcomp", "ccomp") for c in verb.children):
        return None
    lemma = verb_lemma(verb)
    if not lexicon.base(verb.lower_, "v"):
        return None
    when, _ = _time_tokens(verb)
    return Statement(
        subject=subject,
        predicate="does",
        object=gerund(lemma),
        literal=True,
        negated=_negated(verb),
        mood=mood,
        when=when,
        verb=lemma,
    )
