"""Names the talk knows, whatever the tagger calls them (issue 21, extra32). In a short question
the tagger has little to go on and may read a name it has never seen as an adjective or a
common noun ("How old is Hafsa?": Hafsa an adjective, the complement of "is", and no subject
at all). A capitalised word mid-sentence that the talk has already named as a person or pet
(Context.names) is that name: the talk's own people outrank the tagger's guess."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from spacy.tokens import Token

    from resident.language.statement import Context

#: The dependencies a complement of the verb may hang by when the tagger misreads a name.
_COMPLEMENTS = frozenset({"acomp", "attr", "oprd", "dobj"})


def mistagged_name(tok: Token) -> bool:
    """A capitalised word mid-sentence that the tagger read as another part of speech than a
    proper noun (a name it did not know)."""
    return tok.is_title and not tok.is_sent_start and tok.pos_ in ("NOUN", "ADJ", "VERB")


def named_complement(verb: Token, ctx: Context) -> Token | None:
    """The subject of a question parsed without one, where a complement of its verb is a name
    the talk knows: "How old is Hafsa?" asks about Hafsa, not what "hafsa" is."""
    return next(
        (
            c
            for c in verb.children
            if c.dep_ in _COMPLEMENTS and mistagged_name(c) and ctx.named(c.lower_) is not None
        ),
        None,
    )
