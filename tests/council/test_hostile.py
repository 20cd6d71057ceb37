"""Hostile providers cannot turn the council (issue 22, finding 4): vendor families that differ
only in spelling, providers that share a base URL or a key, a provider that echoes a key (its
own or another's, raw, base64 or URL-encoded) in any field, one that stalls while trickling
bytes, one that sends megabytes of nested JSON, one that lies about its usage, and questions a
FACT already settles. Every provider here is a real HTTP server on 127.0.0.1.
"""

from __future__ import annotations

import base64
import gzip
import json
import logging
import threading
import time
from pathlib import Path
from urllib.parse import quote, quote_plus

import pytest
from click.testing import CliRunner

from resident.cli import main
from resident.config import DEFAULT_CONFIG, Settings, load_settings
from resident.config_council import CouncilProvider
from resident.council.report import render_markdown, render_text
from resident.council.sitting import convene, question_for_claim
from resident.memory.duck_store import DuckStore
from resident.records import Agreement, Entity, Level, NewClaim
from tests.council.conftest import Council
from tests.council.standins import KEY_ENV, MODELS, Behaviour, StandIn, verdict
from tests.council.test_sitting import NOW, seed


def encodings(key: str) -> list[str]:
    """The forms a key may be echoed in: raw, base64 (standard and URL-safe, padded or not),
    URL-encoded, hex."""
    raw = key.encode()
    b64 = [base64.b64encode(raw).decode(), base64.urlsafe_b64encode(raw).decode()]
    return [
        key,
        quote(key, safe=""),
        quote_plus(key),
        raw.hex(),
        *b64,
        *(b.rstrip("=") for b in b64),
    ]


def leaks(text: str, keys: dict[str, str]) -> list[str]:
    return [
        f"{wire}:{form[:12]}" for wire, k in keys.items() for form in encodings(k) if form in text
    ]


def _graph_text(store: DuckStore) -> str:
    rows = store._cur.execute(
        "SELECT coalesce(object_literal, '') || ' ' || coalesce(object_entity, '') FROM claims"
    ).fetchall()
    gaps = store._cur.execute(
        "SELECT coalesce(note, '') || question FROM curiosity_gaps"
    ).fetchall()
    sittings = [s.model_dump_json() for s in store.sittings(limit=1000)]
    return json.dumps([rows, gaps, sittings])


# -- independence -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("openai", "OpenAI"),
        ("openai", " open-ai "),
        ("Open AI", "openai"),
        ("google", "Gemini"),
        ("anthropic", "Anthropic PBC"),
        ("google", "GOOGLE DeepMind"),
    ],
)
def test_family_spellings_are_one_family(a: str, b: str) -> None:
    from resident.council.trust import canonical_family

    assert canonical_family(a) == canonical_family(b)
    assert canonical_family("openai") != canonical_family("anthropic") != canonical_family("google")


def _provider(family: str, url: str, env: str) -> CouncilProvider:
    return CouncilProvider(family=family, wire="openai", base_url=url, model="m", api_key_env=env)


def test_independence_needs_family_url_and_key_apart() -> None:
    from resident.council.trust import independence

    groups = independence(
        {
            "a": _provider("openai", "https://one.example/v1", "KEY_A"),
            "b": _provider("OpenAI", "https://two.example/v1", "KEY_B"),  # same family
            "c": _provider("anthropic", "HTTPS://ONE.example/v1/", "KEY_C"),  # same URL as a
            "d": _provider("mistral", "https://three.example/v1", "KEY_A"),  # same key as a
            "e": _provider("cohere", "https://four.example/v1", "KEY_E"),
            "f": _provider("xai", "https://five.example/v1", "KEY_F"),
        },
        {"KEY_A": "sk-1", "KEY_B": "sk-2", "KEY_C": "sk-3", "KEY_E": "sk-4", "KEY_F": "sk-4"},
    )
    assert groups["a"] == groups["b"] == groups["c"] == groups["d"]
    assert groups["e"] == groups["f"]  # two variables, one key value: one account
    assert len(set(groups.values())) == 2


def test_families_spelt_differently_do_not_agree(settings: Settings, council: Council) -> None:
    s = council.settings(settings)
    providers = {
        name: p.model_copy(update={"family": fam})
        for (name, p), fam in zip(
            sorted(s.council.providers.items()), ["OpenAI", "open-ai", " openai "], strict=True
        )
    }
    s = s.model_copy(update={"council": s.council.model_copy(update={"providers": providers})})
    council.script(
        openai=verdict("supported"), anthropic=verdict("supported"), gemini=verdict("supported")
    )
    with DuckStore.open(s, create=True) as store:
        ids = seed(store)
        report = convene(
            store, s, NOW, questions=[question_for_claim(store, ids["corrected_claim"])]
        )
        sitting = report.sittings[0]
        assert sitting.agreement is Agreement.INSUFFICIENT and not sitting.applied
        assert "1 independent" in sitting.note
        assert not store.peek_claims("rxnorm:11289", "adverse_effect")[1:]


