"""Where a second scorer may write: beside what people confirmed (pure rules).

The second stage (resident.learning.second_stage) ranks the learner's candidates well at its
top and badly a little below it (RESULTS-learning section 24): its best fresh candidates, asked,
came true 6 of 10 (depths 1-8 of its own ranking), while what it wrote just below what had been
asked, scaled by the answers and floored at the depth its own answers supported, was 0 of 4.
Asking consumes the top, and what is left at a given depth is not what was answered there: the
ranking is fitted again every night, and the answered candidates leave it. So depth is no scale
to write by.

What the answers do measure, and keep measuring whatever the ranking does, is the object of the
link asked about: "Is X a kind of Y?" answered yes or no says how often the scorers' guesses
under Y hold. The rule (`supported`): for each object of a relation, the proposals answered
about it (confirmed or refuted, by anyone: a decayed or unsure one says nothing), at least
`least`, whose Wilson 90% lower bound reaches the target (the bound every calibration reports).
Under such an object the scorer writes its best fresh candidates, highest first, never more
open at once than were confirmed there (`room`): what it writes is bounded by the evidence, and
a refuted one lowers both the share and the room. Nothing here names a graph or a relation.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from resident.learning.proposals import Calibration, Ledger, wilson_lower

Candidates = list[tuple[float, int, int, int]]
Gen = Callable[[Callable[[int, int, int], bool]], Candidates]

#: Whose candidates these are, by name (the second stage's: what is written beside the
#: confirmed records its depth in that scorer's ranking).
SCORER = "second stage"


@dataclass(frozen=True)
class Neighbourhood:
    """What was answered about one object's proposals, and what of it is open as claims."""

    confirmed: int = 0
    answered: int = 0
    #: Written proposals (claims, not questions) under it still open.
    open: int = 0


def neighbourhoods(ledger: Ledger, relation: str) -> dict[str, Neighbourhood]:
    """Each object of `relation`'s proposals: confirmed, answered, open claims."""
    counts: dict[str, list[int]] = {}
    for p in ledger.proposals:
        if p.predicate != relation:
            continue
        c = counts.setdefault(p.object_entity, [0, 0, 0])
        if p.status in ("confirmed", "refuted"):
            c[0] += p.status == "confirmed"
            c[1] += 1
        elif p.status == "open" and not p.question:
            c[2] += 1
    return {o: Neighbourhood(*c) for o, c in counts.items()}


def supported(hoods: dict[str, Neighbourhood], target: float, least: int) -> dict[str, int]:
    """The objects whose answers are at least `least` and Wilson-lower-bounded at `target` or
    more, each with its room tonight: its confirmed proposals less its open claims."""
    out = {}
    for o, n in hoods.items():
        if n.answered >= least and wilson_lower(n.confirmed, n.answered) >= target:
            room = n.confirmed - n.open
            if room > 0:
                out[o] = room
    return out


def evidence(hoods: dict[str, Neighbourhood], objects: Sequence[str]) -> tuple[int, int]:
    """(confirmed, answered) over `objects`: the evidence behind what is written under them."""
    return (
        sum(hoods[o].confirmed for o in objects),
        sum(hoods[o].answered for o in objects),
    )


def admitted(
    candidates: Sequence[tuple[float, str, Any]], rooms: dict[str, int]
) -> list[tuple[float, str, Any]]:
    """Of (score, object) candidates, those under a supported object, highest first, at most its
    room under each; in the order given where scores tie."""
    left = dict(rooms)
    out = []
    for s, o, x in sorted(candidates, key=lambda c: -c[0]):
        if left.get(o, 0) > 0:
            left[o] -= 1
            out.append((s, o, x))
    return out


def beside(
    generate: Gen,
    entities: Sequence[str],
    relations: Sequence[str],
    ledger: Ledger,
    target: float,
    least: int,
    ranked: tuple[tuple[str, tuple[float, ...]], ...] = (),
) -> tuple[Calibration, Gen]:
    """The scorer's calibration and generator of what it writes beside the confirmed tonight:
    under each supported object of each relation its best fresh candidates, at most the
    object's room. No score threshold (0.0: the second stage's are probabilities): the
    objects' answers are the evidence, and the Calibration's precision and lower bound are
    theirs, pooled over the supported objects. Threshold None where no object is supported."""
    rooms: dict[int, dict[str, int]] = {}
    confirmed = answered = 0
    for i, r in enumerate(relations):
        hoods = neighbourhoods(ledger, r)
        room = supported(hoods, target, least)
        if room:
            rooms[i] = room
            c, n = evidence(hoods, list(room))
            confirmed, answered = confirmed + c, answered + n
    if not rooms:
        return Calibration(None, 0.0, 0, 0, 0, scorer=SCORER, source=SCORER), generate
    precision = round(confirmed / answered, 4)
    lower = round(wilson_lower(confirmed, answered), 4)
    rule = (
        f"beside the confirmed ({confirmed} of {answered} answered under "
        f"{sum(len(r) for r in rooms.values())} object(s) confirmed)"
    )
    cal = Calibration(
        0.0,
        precision,
        answered,
        0,
        0,
        scorer=f"{SCORER}, {rule}: 90% lower bound {lower:.2f}",
        lower=lower,
        rule=rule,
        estimate=precision,
        source=SCORER,
        ranked=ranked,
    )

    def near(skip: Callable[[int, int, int], bool]) -> Candidates:
        got = generate(skip)
        out: Candidates = []
        for i, room in rooms.items():
            mine = [(c[0], entities[c[3]], c) for c in got if c[2] == i]
            out.extend(x for _, _, x in admitted(mine, room))
        return out

    return cal, near
