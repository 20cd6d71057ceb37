"""Passive clauses read into statements ("Ana was born on 3 May", "I was visited by the vicar",
"the van was sold in July"): for each person of the subject, by what the question of the
verb names, the state it leaves, or the doer made the subject. Pure.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from resident.language.attributes import asked_as_statement, state_passive
from resident.language.clause_parts import passive_modality
from resident.language.ending_aspect import parted_statements, parted_subject, parts_with_thing
from resident.language.passive_agent import by_someone, done_by, done_to
from resident.language.reciprocal import between
from resident.language.refs import subject_ref
from resident.language.role_fill import roles_but as _roles_but
from resident.language.role_fill import with_roles as _with_roles
from resident.language.statement import Context, Statement
from resident.language.things import thing_subject

if TYPE_CHECKING:
    from spacy.tokens import Token


def _passive(verb: Token, ctx: Context) -> list[Statement]:
    """A passive clause, for each person of its subject ("Tom and I are getting married"), and
    the relation between two of them when the verb is one they do to each other."""
    subj_tok = next((c for c in verb.children if c.dep_ == "nsubjpass"), None)
    if subj_tok is None:
        return _passive_for(verb, None, None, ctx)
    # Things listed ("the roses and the tulips were planted") are read as one phrase, as before.
    more = (c for c in subj_tok.conjuncts if c.i > subj_tok.i)
    listed = [subj_tok, *(c for c in more if subject_ref(c, ctx) is not None)]
    out = [st for tok in listed for st in _passive_for(verb, subj_tok, tok, ctx)]
    return out + _with_roles(verb, subj_tok, between(verb, listed, out, ctx))


def _passive_for(
    verb: Token, subj_tok: Token | None, tok: Token | None, ctx: Context
) -> list[Statement]:
    """A passive clause is read only for what its question names ("Ana was born on 3 May":
    "when born" is her birthday); its subject is not who did it."""
    subject = None if tok is None else subject_ref(tok, ctx)
    subject = subject or thing_subject(tok, ctx)  # "the fridge was delivered"
    subject = subject or parted_subject(verb, tok)  # "the van was sold"
    asked = None if subject is None else asked_as_statement(verb, subject)
    if subject is not None and not asked and parts_with_thing(verb, subject):
        # "the van was sold in July": parted with, read only so ("wasn't sold": nothing).
        return parted_statements(verb, subj_tok, subject, ctx)
    state = None if subject is None or asked else state_passive(verb, subject)  # "is married"
    if subject is not None and not asked and state is None and not by_someone(verb):
        state = done_to(verb, subject)  # "I was promoted on Monday"
    someone = subject is not None or (tok is not None and tok.pos_ == "NOUN")
    if subj_tok is not None and tok is not None and someone and not asked and state is None:
        # "I was visited by the vicar": the vicar visits me; "The roses were planted by
        # Margaret": Margaret plants the roses (a thing, no one the reader names).
        active = done_by(verb, subject, tok, ctx)
        done = [] if active is None else _with_roles(verb, subj_tok, [active])
        # The doer is the subject now, no role beside it.
        return [st.model_copy(update={"roles": _roles_but(st, "agent")}) for st in done]
    if asked or state is None:
        return [] if asked is None else [asked]
    said = passive_modality(verb)
    return [st.model_copy(update={"modality": said}) for st in _with_roles(verb, subj_tok, [state])]
