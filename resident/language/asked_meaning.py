"""Statements that answer a question by meaning where the question's verb or shape is not the
statement's own. Pure, over WordNet (lexicon); asking.py scores and says answers with these.

- A preposition that belongs to the gap, not to the verb: "How long is Ana going to Leeds
  for?" asks the duration ("for three weeks"), and "for" is that duration's own word, no
  particle of "go" (`as_asked`).
- "What does Ana do for a living?" (for work, for a job) asks what she works as, or, failing
  a job said, the deed she does that makes a worker of her: "Tomasz drives a bus" (a driver,
  WordNet's doer of "drive") answers it, "Tomasz eats sweets" (an eater, no worker) does not
  (`living_deed`).
- "What does Rosa teach?" of "Rosa works as a teacher of geography": the statement names its
  subject by the doer noun of the verb asked (teacher of teach, WordNet derivation), and what
  the doer does it to is said beside the noun ("of geography", "geography teacher")
  (`doer_complement`).
- "What kind of dog is Biscuit?" asks what Biscuit is, of the kind "dog" ("a whippet"), not
  the dog's kind as an attribute (`kind_query`).
- "When did Sara go to Paris?" of "Sara was in Paris last Sunday": going somewhere is said by
  having been there, for when and why one went (`went_where_was`).
- "Where does Gary work?" of "Gary works for the council": whom someone works for, when it is
  an organisation or a place and no person, is where they work (`employer_place`).
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import TYPE_CHECKING

from resident.language import lexicon
from resident.language.matching import LEAST, claim_verbs
from resident.language.question_reading import _GENERIC, Query
from resident.language.question_subject import question_subject
from resident.language.statement import base_form
from resident.language.words import words
from resident.records import Claim, Qualifier

if TYPE_CHECKING:
    from spacy.tokens import Span

    from resident.language.statement import Context

#: Verbs of going somewhere, not to live there ("go", "fly"; not "move").
_GOING = words("ellipsis_motion") - words("relocation_verbs")
#: The prepositions of where a going ends ("to", "into").
_TOWARDS = words("destination_preps")
#: The nouns of "what kind of N" that name no kind themselves.
_KIND_WORDS = words("kind_asking_words")
#: The nouns of "for a living", "for work", "for a job": what someone does to earn.
_LIVING = words("living_asked")
#: WordNet nouns under which a person noun names an occupation (shared with objects.py) and
#: the ones under which a doer is one by the deed alone ("driver": an operator).
_WORKERS = words("occupation_ancestors") | words("deed_worker_ancestors")
#: WordNet's classes of a noun that may be where someone works for: a body (council,
#: company), a building (post office), a place.
_EMPLOYERS = frozenset({"noun.group", "noun.artifact", "noun.location"})
#: The verbs a statement names someone by what they are with ("works as", "is a").
_NAMING_VERBS = frozenset({"be", "is", "work", "works"})


def said_by_meaning(
    query: Query, claim: Claim, label: str, qualifiers: Sequence[Qualifier] = ()
) -> str | None:
    """What a statement answers by meaning, its verb not the one asked ("drives bus" for a
    living, "geography" for what a teacher of geography teaches); None when it does not."""
    return doer_complement(query, claim, label) or living_deed(query, claim, label, qualifiers)


def went_where_was(query: Query, claim: Claim) -> bool:
    """Does "was in Paris" answer when or why someone went to Paris? The statement's verb
    is the copula of where someone is ("located in", "at"); the place is checked as any
    thing named is (asking.score)."""
    going = query.verb in _GOING and query.prep in _TOWARDS and bool(query.object_words)
    if query.wh not in ("when", "why") or not going:
        return False
    negated, verbs, prep = claim_verbs(claim.predicate)
    return not negated and prep in ("in", "at") and verbs <= {"located", "locate", "be", "is"}


def as_asked(query: Query) -> Query:
    """The question with a preposition that belongs to its gap set aside: "How long is Ana
    going to Leeds for?" asks the duration ("for three weeks") of any going to Leeds; "What
    does Ana do for a living?" asks what she does, the living its only context."""
    if query.wh == "how long" and query.prep == "for" and query.stranded:
        return query.model_copy(update={"prep": None, "particle": False, "stranded": False})
    said = {*query.object_words, *query.context_words}
    if query.wh == "what" and query.verb == "do" and query.prep == "for" and said & _LIVING:
        update = {"prep": None, "particle": False, "stranded": False, "object_words": ()}
        return query.model_copy(update={**update, "context_words": tuple(sorted(said))})
    return query


def asks_living(query: Query) -> bool:
    """ "What does Ana do for a living?" as read by `as_asked`."""
    plain = query.wh == "what" and query.verb == "do" and query.prep is None
    return plain and not query.object_words and bool(set(query.context_words) & _LIVING)


@functools.lru_cache(maxsize=4096)
def doer_nouns(verb: str) -> frozenset[str]:
    """The nouns WordNet derives from a verb's three most frequent senses that name who does
    it ("teach": teacher, instructor; "drive": driver)."""
    return frozenset(
        d.name().lower()
        for d in lexicon.verb_derivations(verb, 3)
        if d.synset().lexname() == "noun.person" and "_" not in d.name()
    )


