"""The language model's gate on composed answers: every fact a wording states must be one MAX
holds. A wording passes only when each of its content words (names, nouns, numbers,
adjectives, the verbs that are not mere framing) is in a held claim the reply rests on or in
the plain reply, and each clause's content words fit inside one such claim (or one line of the
plain reply): a drug never mentioned, a date that is not the claim's, a person nobody named,
or two held facts stitched into a third all fail, and the plain answer is used instead.

Pure: it takes the parsed wording (a spaCy Doc) and the held facts; the turn does the IO.
"""

from __future__ import annotations

import re
import threading
from collections.abc import Callable, Iterable, Sequence
from datetime import datetime
from typing import TYPE_CHECKING

from nltk.stem.porter import PorterStemmer
from pydantic import BaseModel, ConfigDict

from resident.language.words import words

if TYPE_CHECKING:
    from spacy.language import Language as SpacyLanguage
    from spacy.tokens import Doc, Token

    from resident.language.knowledge import ClaimView

#: Parts of speech that state something: a wording's token of one of these must be held.
_CONTENT_POS = frozenset({"NOUN", "PROPN", "NUM", "ADJ"})
_VERB_POS = frozenset({"VERB", "AUX"})
_WORD = re.compile(r"[^\W_]+(?:['\u2019][^\W_]+)*")
_stemmer = PorterStemmer()


def _stem(word: str) -> str:
    word = word.lower().replace("\u2019", "'")
    word = word.removesuffix("'s")
    return _stemmer.stem(word)


def stems(text: str) -> frozenset[str]:
    """The stems of every word in `text` ("Jonas plays the violin" -> jona, play, the, violin)."""
    return frozenset(_stem(w) for w in _WORD.findall(text))


def _date_words(at: datetime) -> str:
    """A time as a composed answer may say it: the ISO date, the day, month and weekday names."""
    return f"{at:%Y-%m-%d %Y %B %b %d %A %H:%M} {at.day}"


class HeldFact(BaseModel):
    """One claim an answer rests on, as the words that may state it."""

    model_config = ConfigDict(frozen=True)

    claim_id: str
    words: frozenset[str]


def held_fact(view: ClaimView) -> HeldFact:
    """The words of a held claim: its subject and object, its predicate, its plain line (which
    names its source) and, when it has one, the time it happened."""
    c = view.claim
    parts = [view.subject_label, view.object_label, c.predicate.replace("_", " "), view.line]
    if c.object_literal:
        parts.append(c.object_literal)
    if c.occurred_at is not None:
        parts.append(_date_words(c.occurred_at))
    return HeldFact(claim_id=c.id, words=stems(" ".join(parts)))


def held_facts(views: Iterable[ClaimView]) -> tuple[HeldFact, ...]:
    return tuple(held_fact(v) for v in views)


def _stop_words() -> frozenset[str]:
    from spacy.lang.en.stop_words import STOP_WORDS

    return frozenset(STOP_WORDS)


def _clause_head(tok: Token) -> Token:
    """The verb whose clause `tok` is in (the sentence root when there is none above it)."""
    x = tok
    while x.pos_ not in _VERB_POS and x.head.i != x.i:
        x = x.head
    return x


def _unit_lines(plain: str) -> list[frozenset[str]]:
    # A sentence ends at . ; ! or ? before a space or the end, not inside "+0.00".
    return [stems(line) for line in re.split(r"[.;!?]+(?=\s|$)|\n", plain) if line.strip()]


def unheld(doc: Doc, plain: str, facts: Sequence[HeldFact]) -> str | None:
    """None when every fact the wording `doc` states is held; otherwise why not."""
    units = [f.words for f in facts] + _unit_lines(plain)
    vocabulary = frozenset().union(*units) if units else frozenset()
    stop = _stop_words()
    framing = words("model_framing_verbs")
    parsed = doc.has_annotation("POS")

    def states(tok: Token) -> bool:
        if not _WORD.fullmatch(tok.text) or tok.lower_ in stop:
            return False
        if not parsed:
            return True  # a blank pipeline: every word that is not a stop word counts
        if tok.pos_ in _VERB_POS:
            return tok.lemma_.lower() not in framing
        return tok.pos_ in _CONTENT_POS or tok.ent_type_ != ""

    clauses: dict[int, set[str]] = {}
    for tok in doc:
        if not states(tok):
            continue
        stem = _stem(tok.text)
        if stem not in vocabulary and _stem(tok.lemma_ or tok.text) not in vocabulary:
            return f"{tok.text!r} is in no claim MAX holds"
        head = _clause_head(tok).i if parsed else tok.sent.start
        clauses.setdefault(head, set()).add(stem)
    for said in clauses.values():
        if len(said) > 1 and not any(said <= unit for unit in units):
            return f"{' '.join(sorted(said))!r} is not one claim MAX holds"
    return None


def locked_parser(nlp: Callable[[], SpacyLanguage], lock: threading.Lock) -> Callable[[str], Doc]:
    """Parse with the turn's shared pipeline, taking its lock as every parse does."""

    def parse(text: str) -> Doc:
        with lock:
            return nlp()(text)

    return parse
