"""What a thing or person is, is called, or looks like, said with "be" or with no verb at all,
read over the parse (issue 21, wave 26). Pure.

- A state or a colour after the copula: "The van is white", "I'm pregnant", "It's grey, not
  purple" (the second adjective denied): `is <adjective>`, or `colour <adjective>` when
  WordNet files the word as a colour; "a horrible mustard colour" names the colour too.
- A noun given its name by a participle of calling, wherever the phrase sits ("The midwife's
  called Bronagh", "a retired dentist called Malcolm", the verbless "A Great Dane called
  Moose."): the one named `is_a` the noun; with the copula ("The landlord is a man called Mr
  Dunmore", "My instructor is a retired fisherman called Angus"), the subject's noun too, and a
  noun that says only "a person" ("a man") is no kind worth holding.

Relatives and pets are kin.py's (their noun is a relation to an owner, not a kind).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol, Self, TypeVar

from resident.language import lexicon
from resident.language.called_name import called_name
from resident.language.clause_parts import _negated, _time_tokens, verb_mood
from resident.language.refs import _name_of, _named_kind, _noun_lemma
from resident.language.statement import FEELINGS, KIN, Context, Ref, Statement, is_pet
from resident.language.words import words

if TYPE_CHECKING:
    from spacy.tokens import Span, Token


#: WordNet's sense every colour noun sits below ("grey", "navy", "crimson").
_COLOUR = frozenset({"color.n.01"})
#: Modifiers of a kind kept with it ("a retired fisherman", "a first year medic").
_KIND_MODS = ("amod", "compound", "nmod")


def is_colour(word: str) -> bool:
    """Is `word` a colour by WordNet (a noun sense below colour: "grey", "navy")?"""
    return lexicon.available() and lexicon.under(word.lower(), _COLOUR)


def colour_noun(noun: Token) -> str | None:
    """ "a horrible mustard colour": the colour a copula's noun "colour" names, its modifier
    that is no judgement (the words before it but the evaluative ones)."""
    if noun.lemma_.lower() not in ("colour", "color"):
        return None
    mods = [
        c.lower_
        for c in noun.lefts
        if c.dep_ in ("compound", "amod") and c.lemma_.lower() not in _UNSTATED
    ]
    return " ".join(mods) or None


_UNSTATED = words("unstated_adjectives")
#: Words before an adjective that compare rather than describe.
_COMPARING = frozenset({"more", "less", "too", "most", "least", "so"})
_PLAIN_PERSONS = words("plain_person_nouns")


def someones_states(adj: Token, put: Callable[..., None]) -> None:
    """`adjective_states` said of a person or an animal, in the present and not of an "it":
    "she was very brave at the vet's" is how someone was then, no state held now; "it's
    booked" says a thing's state (thing_states), never one of whoever "it" resolved to."""
    verb = adj.head
    if verb.tag_ == "VBD" or any(c.dep_ == "nsubj" and c.lower_ == "it" for c in verb.children):
        return
    adjective_states(adj, put)


def noun_read_as_verb(adj: Token) -> tuple[Token | None, Token | None]:
    """ "allergic to shellfish", parsed as an infinitive ("to" its aux, "shellfish" a verb):
    the "to" and the noun, when WordNet knows the word as a noun and never as a verb; else
    (None, None)."""
    for c in adj.children:
        if c.dep_ != "xcomp" or c.i <= adj.i or not lexicon.available():
            continue
        to = next((a for a in c.children if a.dep_ == "aux" and a.lower_ == "to"), None)
        word = c.lower_
        if to is not None and lexicon.base(word, "v") is None and lexicon.base(word, "n"):
            return to, c
    return None, None


