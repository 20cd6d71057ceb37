"""A passive said with who did it: "I was visited yesterday by the vicar", "Tolu was picked by
the coach": the doer ("by ...") is the statement's subject and the one it was done to its
object, as the active clause would say it ("the vicar visits me"). Pure, over the parse.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from resident.language.clause_parts import _mood, _time_tokens
from resident.language.phrases import third_person
from resident.language.refs import subject_ref
from resident.language.statement import Context, Ref, Statement, _predicate, verb_lemma

if TYPE_CHECKING:
    from spacy.tokens import Token


def done_by(verb: Token, patient: Ref, patient_tok: Token, ctx: Context) -> Statement | None:
    """The active statement of a passive clause with a "by" agent who is someone MAX can name
    (a person or a relative; "bitten by a dog" names no one), or None."""
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
        object=patient.name or " ".join(t.text for t in patient_tok.subtree if not t.is_punct),
        object_ref=patient,
        mood=mood,
        when=when,
        verb=verb_lemma(verb),
    )
