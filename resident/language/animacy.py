"""Whether a pronoun may stand for a referent by the referent's kind (issue 21): he/she/him/her
and his/hers name a person or an animal, never the van, the hospital or the town said beside
them; it/its never a person (a pet may be "it"); they/them/their a group, a plural or one person
(singular they), never a place or one thing. The one agreement check every resolver path ends
in (refs.py, antecedent_ranking.py, antecedents.thing_it). The kind comes from what the talk
knows (the speaker, a relative's or pet's noun, a person or pet named, a sex shown, a place
named), then from WordNet's classes of the word; a kind unknown fits every pronoun. Pure.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from resident.language import lexicon
from resident.language.pronoun_fit import ANIMATE, NEUTER, PLURAL, kind_fits, sex_fits
from resident.language.statement import KIN, Ref, family_sex, is_pet, keep_latest

if TYPE_CHECKING:
    from spacy.tokens import Span, Token

    from resident.language.statement import Context

#: WordNet's classes of a noun that names someone, and those of a group or a place.
_SOMEONE = frozenset({"noun.person", "noun.animal"})
_PLACE = frozenset({"noun.location"})

#: What the recogniser's labels say a name with an article is ("the Lakes", "the Guardian").
_LABELLED = {"GPE": "place", "LOC": "place", "FAC": "place", "ORG": "group", "NORP": "group"}
_INANIMATE = frozenset({"place", "thing", "group"})
_KEPT = 512
#: The recogniser's labels of a bare name that are never someone's (its other labels, ORG,
#: GPE and NORP among them, it gives people as often: "Priya" a nationality, "Yasmin" a place):
#: "Mam's seventieth is in May and she ...": the birthday is no "she".
_NO_ONE_LABELS = frozenset({"DATE", "TIME", "ORDINAL", "CARDINAL", "MONEY", "QUANTITY", "PERCENT"})


def noun_kind(noun: str) -> str:
    """What a common noun names by WordNet's classes of all its senses: "person" or "animal"
    where every sense is one ("nephew", "poodle"), "place" or "thing" where none is someone
    ("van", "hospital", "field"), "group" where it names people together and never one person
    ("band", "council"); "" where the senses are mixed or WordNet lacks the word."""
    head = lexicon.base(noun, "n") or noun.lower()
    kinds = lexicon.lexnames(head)
    if not kinds:
        return ""
    if kinds <= _SOMEONE:
        return "person" if "noun.person" in kinds else "animal"
    if kinds & _SOMEONE:
        return ""
    if "noun.group" in kinds:
        return "group"
    return "place" if kinds <= _PLACE else "thing"


def name_kind(tok: Token, name: str) -> str:
    """What a name token is: a place, thing or group where the phrase shows it ("the Dyson",
    "a Brompton": a name with an article is a make or a venue, not someone), where a name of
    more words ends in a common noun that names no one ("St Luke's Hospital", "Royal Mail
    van"); "person" where the recogniser says so; "" otherwise. The phrase outweighs the
    recogniser, which calls "the Dyson" a person and "Seamus" a place; WordNet's word on a
    name ("Glasgow", but also a cat called "Pixel") waits for what the talk knows of it
    (referent_kind)."""
    low = tok.lower_
    head = noun_kind(low) if " " in name and tok.pos_ == "PROPN" else ""
    if head in _INANIMATE:
        return head
    article = any(c.dep_ == "det" and c.lower_ in ("the", "a", "an") for c in tok.children)
    someone = lexicon.lexnames(low) & _SOMEONE  # "the GP", "the Vicar": a person
    if article and not someone and "Plur" not in tok.morph.get("Number", []):
        return _LABELLED.get(tok.ent_type_, "thing")
    return "person" if tok.ent_type_ == "PERSON" else ""


def said_kind(tok: Token, name: str, ctx: Context) -> str:
    """What a name token is, by every word on it: the phrase first (name_kind), then, for a
    name the talk never showed to be someone (no person or pet of that name, no he/she said
    of it), a word in lower case WordNet knows as no one's, and the recogniser's label where
    it calls a date, time or number."""
    kind = name_kind(tok, name)
    if kind or ctx.named(name) is not None or name.lower() in ctx.sexes:
        return kind
    senses = lexicon.lexnames(tok.lower_)
    if tok.is_lower and senses and not senses & _SOMEONE:
        return "thing"  # "Mam's seventieth is in May": a word in lower case the tagger took
    return "thing" if tok.ent_type_ in _NO_ONE_LABELS else ""


def note_kinds(sent: Span, ctx: Context, name_of: Callable[[Token], str]) -> None:
    """Keep the names `sent` showed to be no one, for a pronoun in a later sentence or turn,
    over the recogniser's word ("the Dyson" it calls a person); a name said as a person's
    leaves them."""
    for tok in sent:
        if tok.pos_ in ("NOUN", "PROPN") and "Plur" in tok.morph.get("Number", []):
            ctx.plural_turn = ctx.turn  # "She is, with the twins. They're four": the twins
        if tok.pos_ != "PROPN" or tok.dep_ in ("compound", "flat"):
            continue
        name = name_of(tok)
        kind = said_kind(tok, name, ctx)
        if kind in _INANIMATE:
            keep_latest(ctx.inanimate, name.lower(), kind, _KEPT)
        elif kind == "person":
            ctx.inanimate.pop(name.lower(), None)


def token_fits(pronoun: str, tok: Token, name: str, ctx: Context) -> bool:
    """May `pronoun` stand for the name token `tok` said before it? As pronoun_fits, with
    the recogniser's label of the token itself (said in the pronoun's own sentence, it is no
    part of the talk's record yet)."""
    kind = said_kind(tok, name, ctx)
    if kind in _INANIMATE:
        return kind_fits(pronoun, kind)
    return pronoun_fits(pronoun, Ref(role="name", name=name, kind=kind or "thing"), ctx)


def referent_kind(ref: Ref, ctx: Context) -> str:
    """What a resolved referent is: person, animal, group, place, thing, or "" (unknown). The
    talk's knowledge first, then WordNet: a name is a place where every sense WordNet knows
    of it is one ("Glasgow"); "Volvo" is unknown, and "Gizmo", a made thing, a dog's name."""
    if ref.role in ("speaker", "listener"):
        return "person"
    if ref.role == "kin":
        if (ref.noun or "")[:1].isupper():
            return ""  # "Pepper! He ...": a name kept as someone unplaced, who may be anyone
        noun = (ref.noun or "").lower()
        if noun in KIN:
            return "person"
        return "animal" if is_pet(noun) else noun_kind(noun)
    name = (ref.name or "").lower()
    if name in ctx.inanimate:
        return ctx.inanimate[name]
    known = ctx.named(name)
    if known is not None and known[1] in ("person", "animal"):
        return known[1]
    if ref.kind in ("person", "animal"):
        return ref.kind
    if name in ctx.places and noun_kind(name) in ("place", ""):
        return "place"  # "near Rose" is where she lives, and Rose no place: she is a person
    if name and noun_kind(name) == "place":
        return "place"  # "Glasgow"; never a made thing ("Gizmo", "Tripod": pets' names)
    # A he/she said of it before: someone, a person or a pet, whom "it" may still name.
    return "animal" if name in ctx.sexes else ""


def referent_sex(ref: Ref, ctx: Context) -> str | None:
    """The sex the talk showed of a referent: a he/she said of its name, a relative's noun
    beside it, or the family noun it is ("Mum", "Grandad" said as a name), else None."""
    word = (ref.name if ref.role == "name" else ref.noun if ref.role == "kin" else None) or ""
    return ctx.sexes.get(word.lower()) or family_sex(word)


def pronoun_fits(pronoun: str, ref: Ref, ctx: Context) -> bool:
    """May `pronoun` stand for `ref` by its kind? Only a kind known to clash refuses it."""
    low = pronoun.lower()
    if low not in ANIMATE | NEUTER | PLURAL:
        return True
    if not sex_fits(low, referent_sex(ref, ctx)):
        return False  # "Mum loved her ... he fixes the radio": not Mum
    kind = referent_kind(ref, ctx)
    if low in PLURAL and kind == "thing":
        # "the boots ... they": a plural thing; one thing ("the van") is no "they".
        word = (ref.name or ref.noun or "").lower()
        return lexicon.base(word, "n") not in (None, word)
    return kind_fits(low, kind)


def fitting(tok: Token, ref: Ref | None, ctx: Context) -> Ref | None:
    """The referent a resolver found for a pronoun, or None where its kind clashes with the
    pronoun: unsure, the clause stores nothing rather than a claim about the wrong thing."""
    if ref is None or tok.pos_ != "PRON" and tok.lower_ not in ANIMATE | NEUTER | PLURAL:
        return ref
    return ref if pronoun_fits(tok.lower_, ref, ctx) else None


def mention_fitting(
    tok: Token, mentioned: tuple[str, str] | None, ctx: Context
) -> tuple[str, str] | None:
    """The last one named, (name, kind), where the pronoun may stand for it, else None."""
    if mentioned is None:
        return None
    ref = Ref(role="name", name=mentioned[0], kind=mentioned[1])
    return mentioned if fitting(tok, ref, ctx) is not None else None
