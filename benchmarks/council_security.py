"""Hostile providers against the council (issue 22, finding 4): each attack with what is expected
and what was observed, over a real graph file and stand-in providers on 127.0.0.1 (the OpenAI,
Anthropic Messages and Gemini wire formats; tests/council/standins.py).

`python -m benchmarks.council_security [--out PATH]` writes the "## The council" section of
benchmarks/RESULTS-security.md (the other sections of that file are kept as they are).
"""

from __future__ import annotations

import argparse
import base64
import gzip
import io
import json
import logging
import os
import platform
import secrets
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from pathlib import Path
from typing import Any
from urllib.parse import quote

from resident.config import Settings, load_settings
from resident.config_council import CouncilProvider
from resident.council.report import CouncilReport, render_markdown
from resident.council.sitting import convene
from resident.council.trust import independence
from resident.memory.duck_store import DuckStore
from resident.records import Agreement, Entity, NewClaim
from tests.council.standins import KEY_ENV, MODELS, Behaviour, StandIn, providers_config, verdict

HERE = Path(__file__).resolve().parent
RESULTS = HERE / "RESULTS-security.md"
HEADING = "## The council"
NOW = datetime(2026, 5, 1, 4, 15, tzinfo=UTC)
Row = tuple[str, str, str, bool]
#: What the same attacks did on main, and how they are held now (prose for the report).
ON_MAIN_AND_HOW = """\
On main (the same tests against main's code, before this branch): `OpenAI` and `openai` agreed
into claims; two families echoing another provider's key as the value agreed and the key became
the text of two claims; the `--json` output carried the keys; the 5 MB nested body crashed the
run with a RecursionError; with providers reporting one token a call, 12,848 tokens crossed the
wire against budgets of 250 and 4000 (the run stopped only at max_calls_per_run); the FACT-settled
gap was asked. The deadline keys did not exist (outside check: 2 questions took 197 s against a
stalling provider; 5 MB of nested JSON took 792 s to read).

How it holds (resident/council/trust.py, providers.py): a family is compared by a normal form
(case, punctuation, company suffixes, aliases from resident/council/data/families.json) and
providers sharing a family, a base URL, a key variable or a key value are one independence group;
every configured key is looked for raw, URL-encoded, JSON- and hex-escaped, in base64 at any
alignment and by its letters and digits alone, and an answer carrying one is withheld whole (so
two echoes agree on nothing); bodies are read streaming up to `council.max_answer_bytes` (16 KiB)
and nesting is counted in one pass before any parser runs (`council.max_answer_depth`, 32);
`council.run_deadline_s` (600) and `council.provider_deadline_s` (90) cut a provider off however
it stalls; tokens are counted as bytes/4 of what is sent and received (the usage block counts
only when it says more) and every call reserves what it could spend before it starts.
"""
Script = Callable[[str, int], Behaviour]
Plan = tuple[Settings, dict[str, StandIn], dict[str, str], dict[str, Script]]


@contextmanager
def house(**rules: Any) -> Iterator[Plan]:
    """A data directory, three stand-ins with keys that URL encoding and base64 change, and the
    council configured for them with `rules`."""
    keys = {w: f"sk-{secrets.token_hex(12)}/{secrets.token_hex(3)}+=" for w in KEY_ENV}
    saved = {env: os.environ.get(env) for env in KEY_ENV.values()}
    os.environ.update({KEY_ENV[w]: k for w, k in keys.items()})
    plan: dict[str, Script] = {}
    standins = {
        w: StandIn(w, keys[w], MODELS[w], lambda q, n, w=w: plan[w](q, n)).start() for w in KEY_ENV
    }
    try:
        with tempfile.TemporaryDirectory() as tmp:
            base = load_settings(data_dir=Path(tmp), env={})
            council = base.council.model_validate(
                {"providers": providers_config(standins), "timeout_s": 2.0, **rules}
            )
            s = base.model_copy(update={"council": council})
            yield s, standins, keys, plan
    finally:
        for st in standins.values():
            st.stop()
        for env, value in saved.items():
            if value is None:
                os.environ.pop(env, None)
            else:
                os.environ[env] = value


def seed(store: DuckStore, gaps: int = 2) -> None:
    """Open value gaps on high-stakes predicates of one drug, tried locally already."""
    store.upsert_entities([Entity(id="rxnorm:1191", kind="drug", label="Aspirin")], NOW)
    for i in range(gaps):
        gap = store.file_gap("rxnorm:1191", "dose" if i == 0 else f"dose_{i}", "?", NOW)
        for _ in range(3):
            store.attempt_gap(gap.id, False, "no grounded evidence", NOW)


def forms(key: str) -> list[str]:
    b64 = base64.b64encode(key.encode()).decode()
    return [key, quote(key, safe=""), b64, b64.rstrip("="), key.encode().hex()]


def leaks(text: str, keys: dict[str, str]) -> int:
    return sum(text.count(f) for k in keys.values() for f in forms(k))


