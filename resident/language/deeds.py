"""A held predicate that says the asked verb in other words, by WordNet (issue 21, verb32):
a light verb's object that is the verb's own deed ("had a fall", "went for a walk", "took
early retirement" for fall, walk, retire) and a phrasal verb that WordNet gives as a way of
doing a plain verb ("signed up for" for join, "gave up" for quit). Pure over WordNet; the
matchers (matching.light_event, asking.score) call these."""

from __future__ import annotations

import functools
from typing import Any

from resident.language import lexicon
from resident.language.statement import base_form
from resident.language.words import words

#: The WordNet classes of a noun sense that is a deed or an event ("a fall", "a wedding",
#: "a talk", "retirement"), not a thing: "has a garden" says nothing of gardening.
_DEED_LEXNAMES = frozenset({"noun.act", "noun.event", "noun.communication", "noun.state"})
#: Verbs too general to stand for a phrasal verb's meaning ("take over" is a way to take,
#: but "What did Ana take?" does not ask what she took over).
_TOO_GENERAL = words("least_verbs") | words("light_verbs") | {"go", "come", "put", "move", "turn"}


@functools.lru_cache(maxsize=4096)
def _deed_senses(verb: str) -> frozenset[Any]:
    """The noun senses WordNet derives from a verb's two most frequent senses that are a
    deed or an event (`_DEED_LEXNAMES`): "marry": wedding.n.01, marriage.n.03."""
    return frozenset(
        d.synset()
        for d in lexicon.verb_derivations(verb, 2)
        if d.synset().pos() == "n" and d.synset().lexname() in _DEED_LEXNAMES
    )


@functools.lru_cache(maxsize=4096)
def names_deed_of(noun: str, verb: str) -> bool:
    """Is `noun`, in one of its three most frequent senses, the deed WordNet derives from one
    of `verb`'s two most frequent senses ("fall" of fall, "wedding" of marry, "retirement" of
    retire, "talk" of speak)? The sense decides, not the spelling: a garden is no gardening,
    and "a row" (a line) no quarrel."""
    wn = lexicon.reader()
    if wn is None or not noun or not verb:
        return False
    return bool(set(wn.synsets(noun, "n")[:3]) & _deed_senses(verb))


@functools.lru_cache(maxsize=4096)
def plain_verbs(phrasal: str) -> frozenset[str]:
    """The one-word verbs a phrasal verb says, by WordNet: the other lemmas of its three most
    frequent senses ("give_up": quit, stop), and what a sense named by the phrasal itself is
    a way of doing ("sign_up": join; "break_up": separate). Not the hypernym of a sense named
    by another verb ("go_out" as exit is a way to move, which says nothing of going out),
    nor a verb that says least ("take", "get")."""
    wn = lexicon.reader()
    if wn is None:
        return frozenset()
    out: set[str] = set()
    for sense in wn.synsets(phrasal, "v")[:3]:
        out.update(sense.lemma_names())
        if sense.lemma_names()[0] == phrasal:
            out.update(n for h in sense.hypernyms() for n in h.lemma_names())
    return frozenset(n.lower() for n in out if "_" not in n) - _TOO_GENERAL


def phrasal_says(asked: str, predicate: str) -> bool:
    """Does a predicate held as a phrasal verb ("signs_up_for", "gives_up") say the verb
    asked ("join", "quit") by WordNet (`plain_verbs`)? Never the phrasal's own first verb:
    "give up" is no giving."""
    parts = predicate.split("_")
    if parts[0] == "not":
        parts = parts[1:]
    if len(parts) < 2 or not asked:
        return False
    verb = lexicon.base(parts[0], "v") or base_form(parts[0])
    if asked == verb:
        return False
    return asked in plain_verbs(f"{verb}_{parts[1]}")


#: The verbs whose one-word object names what is done ("gets married", "does moving").
_DOING = words("light_verbs") | {"be", "go"}


def deed_word(noun: str, predicate: str) -> bool:
    """Is `noun` a word of a predicate held of its owner ("has_interview_for" for "Hana's
    interview")? Not a denied one."""
    parts = predicate.split("_")
    return bool(noun) and parts[0] != "not" and noun in {base_form(p) for p in parts}


def says_deed(noun: str, predicate: str, object_label: str) -> bool:
    """Does a statement say the deed `noun` names by a verb WordNet derives the noun from
    (`names_deed_of`), its own verb or the one-word object of a light verb ("gets married"
    for wedding, "does moving" for move)? Not a denied one."""
    parts = predicate.split("_")
    if parts[0] == "not" or not noun:
        return False
    verbs = {lexicon.base(p, "v") or base_form(p) for p in parts}
    said = object_label.lower().split()
    if len(said) == 1 and verbs & _DOING:
        verbs.add(lexicon.base(said[0], "v") or said[0])
    return any(names_deed_of(noun, v) for v in verbs - _TOO_GENERAL)
