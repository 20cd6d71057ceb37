"""Kin ties a turn shows without a possessive saying them (issue 21, kin30):

- a relative named in the next sentence or turn: "My mum's coming to stay. She lives in Hove."
  then "Rita's a saint": a new name, said as the subject right after a relative of the
  family noun alone was spoken of, is that relative (Rita mum_of the one who said "my mum");
  the storing side takes it only where that relative was still unnamed (an entity filed as
  "Ken's mum" and nobody held as his mum), and gives that entity the name;
- "Kate's my sister", "Rhodri's my brother Gareth's grandson": the "'s" before a possessive
  is "is", which the parser took for a second possessive of the relative's noun (a noun holds
  one owner): the name is that relative of the other owner;
- a call by an elder's family noun answered: "Mum, can I go to Ella's on Friday?" and the
  next turn by Ruth: Ruth is the caller's mum, where the caller has no mum held;
- relatives said together as a plural family noun of a tie both ways: "Rosa and I are twins",
  "Cai and Elin are cousins": each is the other's twin, cousin (kin_paths.txt: a noun whose
  path read back is itself).

Pure: the reader's context in, statements out."""

from __future__ import annotations

from typing import TYPE_CHECKING

from resident.language import lexicon
from resident.language.kin_nouns import kin_noun, kin_nouns
from resident.language.kinship import relation_predicate
from resident.language.refs import _name_of, _owner_ref, subject_ref
from resident.language.statement import Context, Ref, Statement

if TYPE_CHECKING:
    from spacy.tokens import Span, Token

#: The verb a relation read from a name said after a relative carries: the store files it only
#: where the relative is still unnamed (kin_named.named_relative), never as a new tie alone.
NAMED_LATER = "named_later"
#: The relations the store checks against what it holds before it files them.
LINKED = frozenset({NAMED_LATER})

_BACK = {"parent": "child", "child": "parent", "spouse": "spouse", "sibling": "sibling"}


def named_later(sent: Span, ctx: Context) -> list[Statement]:
    """ "Jean's a saint" right after "My mum's coming ..." (this turn or the one before, no
    other name said since): Jean mum_of whoever said "my mum"; [] otherwise."""
    ref = ctx.relative
    if ref is None or ref.role != "kin" or ref.owner is None or not ctx.relative_last:
        return []
    if ctx.turn - ctx.relative_turn > 1 or ctx.asked_by is not None or ref.noun not in kin_nouns():
        return []
    subj = next((c for c in sent.root.children if c.dep_ in ("nsubj", "nsubjpass")), None)
    # Only a sentence saying what kind of person the name is ("Jean's a saint"): a pet or a
    # thing named next ("Brian hates lettuce": the tortoise) is no relative.
    if subj is None or subj.pos_ != "PROPN" or not _a_person(sent):
        return []
    if any(c.dep_ in ("poss", "compound", "conj") for c in subj.children):
        return []  # "Jean's car", "Jean Smith", "Jean and Ali": not a name alone
    name = _name_of(subj)
    if not name[:1].isupper() or name.lower() in ctx.names or name.lower() == "max":
        return []
    if name.lower() in kin_nouns():  # "Mother was worried": a family noun, not a new name
        return []
    sex = kin_nouns()[ref.noun or ""].sex
    if sex in ("m", "f") and ctx.sexes.get(name.lower(), sex) != sex:
        return []
    owner = _owner(ref.owner, ctx)
    if owner is None:
        return []
    ctx.note_sex(name, sex)
    said = Statement(
        subject=Ref(role="name", name=name, kind="person"),
        predicate=relation_predicate(ref.noun or ""),
        object="",
        object_ref=owner,
        verb=NAMED_LATER,
    )
    return [said]


def _a_person(sent: Span) -> bool:
    """Is the sentence's subject said to be a person ("Kamala's a wonderful cook", the name
    taken by the recogniser for a place): a copula with a noun of people (WordNet)?"""
    attr = next((c for c in sent.root.children if c.dep_ == "attr"), None)
    if sent.root.lemma_ != "be" or attr is None:
        return False
    return lexicon.person_noun(attr.lemma_.lower())


def _owner(owner: Ref, ctx: Context) -> Ref | None:
    """Whose relative it was: "my mum" said by another speaker is that speaker's (the one now
    speaking has a mum of their own), named by the speaker's person id, which the store
    resolves as an entity id (knowledge.resolve)."""
    if owner.role != "speaker" or ctx.relative_speaker in (None, ctx.speaker):
        return owner
    return Ref(role="name", name=ctx.relative_speaker, kind="person")


