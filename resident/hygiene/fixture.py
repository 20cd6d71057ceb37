"""The fixture graph of the hygiene tests, the CI gates and the benchmark: real ingested data
(hp.obo, phenotype.hpoa and GeoNames cities from their packages) and a real conversation with
a booted MAX (spaCy rules, no language model), so dbt and Great Expectations judge the shapes
real sources and real talk produce."""

from __future__ import annotations

import time
from collections.abc import Sequence
from datetime import UTC, datetime

from resident.config import Settings

T0 = datetime(2026, 1, 1, tzinfo=UTC)
#: What Ana and Bob tell MAX: facts, a preference, a place, a birthday and a correction.
CONVERSATION = (
    ("Hi, I'm Ana.", "ana"),
    ("Aspirin treats headache", "ana"),
    ("Ibuprofen treats headache", "ana"),
    ("I live in Lisbon", "ana"),
    ("Ana's birthday is 3 May", "ana"),
    ("I'm Bob", "bob"),
    ("The capital of Australia is Sydney", "bob"),
    ("No, that's wrong: the capital of Australia is Canberra", "ana"),
)


def build_real_graph(
    settings: Settings,
    sources: Sequence[str] = ("hpo-obo", "geonames-cities15000"),
    now: datetime = T0,
) -> dict[str, float]:
    """Ingest `sources` into a new graph at settings.graph_path and hold a real conversation
    with a booted MAX (spaCy rules, no language model); seconds per step."""
    from resident.boot import boot
    from resident.clock import ManualClock
    from resident.ingest import ingest
    from resident.language import converse
    from resident.memory.duck_store import DuckStore

    seconds: dict[str, float] = {}
    with DuckStore.open(settings, create=True) as graph:
        for source in sources:
            start = time.perf_counter()
            ingest(graph, source, now, settings)
            seconds[f"ingest {source}"] = time.perf_counter() - start
        start = time.perf_counter()
        clock = ManualClock(now)
        resident = boot(settings, graph, clock, probes={})
        people: dict[str, str | None] = {}
        for text, who in CONVERSATION:
            turn = converse(
                resident,
                text,
                people.get(who),
                clock.advance(minutes=1),
                resident.session.new_correlation_id(),
            )
            people[who] = turn.person_id or people.get(who)
        seconds["conversation"] = time.perf_counter() - start
    return seconds