def _twin_providers(
    council: Council, key: str
) -> tuple[list[StandIn], dict[str, dict[str, object]]]:
    """Two more stand-ins of different wires and families that take one key from one variable."""
    twins = [
        StandIn(
            "openai",
            key,
            MODELS["openai"],
            lambda q, n: Behaviour(text=verdict("value", value=key)),
        ).start(),
        StandIn(
            "gemini",
            key,
            MODELS["gemini"],
            lambda q, n: Behaviour(text=verdict("value", value=key)),
        ).start(),
    ]
    config = {
        "twin_a": {
            "family": "openai",
            "wire": "openai",
            "base_url": twins[0].url,
            "model": MODELS["openai"],
            "api_key_env": KEY_ENV["openai"],
        },
        "twin_b": {
            "family": "google",
            "wire": "gemini",
            "base_url": twins[1].url,
            "model": MODELS["gemini"],
            "api_key_env": KEY_ENV["openai"],
        },
    }
    return twins, config


def test_two_providers_on_one_key_that_echo_it_write_nothing(
    settings: Settings, council: Council
) -> None:
    key = council.keys["openai"]
    twins, config = _twin_providers(council, key)
    try:
        s = council.settings(settings)
        council_rules = s.council.model_validate({**s.council.model_dump(), "providers": config})
        s = s.model_copy(update={"council": council_rules})
        with DuckStore.open(s, create=True) as store:
            ids = seed(store)
            report = convene(store, s, NOW)
            dose = next(x for x in report.sittings if x.gap_id == ids["dose_gap"])
            assert dose.agreement is not Agreement.AGREED and not dose.applied
            assert not store.peek_claims("rxnorm:1191", "dose")
            assert not leaks(_graph_text(store), council.keys)
        assert not leaks(report.model_dump_json(), council.keys)
    finally:
        for t in twins:
            t.stop()


# -- secrets ----------------------------------------------------------------------------------


def _echo_everything(council: Council) -> None:
    """Every field a provider controls carries a configured key in some encoding."""
    k = council.keys
    b64 = base64.b64encode(k["gemini"].encode()).decode()

    def openai(q: str, n: int) -> Behaviour:
        # A verdict that is a key (its own): refused, and the refusal quotes it on main.
        return Behaviour(
            text=verdict("value", value=k["gemini"])
            if "dose" in q
            else json.dumps({"verdict": k["openai"]})
        )

    def anthropic(q: str, n: int) -> Behaviour:
        if "dose" in q:
            return Behaviour(text=verdict("value", value=k["gemini"], reason="ok"))
        return Behaviour(text=verdict("supported", reason=f"token {b64} confirmed"))

    def gemini(q: str, n: int) -> Behaviour:
        if "dose" in q:
            return Behaviour(
                status=500, message=f"upstream refused key={quote(k['anthropic'], safe='')}"
            )
        return Behaviour(text=verdict("supported", reason=f"fine {quote_plus(k['openai'])}"))

    council.script(openai=openai, anthropic=anthropic, gemini=gemini)


def test_echoed_keys_reach_no_field(
    settings: Settings, council: Council, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.DEBUG)
    s = council.settings(settings, retries=1)
    _echo_everything(council)
    with DuckStore.open(s, create=True) as store:
        ids = seed(store)
        report = convene(store, s, NOW)
        assert report.questions == 2
        dose = next(x for x in report.sittings if x.gap_id == ids["dose_gap"])
        # Two families "agreed" on a key: withheld, so nothing to agree on, nothing written.
        assert dose.agreement is Agreement.INSUFFICIENT and not store.peek_claims(
            "rxnorm:1191", "dose"
        )
        said = {a.provider: a for a in dose.answers}
        assert all("secret" in str(said[p].error) for p in ("openai", "anthropic")), said
        for sitting in report.sittings:
            for a in sitting.answers:
                for field in (a.value, a.reason, a.error):
                    assert not leaks(str(field), council.keys), (a.provider, field)
            assert not leaks(sitting.note, council.keys)
        for gap_id in (ids["dose_gap"], ids["corrected_gap"]):
            assert not leaks(store.get_gap(gap_id).note or "", council.keys)
        assert not leaks(_graph_text(store), council.keys)
    for published in (
        report.model_dump_json(),
        render_markdown(report),
        render_text(report),
        caplog.text,
    ):
        assert not leaks(published, council.keys)
    assert not leaks(s.graph_path.read_bytes().decode("latin-1"), council.keys)


