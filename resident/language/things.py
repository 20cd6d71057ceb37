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
from resident.language.clause_parts import _direct_object, _negated, _time_tokens, verb_mood
from resident.language.copular import thing_states
from resident.language.dated_events import no_deed
from resident.language.plain_clauses import body_subject
from resident.language.statement import Context, Ref, Statement, gerund, verb_lemma
from resident.language.words import table, words

if TYPE_CHECKING:
    from spacy.tokens import Token

#: Determiners that make a noun phrase one known thing ("the boiler", "this fridge").
_DEFINITE = frozenset({"the", "this", "that", "these", "those"})

#: Children of a thing's verb that say more than its own event: what it became or seemed
#: ("went cold"), a clause it governs.
_MORE_SAID = frozenset({"xcomp", "ccomp", "acomp", "attr", "oprd"})

#: Read a clause for a subject already named (clauses._read_clause_with), passed in so that
#: this module does not import the clause reader that calls it.
ReadWith = Callable[["Token", Ref, "Token | None", Context, bool], list[Statement]]


def thing_name(tok: Token, asked: bool = False) -> str | None:
    """The thing a definite concrete noun phrase names, as its compounded noun in lower case
    ("our kitchen tap": "kitchen tap"), or None when it names no thing. `asked`: in a question,
    whose parse may hang the participle asked on the noun ("Is the boiler fixed?")."""
    # "Our bathroom ceiling": the parser may hang the owner on the compound before the noun.
    parts = [tok, *(c for c in tok.children if _compounded(c))]
    said = [c for p in parts for c in p.children if c.dep_ in ("det", "poss")]
    if not said or not all(c.dep_ == "poss" or c.lower_ in _DEFINITE for c in said):
        return None
    return _concrete(tok, ("nummod", "conj", "appos", "relcl") + (() if asked else ("acl",)))


def _concrete(tok: Token, apart: tuple[str, ...], found: bool = False) -> str | None:
    """The compounded noun of a concrete thing's noun phrase, None for an abstract noun, a
    pet, a name, or a phrase with a child of a dependency in `apart` ("the two cars", "the car
    and the van", "the car that ...": not one thing). `found`: said to be somewhere, where a
    natural object is a thing too ("a leak")."""
    if tok.pos_ != "NOUN" or tok.ent_type_:
        return None
    noun = tok.lemma_.lower()
    if noun in words("reading_pets"):
        return None  # a pet is someone, read as such (antecedents.the_pet)
    kinds = words("thing_lexnames") | (words("thing_found_lexnames") if found else frozenset())
    if lexicon.first_lexname(noun, "n") not in kinds:
        return None
    if any(c.dep_ in apart for c in tok.children):
        return None
    compounds = [c for c in tok.children if _compounded(c) and c.i == tok.i - 1]
    if any(c.pos_ == "PROPN" for c in compounds):
        return None  # "the Ford Fiesta": a name, read as one
    head = tok.lower_ if "Plur" in tok.morph.get("Number", []) else noun
    return " ".join([*(c.lower_ for c in compounds), head])


def _compounded(c: Token) -> bool:
    """A noun before the thing's noun that is part of its name ("washing machine"), also where
    the tagger called it an adjective that WordNet knows only as a noun ("a wasp nest")."""
    if c.dep_ == "compound":
        return True
    noun_only = lexicon.base(c.lower_, "n") is not None and lexicon.base(c.lower_, "a") is None
    return c.dep_ == "amod" and noun_only


def there_is(verb: Token, ctx: Context) -> list[Statement]:
    """ "There's a leak in the bathroom", "there were mice in the shed last week": the thing
    said to be somewhere, at the place (data/thing_place_preps.tsv: which preposition says
    which predicate). Nothing for "there's no ...", a hypothetical, or a clause under another
    ("if there's a leak ...")."""
    if verb.lemma_.lower() != "be" or not any(c.dep_ == "expl" for c in verb.children):
        return []
    if verb.dep_ not in ("ROOT", "conj") or _negated(verb):
        return []
    mood = verb_mood(verb)
    thing_tok = next((c for c in verb.children if c.dep_ == "attr"), None)
    if mood not in ("fact", "past") or thing_tok is None:
        return []
    if any(c.lower_ in ("no", "any") for c in thing_tok.children):
        return []
    name = _concrete(thing_tok, ("nummod", "conj", "appos", "relcl", "acl", "poss"), found=True)
    preps = [c for c in (*thing_tok.children, *verb.children) if c.dep_ == "prep"]
    places = table("thing_place_preps")
    prep = next((p for p in preps if p.lower_ in places), None)
    pobj = None if prep is None else next((c for c in prep.children if c.dep_ == "pobj"), None)
    if name is None or prep is None or pobj is None or pobj.pos_ not in ("NOUN", "PROPN"):
        return []
    place = " ".join(t.text for t in pobj.subtree if t.dep_ not in ("det", "poss", "punct"))
    ctx.remember_thing(name)
    when, _ = _time_tokens(verb)
    said = Statement(
        subject=Ref(role="name", name=name, kind="thing"),
        predicate=places[prep.lower_],
        object=place,
        mood=mood,
        when=when,
        verb="be",
    )
    return [said]


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


