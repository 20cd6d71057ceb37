"""Pure text helpers for reading: page cleaning (running heads, page numbers, hyphenation),
words, sentences, stopwords and a language guess. Values in, values out."""

from __future__ import annotations

import re
from collections import Counter, deque
from collections.abc import Iterable
from dataclasses import dataclass, field

WORD = re.compile(r"[A-Za-z][A-Za-z'\u2019]*[A-Za-z]|[A-Za-z]")
_HYPHEN_BREAK = re.compile(r"([A-Za-z])-\n([a-z])")
_SPACES = re.compile(r"[ \t\u00a0]+")
_PAGE_NUMBER = re.compile(r"^\s*(page\s+)?[\divxlcIVXLC]{1,7}(\s*(/|of)\s*\d+)?\s*$", re.I)
_DIGITS = re.compile(r"\d+")
_SENTENCE_END = re.compile(
    r"(?<!\bMr\.)(?<!\bMrs\.)(?<!\bMs\.)(?<!\bDr\.)(?<!\bSt\.)(?<!\be\.g\.)(?<!\bi\.e\.)"
    r"(?<=[.!?])[\"'\u201d\u2019)\]]?\s+(?=[\"'\u201c\u2018(\[]?[A-Z0-9])"
)


def _wordset(text: str) -> frozenset[str]:
    return frozenset(text.split())


#: English function words: never a theme, a subject or a new word on their own.
STOPWORDS = _wordset("""
a about above after again against all almost also although always am among an and another any
anyone anything are around as at be became because become becomes been before being below
between both but by can cannot could did do does doing done down during each either else enough
etc even ever every few for from further had has have having he her here hers herself him himself
his how however i if in into is it its itself just least less let like made make many may me
might more most much must my myself neither never no nor not now of off often on once one only
or other others otherwise our ours ourselves out over own per perhaps rather same shall she
should since so some something sometimes still such than that the their theirs them themselves
then there therefore these they this those though through thus to too toward towards under
unless until up upon us used using very via was we well were what whatever when where whether
which while who whom whose why will with within without would yet you your yours yourself
yourselves mr mrs miss sir said says say see seen shall upon thee thou thy unto ye hath doth
""")

#: A few function words per language: a page's language is the one whose words it uses most.
_LANGUAGE_WORDS = {
    "en": _wordset("the and of to is that in it was for with as his he be on not by"),
    "de": _wordset("der die und das ist nicht ein eine zu den mit sich des von auf"),
    "fr": _wordset("le la les et est des une un que dans pour pas qui sur du au"),
    "es": _wordset("el la los las y es que en un una por con para del se no"),
    "it": _wordset("il la che di e un una per non sono del della con si gli"),
    "pt": _wordset("o a os as e que de um uma para com não do da em se"),
    "nl": _wordset("de het een en van is dat niet op te zijn met voor die"),
}


def words(text: str) -> list[str]:
    """Alphabetic words as written (apostrophes kept inside)."""
    return WORD.findall(text)


def sentences(text: str) -> list[str]:
    """Sentences of a cleaned page (a rule split; good enough to cite and to give context)."""
    flat = " ".join(text.split())
    return [s.strip() for s in _SENTENCE_END.split(flat) if s.strip()]


def guess_language(counts: Counter[str]) -> str | None:
    """The language whose function words make up most of `counts` (lower-case words)."""
    best, best_hits = None, 0
    total = sum(counts.values())
    for lang, vocab in _LANGUAGE_WORDS.items():
        hits = sum(counts[w] for w in vocab)
        if hits > best_hits:
            best, best_hits = lang, hits
    if total == 0 or best_hits < 0.05 * total:
        return None
    return best


def _edge_key(line: str) -> str:
    return _DIGITS.sub("#", " ".join(line.lower().split()))


@dataclass
class PageCleaner:
    """Removes what repeats at the top and bottom of pages (running heads, footers, page
    numbers) and joins hyphenated line breaks. Streaming: it remembers the edges of the last
    `window` pages only, so a line that heads three of them is dropped from then on."""

    window: int = 12
    repeats: int = 2
    _recent: deque[frozenset[str]] = field(default_factory=deque)
    _seen: Counter[str] = field(default_factory=Counter)

    def clean(self, text: str) -> str:
        lines = [_SPACES.sub(" ", ln).strip() for ln in text.replace("\r", "\n").split("\n")]
        lines = [ln for ln in lines if ln]
        edges = lines[:2] + lines[-2:] if len(lines) > 4 else list(lines)
        # Running heads and footers are short; a long edge line is body text.
        keys = frozenset(_edge_key(ln) for ln in edges if len(ln) < 90)
        body = [
            ln
            for i, ln in enumerate(lines)
            if not (
                (i < 2 or i >= len(lines) - 2)
                and (_PAGE_NUMBER.match(ln) or self._seen[_edge_key(ln)] >= self.repeats)
            )
        ]
        self._remember(keys)
        joined = "\n".join(body)
        return _HYPHEN_BREAK.sub(r"\1\2", joined)

    def _remember(self, keys: frozenset[str]) -> None:
        self._recent.append(keys)
        self._seen.update(keys)
        if len(self._recent) > self.window:
            old = self._recent.popleft()
            self._seen.subtract(old)
            for key in old:
                if self._seen[key] <= 0:
                    del self._seen[key]


def candidate_phrases(tokens: Iterable[str | None], max_words: int = 4) -> list[tuple[str, ...]]:
    """Runs of content words (lower case, no stopwords, at least 3 letters) between stopwords
    and punctuation: the key-phrase candidates TextRank ranks (the POS filter of Mihalcea and
    Tarau's TextRank, approximated by a stopword split so it runs on every page)."""
    out: list[tuple[str, ...]] = []
    run: list[str] = []
    for tok in tokens:
        if tok is None or tok in STOPWORDS or len(tok) < 3:
            if run:
                out.append(tuple(run[:max_words]))
                run = []
            continue
        run.append(tok)
    if run:
        out.append(tuple(run[:max_words]))
    return out


def phrase_tokens(text: str) -> list[str | None]:
    """Lower-case words with None where punctuation breaks a phrase."""
    out: list[str | None] = []
    for piece in re.split(r"[.,;:!?()\[\]{}\"\u201c\u201d\u2014]|\s-\s|\n\n", text):
        out.extend(w.lower() for w in WORD.findall(piece))
        out.append(None)
    return out
