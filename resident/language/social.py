"""Short social turns read at the tokenizer: "Thanks!", "Hi, Max", "Good night".

The intent rules (`intents.parse`) read thanks, greetings and goodbyes from the tokens' norms
alone, which spaCy's tokenizer gives without the tagger, parser and entity recogniser (9-11 ms
of a turn on the turn-latency benchmark's machine, the larger part of a "Thanks!"). A turn is
read this way only when every word of it is in the data file `social_turn_words.txt`, it asks
nothing ("?") and the rules read it as one of `QUICK_INTENTS`; anything else, content of any
kind included, goes to the full pipeline. The Doc returned then carries tokens only: the
handlers of these intents read no tags, lemmas or entities.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from resident.language.intents import Intent, Parsed, parse
from resident.language.phrases import _is_punct, words_of
from resident.language.words import words

if TYPE_CHECKING:
    from spacy.language import Language as SpacyLanguage
    from spacy.tokens import Doc

#: The intents a tokenizer-only reading may settle (their handlers read no parse).
QUICK_INTENTS = frozenset({Intent.PRAISE, Intent.GREETING, Intent.FAREWELL})


def quick_social(nlp: SpacyLanguage, text: str) -> tuple[Doc, Parsed] | None:
    """The turn's tokens and intent when it is a short social turn, else None (read it with
    the full pipeline)."""
    if "?" in text:
        return None
    doc = nlp.make_doc(text)
    vocabulary = words("social_turn_words")
    if not all(w.norm in vocabulary or _is_punct(w) for w in words_of(doc)):
        return None
    parsed = parse(doc)
    return (doc, parsed) if parsed.intent in QUICK_INTENTS else None