def case_families() -> Row:
    with house() as (s, _, _, plan):
        providers = {
            n: p.model_copy(update={"family": f})
            for (n, p), f in zip(
                sorted(s.council.providers.items()), ["OpenAI", "open-ai", " openai "], strict=True
            )
        }
        s = s.model_copy(update={"council": s.council.model_copy(update={"providers": providers})})
        for w in KEY_ENV:
            plan[w] = lambda q, n: Behaviour(text=verdict("value", value="325 mg"))
        with DuckStore.open(s, create=True) as store:
            seed(store, 1)
            report = convene(store, s, NOW)
    got = report.sittings[0].agreement
    return (
        "three providers, families `OpenAI`, `open-ai`, ` openai `, all say 325 mg",
        "not agreed (one family)",
        f"{got.value}, {report.applied_claims} claims",
        got is not Agreement.AGREED and report.applied_claims == 0,
    )


def case_shared() -> list[Row]:
    def p(family: str, url: str, env: str) -> CouncilProvider:
        return CouncilProvider(
            family=family, wire="openai", base_url=url, model="m", api_key_env=env
        )

    url = independence(
        {
            "a": p("openai", "https://h.example/v1", "A"),
            "b": p("anthropic", "HTTPS://H.example/v1/", "B"),
        },
        {"A": "sk-1", "B": "sk-2"},
    )
    env = independence(
        {
            "a": p("openai", "https://a.example/v1", "A"),
            "b": p("google", "https://b.example/v1", "A"),
        },
        {"A": "sk-1"},
    )
    value = independence(
        {
            "a": p("openai", "https://a.example/v1", "A"),
            "b": p("google", "https://b.example/v1", "B"),
        },
        {"A": "sk-1", "B": "sk-1"},
    )
    return [
        (what, "1 independent group", f"{len(set(g.values()))} group(s)", len(set(g.values())) == 1)
        for what, g in (
            ("two families behind one base URL (case, trailing slash aside)", url),
            ("two families reading one key variable", env),
            ("two families, two variables holding one key value", value),
        )
    ]


def case_echo() -> list[Row]:
    records = io.StringIO()
    handler = logging.StreamHandler(records)
    logging.getLogger().addHandler(handler)
    logging.getLogger().setLevel(logging.DEBUG)
    try:
        with house(retries=1) as (s, _, keys, plan):
            b64 = base64.b64encode(keys["gemini"].encode()).decode()
            plan["openai"] = lambda q, n: Behaviour(text=json.dumps({"verdict": keys["openai"]}))
            plan["anthropic"] = lambda q, n: Behaviour(
                text=verdict("value", value=keys["gemini"], reason=f"t {b64}")
            )
            plan["gemini"] = lambda q, n: Behaviour(
                status=500, message=f"bad key={quote(keys['anthropic'], safe='')}"
            )
            with DuckStore.open(s, create=True) as store:
                seed(store, 2)
                report = convene(store, s, NOW)
                graph = json.dumps(
                    [
                        [x.model_dump_json() for x in store.sittings(limit=100)],
                        store._cur.execute("SELECT note FROM curiosity_gaps").fetchall(),
                        store._cur.execute("SELECT object_literal FROM claims").fetchall(),
                    ]
                )
            blob = s.graph_path.read_bytes().decode("latin-1")
    finally:
        logging.getLogger().removeHandler(handler)
    fields = {
        "sittings (answers, note), gap notes, claims": leaks(graph, keys),
        "the graph file's bytes": leaks(blob, keys),
        "the --json report": leaks(report.model_dump_json(), keys),
        "the Prefect artifact (render_markdown)": leaks(render_markdown(report), keys),
        "the log (root logger, DEBUG)": leaks(records.getvalue(), keys),
    }
    rows: list[Row] = [
        (
            f"keys echoed raw, base64 and URL-encoded as verdict, value, reason and error: {where}",
            "0 occurrences",
            str(n),
            n == 0,
        )
        for where, n in fields.items()
    ]
    rows.append(
        (
            "two families both answer another provider's key as the value",
            "withheld, no claim",
            f"{report.applied_claims} claims",
            report.applied_claims == 0,
        )
    )
    return rows


def case_stall(deadline: float) -> Row:
    with house(run_deadline_s=deadline, provider_deadline_s=deadline * 0.6) as (s, _, _, plan):
        plan["openai"] = plan["anthropic"] = lambda q, n: Behaviour(text=verdict("unknown"))
        plan["gemini"] = lambda q, n: Behaviour(trickle_s=300.0)
        with DuckStore.open(s, create=True) as store:
            seed(store, 3)
            started = time.monotonic()
            report = convene(store, s, NOW)
            took = time.monotonic() - started
    return (
        "a provider trickles a byte every 0.2 s for 5 minutes; 3 questions, "
        f"run_deadline_s {deadline:g}",
        f"<= {deadline + 5:g} s",
        f"{took:.1f} s ({report.questions} sat, {len(report.skipped)} skipped)",
        took <= deadline + 5,
    )


