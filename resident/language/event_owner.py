"""Whose a bare event is (issue 21, refs28): "When's the interview?" - "Thursday." after "I've
applied for a job at the library", or "The wedding is in June" after "Greta got engaged": a
definite event noun with no owner of its own ("the interview", not "an interview") is the
event of the one person the talk was just about, the subject of the clauses read in the last
turn that said something of someone. Only when that is one person: "Lucia got engaged and
Tom asked her ..., the wedding is ..." names two, and the event stays bare. Pure (the context
is the talk's state).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from resident.language.statement import Ref, Statement

if TYPE_CHECKING:
    from spacy.tokens import Token

    from resident.language.statement import Context

#: How many turns back the talk's subject may be: the statement, the other's question, the
#: answer ("I've applied ..." / "When's the interview?" / "Thursday.").
_TURNS_BACK = 2


def note_subject(ctx: Context, st: Statement) -> None:
    """Keep the people a turn said something of, for a bare event said after it; not the
    speaker's own "I'm Ola" (an introduction, or what the speaker is, owns no event)."""
    subject = st.subject
    if subject.kind != "person" or subject.role not in ("name", "kin", "speaker"):
        return
    if subject.role == "speaker" and st.predicate == "is_a":
        return
    turn, speaker, said = ctx.people_said or (ctx.turn, ctx.speaker, ())
    if turn != ctx.turn:
        said = ()
    if subject not in said:
        said = (*said, subject)
    ctx.people_said = (ctx.turn, ctx.speaker, said)


def event_owner(subj_tok: Token, ctx: Context) -> Ref | None:
    """The one person a definite, ownerless event noun belongs to, or None."""
    if not any(c.dep_ == "det" and c.lower_ == "the" for c in subj_tok.children):
        return None  # "an interview", "this wedding": not the one just talked of
    if any(c.dep_ in ("poss", "compound", "amod", "prep") for c in subj_tok.children):
        return None  # "the Khans' wedding", "the job interview at ...": said of its own
    if ctx.people_said is None:
        return None
    turn, speaker, said = ctx.people_said
    if ctx.turn - turn > _TURNS_BACK or len(said) != 1:
        return None
    (owner,) = said
    if owner.role == "name":
        return owner
    # "I", "my sister": the teller's own, so only when the teller says the event too.
    return owner if speaker == ctx.speaker else None
