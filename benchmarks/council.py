"""The model council end to end against three stand-in providers (real HTTP on 127.0.0.1, the
OpenAI, Anthropic Messages and Gemini wire formats) over a real graph file.

The stand-ins answer by script, not by model: per question, deterministically from its hash,
most agree, some split, one provider is rate-limited (429, Retry-After: 1) or fails (500) first,
answers garbage, or times out. What is measured is the council's own machinery: questions per
run, agreement rate, calls, tokens, cost at a stated price, time per sitting, what a second run
costs (the resit rule and the answer cache), and the caps (no peer claim above hint, no FACT).

`python -m benchmarks.council [--questions N] [--quick]` writes benchmarks/RESULTS-council.md
(--quick: 12 questions, written under benchmarks/work/).
"""

from __future__ import annotations

import argparse
import hashlib
import os
import platform
import secrets
import statistics
import sys
import tempfile
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

from tests.council.standins import (
    KEY_ENV,
    MODELS,
    Behaviour,
    StandIn,
    providers_config,
    verdict,
)

HERE = Path(__file__).resolve().parent
RESULTS = HERE / "RESULTS-council.md"
#: An illustrative price per 1000 tokens for every stand-in (real prices vary by model).
USD_PER_1K = 0.002


def _bucket(question: str) -> int:
    return int(hashlib.sha256(question.encode()).hexdigest()[:8], 16) % 20


def make_script(wire: str):  # type: ignore[no-untyped-def]
    """Per question bucket (0..19): 0-11 all agree, 12-14 split (gemini refutes), 15 openai
    429 first, 16 anthropic 500 first, 17 gemini garbage, 18 anthropic times out, 19 all
    unknown."""

    def script(question: str, attempt: int) -> Behaviour:
        b = _bucket(question)
        if b == 19:
            return Behaviour(text=verdict("unknown"))
        if b in (12, 13, 14) and wire == "gemini":
            return Behaviour(text="On reflection: " + verdict("refuted", "scripted dissent"))
        if b == 15 and wire == "openai" and attempt == 0:
            return Behaviour(status=429, retry_after="1")
        if b == 16 and wire == "anthropic" and attempt == 0:
            return Behaviour(status=500)
        if b == 17 and wire == "gemini":
            return Behaviour(raw=b"<html>502 Bad Gateway</html>")
        if b == 18 and wire == "anthropic":
            return Behaviour(delay=1.2, text=verdict("supported"))
        return Behaviour(text=verdict("supported", "scripted agreement"), usage=(180 + b, 24))

    return script


def run(questions: int) -> dict[str, object]:
    from resident.config import load_settings
    from resident.config_council import CouncilSettings
    from resident.council.sitting import convene
    from resident.memory.duck_store import DuckStore
    from resident.records import Agreement, Entity, NewClaim

    keys = {w: "sk-" + secrets.token_hex(16) for w in KEY_ENV}
    saved = {env: os.environ.get(env) for env in KEY_ENV.values()}
    os.environ.update({KEY_ENV[w]: k for w, k in keys.items()})
    standins = {w: StandIn(w, keys[w], MODELS[w], make_script(w)).start() for w in KEY_ENV}
    now = datetime.now(UTC)
    try:
        with tempfile.TemporaryDirectory() as tmp:
            base = load_settings(data_dir=Path(tmp), env={})
            council = CouncilSettings.model_validate(
                {
                    "providers": providers_config(standins, USD_PER_1K),
                    "timeout_s": 1.0,
                    "retry_backoff_s": 0.2,
                    "retries": 1,
                    "max_questions_per_run": questions,
                    "max_calls_per_run": questions * 6,
                    "max_tokens_per_run": questions * 2000,
                }
            )
            s = base.model_copy(update={"council": council})
            with DuckStore.open(s, create=True) as store:
                store.upsert_entities(
                    [
                        Entity(id=f"rxnorm:{i}", kind="drug", label=f"Drug {i}")
                        for i in range(questions)
                    ]
                    + [Entity(id="hp:0001892", kind="phenotype", label="Bleeding")],
                    now,
                )
                for i in range(questions):
                    w = store.record_correction(
                        NewClaim(
                            subject=f"rxnorm:{i}",
                            predicate="adverse_effect",
                            object_entity="hp:0001892",
                            confidence=0.4,
                            provenance="user_correction",
                        ),
                        None,
                        now,
                    )
                    store.attempt_gap(w.gap.id, False, "no grounded evidence", now)
                started = time.perf_counter()
                first = convene(store, s, now)
                first_wall = time.perf_counter() - started
                sent = sum(len(x.requests) for x in standins.values())
                started = time.perf_counter()
                second = convene(store, s, now + timedelta(hours=1))
                second_wall = time.perf_counter() - started
                resent = sum(len(x.requests) for x in standins.values()) - sent
                peers = store._cur.execute(
                    "SELECT count(*), max(confidence) FROM claims WHERE provenance LIKE 'peer:%'"
                ).fetchall()[0]
                facts = store._cur.execute(
                    "SELECT count(*) FROM claims WHERE rung = 'fact'"
                ).fetchall()[0][0]
                rows = len(store.sittings(limit=100_000))
            blob = s.graph_path.read_bytes()
    finally:
        for x in standins.values():
            x.stop()
        for env, value in saved.items():
            if value is None:
                os.environ.pop(env, None)
            else:
                os.environ[env] = value
    per = [x.seconds for x in first.sittings]
    return {
        "questions": first.questions,
        "agreed": first.count(Agreement.AGREED),
        "split": first.count(Agreement.SPLIT),
        "insufficient": first.count(Agreement.INSUFFICIENT),
        "agreement_rate": first.agreement_rate,
        "applied": first.applied_claims,
        "calls": first.calls,
        "tokens": first.tokens,
        "cost_usd": first.cost_usd,
        "run_s": first_wall,
        "sitting_p50_s": statistics.median(per) if per else 0.0,
        "sitting_max_s": max(per) if per else 0.0,
        "second_questions": second.questions,
        "second_calls": resent,
        "second_run_s": second_wall,
        "peer_claims": peers[0],
        "peer_max_conf": peers[1],
        "facts": facts,
        "sitting_rows": rows,
        "key_in_graph": any(k.encode() in blob for k in keys.values()),
    }


