"""A number said with the noun a clause is about, not with its object: "there were sixty people
at the party", "thirty kids came to Sol's birthday", "the petition was signed by forty
neighbours". The noun is stored as a thing (its words as said, "kids") with the number as the
statement's quantity, so "How many kids came to Sol's birthday?" finds it as it finds "How many
tickets did Tom sell?" (the quantity of the object). Pure, over the parse.

A number is a count only where the whole of what is said before the noun is number words
("one thousand two hundred"); an ordinal ("the third guest"), a year, an age or a time of day
is never a nummod of a plural noun, and a score ("3-1") is no number word. A noun with an owner
("my three kids") is someone's relatives, read elsewhere; one with a name is no common noun.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from resident.language.clause_parts import _negated, _time_tokens, verb_mood
from resident.language.roles import RoleFill, count_of
from resident.language.statement import Context, Ref, Statement
from resident.language.things import ReadWith
from resident.language.words import table

if TYPE_CHECKING:
    from spacy.tokens import Token


def counted_noun_name(noun: Token) -> str | None:
    """A plural common noun said with a number and no owner ("sixty people"), as said."""
    if noun.pos_ != "NOUN" or noun.ent_type_ not in ("", "CARDINAL", "QUANTITY"):
        return None
    if any(c.dep_ == "poss" for c in noun.children):
        return None  # "my three kids": relatives, read as such
    if count_of(noun) is None or "Plur" not in noun.morph.get("Number", []):
        return None
    mods = [c.lower_ for c in noun.children if c.dep_ in ("compound", "amod")]
    return " ".join([*mods, noun.lower_])


def counted_doer(noun: Token) -> Ref | None:
    """Who did a passive's deed, said by their number ("by forty neighbours"), as a thing."""
    name = counted_noun_name(noun)
    return None if name is None else Ref(role="name", name=name, kind="thing")


def there_counted(verb: Token, ctx: Context) -> list[Statement]:
    """ "There were sixty people at the party": the people, where they were, and how many."""
    if verb.lemma_.lower() != "be" or not any(c.dep_ == "expl" for c in verb.children):
        return []
    mood = verb_mood(verb)
    if verb.dep_ not in ("ROOT", "conj") or _negated(verb) or mood not in ("fact", "past"):
        return []
    noun = next((c for c in verb.children if c.dep_ == "attr"), None)
    name = None if noun is None else counted_noun_name(noun)
    if noun is None or name is None:
        return []
    places = table("thing_place_preps")
    prep = next(
        (p for p in (*noun.children, *verb.children) if p.dep_ == "prep" and p.lower_ in places),
        None,
    )
    pobj = None if prep is None else next((c for c in prep.children if c.dep_ == "pobj"), None)
    if prep is None or pobj is None or pobj.pos_ not in ("NOUN", "PROPN"):
        return []
    place = "".join(t.text_with_ws for t in pobj.subtree if t.dep_ not in ("det", "punct"))
    when, _ = _time_tokens(verb)
    return [
        Statement(
            subject=Ref(role="name", name=name, kind="thing"),
            predicate=places[prep.lower_],
            object=place.strip(),
            mood=mood,
            when=when,
            verb="be",
            roles=(RoleFill(role="quantity", text=count_of(noun) or ""),),
        )
    ]


def counted_subject(
    verb: Token, subj_tok: Token, ctx: Context, read_with: ReadWith
) -> list[Statement]:
    """ "Thirty kids came to Sol's birthday": the clause read of the kids, each statement with
    their number as its quantity (unless it counts its object already)."""
    # Only the verb's own subject: a relative clause's "who" stands for a noun read elsewhere
    # ("two nieces, Ada and Liv, who are six and nine": their ages, each one's).
    own = subj_tok.dep_ == "nsubj" and subj_tok.head == verb
    name = counted_noun_name(subj_tok) if own else None
    count = count_of(subj_tok)
    if name is None or count is None or verb_mood(verb) not in ("fact", "past"):
        return []
    if verb.lemma_.lower() == "be":
        # What counted people are ("two nieces ... are six and nine") is each one's, and a
        # reader may have split the clause from its names: only a deed is theirs together.
        return []
    subject = Ref(role="name", name=name, kind="thing")
    read = read_with(verb, subject, subj_tok, ctx, True)
    quantity = RoleFill(role="quantity", text=count)
    return [
        st
        if st.subject != subject or any(r.role == "quantity" for r in st.roles)
        else st.model_copy(update={"roles": (*st.roles, quantity)})
        for st in read
    ]
