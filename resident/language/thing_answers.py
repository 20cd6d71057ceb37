"""What happened to a thing, asked with the thing as the gap: "What broke on Tuesday?", "What
got fixed?", "What is in the shed?". The things the talk said something of
(statement.Context.things) are the candidate subjects; the question is answered from their
statements as any question about a subject is (asking.answer_query), and the answer is the
thing itself. Reads only.
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime

from resident.language.asking import Resolved, answer_query, hedge
from resident.language.dictionary import Dictionary
from resident.language.knowledge import Answer, resolve
from resident.language.question_reading import Query

#: How many of the latest things said of are looked through: a question about what broke is
#: about the talk of late, and each thing costs a lookup.
_LATEST = 64

#: Verbs that ask what something is or has, never what befell a thing.
_NOT_EVENTS = frozenset({"be", "have", "do", "happen", "say", "tell"})


def what_befell(
    reads: Dictionary,
    query: Query,
    asked_of: Resolved | None,
    things: Iterable[str],
    now: datetime,
    limit: int,
) -> Answer | None:
    """The thing the question's gap names ("What broke on Tuesday?": the boiler), when the
    statements of exactly one thing answer it; None otherwise (two things that broke is no
    one answer this reader can rank)."""
    if asked_of is not None or query.subject is not None or query.wh != "what":
        return None
    if query.object_words:
        return None
    placed = query.verb == "be" and query.prep is not None  # "What is in the shed?"
    if query.verb in _NOT_EVENTS and not placed or query.type_noun:
        return None
    latest = list(things)[-_LATEST:]
    ids = list(dict.fromkeys(e.id for name in latest for e in resolve(reads, name)))
    if not ids:
        return None
    found = answer_query(reads, query, Resolved(ids=ids, name="it"), now, limit=limit)
    if found is None or not found.claims:
        return None
    subjects = {v.claim.subject for v in found.claims}
    if len(subjects) != 1:
        return None
    label = reads.label(subjects.pop())
    lines = [f"The {label}. {hedge(found.claims[0].claim)}", *found.text.split("\n")[1:]]
    return found.model_copy(update={"short": label, "text": "\n".join(lines)})
