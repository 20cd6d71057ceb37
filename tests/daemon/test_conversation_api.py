"""Conversation surfaces of a real daemon: converse, state, claims, why, facts, health, tokens."""

from __future__ import annotations

from typing import Any

import pytest


def test_health_reads_and_writes_the_graph(daemon: Any) -> None:
    with daemon.client() as c:
        first = c.get("/healthz").json()
        second = c.get("/healthz").json()
    assert first["status"] == "ok" and first["session_id"] == daemon.session_id
    assert second["graph"]["heartbeats"] == first["graph"]["heartbeats"] + 1
    assert first["graph"]["schema_version"] >= 2
    # Every table is read, not only the heartbeat row written (issue 22, finding 3).
    assert first["checks"]["graph_tables"] == {"ok": True}
    assert first["graph"]["tables_read"] >= 12


def test_a_turn_has_a_correlation_id_and_lands_in_the_graph(daemon: Any) -> None:
    intro = daemon.say("I'm Ana")
    assert intro["intent"] == "introduction" and intro["person_id"] == "person:ana"
    assert intro["session_id"] == daemon.session_id
    assert intro["person_token"]["person_id"] == "person:ana"
    told = daemon.say("Aspirin treats headache", person="Ana")
    assert told["correlation_id"] != intro["correlation_id"]
    [claim] = told["claims"]
    assert claim["provenance"] == "interaction:person:ana"
    assert claim["confidence"] <= 0.3
    asked = daemon.say("What treats headache?", person="person:ana")
    assert [c["id"] for c in asked["claims"]] == [claim["id"]]
    assert "Aspirin" in asked["reply"]


def test_state_is_the_live_state_report(daemon: Any) -> None:
    with daemon.client() as c:
        state = c.get("/v1/state").json()
    assert state["session_id"] == daemon.session_id
    assert {"mood", "disposition", "drives", "known", "sentence"} <= set(state)
    how = daemon.say("How are you?")
    assert how["state"]["mood"]["label"] == state["mood"]["label"]


def test_claims_query_why_and_facts(daemon: Any) -> None:
    daemon.say("I'm Ben")
    told = daemon.say("Ibuprofen treats fever", person="Ben")
    claim_id = told["claims"][0]["id"]
    with daemon.client() as c:
        by_name = c.get("/v1/claims", params={"subject": "ibuprofen"}).json()
        assert [x["id"] for x in by_name["claims"]] == [claim_id]
        by_object = c.get("/v1/claims", params={"object": "fever", "predicate": "treats"}).json()
        assert claim_id in [x["id"] for x in by_object["claims"]]
        neither = c.get("/v1/claims")
        assert neither.status_code == 400 and neither.json()["error"] == "invalid_input"
        trail = c.get(f"/v1/claims/{claim_id}/why").json()
        assert trail["matched"] and trail["trails"][0]["claim"]["claim"]["id"] == claim_id
        missing = c.get("/v1/claims/c_nothing/why")
        assert missing.status_code == 404 and missing.json()["error"] == "not_found"
        said = c.get("/v1/why", params={"q": "why do you think ibuprofen treats fever"}).json()
        assert said["matched"] and "interaction:person:ben" in said["text"]
        facts = c.get("/v1/facts", params={"subject": "Ibuprofen"}).json()
        assert facts["known"] and claim_id in [v["claim"]["id"] for v in facts["claims"]]
        unknown = c.get("/v1/facts", params={"subject": "Zanzibar"}).json()
        assert not unknown["known"] and "don't know" in unknown["text"]


def test_person_tokens_speak_only_as_their_person(daemon: Any) -> None:
    with daemon.client() as c:
        minted = c.post("/v1/tokens", json={"name": "Cleo"}).json()
    assert minted["person_id"] == "person:cleo" and minted["created"]
    as_cleo = daemon.say("Hello", token=minted["token"])
    assert as_cleo["person_id"] == "person:cleo"
    with daemon.client(minted["token"]) as c:
        spoof = c.post("/v1/converse", json={"text": "Hello", "person": "Ana"})
        assert spoof.status_code == 403 and spoof.json()["error"] == "forbidden"
        mint = c.post("/v1/tokens", json={"name": "Dan"})
        assert mint.status_code == 403
    with daemon.client() as c:
        again = c.post("/v1/tokens", json={"name": "cleo"}).json()
    assert again == {**minted, "created": False}


@pytest.mark.parametrize("who", ["person:nobody-here"])
def test_unknown_person_id_is_not_found(daemon: Any, who: str) -> None:
    with daemon.client() as c:
        resp = c.post("/v1/converse", json={"text": "Hello", "person": who})
    assert resp.status_code == 404 and resp.json()["error"] == "not_found"


def test_a_turn_carries_when_it_was_said(daemon: Any) -> None:
    """`at` on /v1/converse and `metadata.at` on chat completions: relative dates resolve
    against it into the claim's occurred_at (issue 14)."""
    daemon.say("I'm Lea")
    with daemon.client() as c:
        said = c.post(
            "/v1/converse",
            json={
                "text": "I visited the museum yesterday.",
                "person": "Lea",
                "at": "2026-11-12T18:00:00Z",
            },
        )
        assert said.status_code == 200
        [claim] = said.json()["claims"]
        assert claim["occurred_at"].startswith("2026-11-11")
        chat = c.post(
            "/v1/chat/completions",
            json={
                "model": "max",
                "metadata": {"at": "2026-11-12T18:00:00+00:00"},
                "messages": [{"role": "user", "content": "When did Lea visit the museum?"}],
            },
        )
        assert chat.status_code == 200 and chat.json()["usage"]["total_tokens"] > 0
        assert "Wednesday 11 November 2026" in chat.json()["choices"][0]["message"]["content"]
        bad = c.post(
            "/v1/chat/completions",
            json={
                "model": "max",
                "metadata": {"at": "yesterday-ish"},
                "messages": [{"role": "user", "content": "Hello"}],
            },
        )
        assert bad.status_code == 400 and bad.json()["error"]["code"] == "invalid_input"
