"""Optional model extraction: the configured language model reads a turn's statements as JSON,
validated with pydantic, and every fact it gives is checked against the text by rules (its
subject, verb and object must be there) before it becomes a `Statement`. Same caps, same
provenance as the rules' own reading; the rules are the fallback when the model fails.
"""

from __future__ import annotations

import json
import re

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from resident.errors import LanguageModelError
from resident.language.model_client import ModelClient
from resident.language.phrases import third_person
from resident.language.statement import Ref, Statement, base_form, canonical_lemma
from resident.records import PREDICATE_RE

EXTRACTION_PROMPT = (
    "Read what {speaker} said to {listener} and list the facts it states about people, pets "
    'and things. Answer with JSON only: {{"facts": [{{"subject": ..., "verb": ..., '
    '"preposition": null, "object": ..., "negated": false, "when": null}}]}}. '
    'subject is "I" for the speaker, "you" for the listener, or a name as said; verb is '
    'the verb\'s base form ("live"); object is the words as said, without my/your; when is '
    'the time phrase as said ("last Saturday") or null. Leave out greetings, thanks, '
    'feelings and questions. No facts: {{"facts": []}}.'
)
_WORD = re.compile(r"[a-z0-9']+")


class ModelFact(BaseModel):
    model_config = ConfigDict(extra="ignore")

    subject: str = Field(min_length=1, max_length=80)
    verb: str = Field(min_length=1, max_length=40)
    preposition: str | None = Field(default=None, max_length=20)
    object: str = Field(min_length=1, max_length=80)
    negated: bool = False
    when: str | None = Field(default=None, max_length=60)


class ModelFacts(BaseModel):
    model_config = ConfigDict(extra="ignore")

    facts: list[ModelFact] = Field(default_factory=list, max_length=20)


def _json_of(text: str) -> str:
    """The JSON object in a reply that may wrap it in a code fence or a sentence."""
    start, end = text.find("{"), text.rfind("}")
    return text[start : end + 1] if start >= 0 and end > start else text


def grounded(fact: ModelFact, text: str) -> Statement | None:
    """The fact as a Statement when the text says it (the rules' check), else None."""
    said = set(_WORD.findall(text.lower()))
    stems = {base_form(w) for w in said} | said
    subject_word = fact.subject.strip().lower()
    if subject_word in ("i", "me", "we"):
        subject = Ref(role="speaker", kind="person")
    elif subject_word in ("you",):
        subject = Ref(role="listener", kind="person")
    elif all(w in said for w in _WORD.findall(subject_word)) and fact.subject[:1].isupper():
        subject = Ref(role="name", name=fact.subject.strip(), kind="person")
    else:
        return None
    verb = canonical_lemma(fact.verb.strip().lower())
    forms = {verb, third_person(verb), verb + "ed", verb + "d", verb + "ing", verb[:-1] + "ing"}
    if not (forms & said or verb in stems):
        return None
    obj_words = _WORD.findall(fact.object.lower())
    if not obj_words or any(w in ("my", "your", "our") for w in obj_words):
        return None
    if not all(w in said for w in obj_words) or len(obj_words) > 6:
        return None
    prep = (fact.preposition or "").strip().lower() or None
    if prep is not None and prep not in said:
        return None
    predicate = "_".join(p for p in (third_person(verb), prep) if p)
    if not PREDICATE_RE.match(predicate):
        return None
    when = fact.when if fact.when and fact.when.lower() in text.lower() else None
    return Statement(
        subject=subject,
        predicate=predicate,
        object=fact.object.strip(),
        negated=fact.negated,
        when=when,
        verb=verb,
        mood="past" if when is not None else "fact",
    )


def read_with_model(
    client: ModelClient, text: str, speaker: str, listener: str
) -> list[Statement] | None:
    """The model's grounded facts for a turn; None when the model failed or answered
    something that is not the JSON asked for (the rules then read the turn alone)."""
    messages = [
        {"role": "system", "content": EXTRACTION_PROMPT.format(speaker=speaker, listener=listener)},
        {"role": "user", "content": text},
    ]
    try:
        reply = client.complete(messages)
        facts = ModelFacts.model_validate(json.loads(_json_of(reply)))
    except (LanguageModelError, ValueError, ValidationError):
        return None
    out = []
    for fact in facts.facts:
        statement = grounded(fact, text)
        if statement is not None:
            out.append(statement)
    return out
