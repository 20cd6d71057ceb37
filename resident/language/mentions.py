"""Who a sentence names, remembered for the pronouns after it: the last name said becomes
whom he/she refers to next, a pet or relative named by its noun is remembered as that kind,
and names said alone or to someone are told apart. Pure (the context is the turn's state).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from resident.language.animacy import note_kinds
from resident.language.antecedent_ranking import note_candidates
from resident.language.antecedents import (
    keeper_of,
    main_subject,
    named_noun,
    relation_kind,
    rivals_of,
    yours,
)
from resident.language.pronoun_scope import note_unread
from resident.language.refs import _name_of, _noun_lemma, bare_relative
from resident.language.salience import names_a_thing, place_named

if TYPE_CHECKING:
    from spacy.tokens import Span

    from resident.language.statement import Context


def note_mentions(sent: Span, ctx: Context) -> None:
    """The last name in the sentence becomes what he/she refers to next."""
    _note_names(sent, ctx)
    note_kinds(sent, ctx, _name_of)  # "the Dyson", "St Luke's Hospital": no he/she next
    note_candidates(sent, ctx, _name_of)  # "My husband Rory ... Cait came. He ...": Rory
    note_unread(sent, ctx)  # "..., Pickle.": a name taken as no one, this turn


def _note_names(sent: Span, ctx: Context) -> None:
    for tok in sent:
        if (asked := yours(tok)) is not None:
            ctx.remember_asked(asked)  # "How's your mum?": the answerer's mum, for "she".
        if tok.pos_ == "PROPN" and tok.dep_ not in ("compound", "flat") and tok.lower_ != "max":
            if bare_relative(tok) is not None or names_a_thing(tok) or place_named(tok):
                # "Dad": the speaker's father, remembered as a relative when read; "it's called
                # Snip Street": a thing's name, no one a he/she names.
                continue
            kind = "person" if tok.ent_type_ == "PERSON" else "thing"
            noun = named_noun(tok)
            if noun is not None and (given := relation_kind(_noun_lemma(noun))) is not None:
                # "a cat named Miso", "Grandad's dog is Skipper", "our cat is called Tigger",
                # "my dog, Rex": what the noun named is.
                ctx.remember(_name_of(tok), given)
                ctx.rivals = rivals_of(tok, _name_of)
                if given == "animal":
                    ctx.keeper = keeper_of(tok, _name_of)
                continue
            if tok.dep_ == "attr" and any(
                c.lower_ in ("i", "we") for c in tok.head.children if c.dep_ == "nsubj"
            ):
                # "I'm Ben": the speaker, not someone he or she will refer to.
                continue
            if tok.dep_ == "attr" and any(
                c.lower_ in ("this", "that") for c in tok.head.children if c.dep_ == "nsubj"
            ):
                # "This is Rex": a name given, of someone or something the text has not said.
                kind = "unknown"
            named = kind != "thing" or tok.dep_ in ("nsubj", "appos", "attr")
            # A name said to someone ("Hi Sam!") is who is addressed, not who "he" is next.
            addressed = tok.dep_ in ("npadvmod", "intj", "ROOT", "dep", "vocative")
            if tok.dep_ == "ROOT" and len(sent) <= 2 and ctx.named(_name_of(tok)):
                # "Bruno! He is fine": a name said before, alone, is who the turn is about.
                addressed = False
            if named and not addressed:
                ctx.remember(_name_of(tok), kind)
                ctx.rivals = rivals_of(tok, _name_of)
                if (main := main_subject(tok)) is not None:
                    # "Joel moved his desk so Pepper isn't alone. He ...": either of them.
                    ctx.rivals = (*ctx.rivals, (_name_of(main), "", None))
            elif tok.dep_ == "ROOT" and len(sent) <= 2 and ctx.last_mention is not None:
                # "Kimchi! He is fine": a new name said alone may be whom "he" names next, or
                # whom the speaker calls; either way not the one named before it.
                ctx.rivals = (*ctx.rivals, (_name_of(tok), "", None))