def test_echoed_keys_stay_out_of_the_json_output(
    data_dir: Path, tmp_path: Path, council: Council
) -> None:
    lines = [DEFAULT_CONFIG.read_text()]
    from tests.council.standins import providers_config

    for name, p in providers_config(council.standins).items():
        lines.append(
            f"\n[council.providers.{name}]\n"
            + "\n".join(f"{k} = {json.dumps(v)}" for k, v in p.items())
        )
    config = tmp_path / "resident.toml"
    config.write_text("\n".join(lines))
    with DuckStore.open(
        load_settings(config_path=config, data_dir=data_dir, env={}), create=True
    ) as store:
        seed(store)
    _echo_everything(council)
    ran = CliRunner().invoke(
        main, ["--data-dir", str(data_dir), "--config", str(config), "council", "run", "--json"]
    )
    assert ran.exit_code == 0, ran.output
    assert json.loads(ran.output)["questions"] == 2
    assert not leaks(ran.output, council.keys)


# -- bounds -----------------------------------------------------------------------------------


def test_a_stalling_provider_ends_the_run_by_its_deadline(
    settings: Settings, council: Council
) -> None:
    deadline = 4.0
    s = council.settings(settings, run_deadline_s=deadline, provider_deadline_s=3.0)
    council.script(
        openai=verdict("value", value="325 mg"),
        anthropic=verdict("value", value="325 mg"),
        # Headers at once, then a byte every 0.2 s for a minute: no single read times out.
        gemini=Behaviour(trickle_s=60.0),
    )
    with DuckStore.open(s, create=True) as store:
        seed(store)
        started = time.monotonic()
        report = convene(store, s, NOW)
        took = time.monotonic() - started
    assert took <= deadline + 5.0, took
    gemini = [a for x in report.sittings for a in x.answers if a.provider == "gemini"]
    assert gemini and all(a.error and "deadline" in a.error for a in gemini)
    answered = [a for x in report.sittings for a in x.answers if a.provider != "gemini"]
    assert answered and all(a.error is None or "deadline" not in a.error for a in answered)


def _nested(depth: int) -> bytes:
    return b'{"a":' * depth + b"1" + b"}" * depth


def test_megabytes_of_nested_json_are_refused_quickly(settings: Settings, council: Council) -> None:
    s = council.settings(settings, retries=0)
    council.script(
        openai=Behaviour(raw=_nested(800_000)),  # a 5 MB body
        anthropic=Behaviour(text="[" * 2_000_000),  # a 2 MB answer
        gemini=Behaviour(text="[" * 3000 + "]" * 3000),  # 6 KB, 3000 levels deep
    )
    with DuckStore.open(s, create=True) as store:
        ids = seed(store)
        started = time.monotonic()
        report = convene(
            store, s, NOW, questions=[question_for_claim(store, ids["corrected_claim"])]
        )
        took = time.monotonic() - started
    answers = {a.provider: a for a in report.sittings[0].answers}
    assert "bytes" in str(answers["openai"].error) and "bytes" in str(answers["anthropic"].error)
    assert "deep" in str(answers["gemini"].error)
    assert took < 60.0, took  # main took 792 s on 5 MB


def test_a_gzip_bomb_is_not_inflated(settings: Settings, council: Council) -> None:
    """20 MB of zeros in 20 KB of gzip, sent though an uncompressed answer was asked for."""
    bomb = gzip.compress(b'{"choices": [{"message": {"content": "' + b"0" * 20_000_000 + b'"}}]}')
    council.script(
        openai=Behaviour(raw=bomb, content_encoding="gzip"),
        anthropic=verdict("supported"),
        gemini=verdict("supported"),
    )
    with DuckStore.open(council.settings(settings, retries=0), create=True) as store:
        ids = seed(store)
        s = council.settings(settings, retries=0)
        report = convene(
            store, s, NOW, questions=[question_for_claim(store, ids["corrected_claim"])]
        )
    answers = {a.provider: a for a in report.sittings[0].answers}
    assert "compressed" in str(answers["openai"].error) or "bytes" in str(answers["openai"].error)
    assert all(r["headers"].get("accept-encoding") == "identity" for r in council.requests())
    assert report.sittings[0].agreement is Agreement.AGREED  # the other two still count


