"""The reason for a change given as the sentence after it (issue 21, change28): "I turned down
the job in Leeds. The commute was two hours.", "Ollie's quit the band. He's got a baby on the
way." A speaker who tells of an ending (a verb of ending a doing, WordNet's discontinue and
the data's phrasal verbs), a plan called off, a refusal, or a negation said as a change ("not
... after all", "couldn't ... in the end") and goes straight on with a plain statement gives
that statement as the change's cause; it is kept as the change's purpose qualifier, so "Why
did Ollie quit the band?" reads it as "because" does. A change that already has a reason, a
question, or a sentence opened by a word of sequence or contrast ("Then", "So", "But") gives
none. Pure: reads the parse and the statements the reader built."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from resident.language.ending_aspect import ends_activity
from resident.language.held_shapes import refused_by
from resident.language.roles import RoleFill
from resident.language.statement import base_form
from resident.language.words import words

if TYPE_CHECKING:
    from spacy.tokens import Span

    from resident.language.statement import Statement

#: The role a reason is kept under (roles.py reads "because" and "so that" as it).
_REASON = "purpose"


def _phrasal(statement: Statement) -> str:
    """The statement's verb as WordNet and the data write it ("turns_down": turn_down)."""
    head, _, rest = statement.predicate.partition("_")
    verb = statement.verb or base_form(head)
    return f"{verb}_{rest}" if rest and rest not in ("to", "at", "in", "on", "with") else verb


def _said_as_change(sent: Span) -> bool:
    """Does the sentence say its negation as a change ("after all", "in the end")?"""
    text = f" {' '.join(t.lower_ for t in sent)} "
    return any(f" {m} " in text for m in words("change_end_markers"))


def is_change(statement: Statement, sent: Span) -> bool:
    """Is the statement a change: an ending, a calling-off, a refusal, or a negation the
    sentence says as a change?"""
    if statement.negated:
        return _said_as_change(sent)
    verb = _phrasal(statement)
    if statement.mood not in ("fact", "past"):
        return False
    return ends_activity(verb) or verb in words("cancelling_verbs") or bool(refused_by(verb))


def _gives_reason(sent: Span) -> bool:
    """May the sentence be a reason: a plain statement, not opened by a word of sequence or
    contrast, with a verb of its own?"""
    tokens = [t for t in sent if not t.is_space]
    if len(tokens) < 3 or tokens[-1].text == "?":
        return False
    if tokens[0].lower_ in words("reason_not_openers"):
        return False
    return any(t.pos_ in ("VERB", "AUX") for t in tokens)


def _text(sent: Span) -> str:
    return sent.text.strip().rstrip(".!").strip()


def with_reasons(read: Sequence[tuple[Span, list[Statement]]]) -> dict[int, Statement]:
    """For each change (by the id of its statement) that the next sentence gives the reason
    for, the change with that reason as its purpose."""
    out: dict[int, Statement] = {}
    for (sent, statements), (after, said_after) in zip(read, read[1:], strict=False):
        if not _gives_reason(after) or any(is_change(s, after) for s in said_after):
            continue
        for st in statements:
            if is_change(st, sent) and not any(r.role == _REASON for r in st.roles):
                reason = RoleFill(role=_REASON, text=_text(after))
                out[id(st)] = st.model_copy(update={"roles": (*st.roles, reason)})
    return out
