"""A passive no English verb of its kind has: "Borshch is died last week", "she is arrived
yesterday", said by a learner for the past ("died", "arrived"). The small parser reads the
auxiliary as a passive's, and the reader then finds a state ("is died") or nothing. Where
WordNet knows the participle's verb only without an object in its frequent senses (its
frames: "Somebody die", never "Somebody ---- something"), and knows no adjective of that
spelling (so no state, as "is retired" or "is gone" are), nothing can have been done to the
subject: the sentence is parsed again without the auxiliary, as the past it means. Pure, given
the parse function.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from resident.language import lexicon

if TYPE_CHECKING:
    from spacy.tokens import Span, Token

    from resident.language.reparse import Reparse

#: Frames of a verb with something after it that is no object.
_NO_OBJECT = frozenset(
    {"PP", "Adjective", "Adjective/Noun", "VERB-ing", "CLAUSE", "INFINITIVE", "that"}
)
#: How many of the verb's senses are looked at: the frequent ones.
_SENSES = 2


def never_transitive(lemma: str) -> bool:
    """Does WordNet give `lemma`, in its frequent senses, only frames without an object?"""
    reader = lexicon.reader()
    if reader is None:
        return False
    frames = [
        f
        for s in reader.synsets(lemma, "v")[:_SENSES]
        for lem in s.lemmas()
        if lem.name() == lemma
        for f in lem.frame_strings()
    ]
    # "Somebody die", "Somebody arrive PP": nothing after the verb but a phrase.
    return bool(frames) and all(all(w in _NO_OBJECT for w in _after(f)) for f in frames)


def _after(frame: str) -> list[str]:
    """The words of a WordNet frame after its verb ("Something is arriveing PP": PP)."""
    said = frame.split()
    return said[3:] if len(said) > 2 and said[1] == "is" else said[2:]


def learner_passive(verb: Token) -> Token | None:
    """The "is" of "is died": a present "be" as a passive's auxiliary before a participle
    that is no adjective, of a verb that never takes an object; else None."""
    if verb.tag_ != "VBN" or lexicon.base(verb.lower_, "a") is not None:
        return None
    aux = next((c for c in verb.children if c.dep_ == "auxpass"), None)
    if aux is None or aux.lemma_ != "be" or aux.i != verb.i - 1:
        return None
    if any(c.dep_ == "agent" for c in verb.children):
        return None
    return aux if never_transitive(verb.lemma_.lower()) else None


def without_learner_passive(sent: Span, reparse: Reparse) -> Span | None:
    """The sentence parsed again without the auxiliary of a passive no verb has; else None."""
    dropped = {aux.i for t in sent if (aux := learner_passive(t)) is not None}
    if not dropped:
        return None
    text = "".join(t.text_with_ws for t in sent if t.i not in dropped).strip()
    again = list(reparse(text).sents)
    return again[0] if len(again) == 1 else None
