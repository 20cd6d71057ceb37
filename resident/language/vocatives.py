"""A name said to the listener at a sentence's edge (issue 21, contr38): "Biscuit's the dog,
MAX", "the organist is eighty-four, Clive", "Clive, the boiler's broken again". The parser
hangs the name on the clause as an argument (an apposition, an attribute: MAX stored as the
dog, Clive as the organist). A name set off by a comma at the start or end of a sentence, with
no verb of its own, the rest a clause with a finite verb, is the one spoken to: the sentence is
parsed again without it. At the end only MAX or someone who has spoken in the talk is taken so
("Carlo has a girlfriend now, Ellie" names her); at the start also a person's name that is not
the clause's subject ("Tom, my brother, is a vet" is about Tom). Pure, given the parse function.
"""

from __future__ import annotations

from collections.abc import Collection
from typing import TYPE_CHECKING

from resident.language.animacy import noun_kind

if TYPE_CHECKING:
    from spacy.tokens import Span, Token

    from resident.language.reparse import Reparse

#: The tags of a finite verb: the clause left must have one of its own.
_FINITE = frozenset({"VBZ", "VBP", "VBD", "MD"})


def without_vocative(sent: Span, speakers: Collection[str], reparse: Reparse) -> Span | None:
    """The sentence parsed again without the name it is said to, when it has one at its start
    or end (see the module); else None. `speakers`: who has spoken, by lower-case name."""
    words = [t for t in sent if not t.is_space]
    if len(words) < 4:
        return None
    kept: list[Token] | None = None
    first, comma = words[0], words[1]
    if comma.text == "," and _addressed(first, speakers, at_start=True):
        kept = words[2:]
    else:
        end = -2 if words[-1].is_punct else -1
        if words[end - 1].text == "," and _addressed(words[end], speakers, at_start=False):
            kept = words[: end - 1] + ([words[-1]] if end == -2 else [])
    if not kept or not any(t.tag_ in _FINITE and t.pos_ in ("VERB", "AUX") for t in kept):
        return None
    text = "".join(t.text_with_ws for t in kept).strip()
    if kept[-1].is_punct and text.endswith(" " + kept[-1].text):
        text = text[: -len(kept[-1].text) - 1] + kept[-1].text
    text = text[0].upper() + text[1:]
    sents = list(reparse(text).sents)
    return sents[0] if len(sents) == 1 else None


def written_as_name(word: str, *, asked: bool) -> bool:
    """Is a word said alone after a comma, at a sentence's edge, spelled as the name of the
    one spoken to? The one test of the name's spelling for statements (here) and questions
    (answer_gap.untagged, "Does Ivy still dance, Marcus?"), which differ, so `asked` says
    which: a question ends after a comma in a tag ("..., right?", lower case) or in the name
    of the one it is put to, never in a name of its own, so its spelling is the whole test,
    taken as written, stop and all ("Marcus."), capital then lower case (title case). In a
    statement the word is letters only, any capital first ("MAX" too), and the spelling is
    only the first test: a statement's last word after a comma as often names whom it speaks
    of ("this is my dad, Walter"), which the parse and who has spoken decide (_addressed)."""
    if asked:
        return word.istitle()
    return word[:1].isupper() and word.isalpha()


def _addressed(tok: Token, speakers: Collection[str], at_start: bool) -> bool:
    """Is the word a name said to someone: MAX, one who has spoken, or (opening the sentence)
    a person's name the parse gives no subject's role and no partner ("Tom and I, ...")?"""
    if not written_as_name(tok.text, asked=False) or tok.conjuncts:
        return False
    if tok.lower_ == "max":
        return True
    if tok.lower_ in speakers:
        return at_start or (tok.dep_ not in ("nsubj", "nsubjpass") and not _naming(tok))
    return at_start and tok.ent_type_ == "PERSON" and tok.dep_ not in ("nsubj", "nsubjpass")


def _naming(tok: Token) -> bool:
    """Does the name give the name of someone's relative said just before it ("this is my dad,
    Walter", "and my eldest, Nell"): in apposition to a noun of someone, owned? A thing owned
    ("that's my car, Tom") names no one: the name is said to Tom."""
    head = tok.head
    owned = any(c.dep_ == "poss" for c in head.children)
    return tok.dep_ == "appos" and owned and noun_kind(head.lemma_.lower()) in ("person", "")