def adjective_states(adj: Token, put: Callable[..., None]) -> None:
    """ "The van is white", "I'm not married", "It's grey, not purple": each adjective the
    copula gives that describes its subject (`is`, or `colour`), the ones said with "not"
    denied; judgements and feelings of the moment ("it's fine", "I'm tired") are no state."""
    if any(c.dep_ in ("prep", "xcomp", "ccomp") for c in adj.children):
        return  # "allergic to nuts" (attributes.py), "happy to help", "sure that ..."
    verb = adj.head
    if verb.dep_ in ("ccomp", "xcomp", "csubj"):
        return  # "she says I've been miserable since 2023": someone else's word for it

    if verb.tag_ == "VBG" or any(c.dep_ in ("prep", "agent") for c in verb.children):
        # "she's being modest": a manner of the moment; "we're new in Leeds", "a junior
        # accountant at a firm, very glamorous": the adjective is said of the place's phrase.
        return
    # "It's grey, not purple", parsed with "grey" a modifier of the denied "purple".
    denial = next((c.i for c in adj.children if c.dep_ == "neg"), None)
    fronted = [c for c in adj.lefts if c.dep_ == "amod" and denial is not None and c.i < denial]
    for said in (*fronted, adj, *(c for c in adj.conjuncts if c.i > adj.i)):
        word = _state_word(said)
        if word is None:
            continue
        denied = any(c.dep_ == "neg" for c in said.children)
        predicate = "colour" if is_colour(word) else "is"
        put(predicate, word, literal=True, verb_lemma="be", negated=True if denied else None)


def _state_word(adj: Token) -> str | None:
    """The adjective as held, or None when it says nothing to hold: a comparison ("older"),
    a number (an age, read elsewhere), a judgement or a feeling."""
    if adj.pos_ != "ADJ" and not (adj.tag_ == "VBN" and lexicon.base(adj.lower_, "a")):
        return None
    if adj.tag_ in ("JJR", "JJS", "RBR") or adj.like_num or not adj.is_alpha:
        return None
    if any(c.lower_ in _COMPARING for c in adj.children):
        return None  # "more thin", "too big": a comparison, no state
    word = adj.lower_
    if word in _UNSTATED or adj.lemma_.lower() in FEELINGS or word in FEELINGS:
        return None
    if lexicon.available() and lexicon.base(word, "a") is None:
        return None  # "I'm Ana", a name the tagger took for an adjective
    return word


def named_kinds(sent: Span, ctx: Context) -> list[Statement]:
    """Every noun of the sentence given a name by calling that is no relative or pet: "The
    midwife's called Bronagh" (Bronagh is_a midwife), "a nurse called Ed" (Ed is_a nurse),
    with the copula's subject's noun for "The landlord is a man called Mr Dunmore"."""
    out: list[Statement] = []
    note_event(sent, ctx)
    for tok in sent:
        if tok.pos_ not in ("NOUN", "PROPN"):
            continue
        name = called_name(tok)
        if name is None:
            continue
        if not _same_kind(tok, name):
            continue  # "a lady down the road called Mrs Patel", the name hung on "road"
        kinds = [_kind_phrase(tok)]
        subject = _copula_subject(tok)
        if subject is not None:
            kinds.append(_kind_phrase(subject))
        kept = [k for k in kinds if k is not None]
        if not kept:
            continue
        noun = _noun_lemma(tok if kinds[0] is not None or subject is None else subject)
        whole = kept[0].lower().replace(" ", "_")  # "Great Dane" a dog, "Dane" a person
        animal = "noun.animal" in (lexicon.first_lexname(whole, "n"), lexicon.first_lexname(noun))
        named = Ref(
            role="name", name=_name_of(name), kind="animal" if animal else _named_kind(noun, name)
        )
        ctx.remember(named.name or "", named.kind or "thing")
        out.extend(Statement(subject=named, predicate="is_a", object=k, verb="be") for k in kept)
    return out + _named_by_copula(sent, ctx)


