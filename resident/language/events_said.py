"""An event said by its time: "my interview is on Friday", "Pablo's wedding was yesterday",
"the allotment show is on the fourteenth of June". The event is the owner's attribute
("Meera's interview") or, with no owner, a thing named by its words ("allotment show"); the
time is stored as when it takes place, resolved from the day it was said. Pure, over the
parse.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from resident.language.attributes import attribute_noun, attribute_owner
from resident.language.clause_parts import _time_tokens, verb_mood
from resident.language.clause_time import said_by_its_time
from resident.language.event_owner import event_owner
from resident.language.roles import RoleFill, clause_roles
from resident.language.statement import Context, Ref, Statement

if TYPE_CHECKING:
    from spacy.tokens import Token

_Mood = Literal["fact", "past", "plan", "wish"]

#: Longest event name said without an owner ("the county cricket final").
_MAX_WORDS = 4


def _copula(verb: Token) -> Token | None:
    """The clause's copula: the verb itself, or the "be" a plan is made of ("the wedding is
    going to be in August", parsed with the subject on "going")."""
    if verb.lemma_ == "be":
        return verb
    if verb.lemma_ != "go" or verb.tag_ != "VBG":
        return None
    inner = next((c for c in verb.children if c.dep_ == "xcomp" and c.lemma_ == "be"), None)
    said_to = inner is not None and any(c.lower_ == "to" for c in inner.children)
    return inner if said_to else None


def event_by_its_time(
    verb: Token, subj_tok: Token, ctx: Context, negated: bool
) -> Statement | None:
    """The statement of when the event the copula's subject names takes place, or None; where
    it takes place ("in my parents' garden") is a role of it (`_places`)."""
    copula = _copula(verb)
    if copula is None or negated:
        return None
    when, at = _time_tokens(copula)
    mood = "plan" if copula is not verb else verb_mood(verb)
    if not said_by_its_time(copula, subj_tok, when, frozenset(at)) or when is None or mood is None:
        return None
    said = _event(subj_tok, when, ctx, mood)
    return None if said is None else said.model_copy(update={"roles": _places(verb, copula, at)})


def _places(verb: Token, copula: Token, at: set[int]) -> tuple[RoleFill, ...]:
    """ "The wedding is in August, in my parents' garden": where the event takes place, the
    copula's place phrases (or the plan's, the parser may hang them on "going")."""
    heads = (copula,) if copula is verb else (copula, verb)
    out: list[RoleFill] = []
    for head in heads:
        used = {t.i for c in head.children if c.dep_ in ("nsubj", "xcomp") for t in c.subtree}
        found = clause_roles(head, used | at)
        out.extend(r for r in found if r.role == "location" and r not in out)
    return tuple(out)


def _event(subj_tok: Token, when: str, ctx: Context, mood: _Mood) -> Statement | None:
    """The event's statement: its owner's attribute, or a thing that happens."""
    predicate = attribute_noun(subj_tok)
    owner = attribute_owner(subj_tok, ctx) if predicate else None
    # "When's the interview?" - "Thursday.": the one person just talked of, if one.
    owner = owner or (event_owner(subj_tok, ctx) if predicate else None)
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
