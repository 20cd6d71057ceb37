"""Each flow run for real under prefect_test_harness, against a real graph file."""

from __future__ import annotations

import subprocess
import sys
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from prefect.client.orchestration import get_client
from prefect.client.schemas.filters import ArtifactFilter, ArtifactFilterKey

from flows.decay import decay_stale_facts
from flows.exploration import exploration_loop
from flows.ingest import ingest
from flows.snapshot import snapshot
from resident.config import load_settings
from resident.errors import MalformedSource
from resident.memory.duck_store import DuckStore
from resident.records import Entity, Level, NewClaim

TINY_OBO = """format-version: 1.2
data-version: hp/releases/2025-01-16
ontology: hp.obo

[Term]
id: HP:0000001
name: All

[Term]
id: HP:0000118
name: Phenotypic abnormality
synonym: "Organ abnormality" EXACT []
is_a: HP:0000001
"""


def latest_artifact(key: str) -> str:
    with get_client(sync_client=True) as client:
        found = client.read_artifacts(
            artifact_filter=ArtifactFilter(key=ArtifactFilterKey(any_=[key]))
        )
    assert found, f"no artifact {key!r}"
    newest = max(found, key=lambda a: a.created or datetime.min.replace(tzinfo=UTC))
    return str(newest.data)


def inbox(data_dir: Path) -> Path:
    """Where a flow may read a file from (the data directory's inbox; literature.roots too)."""
    folder = data_dir / "inbox"
    folder.mkdir(exist_ok=True)
    return folder


def open_store(data_dir: Path) -> DuckStore:
    return DuckStore.open(load_settings(data_dir=data_dir, env={}), create=True)


def test_ingest_flow_lands_and_reports(flow_env: Path) -> None:
    path = inbox(flow_env) / "hp.obo"
    path.write_text(TINY_OBO)
    result = ingest(source=str(path))
    assert result["claims"]["inserted"] == 1 and result["entities"]["inserted"] == 2
    assert result["session_id"] is None  # no daemon: the run used the graph embedded
    assert len(result["correlation_id"]) == 26
    again = ingest(source=str(path))
    assert again["counts"] == result["counts"] and again["checksum"] == result["checksum"]
    text = latest_artifact("ingest")
    assert "ingest:hp@2025-01-16" in text and "| claims | 0 | 0 | 1 |" in text
    with open_store(flow_env) as store:
        assert store.get_entity("hp:0000118").aliases == ("Organ abnormality",)


def _task_run_counts(flow_run_id: Any) -> dict[str, int]:
    """How many times each task of one flow run ran (1 + its retries), by task name."""
    from prefect.client.orchestration import get_client
    from prefect.client.schemas.filters import FlowRunFilter, FlowRunFilterId

    with get_client(sync_client=True) as client:
        runs = client.read_task_runs(
            flow_run_filter=FlowRunFilter(id=FlowRunFilterId(any_=[flow_run_id]))
        )
    counts: dict[str, int] = {}
    for run in runs:
        if run.task_key.startswith("ingest-source") or run.name.startswith("ingest-source"):
            counts["ingest-source"] = counts.get("ingest-source", 0) + run.run_count
    return counts


def test_malformed_source_fails_fast_and_writes_nothing(flow_env: Path) -> None:
    path = inbox(flow_env) / "broken.obo"
    path.write_text(TINY_OBO + "[Term]\nid: HP:0000002\nno colon here\n")
    state = ingest(source=str(path), return_state=True)
    with pytest.raises(MalformedSource, match="line 16"):
        state.result()
    # Bad input is not retried: the persisting task ran once.
    assert _task_run_counts(state.state_details.flow_run_id) == {"ingest-source": 1}
    with open_store(flow_env) as store:
        assert store.counts()["entities"] == 0


