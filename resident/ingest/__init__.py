"""Persisters for real datasets: parse a source whole, then upsert it in one transaction.

`ingest(graph, "hpo-obo" | "hpoa" | "geonames-cities15000" | <path>, now, settings)` is what the
`ingest` flow, the CLI and the benchmarks call. Claims carry grounded provenance
`ingest:<dataset>@<version>` and stable ids, so a second ingest of a source changes nothing.
"""

from __future__ import annotations

import time
from datetime import datetime

from pydantic import BaseModel, ConfigDict

from resident.config import Settings
from resident.ingest._rows import ParsedSource, Progress, no_progress
from resident.ingest.geonames import parse_geonames_cities
from resident.ingest.hpoa import parse_hpoa
from resident.ingest.obo import parse_obo
from resident.ingest.sources import NAMED_SOURCES, SourceSpec, resolve_source
from resident.memory.client import GraphStore
from resident.records import PromotionReport, UpsertCounts

__all__ = [
    "NAMED_SOURCES",
    "IngestReport",
    "ParsedSource",
    "Progress",
    "SourceSpec",
    "ingest",
    "parse_source",
    "resolve_source",
]


class IngestReport(BaseModel):
    """What one ingest did: the source, what it read, what changed in the graph, how fast."""

    model_config = ConfigDict(frozen=True)

    source: str
    path: str
    dataset: str
    version: str
    provenances: tuple[str, ...]
    records: int
    entities: UpsertCounts
    claims: UpsertCounts
    skipped: dict[str, int]
    parse_seconds: float
    write_seconds: float
    #: The sweep for earned FACTs that followed the write (None when the caller skipped it).
    promotion: PromotionReport | None = None

    @property
    def rows(self) -> int:
        """Graph rows offered: entities plus claims."""
        e, c = self.entities, self.claims
        return e.inserted + e.updated + e.unchanged + c.inserted + c.updated + c.unchanged

    @property
    def changed(self) -> int:
        return (
            self.entities.inserted
            + self.entities.updated
            + self.claims.inserted
            + self.claims.updated
        )

    @property
    def rows_per_second(self) -> float:
        seconds = self.parse_seconds + self.write_seconds
        return self.rows / seconds if seconds > 0 else float("inf")


def parse_source(
    spec: SourceSpec, settings: Settings, progress: Progress = no_progress
) -> ParsedSource:
    """Read a resolved source whole into Arrow tables; MalformedSource if any line is bad."""
    confidence = settings.ingest.grounded_confidence
    every = settings.ingest.progress_every_rows
    if spec.format == "obo":
        return parse_obo(spec.path, confidence, progress, every)
    if spec.format == "hpoa":
        assert spec.ontology is not None
        ontology = parse_obo(spec.ontology, confidence, progress, every)
        return parse_hpoa(spec.path, ontology, confidence, progress, every)
    assert spec.countries is not None
    return parse_geonames_cities(
        spec.path, spec.countries, spec.version, confidence, progress, every
    )


def ingest(
    graph: GraphStore,
    source: str,
    now: datetime,
    settings: Settings,
    progress: Progress = no_progress,
    promote: bool = True,
) -> IngestReport:
    """Parse `source` whole, then write its entities and claims in one transaction; then (unless
    `promote` is False) every claim whose statement now has more than one independent grounded
    source goes through promote_to_fact (`GraphStore.promote_earned`)."""
    spec = resolve_source(source)
    started = time.perf_counter()
    parsed = parse_source(spec, settings, progress)
    parsed_at = time.perf_counter()
    progress("write", 0, parsed.rows)
    entity_counts, claim_counts = graph.upsert_bulk(parsed.entities, parsed.claims, now)
    progress("write", parsed.rows, parsed.rows)
    written_at = time.perf_counter()
    promotion = graph.promote_earned(now) if promote else None
    return IngestReport(
        source=source,
        path=str(parsed.path),
        dataset=parsed.dataset,
        version=parsed.version,
        provenances=parsed.provenances,
        records=parsed.records,
        entities=entity_counts,
        claims=claim_counts,
        skipped=parsed.skipped,
        parse_seconds=parsed_at - started,
        write_seconds=written_at - parsed_at,
        promotion=promotion,
    )
