"""Attributes and generic subjects, read over the parse for the one statement reader: "Ana's
birthday is 3 May", "The capital of Australia is Canberra", "My phone number is ..." (the noun
is the predicate, its owner the subject), and "Aspirin treats headache" (a bare noun as the
subject of a transitive verb). Questions are read into the same shape with a gap ("When is
Ana's birthday?", "What is the capital of Australia?"). Pure.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from spacy.lang.en.lex_attrs import like_num

from resident.language import lexicon
from resident.language.clause_time import becomes
from resident.language.copular import colour_noun, noun_read_as_verb, someones_states
from resident.language.kin import _age
from resident.language.measured import measure_complement
from resident.language.passive_agent import befell
from resident.language.phrases import _ATTRIBUTE_SYNONYMS, _WH_VERB, LITERAL_ATTRIBUTES
from resident.language.refs import (
    _called,
    _conjuncts,
    _name_of,
    _named_kind,
    _naming,
    _noun_lemma,
    _object_text,
    _owner_ref,
)
from resident.language.statement import (
    _NOT_OBJECTS,
    FEELINGS,
    KIN,
    Context,
    Ref,
    Statement,
    _predicate,
    is_pet,
)
from resident.language.studying import student_of
from resident.language.words import words as word_list
from resident.records import PREDICATE_RE

if TYPE_CHECKING:
    from spacy.tokens import Token

#: Dependency labels of the value a copula gives ("is Canberra", "is 3 May", "is blue").
_VALUE_DEPS = ("attr", "acomp", "oprd")
#: Entity types whose value is kept as a literal, never filed as a thing.
_LITERAL_ENTS = frozenset({"DATE", "TIME", "CARDINAL", "QUANTITY", "MONEY", "PERCENT"})


def predicate_from(words: Sequence[str]) -> str | None:
    """An attribute phrase as a snake_case predicate ("favourite colour" -> favourite_colour)."""
    raw = "_".join(w.lower() for w in words if w.strip())
    name = re.sub(r"[^a-z0-9_]+", "_", raw).strip("_")
    name = re.sub(r"_+", "_", name)
    name = _ATTRIBUTE_SYNONYMS.get(name, name)
    return name if PREDICATE_RE.match(name) else None


def _of_object(tok: Token) -> Token | None:
    """The object of a noun's "of" ("the capital of Australia": Australia)."""
    for prep in tok.children:
        if prep.dep_ == "prep" and prep.lower_ == "of":
            return next((c for c in prep.children if c.dep_ == "pobj"), None)
    return None


def attribute_noun(tok: Token) -> str | None:
    """The attribute a noun names with its compounds and modifiers ("phone number",
    "favourite colour", "Ana's date of birth"); None for a relative or a pet, which are
    people and animals."""
    if tok.pos_ != "NOUN":
        return None
    noun = tok.lemma_.lower()
    if noun in KIN or is_pet(noun):
        return None
    mods = [c.text for c in tok.lefts if c.dep_ in ("compound", "amod") and c.pos_ != "PROPN"]
    of = []
    pobj = _of_object(tok)
    if pobj is not None and pobj.pos_ == "NOUN" and any(c.dep_ == "poss" for c in tok.children):
        of = ["of", pobj.lower_]
    return predicate_from([*mods, tok.lower_ if noun == "name" else noun, *of])


def attribute_owner(tok: Token, ctx: Context) -> Ref | None:
    """Whose attribute a noun is: its possessor ("Ana's", "my") or its "of" ("of Australia")."""
    poss = next((c for c in tok.children if c.dep_ == "poss"), None)
    if poss is not None:
        return _owner_ref(poss, ctx)
    pobj = _of_object(tok)
    if pobj is None:
        return None
    if pobj.pos_ == "PROPN":
        # "the capital of Australia": a place or a thing unless NER says a person.
        owner = _owner_ref(pobj, ctx)
        kind = "person" if pobj.ent_type_ == "PERSON" else "thing"
        return None if owner is None else owner.model_copy(update={"kind": kind})
    if pobj.pos_ == "NOUN" and not any(c.dep_ in ("det", "poss") for c in pobj.children):
        # "the boiling point of water": a kind of thing, said bare; "the rest of the week"
        # names no owner.
        return Ref(role="name", name=pobj.text, kind="thing")
    return None


