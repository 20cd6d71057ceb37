"""MAX's own guess, in words: the conversation layer's side of resident.learning.guess (the
learner and its calibration live there; this reads the question and names the guess)."""

from __future__ import annotations

from typing import Any

from resident.config import Settings
from resident.language.knowledge import resolve
from resident.learning.guess import best_guess


def learner_guess(settings: Settings, dictionary: Any, subject: str, predicate: str) -> str:
    """The sentence MAX adds to "I don't know" for a question asking what `subject`
    `predicate`s (the question as the statement reader read it), or ""."""
    if not subject or not predicate:
        return ""
    for entity in resolve(dictionary, subject)[:1]:
        held = {
            (c.subject, c.predicate, c.object_entity)
            for c in dictionary.graph.peek_claims(entity.id)
            if c.object_entity
        }
        found = best_guess(settings, entity.id, predicate, held)
        if found is not None:
            obj, score = found
            label = dictionary.graph.get_entity(obj).label
            return f" My own guess, from what I hold: {label}, an inference at {score:.2f}."
    return ""
