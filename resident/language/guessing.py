"""MAX's own guess, in words: the conversation layer's side of resident.learning.guess (the
learner and its calibration live there; this reads the question and names the guess)."""

from __future__ import annotations

from typing import Any

from resident.config import Settings
from resident.language.intents import QuestionKind
from resident.language.knowledge import resolve
from resident.learning.guess import best_guess


def learner_guess(settings: Settings, dictionary: Any, kind: Any, triple: Any) -> str:
    """The sentence MAX adds to "I don't know ..." for a question asking an object, or ""."""
    if kind is not QuestionKind.OBJECT or triple is None or not triple.subject:
        return ""
    for entity in resolve(dictionary, triple.subject)[:1]:
        held = {
            (c.subject, c.predicate, c.object_entity)
            for c in dictionary.graph.peek_claims(entity.id)
            if c.object_entity
        }
        found = best_guess(settings, entity.id, triple.predicate, held)
        if found is not None:
            obj, score = found
            label = dictionary.graph.get_entity(obj).label
            return f" My own guess, from what I hold: {label}, an inference at {score:.2f}."
    return ""
