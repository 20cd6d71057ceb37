"""How often a clause's event happens, as its "manner" qualifier (issue 21, wave 12 second
pass): the role the asking side fills for "how often" (asking.GAP_ROLES).

"Kamala makes lime pickle twice a month" stored `makes lime pickle` and nothing of the
frequency; "I sailed the Atlantic twice" dropped its count; "Aidan trains five days a week"
kept only "five days" as a time. A frequency is read over the parse, from a modifier of the
verb (npadvmod, advmod, tmod, or a dobj the parser took for one) whose phrase holds a count of
times (data/frequency_counts.txt "twice", or a number with a noun of repetition,
data/frequency_iterations.txt "three times"), or a number of time units with a rate (a time
noun, WordNet noun.time, under a determiner of data/frequency_rates.txt: "five days a week").
The whole phrase is kept as said. Pure.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from resident.language.change import said_over
from resident.language.roles import RoleFill, is_time, modality
from resident.language.words import words

if TYPE_CHECKING:
    from spacy.tokens import Token

_MODIFIERS = frozenset({"npadvmod", "advmod", "tmod", "dobj"})


def frequency(verb: Token, used: set[int]) -> tuple[RoleFill, ...]:
    """The clause's frequency phrases, each as a manner qualifier."""
    out = []
    for child in verb.children:
        if child.dep_ not in _MODIFIERS or child.i in used:
            continue
        if any(t.pos_ in ("VERB", "AUX") for t in child.subtree):
            continue  # a clause hung under it ("every morning she do tai chi"): a misparse
        if is_frequency(child):
            said = sorted(_phrase(child), key=lambda t: t.i)
            out.append(RoleFill(role="manner", text=" ".join(t.text for t in said)))
    return tuple(out)


#: What a frequency phrase is made of ("about once a month", "every other Sunday"); a clause
#: the parser hung under it ("every morning she do tai chi") is no part of it.
_PHRASE_DEPS = frozenset(
    {"det", "predet", "nummod", "amod", "npadvmod", "advmod", "quantmod", "compound"}
)


def _phrase(tok: Token) -> list[Token]:
    out = [tok]
    for c in tok.children:
        if c.dep_ in _PHRASE_DEPS and c.pos_ not in ("VERB", "AUX"):
            out.extend(_phrase(c))
    return out


def is_frequency(tok: Token) -> bool:
    """Does the phrase headed by `tok` say how often ("twice", "three times a day", "twice a
    month", "five days a week")? Such a phrase the parser hung on the verb as its object is
    none. Only the phrase's head decides: "two children, ... every single day" is no
    frequency."""
    if tok.lower_ in words("frequency_counts"):
        return True
    kids = list(tok.children)
    counted = any(c.dep_ == "nummod" for c in kids)
    if tok.lemma_.lower() in words("frequency_iterations"):
        return counted
    if tok.pos_ not in ("NOUN", "PROPN") or not is_time(tok):
        return False
    if _rate(tok):  # "twice a month"; "every other Sunday" (a rate with no count: once)
        every = any(c.dep_ == "det" and c.lower_ in ("every", "each") for c in kids)
        return every or any(c.lower_ in words("frequency_counts") for c in kids)
    # "five days a week"
    return counted and any(c.dep_ == "npadvmod" and _rate(c) for c in kids)


def _rate(tok: Token) -> bool:
    """ "a week", "per month": a time noun said as the span a count is in."""
    rates = words("frequency_rates")
    return is_time(tok) and any(c.dep_ == "det" and c.lower_ in rates for c in tok.children)


#: What may stand beside a verb said as a habit with nothing done to anything: its subject,
#: auxiliaries, how often and when, and clauses of their own.
_HABIT_DEPS = frozenset(
    {
        "nsubj",
        "aux",
        "neg",
        "npadvmod",
        "tmod",
        "advmod",
        "punct",
        "cc",
        "conj",
        "ccomp",
        "parataxis",
    }
)


def habit_done(verb: Token, mood: Literal["fact", "past", "plan", "wish"]) -> bool:
    """ "i walk 3 km every morning", "we swim twice a week": a verb said as a habit, with no
    object, place or particle, is an activity of its subject (`does walking`). A verb that
    names no activity alone (data/habit_empty_verbs.txt: "we go every Easter") or a light
    verb is none, nor one said with a place or more ("goes there every day")."""
    if verb.lemma_.lower() in words("habit_empty_verbs") | words("light_verbs"):
        return False
    said = words("frequency_adverbs") | words("frequency_counts")
    # "I don't smoke anymore", "she no longer drives": a habit said to be over.
    over = said_over(verb)
    for c in verb.children:
        if c in over:
            continue
        if c.dep_ not in _HABIT_DEPS or (c.dep_ == "advmod" and c.lower_ not in said):
            return False
    return bool(over) or modality(verb, mood) == "habit" or bool(frequency(verb, set()))
