"""The side of today a learner's present means (issue 21, learner30). A learner of English
often says a past day in the present or the bare form: "I sign the lease on Monday" said on
Thursday of the Monday gone, "my cousin arrive on Tuesday, she was tired". A native speaker's
simple present with a weekday is a plan ("I start on Monday"), so the bare present keeps its
forward reading unless the turn itself says otherwise:

- the verb's sentence or the one before has a verb whose own form is past ("was", "called")
  or a word that points back ("yesterday", "ago", "last"), and nothing in the turn points
  ahead ("tomorrow", "next", "going to", a modal): the weekday is the one gone;
- the verb's form disagrees with its subject ("my mother arrive", a bare form after one third
  person), or the turn had such forms said as meant before it was read
  (`learner_grammar.repaired`): the learner's form does not show the tense, so the nearer day
  is meant (`past` None).

Only a bare weekday is read this way: "next Monday", "this Friday" and a date say their side.
Pure: spaCy's tags and morphology, no list of verbs.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from resident.language.learner_grammar import BACK_WORDS, LEARNER
from resident.language.when_days import WEEKDAYS, direction, tokens

if TYPE_CHECKING:
    from spacy.tokens import Doc, Token

#: Words of a turn that point back in time: learner_grammar.BACK_WORDS.
#: Words of a turn that point ahead: with one of them the present may be a plan.
_AHEAD_WORDS = frozenset({"tomorrow", "next", "soon", "going", "gonna"})


def learner_side(verb: Token, when: str, doc: Doc, past: bool) -> bool | None:
    """`past` for `when.resolve` of a simple present said with a bare weekday: True when the
    turn is told in the past, None when the verb's form disagrees with its subject, else the
    `past` given."""
    if past or not _bare_weekday(when) or not _simple_present(verb):
        return past
    if _told_in_past(doc, verb):
        return True
    if _disagrees(verb) or doc.user_data.get(LEARNER):
        return None
    return past


def _bare_weekday(when: str) -> bool:
    words = tokens(when)
    return any(w in WEEKDAYS for w in words) and direction(words) == 0 and "this" not in words


def _simple_present(verb: Token) -> bool:
    """A present or bare form with no auxiliary ("I sign", "she arrive", "he comes")."""
    if any(c.dep_ in ("aux", "auxpass") for c in verb.children):
        return False
    return verb.tag_ in ("VB", "VBP", "VBZ")


def _told_in_past(doc: Doc, verb: Token) -> bool:
    """Does the verb's sentence or the one before it say the past (another finite verb's own
    past form, or a word pointing back), with nothing in the turn pointing ahead ("I was ill
    yesterday but I start the job on Monday" is a native's plan)?"""
    if any(t.lower_ in _AHEAD_WORDS or t.tag_ == "MD" for t in doc):
        return False
    sents = list(doc.sents)
    at = next(i for i, s in enumerate(sents) if s.start <= verb.i < s.end)
    for tok in (t for s in sents[max(0, at - 1) : at + 1] for t in s):
        if tok.i != verb.i and tok.tag_ == "VBD" and "Fin" in tok.morph.get("VerbForm", []):
            return True
        if tok.lower_ in BACK_WORDS:
            return True
    return False


def _disagrees(verb: Token) -> bool:
    """A bare form after one third person ("my mother arrive", "Mihai live"), where English
    puts -s: the learner's form, which says no tense."""
    if verb.tag_ == "VBZ" or not verb.lower_.isalpha():
        return False
    for child in verb.children:
        if child.dep_ != "nsubj":
            continue
        if any(c.dep_ == "conj" for c in child.children):
            return False
        morph = child.morph.to_dict()
        if child.pos_ == "PRON":
            return morph.get("Person") == "3" and morph.get("Number") == "Sing"
        return child.tag_ in ("NN", "NNP")
    return False
