"""Hyphen-joined names kept whole ("Ka-wai", "Hye-jin", "Jean-Luc", "Anne-Marie"): spaCy's
tokenizer splits a word at an inner hyphen, so a name comes to the tagger as "Ka", "-", "wai"
and the question and the statement about the same person read it differently (one part a
compound, the other the name; "Hye - jin" tagged NOUN and labelled ORG). A pipeline component,
first in the pipeline, merges such a chain into one token before the tagger sees it, for
statements and questions alike. Pure, given WordNet.

A chain is merged when its first part is capitalised and every part is capitalised, or one
part is a word WordNet does not know ("wai", "Jae") or knows only as named individuals. Words
the language holds are left to the tokenizer: a chain WordNet knows whole ("X-ray", "Yo-Yo"),
one with a number word ("Twenty-five"), a lower-case compound ("well-known", "Show-off" at the
start of a sentence, where "off" is a word), a chain of adjectives ("Nigerian-British"), a
place's "Clacton-on-Sea". One exception: a noun WordNet holds whole, capitalised inside a
sentence, is a shop's or a brand's name ("the Co-op", read split as the place "Co") and is
merged too.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from spacy.lang.en.lex_attrs import like_num
from spacy.lang.lex_attrs import word_shape

from resident.language import lexicon

if TYPE_CHECKING:
    from spacy.tokens import Doc, Token

#: The name the component is registered under (pipeline.py adds it first).
COMPONENT = "resident_hyphen_names"

_WORDNET_POS = ("n", "v", "a", "r")


def merge_hyphen_names(doc: Doc) -> Doc:
    """The doc with each hyphen-joined name merged into one token (spaCy's retokenizer)."""
    chains = _chains(doc)
    if not chains:
        return doc
    names = {doc[start:end].text for start, end in chains}
    with doc.retokenize() as retokenizer:
        for start, end in chains:
            joined = "".join(t.text for t in doc[start:end] if t.text != "-")
            # The model reads a word by its norm, affixes and shape: a name's "Xxxxx-Xxxxx"
            # it never saw, and the tagger then calls it an adjective or an adverb; read as
            # the name written without its hyphen ("Marieclaude", shape "Xxxxx") it parses as the
            # split parts did (25 of 25 sentences tried) and is typed a person more often.
            retokenizer.merge(doc[start:end], attrs={"NORM": joined.lower()})
    for name in names:
        doc.vocab[name].shape_ = word_shape(name.replace("-", ""))
    return doc


def _chains(doc: Doc) -> list[tuple[int, int]]:
    """(start, end) of each name chain "Part-Part(-Part)" written without spaces."""
    found: list[tuple[int, int]] = []
    i = 0
    while i < len(doc):
        end = _chain_end(doc, i)
        parts = [doc[k].text for k in range(i, end, 2)]
        if end > i + 1 and (
            is_hyphen_name(parts) or _named_word(parts, bool(doc[i].is_sent_start))
        ):
            found.append((i, end))
            i = end
        else:
            i += 1
    return found


def _chain_end(doc: Doc, start: int) -> int:
    """The end of the word-hyphen-word chain starting at `start` (start + 1 when none)."""
    end = start + 1
    if not doc[start].is_alpha or doc[start].whitespace_:
        return end
    while end + 1 < len(doc) and _joins(doc[end], doc[end + 1]):
        end += 2
        if doc[end - 1].whitespace_:
            break
    return end


def _joins(hyphen: Token, word: Token) -> bool:
    return hyphen.text == "-" and not hyphen.whitespace_ and word.is_alpha


def is_hyphen_name(parts: list[str]) -> bool:
    """Is the chain of words `parts` (joined by hyphens) one name ("Ka", "wai")?"""
    if len(parts) < 2 or not parts[0][:1].isupper() or (parts[0].isupper() and len(parts[0]) > 1):
        return False
    joined = "-".join(parts).lower()
    if _known(joined) or _known(joined.replace("-", "_")) or _known(joined.replace("-", "")):
        return False
    if any(_number_word(p) for p in parts):
        return False
    if all(lexicon.base(p, "a") for p in parts):
        return False  # "Nigerian-British", "Anglo-French": a chain of adjectives
    # A name where every part is capitalised ("Jean-Luc") or one part is no word of the
    # language ("Ka-wai", "Jae-won": "won" is a word, "Jae" none); "Show-off", "Self-employed"
    # at the start of a sentence are words throughout.
    if any(p.islower() for p in parts[1:-1]):
        return False  # "Weston-super-Mare", "Clacton-on-Sea": a place's words
    return all(p[:1].isupper() for p in parts) or not all(common_word(p) for p in parts)


def _named_word(parts: list[str], first: bool) -> bool:
    """A word WordNet holds whole as a noun, capitalised inside a sentence: a shop's or a
    brand's name ("the Co-op"), which split reads as "Co" and a stray "op". Not "X-ray",
    "T-shirt": a single capital letter is how the word is written."""
    if first or len(parts) < 2 or len(parts[0]) < 2 or not parts[0].istitle():
        return False
    return lexicon.base("-".join(parts).lower(), "n") is not None


def _known(word: str) -> bool:
    return any(lexicon.base(word, pos) for pos in _WORDNET_POS)


def common_word(part: str) -> bool:
    """Does WordNet know `part` as a word of the language (not only as a named individual)?"""
    low = part.lower()
    if not _known(low):
        return False
    return not (lexicon.base(low, "n") and lexicon.only_names(low)) or any(
        lexicon.base(low, pos) for pos in ("v", "a", "r")
    )


def _number_word(part: str) -> bool:
    # spaCy's own test for a number word ("twenty", "five"), as its `like_num` attribute.
    return bool(like_num(part))
