"""Is a filler of the kind its gap asks for? (issue 21, sluice24). Pure: reads the parse and
WordNet.

An answer said as a fragment fills a question's gap ("Where?" / "Leeds."), and what the reader
then stores is as good as the filler's fit: "Far too long, sorry" fills no "since when", and
"a month or so" is no point in time to be "since". So a filler is taken only on evidence of
its kind, from its head as parsed (the noun a preposition governs, when it opens with one):

- place (where): a place's name (GPE, LOC, FAC; a proper name no entity type calls a person
  or a time), or a noun WordNet puts under a place's senses (data/answer_check_place_senses);
- person (who): a person's name, or a noun WordNet knows as a person first;
- time (when): a DATE or TIME entity, or a WordNet time noun, said with no count
  ("last weekend", "Christmas"); "since when" takes a point, never a length ("a month");
- duration (how long): a length of time, a count of a time unit ("sixteen days", "a month");
- number (how many, how much, how old): a number word;
- thing (what, which): a noun that is no pronoun, time or number.

This is stricter than answer_check, which lets through what WordNet does not know: a claim
stored wrong costs more than one not stored. Which gap asks for which kind is data
(data/gap_kinds.tsv), one definition for every fragment path (ellipsis, sluicing).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from resident.language import lexicon
from resident.language.answer_check import is_number_word
from resident.language.words import table, words

if TYPE_CHECKING:
    from spacy.tokens import Token

#: A gap (the wh-phrase's key, as in data/ellipsis_wh.tsv) -> the kind its filler must be.
GAP_KINDS = table("gap_kinds")
_PLACE_ENTS = frozenset({"GPE", "LOC", "FAC"})
_TIME_ENTS = frozenset({"DATE", "TIME"})
_NAMELESS = frozenset({"DATE", "TIME", "CARDINAL", "ORDINAL", "QUANTITY", "PERCENT", "MONEY"})
#: Words that make a count of time units a point rather than a length ("two weeks ago").
_POINTING = frozenset({"ago", "last", "next", "this", "that", "since", "before", "after"})


def kind_of_gap(key: str) -> str | None:
    """The kind a gap asks for ("where" -> "place"); None for a gap no kind is checked for."""
    return GAP_KINDS.get(key)


def head_of(tokens: list[Token]) -> Token | None:
    """The filler's head: the token whose head is outside it; the noun a preposition that
    opens it governs ("in Windermere" -> Windermere)."""
    said = [t for t in tokens if not t.is_punct]
    ids = {t.i for t in said}
    heads = [t for t in said if t.head.i not in ids or t.head == t]
    if not heads:
        return None
    head = heads[0]
    if head.pos_ in ("ADP", "SCONJ"):  # "since" alone is read as a conjunction
        inner = [c for c in head.children if c.dep_ in ("pobj", "pcomp") and c.i in ids]
        return inner[0] if inner else None
    return head


def fits(kind: str, tokens: list[Token]) -> bool:
    """Whether the filler `tokens` (as parsed in the sentence it is said in) is of `kind`."""
    head = head_of(tokens)
    if head is None:
        return False
    if kind == "number":
        return any(is_number_word(t.lower_) for t in tokens)
    if kind == "duration":
        return _length(head)
    if kind in ("time", "point"):
        timed = head.ent_type_ in _TIME_ENTS or _time_noun(head)
        return timed and not (kind == "point" and _length(head))
    if kind == "place" and head.ent_type_ in _PLACE_ENTS:
        return True  # "in Windermere", whatever part of speech the parser gave the name
    if head.pos_ not in ("NOUN", "PROPN") or head.ent_type_ in _NAMELESS:
        return False  # "me", "nothing much", "far too long": no place, person or thing named
    if kind == "thing":
        return not _time_noun(head)
    if kind == "place":
        return _place(head)
    if kind == "person":
        return _person(head)
    return False


def _time_noun(head: Token) -> bool:
    return lexicon.first_lexname(head.lemma_.lower(), "n") == "noun.time"


def _length(head: Token) -> bool:
    """A count of a time unit said as a length ("sixteen days", "a month or so", "two
    years"), not a point ("two weeks ago", "last month")."""
    if not _time_noun(head) or any(t.lower_ in _POINTING for t in head.subtree):
        return False
    return any(
        c.dep_ in ("nummod", "det") and (is_number_word(c.lower_) or c.lower_ in ("a", "an"))
        for c in head.children
    )


def _place(head: Token) -> bool:
    if head.ent_type_ in _PLACE_ENTS:
        return True
    if head.pos_ == "PROPN":
        return head.ent_type_ in ("", "ORG") and not lexicon.is_a(head.lower_, "person", 1)
    noun = lexicon.base(head.lower_, "n")
    return noun is not None and lexicon.under(noun, words("answer_check_place_senses"))


def _person(head: Token) -> bool:
    noun = lexicon.base(head.lower_, "n")
    if noun is not None and lexicon.is_a(noun, "person", senses=2, kinds=1):
        return True  # "a Canadian architect", "Mum"
    if head.ent_type_ == "PERSON":
        return not lexicon.never_someone(head.lower_)
    # "Bilal.": a name said alone the NER gives no type; one WordNet knows no noun by.
    return (
        head.pos_ == "PROPN" and not head.ent_type_ and lexicon.base(head.lower_, "n") is None
    )  # a name of another kind ("Tesco") is no one