def _value(verb: Token, subj_tok: Token) -> tuple[str, bool] | None:
    """The copula's value as said, and whether it is a literal (a date, a number, a word)."""
    value = next((c for c in verb.children if c.dep_ in _VALUE_DEPS and c is not subj_tok), None)
    if value is None:
        return None
    toks = [t for t in value.subtree if not t.is_punct and t.dep_ != "det"]
    if not toks or len(toks) > 10 or any(t.pos_ == "PRON" for t in toks):
        return None
    text = " ".join(t.text for t in toks)
    literal = (
        value.pos_ in ("ADJ", "NUM")
        or any(t.ent_type_ in _LITERAL_ENTS for t in toks)
        or any(c.isdigit() for c in text)
    )
    return text, literal


def attribute_statement(
    verb: Token, subj_tok: Token, ctx: Context, negated: bool
) -> Statement | None:
    """ "Ana's birthday is 3 May": Ana, birthday, 3 May; None when the clause is not one."""
    if verb.lemma_ != "be":
        return None
    predicate = attribute_noun(subj_tok)
    owner = attribute_owner(subj_tok, ctx) if predicate else None
    value = _value(verb, subj_tok) if owner is not None else None
    if predicate is None or owner is None or value is None:
        inverse = _inverse_attribute(verb, subj_tok, ctx)
        return None if inverse is None else inverse.model_copy(update={"negated": negated})
    text, literal = value
    if _age_of_someone(subj_tok, text):
        # "her little boy is two", "their girls are seven and four": the age of a person
        # the sentence did not name, not an attribute "little boy" of the owner.
        return None
    return Statement(
        subject=owner,
        predicate=predicate,
        object=text,
        literal=literal or predicate in LITERAL_ATTRIBUTES,
        negated=negated,
        verb=predicate,
    )


def _age_of_someone(noun: Token, value: str) -> bool:
    """Is a number said of a noun that names a person (WordNet) an age, not its value?"""
    numeric = all(like_num(w) or w in ("and", ",") for w in value.lower().replace("-", " ").split())
    return numeric and lexicon.is_a(noun.lemma_.lower(), "person", senses=None)


def generic_subject(verb: Token, subj_tok: Token) -> Ref | None:
    """ "Aspirin treats headache", "Fever is a symptom": a bare noun (no article, no owner) as
    the subject of a verb with a direct object, or of a copula that says what kind of thing it
    is, names the kind of thing itself."""
    if subj_tok.pos_ != "NOUN" or verb.pos_ not in ("VERB", "AUX"):
        return None
    if any(c.dep_ in ("det", "poss", "nummod") for c in subj_tok.children):
        return None
    said = ("attr",) if verb.lemma_ == "be" else ("dobj", "obj")
    if not any(c.dep_ in said and c.pos_ in ("NOUN", "PROPN") for c in verb.children):
        return None
    words = [t.text for t in subj_tok.subtree if not t.is_punct]
    if len(words) > _MAX_GENERIC or any(t.text == "," for t in subj_tok.subtree):
        # "welsh, 24, ... love my bike": words set off by commas are a list of what someone
        # is, not a kind of thing.
        return None
    return Ref(role="name", name=" ".join(words), kind="thing")


#: Longest bare-noun subject ("Abnormality of the heart").
_MAX_GENERIC = 5


def _inverse_attribute(verb: Token, subj_tok: Token, ctx: Context) -> Statement | None:
    """ "Canberra is the capital of Australia": Australia, capital, Canberra."""
    if subj_tok.pos_ != "PROPN":
        return None
    value = next((c for c in verb.children if c.dep_ == "attr"), None)
    if value is None or not any(c.dep_ == "prep" and c.lower_ == "of" for c in value.children):
        return None
    noun = value.lemma_.lower()
    if lexicon.person_noun(noun) and noun not in KIN:
        # "Giulia is restorer of old paintings": a person's role, not the paintings' attribute.
        return None
    predicate = attribute_noun(value)
    owner = attribute_owner(value, ctx) if predicate else None
    if predicate is None or owner is None:
        return None
    name = " ".join(t.text for t in subj_tok.subtree if not t.is_punct and t.dep_ != "det")
    return Statement(subject=owner, predicate=predicate, object=name, verb=predicate)


