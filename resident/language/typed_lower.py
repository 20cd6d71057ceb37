"""A turn typed without capitals, read as if it had them (issue 21, learner30). The small
parser and its entity recogniser lean on capitals: "my flatmate deniz works in leeds" loses
its names, "were having a barbecue" its subject. Before such a turn is parsed it is re-cased:

- contractions typed without their apostrophe ("im", "dont", data/unmarked_contractions.tsv)
  get it back, in any turn (they are no words of their own);
- in a turn with no capital letter at all ("i" left as typed): a word WordNet knows only
  as a name ("leeds", "christmas", "romania"; not "ate", which is eat's too) takes its
  capital; a noun WordNet does not know at all, no chat word (data/chat_words.txt), where a
  name stands (opening a sentence, after a relative's noun or "called") is taken for a name.
  Time words ("saturday", "june") and "i" stay as typed, and a bare name after a place
  preposition is not capitalised: each changed the parse of the clause around it ("i cycled
  to brecon and back on saturday, 120 km" lost its measure, test_storing_wave10). A sentence's first
  word is not capitalised as such: "concert is on the 20th" would read "Concert" as a name,
  and typed words ("buzzin", "startin") elsewhere are left as they are;
- "were" with no subject in the parse of the re-cased text ("were having a barbecue", "were
  called wet socks") is "we're".

A turn with a capital anywhere is left as typed (its writer capitalises). `recased.py` is
the reader's later, per-sentence pass: it capitalises what the NER then names, in a sentence
this pass left all in lower case. Pure, given the parse function.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import TYPE_CHECKING

from resident.language import lexicon
from resident.language.learner_grammar import LEARNER, repaired
from resident.language.statement import KIN
from resident.language.when_days import TIME_WORDS
from resident.language.words import table, words

if TYPE_CHECKING:
    from spacy.tokens import Doc, Token

_WORD = re.compile(r"[A-Za-z]+")
_NAME_TAGS = frozenset({"NN", "NNS", "NNP", "NNPS", "JJ", "FW"})
#: Words after which a name is said ("a lass called niamh").
_NAMING = frozenset({"called", "named", "call"})
_SUBJECTS = frozenset({"nsubj", "nsubjpass", "expl", "csubj"})


def recased(text: str, parse: Callable[[str], Doc]) -> str:
    """The turn as it would read with its capitals and apostrophes (unchanged when it has
    capitals and every apostrophe)."""
    typed_lower = not any(c.isupper() for c in text) and any(c.isalpha() for c in text)
    text = _apostrophes(text)
    if not typed_lower:
        return text
    # "i" stays as typed: "I cycled to brecon and back on saturday, 120 km" lost its measure
    # that the lower-case "i" kept (tests/language/test_storing_wave10.py).
    doc = parse(text)
    out: list[str] = []
    for tok in doc:
        word = tok.text
        if tok.lower_ == "were" and _no_subject(tok):
            word = word[0] + "e're"
        elif word.islower() and word.isalpha() and _proper(tok):
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


def _proper(tok: Token) -> bool:
    """Is the lower-case word a name: WordNet knows it only as a name ("leeds", "monday"), or
    WordNet does not know it, it is no chat word, and it stands where a name does (opening a
    sentence, after a relative's or relation's noun, or after "called": "my flatmate deniz")?"""
    word = tok.lower_
    if len(word) < 3 or word in words("chat_words") or word in TIME_WORDS:
        # A time word is read in any case; its capital changed the parse of the clause
        # around it ("on saturday, 120 km": the measure was lost).
        return False
    if tok.is_stop or word in KIN:
        # WordNet's only "who" is the WHO and its only "mam" a language: a function word or
        # a family noun ("my mam lives in kinsale") is never a name typed without its capital.
        return False
    wn = lexicon.reader()
    if wn is None:
        return False
    senses = wn.synsets(word)  # through morphy: "ate" has eat's senses as well as Ate's
    if senses:
        return all(any(_capital(lemma.name(), word) for lemma in s.lemmas()) for s in senses)
    if tok.i + 1 < len(tok.doc) and tok.nbor(1).text == "'":
        return False  # a word the tokenizer split off ("gon" of "gonna")
    return tok.tag_ in _NAME_TAGS and _name_position(tok)


def _capital(name: str, word: str) -> bool:
    return name.lower() == word and name[0].isupper()


def _name_position(tok: Token) -> bool:
    if tok.i == tok.sent.start:
        return True
    before = tok.nbor(-1).lower_
    return before in KIN or before in _NAMING


def _no_subject(tok: Token) -> bool:
    """ "were" whose verb has no subject: the clause's subject was "we" ("we're")."""
    head = tok.head if tok.dep_ in ("aux", "auxpass") else tok
    return not any(c.dep_ in _SUBJECTS for c in head.children)
