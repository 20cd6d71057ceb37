"""What shape a question read has, for the answering side: asks a kind ("Is Cal vegan?"), a
relative by name, a count of relatives, or names the asker as its object. Pure; moved out of
answering.py."""

from __future__ import annotations

from resident.language import lexicon
from resident.language.question_reading import Query


def asks_kind(query: Query) -> bool:
    """ "Is Cal vegan?": a yes/no question whose "verb" is no verb in WordNet (an adjective
    or a noun after the copula), which a statement may hold as what someone is."""
    return (
        query.wh == "yes"
        and query.verb not in ("be", "have", "do")
        and not query.object_words
        and query.prep is None
        and lexicon.base(query.verb, "v") is None
    )


def asks_who_relative_is(query: Query) -> bool:
    """ "Who is my husband?", "Who is Ana's sister?": a relative asked for by name."""
    return (
        query.subject is not None
        and query.subject.role == "kin"
        and query.verb in ("be", "call", "name")
        and query.wh in ("who", "what")
        and not query.object_words
    )


def asks_how_many_held(query: Query) -> bool:
    """ "How many children do we have?": a count of relatives or pets."""
    return (
        query.wh == "how many"
        and query.subject is not None
        and query.verb in ("have", "own", "get")
        and bool(query.object_words)
    )


def asker_named(query: Query, asker: str | None) -> Query:
    """ "When did Hughes visit me?": the object "me" (read as "i") is the asker, held by
    name ("Hughes visits Ken")."""
    if asker is None or "i" not in query.object_words:
        return query
    name = tuple(asker.lower().split())
    said = tuple(x for w in query.object_words for x in (name if w == "i" else (w,)))
    return query.model_copy(update={"object_words": said})