def test_busy_graph_is_retried_with_backoff(flow_env: Path) -> None:
    open_store(flow_env).close()
    graph = load_settings(data_dir=flow_env, env={}).graph_path
    # Another process holds the file read-write for two seconds: the first tries meet GraphBusy.
    holder = subprocess.Popen(
        [
            sys.executable,
            "-c",
            "import duckdb, sys, time; c = duckdb.connect(sys.argv[1]); "
            "print('held', flush=True); time.sleep(2); c.close()",
            str(graph),
        ],
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert holder.stdout is not None and holder.stdout.readline().strip() == "held"
        path = inbox(flow_env) / "hp.obo"
        path.write_text(TINY_OBO)
        result = ingest(source=str(path))
    finally:
        holder.wait(30)
    assert result["claims"]["inserted"] == 1


def test_decay_flow_publishes_histograms(flow_env: Path) -> None:
    long_ago = datetime.now(UTC) - timedelta(days=200)
    with open_store(flow_env) as store:
        store.upsert_entities([Entity(id="concept:tea", kind="thing", label="tea")], long_ago)
        weak = store.add_claim(
            NewClaim(
                subject="concept:tea",
                predicate="colour",
                object_literal="green",
                confidence=0.3,
                provenance="peer:model-a",
            ),
            long_ago,
        )
        strong = store.add_claim(
            NewClaim(
                subject="concept:tea",
                predicate="origin",
                object_literal="China",
                confidence=0.8,
                provenance="literature:book",
            ),
            long_ago,
        )
    result = decay_stale_facts()
    assert result["decayed"] == 1
    assert result["histogram_before"][3] == 1 and result["histogram_after"][1] == 1
    text = latest_artifact("decay-stale-facts")
    assert "Claims decayed: **1**" in text and "| 0.3 to 0.4) | 1 | 0 | -1 |" in text
    # The ladder after the run, per rung and provenance class.
    assert "## The ladder after the run" in text
    assert "| belief | 1 | 0 | 0 | 0 | 0 | 1 |" in text
    assert "| hypothesis | 0 | 1 | 0 | 0 | 0 | 1 |" in text
    assert result["ladder"]["rungs"]["hypothesis"] == {"peer": 1}
    with open_store(flow_env) as store:
        assert store.peek_claim(weak.id).confidence == pytest.approx(0.15)
        assert store.peek_claim(strong.id).confidence == pytest.approx(0.8)


def test_exploration_flow_promotes_with_evidence(flow_env: Path) -> None:
    now = datetime.now(UTC)
    with open_store(flow_env) as store:
        store.upsert_entities(
            [
                Entity(id="omim:1", kind="disease", label="d"),
                Entity(id="hp:0000006", kind="phenotype", label="AD"),
            ],
            now,
        )
        claims = [
            store.add_claim(
                NewClaim(
                    subject="omim:1",
                    predicate="has_inheritance",
                    object_entity="hp:0000006",
                    confidence=0.7,
                    provenance=p,
                ),
                now,
            )
            for p in ("ingest:hpo-annotations@1", "literature:pmid-1", "peer:model")
        ]
        store.file_gap(
            "omim:1", "has_inheritance", "inheritance of omim:1?", now - timedelta(minutes=1)
        )
    result = exploration_loop()
    assert (result["examined"], result["answered"], result["promoted"]) == (1, 1, 2)
    text = latest_artifact("exploration-loop")
    assert "| promoted |" in text and "independent grounded sources" in text
    with open_store(flow_env) as store:
        levels = [store.peek_claim(c.id).level for c in claims]
    assert levels == [Level.FACT, Level.FACT, Level.HYPOTHESIS]  # the peer claim stays a hint


def test_snapshot_flow_publishes_a_copy(flow_env: Path) -> None:
    with open_store(flow_env) as store:
        store.upsert_entities([Entity(id="concept:x", kind="thing", label="x")], datetime.now(UTC))
    result = snapshot()
    path = Path(result["path"])
    assert path.parent == flow_env / "snapshots" and path.exists()
    import duckdb

    with duckdb.connect(str(path), read_only=True) as con:
        assert con.execute("SELECT label FROM entities").fetchall() == [("x",)]
