"""What a household holds of a kind, for "how many": the relatives and pets held of the owners
that are such a thing (by relation noun, by WordNet), the things they have that are one, and a
number said with the noun ("we have two cats"). Reads the graph through the dictionary."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from datetime import datetime

from resident.language import lexicon
from resident.language.counting import counted, is_kind, number_in, number_value
from resident.language.dictionary import Dictionary
from resident.language.kinship import kin_of
from resident.language.knowledge import ClaimView
from resident.language.matching import claim_verbs
from resident.language.restated import said_again
from resident.language.statement import is_pet
from resident.language.words import words
from resident.records import Claim

#: The number said of a household's things when two told of may be one ("a spaniel", "a dog").
NOT_SURE = "not sure"


def held_members(
    reads: Dictionary, owners: list[str], noun: str, now: datetime
) -> tuple[dict[str, Claim], tuple[str, list[Claim]] | None]:
    """The owners' relatives and pets that are a `noun`, each with a claim that shows it,
    and the number said of them, if one was."""
    members: dict[str, Claim] = {}
    for oid in owners:
        for c in reads.graph.claims_by_object(oid, now):
            if c.predicate.endswith("_of") and _relation_is(reads, c, noun):
                members.setdefault(c.subject, c)
    # "How many granddaughters do we have?": relatives reached through relatives, each
    # shown with a relation claim of theirs.
    for pid in kin_of(reads.graph, owners, noun, now):
        related = [c for c in reads.graph.peek_claims(pid) if c.predicate.endswith("_of")]
        if pid not in members and related:
            members[pid] = related[0]
    return members, _said_count(reads, owners, noun, members, now)


def _said_count(
    reads: Dictionary,
    owners: Iterable[str],
    noun: str,
    members: dict[str, Claim],
    now: datetime,
) -> tuple[str, list[Claim]] | None:
    """What the owners have that is a `noun`: each thing they have that is one joins
    `members` ("Jade has Salt", "Salt is a guinea pig"); the numbers said with nouns of that
    kind ("we have two cats") are returned as one count (groups_counted) with their claims."""
    groups: dict[str, tuple[str, Claim]] = {}
    unnamed: dict[str, Claim] = {}
    for oid in owners:
        # Had, owned, kept, got, adopted: every verb of holding (data/keeping_verbs.txt) says
        # what is held ("we've got three kids", "we keep eleven hens").
        has = [c for c in reads.graph.peek_claims(oid) if _holds(c.predicate)]
        held = reads.graph.qualifiers_of([c.id for c in has])
        for c in has:
            if said_again(reads.graph, c, now):
                continue  # "sixty guests" planned, "fifty-two in the end": the later stands
            label = reads.label(c.object_value)
            kinds = (
                [] if c.object_entity is None else reads.graph.peek_claims(c.object_entity, "is_a")
            )
            of_kind = [reads.label(k.object_value) for k in kinds]
            of_kind = [k for k in of_kind if held_kind(k, noun)]
            if of_kind:
                members.setdefault(c.object_entity or "", c)
            elif not kinds and _one_unnamed(label, noun):
                unnamed.setdefault(label.lower(), c)
            # The number is of the noun asked only where the thing had is one; it is said
            # with the thing's own noun ("sixty ewes" for sheep).
            number = counted((_head(label),), label, held.get(c.id, ()))
            if number is not None and (of_kind or held_kind(label, noun)):
                # "2 guinea pigs called Salt and Pepper", held as Salt and as Pepper with
                # the number: one group, of their kind.
                groups.setdefault(_head(of_kind[0] if of_kind else label), (number, c))
    if not _join_unnamed(reads, members, unnamed):
        return (NOT_SURE, [next(iter(unnamed.values()))])
    return groups_counted(reads, noun, members, groups)


def groups_counted(
    reads: Dictionary, noun: str, members: dict[str, Claim], groups: dict[str, tuple[str, Claim]]
) -> tuple[str, list[Claim]] | None:
    """The count of the things of a kind held when numbers were said of some: "two cats" and
    "a collie" are three pets, "two granddaughters" and "a grandson" three grandchildren. A
    member who may be one of a group counted ("two cats" and Tom, a cat or a pet of no kind
    said) is in its number, never counted twice; two groups that may hold the same things
    ("two dogs", "three spaniels") are not sure."""
    if not groups:
        return None
    shown = [claim for _, claim in groups.values()]
    if overlapping(list(groups)):
        return (NOT_SURE, shown)
    outside = [
        m for m, claim in members.items() if _distinct_kinds(reads, m, claim, noun, list(groups))
    ]
    if len(groups) == 1 and not outside:
        return next(iter(groups.values()))[0], shown
    values = [number_value(number) for number, _ in groups.values()]
    if any(v is None for v in values):
        return (NOT_SURE, shown)
    return str(sum(v for v in values if v is not None) + len(outside)), shown


def _distinct_kinds(
    reads: Dictionary, member: str, claim: Claim, noun: str, heads: list[str]
) -> bool:
    """Is a member held of a kind said that is none of the groups counted and holds none of
    them (a collie beside "two cats")? A member of no kind but the one asked (a pet) may be
    one of them."""
    kinds = {reads.label(k.object_value).lower() for k in reads.graph.peek_claims(member, "is_a")}
    if claim.predicate.endswith("_of") and claim.subject == member:
        kinds.add(claim.predicate.removesuffix("_of"))
    if member.startswith("a "):
        kinds.add(member.removeprefix("a "))
    # Only a kind that makes it a `noun` tells it apart ("pet" says nothing of a cat).
    kinds = {_head(k) for k in kinds if k.strip() and held_kind(k, noun)} - {_head(noun)}
    return bool(kinds) and not any(
        lexicon.kind_of(k, h) or lexicon.kind_of(h, k) for k in kinds for h in heads
    )


def _head(label: str) -> str:
    """The base of a label's last word ("two little girls": girl)."""
    last = label.lower().split()[-1] if label.strip() else ""
    return lexicon.base(last, "n") or last