@pytest.mark.parametrize("allowed", [250, 4000])
def test_lying_usage_does_not_stretch_the_budget(
    settings: Settings, council: Council, allowed: int
) -> None:
    """The providers report one token a call; what the calls cost is counted from the bytes
    sent and received (about four bytes a token), and no call starts that could overrun."""
    long = verdict("value", value="325 mg", reason="x" * 400)
    s = council.settings(settings, retries=0, max_tokens_per_run=allowed)
    council.script(**{w: Behaviour(text=long, usage=(1, 0)) for w in KEY_ENV})
    with DuckStore.open(s, create=True) as store:
        seed(store)
        for i in range(10):
            store.file_gap("rxnorm:1191", f"dose_{i}", "?", NOW)
        for g in store.open_gaps(limit=100):
            for _ in range(3):
                store.attempt_gap(g.id, False, "nothing", NOW)
        report = convene(store, s, NOW)
    spent = sum(x.bytes_in + x.bytes_out for x in council.standins.values()) / 4
    assert spent <= allowed, (allowed, spent)
    assert spent <= report.tokens <= allowed
    if allowed == 4000:
        assert report.calls >= 3  # the budget is spent, not refused outright
    else:
        assert any("budget" in x for x in report.skipped)


# -- what a FACT settles ----------------------------------------------------------------------


def _france(store: DuckStore) -> None:
    store.upsert_entities([Entity(id="geonames:3017382", kind="country", label="France")], NOW)


def _fact(store: DuckStore, subject: str, predicate: str, literal: str) -> str:
    for src in ("ingest:atlas@1", "ingest:almanac@1"):
        claim = store.add_claim(
            NewClaim(
                subject=subject,
                predicate=predicate,
                object_literal=literal,
                confidence=0.7,
                provenance=src,
            ),
            NOW,
        )
    store.promote_to_fact(claim.id, NOW)
    return claim.id


def test_a_question_a_fact_settles_is_not_asked(settings: Settings, council: Council) -> None:
    s = council.settings(settings)
    council.script(openai=verdict("value", value="Lyon"), anthropic=verdict("value", value="Lyon"))
    with DuckStore.open(s, create=True) as store:
        _france(store)
        _fact(store, "geonames:3017382", "capital", "Paris")
        wrong = store.add_claim(
            NewClaim(
                subject="geonames:3017382",
                predicate="capital",
                object_literal="Lyon",
                confidence=0.3,
                provenance="ingest:blog@1",
            ),
            NOW,
        )
        value_gap = store.file_gap("geonames:3017382", "capital", "what is the capital?", NOW)
        claim_gap = store.file_gap(
            "geonames:3017382", "capital", "is it Lyon?", NOW, claim_id=wrong.id
        )
        for g in (value_gap, claim_gap):
            for _ in range(3):
                store.attempt_gap(g.id, False, "nothing", NOW)
        report = convene(store, s, NOW)
        adhoc = convene(store, s, NOW, questions=[question_for_claim(store, wrong.id)])
    assert report.questions == 0 and adhoc.questions == 0
    assert council.requests() == []
    assert sum("FACT" in x for x in report.skipped + adhoc.skipped) >= 3


def test_an_agreed_answer_against_a_fact_loses_the_conflict(
    settings: Settings, council: Council
) -> None:
    """The FACT lands while the council sits (the exploration loop promoted it): the agreed
    answer is written, recorded as a conflict and resolved in the FACT's favour."""
    s = council.settings(settings)
    with DuckStore.open(s, create=True) as store:
        _france(store)
        gap = store.file_gap("geonames:3017382", "capital", "what is the capital?", NOW)
        for _ in range(3):
            store.attempt_gap(gap.id, False, "nothing", NOW)
        landed: list[str] = []
        once = threading.Lock()

        def lyon(q: str, n: int) -> Behaviour:
            with once:
                if not landed:
                    landed.append(_fact(store, "geonames:3017382", "capital", "Paris"))
            return Behaviour(text=verdict("value", value="Lyon"))

        council.script(openai=lyon, anthropic=lyon, gemini=verdict("unknown"))
        report = convene(store, s, NOW)
        sitting = report.sittings[0]
        assert sitting.agreement is Agreement.AGREED and len(sitting.applied) == 2
        fact = store.peek_claim(landed[0])
        assert fact.level is Level.FACT
        for peer_id in sitting.applied:
            peer = store.peek_claim(peer_id)
            assert peer.confidence == pytest.approx(
                s.epistemic.hint_cap * s.epistemic.conflict_loss_factor
            )
            (conflict,) = store.conflicts_for(peer_id)
            assert conflict.winner == fact.id and conflict.status.value == "resolved"
        assert "FACT" in sitting.note