def paired(sent: Span, ctx: Context, read: list[Statement]) -> list[Statement]:
    """ "Rosa and I are twins": each is the other's twin, in place of "is_a twins" read of
    each; `read` unchanged when the sentence says no such tie."""
    root = sent.root
    attr = next((c for c in root.children if c.dep_ == "attr"), None)
    subj = next((c for c in root.children if c.dep_ == "nsubj"), None)
    if root.lemma_ != "be" or attr is None or subj is None or not _mutual(attr):
        return read
    if any(c.dep_ in ("poss", "det", "amod") for c in attr.children) or attr.lower_ == "twin":
        return read  # "we are her sisters", "they're the twins"
    members = [r for t in (subj, *subj.conjuncts) if (r := subject_ref(t, ctx)) is not None]
    if len(members) < 2 or any(r.role not in ("speaker", "name") for r in members):
        return read
    predicate = relation_predicate(kin_noun(attr))
    ties = [
        Statement(subject=a, predicate=predicate, object="", object_ref=b, verb="be")
        for a in members
        for b in members
        if a != b
    ]
    kept = [st for st in read if not (st.predicate == "is_a" and st.subject in members)]
    return kept + [t for t in ties if t not in kept]


def _mutual(tok: Token) -> bool:
    """A plural family noun of a tie that holds both ways (twins, sisters, cousins)."""
    kin = kin_nouns().get(kin_noun(tok))
    if kin is None or tok.tag_ != "NNS" or not kin.paths:
        return False
    path = kin.paths[0]
    back = tuple(_BACK.get(step, "") for step in reversed(path))
    return back == path and "spouse" not in path


#: Possessive words that may open a noun phrase after "Kate's": its "'s" is then "is".
_OWNERS = frozenset({"my", "our", "your", "his", "her", "their"})


def owned_twice(sent: Span, ctx: Context, read: list[Statement]) -> list[Statement]:
    """ "Kate's my sister": Kate sister_of the speaker, in place of what was read with Kate
    taken as a second owner of a relative's noun; `read` unchanged otherwise."""
    first, root = sent[0], sent.root
    case = next((c for c in first.children if c.dep_ == "case"), None)
    noun = kin_noun(root)
    if first.pos_ != "PROPN" or case is None or case.i + 1 >= sent.end:
        return read
    after = sent.doc[case.i + 1]
    if after.lower_ not in _OWNERS or root.pos_ != "NOUN" or noun not in kin_nouns():
        return read
    other = next((c for c in root.children if c.dep_ == "poss" and c != first), None)
    owner = None if other is None else _owner_ref(other, ctx)
    subject = Ref(role="name", name=_name_of(first), kind="person")
    if owner is None or owner.role not in ("speaker", "name", "kin") or owner == subject:
        return read
    ctx.remember(subject.name or "", "person")
    tie = Statement(
        subject=subject, predicate=relation_predicate(noun), object="", object_ref=owner, verb="be"
    )
    assert other is not None
    # What was read with Kate as an owner ("Gareth brother_of Rhodri") is not said.
    kept = [st for st in read if st.object_ref != subject and st.subject != subject]
    return [*kept, *_owner_ties(other, ctx, kept), tie]


def _owner_ties(owner: Token, ctx: Context, read: list[Statement]) -> list[Statement]:
    """ "my brother Gareth's": Gareth brother_of the speaker, the owner's own tie."""
    title = next((c for c in owner.children if c.dep_ in ("compound", "appos")), None)
    if title is None or owner.pos_ != "PROPN" or kin_noun(title) not in kin_nouns():
        return []
    # "Rhodri's my brother Gareth's": the parser hangs Rhodri on "brother" too; "my" is last.
    whose = next((c for c in reversed(list(title.children)) if c.dep_ == "poss"), None)
    ref = None if whose is None else _owner_ref(whose, ctx)
    if ref is None or ref.role not in ("speaker", "name"):
        return []
    named = Ref(role="name", name=_name_of(owner), kind="person")
    tie = Statement(
        subject=named,
        predicate=relation_predicate(kin_noun(title)),
        object="",
        object_ref=ref,
        verb="be",
    )
    return [] if tie in read else [tie]


def owned_across(tok: Token, ctx: Context) -> Ref | None:
    """ "my sister in Australia's boyfriend": the "'s" closes the whole phrase before it (a
    relative told apart by a place), so the one asked about is that relative's boyfriend, not
    the sister the parser made the subject; None where the phrase is no such thing."""
    if kin_noun(tok) not in kin_nouns():
        return None
    for prep in (c for c in tok.children if c.dep_ == "prep"):
        for obj in (c for c in prep.children if c.dep_ == "pobj"):
            poss = next((c for c in obj.children if c.dep_ == "poss"), None)
            if poss is None or poss.pos_ != "PROPN" or kin_noun(obj) not in kin_nouns():
                continue
            owner = subject_ref(tok, ctx)
            if owner is None or owner.role != "kin":
                return None
            return Ref(role="kin", owner=owner, noun=kin_noun(obj), kind="person")
    return None
