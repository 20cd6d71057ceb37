"""A count said without a verb of its own, after the thing the same speaker just named: "I
teach a night class in Welsh. Fifteen adults, mostly retired." (the class's adults), "I've
finished my thesis. Ninety pages." (the thesis's pages). The counted noun is kept as what
is in the thing, with its number as the quantity, in the one shape a count of what is in a
thing has ("There were sixty people at the party": counted_subjects.there_counted), so "How
many adults are in the night class?" finds it. Pure, over the parse.

The piece opens the sentence with a number and its plural noun and nothing else before it
(amount_pieces.opens_piece), after a sentence of the same turn whose verb took one thing as
its object (a plural object is things counted already: "bought eggs. Twelve."). Money is a
price (amount_pieces.py); a time ("Seven thirty"), a span of time or another measure ("Three
weeks", "Ten miles") says nothing of what a thing holds. With no thing named before it, a
count of relatives or animals ("I married Nasreen in 1999. Three kids.") is how many the same
speaker's clause subject has (count40).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from resident.language import lexicon
from resident.language.amount_pieces import opens_piece, time_like
from resident.language.counted_subjects import counted_noun_name
from resident.language.prices import price_named
from resident.language.roles import RoleFill, count_of
from resident.language.statement import KIN, Context, Ref, Statement, is_pet
from resident.language.words import words

if TYPE_CHECKING:
    from spacy.tokens import Span, Token

#: WordNet's classes of a noun that holds no count of what a thing has in it: a measure or
#: a span of time ("Ninety minutes", "Three weeks").
NOT_HELD = frozenset({"noun.quantity", "noun.time"})


def count_piece(sent: Span, ctx: Context) -> list[Statement]:
    """The count a verbless piece says of the thing the same speaker's sentence before named,
    as `<noun> located_in <thing>` with the number as its quantity; [] when it says none."""
    before = ctx.object_said
    named = _named(sent)
    ctx.object_said = None if named is None else (named, ctx.turn)
    if sent.text.rstrip().endswith("?"):
        return []
    noun = _counted(sent)
    if noun is None:
        return []
    if before is None or before[1] != ctx.turn:
        return _kept(noun, ctx)
    thing = before[0]
    name = counted_noun_name(noun)
    count = count_of(noun)
    if name is None or count is None:
        return []
    return [
        Statement(
            subject=Ref(role="name", name=name, kind="thing"),
            predicate="located_in",
            object=thing,
            mood="fact",
            verb="be",
            roles=(RoleFill(role="quantity", text=count),),
        )
    ]


def _kept(noun: Token, ctx: Context) -> list[Statement]:
    """ "I married Nasreen in 1999. Three kids.": a count of relatives or animals said with no
    thing named before it is how many the person the same speaker's clause before was about
    has, in the shape "we have three kids" is held in (held_counts counts it). Each member of
    a list of counts is one ("Three kids, two dogs and one husband."); a list said with no
    one before it is the speaker's own household told in brief, a count alone is not (after
    "Does Yusuf have kids?", "Two girls." is Yusuf's: ellipsis.py reads it)."""
    members = [noun, *_listed(noun)]
    said = ctx.subject_said
    if said is not None and said[1] == ctx.turn and said[2] == ctx.speaker:
        owner = said[0]
    elif len(members) > 1 and ctx.speaker is not None:
        owner = Ref(role="speaker", kind="person")
    else:
        return []
    if owner.kind != "person":
        return []
    out = []
    for member in members:
        lemma = member.lemma_.lower()
        count = count_of(member)
        if count is None or not (lemma in KIN or is_pet(lemma)):
            continue
        out.append(
            Statement(
                subject=owner,
                predicate="has",
                object=member.lower_,
                verb="have",
                roles=(RoleFill(role="quantity", text=count.lower()),),
            )
        )
    return out


def _listed(noun: Token) -> list[Token]:
    """The other counts of a list the piece opens ("two dogs" and "one husband" after "Three
    kids"): nouns joined to it, each opened by its own number."""
    out = []
    for t in noun.children:
        if t.dep_ in ("appos", "conj") and t.pos_ == "NOUN" and _opened_by_number(t):
            out += [t, *_listed(t)]
    return out


def _opened_by_number(noun: Token) -> bool:
    first = next(t for t in noun.subtree if t.dep_ not in ("punct", "intj", "cc"))
    return first.like_num and first.dep_ in ("nummod", "compound")


def _counted(sent: Span) -> Token | None:
    """The plural noun the piece counts, when the sentence opens with its number."""
    noun = next((t for t in sent if t.dep_ in ("ROOT", "npadvmod", "dep")), None)
    if noun is None or noun.pos_ != "NOUN" or not opens_piece(sent, noun):
        return None
    # "Three kids, two dogs": a list's numbers, each a count, are no time ("seven thirty").
    if noun.lower_ in words("currency_words") or (time_like(noun) and not _listed(noun)):
        return None
    if lexicon.first_lexname(noun.lemma_.lower(), "n") in NOT_HELD:
        return None
    # The number opens the piece: "Sixty pages", not "The first sixty pages".
    return noun if _opened_by_number(noun) else None


def _named(sent: Span) -> str | None:
    """The one thing the sentence's verb took as its object ("wrote an essay on Saturn for the
    club": the essay, not the club), as a price is kept under; None for things counted
    already ("bought eggs") or a sentence with no such object."""
    verb = sent.root
    obj = next((c for c in verb.children if c.dep_ == "dobj"), None)
    if verb.pos_ not in ("VERB", "AUX") or obj is None or obj.pos_ != "NOUN":
        return None
    return None if "Plur" in obj.morph.get("Number", []) else price_named(obj)
