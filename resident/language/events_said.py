"""An event said by its time: "my interview is on Friday", "Pablo's wedding was yesterday",
"the allotment show is on the fourteenth of June". The event is the owner's attribute
("Meera's interview") or, with no owner, a thing named by its words ("allotment show"); the
time is stored as when it takes place, resolved from the day it was said. Pure, over the
parse.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from resident.language.attributes import attribute_noun, attribute_owner
from resident.language.clause_parts import _mood, _time_tokens
from resident.language.clause_time import said_by_its_time
from resident.language.statement import Context, Ref, Statement

if TYPE_CHECKING:
    from spacy.tokens import Token

#: Longest event name said without an owner ("the county cricket final").
_MAX_WORDS = 4


def event_by_its_time(
    verb: Token, subj_tok: Token, ctx: Context, negated: bool
) -> Statement | None:
    """The statement of when the event the copula's subject names takes place, or None."""
    if verb.lemma_ != "be" or negated:
        return None
    when, _ = _time_tokens(verb)
    mood = _mood(verb)
    if not said_by_its_time(verb, subj_tok, when) or when is None or mood is None:
        return None
    predicate = attribute_noun(subj_tok)
    owner = attribute_owner(subj_tok, ctx) if predicate else None
    if predicate is not None and owner is not None:
        # "Meera's interview is tomorrow": her interview, as "When is Meera's interview?"
        # asks it.
        return Statement(
            subject=owner,
            predicate=predicate,
            object=when,
            literal=True,
            verb=predicate,
            when=when,
            mood=mood,
        )
    if any(c.dep_ == "poss" for c in subj_tok.children):
        return None
    words = [t.text for t in subj_tok.subtree if t.dep_ != "det" and not t.is_punct]
    if len(words) > _MAX_WORDS:
        return None
    subject = Ref(role="name", name=" ".join(words), kind="thing")
    return Statement(
        subject=subject,
        predicate="happens",
        object=when,
        literal=True,
        verb="happen",
        when=when,
        mood=mood,
    )
