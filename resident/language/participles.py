"""A participle clause the small parser hands the noun before it as its subject: "I twisted my
ankle playing netball" comes back with "ankle" the subject of "playing" and "twisted" left
without its object, so the sentence reads as nothing. Said again with a comma before the
participle ("I twisted my ankle, playing netball ..."), the parser hangs the noun on the verb
as its object and the participle on the verb as an adverbial clause, which is what the
sentence means: what was done, and while doing what, where. Pure, given the parse function.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from resident.language.reparse import Reparse

if TYPE_CHECKING:
    from spacy.tokens import Span, Token

#: What a clause that misread its participle holds: an object-less verb before it.
_OBJECTS = frozenset({"dobj", "obj", "attr", "acomp"})
#: A noun with one of these is a thing the verb was done to ("my ankle", "the lamp").
_DETERMINERS = frozenset({"poss", "det"})


def participle_cut(sent: Span) -> Token | None:
    """The participle whose subject is the object its verb lacks, or None: a verb with no
    object, a gerund clause under it whose subject is a common noun with a determiner, and
    that noun phrase standing exactly between the verb and the gerund."""
    for verb in sent:
        if verb.pos_ != "VERB" or any(c.dep_ in _OBJECTS for c in verb.children):
            continue
        for clause in verb.children:
            if clause.tag_ != "VBG" or clause.dep_ not in ("advcl", "ccomp") or clause.i < verb.i:
                continue
            subjects = [c for c in clause.children if c.dep_ in ("nsubj", "nsubjpass")]
            if len(subjects) != 1:
                continue
            noun = subjects[0]
            if noun.pos_ != "NOUN" or not any(c.dep_ in _DETERMINERS for c in noun.children):
                continue
            phrase = list(noun.subtree)
            if phrase[0].i == verb.i + 1 and phrase[-1].i == clause.i - 1:
                return clause
    return None


def with_comma(sent: Span, reparse: Reparse) -> Span | None:
    """The sentence parsed again with a comma before the misread participle, when that parse
    makes the noun before it its verb's object; else None."""
    clause = participle_cut(sent)
    if clause is None:
        return None
    doc = sent.doc
    before = doc[sent.start : clause.i].text
    text = f"{before}, {doc[clause.i : sent.end].text}"
    again = reparse(text)
    sents = list(again.sents)
    if len(sents) != 1:
        return None
    # The noun phrase now ends just before the comma; it must be its verb's object.
    noun = next((t for t in again if t.idx + len(t.text) == len(before)), None)
    return sents[0] if noun is not None and noun.dep_ == "dobj" else None
