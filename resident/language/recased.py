"""Names typed in lower case ("kyle still smokes", "nan doreen fell out with the warden", "we
live round wigan"): the small model's tagger and NER lean on the capital letter, so a name
typed without one is read as a common noun and the clause has no one to be about. Pure,
given the parse function.

In a sentence typed all in lower case, a noun the tagger calls a proper noun, or one WordNet
does not know as any word, is given its capital; the copy is parsed again, and used only when
the NER then marks one of those words as a person or a place. No list of names: the tagger,
WordNet and the NER decide.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from resident.language import lexicon

if TYPE_CHECKING:
    from spacy.tokens import Span, Token

    from resident.language.reparse import Reparse

#: The NER's labels for what a name typed in lower case may be.
_NAMED = frozenset({"PERSON", "GPE", "LOC", "FAC", "ORG", "NORP"})
_NOUN_TAGS = frozenset({"NN", "NNP", "NNS", "NNPS"})
_WORDNET_POS = ("n", "v", "a", "r")


def recased(sent: Span, reparse: Reparse) -> Span | None:
    """The sentence parsed again with its lower-case names capitalised, when it was typed all
    in lower case and the new parse's NER names one of them; else None."""
    words = [t for t in sent if t.is_alpha]
    if not words or any(t.text[:1].isupper() for t in words if t.text != "I"):
        return None
    names = [t for t in sent if _maybe_name(t)]
    if not names:
        return None
    raised = {t.i - sent.start for t in names}
    text = "".join(
        (t.text.capitalize() if t.i in {n.i for n in names} else t.text) + t.whitespace_
        for t in sent
    ).strip()
    again = reparse(text)
    sents = list(again.sents)
    if len(sents) != 1:
        return None
    named = {t.i for ent in again.ents if ent.label_ in _NAMED for t in ent}
    return sents[0] if named & raised else None


def _maybe_name(tok: Token) -> bool:
    """A lower-case noun the tagger calls a proper noun, or one WordNet knows as no word."""
    if not tok.is_alpha or not tok.is_lower or len(tok) < 3 or tok.is_stop:
        return False
    if tok.tag_ not in _NOUN_TAGS or tok.ent_type_ in ("DATE", "TIME"):
        return tok.tag_ == "NNP" and tok.ent_type_ not in ("DATE", "TIME")
    if tok.tag_ in ("NNP", "NNPS"):
        return True
    return lexicon.available() and not any(lexicon.base(tok.lower_, p) for p in _WORDNET_POS)
