"""Does an answer's fact answer the question? The last check before MAX says an answer, on
every path that found one (asked by answering.py on the reply, whichever reading and helper
found it): the question's wh-word and head noun set the type of answer it expects, and an
answer WordNet (or the claim's own time and entities) shows to be of another type is no answer
at all: "I don't know" beats an answer about something else.

- where: a place (a word WordNet knows as a location, a made thing, a group or an object;
  a name it lacks may be one);
- who: someone (a person, a group or an animal in WordNet, a name it lacks, or a claim whose
  object or subject is a person);
- when, "what year/day": a time (a number, a day or month, a WordNet time word, or a claim
  that holds when it happened);
- how many / how old / how long: a number (or, for how long, a WordNet time word);
- what N / which N / what kind of N: a thing of the kind N (a WordNet hyponym of N, or a
  word that shares a class with it; an adjective for a noun that names an attribute).

The check fails only on evidence: a word WordNet does not know (a name, a typo) passes.
The predicate and the arguments the question names are checked before this, on the claims
(answering._holds_asked, asking.score); this module adds the type, which no score may
outweigh. Pure: reads the parse and WordNet."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from spacy.lang.en.lex_attrs import like_num
from spacy.lang.en.stop_words import STOP_WORDS
from spacy.tokens import Span, Token

from resident.language import lexicon
from resident.language.answer_kinds import (
    another_events_time,
    counts_things,
    names_species_only,
    says_who_not_doing,
)
from resident.language.matching import claim_verbs
from resident.language.placed import says_place
from resident.language.when_days import MONTHS, WEEKDAYS, ordinal
from resident.language.words import table, words

if TYPE_CHECKING:
    from datetime import datetime

    from resident.language.knowledge import ClaimView

_WH_TAGS = frozenset({"WDT", "WP", "WRB"})
#: Number words ("three", "twelve"), without the articles.
_COUNTS = frozenset(table("number_words")) - {"a", "an"}
_CALENDAR = frozenset({*WEEKDAYS, *MONTHS})
#: WordNet's classes of a noun that may name where something is (a city, a shop, a club).
_PLACES = frozenset({"noun.location", "noun.artifact", "noun.group", "noun.object"})
_TIMES = frozenset({"noun.time"})


def expected(sent: Span) -> tuple[str, str | None] | None:
    """The type of answer `sent` asks for: ("place"|"person"|"time"|"number"|"duration",
    None) or ("kind", noun); None when the question expects no particular type (a yes/no
    question, "what" alone, "how", "why", "whose")."""
    wh = next((t for t in sent if t.tag_ in _WH_TAGS), None)
    if wh is None:
        return None
    word = wh.lower_
    if word == "where":
        return ("place", None)
    if word in ("who", "whom"):
        return ("person", None)
    if word == "when":
        return ("time", None)
    if word == "how":
        after = wh.nbor(1).lower_ if wh.i + 1 < sent.end else ""
        if after == "long":
            return ("duration", None)
        return ("number", None) if after in words("answer_check_how_numbers") else None
    if word in ("what", "which") and wh.dep_ == "det" and wh.head.pos_ in ("NOUN", "PROPN"):
        return _of_noun(wh.head)
    named = _name_of(wh)
    if named is not None:
        # "What was the name of Dad's village?": a village's name, no one's.
        return _of_noun(named)
    verb = _verb_asked(wh)
    kinds = table("answer_check_verb_kinds").get(verb.lemma_.lower())
    if word == "what" and wh.dep_ in ("dobj", "attr") and kinds:
        # "What does Sol study?": a subject, not what "takes" holds (data: the kinds).
        return ("kind", kinds)
    if word == "what" and wh.dep_ == "dobj" and _asks_doing(wh.head):
        # "What does Ines do?": a role or an activity; "for a living", "for work": a job.
        return ("job", None) if _for_a_living(wh.head) else ("doing", None)
    return None


def _name_of(wh: Token) -> Token | None:
    """The noun whose name "what" asks ("What is the name of Dad's village?": village), or
    None (data: the naming nouns, answer_check_open_nouns)."""
    if wh.dep_ not in ("attr", "nsubj") or wh.head.lemma_ != "be":
        return None
    for name in wh.head.children:
        if name.dep_ in ("nsubj", "attr") and name.i != wh.i and name.lemma_ == "name":
            of = next((c for c in name.children if c.dep_ == "prep" and c.lower_ == "of"), None)
            kinds = [c for c in of.children if c.dep_ == "pobj"] if of is not None else []
            return kinds[0] if kinds and kinds[0].pos_ == "NOUN" else None
    return None


def _verb_asked(wh: Token) -> Token:
    """The verb whose object "what" is: its head, or the verb the copula helps ("What is Ana
    studying?" parses "what" as the copula's), followed down its open complement when that
    has no object of its own ("What is Ana applying to study?": study, not apply)."""
    verb = wh.head
    if verb.pos_ == "AUX" and verb.dep_ == "aux" and verb.head.pos_ == "VERB":
        verb = verb.head
    while True:
        opened = [c for c in verb.children if c.dep_ == "xcomp" and c.pos_ == "VERB"]
        if not opened or any(c.dep_ in ("dobj", "attr") for c in opened[0].children):
            return verb
        verb = opened[0]


def _for_a_living(verb: Token) -> bool:
    """ "What does Ines do for a living / for work?": the doing asked is a job."""
    return any(
        c.dep_ == "prep"
        and c.lower_ == "for"
        and any(g.lemma_ in words("answer_check_living_nouns") for g in c.children)
        for c in verb.children
    )


def _asks_doing(verb: Token) -> bool:
    """ "What does Ines do?": the verb "do" with "do" as its auxiliary too (not "What did
    Kwame plant?", which the parser may read with "did" alone)."""
    aux = any(c.dep_ == "aux" and c.lemma_ == "do" for c in verb.children)
    return verb.lemma_ == "do" and verb.pos_ == "VERB" and aux


def _of_noun(noun: Token) -> tuple[str, str | None] | None:
    """ "what colour" -> ("kind", "colour"); "what kind of dog" -> ("kind", "dog"); "what
    year" -> ("time", None); "what name" -> None."""
    lemma = noun.lemma_.lower()
    if lemma in words("answer_check_time_nouns"):
        return ("time", None)
    if lemma in words("answer_check_open_nouns"):
        of = next((c for c in noun.children if c.lower_ == "of"), None)
        kinds = [c for c in of.children if c.dep_ == "pobj"] if of is not None else []
        return ("kind", kinds[0].lemma_.lower()) if kinds else None
    return ("kind", lemma)


def _words(short: str) -> list[str]:
    cleaned = "".join(c if c.isalnum() or c in " '" else " " for c in short.lower())
    return [w.strip("'") for w in cleaned.replace("'s ", " ").split() if w.strip("'")]


def is_number_word(word: str) -> bool:
    """A word of an answer that says a number: digits, a number word, or what spaCy counts;
    not an ordinal ("twelfth" of "on the twelfth" is a day, "his 3rd go" which go: no amount)."""
    if ordinal(word) is not None:
        return False
    return any(c.isdigit() for c in word) or word in _COUNTS or like_num(word)


#: Words before "one" that make it a pronoun for a thing or person, no count ("the one who
#: gets pulled over", "that one", "which one").
_ONE_PRONOUN_BEFORE = frozenset({"the", "this", "that", "which", "each", "every", "another"})


def _has_number(said: list[str]) -> bool:
    return any(
        is_number_word(w) and not (w == "one" and i and said[i - 1] in _ONE_PRONOUN_BEFORE)
        for i, w in enumerate(said)
    )


def _has_time(said: list[str]) -> bool:
    for word in said:
        base = lexicon.base(word, "n") or word
        if base in _CALENDAR or word.rstrip("s") in _CALENDAR or lexicon.lexnames(base) & _TIMES:
            return True
    return _has_number(said)


def _known_as(word: str, classes: frozenset[str]) -> bool | None:
    """Is the noun `word` of one of `classes` in WordNet? None when WordNet lacks it as a
    noun."""
    base = lexicon.base(word, "n")
    kinds = lexicon.lexnames(base) if base else frozenset()
    return bool(kinds & classes) if kinds else None


def _unknown(word: str) -> bool:
    """A word WordNet knows as no part of speech, or only as named individuals: a name
    ("Kemi", "Bedminster", "Toyota") or a typo, which may be anything asked."""
    if any(c.isdigit() for c in word) or word in STOP_WORDS:
        return False
    noun = lexicon.base(word, "n")
    if noun is not None and lexicon.only_names(noun):
        return True
    return all(lexicon.base(word, pos) is None for pos in ("n", "v", "a", "r"))


def _may_be(said: list[str], classes: frozenset[str]) -> bool:
    """Could the answer be a thing of `classes`? When one of its nouns is, or one of its
    words is unknown to WordNet, or none of its words is a noun WordNet knows."""
    known = [w for w in said if _known_as(w, classes) is not None]
    return not known or any(_known_as(w, classes) or _unknown(w) for w in said)


def _place(short: str, said: list[str]) -> bool:
    """Could the answer be a place? When one of its nouns has a sense under a place's
    (a location, a structure, a facility, an institution: data/answer_check_place_senses),
    or a word of it is unknown to WordNet (a name), or none of its words is a noun. Not
    "very good nurse" nor "football" (the ball is an artifact, but no structure)."""
    nouns = [lexicon.base(w, "n") for w in said]
    if not any(nouns) or _named(short):
        # A name said with a capital ("Derby", "the Royal") may be a place, whatever else
        # WordNet knows the word as; a day's or a month's name is none.
        return not _has_calendar(said)
    places = words("answer_check_place_senses")
    return any(_unknown(w) for w in said) or any(n and lexicon.under(n, places) for n in nouns)


def _same(short: str, label: str) -> bool:
    """Is the answer `short` the phrase `label` (a claim's subject or object as rendered)?"""
    said = _words(short)
    return bool(said) and set(said) <= set(_words(label))


def _someone(short: str, said: list[str], views: Sequence[ClaimView]) -> bool:
    """Could the answer be someone? Only the filler given as the answer counts: a claim
    whose subject is a person does not make its object one ("Who is Ada playing?" is not
    "trumpet" because Ada is someone)."""
    for view in views:
        claim = view.claim
        if _same(short, view.object_label) and (claim.object_entity or "").startswith("person:"):
            return True
        if _same(short, view.subject_label) and claim.subject.startswith("person:"):
            return True
    if any(_same(short, v.subject_label) and _tie_noun(v) == "noun.animal" for v in views):
        # "Who is Rafael's best man?" is not Nelson, held as his cat (pet_of).
        return False
    # A name said with a capital ("May", "Ivy") may be someone's whatever else WordNet
    # knows it as.
    return any(w[:1].isupper() for w in short.split()) or _may_be(said, lexicon.SOMEONE)


#: WordNet's classes of a noun that may say what someone does: a role or an activity.
_DOINGS = frozenset({"noun.person", "noun.act"})


def _doing(short: str, said: list[str], views: Sequence[ClaimView]) -> bool:
    """Could the answer say what someone does ("nurse", "yoga")? Not someone else, held
    as a person ("What does May do?" is not "Graham")."""
    if views and all((v.claim.object_entity or "").startswith("person:") for v in views):
        return False
    return _may_be(said, _DOINGS)


#: WordNet's classes a job is said in, by a word's first sense: a role ("nurse"), a trade or
#: an activity ("plumbing", "works"), a field ("maths").
_JOBS = frozenset({"noun.person", "noun.act", "noun.cognition"})


def _job(said: list[str]) -> bool:
    """Could the answer be a job? When a word of it is first of all a role, an activity or a
    field, or is unknown to WordNet; not a thing done once ("calls garage", "takes lead": a
    garage and a lead are first of all no job, whatever rarer sense they have)."""
    return any(
        _unknown(w) or lexicon.first_lexname(lexicon.base(w, "n") or w, "n") in _JOBS
        for w in said
        if w not in STOP_WORDS
    )


def _named(short: str) -> bool:
    """Does the answer hold a name said with a capital, not a day's or a month's?"""
    return any(w[:1].isupper() and w.lower().rstrip("s") not in _CALENDAR for w in short.split())


def _has_calendar(said: list[str]) -> bool:
    return any(w.rstrip("s") in _CALENDAR for w in said)


def _classes_asked(noun: str) -> frozenset[str]:
    """WordNet's classes whose every noun is a thing of the kind `noun`, where WordNet's
    tree lacks the link: the narrow ones the kind has (data/answer_check_narrow_classes: a
    rose is a plant, not under "flower"), and the class its members have when the kind is no
    sort of them (data/answer_check_kind_classes: a breed is an animal, a job a person's)."""
    asked = lexicon.lexnames(noun) & words("answer_check_narrow_classes")
    extra = table("answer_check_kind_classes").get(noun)
    return asked | {extra} if extra else asked


_NAMING = re.compile(r"\s(?:called|named)\s")


def _of_kind(short: str, said: list[str], noun: str) -> bool:
    """Is the answer a thing of the kind `noun` asks for? Some noun of it must be a sort or a
    named instance of it in WordNet (not merely of a broad class it shares: "research job"
    is no university, "English exam" no level), or a word of it a name or unknown."""
    # "a staffy called Tyson" is a staffy: its name says nothing of its kind.
    short = _NAMING.split(short, maxsplit=1)[0]
    said = [w for w in said if w in _words(short)]
    if not lexicon.lexnames(noun) or _named(short):
        # A name said with a capital ("Fiat", "Apple") may be a make or a brand of anything.
        return True
    asked = _classes_asked(noun)
    # Colours and the like are said as adjectives ("dark green"): an adjective answers a
    # kind that is an attribute, not "Which eye?" ("married").
    adjectives = "noun.attribute" in asked | {lexicon.first_lexname(noun)}
    # A word WordNet lacks may be a make of the kind, unless the answer's own noun says it is
    # a thing of another kind ("2 dogs staffy" is no car, whatever a staffy is).
    unknown_may = not _other_kind(said, noun, asked)
    for word in said:
        if word in STOP_WORDS:
            continue
        if (unknown_may and _unknown(word)) or (adjectives and lexicon.base(word, "a") is not None):
            return True
        base = lexicon.base(word, "n")
        if base is None:
            continue
        if base == noun or _in_classes(base, asked) or lexicon.kind_of(base, noun):
            return True
    return False


def _in_classes(base: str, asked: frozenset[str]) -> bool:
    """Is the noun `base` of one of the classes asked? A role only by its first sense: most
    nouns have a rare sense for a person ("lead", "dog"), and a job is said with a word that
    names the person first ("nurse", "keeper")."""
    held = lexicon.lexnames(base) & asked
    if held == {"noun.person"}:
        return lexicon.person_noun(base)
    return bool(held)


def _other_kind(said: list[str], noun: str, asked: frozenset[str]) -> bool:
    """Does a noun of the answer say, by its first sense, that it is a thing of another kind
    than `noun` (another WordNet class, and no sort of it)? Adjectives ("red") and words
    WordNet lacks say nothing of the kind."""
    kind = lexicon.first_lexname(noun, "n")
    for word in said:
        if word in STOP_WORDS or _unknown(word) or lexicon.base(word, "a") is not None:
            continue
        base = lexicon.base(word, "n")
        if base is None or base == noun or lexicon.kind_of(base, noun):
            continue
        first = lexicon.first_lexname(base, "n")
        if first is not None and first != kind and first not in asked:
            return True
    return False


def word_of_kind(word: str, noun: str) -> bool:
    """Is the one common noun `word` a thing of the kind `noun` asks for (`_of_kind`'s test,
    the kind's classes included: a greyhound is a breed)?"""
    return _of_kind(word, _words(word), noun)


def names_asked(sent: Span) -> list[str]:
    """The companions the question names besides its subject: a name joined to it ("Lena and
    Tariq") or said with "with" ("with Tariq"). Each must be among those who hold the
    statement answered, when others do."""
    out = []
    for tok in sent:
        if tok.pos_ != "PROPN" or tok.ent_type_ in ("DATE", "TIME"):
            continue
        joined = tok.dep_ == "conj" and tok.head.dep_ in ("nsubj", "nsubjpass")
        along = tok.dep_ == "pobj" and tok.head.lower_ == "with"
        if joined or along:
            out.append(tok.lower_)
    return out


def _stranded(sent: Span) -> str | None:
    """The preposition a "what" or "who" question leaves without its object ("What did Liam
    crash into?", "What class does Gerald go to?"); None when it asks none."""
    wh = next((t for t in sent if t.tag_ in _WH_TAGS), None)
    if wh is None or wh.lower_ not in ("what", "which", "who", "whom"):
        return None
    for tok in sent:
        if tok.dep_ != "prep" or tok.lower_ not in words("answer_check_role_preps"):
            continue
        objects = [c for c in tok.children if c.dep_ in ("pobj", "pcomp")]
        if all(c == wh or wh in c.children for c in objects):
            return tok.lower_
    return None


def _fills_role(prep: str, short: str, views: Sequence[ClaimView]) -> bool:
    """Does the answer fill the role the stranded preposition asks? Not when it is the direct
    object of every claim it rests on and no claim's predicate holds the preposition ("What
    did Liam crash into?" is not "mums car", the thing he crashed)."""
    for view in views:
        if prep in view.claim.predicate.split("_") or not _same(short, view.object_label):
            return True
    return not views


def _names_held(names: list[str], views: Sequence[ClaimView], others: Mapping[str, str]) -> bool:
    """Is every companion the question names held by a claim answered, where the claim says
    who else holds it? "Where did Lena and Tariq meet?" is not answered by "Kwame and I met
    in Sheffield"; a claim that names no one else (a couple's "we") is no evidence."""
    for view in views:
        held = others.get(view.claim.id, "")
        words_held = _words(" ".join([view.subject_label, view.object_label, held]))
        if not held or all(name in words_held for name in names):
            return True
    return not views


def answers_question(
    sent: Span,
    short: str,
    views: Sequence[ClaimView],
    others: Mapping[str, str] | None = None,
    now: datetime | None = None,
) -> bool:
    """Is `short`, resting on `views`, an answer to `sent`: of the type it asks for, the
    filler of the role its stranded preposition asks, and held with every companion it
    names? `others`: per claim id, who else holds it (answer_roles.others_held); `now`: when
    it is asked (a "when" asks the time of that event, answer_kinds)."""
    prep = _stranded(sent)
    if prep is not None and not _fills_role(prep, short, views):
        return False
    names = names_asked(sent)
    if names and others is not None and not _names_held(names, views, others):
        return False
    return _of_type(sent, short, views, now)


def _of_type(
    sent: Span, short: str, views: Sequence[ClaimView], now: datetime | None = None
) -> bool:
    """Is `short`, resting on `views`, of the type `sent` asks for? True when the question
    expects no particular type. The filler's finer kind (a breed, a doing, the time of that
    event) is answer_kinds'."""
    asks = expected(sent)
    if asks is None:
        # "What sold best at the market?" asks a thing: never someone held as a person.
        return not (_asks_thing(sent) and _someone_said(short, views))
    kind, noun = asks
    said = _words(short)
    if kind == "time":
        if another_events_time(sent, views, now):
            return False
        return any(v.claim.occurred_at is not None for v in views) or _has_time(said)
    if kind == "number":
        # "How much did Ingrid pay for the chargers?" is not "three", how many she bought.
        return _has_number(said) and not counts_things(sent, short, views)
    if kind == "duration":
        return _has_time(said)
    if kind == "place":
        # A position said of a thing ("sleeps on the radiator") is where: placed.py's one
        # definition of a claim that says a place, by its preposition and its object's class.
        return _place(short, said) or any(says_place(v.claim, None) for v in views)
    if kind in ("doing", "job") and says_who_not_doing(short):
        # "What does Jordan do?" is not "good lad": who he is, not what he does.
        return False
    if kind == "doing":
        return _doing(short, said, views)
    if kind == "job":
        return _doing(short, said, views) and _job(said)
    if kind == "person":
        return _someone(short, said, views)
    if _said_with_verb(sent, views):
        return True
    if noun and _someone_held(short, views) and not lexicon.lexnames(noun) & _BEINGS:
        # "What was the name of Dad's village?" is not Dad's own name: an answer held as a
        # person is no thing of a kind no person or animal is.
        return False
    if noun and names_species_only(short, noun):
        # "What breed is Pixel?" is not "hearing dog": a dog, of no breed said.
        return False
    if table("answer_check_kind_classes").get(noun or "") == "noun.person" and says_who_not_doing(
        short
    ):
        # "What is Jordan's job?" is not "good lad" either.
        return False
    return any(_of_kind(short, said, n) for n in (noun or "").split())


def _tie_noun(view: ClaimView) -> str | None:
    """WordNet's class of the relation noun a claim holds its subject by ("pet_of": pet,
    noun.animal); None for a claim of no relation."""
    predicate = view.claim.predicate
    if not predicate.endswith("_of"):
        return None
    return lexicon.first_lexname(predicate.removesuffix("_of").rsplit("_", 1)[-1])


def _asks_thing(sent: Span) -> bool:
    """Does "what" stand for the doer or the thing of a verb that names nothing ("What sold
    best?", "What did Ade bake?"), not a name ("What did they call the baby?")?"""
    wh = next((t for t in sent if t.tag_ in _WH_TAGS), None)
    if wh is None or wh.lower_ != "what" or wh.dep_ not in ("nsubj", "nsubjpass", "dobj"):
        return False
    return wh.head.pos_ == "VERB" and wh.head.lemma_.lower() not in words("name_asking_verbs")


def _someone_said(short: str, views: Sequence[ClaimView]) -> bool:
    """Is the answer a claim's subject or object held as a person?"""
    for v in views:
        if _same(short, v.subject_label) and v.claim.subject.startswith("person:"):
            return True
        if _same(short, v.object_label) and (v.claim.object_entity or "").startswith("person:"):
            return True
    return False


#: WordNet's classes of a kind someone held as a person may be of ("friend", "baby", "dog").
_BEINGS = frozenset({"noun.person", "noun.animal"})


def _someone_held(short: str, views: Sequence[ClaimView]) -> bool:
    """Is the answer someone by a relation a claim holds ("Gurnam dad_of Harry": a dad is a
    person in WordNet)? An entity filed as a person alone is no proof ("Leeds Rhinos")."""
    for v in views:
        noun = v.claim.predicate.removesuffix("_of").rsplit("_", 1)[-1]
        if not v.claim.predicate.endswith("_of") or not lexicon.person_noun(noun):
            continue
        if _same(short, v.subject_label) and v.claim.subject.startswith("person:"):
            return True
    return False


def _said_with_verb(sent: Span, views: Sequence[ClaimView]) -> bool:
    """Was the answer said with the very verb whose "what" asks a kind ("Efua studies graphic
    design" for "What does Efua study?")? Then it is what was asked, whatever WordNet files it
    under; the kinds guard only what another verb of its group holds ("takes the room")."""
    asked = {t.lemma_.lower() for t in sent if t.pos_ == "VERB"} & set(
        table("answer_check_verb_kinds")
    )
    return (
        bool(asked)
        and bool(views)
        and all(asked & claim_verbs(v.claim.predicate)[1] for v in views)
    )