#: Which named-entity types answer which question word, for "born in Porto" / "born on 3 May".
_WH_OF_ENTITY = {
    "DATE": "when",
    "TIME": "when",
    "GPE": "where",
    "LOC": "where",
    "FAC": "where",
}


def state_passive(verb: Token, subject: Ref) -> Statement | None:
    """ "We've been married forty-seven years", "Anjali got engaged last week": a passive said
    of a person with no one doing it ("by") and nothing done to ("was given a watch"), whose
    participle WordNet knows as an adjective, is the subject's state ("is married") or, with
    "get", the change into it ("gets engaged"); its time and duration are the clause's roles."""
    if subject.kind not in ("person", "animal") and subject.role == "thing" or verb.tag_ != "VBN":
        return None
    if any(c.dep_ in ("agent", "dobj", "dative", "attr", "oprd") for c in verb.children):
        return None
    if not becomes(verb):  # "got used to the noise" is no state said as an event
        return None
    feared = _feeling_of_kind(verb, subject)
    if feared is not None:
        return feared
    auxpass = next((c for c in verb.children if c.dep_ == "auxpass"), None)
    if auxpass is None:
        return None
    return befell(verb, auxpass, subject)


def _feeling_of_kind(verb: Token, subject: Ref) -> Statement | None:
    """ "Duarte is terrified of spiders": a participle WordNet knows as an adjective, said with
    a preposition and a whole kind, is held as the adjective with its preposition, as "scared
    of dogs" is (adjective_with_object)."""
    word = verb.lower_
    if not lexicon.available() or lexicon.base(word, "a") is None:
        return None
    for prep in verb.children:
        pobj = next((c for c in prep.children if c.dep_ == "pobj"), None)
        predicate = _predicate(word, prep.lower_)
        # "of"/"about" take what is felt; "married for thirty-four years" says how long.
        felt = prep.lower_ in ("of", "about")
        if felt and prep.dep_ == "prep" and pobj is not None and _a_kind(pobj) and predicate:
            return Statement(
                subject=subject,
                predicate=predicate,
                object=pobj.lower_,
                literal=False,
                negated=any(c.dep_ == "neg" for c in verb.children),
                verb=word,
            )
    return None


def asked_as_statement(verb: Token, subject: Ref) -> Statement | None:
    """ "Ana was born on 3 May": a verb whose question names an attribute ("when born":
    birthday, wh_verb.tsv) said with the answer's kind of phrase (a date, a place, by NER)."""
    lemma = verb.lemma_.lower()
    for prep in verb.children:
        if prep.dep_ != "prep":
            continue
        pobj = next((c for c in prep.children if c.dep_ == "pobj"), None)
        wh = None if pobj is None else _WH_OF_ENTITY.get(pobj.ent_type_)
        predicate = (
            None if wh is None else _WH_VERB.get((wh, verb.lower_), _WH_VERB.get((wh, lemma)))
        )
        if pobj is None or predicate is None:
            continue
        text = " ".join(t.text for t in pobj.subtree if not t.is_punct and t.dep_ != "det")
        return Statement(
            subject=subject, predicate=predicate, object=text, literal=wh == "when", verb=predicate
        )
    return None


#: What a copula's "from", "in" and "at" say.
_PLACE_PREDICATES = {"from": "comes_from", "in": "located_in", "at": "located_at"}


