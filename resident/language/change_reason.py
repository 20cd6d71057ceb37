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
from resident.language.statement import REPORTING, base_form
from resident.language.words import words

if TYPE_CHECKING:
    from spacy.tokens import Span, Token

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


def _consequence(head: Token) -> bool:
    """Does the clause tell what came of the change, not its cause: what replaced it ("I swim
    instead", "I'm tutoring now", data/replacing_words.txt) or a parting or ending after it
    ("We sold his car", "She handed her licence in")?"""
    if any(t.lower_ in words("replacing_words") for t in head.subtree):
        return True
    prt = next((c.lower_ for c in head.children if c.dep_ == "prt"), "")
    verb = f"{head.lemma_.lower()}_{prt}" if prt else head.lemma_.lower()
    parting = words("parting_verbs") | words("relinquishing_verbs") | words("cancelling_verbs")
    return verb in parting or ends_activity(verb)


def _gives_reason(sent: Span) -> bool:
    """May the sentence be a reason: a plain statement with a verb at its head, not opened by
    a word of sequence or contrast, not telling what came of the change?"""
    tokens = [t for t in sent if not t.is_space]
    if len(tokens) < 3 or tokens[-1].text == "?":
        return False
    if tokens[0].lower_ in words("reason_not_openers"):
        return False
    return sent.root.pos_ in ("VERB", "AUX") and not _consequence(sent.root)


def _text(sent: Span) -> str:
    return sent.text.strip().rstrip(".!").strip()


def _own_clause(head: Token) -> bool:
    """Has the verb a subject of its own, and more to say than a hedge ("I think")?"""
    if not any(c.dep_ in ("nsubj", "nsubjpass") for c in head.children):
        return False
    said = [c for c in head.children if c.dep_ not in ("nsubj", "punct", "ccomp", "aux", "neg")]
    return bool(said) or head.lemma_.lower() not in REPORTING


def _spliced_clause(verb: Token) -> Token | None:
    """The head of the clause spliced after the change's own with a comma ("I quit last week,
    the manager kept cutting my hours"): the parser hangs the change on it (ccomp) or it on
    the change (conj, parataxis). None when a conjunction joins them ("and", "but": what
    came next) or no comma stands between."""
    if verb.dep_ == "ccomp" and verb.head.i > verb.i:
        head: Token | None = verb.head
        ends = verb.right_edge.i
    else:
        spliced = ("conj", "parataxis", "ccomp")
        head = next((c for c in verb.children if c.dep_ in spliced and c.i > verb.i), None)
        ends = head.left_edge.i - 1 if head is not None else 0
    if head is None or not _own_clause(head) or ends + 1 >= len(verb.doc):
        return None
    if verb.doc[ends + 1].text != "," and verb.doc[ends].text != ",":
        return None
    if any(c.dep_ in ("cc", "mark") for c in head.children):
        return None  # "..., but she ...", "..., so we ...": no reason
    return head


def _clause_text(head: Token) -> str:
    """The spliced clause from its subject on ("the manager kept cutting my hours")."""
    subj = next(c for c in head.children if c.dep_ in ("nsubj", "nsubjpass"))
    start = subj.left_edge.i
    end = max(t.i for t in head.subtree if not t.is_punct)
    return head.doc[start : end + 1].text


def spliced_reason(sent: Span, statement: Statement) -> str | None:
    """The reason a change is given in the clause spliced after it in the same sentence."""
    verb = next((t for t in sent if t.pos_ in ("VERB", "AUX") and t.lemma_ == statement.verb), None)
    if verb is None:
        return None
    head = _spliced_clause(verb)
    if head is None or head.lemma_.lower() == statement.verb:
        return None
    if head.lemma_.lower() in words("cessation_verbs") or _consequence(head):
        return None  # "I quit smoking, I swim instead": what came of it, no reason
    return _clause_text(head)


def _next_gives(after: Span, said: Sequence[Statement]) -> bool:
    """May the next sentence be the reason: a plain statement that is no change itself?"""
    return _gives_reason(after) and not any(is_change(s, after) for s in said)


def _reasoned(st: Statement, text: str) -> Statement:
    return st.model_copy(update={"roles": (*st.roles, RoleFill(role=_REASON, text=text))})


def with_reasons(read: Sequence[tuple[Span, list[Statement]]]) -> dict[int, Statement]:
    """For each change (by the id of its statement) given a reason in the clause spliced
    after it or in the next sentence, the change with that reason as its purpose."""
    out: dict[int, Statement] = {}
    for n, (sent, statements) in enumerate(read):
        after = read[n + 1] if n + 1 < len(read) else None
        next_gives = after is not None and _next_gives(*after)
        for st in statements:
            if not is_change(st, sent) or any(r.role == _REASON for r in st.roles):
                continue
            spliced = spliced_reason(sent, st)
            if spliced is not None:
                out[id(st)] = _reasoned(st, spliced)
            elif next_gives and after is not None:
                out[id(st)] = _reasoned(st, _text(after[0]))
    return out
