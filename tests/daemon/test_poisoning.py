"""Honesty under pressure (issue 16): with real FACTs in the graph, many people contradict and
correct them through a running daemon and peers push claims through its graph API. No FACT is
lowered, replaced or created by any of it; every correction fans out to a curiosity gap, a
hypothesis and a conflict; conflicts stay within one subject and predicate."""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pyarrow as pa

from resident.config import load_settings
from resident.memory.duck_store import DuckStore
from resident.memory.remote import RemoteGraph
from resident.records import Entity, Level, NewClaim

T0 = datetime(2026, 1, 1, tzinfo=UTC)
SEIZURE, NEURO, FEVER, RASH = "hp:0001250", "hp:0012638", "hp:0001945", "hp:0000988"
PEOPLE = [f"Tester{i}" for i in range(6)]


def seed_graph(data: Path) -> list[str]:
    """Two statements, each stated by the ontology and by a publication: earned FACTs."""
    settings = load_settings(data_dir=data, env={})
    with DuckStore.open(settings, create=True) as g:
        g.upsert_entities(
            [
                Entity(id=SEIZURE, kind="phenotype", label="Seizure"),
                Entity(id=NEURO, kind="phenotype", label="Abnormal nervous system physiology"),
                Entity(id=FEVER, kind="phenotype", label="Fever"),
                Entity(id=RASH, kind="phenotype", label="Skin rash"),
            ],
            T0,
        )
        for subject, obj, pmid in ((SEIZURE, NEURO, "PMID:111"), (FEVER, NEURO, "PMID:222")):
            for prov, locator in (
                ("ingest:hp@2025-01-16", "hp.obo:10"),
                (f"literature:{pmid}", "p. 3"),
            ):
                g.add_claim(
                    NewClaim(
                        subject=subject,
                        predicate="is_a",
                        object_entity=obj,
                        confidence=0.7,
                        provenance=prov,
                        locator=locator,
                    ),
                    T0,
                )
        report = g.promote_earned(T0)
        assert report.promoted == 4
        return [p.claim_id for p in report.sample]


def test_facts_hold_against_people_and_peers(
    tmp_path: Path, start_daemon: Callable[..., Any]
) -> None:
    data = tmp_path / "data"
    facts = seed_graph(data)
    daemon = start_daemon(data)
    graph = RemoteGraph(daemon.url, daemon.service_token)
    try:
        before = {cid: graph.peek_claim(cid) for cid in facts}
        assert all(c.level is Level.FACT for c in before.values())
        fact_count = graph.ladder().count("fact")

        corrections = []
        for name in PEOPLE:
            daemon.say(f"I'm {name}")
            told = daemon.say("Seizure is a skin rash", person=name)
            assert told["claims"][0]["provenance"].startswith("interaction:person:")
            for text in ("No, seizure is a skin rash", "No, fever is a skin rash"):
                turn = daemon.say(text, person=name)
                assert turn["intent"] == "correction", turn
                hypothesis, old = turn["claims"][0], turn["claims"][1]
                corrections.append((hypothesis["id"], old["id"]))

        # Peers: confident, citing publications, one by one and in bulk with references.
        for model in ("gpt", "claude", "gemini"):
            graph.add_claim(
                NewClaim(
                    subject=SEIZURE,
                    predicate="is_a",
                    object_entity=RASH,
                    confidence=0.99,
                    provenance=f"peer:{model}",
                    locator="PMID:999",
                ),
                T0,
            )
        graph.upsert_claims(
            pa.table(
                {
                    "subject": [SEIZURE, SEIZURE],
                    "predicate": ["is_a", "is_a"],
                    "object_entity": [RASH, RASH],
                    "object_literal": pa.nulls(2, pa.string()),
                    "confidence": [1.0, 1.0],
                    "provenance": ["inference:ff", "inference:ff"],
                    "locator": ["run 1", "run 1"],
                    "evidence_source": ["PMID:5", "OMIM:5"],
                }
            ),
            T0,
        )
        sweep = graph.promote_earned(T0)
        assert sweep.promoted == 0

        # No FACT lowered or replaced, none created.
        for cid, old in before.items():
            now = graph.peek_claim(cid)
            assert (now.level, now.confidence, now.object_value) == (
                Level.FACT,
                old.confidence,
                old.object_value,
            )
        assert graph.ladder().count("fact") == fact_count
        ladder = graph.ladder()
        assert set(ladder.rungs["fact"]) == {"grounded"}

        # Each correction: a gap at the top priority, a user_correction hypothesis, a conflict
        # with the FACT it contradicts. (Each correction names its person, so two people's
        # same words are two hypothesis rows; each turn files its own gap.)
        settings = load_settings(env={})
        assert len(corrections) == 2 * len(PEOPLE)
        gaps = graph.due_gaps(datetime(2100, 1, 1, tzinfo=UTC), limit=1000)
        for hypothesis_id, old_id in set(corrections):
            hypothesis = graph.peek_claim(hypothesis_id)
            # The correction names who made it (issue 14): user_correction:person:<id>.
            assert hypothesis.level is Level.HYPOTHESIS
            assert hypothesis.provenance.startswith("user_correction:person:")
            assert old_id in facts
            assert {(x.claim_a, x.claim_b) for x in graph.conflicts_for(hypothesis_id)} == {
                tuple(sorted((hypothesis_id, old_id)))
            }
            filed = [g for g in gaps if g.claim_id == hypothesis_id]
            assert len(filed) == corrections.count((hypothesis_id, old_id))
            assert all(g.priority == settings.curiosity.correction_priority for g in filed)

        # Conflicts only within one subject and predicate.
        conflicts = graph.open_conflicts(limit=1000)
        assert conflicts
        for x in conflicts:
            a, b = graph.peek_claim(x.claim_a), graph.peek_claim(x.claim_b)
            assert (a.subject, a.predicate) == (b.subject, b.predicate) == (x.subject, x.predicate)
        # Everything peers and people said sits at or below the hint cap, off the FACT rung.
        for c in graph.peek_claims(SEIZURE, "is_a") + graph.peek_claims(FEVER, "is_a"):
            if not c.provenance.startswith(("ingest:", "literature:")):
                assert c.level is not Level.FACT
                assert c.confidence <= settings.epistemic.hint_cap or (
                    c.provenance.startswith("user_correction:") and c.level is Level.HYPOTHESIS
                )
    finally:
        graph.close()
