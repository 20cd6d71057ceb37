"""How deep in its own ranking a second scorer may write: the floor its own answers support
(pure rules).

The second stage (resident.learning.second_stage) is scaled by the answers as the names' scorer
is (`answers.rescaled`): rho, the true links MAX lacks per held-out one, times its held-out
odds. rho is measured on the proposals people answered, and those were the names' top
candidates; read 100-120 candidates deep in the second stage's own ranking it promised 0.45
where 0.24 came true (RESULTS-learning section 22.5). The names' rule has a floor for this (it
never writes below the lowest score answered); the second stage is fitted again every night, so
a score is no scale from one night to the next, but its rank depth is: how many of the night's
calibration candidates of the relation score at or above it. Every proposal carries the depth
it was made at (`Proposal.depth`) and whose it was (`Proposal.scorer`).

The floor (`supported_depth`): the deepest depth D at which the scorer's own answered proposals
(confirmed or refuted; a decayed one says nothing) at depth D or above are at least
`min_support` and their Wilson 90% lower bound reaches the target, the rule a night's
calibration already reports. Tonight the scorer writes, scaled by the answers, never deeper than
D (`floored`). Before any of its own proposals supports a depth, its held-out rule alone decides
what it writes, and where that finds no threshold it asks its best few fresh candidates as
questions (`answers.exploring`: asked in conversation, never written) so that its own answers
can come: without them the floor could never lift, since people are asked only questions.
Nothing here names a graph or a relation.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Sequence
from dataclasses import replace

from resident.learning.answers import Answers, exploring, fresh_above, odds, rescaled
from resident.learning.proposals import Calibration, Ledger, wilson_lower


def ranking(scored: Sequence[tuple[float, bool]]) -> tuple[float, ...]:
    """A calibration's scores, highest first (what a depth is counted in)."""
    return tuple(sorted((s for s, _ in scored), reverse=True))


def depth_of(ranked: Sequence[float], score: float) -> int:
    """How many of `ranked` (highest first) score at or above `score`: its depth, 1 the top;
    a score above them all is depth 1."""
    # bisect on the negated scores, which ascend.
    return max(1, bisect_right([-s for s in ranked], -score))


def own_answered(ledger: Ledger, relation: str, scorer: str) -> list[tuple[int, bool]]:
    """(depth, confirmed) of `scorer`'s answered proposals of `relation`, shallowest first."""
    return sorted(
        (p.depth, p.status == "confirmed")
        for p in ledger.proposals
        if p.scorer == scorer
        and p.predicate == relation
        and p.depth > 0
        and p.status in ("confirmed", "refuted")
    )


def own_waiting(ledger: Ledger, relation: str, scorer: str) -> int:
    """`scorer`'s open questions of `relation`: asked, not yet answered."""
    return sum(
        1 for p in ledger.open() if p.question and p.scorer == scorer and p.predicate == relation
    )


def supported_depth(answered: Sequence[tuple[int, bool]], target: float, least: int) -> int | None:
    """The deepest depth whose answered proposals at or above it are at least `least` and
    Wilson-lower-bounded at `target` or more; None where no depth is."""
    best = None
    hits = 0
    ranked = sorted(answered)
    for k, (depth, ok) in enumerate(ranked, 1):
        hits += ok
        if k < len(ranked) and ranked[k][0] == depth:
            continue
        if k >= least and wilson_lower(hits, k) >= target:
            best = depth
    return best


def floored(
    held_out: Calibration,
    scored: Sequence[tuple[float, bool]],
    answers: Answers,
    own: Sequence[tuple[int, bool]],
    waiting: int,
    target: float,
    least: int,
    proposed: Sequence[bool] = (),
) -> Calibration:
    """The second scorer's calibration of one relation tonight: `rescaled` (the answers'
    scaling) no deeper than the depth its `own` answered proposals support; before they
    support one, its held-out rule, and where that finds no threshold and fewer than `least` of
    its own wait for an answer, exploration (questions); and the same once everything it may
    write has been written or asked. The Calibration's `lower` at a floor is its own answers'
    Wilson bound there, the evidence that let it write so deep."""
    depth = supported_depth(own, target, least)
    cal = (
        held_out
        if depth is None
        else _floored(held_out, scored, answers, own, depth, target, least)
    )
    if waiting < least and (
        cal.threshold is None or not fresh_above(scored, proposed, cal.threshold)
    ):
        # Nothing it may write is fresh (no threshold, or all above it written or asked): a
        # few more are asked, from the top down, so its own answers reach further (the names'
        # rule does the same: without it their nights stalled, section 19).
        return exploring(scored, least, proposed)
    return cal


def _floored(
    held_out: Calibration,
    scored: Sequence[tuple[float, bool]],
    answers: Answers,
    own: Sequence[tuple[int, bool]],
    depth: int,
    target: float,
    least: int,
) -> Calibration:
    """`rescaled` no deeper than `depth` (the held-out rule where it has no cut)."""
    cal = rescaled(held_out, scored, answers, target, least)
    ranked = ranking(scored)
    if cal.threshold is None or not ranked:
        return held_out
    floor = ranked[min(depth, len(ranked)) - 1]
    if cal.threshold >= floor:
        return replace(cal, rule=f"{cal.rule}, above its floor at depth {depth}")
    k = depth_of(ranked, floor)
    tp = sum(1 for s, ok in scored if ok and s >= floor)
    hits = sum(ok for d, ok in own if d <= depth)
    n = sum(1 for d, _ in own if d <= depth)
    return replace(
        cal,
        threshold=floor,
        precision=round(tp / k, 4),
        support=k,
        lower=round(wilson_lower(hits, n), 4),
        estimate=round(min(1.0, answers.ratio * odds(tp / k)), 4),
        rule=f"{cal.rule}, floored at depth {depth} ({hits} of {n} of its own confirmed)",
    )
