"""Who did something with whom, when no companion was kept: "Kemi and I are going to Lagos"
is stored as two statements, one for each subject, told in the same breath (one turn, one
correlation id). "Who did Tunde go to Lagos with?" is answered by the other subject of the
same verb and object said in the same turn. Reads the graph; the matching is asking.py's."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from resident.language.asking import Query, Resolved, gap_roles, hedge, score
from resident.language.dictionary import Dictionary
from resident.language.knowledge import Answer, ClaimView, views
from resident.records import Claim

#: What an answer through a shared statement scores: the verb and object aligned, the
#: companion read from the turn rather than said as one.
ALONG_SCORE = 3.0


def asks_companion(query: Query) -> bool:
    """ "Who did Evan go with?": the gap is the companion."""
    return query.wh == "who" and query.subject is not None and "companion" in gap_roles(query)


def _same_breath(
    reads: Dictionary, view: ClaimView, ids: Sequence[str], now: datetime
) -> list[Claim]:
    """Statements of other people with the same predicate and object, told in the same turn."""
    claim = view.claim
    if claim.object_entity is None or claim.correlation_id is None:
        return []
    return [
        c
        for c in reads.graph.claims_by_object(claim.object_entity, now, claim.predicate)
        if c.subject not in ids and c.correlation_id == claim.correlation_id
    ]


def along_with(reads: Dictionary, query: Query, subject: Resolved, now: datetime) -> Answer | None:
    """The people said to do what the subject did, in the same breath, or None."""
    if not asks_companion(query):
        return None
    # The question without its "with": what the subject did ("go to Lagos").
    asked = query.model_copy(update={"wh": "what", "prep": None, "particle": False})
    claims = [c for eid in subject.ids for c in reads.graph.peek_claims(eid)]
    held = reads.graph.qualifiers_of([c.id for c in claims])
    found: list[Claim] = []
    rests: list[ClaimView] = []
    for v in views(claims, reads):
        if score(asked, v.claim, v.object_label, False, held.get(v.claim.id, ())) is None:
            continue
        others = _same_breath(reads, v, subject.ids, now)
        if others:
            found += others
            rests.append(v)
    if not found:
        return None
    shown = views(found, reads)
    short = " and ".join(dict.fromkeys(v.subject_label for v in shown))
    lines = [f"{short}. {hedge(rests[0].claim)}", *(v.line for v in [*rests, *shown])]
    return Answer(
        text="\n".join(lines), claims=[*rests, *shown], known=True, short=short, score=ALONG_SCORE
    )
