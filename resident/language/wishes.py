"""A verb of wanting, planning or liking and the verb under it ("want to learn Spanish",
"loves to hike", "planning to move to Lisbon"): the inner verb carries the content, held
under the wish's predicate (wants_to_learn Spanish, plans_to_move_to Lisbon). Pure.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal, Protocol

from resident.language import lexicon
from resident.language.clause_parts import wished_object
from resident.language.objects import content_object, light_object
from resident.language.refs import _conjuncts, _object_text
from resident.language.statement import (
    _WISH_VERBS,
    ACTIVITIES,
    SOCIAL_VERBS,
    Context,
    _predicate,
    canonical_lemma,
    gerund,
)
from resident.language.words import words

if TYPE_CHECKING:
    from spacy.tokens import Token

Mood = Literal["fact", "past", "plan", "wish"]

#: Verbs of wanting: what follows them is a wish, not a deed ("want to learn Spanish").
DESIRES = words("desire_verbs")
#: What a wish to go or be somewhere may be about: a place, a building, a body of people, a
#: person (WordNet's classes; "get in touch with", "go for a walk" name none).
_WHERE_OR_WHO = frozenset({"noun.location", "noun.artifact", "noun.group", "noun.person"})


class Clause(Protocol):
    """The clause being read (clause_frame._Clause), as a wish needs it."""

    lemma: str
    mood: Mood
    time_idx: set[int]
    ctx: Context

    def emit(
        self,
        predicate: str | None,
        obj: str | None,
        *,
        literal: bool = False,
        verb_lemma: str | None = None,
        clause_mood: Mood | None = None,
    ) -> None: ...

    def prep_object(
        self, prt: str, head: Token | None, wished: tuple[str, str] | None, mood: Mood | None
    ) -> bool: ...


def wished(clause: Clause, xcomp: Token) -> None:
    """ "want to learn Spanish", "loves to hike": the inner verb carries the content."""
    lemma = clause.lemma
    inner_lemma = canonical_lemma(xcomp.lemma_.lower())
    # "stopped brewing beer" keeps its -ing: the claim reads "stops brewing beer".
    inner_base = xcomp.lower_ if xcomp.tag_ == "VBG" else inner_lemma
    # "trying to give up soda": the particle is part of the verb.
    inner_prt = next((c.lower_ for c in xcomp.children if c.dep_ == "prt"), "")
    inner_form = "_".join(w for w in (inner_base, inner_prt) if w)
    mood = "wish" if lemma in DESIRES else clause.mood
    obj_tok = wished_object(xcomp)
    if obj_tok is not None and light_object(inner_lemma, obj_tok, False) == "join":
        # "decided to give pottery a try": the noun is part of what is wished.
        inner_form = f"{inner_form}_{obj_tok.lemma_.lower()}"
        obj_tok = next((c for c in xcomp.children if c.dep_ == "dative"), None)
    if obj_tok is not None:
        for o in _conjuncts(obj_tok):
            if not content_object(o):
                continue
            clause.emit(
                _predicate(_WISH_VERBS[lemma], inner_form),
                _object_text(o, clause.time_idx),
                verb_lemma=inner_lemma,
                clause_mood=mood,
            )
    elif lemma in ("love", "like", "enjoy", "prefer") or inner_lemma in ACTIVITIES:
        clause.emit(_predicate(_WISH_VERBS[lemma]), gerund(inner_lemma), literal=True)
    elif lemma in DESIRES and _somewhere_or_someone(xcomp):
        # "planning to move to Lisbon", "needs to go to the dentist": with no object, the
        # inner verb's place or companion is what is wished, under the wish's predicate (a
        # wish to move is no move: "moves_to" would answer where someone lives).
        clause.prep_object(inner_prt, xcomp, (_WISH_VERBS[lemma], inner_base), mood)


def _somewhere_or_someone(verb: Token) -> bool:
    """Is the verb's first prepositional object a name, or a noun WordNet files first as a
    place, a made thing, a body of people or a person ("to Lisbon", "to the dentist", "with
    Bea"), not an idiom's noun ("in touch", "for a walk")?"""
    pobj = next(
        (o for p in verb.children if p.dep_ == "prep" for o in p.children if o.dep_ == "pobj"),
        None,
    )
    if pobj is None or verb.lemma_.lower() in SOCIAL_VERBS:
        # "want to talk to his gran": talk about talk states nothing (as in a plain clause).
        return False
    return where_or_who(pobj)


def where_or_who(pobj: Token) -> bool:
    """Is a wish's prepositional object a place, a made thing, a body of people or someone
    (a name, or WordNet's first class of the noun), not a piece of an idiom?"""
    if any(c.dep_ == "prep" and c.lower_ == "of" for c in pobj.children) and not any(
        c.dep_ == "det" for c in pobj.children
    ):
        return False  # "in front of everyone", "on top of it": a preposition in three words
    if pobj.pos_ == "PROPN":
        return True
    return lexicon.first_lexname(pobj.lemma_.lower(), "n") in _WHERE_OR_WHO
