"""Where a fragment answer goes when the question left a preposition without its object (issue
21, frag28). Pure.

"Who did you go with?" / "Tom and his sister.": the answer is the object of the "with" the
question strands at its end, so the statement says "I did go with Tom and his sister", not
"I did go Tom and his sister with" (which the reader reads as nothing, or wrong). The same for
"Which school does she go to?" / "St Anne's." ("she does go to St Anne's school").
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from spacy.tokens import Token

_OBJECTS = frozenset({"pobj", "pcomp"})


def stranded_at(kept: list[Token], moved: list[Token]) -> int | None:
    """The place among the kept tokens just after the preposition whose object was the
    wh-phrase (moved out with the answer), or None when no preposition was stranded."""
    for n, t in enumerate(kept):
        if t.dep_ != "prep" or t.pos_ != "ADP":
            continue
        if not [c for c in t.children if c.dep_ in _OBJECTS and c not in moved]:
            return n + 1
    return None