def _named_by_copula(sent: Span, ctx: Context) -> list[Statement]:
    """ "The landlady is Mrs Okonedo", "the new manager's Tariq": a copula joining "the" and a
    noun WordNet files as a person to a name says who that person is (the name `is_a` the
    noun with its modifiers); a name owned ("my boss is Gemma") is a relation, read
    elsewhere."""
    verb = sent.root
    if verb.lemma_ != "be" or _negated(verb) or verb.tag_ == "MD":
        return []
    subj = next((c for c in verb.children if c.dep_ == "nsubj"), None)
    name = next((c for c in verb.children if c.dep_ == "attr"), None)
    if subj is None or name is None or subj.pos_ != "NOUN" or name.pos_ != "PROPN":
        return []
    if not any(c.dep_ == "det" and c.lower_ == "the" for c in subj.children):
        return []
    if "noun.person" not in lexicon.lexnames(_noun_lemma(subj), "n") or not name.text[:1].isupper():
        return []
    kind = _kind_phrase(subj)
    if kind is None or any(c.dep_ in ("prep", "relcl", "acl", "cc") for c in name.children):
        return []
    named = Ref(role="name", name=_name_of(name), kind="person")
    ctx.remember(named.name or "", "person")
    return [Statement(subject=named, predicate="is_a", object=kind, verb="be")]


def _kind_phrase(noun: Token) -> str | None:
    """The kind a noun says with its modifiers ("retired fisherman", "Great Dane"), or None
    for a relative, a pet, a pronoun, a name, or a noun that says only "a person"."""
    lemma = _noun_lemma(noun)
    if noun.pos_ == "PRON" or lemma in KIN or is_pet(lemma) or lemma in _PLAIN_PERSONS:
        return None
    if noun.pos_ == "PROPN" and not any(c.dep_ == "det" for c in noun.children):
        return None  # "Bronagh's called Bron": a name, no kind
    if any(c.dep_ == "poss" for c in noun.children) and noun.pos_ != "NOUN":
        return None
    mods = [c for c in noun.lefts if c.dep_ in _KIND_MODS and c.pos_ in ("ADJ", "NOUN", "PROPN")]
    # "a great bloke" judges; "a Great Dane" names the breed.
    mods = [c for c in mods if c.pos_ != "ADJ" or c.lemma_.lower() not in _UNSTATED]
    mods = [c for c in mods if c.ent_type_ != "PERSON"]
    return " ".join([*(c.lower_ if c.pos_ != "PROPN" else c.text for c in mods), noun_text(noun)])


def noun_text(noun: Token) -> str:
    """The noun as held: its lemma for a common noun ("midwives" -> midwife), as said for a
    proper one ("Dane")."""
    return noun.text if noun.pos_ == "PROPN" else _noun_lemma(noun)


def _copula_subject(noun: Token) -> Token | None:
    """The subject noun of the copula whose complement `noun` is ("The landlord is a man
    called ..."): a common noun, not a pronoun or a name."""
    if noun.dep_ != "attr" or noun.head.lemma_ != "be":
        return None
    subj = next((c for c in noun.head.children if c.dep_ == "nsubj"), None)
    return subj if subj is not None and subj.pos_ == "NOUN" else None


