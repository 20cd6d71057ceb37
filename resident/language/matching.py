"""Word matching for questions: the verbs a stored predicate carries, verbs asked in other words
(a group, a WordNet synonym), the lemmas of what was said. Pure; asking.py scores with these."""

from __future__ import annotations

from collections.abc import Iterable

from resident.language import lexicon
from resident.language.statement import base_form, canonical_lemma
from resident.language.words import groups, words

PREPS = words("asking_preps")
STOP = words("asking_stop")
#: Verbs asked about in other words than were said.
_VERB_GROUPS = groups("verb_groups")


def verb_group(lemma: str) -> frozenset[str]:
    out = {lemma, canonical_lemma(lemma)}
    for group in _VERB_GROUPS:
        if lemma in group:
            out |= group
    return frozenset(out)


def _ing_forms(word: str) -> tuple[str, ...]:
    """The lemmas an -ing form may come from ("reading" -> read; "hiking" -> hike)."""
    if not word.endswith("ing") or len(word) < 5:
        return (word,)
    stem = word[:-3]
    forms = [stem, stem + "e"]
    if len(stem) > 2 and stem[-1] == stem[-2]:
        forms.insert(0, stem[:-1])
    return tuple(forms)


def claim_verbs(predicate: str) -> tuple[bool, frozenset[str], str | None]:
    """(negated, verb lemmas, preposition) of a stored predicate ("not_goes_to")."""
    parts = predicate.split("_")
    negated = parts[0] == "not"
    if negated:
        parts = parts[1:]
    prep = parts[-1] if len(parts) > 1 and parts[-1] in PREPS else None
    verbs = {base_form(p) for p in parts if p not in PREPS and p != "a"}
    if parts[:2] == ["is", "a"]:
        verbs = {"be"}
    if predicate.endswith("_of") and len(parts) == 2:
        verbs = {parts[0], "be"}
    return negated, frozenset(verbs | {p for p in parts if p not in PREPS}), prep


def _tokens(text: str) -> set[str]:
    return {w for w in text.lower().replace("-", " ").split() if w not in STOP}


def _lemma_tokens(text: str) -> set[str]:
    out = set()
    for w in _tokens(text):
        out.add(w)
        out.add(base_form(w))
        # WordNet's noun base where the suffix rule misses ("buses": bus).
        out.add(lexicon.base(w, "n") or w)
    return out


def same_meaning(asked: str, said: Iterable[str]) -> bool:
    """Does a verb said share a frequent WordNet sense with the verb asked ("dislike" and
    "hate", "reside" and "live")? Lemmas only without WordNet."""
    near = lexicon.synonyms(asked, "v")
    return any(v in near or asked in lexicon.synonyms(v, "v") for v in said)
