"""What a clause was done for, said as a to-infinitive ("I'm going to Leeds to visit Mum", "she
went to the shop in order to buy milk"): the infinitive is a deed of its own, by the clause's
subject and said as the clause is said (a trip planned plans the visit, a trip made made it),
kept beside the clause, whose purpose qualifier names it (roles.py). Pure.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from resident.language.dated_events import no_deed
from resident.language.roles import (
    Modality,
    clause_text,
    in_order_to,
    is_person_like,
    purpose_infinitive,
)
from resident.language.statement import Ref, Statement

if TYPE_CHECKING:
    from spacy.tokens import Token

#: How the purpose is said, by how its clause is: a present state's or a plan's purpose is
#: not done yet ("she's saving up to buy a car": a plan), a past deed's was.
_PURPOSE_MODALITY: dict[Modality, Modality] = {
    "done": "done",
    "plan": "plan",
    "wish": "wish",
    "habit": "habit",
    "state": "plan",
}
_MOOD = {"done": "past", "plan": "plan", "wish": "wish", "habit": "fact"}


def purpose_verbs(verb: Token) -> list[Token]:
    """The to-infinitives under `verb` that say what it was done for: an adverbial clause
    with "to" and no subject of its own, or "in order to" (parsed as "in" + "order" + a
    clause on the noun). Never "to be" something (studying to be a nurse says no one is one
    yet), and never a clause of a verb denied (nothing says what it would have been for)."""
    out = []
    for child in verb.children:
        if purpose_infinitive(child):
            out.append(child)
        elif child.dep_ == "prep" and (inner := in_order_to(child)) is not None:
            out.append(inner)
    if not out or _someone_sent(verb):
        return []
    return [v for v in out if v.lemma_.lower() != "be" and not _denied(v) and not _too(verb, v)]


def _someone_sent(verb: Token) -> bool:
    """ "I sent Tom to the shop to buy milk", "drove Mum in to see the doctor": whose the
    purpose is, the one sent or the sender, the parse does not say, so it is read as no one's."""
    return any(c.dep_ in ("dobj", "dative") and is_person_like(c) for c in verb.children)


def _too(verb: Token, inner: Token) -> bool:
    """ "left too late to catch the train", "not old enough to vote": the infinitive is what
    was not done, or what a degree allows, never a deed done."""
    said = {t.i for t in inner.subtree}
    return any(
        t.lower_ in _DEGREE for t in verb.subtree if t.i not in said and t.i < inner.i
    ) or any(t.lower_ in _DEGREE for t in inner.children)


#: Words of degree that make a to-infinitive what is (not) reached: "too late to", "enough".
_DEGREE = frozenset({"too", "enough"})


def _denied(verb: Token) -> bool:
    return any(c.dep_ == "neg" for c in verb.children)


def main_statements(verb: Token, inner: Token, read: list[Statement]) -> list[Statement]:
    """The statements of `verb`'s clause that hold `inner` as their purpose, not denied."""
    said = clause_text(inner)
    return [
        st
        for st in read
        if not st.negated and any(r.role == "purpose" and r.text == said for r in st.roles)
    ]


def as_purpose(
    main: Statement, done: list[Statement], verb: Token, doers: set[Ref]
) -> list[Statement]:
    """The purpose clause's statements, said as `main` (read from `verb`) is said and at its
    time. A present said simply is a habit and so is its aim ("gets up at six to do yoga");
    one said in progress is under way and its aim ahead ("is saving up to buy a car")."""
    modality = _PURPOSE_MODALITY.get(main.modality)
    if main.modality == "state" and verb.tag_ in ("VBZ", "VBP"):
        modality = "habit"
    if modality is None:
        return []
    times = tuple(r for r in main.roles if r.role == "time")
    out = []
    for st in done:
        if st.negated or st.object == "" or st.subject != main.subject:
            continue
        if _owned_by_other(st, doers):
            continue
        kept = st.roles + tuple(r for r in times if r not in st.roles)
        update = {"modality": modality, "mood": _MOOD[modality], "roles": kept}
        out.append(st.model_copy(update={**update, "when": st.when or main.when}))
    return out


#: Subordinators of a clause that says why ("because he was ill", "since the bus was late").
_REASON_MARKS = frozenset({"because", "since"})


def done_for_a_reason(verb: Token, lemma: str) -> bool:
    """A deed told with its reason ("we moved here because of Tom's job"): told as an event,
    as one told with its time is, so that the reason has a statement to be the reason of."""
    if no_deed(lemma):
        return False
    for child in verb.children:
        if child.dep_ == "prep" and child.lower_ == "because":
            return True
        if child.dep_ == "advcl" and any(
            m.dep_ == "mark" and m.lower_ in _REASON_MARKS for m in child.children
        ):
            return True
    return False


#: Modals of a clause of purpose after "so (that)": "so she could travel", "so that I can".
_ABLE = frozenset({"can", "could", "ca"})


Mood = Literal["fact", "past", "plan", "wish"]


def purpose_mood(verb: Token, main_mood: Mood | None) -> Mood | None:
    """The mood of "so (that) she could travel" hung on a clause by the same subject ("She
    took a gap year so she could travel"): what it was done for, said as that clause is (a
    past deed's purpose done, a present one's ahead); None for any other clause. Not one
    denied ("so we couldn't go out" says what could not be), nor one by someone else."""
    if verb.dep_ != "advcl" or main_mood is None or _denied(verb):
        return None
    marks = [m.lower_ for m in verb.children if m.dep_ == "mark"]
    if (
        not marks
        or marks[0] != "so"
        or not any(c.dep_ == "aux" and c.lower_ in _ABLE for c in verb.children)
    ):
        return None
    mine = next((c for c in verb.children if c.dep_ == "nsubj"), None)
    theirs = next((c for c in verb.head.children if c.dep_ == "nsubj"), None)
    if mine is None or theirs is None or not _same_doer(mine, theirs):
        return None
    if no_deed(verb.head.lemma_.lower()):
        return None  # "it was raining so we could ...": what followed, not what for
    if main_mood == "fact" or any(c.lower_ in ("can", "ca") for c in verb.children):
        return "plan"  # "I started lessons so I can make a speech": still ahead
    return main_mood


#: Pronouns that may take up a name or a noun said as the clause's subject ("Tom ... he").
_TAKEN_UP = frozenset({"he", "she", "they"})


def _same_doer(mine: Token, theirs: Token) -> bool:
    """Is the subject of "so ... could" the one of the clause it is for: the same pronoun, or
    he/she/they after a name or a noun ("Tom sold his car so he could ...")."""
    if mine.lower_ == theirs.lower_:
        return True
    return mine.lower_ in _TAKEN_UP and theirs.pos_ in ("PROPN", "NOUN")


def _owned_by_other(st: Statement, doers: set[Ref]) -> bool:
    """ "Nisha drove to Leicester to see her sister": whose relative a purpose names by a
    pronoun is one of who went, never a name said between (a place, a friend): a relative
    owned by anyone else is left unread."""
    ref = st.object_ref
    if ref is None or ref.role != "kin" or ref.owner is None:
        return False
    names = {d.name for d in doers if d.role == "name"}
    return ref.owner.role == "name" and ref.owner.name not in names