def copula_values(verb: Token, subject: Ref, put: Callable[..., None], time_idx: set[int]) -> None:
    """ "Sam is a nurse", "I'm allergic to peanuts", "Lena is from Porto", "Jonas is 12": each
    value the copula gives, through `put(predicate, object, ...)`."""
    measure = measure_complement(verb)
    if measure is not None:
        # "Tom is six feet tall": what he measures, asked as "How tall is Tom?".
        put("measures", measure, literal=True, verb_lemma="measure")
        return
    first = next((c for c in verb.children if c.dep_ == "attr"), None)
    for child in verb.children:
        if child.dep_ == "attr" and child != first:
            # "ronan is 10 and we have pets, ... two cats": a copula says one thing; a second
            # noun the parser hung on it belongs to a clause it lost.
            continue
        age = _age(child)
        # A bare number said of a name is an age even where the recogniser took the name
        # for a place or a firm ("Nour is nine": GPE).
        if age is not None and (subject.kind in ("person", "animal") or subject.role == "name"):
            # "Jonas is 12", "Rex is three years old" (the small model tags "12" a DATE).
            put("age", age, literal=True, verb_lemma="be")
            continue
        if child.i in time_idx or no_value(child):
            continue
        if child.dep_ in ("attr", "acomp") and _noun_only(child):
            # "I am electrician", "she is nurse": an article-less noun the tagger took for an
            # adjective is what the subject is.
            put("is_a", _object_text(child, time_idx), verb_lemma="be")
        elif child.dep_ == "attr" and (colour := colour_noun(child)) is not None:
            put("colour", colour, literal=True, verb_lemma="be")  # "a horrible mustard colour"
        elif child.dep_ == "attr":
            # "I'm Ana" is an introduction, read elsewhere; "this is Rex" names, no more.
            if child.pos_ == "NOUN" and child.lower_ not in _NOT_OBJECTS and not _a_part(child):
                _kinds_said(verb, child, subject, put, time_idx)
        elif child.dep_ == "acomp":
            adjective_with_object(child, put, time_idx)
            someones_states(child, put)  # "the van is white", "I'm not married"
        elif child.dep_ == "prep" and child.lower_ in _PLACE_PREDICATES:
            pobj = next((c for c in child.children if c.dep_ == "pobj"), None)
            # "at ten": a bare number is a clock time, never a place.
            if (
                pobj is not None
                and pobj.i not in time_idx
                and not _a_state(pobj)
                and not pobj.like_num
            ):
                put(
                    _PLACE_PREDICATES[child.lower_],
                    _object_text(pobj, time_idx),
                    verb_lemma="be",
                )


def _kinds_said(
    verb: Token, noun: Token, subject: Ref, put: Callable[..., None], time_idx: set[int]
) -> None:
    """ "Sam is a nurse", "a PhD student in chemistry", "a roastery in Alnwick": what the
    copula's noun and each of its conjuncts says the subject is, studies, or where it is."""
    for o in _conjuncts(noun):
        put("is_a", _object_text(o, time_idx), verb_lemma="be")
        field = student_of(verb, o)  # "a PhD student in chemistry"
        if field is not None:
            put("studies", field, verb_lemma="study")
        place = _place_of_thing(o)  # "a roastery in Alnwick"
        if place is not None:
            put("located_in", place, verb_lemma="be")


def _place_of_thing(noun: Token) -> str | None:
    """ "Hop Bean is a roaster in Faversham", "The Anchor is a pub in Whitby": the named place
    a kind that is no person's is said to be in is where the thing is; a person's ("a nurse
    in Leeds") is where they work, read as the job's."""
    if lexicon.person_noun(noun.lemma_.lower()):
        return None  # the name a recogniser took for a person's ("Lark Dairy") is the kind's
    for prep in noun.children:
        if prep.dep_ != "prep" or prep.lower_ not in _PLACE_PREDICATES:
            continue
        pobj = next((c for c in prep.children if c.dep_ == "pobj"), None)
        if pobj is not None and (pobj.pos_ == "PROPN" and pobj.ent_type_ != "PERSON"):
            return " ".join(t.text for t in pobj.subtree if not t.is_punct and t.dep_ != "det")
    return None


def _a_state(pobj: Token) -> bool:
    """ "in love", "in pain": a bare noun whose first sense is a feeling or a state says how
    its subject is, not where."""
    bare = not any(c.dep_ in ("det", "poss", "compound", "amod") for c in pobj.children)
    lexname = lexicon.first_lexname(pobj.lemma_.lower(), "n") if pobj.pos_ == "NOUN" else None
    return bare and lexname in word_list("not_place_lexnames")


