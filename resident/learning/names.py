"""Entity names as bags of words for the learner (pure; no torch).

An ontology's names share words across its hierarchy ("Abnormality of the heart" is_a
"Abnormality of the cardiovascular system"), and a word learned on one term carries to every
other term that uses it, including terms whose own links the learner has barely seen. Each
entity's bag holds the words of its label that some other label also uses, weighted by inverse
document frequency over the entities (words most names share, "of", "the", weigh little; no
word list is needed) and normalised to sum 1. The vocabulary only grows: a word keeps its row
across nights.
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping, Sequence

_WORD = re.compile(r"[^\W_]+")
#: Words kept of one name (the rarest first): names are short; a long one is mostly its head.
MAX_WORDS = 8


def words(label: str) -> list[str]:
    """The distinct lower-cased words of a label, in order."""
    seen: dict[str, None] = {}
    for w in _WORD.findall(label.lower()):
        seen.setdefault(w, None)
    return list(seen)


def name_bags(
    entities: Sequence[str],
    labels: Mapping[str, str],
    vocab: Sequence[str] = (),
    max_words: int = MAX_WORDS,
) -> tuple[list[str], list[list[tuple[int, float]]]]:
    """(vocabulary, bags): the old vocabulary with tonight's new words appended (sorted), and
    per entity its (word row, weight) pairs; an entity without a label has an empty bag."""
    named = [words(labels.get(e) or "") for e in entities]
    df: dict[str, int] = {}
    for ws in named:
        for w in ws:
            df[w] = df.get(w, 0) + 1
    # A word only one name uses carries nothing to another entity: it would be a second row
    # of that entity's own, so it is left out (a graph whose names share no word learns as
    # if it had none).
    named = [[w for w in ws if df[w] > 1] for ws in named]
    df = {w: n for w, n in df.items() if n > 1}
    known = set(vocab)
    out_vocab = list(vocab) + sorted(w for w in df if w not in known)
    row = {w: i for i, w in enumerate(out_vocab)}
    n = max(1, len(entities))
    bags: list[list[tuple[int, float]]] = []
    for ws in named:
        idf = sorted(((math.log((1 + n) / df[w]), w) for w in ws), reverse=True)[:max_words]
        total = sum(v for v, _ in idf)
        bags.append([(row[w], v / total) for v, w in idf] if total > 0 else [])
    return out_vocab, bags
