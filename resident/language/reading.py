"""Reading: clause-level open information extraction over spaCy's dependency parse. Pure.

A turn's text is split into sentences and coordinated clauses; each clause with a subject MAX can
name (the speaker, the listener, a name, "my sister Lena", he/she as the last person mentioned)
and a verb that carries content becomes a `Statement`. Chit-chat, thanks, questions, feelings and
clauses about "it"/"that" yield nothing: what is not read cleanly is not stored.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from resident.language.clauses import (
    _read_sentence,
)
from resident.language.phrases import Triple
from resident.language.refs import (
    _note_mentions,
)
from resident.language.statement import (
    _AUX_START,
    _WH,
    Context,
    Statement,
)

if TYPE_CHECKING:
    from spacy.tokens import Span


def is_question(sent: Span) -> bool:
    words = [t for t in sent if not t.is_punct]
    if not words:
        return False
    if sent.text.rstrip().endswith("?"):
        return True
    first = words[0].lower_
    return (
        first in _WH
        and any(t.dep_ == "ROOT" and t.i > words[0].i for t in sent)
        and (len(words) > 1 and words[1].lower_ in _AUX_START)
    )


# -- reading ---------------------------------------------------------------------------------------


def read(
    doc: object, ctx: Context | None = None, *, skip_first_person_intro: bool = True
) -> tuple[list[Statement], Context]:
    """The statements of a parsed text (a trained spaCy Doc), and the context after it."""
    from spacy.tokens import Doc

    assert isinstance(doc, Doc)
    ctx = ctx or Context()
    out: list[Statement] = []
    if not doc.has_annotation("DEP"):
        return out, ctx
    for sent in doc.sents:
        if is_question(sent):
            _note_mentions(sent, ctx)
            continue
        out.extend(_read_sentence(sent, ctx, skip_first_person_intro))
        _note_mentions(sent, ctx)
    return _unique(out), ctx


def _unique(items: Iterable[Statement]) -> list[Statement]:
    seen: dict[tuple[str, str, str], Statement] = {}
    for s in items:
        seen.setdefault((s.subject.model_dump_json(), s.stored_predicate, s.object.lower()), s)
    return list(seen.values())


def said_triple(doc: object) -> Triple | None:
    """The first statement of a text ("the capital of Australia is Canberra") as the phrases
    a correction or a "why" looks claims up by; None when the reader finds none."""
    statements, _ = read(doc, Context())
    for st in statements:
        if st.subject.role not in ("speaker", "name"):
            continue
        obj = st.object_ref.name if st.object_ref is not None else st.object
        if not obj:
            continue
        return Triple(
            subject=st.subject.name if st.subject.role == "name" else None,
            predicate=st.stored_predicate,
            object=obj,
            speaker=st.subject.role == "speaker",
            literal=st.literal,
        )
    return _shallow_triple(doc)


_ARTICLES = frozenset({"the", "a", "an"})


def _shallow_triple(doc: object) -> Triple | None:
    """ "colchicine treats gout", which the small parser reads as two nouns and a verb: from
    word order and WordNet alone, a noun phrase, a verb in the third person, a noun phrase.
    Only for looking a claim up (a "why" or a correction), never for storing one."""
    from spacy.tokens import Doc

    from resident.language import lexicon

    assert isinstance(doc, Doc)
    words = [t for t in doc if not t.is_punct]
    for i in range(1, len(words) - 1):
        w = words[i].lower_
        if not w.endswith("s") or w in ("is", "was", "has", "does") or lexicon.base(w, "v") is None:
            continue
        subject = [t.text for t in words[:i] if t.lower_ not in _ARTICLES]
        obj = [t.text for t in words[i + 1 :] if t.lower_ not in _ARTICLES]
        if not subject or not obj or any(t.pos_ in ("PRON", "AUX", "PART") for t in words[:i]):
            return None
        return Triple(subject=" ".join(subject), predicate=w, object=" ".join(obj))
    return None
