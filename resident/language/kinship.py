"""Relatives reached through other relatives: "my grandfather" is a parent's father, "my
mother" a parent or a father's wife, "Felix's nephew" a sibling's son. Each kin noun has
paths of base relations (parent, child, spouse, sibling, ex) and a sex, in the data file
data/kin_paths.txt; every stored relation claim ("Tadhg father_of Conor") is an edge along its
noun's first path, and its inverse the other way. A question or a statement that names a
relative nobody named as such directly is resolved by walking those edges from the owner.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable
from datetime import datetime
from typing import TYPE_CHECKING

from resident.language.kin_nouns import kin_noun, kin_nouns
from resident.language.statement import Ref, Statement
from resident.language.words import table
from resident.memory.client import GraphStore

if TYPE_CHECKING:
    from spacy.tokens import Token

_PERSON = "person:"
_INVERSE = {
    "parent": "child",
    "child": "parent",
    "spouse": "spouse",
    "sibling": "sibling",
    "ex": "ex",
    "stepparent": "stepchild",
    "stepchild": "stepparent",
}


def relation_predicate(noun: str) -> str:
    """The predicate a relative's noun is stored under ("great-granny": great_granny_of)."""
    return f"{noun.replace('-', '_')}_of"


def kin_tie(relative: Ref, noun: str, owner: Ref) -> Statement:
    """The statement that `relative` is `owner`'s `noun` ("my husband Karim": Karim
    husband_of the speaker)."""
    return Statement(
        subject=relative, predicate=relation_predicate(noun), object="", object_ref=owner, verb="be"
    )


@functools.cache
def address_groups() -> tuple[frozenset[str], ...]:
    """What an elder relative is called by their family: the kin nouns of one sex and the same
    paths, for relatives of an older generation ("grandmother", "gran", "nan"; "mother",
    "mum"), who are addressed by the kin word as by a name; a son or a wife is not."""
    groups: dict[tuple[str, tuple[tuple[str, ...], ...]], set[str]] = {}
    for noun, kin in kin_nouns().items():
        if kin.paths and kin.paths[0][0] == "parent":
            groups.setdefault((kin.sex, kin.paths), set()).add(noun)
    return tuple(frozenset(g) for g in groups.values() if len(g) > 1)


def _edge(predicate: str) -> tuple[str, ...] | None:
    """The base relations a stored relation predicate spans ("grandmother_of": parent.parent)."""
    if predicate in table("parted_relations"):
        return ("ex",)  # "Sam breaks_up_with Kit": each is the other's ex from then on
    if predicate in table("joined_relations"):
        return (table("joined_relations")[predicate],)  # "Bronwen married_to Ros"
    if not predicate.endswith("_of"):
        return None
    kin = kin_nouns().get(predicate.removesuffix("_of"))
    return None if kin is None else kin.paths[0]


def kin_edge(predicate: str) -> tuple[str, ...] | None:
    """The base relations a stored claim's predicate spans, None for no relation of kin."""
    return _edge(predicate)


def is_relation(predicate: str) -> bool:
    """Is a stored predicate a relation the kin walk follows ("sister_of", "divorces")?"""
    return predicate.endswith("_of") or _edge(predicate) is not None


def _inverse(path: tuple[str, ...]) -> tuple[str, ...]:
    return tuple(_INVERSE[step] for step in reversed(path))


def _neighbours(
    graph: GraphStore, person: str, now: datetime
) -> Iterable[tuple[tuple[str, ...], str]]:
    """(path, person) for each relation claim touching `person`, read from `person` outwards."""
    for claim in graph.claims_by_object(person, now):
        path = _edge(claim.predicate)
        if path is not None and claim.subject.startswith(_PERSON):
            # "Tadhg father_of Conor": from Conor, Tadhg is along "parent".
            yield path, claim.subject
    for claim in graph.peek_claims(person):
        path = _edge(claim.predicate)
        other = claim.object_entity
        person_object = other is not None and other.startswith(_PERSON)
        if path is not None and other is not None and person_object and claim.valid_at(now):
            yield _inverse(path), other


def _sex(graph: GraphStore, person: str, now: datetime) -> str | None:
    """A person's sex as the kin nouns said of them show it ("wife_of": f; a relative held
    only as "Oksana's mother": f), else None."""
    for claim in graph.peek_claims(person):
        kin = kin_nouns().get(claim.predicate.removesuffix("_of"))
        if claim.predicate.endswith("_of") and kin is not None and kin.sex != "-":
            return kin.sex
    label = graph.entity_labels([person]).get(person, "")
    said = kin_nouns().get(label.rpartition("'s ")[2].lower())
    return None if said is None or said.sex == "-" else said.sex


def _held_as_kin(
    graph: GraphStore, person: str, left: tuple[str, ...]
) -> set[tuple[tuple[str, ...], str]]:
    """(path, person) for each relative held only under the name of someone's relative
    ("Oksana's mother", from "my mother lives in Lviv" said by Oksana), with no relation
    claim to walk, whose noun's first path is the last step `left` of the walk: the
    grandmother Oksana's son asks after is that entity, one step on from Oksana. Only as the
    last step, and one lookup a noun of that path: each is an index probe, and the walk is
    read inside a turn's budget."""
    return {
        (left, e)
        for noun in _nouns_of_path().get(left, ())
        for e in held_by_name(graph, person, noun)
    }


def held_by_name(graph: GraphStore, person: str, noun: str) -> list[str]:
    """The people held under the name of `person`'s `noun` ("Olu's mum"): one index probe."""
    label = graph.entity_labels([person]).get(person)
    if label is None:
        return []  # someone the turn names before storing them ("Chidi's" owner)
    return [e.id for e in graph.find_entities(f"{label}'s {noun}") if e.id.startswith(_PERSON)]