def _a_part(noun: Token) -> bool:
    """ "just a bruised hip": a part of a body, which no one is ("head of pharmacy", a
    part's noun with what it heads, is a post)."""
    if any(c.dep_ == "prep" for c in noun.children):
        return False
    lexname = lexicon.first_lexname(noun.lemma_.lower(), "n")
    return lexname in word_list("not_kind_lexnames")


def no_value(child: Token) -> bool:
    """A copula's complement that says neither what nor where its subject is: a measure
    reached ("I'm up to twelve kilometres", "I'm at four hundred pounds": a count of a unit
    WordNet files as a quantity) or a verb's -ing form the tagger took for a noun ("I'll be
    carb loading": no kind of person)."""
    said = child
    if child.dep_ == "prep":
        said = next((c for c in child.children if c.dep_ == "pobj"), child)
    if said.pos_ != "NOUN" or not lexicon.available():
        return False
    word = said.lower_
    if any(c.dep_ == "nummod" for c in said.children):
        return lexicon.first_lexname(said.lemma_.lower(), "n") == "noun.quantity"
    # After "will be", "has been" the -ing form is the progressive's ("I'll be carb loading");
    # after "is" it may be a field ("he is study engineering": a learner's "is studying").
    progressive = child.head.tag_ in ("VB", "VBN")
    bare = not any(c.dep_ in ("det", "poss") for c in said.children)
    return progressive and bare and word.endswith("ing") and lexicon.base(word, "v") is not None


def _noun_only(tok: Token) -> bool:
    """A complement with no article that WordNet knows as a noun and never as an adjective,
    tagged an adjective or hung on the copula as one ("I am electrician")."""
    if tok.pos_ not in ("ADJ", "NOUN") or tok.dep_ == "attr" and tok.pos_ == "NOUN":
        return False
    if any(c.dep_ == "det" for c in tok.children) or not lexicon.available():
        return False
    word = tok.lower_
    return lexicon.base(word, "n") is not None and lexicon.base(word, "a") is None


def adjective_with_object(adj: Token, put: Callable[..., None], time_idx: set[int]) -> None:
    """ "allergic to peanuts": the adjective and its preposition are the predicate."""
    prep = next((c for c in adj.children if c.dep_ == "prep"), None)
    pobj = None if prep is None else next((c for c in prep.children if c.dep_ == "pobj"), None)
    if prep is None:
        prep, pobj = noun_read_as_verb(adj)
    if prep is None or pobj is None or (adj.lemma_.lower() in FEELINGS and not _a_kind(pobj)):
        return
    for o in _conjuncts(pobj):
        if _someones_person(o):
            continue  # "close to your parents": someone's kin, not anyone's "parents"
        called = _called_ref(o)  # "married to a woman called Ros": Ros, not "woman"
        text = o.lower_ if o.dep_ == "xcomp" else _object_text(o, time_idx)  # noun_read_as_verb
        put(
            _predicate(adj.lemma_.lower(), prep.lower_),
            text if called is None else called.name,
            verb_lemma=adj.lemma_.lower(),
            object_ref=called,
        )


def _a_kind(pobj: Token) -> bool:
    """ "scared of dogs", "terrified of heights": a feeling toward a whole kind (a plural or
    mass noun with no article or owner) is lasting, unlike one toward a thing of the moment
    ("worried about the exam")."""
    if pobj.pos_ != "NOUN" or any(c.dep_ in ("det", "poss") for c in pobj.children):
        return False
    return pobj.tag_ == "NNS"


def _called_ref(tok: Token) -> Ref | None:
    """The one a noun given a name by a participle of calling is ("a woman called Ros", "a
    guy named Theo"): the name, of the kind the name or the noun says."""
    named = _naming(tok)
    if named is None or named.pos_ != "PROPN" or not _called(tok, named):
        return None
    return Ref(role="name", name=_name_of(named), kind=_named_kind(_noun_lemma(tok), named))


def _someones_person(tok: Token) -> bool:
    """A person said as someone's ("your parents", "her boss"): without its owner the noun names
    no one, so a claim on the bare noun would be about a stranger."""
    noun = tok.lemma_.lower()
    if not any(c.dep_ == "poss" for c in tok.children):
        return False
    return noun in KIN or lexicon.person_noun(noun)
