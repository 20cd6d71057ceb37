"""The language layer's word lists, read once from data files under resident/language/data.

A list is one word (or phrase) a line, `#` starting a comment; a table (`.tsv`) is two columns,
a word and what it maps to. Word lists are data, not code: the reader's mechanisms live in the
modules, what they match lives here, and a list can grow without touching a rule.
"""

from __future__ import annotations

import functools
from importlib import resources


def _lines(name: str) -> list[str]:
    text = resources.files("resident.language").joinpath(f"data/{name}").read_text("utf-8")
    out = []
    for raw in text.splitlines():
        line = raw.split("#", 1)[0].strip()
        if line:
            out.append(line)
    return out


@functools.cache
def words(name: str) -> frozenset[str]:
    """The list data/<name>.txt, lower-cased."""
    return frozenset(line.lower() for line in _lines(f"{name}.txt"))


@functools.cache
def table(name: str) -> dict[str, str]:
    """The table data/<name>.tsv: first column -> second."""
    out: dict[str, str] = {}
    for line in _lines(f"{name}.tsv"):
        key, _, value = line.partition("\t")
        if not value:
            key, _, value = line.partition(" ")
        out[key.strip().lower()] = value.strip()
    return out


@functools.cache
def groups(name: str) -> tuple[frozenset[str], ...]:
    """The groups in data/<name>.txt: one group a line, its words separated by spaces."""
    return tuple(frozenset(line.lower().split()) for line in _lines(f"{name}.txt"))


@functools.cache
def rows(name: str) -> tuple[tuple[str, ...], ...]:
    """The rows of data/<name>.txt, in order: one a line, its words separated by spaces."""
    return tuple(tuple(line.lower().split()) for line in _lines(f"{name}.txt"))