def thing_states(
    verb: Token, subj_tok: Token, subject: Ref | None, ctx: Context
) -> list[Statement]:
    """ "The van is white", "the flat is tiny", "We bought a Skoda. It's grey, not purple": the
    states and colours a copula gives a thing. An "it" is the thing said just before only when a
    colour is said of it (a colour is a made thing's; "it's quiet" may be the day or the
    talk)."""
    if verb.lemma_ != "be":
        return []
    said: list[tuple[str, str, bool | None]] = []

    def put(predicate: str, word: str, negated: bool | None = None, **_: object) -> None:
        said.append((predicate, word, negated))

    for child in verb.children:
        if child.dep_ == "acomp":
            adjective_states(child, put)
        elif child.dep_ == "attr" and (colour := colour_noun(child)) is not None:
            put("colour", colour)
        elif child.dep_ == "attr" and is_colour(child.lower_):
            _colours_named(child, put)  # "It's navy, not black", the tagger's nouns
    if verb.tag_ == "VBD":
        said = [s for s in said if s[0] == "colour"]  # "the kettle was broken": then, not now
    if subj_tok.lower_ == "it":
        thing = ctx.recent_thing()
        same_turn = ctx.thing_turn == ctx.turn  # a sentence may be parsed on its own
        thing = None if thing is None or _said_since(subj_tok, thing, same_turn) else thing
        said = [s for s in said if s[0] == "colour"]
        subject = None if thing is None or not said else Ref(role="name", name=thing, kind="thing")
    if subject is None:
        return []
    denied = any(c.dep_ == "neg" for c in verb.children)
    return [
        Statement(
            subject=subject,
            predicate=predicate,
            object=word,
            literal=True,
            negated=denied if negated is None else negated,
            verb="be",
        )
        for predicate, word, negated in said
    ]


def _colours_named(noun: Token, put: Callable[..., None]) -> None:
    """A colour said as a noun after the copula, and the colours hung on it, those with "not"
    denied ("navy, not black")."""
    put("colour", noun.lower_)
    for c in noun.children:
        if c.dep_ in ("amod", "conj", "appos") and is_colour(c.lower_):
            put(
                "colour",
                c.lower_,
                negated=True if any(n.dep_ == "neg" for n in c.children) else None,
            )


def _said_since(it: Token, thing: str, same_turn: bool) -> bool:
    """Was `thing` not named before "it" in this text, or another thing named as an object or
    subject after its last mention ("The pram's fine. We bought a Skoda. It's grey": not the
    pram)? A colour is said of what was just shown, not of a thing turns back."""
    head = thing.split()[-1].lower()
    before = list(it.doc[: it.i])
    last = max((t.i for t in before if t.lower_ == head or t.lemma_.lower() == head), default=-1)
    return (last < 0 and not same_turn) or any(
        _a_thing(t) and t.dep_ in _NAMED_DEPS and t.i > last for t in before
    )


def _a_thing(tok: Token) -> bool:
    """A noun that may name what "it" could mean: not a person ("for Dad") nor a place."""
    if tok.pos_ == "PROPN":
        return tok.ent_type_ in ("PRODUCT", "ORG", "FAC", "WORK_OF_ART")
    kind = lexicon.first_lexname(tok.lemma_.lower())
    return tok.pos_ == "NOUN" and kind not in ("noun.person", "noun.location")


#: Where a noun phrase that "it" could mean sits.
_NAMED_DEPS = ("dobj", "pobj", "attr", "nsubj", "nsubjpass", "appos", "ROOT", "conj")


class _Asked(Protocol):
    """What `colour_asked` reads of a question (question_reading.Query): named here, so this
    module need not import question_reading.py, which imports it."""

    wh: str
    subject: Ref | None
    verb: str
    type_noun: str | None
    subject_words: Any

    def model_copy(self, *, update: dict[str, Any] | None = None, deep: bool = False) -> Self: ...


_Q = TypeVar("_Q", bound=_Asked)


def colour_asked(query: _Q) -> _Q:
    """ "What colour is the van?": the van's `colour`, an attribute asked, as "How old" asks an
    age (asking._attribute_score); "Is the van white?", which the parser reads with "white" a
    verb or the subject's last noun, whether that is its colour; any other question as
    read."""
    subject = query.subject
    if subject is None or query.verb not in ("be", *(() if query.wh != "yes" else (query.verb,))):
        return query
    if query.type_noun in ("colour", "color"):
        return query.model_copy(update={"verb": "colour", "attribute": True, "type_noun": None})
    if query.wh != "yes":
        return query
    if query.verb != "be" and is_colour(query.verb):
        return query.model_copy(update={"verb": "colour", "object_words": (query.verb,)})
    words_ = (subject.name or "").split()
    if query.verb == "be" and len(words_) > 1 and is_colour(words_[-1]) and query.subject_words:
        # "Is the new car purple?" parsed as one noun "new car purple".
        named = words_[:-1]
        while len(named) > 1 and lexicon.base(named[0], "n") is None:
            named = named[1:]  # "the new car": the car, as a thing is held (things.thing_name)
        thing = subject.model_copy(update={"name": " ".join(named), "noun": named[-1]})
        update = {"subject": thing, "verb": "colour", "object_words": (words_[-1],)}
        return query.model_copy(update=update)
    return query


