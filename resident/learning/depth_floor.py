"""Where a second scorer's candidates stand in its own ranking, and what it does where its
held-out rule gives it nothing to write (pure rules).

The second stage (resident.learning.second_stage) is fitted again every night, so a score is no
scale from one night to the next, but its rank depth is: how many of the night's calibration
candidates of the relation score at or above it. Every proposal carries the depth it was made
at (`Proposal.depth`) and whose it was (`Proposal.scorer`).

Its threshold is its held-out rule's; where that finds none, or everything above it was
written or asked, it asks its best few fresh candidates as questions (`answers.exploring`:
asked in conversation, never written), while fewer than `least` of its own wait. It is no
longer scaled by the answers, nor floored at the depth its own answered proposals supported
(learn20): what lies below the asked is not what was answered there (RESULTS-learning section
24); it writes besides only at its frontier (resident.learning.frontier).
Nothing here names a graph or a relation.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Sequence
from dataclasses import replace

from resident.learning.answers import exploring, fresh_above
from resident.learning.proposals import Calibration, Ledger


def ranking(scored: Sequence[tuple[float, bool]]) -> tuple[float, ...]:
    """A calibration's scores, highest first (what a depth is counted in)."""
    return tuple(sorted((s for s, _ in scored), reverse=True))


def depth_of(ranked: Sequence[float], score: float) -> int:
    """How many of `ranked` (highest first) score at or above `score`: its depth, 1 the top;
    a score above them all is depth 1."""
    # bisect on the negated scores, which ascend.
    return max(1, bisect_right([-s for s in ranked], -score))


def shown(held_out: Calibration, target: float) -> bool:
    """Whether a held-out threshold shows the target: the 90% lower bound of its precision
    reaches it. The point precision is at the target by construction (`calibrate` takes the
    lowest cut reaching it) and on the second stage's few dozen candidates a night that says
    little: at 0.30 over 46 (lower bound 0.23) it wrote 5 of 5 false (RESULTS-learning 25.4,
    night 9; section 26)."""
    return held_out.threshold is not None and held_out.lower >= target


def own_waiting(ledger: Ledger, relation: str, scorer: str) -> int:
    """`scorer`'s open questions of `relation`: asked, not yet answered."""
    return sum(
        1 for p in ledger.open() if p.question and p.scorer == scorer and p.predicate == relation
    )


def held_out_or_asked(
    held_out: Calibration,
    scored: Sequence[tuple[float, bool]],
    waiting: int,
    least: int,
    proposed: Sequence[bool] = (),
    target: float = 0.0,
) -> Calibration:
    """The second scorer's calibration of one relation tonight: its held-out rule, where the
    90% lower bound of its precision reaches `target`; where it does not (`shown`), or the rule
    finds no threshold, or everything above it was written or asked: exploration (questions)
    while fewer than `least` of its own wait for an answer, else nothing to write."""
    if held_out.threshold is not None and not shown(held_out, target):
        why = f"{held_out.rule}, not shown: 90% lower bound {held_out.lower:.2f} below {target}"
        held_out = replace(held_out, threshold=None, rule=why)
    if waiting < least and (
        held_out.threshold is None or not fresh_above(scored, proposed, held_out.threshold)
    ):
        # Nothing it may write is fresh: a few more are asked, from the top down, so its own
        # answers reach further (the names' rule does the same: without it their nights
        # stalled, section 19).
        return exploring(scored, least, proposed)
    return held_out
