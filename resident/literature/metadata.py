"""Title and author from a document's first page when its metadata is empty or junk. Pure: the
first page's lines (with their font size when the format has one) in, strings out.

The title is the largest type on the first page (a title page sets it biggest); the authors are
the lines under it that read as people's names ("Simon Josefsson", "Frank B. Brokken"), or what
follows a "by" ("By Jane Austen").
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

from resident.literature.text import STOPWORDS

#: (text, font size); size 0 when the format has none (plain text).
Line = tuple[str, float]

_BY = re.compile(r"^(?:written\s+)?by\s*(.*)$", re.I)
_PAREN = re.compile(r"\s*[(<\[][^)>\]]*[)>\]]\s*")
_EMAIL_OR_URL = re.compile(r"\S+@\S+|\w+://\S+")
_YEAR_TAIL = re.compile(r"[\s,]*\(?\d{4}\)?\s*$")
_NAME_WORD = re.compile(r"^(?:[A-Z][a-z'\u2019-]+|[A-Z]\.)$")
_MAX_AUTHORS = 6


def looks_junk(title: str | None) -> bool:
    """A metadata title that names no work: empty, a run of identifiers glued together
    ("Referencelog.messageget.doc.titlepad-string"), led by a symbol, or far too long."""
    if not title or not title.strip():
        return True
    t = title.strip()
    if len(t) > 160 or not (t[0].isalnum() or t[0] in "\"'\u201c("):
        return True
    return any(len(tok) > 24 for tok in t.split())


def title_from(lines: Sequence[Line]) -> str | None:
    """The largest type on the first page: consecutive lines at that size, joined (at most 3)."""
    sized = [(t.strip(), s) for t, s in lines if t.strip() and sum(c.isalpha() for c in t) >= 3]
    if not sized:
        return None
    top = max(s for _, s in sized)
    sizes = sorted(s for _, s in sized)
    body = sizes[len(sizes) // 2]
    if top <= 0 or top <= body + 0.5:
        # One size for everything (a plain layout): the title is the first line.
        return sized[0][0][:200]
    start = next(i for i, (_, s) in enumerate(sized) if s >= top - 0.5)
    parts = []
    for text, size in sized[start : start + 3]:
        if size < top - 0.5:
            break
        parts.append(text)
    return " ".join(parts)[:200]


def _person(text: str, is_word: Callable[[str], bool]) -> str | None:
    text = _YEAR_TAIL.sub("", _EMAIL_OR_URL.sub("", _PAREN.sub(" ", text))).strip(" ,;")
    words = text.split()
    if not 2 <= len(words) <= 4 or not all(_NAME_WORD.match(w) for w in words):
        return None
    if any(w.lower() in STOPWORDS for w in words):
        return None
    # At least one word that is no common English word: "Thomas Leonard", not "Desktop Group".
    full = [w for w in words if len(w) > 2]
    if full and all(is_word(w.lower()) for w in full):
        return None
    return " ".join(words)


def author_from(
    lines: Sequence[Line], title: str | None, is_word: Callable[[str], bool]
) -> str | None:
    """People named on the first page: after "by", or name lines after the title."""
    texts = [t.strip() for t, _ in lines if t.strip()]
    for i, text in enumerate(texts[:40]):
        m = _BY.match(text)
        if m:
            rest = m.group(1) or (texts[i + 1] if i + 1 < len(texts) else "")
            names = [_person(p, is_word) for p in re.split(r",|\band\b", rest)]
            found = [n for n in names if n]
            if found:
                return ", ".join(found[:_MAX_AUTHORS])
    found = []
    for text in texts[:25]:
        if len(text) > 70:
            break  # the body has begun: a name further on is a character, not an author
        if title and text in title:
            continue
        for piece in re.split(r",|\band\b", text) if "," in text or " and " in text else [text]:
            name = _person(piece, is_word)
            if name and name not in found:
                found.append(name)
    return ", ".join(found[:_MAX_AUTHORS]) or None