def _thing_of(subj_tok: Token, ctx: Context) -> Ref | None:
    """The thing a copula's subject names, not an "it" (thing_states reads its own)."""
    return None if subj_tok.lower_ == "it" else thing_subject(subj_tok, ctx)


def thing_clause(
    verb: Token, subj_tok: Token, ctx: Context, read_with: ReadWith
) -> list[Statement]:
    """What a clause says of the thing its subject names: what it did to something ("the car
    failed its MOT": car fails MOT) as any clause is read, else the event it is ("the boiler
    broke on Tuesday": boiler does breaking); a copula (what it is) stores nothing but what is
    going on ("our ceiling is dripping", whose -ing the tagger may call an adjective)."""
    if not _own_subject(verb, subj_tok):
        return []
    lemma = verb_lemma(verb)
    if verb.pos_ not in ("VERB", "AUX") or lemma in words("light_verbs"):
        return []  # "the cake took ages", "the fridge has a light"
    if lemma == "be":
        # "the van is white", "it's grey": what it looks like or how it is (copular.py).
        said = thing_states(verb, subj_tok, _thing_of(subj_tok, ctx), ctx)
        return _going_on(verb, subj_tok, ctx) or said
    if no_deed(lemma):
        return []  # "the garden looks amazing", "the plants need watering"
    # "The council did send him a letter": a body of people's deed, done to a thing.
    subject = thing_subject(subj_tok, ctx) or body_subject(verb, subj_tok)
    if subject is None:
        return []
    read = read_with(verb, subject, subj_tok, ctx, True)
    if read or _direct_object(verb) is not None:
        return read
    if any(c.dep_ in _MORE_SAID for c in verb.children):
        return []  # "my coffee went cold": what it became, no event of its own
    return [] if (event := thing_event(verb, subject)) is None else [event]


def _own_subject(verb: Token, subj_tok: Token) -> bool:
    """Is the thing the verb's own subject, or that of the verb it is joined to ("the boiler
    broke and flooded the hall")? Not one borrowed by a participle ("hurt his paw chasing a
    squirrel": the paw chases nothing)."""
    if subj_tok.dep_ not in ("nsubj", "nsubjpass"):
        return False
    if verb.tag_ == "VBG" and not any(c.dep_ in ("aux", "auxpass") for c in verb.children):
        return False  # a participle's clause the parser gave the noun to
    return subj_tok.head == verb or (verb.dep_ == "conj" and subj_tok.head == verb.head)


def _doing(tok: Token) -> bool:
    """An -ing form of a verb, whatever the tagger called it ("dripping": an adjective)."""
    return tok.lower_.endswith("ing") and lexicon.base(tok.lower_, "v") is not None


def _going_on(verb: Token, subj_tok: Token, ctx: Context) -> list[Statement]:
    doing = next((c for c in verb.children if c.dep_ == "acomp"), None)
    said = None if doing is None else doing.lower_
    lemma = None if said is None or not said.endswith("ing") else lexicon.base(said, "v")
    subject = None if lemma is None else thing_subject(subj_tok, ctx)
    if subject is None or lemma is None or list(doing.children if doing else ()):
        return []
    return [] if (event := thing_event(verb, subject, lemma, said)) is None else [event]


def thing_event(
    verb: Token, subject: Ref, lemma: str | None = None, said: str | None = None
) -> Statement | None:
    """ "the boiler broke", "our roof is leaking", "the tap drips": the thing's own event, by
    its verb's gerund, with the clause's time; None for a hypothetical clause."""
    mood = verb_mood(verb)
    if mood is None or mood == "wish":
        return None
    if lemma is None and not lexicon.base(verb.lower_, "v"):
        return None
    lemma = lemma or verb_lemma(verb)
    said = said or verb.lower_
    done = said if said.endswith("ing") else gerund(lemma)
    prt = next((c.lower_ for c in verb.children if c.dep_ == "prt"), "")  # "broke down"
    when, _ = _time_tokens(verb)
    return Statement(
        subject=subject,
        predicate="does",
        # As said where it was said with -ing ("dripping"), which gerund() does not double.
        object=" ".join(w for w in (done, prt) if w),
        literal=True,
        negated=_negated(verb),
        mood=mood,
        when=when,
        verb=lemma,
    )


def asked_state(verb: Token, subj_tok: Token | None, ctx: Context) -> tuple[str, str] | None:
    """ "Is the boiler fixed?", "Is our roof leaking?": the thing said of before and the verb
    of the participle asked, or None. The copula is the question's root; the participle may
    hang on it or, misparsed, on the noun."""
    if subj_tok is None or verb.lemma_.lower() != "be":
        return None
    thing = thing_name(subj_tok, asked=True)
    if thing is None or thing not in ctx.things:
        return None
    hung = [c for c in verb.children if c.dep_ in ("xcomp", "acomp", "oprd", "attr")]
    hung += [c for c in subj_tok.children if c.dep_ == "acl" and not list(c.children)]
    part = next((c for c in hung if c.tag_ in ("VBN", "VBG") or _doing(c)), None)
    if part is None:
        return None
    lemma = lexicon.base(part.lower_, "v") or part.lemma_.lower()
    return thing, lemma
