"""Is an answer a place its subject has since moved from (issue 21, wrong42: answers about
something else, most often a stale state)? asking.answer_query sets aside a place a later move
left (moves.outdated_by_move), but other roads reach held claims too (held_meaning, the reduced
and described readings), and "Where is Dennis living now?" came back "Coventry" by one of them
after "he went into a care home in Kenilworth". This is the same check as one guard every reply
passes (typed_reply.of_type_asked), whichever road found it: a reply resting only on places
a later move of their subject left is no answer to a question asked in the present. A question
in the past ("Where did Dennis live?", "used to") asks what was, and keeps them."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from resident.language.knowledge import ClaimView, views
from resident.language.moves import moves_of, outdated_by_move
from resident.language.told_time import current

if TYPE_CHECKING:
    from spacy.tokens import Span

    from resident.language.dictionary import Dictionary

#: Penn tags of a verb said in the past: "Where did he live?", "Where was she living?".
_PAST = frozenset({"VBD", "VBN"})


def asks_the_past(sent: Span) -> bool:
    """Is the question asked of what was ("did", "was", "used to", "before")? Then a place
    left since still answers it."""
    return any(
        t.tag_ in _PAST and t.dep_ in ("ROOT", "aux", "auxpass") or t.lower_ in ("used", "before")
        for t in sent
    )


def moved_from(sent: Span, claims: Sequence[ClaimView], reads: Dictionary) -> bool:
    """Does every claim the reply rests on hold a place its subject has moved from since?"""
    if not claims or asks_the_past(sent):
        return False
    graph = reads.graph
    for view in claims:
        pool = graph.peek_claims(view.claim.subject)
        held = {cid: current(qs) for cid, qs in graph.qualifiers_of([c.id for c in pool]).items()}
        shown = views(pool, reads)
        moves = moves_of(((v.claim, v.object_label) for v in shown), held)
        if not outdated_by_move(view, held, moves):
            return False
    return True
