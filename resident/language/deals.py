"""The one definition of a deal (data/deal_verbs.tsv): which verbs name one, which side each
tells, whether its object is the thing dealt, whether a bare number said "for" a thing with it
is money, and the verb of the deal's other side ("sell" / "buy"). Every reader of deals asks
here, so a verb added to the table is read the same way by prices, answers and converses.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from importlib import resources
from typing import Literal

Side = Literal["buyer", "seller", "either"]


@dataclass(frozen=True)
class Deal:
    """One verb of a deal, as the table gives it."""

    verb: str
    side: Side | None
    object: bool
    for_price: bool
    converse: str | None


@functools.cache
def _deals() -> dict[str, Deal]:
    path = resources.files("resident.language").joinpath("data/deal_verbs.tsv")
    out: dict[str, Deal] = {}
    for raw in path.read_text("utf-8").splitlines():
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        verb, side, obj, for_, converse = (c.strip().lower() for c in line.split("\t"))
        out[verb] = Deal(
            verb=verb,
            side=None if side == "-" else side,  # type: ignore[arg-type]
            object=obj == "yes",
            for_price=for_ == "yes",
            converse=None if converse == "-" else converse,
        )
    return out


def deal(verb: str) -> Deal | None:
    """The deal the verb (a lemma) names, or None."""
    return _deals().get(verb.lower())


@functools.cache
def object_verbs() -> frozenset[str]:
    """Verbs whose object is the thing dealt ("bought the van", "booked the flights")."""
    return frozenset(v for v, d in _deals().items() if d.object)


@functools.cache
def for_price_verbs() -> frozenset[str]:
    """Verbs whose bare number said "for" a thing is the money it went for."""
    return frozenset(v for v, d in _deals().items() if d.for_price)


def side(verb: str) -> Literal["buyer", "seller"] | None:
    """The one side of a deal for money the verb tells ("sold": the seller); None for "get"
    (either), "cost", a deal of no money ("lent", "gave") and non-deals."""
    found = deal(verb)
    if found is None or not (found.object or found.for_price):
        return None
    return party_side(verb)


def party_side(verb: str) -> Literal["buyer", "seller"] | None:
    """The side of any deal the verb tells, money or not: "lent" and "gave" are the giving
    side, "borrowed" the getting side (the converse's other party: deal_converse.py)."""
    found = deal(verb)
    s = None if found is None else found.side
    return s if s in ("buyer", "seller") else None  # type: ignore[return-value]


def converse(verb: str) -> str | None:
    """The verb of the other side of the deal the verb names ("sell" -> "buy"), or None."""
    found = deal(verb)
    return None if found is None else found.converse
