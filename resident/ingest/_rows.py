"""What a parser hands the persister: a whole source as two Arrow tables, validated and deduped.

Parsers are pure (a file in, a ParsedSource out); nothing is written until a source has parsed
whole, and then it is written in one transaction (`GraphStore.upsert_bulk`).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

import pyarrow as pa

from resident.errors import MalformedSource
from resident.memory.rows import CLAIM_SCHEMA as STORE_CLAIM_SCHEMA
from resident.memory.rows import ENTITY_SCHEMA
from resident.records import MAX_LABEL_CHARS

#: progress(stage, done, total): called every `progress_every_rows` rows while a file is read.
Progress = Callable[[str, int, int | None], None]

_NO_SPACE = re.compile(r"\s+")


def no_progress(stage: str, done: int, total: int | None) -> None:
    """The default progress sink: report nothing."""


def provenance_for(dataset: str, version: str) -> str:
    """`ingest:<dataset>@<version>`; whitespace in a version string becomes '_'."""
    return f"ingest:{dataset}@{_NO_SPACE.sub('_', version.strip())}"


# Ingested claims are never opinions: the store fills that optional column in.
CLAIM_SCHEMA = STORE_CLAIM_SCHEMA.remove(STORE_CLAIM_SCHEMA.get_field_index("opinion"))


@dataclass
class EntityRows:
    """Entities keyed by stable id; the first occurrence of an id wins, so output is stable."""

    ids: list[str] = field(default_factory=list)
    kinds: list[str] = field(default_factory=list)
    labels: list[str] = field(default_factory=list)
    aliases: list[list[str]] = field(default_factory=list)
    _seen: set[str] = field(default_factory=set)

    def add(self, entity_id: str, kind: str, label: str, aliases: Iterable[str] = ()) -> bool:
        if entity_id in self._seen:
            return False
        self._seen.add(entity_id)
        self.ids.append(entity_id)
        self.kinds.append(kind)
        self.labels.append(label)
        self.aliases.append(distinct_aliases(label, aliases))
        return True

    def __contains__(self, entity_id: object) -> bool:
        return entity_id in self._seen

    def __len__(self) -> int:
        return len(self.ids)

    def table(self) -> pa.Table:
        return pa.table(
            {"id": self.ids, "kind": self.kinds, "label": self.labels, "aliases": self.aliases},
            schema=ENTITY_SCHEMA,
        )


@dataclass
class ClaimRows:
    """Claims of one source, one table row per (statement, evidence source).

    A statement said twice (two lines) is one claim. Each reference a line cites (`PMID:...`,
    `OMIM:...`) becomes its own evidence row, located at the first line that cites it; a line
    that cites nothing is evidenced by the dataset itself. Rows come out in first-seen order,
    so a re-ingest writes exactly the same rows.
    """

    provenance: str
    confidence: float
    subjects: list[str] = field(default_factory=list)
    predicates: list[str] = field(default_factory=list)
    object_entities: list[str | None] = field(default_factory=list)
    object_literals: list[str | None] = field(default_factory=list)
    locators: list[str] = field(default_factory=list)
    evidence_sources: list[str | None] = field(default_factory=list)
    _seen: set[tuple[str, str, str]] = field(default_factory=set)
    _cited: set[tuple[tuple[str, str, str], str | None]] = field(default_factory=set)

    def add_edge(
        self, subject: str, predicate: str, obj: str, locator: str, references: Sequence[str] = ()
    ) -> bool:
        return self._add(subject, predicate, obj, None, locator, references)

    def add_literal(
        self,
        subject: str,
        predicate: str,
        literal: str,
        locator: str,
        references: Sequence[str] = (),
    ) -> bool:
        return self._add(subject, predicate, None, literal, locator, references)

    def _add(
        self,
        subject: str,
        predicate: str,
        obj: str | None,
        literal: str | None,
        locator: str,
        references: Sequence[str],
    ) -> bool:
        """Add a line's statement; True when the statement is new."""
        key = (subject, predicate, obj if obj is not None else f"\x00{literal}")
        new = key not in self._seen
        self._seen.add(key)
        for source in references or (None,):
            if (key, source) in self._cited:
                continue
            self._cited.add((key, source))
            self.subjects.append(subject)
            self.predicates.append(predicate)
            self.object_entities.append(obj)
            self.object_literals.append(literal)
            self.locators.append(locator)
            self.evidence_sources.append(source)
        return new

    def __len__(self) -> int:
        """Statements (claims), not rows."""
        return len(self._seen)

    def table(self) -> pa.Table:
        n = len(self.subjects)
        return pa.table(
            {
                "subject": self.subjects,
                "predicate": self.predicates,
                "object_entity": self.object_entities,
                "object_literal": self.object_literals,
                "confidence": [self.confidence] * n,
                "provenance": [self.provenance] * n,
                "locator": self.locators,
                "evidence_source": self.evidence_sources,
            },
            schema=CLAIM_SCHEMA,
        )


def check_label(label: str, path: Path, line: int | None) -> str:
    """A usable entity label or MalformedSource naming the line."""
    label = label.strip()
    if not label:
        raise MalformedSource(str(path), line, "empty name")
    if len(label) > MAX_LABEL_CHARS:
        raise MalformedSource(str(path), line, f"name longer than {MAX_LABEL_CHARS} characters")
    return label


def distinct_aliases(label: str, aliases: Iterable[str]) -> list[str]:
    """Aliases in their first order, without blanks, repeats or the label itself."""
    seen = {label}
    out = []
    for alias in aliases:
        alias = alias.strip()
        if alias and alias not in seen:
            seen.add(alias)
            out.append(alias)
    return out


@dataclass(frozen=True)
class ParsedSource:
    """One source, parsed whole: what the persister writes in one transaction."""

    dataset: str
    version: str
    path: Path
    entities: pa.Table
    claims: pa.Table
    #: Records read from the file (terms, annotation rows, cities).
    records: int
    #: Every provenance the claims carry (a composite source such as hpoa has two).
    provenances: tuple[str, ...]
    #: Records left out on purpose, by reason (ids MAX has no stable prefix for, ...).
    skipped: dict[str, int] = field(default_factory=dict)

    @property
    def provenance(self) -> str:
        return provenance_for(self.dataset, self.version)

    @property
    def rows(self) -> int:
        """Table rows this source hands the persister: entities plus claim rows (a claim has a
        row per reference it cites)."""
        return self.entities.num_rows + self.claims.num_rows
