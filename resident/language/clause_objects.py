"""What a clause is about, read after its subject and verb (moved whole from clauses.py, which
was at its size limit): its objects, a light verb's noun, a prepositional object, or the
clause's own content ("we flew home"); and a phrasal verb said in the past with nothing after
it ("Mam never found out", "he turned up in the end": does finding out, does turning up),
stored as said (whole26). Pure, over the parse.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal, Protocol

from resident.language import lexicon
from resident.language.clause_parts import (
    _gerund_after_prep,
    _read_clause_inner,
    listed_after,
)
from resident.language.objects import adverbial_idiom, light_object
from resident.language.occupation import job_as, taken_mood
from resident.language.particles import particle_of, phrasal_deed
from resident.language.refs import _object_text
from resident.language.roles import is_time
from resident.language.statement import CONTENT_WHEN_OBJECT, gerund
from resident.language.words import words

if TYPE_CHECKING:
    from spacy.tokens import Token

    from resident.language.refs import Ref
    from resident.language.statement import Statement


class _Clause(Protocol):
    """What `read_objects` needs of a clause being read (clause_frame._Clause): named here, so
    this module need not import clauses.py back."""

    verb: Token
    subject: Ref
    mood: Literal["fact", "past", "plan", "wish"]
    negated: bool
    when: str | None
    time_idx: set[int]
    lemma: str
    out: list[Statement]

    def emit(
        self,
        predicate: str | None,
        obj: str | None,
        *,
        literal: bool = ...,
        clause_mood: Literal["fact", "past", "plan", "wish"] | None = ...,
    ) -> None: ...
    def objects(self, obj_tok: Token, prt: str) -> None: ...
    def joined(self, noun: Token) -> None: ...
    def prep_object(self, prt: str) -> bool: ...
    def without_object(self, prt: str) -> None: ...


def phrasal_done(verb: Token, lemma: str, prt: str, mood: str) -> str | None:
    """ "Mam never found out", "Tom and I split up": a verb and its particle that WordNet lists
    as one verb, said in the past with no object, is an event of its subject, by its gerund
    and particle ("finding out"). Not a light verb's ("we got back": no activity named), nor a
    stop, a leaving or a move (data/cessation_verbs.txt, departure_verbs.txt,
    relocation_verbs.txt: changes, read as such), nor one said with "nearly"
    (data/near_miss_adverbs.txt), nor one with a phrase after it that says what it was ("went
    on to days"). A verb said alone without a particle stays unread: judged on dev, "I went",
    "the operation went well", "she turned forty" as events were wrong more often than "Dad
    sighed" was right."""
    if not prt or mood != "past" or lemma in words("light_verbs"):
        return None
    if any(c.dep_ in ("dative", "ccomp", "xcomp") or _says_what(c) for c in verb.children):
        return None
    if any(c.dep_ == "advmod" and c.lower_ in words("near_miss_adverbs") for c in verb.children):
        return None
    phrasal = f"{lemma}_{prt}"
    if phrasal in words("cessation_verbs") | words("departure_verbs") | words("relocation_verbs"):
        return None
    return None if lexicon.base(phrasal, "v") is None else f"{gerund(lemma)} {prt}"


def _says_what(prep: Token) -> bool:
    """A prepositional phrase after the verb that says what it was ("went on to days"), not
    when ("on Friday") nor how ("in the end")."""
    pobj = next((c for c in prep.children if c.dep_ == "pobj"), None)
    if prep.dep_ != "prep" or pobj is None:
        return prep.dep_ == "prep"
    return not (is_time(pobj) or adverbial_idiom(prep, pobj))


def read_objects(clause: _Clause, obj_tok: Token | None) -> None:
    """What the clause is about: its objects, a light verb's noun, a prepositional object,
    or the clause's own content ("we flew home")."""
    verb, lemma = clause.verb, clause.lemma
    prt = particle_of(verb)
    light = "keep" if obj_tok is None else light_object(lemma, obj_tok, clause.when is not None)
    if obj_tok is not None and (held := job_as(verb, obj_tok)) is not None:
        # "I got a job as a porter": works as a porter from then on.
        text = _object_text(held, clause.time_idx)
        clause.emit("works_as", text, clause_mood=taken_mood(clause.mood))
    if obj_tok is not None and light != "keep":
        if light == "join":
            clause.joined(obj_tok)
    elif obj_tok is not None:
        clause.objects(obj_tok, prt)
        # "We've a croft, sixty sheep, a few cows and a goose called Duncan": a list the
        # parser hung on the verb as several direct objects is read whole; a list closes with
        # "and ...", so a second object without one is an aside ("I quit the whisky shop,
        # too many hen parties").
        more = listed_after(verb, obj_tok)
        if any(c.dep_ == "conj" for m in more for c in m.children):
            for item in more:
                clause.objects(item, prt)
    elif lemma in CONTENT_WHEN_OBJECT and lemma not in ("have", "get", "do", "make", "take"):
        if phrasal_deed(verb):  # "I help out at the lifeboat shop": where, as its object
            clause.prep_object(prt)
    elif (doing := _gerund_after_prep(verb)) is not None:
        # "I switched to teaching law at the college": what is done now is the gerund's.
        clause.out.extend(
            _read_clause_inner(
                doing, clause.subject, clause.negated, clause.mood, clause.when, clause.time_idx
            )
        )
    elif not clause.prep_object(prt):
        before = len(clause.out)
        clause.without_object(prt)
        done = None if len(clause.out) > before else phrasal_done(verb, lemma, prt, clause.mood)
        if done is not None:
            clause.emit("does", done, literal=True)
