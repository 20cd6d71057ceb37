"""Turns that store nothing (issue 21, turn32): replay a split's conversations (their turns, not
their questions) through a real Resident and list every turn that wrote no claim while its text
holds a gold answer of some question of its conversation (so the turn mattered), with what the
reader made of it: how many statements it read and which of storing's gates refused each one
(the modality gate `may_store`, or `_statement_claim` finding no subject or object).

    PYTHONPATH=$PWD .venv/bin/python -m benchmarks.language_silent --split dev --out silent.jsonl

The gates are watched by wrapping the two methods in this process only: a diagnostic, not a
test (the resident runs unchanged)."""

from __future__ import annotations

import argparse
import json
import re
import sys
import tempfile
from datetime import datetime
from pathlib import Path
from typing import Any

from benchmarks.language_eval import CORPUS, PIPELINE, _introduce, load_split


def _golds(conv: dict[str, Any]) -> list[tuple[str, str]]:
    """(answer, question) for each question whose answer can be looked for in a turn's text:
    not yes/no, not a bare count, not "I don't know"."""
    out = []
    for q in conv["questions"]:
        if q["kind"] in ("yes_no", "unanswerable", "count"):
            continue
        for answer in [q.get("answer") or "", *q.get("alternates", [])]:
            if isinstance(answer, str) and len(answer) >= 3:
                out.append((answer, q["text"]))
    return out


def _holds(text: str, answer: str) -> bool:
    return re.search(r"\b" + re.escape(answer.lower()) + r"\b", text.lower()) is not None


def _watch(log: list[dict[str, Any]]) -> None:
    """Note each statement storing reads and each one a gate refuses."""
    from resident.cognition.statements import may_store
    from resident.language import storing

    mixin = storing.StoringMixin
    statements, claim = mixin._statements, mixin._statement_claim

    def _statements(self: Any, ctx: Any) -> Any:
        out = statements(self, ctx)
        refused = [
            {"gate": "may_store", "statement": _shown(s)} for s in out if not may_store(s.modality)
        ]
        log.append({"read": [_shown(s) for s in out], "refused": refused})
        return out

    def _statement_claim(self: Any, ctx: Any, st: Any, *args: Any) -> Any:
        new = claim(self, ctx, st, *args)
        if new is None and log:
            log[-1]["refused"].append({"gate": "statement_claim", "statement": _shown(st)})
        return new

    mixin._statements = _statements  # type: ignore[method-assign]
    mixin._statement_claim = _statement_claim  # type: ignore[method-assign,assignment]


def _shown(st: Any) -> str:
    who = st.subject.name or st.subject.role
    return f"{who} | {st.predicate} | {st.object} [{st.modality}{' not' if st.negated else ''}]"


def replay(conv: dict[str, Any], work: Path, log: list[dict[str, Any]]) -> list[dict[str, Any]]:
    from resident.clock import ManualClock
    from resident.config import load_settings
    from resident.daemon.boot import boot
    from resident.language import converse
    from resident.memory.duck_store import DuckStore

    settings = load_settings(
        data_dir=work / conv["id"], env={"RESIDENT_LANGUAGE__PIPELINE": PIPELINE}
    )
    graph = DuckStore.open(settings, create=True)
    clock = ManualClock(datetime.fromisoformat(conv["sessions"][0]["at"]))
    resident = boot(settings, graph, clock, probes={})
    golds = _golds(conv)
    people = {n: _introduce(resident, converse, n, clock.now(), conv["id"]) for n in conv["people"]}
    rows = []
    try:
        turns = [t for s in conv["sessions"] for t in s["turns"]]
        for i, t in enumerate(turns):
            at = datetime.fromisoformat(t["at"])
            if at > clock.now():
                clock.advance(seconds=(at - clock.now()).total_seconds())
            log.clear()
            turn = converse(
                resident,
                t["text"],
                people[t["speaker"]],
                clock.now(),
                resident.session.new_correlation_id(),
                said_at=clock.now(),
            )
            wrote = [
                c
                for c in turn.claims
                if str(c.get("provenance", "")).startswith("interaction:")
                and c.get("correlation_id") == turn.correlation_id
            ]
            read = [r for entry in log for r in entry["read"]]
            refused = [r for entry in log for r in entry["refused"]]
            held = [g for g in golds if _holds(t["text"], g[0])]
            rows.append(
                {
                    "conv": conv["id"],
                    "turn": i,
                    "text": t["text"],
                    "stored": len(wrote),
                    "read": read,
                    "refused": refused,
                    "golds": held,
                }
            )
    finally:
        resident.shutdown(clock.now())
        graph.close()
    return rows


