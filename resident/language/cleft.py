"""Cleft sentences, read as the clause they stand for: "It was Oona who fixed the gate" puts
the weight on Oona but states "Oona fixed the gate"; "It's the greenhouse that Wendell
painted" states "Wendell painted the greenhouse". The parser hangs the inner clause on the
copula (`ccomp`) rather than on the focus, so relative.relative_sentences never sees it; here
the clause is said again with the focus in the relative word's place and read by the one
statement reader. A cleft negated ("It wasn't Cormac who ..."), asked, or embedded ("I thought
it was Maureen who ...") states nothing. Pure, given the parse function.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from resident.language import lexicon
from resident.language.relative import _insertion, _noun_phrase, _relative_word, _spelled
from resident.language.reparse import Reparse

if TYPE_CHECKING:
    from spacy.tokens import Span, Token

#: Longest clause said again this way, in words (as relative._MAX_WORDS).
_MAX_WORDS = 12
#: Dependencies of a relative word that make the focus the clause's subject.
_SUBJECT_DEPS = frozenset({"nsubj", "nsubjpass"})
#: Dependencies that fill an object's place: a clause with one of its own has no gap.
_OBJECT_DEPS = frozenset({"dobj", "obj", "ccomp", "xcomp", "attr", "acomp", "oprd"})
#: WordNet's noun classes of a judgement, not a doer or a thing done to ("It's a shame that
#: Bo missed the party", "It was a miracle that nobody got hurt": a that-clause put last).
_JUDGEMENTS = frozenset(
    {"noun.feeling", "noun.state", "noun.event", "noun.cognition", "noun.attribute"}
)


def _focus(copula: Token) -> Token | None:
    """The focus of a cleft headed by `copula`: "it" as its subject, a noun or a name as what
    it is, nothing negating it."""
    if copula.lemma_.lower() != "be" or copula.dep_ != "ROOT":
        return None
    subject = next((c for c in copula.children if c.dep_ in ("nsubj", "expl")), None)
    if subject is None or subject.lower_ != "it" or subject.i > copula.i:
        return None
    if any(c.dep_ == "neg" for c in copula.children):
        return None
    focus = next(
        (c for c in copula.children if c.dep_ == "attr" and c.pos_ in ("NOUN", "PROPN")), None
    )
    if focus is None or focus.pos_ == "NOUN" and _judgement(focus):
        return None
    return focus


def _judgement(noun: Token) -> bool:
    return lexicon.first_lexname(noun.lemma_.lower(), "n") in _JUDGEMENTS


def _inner(copula: Token, focus: Token) -> Token | None:
    """The clause after the focus, opened by who, which or that."""
    for child in copula.children:
        if child.dep_ != "ccomp" or child.i < focus.i or child.pos_ not in ("VERB", "AUX"):
            continue
        relative = _relative_word(child)
        if relative is not None and relative.i == focus.right_edge.i + 1:
            return child
    return None


def cleft_said(copula: Token) -> str | None:
    """The cleft headed by `copula` as the sentence it stands for, or None when it is no
    cleft, too long, or negated."""
    focus = _focus(copula)
    inner = None if focus is None else _inner(copula, focus)
    if focus is None or inner is None:
        return None
    relative = _relative_word(inner)
    if relative is None or any(c.dep_ == "neg" for c in inner.children):
        return None
    phrase = " ".join(t.text for t in _noun_phrase(focus, inner))
    rest = [t for t in inner.subtree if not t.is_punct and t.i != relative.i]
    if len(rest) + len(phrase.split()) > _MAX_WORDS:
        return None
    if relative.dep_ in _SUBJECT_DEPS:
        # "It was Oona who fixed the gate": Oona fixed the gate.
        return " ".join([phrase, *(_spelled(t) for t in rest)])
    if not any(c.dep_ in _SUBJECT_DEPS for c in inner.children):
        return None
    if any(c.dep_ in _OBJECT_DEPS for c in inner.children):
        return None  # no gap for the focus: "It's odd news that Bo sold the car"
    # "It's the greenhouse that Wendell painted": Wendell painted the greenhouse.
    at = _insertion(inner, rest)
    return " ".join([*(t.text for t in rest[:at]), phrase, *(t.text for t in rest[at:])])


def cleft_sentences(sent: Span, reparse: Reparse) -> Iterator[Span]:
    """The sentence's cleft, parsed again as the sentence it stands for (none or one)."""
    text = cleft_said(sent.root)
    if text is not None:
        yield next(iter(reparse(text + ".").sents))