def held_kind(kind: str, noun: str) -> bool:
    """Is a thing held of kind `kind` a `noun`: by WordNet, or, asked as pets, any animal
    kept ("we have a parrot called Kiwi": WordNet holds no parrot to be a pet), or, asked
    as a person, by any sense of the person held ("we have two girls": daughters, so
    children; WordNet's first sense of a girl is a young woman)."""
    head = _head(kind)
    if is_kind(kind, noun) or (noun in words("pet_nouns") and is_pet(head)):
        return True
    person = "noun.person"
    return lexicon.first_lexname(head) == person == lexicon.first_lexname(noun) and (
        lexicon.kind_of(head, noun)
    )


def _one_unnamed(label: str, noun: str) -> bool:
    """Is a thing held only by its kind, one of it ("we have a cat": "cat"), a `noun`?"""
    head = label.lower().split()[-1] if label.strip() else ""
    one = bool(head) and label == label.lower() and (lexicon.base(head, "n") or "") == head
    return one and number_in(label) is None and held_kind(label, noun)


def _join_unnamed(reads: Dictionary, members: dict[str, Claim], unnamed: dict[str, Claim]) -> bool:
    """ "We have a cat and a tortoise": each kind held with no name is one more member,
    unless a member named is of that kind (the cat said of is Biscuit, said by name). False
    when the count is not sure."""
    named_kinds = {
        reads.label(k.object_value).lower()
        for m in members
        for k in reads.graph.peek_claims(m, "is_a")
    }
    # "My son Jake" held as son_of: "we have a son" is Jake.
    named_kinds |= {c.predicate.removesuffix("_of") for c in members.values()}
    for kind, claim in unnamed.items():
        if not any(is_kind(named, kind) for named in named_kinds):
            members.setdefault(f"a {kind}", claim)
    # "We have a spaniel", then "we have a dog": one dog or two, not MAX's to choose.
    return not overlapping(list(unnamed))


def overlapping(labels: list[str]) -> bool:
    """Are two of the things held, each told by its kind alone, perhaps one ("spaniel" and
    "dog": a spaniel is a dog)?"""
    return any(is_kind(a, b) for a in labels for b in labels if a.lower() != b.lower())


def _holds(predicate: str) -> bool:
    """Is a predicate a verb of holding ("has", "gets", "keeps", "adopts"), said as it is?"""
    negated, verbs, prep = claim_verbs(predicate)
    return not negated and prep is None and bool(verbs & words("keeping_verbs"))


def _relation_is(reads: Dictionary, claim: Claim, noun: str) -> bool:
    """Is the subject of a relation claim ("Jonas son_of Marta", "Rex pet_of Marta") a
    `noun` (a child, a pet, a cat)?"""
    relation = claim.predicate.removesuffix("_of")
    if relation == "pet":
        if noun == "pet":
            return True
        kinds = reads.graph.peek_claims(claim.subject, "is_a")
        return any(same_noun(reads.label(k.object_value), noun) for k in kinds)
    return relation == noun or lexicon.is_a(relation, noun)


def same_noun(label: str, noun: str) -> bool:
    """Does a kind's label name `noun` ("guinea pigs" and "pig", "Dogs" and "dog")?"""
    last = label.lower().split()[-1] if label.strip() else ""
    return last in (noun, noun + "s", noun + "es") or label.lower() == noun


def distinct_of_kind(views: Iterable[ClaimView], unit: str) -> list[ClaimView]:
    """The statements whose objects are distinct things of the kind counted ("How many
    languages does Ana speak?": Spanish, French, German, each a language by WordNet), one
    per thing."""
    out: dict[str, ClaimView] = {}
    for v in views:
        label = v.object_label.strip()
        last = label.lower().split()[-1] if label else ""
        # A plural ("loads of pets", "two cats") is several things, not one to count.
        several = (lexicon.base(last, "n") or last) != last
        if label and not several and is_kind(label, unit):
            out.setdefault(label.lower(), v)
    # "How many dogs": a spaniel and a dog may be one dog.
    return [] if overlapping(list(out)) else list(out.values())


def kind_counted(object_words: Sequence[str], unit: str) -> str | None:
    """The kind a "how many" asks of, with the word said before its noun ("How many board
    games": board_game, by WordNet), or None when that word makes a kind WordNet does not
    hold (a tennis match is a game, no board game: counting every game would be wrong)."""
    before = [w for w in object_words[:-1] if w.lower() not in words("count_asking_words")]
    if not before or object_words[-1] != unit:
        return unit
    compound = f"{before[-1]}_{unit}".lower()
    return compound if lexicon.base(compound, "n") is not None else None
