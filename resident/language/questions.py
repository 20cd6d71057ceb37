"""MAX's questions to his people (issue 26): the words of a question about a curiosity gap, and
reading a person's answer to it: a yes or a no, one of the values in question (or another),
"I'm not sure", "ask her". Words are data (data/answers.toml); values are matched against the
labels of the claims the question weighs, so nothing is tied to one sentence.

Rule 8 applies to questions too: `question_text` mentions only claims the asked person may
read, and says "someone told me otherwise" for the rest.
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from functools import cache
from importlib import resources

from resident.language import render
from resident.people.privacy import readable_by, teller_of
from resident.records import Claim


class AnswerKind(StrEnum):
    VALUE = "value"
    YES = "yes"
    NO = "no"
    UNSURE = "unsure"
    REDIRECT = "redirect"


@dataclass(frozen=True)
class AnswerReading:
    kind: AnswerKind
    #: The claim whose value the answer names (VALUE, or YES to a one-claim question).
    claim: Claim | None = None


@cache
def _words() -> dict[str, tuple[tuple[str, ...], ...]]:
    raw = tomllib.loads(
        resources.files("resident.language").joinpath("data/answers.toml").read_text("utf-8")
    )
    return {k: tuple(tuple(p) for p in v) for k, v in raw.items()}


def _has(words: Sequence[str], phrases: Sequence[Sequence[str]]) -> bool:
    for phrase in phrases:
        n = len(phrase)
        if any(list(words[i : i + n]) == list(phrase) for i in range(len(words) - n + 1)):
            return True
    return False


def _object_label(claim: Claim, labels: Mapping[str, str]) -> str:
    if claim.object_entity is not None:
        return render.label_of(claim.object_entity, labels)
    return str(claim.object_literal)


def second_person(claim: Claim, labels: Mapping[str, str]) -> str:
    """The claim said to the person it is about: "you live in Porto", "your birthday is 3 May"."""
    obj = _object_label(claim, labels)
    predicate = claim.predicate
    if predicate in ("is_a", "works_as"):
        verb = "are" if predicate == "is_a" else "work as"
        return f"you {verb} {'an' if obj[:1].lower() in 'aeiou' else 'a'} {obj}"
    if render.reads_as_verb(predicate) and not predicate.startswith("not_"):
        head, _, tail = predicate.partition("_")
        verb = "are" if head == "is" else render._base(head)
        return " ".join(w for w in ("you", verb, tail.replace("_", " "), obj) if w)
    text = render.sentence("you", predicate, obj)
    return text.replace("you's ", "your ", 1).replace("you is ", "you are ", 1)


def _said(claim: Claim, asked: str, labels: Mapping[str, str]) -> str:
    if claim.subject == asked:
        return second_person(claim, labels)
    return render.claim_sentence(claim, labels)


def _who(claim: Claim, asked: str, labels: Mapping[str, str]) -> str:
    told = teller_of(claim.provenance)
    if told == asked:
        return "you"
    return "someone" if told is None else render.label_of(told, labels)


def question_text(claims: Sequence[Claim], asked: str, labels: Mapping[str, str]) -> str | None:
    """The question to `asked` about these claims (the sides of a disagreement, or one claim in
    doubt), mentioning only what `asked` may read; None when they may read none of it."""
    readable = [c for c in claims if readable_by(c, asked)]
    if not readable:
        return None
    hidden = len(readable) < len(claims)
    if len(readable) == 1:
        c = readable[0]
        lead = f"{render.capitalised(_who(c, asked, labels))} told me {_said(c, asked, labels)}"
        if hidden:
            return f"{lead}, but I have heard otherwise. Is that right?"
        return f"{lead}. Is that right?"
    parts = [f"{_who(c, asked, labels)} told me {_said(c, asked, labels)}" for c in readable]
    body = ", and ".join(parts)
    more = "; I have heard otherwise too" if hidden else ""
    return f"{render.capitalised(body)}{more}. Which is right?"


def read_answer(
    words: Sequence[str], claims: Sequence[Claim], labels: Mapping[str, str]
) -> AnswerReading | None:
    """What a turn answers to a question about `claims`, or None when it is no answer (the
    person talked about something else). `words` are the turn's lower-case tokens."""
    text = " ".join(words)
    named = []
    for claim in claims:
        label = _object_label(claim, labels).lower()
        if label and f" {label} " in f" {text} ":
            named.append(claim)
    vocab = _words()
    if len({_object_label(c, labels).lower() for c in named}) == 1:
        negated = _has(words, (("not",), ("n't",))) and not _has(words, vocab["yes"])
        if not negated:
            return AnswerReading(AnswerKind.VALUE, named[0])
    if _has(words, vocab["unsure"]):
        return AnswerReading(AnswerKind.UNSURE)
    if _has(words, vocab["redirect"]):
        return AnswerReading(AnswerKind.REDIRECT)
    distinct = {_object_label(c, labels).lower() for c in claims}
    if _has(words, vocab["no"]):
        return AnswerReading(AnswerKind.NO)
    if _has(words, vocab["yes"]):
        one = claims[0] if len(distinct) == 1 else None
        return AnswerReading(AnswerKind.YES, one)
    return None


def read_yes_no(words: Sequence[str]) -> AnswerKind | None:
    """What a turn answers to a yes-or-no question of MAX's own (issue 23: a guess he asks):
    unsure ("I'm not sure", "no idea"), a redirect, no, yes; None when it is none of these.
    `words` are the turn's lower-case tokens."""
    vocab = _words()
    for kind in (AnswerKind.UNSURE, AnswerKind.REDIRECT, AnswerKind.NO, AnswerKind.YES):
        if _has(words, vocab[kind.value]):
            return kind
    return None
