"""The nightly benchmark's block of results (benchmarks.learning_nightly): the nights' table,
the process tree's peak by stage, the totals with the precision's Wilson 90% lower bound, the
answers given in conversation, the negatives replayed, and the report cards."""

from __future__ import annotations

import argparse
import os
import platform
from datetime import UTC, datetime
from typing import Any

from benchmarks.learning_nightly import STAGES
from resident.learning.proposals import wilson_lower


def _by_rule(nights: list[dict[str, Any]]) -> dict[str, list[int]]:
    """Written and true proposals by the rule that wrote them, over all nights."""
    out: dict[str, list[int]] = {}
    for n in nights:
        for rule, (w, t) in n["by_rule"].items():
            got = out.setdefault(rule, [0, 0])
            got[0] += w
            got[1] += t
    return out


def _said(n: dict[str, Any]) -> str:
    """The day's guesses asked, and the answers: yes/no/unsure."""
    said = [a[3] for a in n["asked"]]
    return f"{len(said)}: {said.count('yes')}/{said.count('no')}/{said.count('unsure')}"


def _written(n: dict[str, Any]) -> str:
    if not n["by_rule"]:
        return "0"
    return f"{n['written']} (" + ", ".join(f"{r} {w}" for r, (w, _) in n["by_rule"].items()) + ")"


def _own(n: dict[str, Any]) -> str:
    """The second stage's own proposals of a night: its rule, and what it wrote and asked, at
    which rank depths, how many true (resident.learning.depth_floor)."""
    parts = [n.get("rule", "-")]
    for asked, what in ((False, "written"), (True, "asked")):
        got = [(d, ok) for d, q, ok in n.get("own_judged", []) if q == asked]
        if got:
            depths = [d for d, _ in got]
            true = sum(ok for _, ok in got)
            parts.append(f"{what} {len(got)} at depths {min(depths)}-{max(depths)} ({true} true)")
    return "; ".join(parts)


def _estimate(n: dict[str, Any]) -> str:
    est = n.get("names_estimate")
    return "-" if est is None else f"{est:.2f} ({n.get('names_lower', 0.0):.2f})"


