"""The dictionary: names said in conversation -> graph entities, behind an LRU cache.

Only found names are cached: a name the graph lacks now may be ingested a minute later, and a
cached miss would then file a duplicate concept beside the real term.
"""

from __future__ import annotations

import re
import threading
import unicodedata
from collections.abc import Iterable

from cachetools import LRUCache

from resident.errors import NotFound
from resident.memory.client import GraphStore
from resident.records import Entity, short_id

#: Lower ranks are preferred when one name matches several entities.
_KIND_RANK = {"person": 0, "concept": 2}


def slug(name: str) -> str:
    """A stable id part for a name: ascii, lower case, hyphens ("Ana Silva" -> ana-silva)."""
    ascii_name = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode()
    out = re.sub(r"[^a-z0-9]+", "-", ascii_name.lower()).strip("-")
    # A name with no ascii letters still needs a stable, distinct id.
    return out or short_id("n", name)


def singular_forms(name: str) -> list[str]:
    """Naive singulars of the last word ("headaches" -> "headache"), for lookups only: names
    such as "James" are looked up as said first. All-capital words (acronyms) are left alone."""
    head, _, last = name.rpartition(" ")
    if not (last.islower() or last.istitle()) or len(last) < 4:
        return []
    prefix = f"{head} " if head else ""
    out = []
    if last.endswith("ies"):
        out.append(prefix + last[:-3] + "y")
    if last.endswith("es"):
        out.append(prefix + last[:-2])
    if last.endswith("s") and not last.endswith("ss"):
        out.append(prefix + last[:-1])
    return out


def rank(entities: Iterable[Entity], name: str) -> list[Entity]:
    """Best match first: a label equal to the name before an alias, a person before an
    ontology term before a concept MAX filed himself."""
    lowered = name.lower()
    return sorted(
        entities,
        key=lambda e: (e.label.lower() != lowered, _KIND_RANK.get(e.id.partition(":")[0], 1), e.id),
    )


class Dictionary:
    """LRU-cached entity lookups by name and labels by id; safe to share between threads."""

    def __init__(self, graph: GraphStore, size: int) -> None:
        self.graph = graph
        self._cache: LRUCache[tuple[str, str], tuple[Entity, ...] | str] = LRUCache(maxsize=size)
        self._lock = threading.Lock()

    def __len__(self) -> int:
        return len(self._cache)

    def viewing(self, graph: GraphStore) -> Dictionary:
        """This dictionary reading claims through `graph` (a person's private view): names and
        labels are not private, so the cache is shared."""
        view = Dictionary.__new__(Dictionary)
        view.graph, view._cache, view._lock = graph, self._cache, self._lock
        return view

    @property
    def maxsize(self) -> int:
        return int(self._cache.maxsize)

    def find(self, name: str) -> list[Entity]:
        """Entities named `name` (label or alias, any case; plural tried as singular), best
        first."""
        key = ("find", name.strip().lower())
        with self._lock:
            hit = self._cache.get(key)
        if isinstance(hit, tuple):
            return list(hit)
        found = self.graph.find_entities(name.strip())
        if not found:
            for form in singular_forms(name.strip()):
                found = self.graph.find_entities(form)
                if found:
                    break
        ranked = rank(found, name.strip())
        if ranked:
            with self._lock:
                self._cache[key] = tuple(ranked)
        return ranked

    def label(self, entity_id: str) -> str:
        """The entity's label; its id when the graph does not have it."""
        key = ("label", entity_id)
        with self._lock:
            hit = self._cache.get(key)
        if isinstance(hit, str):
            return hit
        try:
            value = self.graph.get_entity(entity_id).label
        except NotFound:
            return entity_id
        with self._lock:
            self._cache[key] = value
        return value

    def labels(self, entity_ids: Iterable[str]) -> dict[str, str]:
        return {eid: self.label(eid) for eid in set(entity_ids)}

    def reset(self) -> None:
        """Drop every entry (a turn abandoned part way may have cached what it rolled back);
        a fresh cache, as the old one may have been left mid-update."""
        with self._lock:
            self._cache = LRUCache(maxsize=self._cache.maxsize)

    def forget(self, name: str) -> None:
        """Drop a cached name after MAX files an entity under it."""
        with self._lock:
            self._cache.pop(("find", name.strip().lower()), None)

    def forget_label(self, entity_id: str) -> None:
        """Drop a cached label after MAX names an entity anew (kin_named: "Ken's mum" is Jean)."""
        with self._lock:
            self._cache.pop(("label", entity_id), None)
