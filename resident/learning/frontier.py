"""What the second stage writes each night: a few of its best fresh candidates, never under an
object people said no under (pure rules).

The evidence (RESULTS-learning sections 24.1 and 25): the second stage's top fresh candidates
are good and its good region is narrow (its first 8 or so a night, asked, came true 6 of 10;
depths 9-32, 1 of 14); and the answers carry the object of the link ("X is a kind of Y?"): a
proposal is true 0.61 of the time when another under Y was confirmed, 0.13 when another under Y
was refuted. Replayed in the order proposals were opened, those under an object nobody had
answered about yet were 71 of 177 true (0.40), those under an object whose answers fell below
the bound 5 of 31 (0.16). learn22's rule wrote only under objects with two answers at the bound,
and the household answers one or two guesses a day: 2 written in ten nights.

So, each night and each relation (`chosen`): the scorer's fresh candidates, best first; of the
first `depth` of them (its good region), at most `per_night`, at most one under any object
tonight, by the object's standing (`standing`):
- "doubted": someone said no under it and its answers do not reach the bound: never.
- "supported": at least `least` answers, Wilson 90% lower bound at the target: while its open
  claims are fewer than its confirmed ones (learn22's room: what is written there is bounded by
  what was confirmed there).
- "open" (nobody said no there yet): while no claim is open under it, so that one answer about
  the object comes before the next claim (a cap on open claims within an object).
What is written is asked about like any proposal; a no makes its object doubted, and a yes
moves it toward supported. Nothing here names a graph or a relation.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from resident.learning.neighbourhood import Neighbourhood, neighbourhoods
from resident.learning.proposals import Calibration, Ledger, wilson_lower

Candidates = list[tuple[float, int, int, int]]
Gen = Callable[[Callable[[int, int, int], bool]], Candidates]

#: Whose candidates these are (the trail's name; the depth a proposal records is its own).
SCORER = "second stage"
#: How the rule's name begins (its Calibration.rule): what it writes is asked about too
#: (`Proposal.ask`, resident.learning.consolidation).
FRONTIER_RULE = "the frontier"


def standing(n: Neighbourhood, target: float, least: int) -> str:
    """'supported', 'doubted' or 'open': what the answers under one object allow."""
    if n.answered >= least and wilson_lower(n.confirmed, n.answered) >= target:
        return "supported"
    if n.answered > n.confirmed:
        return "doubted"
    return "open"


def room(n: Neighbourhood, target: float, least: int) -> int:
    """How many more claims may be open under the object: a supported one its confirmed less
    its open claims, an open one one claim at a time, a doubted one none."""
    kind = standing(n, target, least)
    if kind == "supported":
        return max(0, n.confirmed - n.open)
    if kind == "open":
        return max(0, 1 - n.open)
    return 0


def chosen(
    candidates: Sequence[tuple[float, str, Any]],
    hoods: dict[str, Neighbourhood],
    target: float,
    least: int,
    depth: int,
    per_night: int,
) -> list[tuple[float, str, Any]]:
    """Of (score, object, x) fresh candidates, tonight's writes: among the best `depth`, at most
    `per_night`, one under any object, each where the object's `room` allows; highest first,
    in the order given where scores tie."""
    out: list[tuple[float, str, Any]] = []
    used: set[str] = set()
    ranked = sorted(candidates, key=lambda c: -c[0])
    for s, o, x in ranked[:depth]:
        if len(out) >= per_night:
            break
        if o in used or room(hoods.get(o, Neighbourhood()), target, least) <= 0:
            continue
        used.add(o)
        out.append((s, o, x))
    return out


def in_top(
    candidates: Sequence[tuple[float, str, Any]], ranked: Sequence[float], depth: int
) -> list[tuple[float, str, Any]]:
    """The candidates within the first `depth` of the night's whole ranking of the relation
    (`ranked`, highest first: its calibration's scores, what was proposed before or is held
    included), as a proposal's recorded depth counts (`depth_floor.depth_of`). Without a
    ranking, all of them (the fresh cut of `chosen` is then the only one)."""
    if not ranked:
        return list(candidates)
    if depth <= 0:
        return []
    if len(ranked) <= depth:
        return list(candidates)
    # depth_of(ranked, s) <= depth exactly when fewer than depth + 1 of the ranking score at or
    # above s: s above the (depth + 1)th score. One comparison each (the ranking holds tens of
    # thousands of scores a night; depth_of for each candidate was quadratic).
    floor = ranked[depth]
    return [c for c in candidates if c[0] > floor]


def answered_share(hoods: dict[str, Neighbourhood]) -> tuple[int, int]:
    """(confirmed, answered) over every object of a relation: how the proposals people answered
    about have fared, whichever scorer made them."""
    return (
        sum(n.confirmed for n in hoods.values()),
        sum(n.answered for n in hoods.values()),
    )


def frontier(
    generate: Gen,
    entities: Sequence[str],
    relations: Sequence[str],
    ledger: Ledger,
    settings: tuple[float, int, int, int],
    ranked: tuple[tuple[str, tuple[float, ...]], ...] = (),
) -> tuple[Calibration, Gen]:
    """The scorer's calibration and generator of what it writes tonight (`chosen`, each
    relation by itself). `settings`: (precision target, least answers for support, depth,
    per night). No score threshold (0.0: the candidates are chosen by rank and object); the
    Calibration's precision and lower bound are the answered share of the relation's proposals
    so far (what the trail can honestly say), 0 before any answer."""
    target, least, depth, per_night = settings
    tops = dict(ranked)
    hoods = {i: neighbourhoods(ledger, r) for i, r in enumerate(relations)}
    confirmed = answered = 0
    for h in hoods.values():
        c, n = answered_share(h)
        confirmed, answered = confirmed + c, answered + n
    precision = round(confirmed / answered, 4) if answered else 0.0
    lower = round(wilson_lower(confirmed, answered), 4) if answered else 0.0
    rule = (
        f"{FRONTIER_RULE}: its fresh among the night's best {depth}, at most {per_night} a "
        f"night, none under an object answered no, each asked ({confirmed} of {answered} "
        "answered so far confirmed)"
    )
    cal = Calibration(
        0.0 if per_night > 0 and depth > 0 else None,
        precision,
        answered,
        0,
        0,
        scorer=f"{SCORER}, {rule}",
        lower=lower,
        rule=rule,
        estimate=precision,
        source=SCORER,
        ranked=ranked,
    )

    def near(skip: Callable[[int, int, int], bool]) -> Candidates:
        got = generate(skip)
        out: Candidates = []
        for i, h in hoods.items():
            # The depth counted from the top of the night's whole ranking (section 26): the
            # fresh top drifts down it as the best are written or asked (section 25.5).
            top = tops.get(relations[i], ())
            mine = in_top([(c[0], entities[c[3]], c) for c in got if c[2] == i], top, depth)
            out.extend(x for _, _, x in chosen(mine, h, target, least, depth, per_night))
        return out

    return cal, near