def block(
    args: argparse.Namespace,
    nights: list[dict[str, Any]],
    n_edges: int,
    n_all: int,
    n_gone: int,
    total: float,
) -> list[str]:
    """The markdown block RESULTS-learning.md gets for a run."""
    written = sum(n["written"] for n in nights)
    true = sum(n["true"] for n in nights)
    rev = sum(n["reversed"] for n in nights)
    lines = [
        "",
        f"## {args.nights} simulated nights on an HPO subset ({args.terms} terms, "
        f"{n_edges} is_a edges)",
        "",
        f"Machine: {platform.node()}, {os.cpu_count()} cores shared with other work (load "
        f"average {os.getloadavg()[0]:.1f} at the end), CPU, one torch thread. Date: "
        f"{datetime.now(UTC):%Y-%m-%d %H:%M} UTC. Command: `python -m "
        f"benchmarks.learning_nightly --terms {args.terms} --nights {args.nights} --epochs "
        f"{args.epochs}{f' --withhold {args.withhold}' if args.withhold else ''}"
        f"{f' --answer-share {args.answer_share}' if args.answer_share else ''}"
        f" --household {args.household}` "
        f"({total:.0f} s in all). Edges MAX was never told: {n_gone} of "
        f"{n_all} (recovered: a proposal that is exactly one of them).",
        "",
        "Terms: the first N under Phenotypic abnormality (HP:0000118), breadth first. Each "
        "night runs in its own process (its stages in children of it). Precision (calibrated) "
        "is the held-out precision at the night's threshold; true is checked against the FULL "
        "hp.obo (the edge or one it entails); reversed: the full ontology holds the opposite "
        "direction. Names rule: what set the names' threshold (resident.learning.answers: "
        "held-out, exploration, or the answers so far, with the precision they estimate and "
        "its 90% lower bound); asked the day before: MAX's guesses he asked the household's "
        f"{args.household} people in conversation that day, and their answers yes/no/unsure; "
        "negatives: refuted proposals replayed to the learner tonight (and the contrasts with "
        "held edges they made); written: claims tonight, by the "
        "rule that wrote them; kept as questions: tonight's exploration guesses (below any "
        "calibrated threshold), asked from the next day, never written (and how many are true "
        "in the full ontology).",
        "",
        "| night | MRR | Hits@10 | epochs run/kept | threshold "
        "| held-out precision (support, Wilson 90% lower) | names rule | names threshold "
        "| names precision (support) | estimate (lower) | asked: yes/no/unsure "
        "| negatives (contrasts) | written "
        "| true | kept as questions (true) "
        "| recovered | reversed | open | closed (c/r/d) | quiz | wall s "
        "| tree peak RSS (PSS) MiB |",
        "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|",
    ]
    for i, n in enumerate(nights, 1):
        th = "none" if n["threshold"] is None else f"{n['threshold']:.3f}"
        if n["threshold"] is not None and str(n.get("rule", "")).startswith("answers"):
            th += f" ({n['rule']}: estimate {n['estimate']:.2f})"
        nth = "none" if n["names_threshold"] is None else f"{n['names_threshold']:.3f}"
        c = n["closed"]
        lines.append(
            f"| {i} | {n['mrr']:.3f} | {n['hits10']:.3f} | "
            f"{n.get('epochs_run', '-')}/{n.get('epochs_kept', '-')} | {th} | "
            f"{n['precision']:.2f} ({n.get('support', 0)}, {n.get('lower', 0.0):.2f}) | "
            f"{n.get('names_rule', '-')} | {nth} | "
            f"{n['names_precision']:.2f} ({n['names_support']}) | {_estimate(n)} | "
            f"{_said(n)} | {n.get('negatives', 0)} ({n.get('hard', 0)}) | {_written(n)} | "
            f"{n['true']} | {n['kept']} ({n['kept_true']}) | "
            f"{n['recovered']} | {n['reversed']} | {n['pending']} | "
            f"{c.get('confirmed', 0)}/{c.get('refuted', 0)}/{c.get('decayed', 0)} | "
            f"{'stable' if n['quiz_stable'] else 'FAILED'} ({n['quiz_changed']}/"
            f"{n['quiz_asked']} changed) | {n['wall_s']} | {n['peak_rss_mib']} "
            f"({n['peak_pss_mib']}) |"
        )
    lines += [
        "",
        "The process tree's peak by stage (summed RSS / summed PSS MiB, processes, seconds):",
        "",
        "| night | " + " | ".join(STAGES) + " | largest child's ru_maxrss | parent's ru_maxrss |",
        "|---|" + "---|" * (len(STAGES) + 2),
    ]
    for i, n in enumerate(nights, 1):
        cells = [
            f"{v['rss']} / {v['pss']} ({v['procs']}, {v['s']} s)"
            if (v := n["stages"].get(k))
            else "-"
            for k in STAGES
        ]
        lines.append(
            f"| {i} | "
            + " | ".join(cells)
            + f" | {n['child_maxrss_mib']} | {n['self_maxrss_mib']} |"
        )
    share = (
        f"{true / written:.2f}, Wilson 90% lower bound {wilson_lower(true, written):.2f}"
        if written
        else "n/a (none written)"
    )
    lines += [
        "",
        f"All nights: {written} proposals, {true} true against the full ontology (precision "
        f"{share}), {rev} reversed; open after the last night: {nights[-1]['pending']}; "
        f"tree peak of a night {max(n['peak_rss_mib'] for n in nights)} MiB summed RSS, "
        f"{max(n['peak_pss_mib'] for n in nights)} MiB summed PSS (target 600 MB).",
        "",
        "Written, by the rule that wrote them: "
        + (
            "; ".join(f"{rule}: {w} written, {t} true" for rule, (w, t) in _by_rule(nights).items())
            or "none"
        )
        + f". Guesses kept as questions: {sum(n['kept'] for n in nights)} "
        f"({sum(n['kept_true'] for n in nights)} true). Asked in conversation: "
        + _said({"asked": [a for n in nights for a in n["asked"]]})
        + " (yes/no/unsure).",
        "",
        "The second stage's own, by night (its rule; what it wrote and asked, at which depths "
        "of its own ranking, how many true): "
        + " / ".join(f"{i}: {_own(n)}" for i, n in enumerate(nights, 1))
        + ".",
        "",
        f"Negatives replayed (refuted proposals, a night's most): "
        f"{max(n.get('negatives', 0) for n in nights)}.",
        "",
        f"Conversation before each night (the household, {args.household} people a day; the "
        f"first night's): {nights[0]['talk']}",
    ]
    for n in nights:
        for r in n["reports"]:
            lines += ["", f"Report card made for {r['month']} ({r['wall_s']} s):", "", *r["text"]]
    return lines