#: A copula's children that are not what it says of its subject: other clauses, punctuation.
_NOT_SAID = ("nsubj", "punct", "advmod", "cc", "ccomp", "advcl", "conj", "parataxis", "intj")


def event_of_it(verb: Token, subj_tok: Token, ctx: Context) -> Statement | None:
    """ "I've signed up for a first aid course, it's on the 5th of December": an "it" whose
    copula says only a time is the event its text named last before it (an event by WordNet:
    a course, an interview, a concert), which then happens then; None for anything else."""
    if subj_tok.lower_ != "it" or verb.lemma_ != "be" or _negated(verb):
        return None
    when, at = _time_tokens(verb)
    said = [c for c in verb.children if c.dep_ not in _NOT_SAID]
    if when is None or not said or any(t.i not in at for c in said for t in c.subtree):
        return None
    before = [t for t in subj_tok.doc[: subj_tok.i] if _a_thing(t) and t.dep_ in _NAMED_DEPS]
    if before:
        name = _event_name(before[-1]) if before[-1].i not in at else None
    else:  # the sentence before, parsed on its own
        name = ctx.event_said[0] if ctx.event_said and ctx.event_said[1] == ctx.turn else None
    if name is None:
        return None
    return Statement(
        subject=Ref(role="name", name=name, kind="thing"),
        predicate="happens",
        object=when,
        literal=True,
        verb="happen",
        when=when,
        mood=verb_mood(verb) or "fact",
    )


def _event_name(noun: Token) -> str | None:
    """An event's noun with the words right before it that make its name ("first aid
    course"), or None when WordNet knows no event sense of it (a course, an interview)."""
    if not lexicon.is_a(noun.lemma_.lower(), "event", senses=2):
        return None
    start = noun.i
    while start > 0 and (prev := noun.doc[start - 1]).dep_ in ("compound", "amod"):
        if prev.head.i < start or prev.head.i > noun.i:
            break
        start -= 1
    return " ".join([*(t.lower_ for t in noun.doc[start : noun.i]), noun.lemma_.lower()])


def note_event(sent: Span, ctx: Context) -> None:
    """The last thing the sentence names, if it is an event, for an "it" in the next one; a
    sentence that ends on another thing clears it."""
    named = [t for t in sent if _a_thing(t) and t.dep_ in _NAMED_DEPS]
    if named:
        name = _event_name(named[-1])
        ctx.event_said = None if name is None else (name, ctx.turn)


def _same_kind(noun: Token, name: Token) -> bool:
    """Can the name be one of what the noun names: a person's name (NER) only of a noun with a
    person sense, and a name the parse cut short ("a novel called Small Things Like These")
    of nothing."""
    after = name.doc[name.i + 1] if name.i + 1 < len(name.doc) else None
    cut = after is not None and after.dep_ == "prep" and after.head in (name, name.head)
    if cut or any(c.dep_ in ("acl", "relcl") and c.i > name.i for c in name.children):
        return name.ent_type_ == "PERSON"  # "Malcolm who's been winning it"
    if name.ent_type_ != "PERSON":
        return True
    return "noun.person" in lexicon.lexnames(_noun_lemma(noun), "n") or noun.pos_ == "PROPN"
