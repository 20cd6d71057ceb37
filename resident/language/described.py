"""Subjects a question describes instead of naming (pure over the graph's reads).

- "the vicar": the one person held to be a vicar (`is_a`, `works_as`); two held, or none,
  and the description names no one.
- "the cabin": the one cabin held as had, owned, kept, bought or rented by the asker's
  household (the widest circle "we" takes in); two held, and it names none.
- "What is the chook called?": the name of the one entity held to be one (a pet of the
  household's of that kind counts).
- "my older granddaughter", "our eldest son": among the relatives found, the one whose held
  age is greatest or least (data/age_order.tsv), only when every one's age is held.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import TYPE_CHECKING

from resident.language import lexicon
from resident.language.counting import number_in, number_value
from resident.language.dictionary import Dictionary
from resident.language.knowledge import resolve
from resident.language.matching import claim_verbs
from resident.language.statement import base_form
from resident.language.words import table, words
from resident.records import Claim

if TYPE_CHECKING:
    from spacy.tokens import Span, Token

#: What a described person is held to be by.
_BEING = ("is_a", "works_as")


def held_as(reads: Dictionary, noun: str, now: datetime) -> list[str]:
    """Those held to be a `noun` (`Reverend Hughes is_a vicar`, `Ana works_as nurse`), only
    for a noun whose first WordNet sense is a person: what they are held to be makes them
    one, whatever their entity's kind."""
    if not lexicon.person_noun(noun):
        return []
    found = [
        c.subject
        for e in resolve(reads, noun)
        for predicate in _BEING
        for c in reads.graph.claims_by_object(e.id, now, predicate)
        if c.subject != e.id and not c.predicate.startswith("not_")
    ]
    return list(dict.fromkeys(found))


def _head(label: str) -> str:
    said = label.lower().replace("-", " ").split()
    return "" if not said else base_form(said[-1])


def owned_things(reads: Dictionary, owners: Sequence[str], noun: str) -> list[str]:
    """The distinct things the owners hold as theirs whose name's head is `noun` ("two-bedroom
    cabin" for "cabin"; never "bedroom")."""
    owning = words("owning_verbs")
    found: list[str] = []
    for owner in owners:
        for c in reads.graph.peek_claims(owner):
            negated, verbs, _ = claim_verbs(c.predicate)
            if negated or c.object_entity is None or not verbs & owning:
                continue
            if _head(reads.label(c.object_entity)) == base_form(noun):
                found.append(c.object_entity)
    return list(dict.fromkeys(found))


def age_order(modifiers: Sequence[str]) -> tuple[str, bool] | None:
    """The order a question's modifiers ask ("older": ("most", True), a comparative), or None
    when none orders by age."""
    said = [table("age_order")[m] for m in modifiers if m in table("age_order")]
    if len(said) != 1:
        return None
    way, _, pair = said[0].partition(" ")
    return way, pair == "2"


def _age(reads: Dictionary, entity: str, now: datetime) -> int | None:
    held = [c for c in reads.graph.peek_claims(entity, "age") if c.valid_at(now)]
    if not held:
        return None
    last = max(held, key=lambda c: c.created_at)
    said = reads.label(last.object_entity) if last.object_entity else str(last.object_literal)
    number = number_in(said)
    return None if number is None else number_value(number)


def by_age(
    reads: Dictionary, ids: Sequence[str], modifiers: Sequence[str], now: datetime
) -> list[str]:
    """The one of `ids` the age order asked picks; none when no order is asked of two or more,
    a comparative is said of other than two, an age is not held or two ages tie."""
    order = age_order(modifiers)
    ids = list(dict.fromkeys(ids))
    if order is None or len(ids) < 2 or (order[1] and len(ids) != 2):
        return []
    ages = {i: _age(reads, i, now) for i in ids}
    if any(a is None for a in ages.values()):
        return []
    ranked = sorted(ids, key=lambda i: ages[i] or 0, reverse=order[0] == "most")
    return [] if ages[ranked[0]] == ages[ranked[1]] else [ranked[0]]


def called_asked(sent: Span) -> tuple[str, bool, str | None] | None:
    """The noun of "What is the chook called?", "What are the guinea pigs named?", "What is
    Rhian's shop called?": a description with "the" or an owner whose name (a "called"/"named"
    participle, the question word its complement) is asked, whether it is said in the plural,
    and its owner as said ("Rhian", "our"; None after "the"); None for any other question."""
    words = [t for t in sent if not t.is_punct]
    if not words or words[0].lower_ != "what":
        return None
    for tok in sent:
        # "What is Ollie's dog called?": the small tagger makes the participle a past tense.
        if tok.tag_ not in ("VBN", "VBD") or tok.lemma_.lower() not in ("call", "name"):
            continue
        if tok.tag_ == "VBD" and words[1].lemma_.lower() != "be":
            continue
        if tok.i != words[-1].i or any(c.dep_ in ("dobj", "oprd", "prep") for c in tok.children):
            continue
        # The thing named: the participle's passive subject, or the noun it hangs under.
        said = [c for c in tok.children if c.dep_ in ("nsubjpass", "nsubj")]
        noun = said[0] if said else tok.head if tok.dep_ == "acl" else None
        if noun is None or noun.pos_ != "NOUN":
            return None
        owner = next((c for c in noun.children if c.dep_ == "poss"), None)
        if owner is not None:
            return noun.lemma_.lower(), noun.tag_ == "NNS", owner_said(owner)
        if not any(c.dep_ == "det" and c.lower_ == "the" for c in noun.children):
            return None
        return noun.lemma_.lower(), noun.tag_ == "NNS", None
    return None


