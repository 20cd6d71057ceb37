"""The table rules' shapes and words: intents, triples, parsed turns, the relation table (data
files under resident/language/data) and helpers over spaCy's tokens that work with
`spacy.blank("en")`. Pure.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from enum import StrEnum
from typing import TYPE_CHECKING, NamedTuple

from pydantic import BaseModel, ConfigDict

from resident.language.words import rows, table, words

if TYPE_CHECKING:
    from spacy.tokens import Doc


class Intent(StrEnum):
    GREETING = "greeting"
    FAREWELL = "farewell"
    HOW_ARE_YOU = "how_are_you"
    INTRODUCTION = "introduction"
    STATEMENT = "statement"
    CORRECTION = "correction"
    QUESTION = "question"
    WHY = "why"
    PRAISE = "praise"
    HOSTILITY = "hostility"
    #: "What have you read?", "What is <title> about?" ... (resident.literature.answers).
    READING = "reading"
    UNKNOWN = "unknown"


class QuestionKind(StrEnum):
    OBJECT = "object"  # "What does aspirin treat?", "When is Ana's birthday?"
    SUBJECT = "subject"  # "What treats headache?"
    ABOUT = "about"  # "What do you know about Ana?"
    CHECK = "check"  # "Does aspirin treat headache?"


class Triple(BaseModel):
    """A statement as said: phrases, not yet entities. A subject or object of None is the
    unknown a question asks for, unless `speaker` says the subject is the person talking."""

    model_config = ConfigDict(frozen=True)

    subject: str | None
    predicate: str
    object: str | None
    #: The subject is the speaker ("I live in Lisbon", "my birthday").
    speaker: bool = False
    #: The object is a value (a date, a number, a name), kept as a literal, not an entity.
    literal: bool = False


class Parsed(BaseModel):
    """What a turn's text asks of MAX."""

    model_config = ConfigDict(frozen=True)

    intent: Intent
    text: str
    greeted: bool = False
    #: introduction: the name given.
    name: str | None = None
    #: introduction: "call me ...": another name the speaker goes by, not someone else.
    nickname: bool = False
    #: correction and why: what the turn says is so, as text, read by the statement reader.
    said: str | None = None
    #: correction and why: that statement as the reader read it (set by the turn).
    triple: Triple | None = None
    question: QuestionKind | None = None
    #: question ABOUT and why without a statement: the subject phrase (None = the speaker).
    about: str | None = None
    #: why: "why do you think that?" refers to what MAX said last.
    refers_back: bool = False
    #: unknown: why the text was not understood, for the reply.
    reason: str | None = None


class Word(NamedTuple):
    text: str
    norm: str
    ws: str


#: Predicates whose claims read "subject <verb> object" when rendered (the rest read as
#: attributes: "Ana's birthday is 3 May"): the canonical verbs and relation phrases.
VERB_PREDICATES = frozenset(
    {r[0] for r in rows("relation_verbs")}
    | {spec.split()[0] for spec in table("relation_phrases").values()}
) - {"birthday"}


#: Attributes whose values are kept as literals (dates, numbers, names), never as entities.
LITERAL_ATTRIBUTES = words("intents_literal_attributes")


_ATTRIBUTE_SYNONYMS = table("attribute_synonyms")


# "when was Ana born", "where does Ana live": the question word settles the predicate.
_WH_VERB = {tuple(k.split()): v for k, v in table("wh_verb").items()}


_WH = words("wh")


_DETERMINERS = frozenset({"the", "a", "an", "some"})


_SPEAKER = frozenset({"i", "me", "myself"})


_PUNCT_RE = re.compile(r"^[\W_]+$")


_VOCATIVES = frozenset({"max"})


_GREETINGS = rows("intents_greetings")


_FAREWELLS = rows("intents_farewells")


_HOW_ARE_YOU = rows("intents_how_are_you")


_HOW_ARE_YOU_TAIL = words("intents_how_are_you_tail")


_PRAISE_PHRASES = rows("intents_praise_phrases")


_HOSTILE_PHRASES = rows("intents_hostile_phrases")


_PRAISE_WORDS = words("intents_praise_words")


_HOSTILE_WORDS = words("intents_hostile_words")


_INTENSIFIERS = words("intents_intensifiers")


_CORRECTION_PREFIXES = rows("intents_correction_prefixes")


_WHY_PREFIXES = rows("intents_why_prefixes")


_INTRODUCTIONS = rows("intents_introductions")


#: After these the name may be written in any case; after "I'm" it must look like a name.
_EXPLICIT_INTRODUCTIONS = frozenset({("my", "name", "is"), ("my", "name", "'s"), ("call", "me")})


def words_of(doc: Doc) -> list[Word]:
    """The doc's tokens as (text, norm, trailing whitespace); curly apostrophes made straight."""
    out = []
    for tok in doc:
        norm = tok.norm_.replace("\u2019", "'").lower()
        if norm == "\u2019s":
            norm = "'s"
        out.append(Word(tok.text, norm, tok.whitespace_))
    return out


def phrase(ws: Sequence[Word]) -> str:
    return "".join(w.text + w.ws for w in ws).strip()


def _norms(ws: Sequence[Word]) -> tuple[str, ...]:
    return tuple(w.norm for w in ws)


def _is_punct(w: Word) -> bool:
    return bool(_PUNCT_RE.match(w.text)) and w.norm not in ("'s", "'")


def _strip_punct(ws: list[Word]) -> list[Word]:
    start, end = 0, len(ws)
    while start < end and _is_punct(ws[start]):
        start += 1
    while end > start and _is_punct(ws[end - 1]):
        end -= 1
    return ws[start:end]


def _starts(ws: Sequence[Word], seq: tuple[str, ...]) -> bool:
    return _norms(ws[: len(seq)]) == seq


def _strip_prefix(ws: list[Word], options: Sequence[tuple[str, ...]]) -> list[Word] | None:
    """The words after the longest matching prefix (and its punctuation), or None."""
    for seq in sorted(options, key=len, reverse=True):
        if _starts(ws, seq):
            return _strip_punct(ws[len(seq) :])
    return None


def _is_exactly(ws: Sequence[Word], options: Sequence[tuple[str, ...]]) -> bool:
    return _norms(ws) in set(options)


def _strip_vocative(ws: list[Word]) -> list[Word]:
    """Drop "Max," at the start and ", Max" at the end: addressing him is not content."""
    ws = _strip_punct(ws)
    if len(ws) > 1 and ws[0].norm in _VOCATIVES and _is_punct(ws[1]):
        ws = _strip_punct(ws[1:])
    if len(ws) > 1 and ws[-1].norm in _VOCATIVES and _is_punct(ws[-2]):
        ws = _strip_punct(ws[:-1])
    return ws


def third_person(verb: str) -> str:
    """English third person singular, for predicates named after verbs ("like" -> "likes")."""
    irregular = {"have": "has", "do": "does", "go": "goes", "be": "is"}
    if verb in irregular:
        return irregular[verb]
    if verb.endswith(("s", "sh", "ch", "x", "z", "o")):
        return verb + "es"
    if len(verb) > 1 and verb.endswith("y") and verb[-2] not in "aeiou":
        return verb[:-1] + "ies"
    return verb + "s"
