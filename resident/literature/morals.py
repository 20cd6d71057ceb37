"""Moral salience per foundation from the MoralStrength lexicon (Araque, Gatti and Kalimeri
2020; LGPL-3.0, read as data from its TSV files, its Python code is not imported).

Each lexicon word is rated 1 (vice) to 9 (virtue) on one foundation, 5 neutral. A word's weight
is how far it sits from neutral, |r - 5| / 4; a text's salience for a foundation is the summed
weight per 1,000 words, and its polarity the weighted mean of (r - 5) / 4.
"""

from __future__ import annotations

import csv
import functools
import importlib.util
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from resident.errors import ConfigError

FOUNDATIONS = ("care", "fairness", "loyalty", "authority", "purity")


@dataclass(frozen=True)
class Lexicon:
    """word -> ((foundation, rating), ...)."""

    entries: Mapping[str, tuple[tuple[str, float], ...]]
    version: str


def _annotations_dir() -> Path:
    spec = importlib.util.find_spec("moralstrength")
    if spec is None or not spec.submodule_search_locations:
        raise ConfigError(
            "literature",
            "the moralstrength lexicon is not installed "
            "(pip install --no-deps moralstrength==0.2.13)",
        )
    return Path(next(iter(spec.submodule_search_locations))) / "annotations" / "v1.1"


@functools.lru_cache(maxsize=1)
def load_lexicon() -> Lexicon:
    """The v1.1 lexicon (word forms, 430 to 730 per foundation), read once per process."""
    folder = _annotations_dir()
    entries: dict[str, list[tuple[str, float]]] = {}
    for foundation in FOUNDATIONS:
        with (folder / f"{foundation}.tsv").open(encoding="utf-8") as fh:
            for row in csv.DictReader(fh, delimiter="\t"):
                word = (row.get("WORD") or "").strip().lower()
                try:
                    rating = float(row.get("EXPRESSED_MORAL") or "")
                except ValueError:
                    continue
                if word and " " not in word:
                    entries.setdefault(word, []).append((foundation, rating))
    return Lexicon({w: tuple(v) for w, v in entries.items()}, "moralstrength-1.1")


@dataclass
class MoralTally:
    """Running sums for one stretch of text (a chapter or the whole document)."""

    words: int = 0
    weight: dict[str, float] | None = None
    signed: dict[str, float] | None = None

    def add(self, lexicon: Lexicon, lower_words: list[str]) -> None:
        if self.weight is None:
            self.weight, self.signed = (
                dict.fromkeys(FOUNDATIONS, 0.0),
                dict.fromkeys(FOUNDATIONS, 0.0),
            )
        assert self.signed is not None
        self.words += len(lower_words)
        for w in lower_words:
            hit = lexicon.entries.get(w)
            if hit is None:
                continue
            for foundation, rating in hit:
                self.weight[foundation] += abs(rating - 5.0) / 4.0
                self.signed[foundation] += (rating - 5.0) / 4.0

    def merge(self, other: MoralTally) -> None:
        if other.weight is None:
            return
        if self.weight is None:
            self.weight, self.signed = (
                dict.fromkeys(FOUNDATIONS, 0.0),
                dict.fromkeys(FOUNDATIONS, 0.0),
            )
        assert self.signed is not None and other.signed is not None
        self.words += other.words
        for f in FOUNDATIONS:
            self.weight[f] += other.weight[f]
            self.signed[f] += other.signed[f]


def salience(tally: MoralTally) -> dict[str, float]:
    """Per foundation: weighted lexicon hits per 1,000 words (4 decimals, so a re-read gives
    the very same values)."""
    if tally.words == 0 or tally.weight is None:
        return dict.fromkeys(FOUNDATIONS, 0.0)
    return {f: round(1000.0 * tally.weight[f] / tally.words, 4) for f in FOUNDATIONS}


def polarity(tally: MoralTally) -> dict[str, float]:
    """Per foundation, -1 (vice) .. 1 (virtue): how the text leans where it is moral."""
    if tally.weight is None or tally.signed is None:
        return dict.fromkeys(FOUNDATIONS, 0.0)
    return {
        f: round(tally.signed[f] / tally.weight[f], 4) if tally.weight[f] else 0.0
        for f in FOUNDATIONS
    }
