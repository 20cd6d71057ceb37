"""Two people as one subject of a verb they do to each other: "Tom and I are getting married",
"Lena and Tom split up last year". Each conjunct gets the clause as its own statement already
(clauses.py); for a reciprocal verb (data/reciprocal_verbs.tsv) the relation between them is
stored as well, in the form the same fact takes when told with one of them as the object ("Tom
marries Ana", "Lena splits_up_with Tom"), with the clause's time and mood. Pure.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from resident.language.clause_parts import _negated, verb_mood
from resident.language.objects import _direct_object
from resident.language.refs import subject_ref
from resident.language.statement import Context, Ref, Statement
from resident.language.words import table

if TYPE_CHECKING:
    from spacy.tokens import Token

_RECIPROCAL = table("reciprocal_verbs")


def _verb_key(verb: Token) -> str:
    lemma = verb.lemma_.lower()
    prt = next((c.lower_ for c in verb.children if c.dep_ == "prt"), "")
    return f"{lemma}_{prt}" if prt else lemma


def _said_as(ref: Ref, tok: Token) -> str:
    """How the other one reads as an object: the name, "me", or the phrase ("my sister")."""
    if ref.role == "speaker":
        return "me"
    if ref.name:
        return ref.name
    own = [t for t in tok.subtree if t.dep_ not in ("cc", "conj", "punct") and t.head.i == tok.i]
    words = sorted([tok, *(t for o in own for t in o.subtree)], key=lambda t: t.i)
    return " ".join(t.text for t in words)


def between(
    verb: Token, conjuncts: Sequence[Token], out: Sequence[Statement], ctx: Context
) -> list[Statement]:
    """The relation between the two people of a coordinated subject, for a reciprocal verb
    with no object of its own; nothing for three or more, for an object ("Tom and I painted
    the fence"), or for one the clause already names as a partner ("met with Lena")."""
    predicate = _RECIPROCAL.get(_verb_key(verb))
    if predicate is None or len(conjuncts) != 2 or _direct_object(verb) is not None:
        return []
    if any(c.dep_ == "prep" and c.lower_ in ("with", "to", "from") for c in verb.children):
        return []
    first, second = (subject_ref(t, ctx) for t in conjuncts)
    if first is None or second is None or first == second:
        return []
    # The first one's own statement gives the clause's mood and time; "Tom and I split up"
    # may have none (a verb with nothing after it), and then the clause's own mood is read.
    told = next((st for st in out if st.subject == first), None) or Statement(
        subject=first,
        predicate=predicate,
        object="",
        negated=_negated(verb),
        mood=verb_mood(verb) or "fact",
        verb=verb.lemma_.lower(),
    )
    relation = told.model_copy(
        update={
            "predicate": predicate,
            "object": _said_as(second, conjuncts[1]),
            "object_ref": second,
            "literal": False,
            "roles": (),
        }
    )
    return [relation]


def lost_conjunct(subj_tok: Token, ctx: Context) -> Token | None:
    """The first person of "Grandad and I planted the tree" when the parser made "Grandad" the
    sentence's root (or a loose noun of the verb) and "I" the verb's only subject: a noun
    right before the "and" that opens the subject, governed by no verb as an argument."""
    if subj_tok.i < 2 or subj_tok.dep_ != "nsubj":
        return None
    cc = subj_tok.doc[subj_tok.i - 1]
    noun = cc.head
    if cc.lower_ != "and" or cc.dep_ != "cc" or noun.i >= cc.i:
        return None
    loose = noun.dep_ == "ROOT" or (noun.dep_ == "npadvmod" and noun.head == subj_tok.head)
    right_before = max(t.i for t in noun.subtree if t.i < cc.i) == cc.i - 1
    # "Last Sunday, ... and I walked": a day is no one, whatever name it seems.
    person = noun.pos_ in ("NOUN", "PROPN") and noun.ent_type_ in ("", "PERSON")
    if not loose or not right_before or not person:
        return None
    # Only someone MAX can name: "Great news and I got the job" has no second subject.
    return noun if subject_ref(noun, ctx) is not None else None
