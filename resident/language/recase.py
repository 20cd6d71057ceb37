"""A turn typed without capitals, read as if it had them (issue 21, learner30). The small
parser and its entity recogniser lean on capitals: "my flatmate deniz works in leeds" loses
its names, "were having a barbecue" its subject. Before such a turn is parsed it is re-cased:

- contractions typed without their apostrophe ("im", "dont", data/unmarked_contractions.tsv)
  get it back, in any turn (they are no words of their own);
- in a turn with no capital letter at all: each sentence's first word and "i" take a capital;
  a word WordNet spells only with a capital ("leeds", "christmas", "monday", "romania") takes
  its capital; a noun or adjective WordNet does not know at all ("deniz", "fulford"), not a
  chat word (data/chat_words.txt), is taken for a name and capitalised;
- "were" with no subject in the parse of the re-cased text ("were having a barbecue", "were
  called wet socks") is "we're".

A turn with a capital anywhere is left as typed (its writer capitalises). Pure, given the
parse function.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import TYPE_CHECKING

from resident.language import lexicon
from resident.language.learner_grammar import LEARNER, repaired
from resident.language.words import table, words

if TYPE_CHECKING:
    from spacy.tokens import Doc, Token

_WORD = re.compile(r"[A-Za-z]+")
_NAME_TAGS = frozenset({"NN", "NNS", "NNP", "NNPS", "JJ", "FW"})
_SUBJECTS = frozenset({"nsubj", "nsubjpass", "expl", "csubj"})


def recased(text: str, parse: Callable[[str], Doc]) -> str:
    """The turn as it would read with its capitals and apostrophes (unchanged when it has
    capitals and every apostrophe)."""
    typed_lower = not any(c.isupper() for c in text) and any(c.isalpha() for c in text)
    text = _apostrophes(text)
    if not typed_lower:
        return text
    text = _sentence_starts(text)
    doc = parse(text)
    out: list[str] = []
    for tok in doc:
        word = tok.text
        if tok.lower_ == "were" and _no_subject(tok):
            word = word[0] + "e're"
        elif word.islower() and word.isalpha() and _proper(word, tok.tag_):
            word = word[0].upper() + word[1:]
        out.append(word + tok.whitespace_)
    return "".join(out)


def reread(text: str, parse: Callable[[str], Doc]) -> Doc:
    """The turn's parse, re-cased (`recased`) and with a learner's forms said as meant
    (`learner_grammar.repaired`, twice: a possessive put back may show a verb's subject)."""
    doc = parse(recased(text, parse))
    for _ in range(2):
        fixed = repaired(doc)
        if fixed is None:
            break
        doc = parse(fixed)
        # The learner's own forms are gone from the text read: `learner_tense` asks here.
        doc.user_data[LEARNER] = True
    return doc


def _apostrophes(text: str) -> str:
    forms = table("unmarked_contractions")

    def put_back(found: re.Match[str]) -> str:
        word = found.group(0)
        form = forms.get(word.lower())
        if form is None:
            return word
        return form if form[0] == "I" or word.islower() else form[0].upper() + form[1:]

    return _WORD.sub(put_back, text)


def _sentence_starts(text: str) -> str:
    """Capitals at the turn's start, after a sentence's end, and on "i"."""
    text = re.sub(r"(^|[.!?]+\s+)([a-z])", lambda m: m.group(1) + m.group(2).upper(), text)
    return re.sub(r"\bi\b", "I", text)


def _proper(word: str, tag: str) -> bool:
    """Is the lower-case word a name: WordNet spells it only with a capital, or it is a noun
    or adjective WordNet does not know that is no chat word?"""
    if len(word) < 3 or word in words("chat_words"):
        return False
    wn = lexicon.reader()
    if wn is None:
        return False
    names = (lemma.name() for sense in wn.synsets(word) for lemma in sense.lemmas())
    spellings = {name for name in names if name.lower() == word}
    if spellings:
        return all(name[0].isupper() for name in spellings)
    if wn.morphy(word) is not None or any(wn.morphy(word, p) for p in ("n", "v", "a", "r")):
        return False
    return tag in _NAME_TAGS


def _no_subject(tok: Token) -> bool:
    """ "were" whose verb has no subject: the clause's subject was "we" ("we're")."""
    head = tok.head if tok.dep_ in ("aux", "auxpass") else tok
    return not any(c.dep_ in _SUBJECTS for c in head.children)
