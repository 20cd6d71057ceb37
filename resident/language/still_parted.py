"""Whether two people are still together, for the asking side (issue 21, change26): "Is Joe
still with Claire?" or "Is Delphine still seeing Fergus?" after "Claire and I split up". A
parting is stored one way round ("Claire splits_up_with Joe"), so it is looked for on both
sides of the one asked of. Which relation a parting ends is data (data/parted_relations.tsv,
as parted.end_parted reads it when storing); "be with" is the relation of being together
("Tom is with Lena"). Reads the graph as the asking side does (a look-up counts as a retrieval)."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from resident.language.dictionary import Dictionary
from resident.language.knowledge import ClaimView, views
from resident.language.matching import _lemma_tokens
from resident.language.phrases import third_person
from resident.language.question_reading import Query
from resident.language.words import table
from resident.records import Claim


def _asked_relation(query: Query) -> str:
    """The relation a "still" question asks of, as the parting table names it ("is_with",
    "sees", "goes_out_with")."""
    if query.verb == "with" and not query.prep:
        return "is_with"  # the copula asked as its preposition (asking.as_asked)
    verb = third_person(query.verb)
    return f"{verb}_{query.prep}" if query.prep else verb


def _other(claim: Claim, ids: Sequence[str]) -> str | None:
    """The entity on the other side of a parting from the one asked of, None when the asked
    one is on neither side."""
    if claim.subject in ids:
        return claim.object_entity
    return claim.subject if claim.object_entity in ids else None


def parted(
    dictionary: Dictionary, query: Query, ids: Sequence[str], now: datetime
) -> ClaimView | None:
    """The latest parting of the one asked of from the one named ("Claire"), where it ends
    the relation asked ("Is Joe still with Claire?"); None for any other question."""
    if query.wh != "yes" or query.past or not query.object_words:
        return None
    endings = table("parted_relations")
    relation = _asked_relation(query)
    partings = {p for p, ended in endings.items() if relation in ended.split()}
    if not partings:
        return None
    graph = dictionary.graph
    held = [c for i in ids for c in graph.peek_claims(i)]
    held += [c for i in ids for p in partings for c in graph.claims_by_object(i, now, p)]
    asked = set(query.object_words)
    found: list[tuple[Claim, ClaimView]] = []
    for claim in {c.id: c for c in held}.values():
        other = _other(claim, ids)
        if claim.predicate not in partings or other is None or not claim.valid_at(now):
            continue
        label = graph.entity_labels([other]).get(other, other)
        if asked <= _lemma_tokens(label):
            found.append((claim, views([claim], dictionary)[0]))
    if not found:
        return None
    latest = max(found, key=lambda f: (f[0].occurred_at or f[0].created_at).timestamp())
    return latest[1]