def owner_said(owner: Token) -> str:
    """An owner as said: a pronoun as a word ("our"), a name with its compounds."""
    if owner.pos_ == "PRON":
        return owner.lower_
    return " ".join(t.text for t in owner.subtree if t.dep_ in ("compound", "flat") or t is owner)


def owned_named(reads: Dictionary, owners: Sequence[str], noun: str, now: datetime) -> list[Claim]:
    """ "Rhian's bookshop": the `is_a` claims of what is held to be a `noun` and is tied to
    one of `owners` by a claim either way ("Rhian runs Paper Moon", "Paper Moon is_a
    bookshop"); none when two or more fit."""
    found: dict[str, Claim] = {}
    for e in resolve(reads, noun):
        for c in reads.graph.claims_by_object(e.id, now, "is_a"):
            if c.subject == e.id or c.subject in found:
                continue
            tied = any(
                t.object_entity in owners for t in reads.graph.peek_claims(c.subject)
            ) or any(
                c.subject == t.object_entity for o in owners for t in reads.graph.peek_claims(o)
            )
            if tied:
                found[c.subject] = c
    return list(found.values()) if len(found) == 1 else []


def the_one(
    reads: Dictionary, household: Sequence[str], noun: str, now: datetime, plural: bool = False
) -> list[Claim]:
    """What makes the one entity "the <noun>" names: its `is_a` claim (`Gloria is_a chook`,
    or of a kind WordNet puts under the noun: a kelpie is a dog), held of anyone, or the
    household's pet of that kind; none when two or more fit. Said in the plural ("the
    guinea pigs"), all of them, and none when fewer than two are held: one held of "the
    guinea pigs" is not all they are."""
    found: dict[str, Claim] = {}
    for e in resolve(reads, noun):
        for c in reads.graph.claims_by_object(e.id, now, "is_a"):
            if c.subject != e.id:
                found.setdefault(c.subject, c)
    for owner in household:
        for pet in reads.graph.claims_by_object(owner, now, "pet_of"):
            for c in reads.graph.peek_claims(pet.subject, "is_a"):
                if c.valid_at(now) and _kind(reads.label(c.object_value), noun):
                    found.setdefault(pet.subject, c)
    fits = len(found) >= 2 if plural else len(found) == 1
    return list(found.values()) if fits else []


def _kind(label: str, noun: str) -> bool:
    said = label.lower().split()
    return bool(said) and (base_form(said[-1]) == noun or lexicon.is_a(said[-1], noun))


def whose_asked(sent: Span) -> tuple[str, str] | None:
    """(the noun, the name) of "Whose dog is Skipper?": a copula joining "whose <noun>" and a
    name; None for any other question."""
    root = sent.root
    if root.lemma_.lower() != "be":
        return None
    said = [c for c in root.children if c.dep_ in ("nsubj", "attr")]
    owned = [c for c in said if any(w.lower_ == "whose" for w in c.children if w.dep_ == "poss")]
    names = [c for c in said if c.pos_ == "PROPN"]
    if len(owned) != 1 or len(names) != 1 or owned[0].pos_ != "NOUN":
        return None
    name = " ".join(
        t.text for t in names[0].subtree if t.dep_ in ("compound", "flat") or t is names[0]
    )
    return owned[0].lemma_.lower(), name


def owners_of(reads: Dictionary, ids: Sequence[str], noun: str, now: datetime) -> list[Claim]:
    """Whose `noun` the one named is: the relation held (`Tom son_of Ana` for "Whose son is
    Tom?"), or the owner of a pet held to be of that kind (`Skipper pet_of Grandad`, and
    `Skipper is_a collie`: a collie is a dog); none when the kind is not held of it."""
    found: list[Claim] = []
    for entity in ids:
        found += [c for c in reads.graph.peek_claims(entity, f"{noun}_of") if c.valid_at(now)]
        kinds = [c for c in reads.graph.peek_claims(entity, "is_a") if c.valid_at(now)]
        if any(_kind(reads.label(c.object_value), noun) for c in kinds):
            found += [c for c in reads.graph.peek_claims(entity, "pet_of") if c.valid_at(now)]
    return [c for c in found if c.object_entity is not None]
