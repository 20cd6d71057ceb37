"""A yes/no question read as the statement it asks about ("Is Biscuit ginger?": "Biscuit is
ginger."): the auxiliary put back after the subject, the sentence parsed again and read by the
statement reader, so the question has the shape the held claims were stored in. The parse of
an inverted question is the weak one (the small model reads "Is Biscuit ginger?" as one noun
"Biscuit ginger"); a declarative is what it parses best. Pure, but for the parser it is given.

The subject is not known before the parse: each cut after the auxiliary is tried, shortest
first, and the first whose parse makes exactly those words the subject of the verb is kept.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import TYPE_CHECKING

from resident.language import lexicon
from resident.language.answer_gap import untagged
from resident.language.matching import PREPS, STOP
from resident.language.question_reading import Query
from resident.language.reading import read
from resident.language.statement import Context, Statement
from resident.language.words import words

if TYPE_CHECKING:
    from spacy.tokens import Doc, Span

#: The auxiliaries that open a yes/no question ("Is", "Does", "Has", "Can", "Will" ...).
_OPENERS = words("declared_openers")
#: The subjects tried run to at most this many words ("Kieran's older brother Liam").
_MAX_SUBJECT = 6
_SUBJECTS = frozenset({"nsubj", "nsubjpass", "expl"})
#: The words that open a clause asked of ("that", "if", "whether").
_MARKS = frozenset({"that", "if", "whether"})


def declared_query(sent: Span, ctx: Context, parse: Callable[[str], Doc]) -> Query | None:
    """The question `sent` read as its statement, as a yes/no Query; None when it is no
    yes/no question, or no cut of it reads as one statement."""
    head = untagged(sent.text)
    if head != sent.text:
        # "Oskar is a carpenter, isn't he?": the statement before the tag, as it was said.
        return _read_as(head.rstrip(" ?") + ".", ctx, parse, None)
    said = [t for t in sent if not t.is_punct]
    if len(said) < 3 or said[0].lower_ not in _OPENERS:
        return None
    clause = _embedded(sent)
    if clause is not None:
        # "Is it true that Oskar is a carpenter?", "Do you know if Oskar drinks?": the clause.
        return _read_as(clause + ".", ctx, parse, None)
    aux, rest = said[0], said[1:]
    for cut in range(1, min(len(rest), _MAX_SUBJECT + 1)):
        subject, tail = rest[:cut], rest[cut:]
        text = " ".join([*(t.text for t in subject), aux.lower_, *(t.text for t in tail)]) + "."
        query = _read_as(text, ctx, parse, cut, past=aux.tag_ == "VBD")
        if query is not _NO_SUBJECT:
            return query
    return None


#: A cut whose parse did not make its words the subject: the next cut is tried.
_NO_SUBJECT = Query(wh="yes", subject=None, verb="")


def _read_as(
    text: str, ctx: Context, parse: Callable[[str], Doc], cut: int | None, past: bool = False
) -> Query | None:
    """A declarative read by the statement reader (on a copy of the talk's context, which
    a question must not change), as a Query when it reads as one statement."""
    doc = parse(text)
    if cut is not None and not _subject_is(doc, cut):
        return _NO_SUBJECT
    statements, _ = read(doc, copy.deepcopy(ctx), skip_first_person_intro=False)
    return _as_query(statements[0], past, text) if len(statements) == 1 else None


def _embedded(sent: Span) -> str | None:
    """The clause a question asks of through a frame put to MAX ("Is it true that ...", "Do
    you know whether ..."): the complement opened by a complementiser under a root whose
    subject is "it" or "you"; None when none ("Did Ana say that ..." asks what Ana said)."""
    root = sent.root
    if not any(c.dep_ in _SUBJECTS and c.lower_ in ("it", "you") for c in root.children):
        return None
    heads = [root, *(c for c in root.children if c.dep_ == "acomp")]
    for clause in (c for h in heads for c in h.children if c.dep_ == "ccomp"):
        mark = next((c for c in clause.children if c.dep_ == "mark"), None)
        if mark is not None and mark.lower_ in _MARKS:
            return " ".join(t.text for t in clause.subtree if t.i != mark.i and not t.is_punct)
    return None


def _subject_is(doc: Doc, cut: int) -> bool:
    """Does the declarative's parse make its first `cut` words the subject of its verb?"""
    sents = list(doc.sents)
    if len(sents) != 1:
        return False
    root = sents[0].root
    subj = next((c for c in root.children if c.dep_ in _SUBJECTS), None)
    return subj is not None and subj.left_edge.i == 0 and subj.right_edge.i == cut - 1


def _as_query(st: Statement, past: bool, text: str) -> Query | None:
    """A statement as the yes/no question of it: its verb, its preposition, its object's
    content words; a plan asks what is ahead. None for a relation ("Is Tomasz Kasia's
    boyfriend?"), which the kin answers read, and for a copula with nothing said of it."""
    parts = st.predicate.split("_")
    if len(parts) == 2 and parts[-1] == "of":
        return None
    prep = parts[-1] if len(parts) > 1 and parts[-1] in PREPS else None
    named = st.object or (st.object_ref.name if st.object_ref is not None else None) or ""
    said = (w for w in named.lower().replace("-", " ").split() if w not in STOP)
    obj = tuple(dict.fromkeys(lexicon.base(w, "n") or w for w in said if w.isalpha()))
    verb = st.verb or parts[0]
    if not obj and verb in ("be", "have", "do"):
        return None
    return Query(
        wh="yes",
        subject=st.subject,
        verb=verb,
        prep=prep,
        object_words=obj,
        negated=st.negated,
        past=past or st.mood == "past",
        ahead=st.mood == "plan",
        declared=text,
    )
