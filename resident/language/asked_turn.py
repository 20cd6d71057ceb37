"""The question a turn puts to the next speaker, wherever in the turn it is (issue 21, answer26).

ellipsis.py reads a fragment answer with the question the turn before it asked, and took that
question only from the turn's last sentence. Between friends the question is often followed by
more ("Where are you staying? Somewhere near the sea, I hope."), or is a request to tell
("Go on, tell me what the job is."), and the answer after it is just as much an answer. So the
question a turn asks is, reading its sentences from the last:

- the first that is a question: it, when it has a verb (question_held.closing_question reads it),
  and none otherwise (a verbless one, "Any pets?", asks what no clause says; an earlier
  question is not what the answer answers);
- the first that asks someone to tell a wh-clause ("tell me what the job is", "tell MAX where
  you're living"): that clause said as the question it embeds ("what is the job?", "where are
  you living?"), its auxiliary put back before its subject; a clause with no auxiliary of its
  own ("what you did") would need "do" made up, and is left alone.

What is said after the question is read as any statement is; only the question is kept here.
Pure: the parse in, text out.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from resident.language.words import words

if TYPE_CHECKING:
    from collections.abc import Callable

    from spacy.tokens import Doc, Span, Token

_TELLING = words("answer_telling")
#: The tags of a wh-word ("what", "where", "which", "whose").
WH_TAGS = frozenset({"WP", "WRB", "WDT", "WP$"})
_SUBJECTS = frozenset({"nsubj", "nsubjpass"})
_AUX_DEPS = frozenset({"aux", "auxpass"})
#: The form of "do" a verb said without an auxiliary takes in its question, by the verb's tag.
_DO = {"VBZ": "does", "VBP": "do", "VBD": "did"}


def asked_in(
    doc: Doc, closing: Callable[[Doc], tuple[str | None, str | None]]
) -> tuple[str | None, str | None]:
    """The question the turn `doc` asks and the name it is put to (see the module's doc);
    `closing` reads a turn's closing question (question_held.closing_question)."""
    if not doc.has_annotation("DEP"):
        return None, None
    for sent in reversed(list(doc.sents)):
        if sent.text.rstrip().endswith("?"):
            return closing(sent.as_doc())
        told = told_to_tell(sent)
        if told is not None:
            return told, None
    return None, None


def told_to_tell(sent: Span) -> str | None:
    """The question a request to tell embeds ("Tell MAX what the job is." -> "what is the
    job?"), or None when the sentence is no such request."""
    root = sent.root
    if root.lemma_.lower() not in _TELLING or root.tag_ != "VB":
        return None
    if any(c.dep_ in _SUBJECTS for c in root.children):
        return None  # "I'll tell you what it is": a promise, not a request
    clause = next((c for c in root.children if c.dep_ == "ccomp"), None)
    if clause is None:
        return None
    said = [t for t in clause.subtree if not t.is_punct]
    if not said or said[0].tag_ not in WH_TAGS:
        return None
    return _inverted(clause, said)


def _inverted(clause: Token, said: list[Token]) -> str | None:
    """The embedded clause said as a question: its auxiliary (or copula) before its subject."""
    subject = next((c for c in clause.children if c.dep_ in _SUBJECTS), None)
    if subject is None:
        return None
    wh = [t.text for t in said if t.i < subject.left_edge.i]
    subj = [t.text for t in said if subject.left_edge.i <= t.i <= subject.right_edge.i]
    if not wh or said[len(wh)].i != subject.left_edge.i:
        return None  # words between the wh-phrase and the subject: not a plain embedded question
    aux = clause if clause.pos_ == "AUX" else None  # "what the job is"
    aux = aux or next((c for c in clause.children if c.dep_ in _AUX_DEPS), None)
    after = [t for t in said if t.i > subject.right_edge.i]
    if aux is not None:
        rest = [t.text for t in after if t != aux]
        inverted = aux.text
    elif clause.tag_ in _DO:  # "where he works" -> "where does he work"
        rest = [clause.lemma_ if t == clause else t.text for t in after]
        inverted = _DO[clause.tag_]
    else:
        return None
    if aux is not None and aux.i < subject.i:
        return None
    text = " ".join([*wh, inverted, *subj, *rest])
    return text[0].upper() + text[1:] + "?"
