"""Twenty people talking at once while a bulk writer loads the graph through the graph API."""

from __future__ import annotations

import json
import threading
from concurrent.futures import ThreadPoolExecutor
from datetime import UTC, datetime
from typing import Any

import openai
import pyarrow as pa
import pytest

from resident.memory.remote import RemoteGraph

CLIENTS = 20
TURNS = 4
BATCHES = 8
BATCH_ROWS = 5_000
NOW = datetime(2026, 1, 1, tzinfo=UTC)
WORDS = [
    "amber",
    "birch",
    "cedar",
    "delta",
    "ember",
    "fjord",
    "grove",
    "heron",
    "iris",
    "juniper",
    "kelp",
    "lotus",
    "maple",
    "nectar",
    "orchid",
    "pine",
    "quartz",
    "reed",
    "sage",
    "thyme",
]


def _batch(b: int) -> tuple[pa.Table, pa.Table]:
    ids = [f"concept:load-{b}-{i}" for i in range(BATCH_ROWS)]
    entities = pa.table(
        {
            "id": ids,
            "kind": ["thing"] * BATCH_ROWS,
            "label": [f"Load {b} {i}" for i in range(BATCH_ROWS)],
        }
    )
    claims = pa.table(
        {
            "subject": ids,
            "predicate": ["batch_of"] * BATCH_ROWS,
            "object_entity": pa.nulls(BATCH_ROWS, pa.string()),
            "object_literal": [f"batch {b}"] * BATCH_ROWS,
            "confidence": [0.7] * BATCH_ROWS,
            "provenance": ["ingest:load@1"] * BATCH_ROWS,
        }
    )
    return entities, claims


@pytest.mark.slow
def test_twenty_clients_and_a_bulk_writer(start_daemon: Any, tmp_path: Any) -> None:
    daemon = start_daemon(tmp_path / "data")
    errors: list[str] = []
    writer_done = threading.Event()

    def bulk_writer() -> int:
        written = 0
        with RemoteGraph(daemon.url, daemon.service_token) as graph:
            for b in range(BATCHES):
                entities, claims = _batch(b)
                _, counts = graph.upsert_bulk(entities, claims, NOW)
                written += counts.inserted
                if b == BATCHES // 2:
                    graph.decay_stale_facts(datetime.now(UTC))  # maintenance in the middle
        writer_done.set()
        return written

    def person(i: int) -> list[dict[str, Any]]:
        name, word = f"Client {WORDS[i]}", WORDS[i].capitalize()
        turns = [daemon.say(f"I'm {name}")]
        turns.append(daemon.say(f"{word}ium treats {WORDS[(i + 1) % CLIENTS]}itis", person=name))
        turns.append(daemon.say(f"What treats {WORDS[(i + 1) % CLIENTS]}itis?", person=name))
        with openai.OpenAI(
            base_url=f"{daemon.url}/v1", api_key=daemon.owner_token, max_retries=0, timeout=120
        ) as client:
            done = client.chat.completions.create(
                model="max", messages=[{"role": "user", "content": "How are you?"}]
            )
            turns.append({"reply": done.choices[0].message.content, **done.model_extra["resident"]})  # type: ignore[index]
        return turns

    with ThreadPoolExecutor(CLIENTS + 1) as pool:
        writer = pool.submit(bulk_writer)
        people = [pool.submit(person, i) for i in range(CLIENTS)]
        results = []
        for future in people:
            try:
                results.append(future.result(timeout=300))
            except Exception as exc:  # collected, so one failure shows them all
                errors.append(f"{type(exc).__name__}: {exc}")
        written = writer.result(timeout=300)

    assert errors == []
    assert writer_done.is_set()
    # No lost write: every bulk row and every told claim is in the graph.
    assert written == BATCHES * BATCH_ROWS
    with RemoteGraph(daemon.url, daemon.service_token) as graph:
        loaded = graph.claims_for_subjects(
            [f"concept:load-{b}-{i}" for b in range(BATCHES) for i in range(BATCH_ROWS)]
        )
        assert loaded.num_rows == BATCHES * BATCH_ROWS
        for i, turns in enumerate(results):
            [told] = turns[1]["claims"]
            assert graph.peek_claim(told["id"]).provenance == (
                f"interaction:person:client-{WORDS[i]}"
            )
            assert told["id"] in [c["id"] for c in turns[2]["claims"]], "answered from the graph"
    correlation_ids = [t["correlation_id"] for turns in results for t in turns]
    assert len(set(correlation_ids)) == CLIENTS * TURNS
    # Every turn is in the event log under its own correlation_id and this session.
    events = [
        json.loads(line)
        for line in (daemon.data_dir / "events" / f"{daemon.session_id}.jsonl")
        .read_text()
        .splitlines()
    ]
    heard = {e["correlation_id"] for e in events if e["kind"] == "turn_heard"}
    assert set(correlation_ids) <= heard
    assert {e["session_id"] for e in events} == {daemon.session_id}
