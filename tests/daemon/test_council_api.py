"""The model council through a real daemon: a run over RemoteGraph writes its peer claims and
sittings through the graph owner, the graph API serves the sittings, and `resident why` (answered
by the daemon) shows them."""

from __future__ import annotations

import secrets
from datetime import UTC, datetime
from typing import Any

import pytest

from resident.config import load_settings
from resident.config_council import CouncilSettings
from resident.council.sitting import convene
from resident.memory.remote import RemoteGraph
from resident.records import Agreement, Entity, NewClaim
from tests.council.standins import (
    KEY_ENV,
    MODELS,
    Behaviour,
    StandIn,
    providers_config,
    verdict,
)


def test_council_through_the_daemon(daemon: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    keys = {w: "sk-" + secrets.token_hex(16) for w in KEY_ENV}
    for w, env in KEY_ENV.items():
        monkeypatch.setenv(env, keys[w])
    standins = {
        w: StandIn(w, keys[w], MODELS[w], lambda q, n: Behaviour(text=verdict("supported"))).start()
        for w in KEY_ENV
    }
    now = datetime.now(UTC)
    graph = RemoteGraph(daemon.url, daemon.service_token)
    try:
        base = load_settings(data_dir=daemon.data_dir, env={})
        council = CouncilSettings.model_validate({"providers": providers_config(standins)})
        s = base.model_copy(update={"council": council})
        graph.upsert_entities(
            [
                Entity(id="rxnorm:11289", kind="drug", label="Warfarin"),
                Entity(id="hp:0001892", kind="phenotype", label="Abnormal bleeding"),
            ],
            now,
        )
        w = graph.record_correction(
            NewClaim(
                subject="rxnorm:11289",
                predicate="adverse_effect",
                object_entity="hp:0001892",
                confidence=0.4,
                provenance="user_correction",
            ),
            None,
            now,
        )
        graph.attempt_gap(w.gap.id, False, "nothing grounded", now)
        report = convene(graph, s, now)
        assert report.questions == 1 and report.count(Agreement.AGREED) == 1
        served = graph.sittings(subject="rxnorm:11289")
        assert [x.id for x in served] == [report.sittings[0].id]
        assert {graph.peek_claim(c).confidence for c in served[0].applied} == {s.epistemic.hint_cap}
    finally:
        graph.close()
        for x in standins.values():
            x.stop()
    why = daemon.cli("why", "Warfarin")
    assert why.returncode == 0, why.stderr
    assert "Model council" in why.stdout and "agreed" in why.stdout
    for key in keys.values():
        assert key not in why.stdout and key not in daemon.output()
