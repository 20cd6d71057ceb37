"""The family nouns of data/kin_paths.txt ("grandad m parent.father ..."): each noun's sex and
its paths of base relations, and the kin noun a token heads ("father-in-law", "great-granny").
Pure, and on words alone, so the role reader may ask whether a noun is family without the
kinship walk (which reads statements) and no import comes back round."""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import TYPE_CHECKING

from resident.language import lexicon
from resident.language.words import rows, words

if TYPE_CHECKING:
    from spacy.tokens import Token


@dataclass(frozen=True)
class KinNoun:
    sex: str
    paths: tuple[tuple[str, ...], ...]


@functools.cache
def kin_nouns() -> dict[str, KinNoun]:
    """data/kin_paths.txt: noun -> its sex and paths."""
    out = {}
    for row in rows("kin_paths"):
        noun, sex, *paths = row
        out[noun] = KinNoun(sex, tuple(tuple(p.split(".")) for p in paths))
    # A predicate holds no hyphen: "great-granny" is stored as "great_granny_of".
    out |= {n.replace("-", "_"): kin for n, kin in out.items() if "-" in n}
    return out


def kin_noun(tok: Token) -> str:
    """The kin noun a token heads, "-in-law" and "great-" included ("father - in - law":
    father-in-law; "great - granny": great-granny), when kin_paths.txt knows the whole."""
    after = [t.lower_ for t in tok.doc[tok.i + 1 : tok.i + 5]]
    if after == ["-", "in", "-", "law"]:
        return f"{tok.lower_}-in-law"
    noun = tok.lemma_.lower()
    if noun not in kin_nouns() and tok.pos_ == "NOUN":
        noun = said_kin(noun) or noun  # "his missus": his wife; a title ("Miss Li") is none
    if (activity := _activity(tok, noun)) is not None:
        return f"{activity}_{noun}"
    before = [t.lower_ for t in tok.doc[max(tok.i - 2, 0) : tok.i]]
    for prefix in ("great", "ex"):  # "ex - wife": ex-wife
        if before == [prefix, "-"] and f"{prefix}-{noun}" in kin_nouns():
            return f"{prefix}-{noun}"
    if before and f"{before[-1]}-{noun}" in kin_nouns():
        return f"{before[-1]}-{noun}"  # "my other half": a partner said in two words
    return noun


@functools.cache
def _kin_senses() -> dict[str, str]:
    """WordNet's first sense of each kin noun that is a person's ("husband.n.01": husband),
    to the noun; where nouns share one ("mum", "ma"), the sense's own first word if a kin
    noun, else the first in data/kin_paths.txt."""
    wn = lexicon.reader()
    out: dict[str, str] = {}
    for noun in kin_nouns():
        senses = wn.synsets(noun, "n") if wn is not None and "-" not in noun else []
        if senses and senses[0].lexname() == "noun.person":
            first = senses[0].lemma_names()[0].lower()
            if senses[0].name() not in out or first == noun:
                out[senses[0].name()] = noun
    return out


@functools.cache
def said_kin(word: str) -> str | None:
    """The kin noun a word not in data/kin_paths.txt stands for where WordNet's first sense of
    it is a kin noun's first sense ("hubby": husband) or a kind of one ("missus": wife;
    "bairn": child); None otherwise. Only the first sense: "pop" (music first) or "lad" (a man
    first) is no relative."""
    wn = lexicon.reader()
    senses = wn.synsets(word, "n") if wn is not None and word.isalpha() else []
    if not senses or senses[0].lexname() != "noun.person":
        return None
    kin = _kin_senses()
    for sense in (senses[0], *senses[0].hypernyms()):
        if sense.name() in kin:
            return kin[sense.name()]
    return None


def _activity(tok: Token, noun: str) -> str | None:
    """ "my lab partner", "her climbing partner": a spouse's noun said with a common noun or a
    gerund before it names whom one does that with, no spouse; the modifier, or None."""
    kin = kin_nouns().get(noun)
    if kin is None or kin.paths != (("spouse",),):
        return None
    for c in tok.lefts:
        # The tagger may call a sport an adjective ("squash partner") when it is a compound.
        compound = c.dep_ == "compound" and c.pos_ not in ("PROPN", "NUM")
        common = compound or (c.pos_ in ("NOUN", "VERB") and c.dep_ in ("amod", "nmod"))
        said = c.lemma_.lower()
        if common and said not in kin_nouns() and said not in words("spouse_modifiers"):
            return c.lower_
    return None


def activity_relation(noun: str) -> bool:
    """Is `noun` a relation `kin_noun` gave with its activity ("lab_partner"): a person's?"""
    head = noun.rsplit("_", 1)[-1]
    return "_" in noun and noun not in kin_nouns() and head in kin_nouns()
