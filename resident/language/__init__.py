"""The language layer: intents, answers from the graph, and the optional language model.

`converse` runs one conversation turn; `facts_about` and `why` are the answers the CLI and the
HTTP API give; `ModelClient` is the optional OpenAI-compatible endpoint that may phrase.
"""

# First: spaCy and nltk are imported without the optional backends MAX does not use.
import resident.language.optional  # noqa: F401

# isort: split
from resident.language.conversation import Language, ResidentLike, Turn, converse, language_for
from resident.language.dictionary import Dictionary
from resident.language.intents import Intent, Parsed, QuestionKind, Triple
from resident.language.knowledge import (
    Answer,
    ClaimView,
    FactsAnswer,
    Trail,
    WhyAnswer,
    facts_about,
    why,
)
from resident.language.model_client import Grounding, ModelClient, Phrasing, check_phrasing

__all__ = [
    "Answer",
    "ClaimView",
    "Dictionary",
    "FactsAnswer",
    "Grounding",
    "Intent",
    "Language",
    "ModelClient",
    "Parsed",
    "Phrasing",
    "QuestionKind",
    "ResidentLike",
    "Trail",
    "Triple",
    "Turn",
    "WhyAnswer",
    "check_phrasing",
    "converse",
    "facts_about",
    "language_for",
    "why",
]