@functools.lru_cache(maxsize=4096)
def _makes_a_worker(verb: str) -> bool:
    """Does doing `verb` make a worker of the doer: a doer noun of it names an occupation
    ("drive": driver, "bake": baker; not "eat": eater, "buy": buyer)?"""
    return any(
        lexicon.is_a(doer, ancestor, senses=2) for doer in doer_nouns(verb) for ancestor in _WORKERS
    )


def living_deed(
    query: Query, claim: Claim, label: str, qualifiers: Sequence[Qualifier]
) -> str | None:
    """What a statement says someone does for a living, said as its verb and object
    ("drives bus"), where the question asks it (`asks_living`) and the verb makes a worker of
    the doer; None for a one-off event, a plan, a negation, a verb with a preposition or one of
    the verbs that say least."""
    negated, verbs, prep = claim_verbs(claim.predicate)
    if not asks_living(query) or negated or prep is not None or not label:
        return None
    full = {base_form(v) for v in verbs} - LEAST - _GENERIC - {"a", "as"}
    person = claim.object_entity is not None and claim.object_entity.startswith("person:")
    if len(full) != 1 or full & _NAMING_VERBS or person:
        # A job said ("works as a nurse") answers as a job; a person is no deed's object.
        return None
    one_off = claim.occurred_at is not None or any(
        q.role == "modality" and q.value != "habit" for q in qualifiers
    )
    if one_off or not _makes_a_worker(next(iter(full))):
        return None
    return f"{claim.predicate.replace('_', ' ')} {label}"


def doer_complement(query: Query, claim: Claim, label: str) -> str | None:
    """What the doer of the verb asked does it to, where a statement names its subject by that
    doer ("works as a teacher of geography", "is a maths teacher" for "What does Rosa
    teach?"); None when the statement names no such doer, or says nothing beside the noun."""
    direct = query.wh in ("what", "which") and query.prep is None and not query.object_words
    if not direct or query.verb in _GENERIC or query.subject is None:
        return None
    negated, verbs, prep = claim_verbs(claim.predicate)
    if negated or prep is not None or not verbs - {"a", "as"} <= _NAMING_VERBS:
        return None
    noun, of, beside = label.lower().partition(" of ")
    said = noun.split()
    if not said:
        return None
    head = lexicon.base(said[-1], "n") or said[-1]
    if head not in doer_nouns(query.verb):
        return None
    if not of and not _done_to(said[:-1]):
        # "a PhD student", "a head teacher": a rank, not what is studied or taught.
        return None
    complement = beside.strip() if of else " ".join(said[:-1])
    # "a teacher": nothing said of what is taught, so nothing answered.
    return complement.removeprefix("the ").removeprefix("a ") or None


def _done_to(modifiers: list[str]) -> bool:
    """Do the words before a doer noun say what the deed is done to ("maths" of "maths
    teacher", "piano", "bus")? A field of knowledge, or a thing or an act by the word's most
    frequent sense; not a rank or a part ("PhD", "head", "supply")."""
    if not modifiers:
        return False
    word = lexicon.base(modifiers[-1], "n") or modifiers[-1]
    first = lexicon.first_lexname(word, "n")
    if first in ("noun.body", "noun.person"):
        return False
    if "noun.cognition" in lexicon.lexnames(word) or first in ("noun.artifact", "noun.act"):
        return True
    # A language taught ("a French teacher"): WordNet's first sense of it is the language.
    return first == "noun.communication"


def employer_place(query: Query, claim: Claim, prep: str | None) -> bool:
    """Does "works for X" say where the one asked works ("Where does Gary work?")? Only of
    the verb "work", and only when X is no person: a body or a place by WordNet, or a name it
    lacks ("the BBC")."""
    if query.wh != "where" or query.verb != "work" or prep != "for" or query.prep is not None:
        return False
    held = claim.object_entity
    if held is None or held.startswith("person:"):
        return False
    noun = held.rsplit(":", 1)[-1].rsplit("-", 1)[-1]
    kinds = lexicon.lexnames(lexicon.base(noun, "n") or noun)
    return not kinds or bool(kinds & _EMPLOYERS)


def kind_query(sent: Span, ctx: Context) -> Query | None:
    """ "What kind of dog is Biscuit?", "What sort of car is Ana's?": what the subject is, of
    the kind named (the noun after "of"), read as "What is Biscuit?" with that kind asked;
    None for any other question."""
    root = sent.root
    if root.lemma_.lower() != "be":
        return None
    args = [c for c in root.children if c.dep_ in ("nsubj", "attr")]
    for kind in args:
        if kind.lower_ not in _KIND_WORDS:
            continue
        if not any(c.dep_ == "det" and c.lower_ in ("what", "which") for c in kind.children):
            continue
        of = [g for c in kind.children if c.lower_ == "of" for g in c.children if g.pos_ == "NOUN"]
        other = [a for a in args if a is not kind]
        subject = question_subject(other[0], ctx) if of and other else None
        if subject is not None:
            noun = of[0].lemma_.lower()
            return Query(wh="what", subject=subject, verb="be", type_noun=noun)
    return None