def read_only(conv: dict[str, Any], nlp: Any) -> list[dict[str, Any]]:
    """The quick replay: each turn read by the statement reader alone, with one context carried
    through the conversation (pronouns, the speaker), no graph. It skips what only the store
    does (an answer fragment read with the question before it, a sluice), so it over-counts
    silent turns a little; `replay` is the whole resident, at many times the cost."""
    from resident.cognition.statements import may_store
    from resident.language.reading import read
    from resident.language.statement import Context

    ctx = Context()
    golds = _golds(conv)
    rows = []
    turns = [t for s in conv["sessions"] for t in s["turns"]]
    for i, t in enumerate(turns):
        ctx.turn += 1
        ctx.speaker = t["speaker"]
        doc = nlp(t["text"])
        statements = read(doc, ctx, reparse=nlp)[0]
        kept = [s for s in statements if may_store(s.modality)]
        held = [g for g in golds if _holds(t["text"], g[0])]
        rows.append(
            {
                "conv": conv["id"],
                "turn": i,
                "text": t["text"],
                "stored": len(kept),
                "read": [_shown(s) for s in statements],
                # the modality gate (may_store): a question, a hypothetical said as a clause
                "refused": [_shown(s) for s in statements if not may_store(s.modality)],
                "golds": held,
                "kinds": [
                    structure(sent)
                    for sent in doc.sents
                    if any(_holds(sent.text, g[0]) for g in held)
                ],
            }
        )
    return rows


def structure(sent: Any) -> str:
    """The sentence's structure as the parser gives it, for sorting silent turns."""
    from resident.language.doubted import doubted, hedged
    from resident.language.reading import is_question

    root = sent.root
    verbs = [t for t in sent if t.pos_ in ("VERB", "AUX")]
    if is_question(sent):
        return "question"
    if any(t.dep_ == "expl" for t in sent):
        return "existential"
    if any(doubted(v) or hedged(v) for v in verbs):
        return "belief or doubt frame"
    if not verbs:
        return "verbless fragment"
    if root.pos_ not in ("VERB", "AUX"):
        return f"root {root.pos_} with a verb under it"
    if any(t.dep_ == "mark" and t.lower_ in ("if", "unless") for t in sent):
        return "conditional"
    if not any(c.dep_ in ("nsubj", "nsubjpass") for c in root.children):
        return f"root {root.tag_} without subject"
    if len(sent) > 30:
        return "long run-on"
    if sent.text.rstrip().endswith("!"):
        return "exclamation"
    return "full clause, read as nothing"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--split", default="dev")
    parser.add_argument("--only", nargs="*", default=[])
    parser.add_argument("--out", type=Path, required=True)
    parser.add_argument("--resident", action="store_true", help="the whole resident, slow")
    args = parser.parse_args(argv)
    log: list[dict[str, Any]] = []
    nlp = None
    if args.resident:
        _watch(log)
    else:
        from resident.language.pipeline import load_pipeline

        nlp = load_pipeline(PIPELINE)
    rows: list[dict[str, Any]] = []
    with tempfile.TemporaryDirectory(prefix="resident-silent-") as tmp:
        for conv in load_split(args.split, CORPUS):
            if args.only and conv["id"] not in args.only:
                continue
            done = replay(conv, Path(tmp), log) if nlp is None else read_only(conv, nlp)
            rows += done
            with args.out.open("a") as out:  # a line a turn, as each conversation ends
                out.writelines(json.dumps(r) + "\n" for r in done)
            print(f"  {conv['id']} done", file=sys.stderr, flush=True)
    silent = [r for r in rows if not r["stored"]]
    mattered = [r for r in silent if r["golds"]]
    print(
        f"turns {len(rows)}, storing nothing {len(silent)}, of them holding a gold {len(mattered)}"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
