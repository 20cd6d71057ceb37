"""Questions about something a person has or does, asked through them: "Where is Conor's
garage?" (Conor has a garage, in Ennis), "When is Kofi's wedding?", "When did Kyle's team win
the final?" (a team is a group its member speaks for: "we won"). The thing is found among the
owner's statements by its noun; the question's gap is filled from that statement's roles, and
nothing is answered when no statement names the thing or keeps the role asked."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from resident.language import lexicon
from resident.language.asking import Query, Resolved, gap_filler, hedge
from resident.language.dictionary import Dictionary
from resident.language.knowledge import Answer, views
from resident.language.statement import base_form
from resident.language.told_time import said_time, told
from resident.records import Claim, Qualifier

#: What an owned-thing answer scores: the thing and the role asked both align, as a matched
#: verb, object and gap do in asking.score.
OWNED_SCORE = 3.5


def is_group(noun: str) -> bool:
    """Does `noun` name a group its members speak for ("team", "band", "family", "trio")?
    WordNet's class of its most frequent sense says."""
    return lexicon.first_lexname(noun, "n") == "noun.group"


def _names(label: str, noun: str) -> bool:
    words = [w.lower() for w in label.replace("-", " ").split()]
    heads = {base_form(w) for w in words} | {lexicon.base(w, "n") or w for w in words}
    return noun in heads or base_form(noun) in heads


#: "What is X's book about?": the role a word left at the end of a what-question asks for.
_WHAT_ROLES = {"about": "theme", "with": "companion", "for": "purpose"}


def _filler(
    query: Query, claim: Claim, qualifiers: Sequence[Qualifier], now: datetime
) -> str | None:
    role = _WHAT_ROLES.get(query.prep or "") if query.wh == "what" else None
    if role is not None:
        return next((q.value for q in qualifiers if q.role == role), None)
    if query.wh == "when":
        if claim.occurred_at is None:
            return None
        return told(claim.occurred_at, now, said_time(qualifiers))
    if query.wh == "where":
        return gap_filler(query, qualifiers)
    return None


def owned_answer(
    dictionary: Dictionary, query: Query, noun: str, owner: Resolved, now: datetime
) -> Answer | None:
    """The answer to a where/when question about the owner's `noun`, from the statements
    whose object names it ("Conor has garage", location Ennis); None when none keeps it."""
    if query.wh not in ("where", "when", "what"):
        return None
    graph = dictionary.graph
    pool = [c for eid in owner.ids for c in graph.peek_claims(eid)]
    held = graph.qualifiers_of([c.id for c in pool])
    found: list[tuple[str, Claim]] = []
    for view in views(pool, dictionary):
        if not _names(view.object_label, noun):
            continue
        filler = _filler(query, view.claim, held.get(view.claim.id, ()), now)
        if filler is not None:
            found.append((filler, view.claim))
    if not found:
        return None
    shown = views([graph.get_claim(c.id, now) for _, c in found], dictionary)
    short = " and ".join(dict.fromkeys(f for f, _ in found))
    lines = [f"{short}. {hedge(shown[0].claim)}", *(v.line for v in shown)]
    return Answer(text="\n".join(lines), claims=shown, known=True, short=short, score=OWNED_SCORE)