def case_bombs() -> list[Row]:
    rows: list[Row] = []
    bodies = {
        "a 5 MB body of nested JSON": Behaviour(raw=b'{"a":' * 800_000 + b"1" + b"}" * 800_000),
        "a 2 MB answer of `[`": Behaviour(text="[" * 2_000_000),
        "a 6 KB answer 3000 levels deep": Behaviour(text="[" * 3000 + "]" * 3000),
        "20 KB of gzip that inflates to 20 MB": Behaviour(
            raw=gzip.compress(b'{"choices": [{"message": {"content": "' + b"0" * 20_000_000),
            content_encoding="gzip",
        ),
    }
    for what, b in bodies.items():
        with house(retries=0) as (s, _, _, plan):
            for w in KEY_ENV:
                plan[w] = lambda q, n, b=b: b
            with DuckStore.open(s, create=True) as store:
                seed(store, 1)
                started = time.monotonic()
                report = convene(store, s, NOW)
                took = time.monotonic() - started
        error = report.sittings[0].answers[0].error or ""
        rows.append(
            (
                f"every provider sends {what}",
                "refused, seconds",
                f"{took:.2f} s: {error[:60]}",
                took < 30 and bool(error),
            )
        )
    return rows


def case_budget() -> list[Row]:
    rows: list[Row] = []
    long = verdict("value", value="325 mg", reason="x" * 400)
    for allowed in (250, 4000):
        with house(retries=0, max_tokens_per_run=allowed) as (s, standins, _, plan):
            for w in KEY_ENV:
                plan[w] = lambda q, n: Behaviour(text=long, usage=(1, 0))
            with DuckStore.open(s, create=True) as store:
                seed(store, 10)
                report = convene(store, s, NOW)
        wire = sum(x.bytes_in + x.bytes_out for x in standins.values()) / 4
        rows.append(
            (
                f"providers report 1 token a call; max_tokens_per_run {allowed}",
                f"<= {allowed} tokens on the wire",
                f"{wire:.0f} on the wire, {report.tokens} counted, {report.calls} calls",
                wire <= report.tokens <= allowed,
            )
        )
    return rows


def case_facts() -> list[Row]:
    with house() as (s, standins, _, plan):
        for w in KEY_ENV:
            plan[w] = lambda q, n: Behaviour(text=verdict("value", value="Lyon"))
        with DuckStore.open(s, create=True) as store:
            store.upsert_entities(
                [Entity(id="geonames:3017382", kind="country", label="France")], NOW
            )
            for src in ("ingest:atlas@1", "ingest:almanac@1"):
                fact = store.add_claim(
                    NewClaim(
                        subject="geonames:3017382",
                        predicate="capital",
                        object_literal="Paris",
                        confidence=0.7,
                        provenance=src,
                    ),
                    NOW,
                )
            store.promote_to_fact(fact.id, NOW)
            gap = store.file_gap("geonames:3017382", "capital", "?", NOW)
            for _ in range(3):
                store.attempt_gap(gap.id, False, "nothing", NOW)
            report: CouncilReport = convene(store, s, NOW)
        sent = sum(len(x.requests) for x in standins.values())
    return [
        (
            "an open gap a FACT already answers (capital of France)",
            "not asked",
            f"{report.questions} asked, {sent} requests",
            report.questions == 0 and sent == 0,
        )
    ]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--out", type=Path, default=RESULTS)
    parser.add_argument("--deadline", type=float, default=10.0)
    args = parser.parse_args(argv)
    started = time.monotonic()
    rows = [
        case_families(),
        *case_shared(),
        *case_echo(),
        case_stall(args.deadline),
        *case_bombs(),
        *case_budget(),
        *case_facts(),
    ]
    lines = [
        HEADING,
        "",
        f"`python -m benchmarks.council_security` on {platform.machine()} "
        f"({os.cpu_count()} cores, load average {os.getloadavg()[0]:.1f} when it ran), "
        f"{time.monotonic() - started:.0f} s. Providers are stand-in HTTP servers on 127.0.0.1 "
        "speaking the OpenAI, Anthropic Messages and Gemini wire formats; the graph is a real "
        "DuckDB file. Tests: tests/council/test_hostile.py (each failed on main).",
        "",
        "| attack | expected | observed | held |",
        "|---|---|---|---|",
        *(
            f"| {a} | {e} | {o.replace('|', '/')} | {'yes' if ok else '**NO**'} |"
            for a, e, o, ok in rows
        ),
        "",
        "The agreed answer against a FACT (a FACT that lands while the council sits) is "
        "recorded as a conflict resolved in the FACT's favour, the peer claims kept at half "
        "the hint confidence: tests/council/test_hostile.py::"
        "test_an_agreed_answer_against_a_fact_loses_the_conflict.",
        "",
        ON_MAIN_AND_HOW,
    ]
    section = "\n".join(lines)
    text = (
        args.out.read_text()
        if args.out.exists()
        else "# Security: hostile inputs, expected and observed\n\n"
    )
    if HEADING in text:
        head, _, rest = text.partition(HEADING)
        tail = rest[rest.find("\n## ") + 1 :] if "\n## " in rest else ""
        text = head + section + ("\n" + tail if tail else "")
    else:
        text = text.rstrip("\n") + "\n\n" + section
    args.out.write_text(text)
    print(section)
    return 0 if all(ok for *_, ok in rows) else 2


if __name__ == "__main__":
    raise SystemExit(main())
