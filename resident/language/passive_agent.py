"""A passive said with who did it: "I was visited yesterday by the vicar", "Tolu was picked by
the coach": the doer ("by ...") is the statement's subject and the one it was done to its
object, as the active clause would say it ("the vicar visits me"). Pure, over the parse.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from resident.language import lexicon
from resident.language.clause_parts import _mood, _negated, _time_tokens
from resident.language.objects import conditional
from resident.language.phrases import third_person
from resident.language.refs import subject_ref
from resident.language.roles import modality
from resident.language.statement import (
    REPORTING,
    SOCIAL_VERBS,
    Context,
    Ref,
    Statement,
    _predicate,
    verb_lemma,
)
from resident.language.words import words

if TYPE_CHECKING:
    from spacy.tokens import Token


def done_by(verb: Token, patient: Ref | None, patient_tok: Token, ctx: Context) -> Statement | None:
    """The active statement of a passive clause with a "by" agent who is someone MAX can name
    (a person or a relative; "bitten by a dog" names no one), or None. The one it was done to
    may be a thing no one owns ("the roses were planted by Margaret": she plants the roses)."""
    agent = next((c for c in verb.children if c.dep_ == "agent"), None)
    doer_tok = (
        None if agent is None else next((c for c in agent.children if c.dep_ == "pobj"), None)
    )
    if doer_tok is None or verb.tag_ != "VBN":
        return None
    if any(c.dep_ in ("dobj", "dative", "attr", "oprd", "neg") for c in verb.children):
        return None  # "was given a watch by ...": two objects; a negation says nothing done
    doer = subject_ref(doer_tok, ctx)
    mood = _mood(verb)
    predicate = _predicate(third_person(verb_lemma(verb)))
    if doer is None or doer.kind != "person" or mood is None or predicate is None:
        return None
    when, _ = _time_tokens(verb)
    return Statement(
        subject=doer,
        predicate=predicate,
        object=_patient_text(patient, patient_tok),
        object_ref=patient,
        mood=mood,
        when=when,
        verb=verb_lemma(verb),
    )


def _patient_text(patient: Ref | None, tok: Token) -> str:
    """The name of the one a passive's deed was done to; a thing by its noun and the words
    before it, without its article or what hangs after it ("the roses in the garden": roses)."""
    if patient is not None and patient.name:
        return patient.name
    if patient is not None:
        return " ".join(t.text for t in tok.subtree if not t.is_punct)
    said = tok.doc[tok.left_edge.i : tok.i + 1]
    return " ".join(t.text for t in said if not t.is_punct and t.dep_ not in ("det", "poss"))


def done_to(verb: Token, subject: Ref) -> Statement | None:
    """ "I was promoted on Monday", "Tolu got picked for the borough team": a passive said of
    a person or a pet with no one named doing it, whose participle is a verb (not an adjective:
    those are states, `state_passive`), is an event that befell the subject ("gets promoted"),
    kept as said so the question "When was Bea promoted?" finds it. Nothing is stored where
    the clause is negated, conditioned, wished, a report ("was told that ...") or has a second
    object ("was given a watch"): what happened is then not what was said."""
    # A name the recogniser did not tag is still someone named ("Tolu got picked").
    named = subject.kind in ("person", "animal") or subject.role == "name"
    if not named or verb.tag_ != "VBN":
        return None
    auxpass = next((c for c in verb.children if c.dep_ == "auxpass"), None)
    if auxpass is None or not _own_clause(verb):
        return None
    if any(c.dep_ in _NOT_DONE_TO for c in verb.children) or _negated(verb):
        return None
    lemma = verb_lemma(verb)
    if lemma in REPORTING or lemma in SOCIAL_VERBS or not lexicon.base(verb.lower_, "v"):
        return None
    mood = _mood(verb)
    if modality(verb, mood) == "hypothetical" or conditional(verb) or mood in (None, "wish"):
        return None
    became = lexicon.base(auxpass.lower_, "v") == "get"
    return Statement(
        subject=subject,
        predicate="gets" if became else "is",
        object=verb.lower_,
        literal=True,
        verb="get" if became else "be",
    )


def _own_clause(verb: Token) -> bool:
    """Is the passive a clause said for itself: the sentence's own, one joined to it, one the
    parser hung on it without a conjunction ("Tolu got picked yesterday, we're all proud"), or
    one the speaker says they know or heard, not one they only believe, hope or are asked?"""
    if verb.dep_ in ("ROOT", "conj", "parataxis"):
        return True
    if verb.dep_ == "advcl":
        return not any(c.dep_ == "mark" for c in verb.children)
    held = verb.head.lemma_.lower()
    return verb.dep_ == "ccomp" and held not in words("belief_verbs") | words("desire_verbs")


#: Children that make a passive say more than that it befell its subject: who did it, a second
#: object, a clause said or asked of them ("was asked to read", "was told that ...").
_NOT_DONE_TO = frozenset(
    {"agent", "dobj", "dative", "attr", "oprd", "xcomp", "ccomp", "acomp", "mark"}
)
