"""Two clauses the parser hung as one: "I translate children's books from Swedish and Felix is
a tram driver" comes back with "Felix" coordinated with "Swedish" and "books" the subject of
"is". Where a coordinating word is followed by a noun phrase and, after it, a finite verb whose
subject the parse put before that word, the second clause has a subject of its own the parse
lost: each side is parsed again as the sentence it is and read by the one statement reader.
Pure, given the parse function.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from resident.language.reparse import Reparse

if TYPE_CHECKING:
    from spacy.tokens import Span, Token

#: Coordinating words that may join two clauses.
_JOINING = frozenset({"and", "but"})
#: Parts of speech a clause's subject may open with ("Felix", "my wife", "the kids", "he").
_SUBJECT_START = frozenset({"PROPN", "PRON", "DET", "NOUN"})


def _lost_subject(joint: Token, sent: Span) -> bool:
    """Is there a finite verb after `joint` whose subject the parse put before it, with a
    noun phrase between `joint` and the verb that could be its own subject?"""
    after = joint.nbor(1) if joint.i + 1 < sent.end else None
    if after is None or after.pos_ not in _SUBJECT_START:
        return False
    for verb in sent[joint.i + 1 - sent.start :]:
        finite = "Fin" in verb.morph.get("VerbForm", []) and verb.pos_ in ("VERB", "AUX")
        if not finite or verb.dep_ in ("aux", "auxpass"):
            continue
        subject = next((c for c in verb.children if c.dep_ in ("nsubj", "nsubjpass")), None)
        # "Tom and I went": the word after "and" is the subject's own conjunct.
        return subject is not None and subject.i < joint.i and after not in subject.conjuncts
    return False


def _has_verb(words: Span) -> bool:
    return any(t.pos_ in ("VERB", "AUX") for t in words)


def conjoined_halves(sent: Span, reparse: Reparse) -> list[Span] | None:
    """The sentence's two clauses, each parsed again, when the parse joined them wrongly;
    None when it did not."""
    for tok in sent:
        joins = tok.dep_ in ("cc", "conj") and tok.lower_ in _JOINING
        if joins and _has_verb(sent.doc[sent.start : tok.i]) and _lost_subject(tok, sent):
            first = sent.doc[sent.start : tok.i].text.rstrip(" ,;")
            second = sent.doc[tok.i + 1 : sent.end].text
            if not first or not second:
                return None
            return [next(iter(reparse(first + ".").sents)), next(iter(reparse(second).sents))]
    return None