def render(r: dict[str, object], started: datetime, command: str) -> str:
    def f(key: str, fmt: str = "{}") -> str:
        return fmt.format(r[key])

    return "\n".join(
        [
            "# Model council against three stand-in providers, one run",
            "",
            f"Machine: {platform.node()}, {platform.machine()}, {os.cpu_count()} cores "
            f"(shared). Date: {started:%Y-%m-%d %H:%M} UTC. Command: `{command}`.",
            "",
            "Three real HTTP servers on 127.0.0.1 speak the OpenAI, Anthropic Messages and Gemini "
            "wire formats; their answers are scripted per question (hash buckets: 60% agree, 15% "
            "split, 5% each rate-limited first, 500 first, garbage from one, a timeout from one, "
            "all unknown). The time is the council's own: HTTP, retries (a Retry-After of 1 s, a "
            "0.2 s backoff), a 1 s timeout, reading, the agreement test, the graph writes. Cost "
            f"is at an illustrative ${USD_PER_1K}/1k tokens. Tokens are counted by the council "
            "itself, about four bytes a token of every request and response body (failed calls "
            "too); a provider's usage block counts only when it says more.",
            "",
            "| figure | value |",
            "|---|---|",
            f"| questions in the nightly run | {f('questions')} |",
            f"| agreed / split / insufficient | {f('agreed')} / {f('split')} / "
            f"{f('insufficient')} |",
            f"| agreement rate | {f('agreement_rate', '{:.0%}')} |",
            f"| peer claims applied (max confidence) | {f('applied')} "
            f"({f('peer_max_conf', '{:.2f}')}) |",
            f"| HTTP calls (retries included) | {f('calls')} |",
            f"| tokens | {f('tokens')} |",
            f"| cost per run | {f('cost_usd', '${:.4f}')} |",
            f"| run time | {f('run_s', '{:.2f}')} s |",
            f"| time per sitting, median / max | {f('sitting_p50_s', '{:.3f}')} / "
            f"{f('sitting_max_s', '{:.2f}')} s |",
            f"| second run, an hour later: questions / calls / time | {f('second_questions')} / "
            f"{f('second_calls')} / {f('second_run_s', '{:.2f}')} s |",
            f"| FACTs in the graph after both runs (none before) | {f('facts')} |",
            f"| sitting rows | {f('sitting_rows')} |",
            f"| any key found in the graph file | {f('key_in_graph')} |",
            "",
            "The sitting time is bound by the slowest provider: a rate-limited one waits its "
            "Retry-After, a timed-out one its timeout plus one retry; the rest take about a "
            "tenth of a second on this shared machine. The second run asks nothing: the resit "
            "rule holds every gap put within council.resit_after_days. A rate-limited, "
            "failing, garbled or timed-out provider still leaves two families that agree, "
            "which is why agreement is above the 60% of questions where all three agree.",
        ]
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.council", description=__doc__)
    parser.add_argument("--questions", type=int, default=100)
    parser.add_argument("--quick", action="store_true", help="12 questions, under work/")
    parser.add_argument("--out", type=Path, default=None)
    args = parser.parse_args(argv)
    questions = 12 if args.quick else args.questions
    out = args.out or (HERE / "work" / "RESULTS-council-quick.md" if args.quick else RESULTS)
    started = datetime.now(UTC)
    results = run(questions)
    command = "python -m benchmarks.council" + (
        " --quick" if args.quick else f" --questions {questions}"
    )
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(render(results, started, command) + "\n")
    print(out.read_text())
    if results["key_in_graph"] or (results["peer_max_conf"] or 0) > 0.3:  # type: ignore[operator]
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
