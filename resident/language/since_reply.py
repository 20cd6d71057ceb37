"""A length asked, a starting point answered (issue 21, reply48): "How long have you lived in
Hexham?" / "Since 2015." The answer says when the state began, not how long it has lasted,
and what it fills is the question's "since when": "I have lived in Hexham since 2015", from
which the length is counted at answer time, as for any "since" said in a statement. So a
"how long" gap whose fragment opens with "since" is checked, and guarded, as the gap
"since when" (a point in time, data/gap_kinds.tsv), with "since" said as the answer's own
preposition. Any other fragment keeps the gap as asked. Pure: text in, text out."""

from __future__ import annotations

_LENGTH = frozenset({"how long", "how long for"})
_SINCE = "since "
#: The gap a starting point fills (gap_kinds.tsv, gap_slots.tsv).
SINCE_GAP = "since when"


def since_gap(key: str, fragment: str) -> str:
    """The gap the fragment fills: "since when" for a length asked and a start answered
    ("how long" / "since March"), the gap as asked otherwise."""
    if key in _LENGTH and fragment.lower().startswith(_SINCE) and fragment[len(_SINCE) :].strip():
        return SINCE_GAP
    return key


def since_point(key: str, fragment: str) -> str:
    """The point a start answered names, without its "since" ("since March" -> "March"),
    for checking its kind; the fragment as said otherwise."""
    if since_gap(key, fragment) == SINCE_GAP and key != SINCE_GAP:
        return fragment[len(_SINCE) :].strip()
    return fragment
