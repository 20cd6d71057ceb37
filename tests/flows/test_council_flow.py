"""council-verifications as a real Prefect flow run: the owner's config lists three stand-in
providers (real HTTP on 127.0.0.1), the keys are in the environment; the nightly run applies
the agreed answer at hint, keeps a gap for the split, and the artifact shows both."""

from __future__ import annotations

import json
import secrets
from datetime import UTC, datetime
from pathlib import Path

import pytest

from resident.config import DEFAULT_CONFIG, load_settings
from resident.memory.duck_store import DuckStore
from resident.records import Entity, Level, NewClaim
from tests.council.standins import (
    KEY_ENV,
    MODELS,
    Behaviour,
    StandIn,
    providers_config,
    verdict,
)


def script(question: str, attempt: int) -> Behaviour:
    return Behaviour(text=verdict("supported") if "Warfarin" in question else "no idea")


def split_script(question: str, attempt: int) -> Behaviour:
    return Behaviour(text=verdict("supported") if "Warfarin" in question else verdict("refuted"))


def test_nightly_council_run_with_artifact(
    flow_env: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from prefect.client.orchestration import get_client

    from flows.council import council_verifications

    keys = {w: "sk-" + secrets.token_hex(16) for w in KEY_ENV}
    scripts = {
        "openai": lambda q, n: Behaviour(text=verdict("supported")),
        # On the split question anthropic answers with another provider's key as its verdict
        # (issue 22): the refusal must not carry it into the artifact, the logs or the graph.
        "anthropic": lambda q, n: (
            script(q, n)
            if "Warfarin" in q
            else Behaviour(text=json.dumps({"verdict": keys["gemini"]}))
        ),
        "gemini": split_script,
    }
    standins = {w: StandIn(w, keys[w], MODELS[w], scripts[w]).start() for w in KEY_ENV}
    try:
        lines = [DEFAULT_CONFIG.read_text()]
        for name, p in providers_config(standins).items():
            lines.append(
                f"\n[council.providers.{name}]\n"
                + "\n".join(f"{k} = {v!r}".replace("'", '"') for k, v in p.items())
            )
        config = tmp_path / "resident.toml"
        config.write_text("\n".join(lines))
        monkeypatch.setenv("RESIDENT_CONFIG", str(config))
        for w, env in KEY_ENV.items():
            monkeypatch.setenv(env, keys[w])
        s = load_settings()
        assert sorted(s.council.providers) == ["anthropic", "gemini", "openai"]
        now = datetime.now(UTC)
        with DuckStore.open(s, create=True) as st:
            st.upsert_entities(
                [
                    Entity(id="rxnorm:11289", kind="drug", label="Warfarin"),
                    Entity(id="hp:0001892", kind="phenotype", label="Bleeding"),
                    Entity(id="rxnorm:1191", kind="drug", label="Aspirin"),
                ],
                now,
            )
            agreed = st.record_correction(
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
            split = st.record_correction(
                NewClaim(
                    subject="rxnorm:1191",
                    predicate="adverse_effect",
                    object_entity="hp:0001892",
                    confidence=0.4,
                    provenance="user_correction",
                ),
                None,
                now,
            )
            for g in (agreed.gap, split.gap):
                st.attempt_gap(g.id, False, "nothing grounded", now)

        result = council_verifications()
        assert (result["questions"], result["agreed"], result["split"]) == (2, 1, 1)
        assert result["applied_claims"] == 3 and result["calls"] == 6

        import anyio

        async def artifact() -> str:
            async with get_client() as client:
                found = await client.read_latest_artifacts()
                return next(a.data for a in found if a.key == "council-verifications")

        from prefect.logging.handlers import APILogWorker

        APILogWorker.drain_all(timeout=30)  # the run's logs reach the server before they're read

        async def logs() -> str:
            async with get_client() as client:
                return "\n".join(log.message for log in await client.read_logs())

        markdown = anyio.run(artifact)
        logged = anyio.run(logs)
        assert "agreed" in markdown and "split" in markdown and "Warfarin" in markdown
        assert "gemini: refuted" in markdown
        with DuckStore.open(s) as st:
            peers = st._cur.execute(
                "SELECT confidence, rung FROM claims WHERE provenance LIKE 'peer:%'"
            ).fetchall()
            assert len(peers) == 3 and all(
                c <= s.epistemic.hint_cap and r is None for c, r in peers
            )
            assert st.get_gap(split.gap.id).status.value == "open"
            assert st.peek_claim(agreed.hypothesis.id).level is Level.HYPOTHESIS
            stored = str([x.model_dump_json() for x in st.sittings()])
        for key in keys.values():
            assert key not in markdown and key not in logged and key not in stored
        assert "council:" in logged  # the run's summary was logged (and read back here)
    finally:
        for standin in standins.values():
            standin.stop()