@functools.cache
def _nouns_of_path() -> dict[tuple[str, ...], tuple[str, ...]]:
    """Each first path of data/kin_paths.txt and the one-word nouns it is first for."""
    out: dict[tuple[str, ...], list[str]] = {}
    for noun, kin in kin_nouns().items():
        if "-" not in noun and "_" not in noun and kin.paths:
            out.setdefault(kin.paths[0], []).append(noun)
    return {path: tuple(nouns) for path, nouns in out.items()}


def _walk(
    graph: GraphStore, owner: str, path: tuple[str, ...], now: datetime, named: bool = False
) -> set[str]:
    """Everyone reached from `owner` along `path`, consuming an edge's relations at once."""
    states = {(owner, path)}
    found: set[str] = set()
    for _ in range(2 * len(path)):
        following = set()
        for person, left in states:
            held = [*_neighbours(graph, person, now)]
            held += _held_as_kin(graph, person, left) if named else []
            for edge, other in held:
                if left[: len(edge)] != edge or other == owner:
                    continue
                rest = left[len(edge) :]
                if rest:
                    following.add((other, rest))
                else:
                    found.add(other)
        states = following
        if not states:
            break
    return found


def kin_of(
    graph: GraphStore, owners: Iterable[str], noun: str, now: datetime, named: bool = True
) -> list[str]:
    """The people who are an owner's `noun` through the relatives held (`_kin_of`); where
    none is and `named`, through a relative held only under someone's relative's name as well
    ("Grandma" asked by Oksana's son: "Oksana's mother"), which never stands beside a relation
    held. That fallback probes the index once a noun of the path, so a statement's relative
    ("Tom visits his aunt", an aunt nobody holds) goes without it: the turn's p99 rose 14 ms."""
    found = _kin_of(graph, owners, noun, now)
    return found or (_kin_of(graph, owners, noun, now, named=True) if named else [])


def _kin_of(
    graph: GraphStore, owners: Iterable[str], noun: str, now: datetime, named: bool = False
) -> list[str]:
    """The people who are an owner's `noun` through the relatives held; those whose sex is
    known to be the noun's first, then (when none is) those whose sex nobody said."""
    kin = kin_nouns().get(noun)
    if kin is None:
        return []
    owners = list(owners)
    sure: list[str] = []
    unsure: list[str] = []
    # Through a name, only the noun's first path: each of its last steps costs index probes.
    for path in kin.paths[:1] if named else kin.paths:
        maybe: list[str] = []
        for owner in owners:
            reached = _walk(graph, owner, path, now, named) - set(owners)
            if "spouse" in path and reached:
                # A parent's spouse is no parent where a step tie says otherwise (Des,
                # stepdad to Ruby and married to her mum, is not Ruby's "dad").
                reached -= {
                    p for edge, p in _neighbours(graph, owner, now) if edge == ("stepparent",)
                }
            for person in sorted(reached):
                sex = _sex(graph, person, now)
                if kin.sex == "-" or sex == kin.sex:
                    sure.append(person)
                elif sex is None:
                    maybe.append(person)
        if sure:
            break
        unsure = unsure or maybe
    return list(dict.fromkeys(sure or unsure))


def of_sex(graph: GraphStore, people: list[str], noun: str, now: datetime) -> list[str]:
    """Those of `people` who may be named by `noun` as themselves: all for a noun of either
    sex, those shown of its sex, else one alone whose sex nobody said (two children of
    unknown sex are not both "my son")."""
    kin = kin_nouns().get(noun)
    if kin is None or kin.sex == "-":
        return people
    sure = [p for p in people if _sex(graph, p, now) == kin.sex]
    unsure = [p for p in people if _sex(graph, p, now) is None]
    return sure or (unsure if len(unsure) == 1 else [])


def shown_sex(graph: GraphStore, people: list[str], noun: str, now: datetime) -> list[str]:
    """Those of `people` a tie held shows of `noun`'s sex (all for a noun of either sex)."""
    kin = kin_nouns().get(noun)
    if kin is None or kin.sex == "-":
        return people
    return [p for p in people if _sex(graph, p, now) == kin.sex]


def kin_ref(tok: Token) -> Ref | None:
    """A question's subject that is a relative of the speaker's by kin noun alone: "Dad",
    "Grandpa" said as a name by a child, "my father-in-law"; None otherwise. A bare "Dad"
    keeps the word as its name, for a person told of only as "Dad"."""
    noun = kin_noun(tok)
    if noun not in kin_nouns():
        return None
    poss = [c for c in tok.children if c.dep_ == "poss"]
    if tok.pos_ == "PROPN" and not poss and not any(c.dep_ == "det" for c in tok.children):
        speaker = Ref(role="speaker", kind="person")
        return Ref(role="kin", owner=speaker, noun=noun, kind="person", name=tok.text)
    if noun.endswith("-in-law") and poss and poss[0].lower_ in ("my", "our"):
        speaker = Ref(role="speaker", kind="person")
        return Ref(role="kin", owner=speaker, noun=noun, kind="person")
    return None


def family(graph: GraphStore, person: str, now: datetime, hops: int = 2) -> list[str]:
    """The people `person` is related to through at most `hops` relation claims (partner,
    parents, children, siblings, their partners and children): whom "we" may take in."""
    seen = {person}
    frontier = {person}
    for _ in range(hops):
        frontier = {other for p in frontier for _, other in _neighbours(graph, p, now)} - seen
        seen |= frontier
    return sorted(seen - {person})
