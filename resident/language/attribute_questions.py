"""Questions that ask for an attribute ("When is Ana's birthday?", "What is the capital of
Australia?", "When was Ana born?"): the owner asked about, the attribute as the predicate and
its value as the gap, in the Query shape asking.py answers. Pure."""

from __future__ import annotations

from typing import TYPE_CHECKING

from resident.language.asking import Query, _question_word
from resident.language.attributes import _WH_VERB, _owner_ref, attribute_noun, attribute_owner
from resident.language.statement import Context

if TYPE_CHECKING:
    from spacy.tokens import Span


def attribute_query(sent: Span, ctx: Context) -> Query | None:
    """ "When is Ana's birthday?", "What is the capital of Australia?": the owner asked about
    and the attribute as the predicate, the value as the gap; None for other questions."""
    words = [t for t in sent if not t.is_punct]
    wh = _question_word(words) if words else None
    verb = sent.root
    if wh is None:
        return None
    said = _WH_VERB.get((wh, verb.lower_)) or _WH_VERB.get((wh, verb.lemma_.lower()))
    subj = next((c for c in verb.children if c.dep_ in ("nsubj", "nsubjpass")), None)
    if said is not None and subj is not None and subj.pos_ == "PROPN":
        # "When was Ana born?": the question word and the verb name the attribute.
        owner = _owner_ref(subj, ctx)
        return None if owner is None else Query(wh=wh, subject=owner, verb=said, attribute=True)
    if verb.lemma_ != "be":
        return None
    for tok in verb.children:
        if tok.dep_ not in ("nsubj", "attr") or tok.lower_ in ("what", "who", "which"):
            continue
        predicate = attribute_noun(tok)
        owner = attribute_owner(tok, ctx) if predicate else None
        if predicate is not None and owner is not None:
            negated = any(c.dep_ == "neg" for c in verb.children)
            # "Is Canberra the capital of Australia?": the value the asker names.
            named = [
                c.lemma_.lower()
                for c in verb.children
                if c.dep_ in ("nsubj", "attr", "acomp") and c is not tok and wh == "yes"
            ]
            return Query(
                wh=wh,
                subject=owner,
                verb=predicate,
                negated=negated,
                attribute=True,
                object_words=tuple(named),
                # "What is Nnamdi's book about?": the word left at the end names the role asked.
                prep=next(
                    (
                        t.lower_
                        for t in (*verb.children, *tok.children)
                        if t.dep_ == "prep" and not any(c.dep_ == "pobj" for c in t.children)
                    ),
                    None,
                ),
            )
    return None
