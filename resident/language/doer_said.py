"""A yes/no question of a deed, answered by the doer noun a statement names someone by: "Does
Ella swim?" of "Ella is a strong swimmer", "Does Tomasz bake?" of "Tomasz works as a baker".
The noun is WordNet's doer of the verb asked (asked_meaning.doer_nouns: swimmer of swim), the
statement says what the one asked is ("is a", "works as"), and no word before the noun says the
deed is not done now ("a former swimmer", "an aspiring baker": data/doer_not_now.txt). Pure.

Only a question with nothing beside its verb: "Does Ella swim in the sea?", "Does Tomasz bake
bread?" ask more than the noun says. A "no" comes only from a negated statement, as for any
yes/no question (asking._said)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from resident.language import lexicon
from resident.language.asked_meaning import doer_nouns
from resident.language.matching import claim_verbs
from resident.language.words import words

if TYPE_CHECKING:
    from resident.language.question_reading import Query
    from resident.records import Claim

#: Words before a doer noun that say the deed is not done now.
_NOT_NOW = words("doer_not_now")
#: The verbs a statement names someone by what they are with ("is a", "works as").
_NAMING = frozenset({"be", "is", "work", "works", "a", "as"})


def doer_said(query: Query, claim: Claim, label: str) -> str | None:
    """The doer noun phrase ("strong swimmer") by which a statement answers "Does X <verb>?",
    None where it does not."""
    bare = not (query.object_words or query.prep or query.also or query.attribute)
    if query.wh != "yes" or not bare or query.subject is None or query.time_phrase:
        return None
    negated, verbs, prep = claim_verbs(claim.predicate)
    person = (claim.object_entity or "").startswith("person:")
    if negated or prep is not None or person or not verbs <= _NAMING:
        # "Ines is not a good singer" says nothing of whether she sings.
        return None
    said = label.lower().partition(" of ")[0].replace("-", " ").split()
    # "ex" and "would-be" as said with their hyphen or without it.
    pairs = {"-".join(pair) for pair in zip(said, said[1:], strict=False)}
    if not said or (set(said) | pairs) & _NOT_NOW:
        return None
    head = lexicon.base(said[-1], "n") or said[-1]
    return label if head in doer_nouns(query.verb) else None
