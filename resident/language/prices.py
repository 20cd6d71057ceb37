"""Amounts of money said as what a thing costs: "it costs three hundred pounds", "the rent is
1100 a month", "the rent's going up to two thousand a month", "sold my Volvo for 4,000
pounds", "paid 300 for the bike", "booked the flights, £240 each". Pure, over the parse.

Every one is kept in one shape, the thing's statement `<thing> costs <amount>` (verb "cost"),
its amount with its rate ("a month", "each") also as a quantity whose unit is a currency
(role "quantity", as counting.py reads a number with its unit); the claim's time is
when it was said, so the latest amount said of a thing wins (price_answers.py). What a person
earns is their own statement ("Tayo earns £8 an hour") and is read as any clause is.

An amount is money when a currency word or sign is said with its number (data/currency_words,
currency_signs), or, with a bare number, when what it is said of is itself an amount (data/
price_nouns: "the rent is 1100 a month"). Nothing is kept from a question, a negated clause,
a wish or a hypothetical ("I hope it costs under 300", "if it cost 500"), or an amount said
as a bound ("less than 300").
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from resident.language import deals, lexicon
from resident.language.amount_pieces import continued_thing
from resident.language.change import change_kind
from resident.language.clause_parts import _negated, _time_tokens, verb_mood
from resident.language.counting import number_value
from resident.language.deal_parties import dealer, goods_of
from resident.language.deal_turns import deal_before, held_deal, note_deal
from resident.language.number_parts import scaled
from resident.language.roles import RoleFill, modality
from resident.language.statement import Context, Ref, Statement, keep_latest
from resident.language.words import words

if TYPE_CHECKING:
    from collections.abc import Callable

    from spacy.tokens import Span, Token

#: WordNet classes of nouns that are never the thing priced ("last month", "a pound").
_NOT_PRICED = frozenset({"noun.time", "noun.quantity"})
#: Dependencies an amount has under the verb that says what it costs.
_AMOUNT_DEPS = frozenset({"dobj", "attr", "acomp", "npadvmod", "oprd", "dep", "appos"})

#: How many things priced the talk keeps for a new price said with no currency.
_PRICED_KEPT = 200

#: The least bare number read as money after "for" ("for four" counts people; "for twenty"
#: is a price).
_LEAST_PRICE = 20

#: WordNet's classes of a noun whose first sense may be counted in hundreds ("the wedding was
#: two hundred": guests), though another sense is a made thing.
_COUNTED_FIRST = frozenset({"noun.event", "noun.act", "noun.person", "noun.communication"})

#: How a price is said: as a fact, done, planned (a wish is never kept).
Mood = Literal["fact", "past", "plan", "wish"]

#: The one predicate of every price ("the guitar cost three hundred pounds").
PRICE_PREDICATE = "costs"


def restore_priced(ctx: Context, told: Callable[[str, int, str], list[str]]) -> None:
    """The things whose price was said before a restart (the store's `told_subjects` of the
    price predicate, latest last): "Full groom is fifty now" is still a new price of the
    groom after MAX restarts, as every other thing he was told outlives the process."""
    for name in told("concept", _PRICED_KEPT, PRICE_PREDICATE):
        keep_latest(ctx.priced, name, None, _PRICED_KEPT)


def prices_said(sent: Span, ctx: Context) -> list[Statement]:
    """Each amount of money the sentence says a thing costs, as that thing's statement."""
    if sent.text.rstrip().endswith("?"):
        return []
    out: list[Statement] = []
    for tok in sent:
        amount = _amount(tok)
        if amount is None:
            continue
        read = _priced(amount, ctx) or _continued(sent, amount, ctx) or _answered(sent, amount, ctx)
        if read is not None and read not in out:
            out.append(read)
    args = [t for t in sent if _argument(t) and price_named(t) is not None]
    said = [n for t in args if (n := price_named(t)) is not None]
    ctx.priceable = (said[-1], ctx.turn) if said else ctx.priceable
    # What a deal was said of first ("hired a van for the move": the van), else the last;
    # none of things said together ("sold four mugs and a vase. Forty-five pounds in total").
    dealt = [(n, m) for t in args if (m := _dealt(t)) is not None and (n := price_named(t))]
    # Deals for money on one side ("bought", "sold"; not "got a job") may be priced later.
    sided = [n for t in args if _dealt(t) and deals.side(t.head.lemma_.lower()) is not None]
    last = (said[-1], None) if said else None
    together = any(t.dep_ == "conj" or any(c.dep_ == "conj" for c in t.children) for t in args[-1:])
    note_deal(dealt, bool(sided), together, out, ctx)
    if together:
        dealt, last = [], None
    kept = dealt[0] if dealt else last
    ctx.continued = None if kept is None else (kept[0], kept[1], ctx.turn)
    return out


def _continued(sent: Span, head: Token, ctx: Context) -> Statement | None:
    """A verbless amount continuing the sentence before ("I sold the car. Two thousand.")."""
    if _bounded(head):
        return None
    thing = continued_thing(sent, ctx, head, _money(head))
    before = ctx.continued
    # The deal's own mood ("sold": past; "we're selling it": plan); a thing named: a fact.
    mood = (before[1] if before is not None else None) or "fact"
    return None if thing is None else _price(thing, head, mood, None)


def _answered(sent: Span, head: Token, ctx: Context) -> Statement | None:
    """A verbless sum said in a turn after a deal, its price ("I bought a van." / "How much?" /
    "Six thousand.": deal_turns.py)."""
    if _bounded(head):
        return None
    found = deal_before(sent, head, ctx, _money(head))
    return None if found is None else _price(found[0], head, found[1], None)


def _dealt(tok: Token) -> Mood | None:
    """The mood of the deal the noun was said as the one thing of: bought, sold or booked
    ("sold the Honda"; not "bought eggs", whose bare number after is a count); else None."""
    verb = tok.head
    if tok.dep_ != "dobj" or verb.lemma_.lower() not in deals.object_verbs():
        return None
    if tok.tag_ not in ("NN", "NNP") or _unsaid(verb):
        return None
    mood = verb_mood(verb)
    return None if mood == "wish" else mood


def _amount(tok: Token) -> Token | None:
    """`tok` when it heads an amount: a currency noun with a number ("300 quid"), a number
    with a currency sign ("£240"), or a bare number (kept only where what it is said of is an
    amount itself); None for a number inside another amount or counting something else."""
    if tok.lower_ in words("currency_words"):
        if any(c.dep_ == "prep" and c.lower_ == "of" for c in tok.children):
            return None  # "a pound of flour": a weight
        counted = any(_number(c) for c in tok.children)
        return tok if counted or any(c.lower_ in ("a", "an") for c in tok.children) else None
    if not _number(tok) or tok.dep_ in ("nummod", "compound", "quantmod", "conj"):
        return None
    return tok


def _number(tok: Token) -> bool:
    return tok.like_num or tok.lower_ in ("a", "an") and tok.dep_ == "quantmod"


def _money(head: Token) -> bool:
    """Is the amount said as money (a currency word, or a sign before its number)?"""
    if head.lower_ in words("currency_words"):
        return True
    signs = words("currency_signs")
    before = head.doc[head.i - 1] if head.i > 0 else None
    return any(c.text in signs for c in head.children) or (
        before is not None and before.text in signs
    )


def _priced(head: Token, ctx: Context) -> Statement | None:
    """The statement of what the amount headed by `head` is the price of, or None."""
    if _bounded(head):
        return None
    found = _frame(head)
    if found is None:
        return None
    verb, thing_tok = found
    paying = verb.lemma_.lower() in words("paying_verbs") or _traded(head, verb)
    priced = _money(head) or paying or _made_thing_sum(head, verb, thing_tok)
    priced = priced or _deal_was(head, verb, thing_tok, ctx)
    named = thing_tok.lemma_.lower() in words("price_nouns")
    if not priced and not named and not _repriced(thing_tok, verb, ctx):
        return None
    if _unsaid(verb):
        return None
    thing = _thing(thing_tok, verb, ctx)
    if thing is None:
        return None
    mood = verb_mood(verb)
    if mood is None or mood == "wish":
        return None
    when, _ = _time_tokens(verb)
    ctx.remember_thing(thing)
    keep_latest(ctx.priced, thing, None, _PRICED_KEPT)
    return _price(thing, head, mood, when)


def _repriced(thing: Token, verb: Token, ctx: Context) -> bool:
    """A bare number said with a change ("now", "these days", "instead") of a thing whose
    price was said before ("A full groom is forty-five pounds" ... "Full groom is fifty now"):
    its new price, one value standing in for the one held."""
    return change_kind(verb.sent) == "replaced" and price_named(thing) in ctx.priced


def _traded(head: Token, verb: Token) -> bool:
    """A bare number said "for" a thing in a transaction ("sold the van for nine hundred", "got
    nine hundred for the van"): the money it went for, unless small enough to count people or
    hours ("got a table for four", "hired it for two"), where no currency word says it is
    money."""
    if verb.lemma_.lower() not in deals.for_price_verbs():
        return False
    # "got a hundred and fifty for it": the money the deal's object, the thing said "for".
    dealt_for = head.dep_ == "dobj" and any(
        c.dep_ == "prep" and c.lower_ == "for" for c in (*verb.children, *head.children)
    )
    if not dealt_for and (head.dep_ != "pobj" or head.head.lower_ != "for"):
        return False
    value = number_value(head.text)
    return scaled(head) or (value is not None and value >= _LEAST_PRICE)


def _price(thing: str, head: Token, mood: Mood, when: str | None) -> Statement:
    """The one shape of a price: `<thing> costs <amount>`, the amount also its quantity."""
    text, rate = _said(head)
    said = " ".join(w for w in (text, rate) if w)
    return Statement(
        subject=Ref(role="name", name=thing, kind="thing"),
        predicate=PRICE_PREDICATE,
        object=said,
        literal=True,
        mood=mood,
        when=when,
        verb="cost",
        roles=(RoleFill(role="quantity", text=said),),
    )


def _bounded(head: Token) -> bool:
    """Is the amount said as a bound ("less than 300", "under a grand")? A bound word anywhere
    under it counts ("seven hundred, more than we wanted" too): "The rent is 950, a hundred
    more than before" parses the amount under "more", and a price noun's two amounts, each
    of another thing's rent, would answer for each other (price_answers: the latest wins)."""
    return any(t.lower_ in words("amount_bounds") for t in head.subtree) or _bound_before(head)


def _made_thing_sum(head: Token, verb: Token, thing: Token) -> bool:
    """A bare sum in the hundreds or more said to be what a made thing is ("the sofa was seven
    hundred"): an artifact (WordNet) has no other such number without a unit, where a person's
    or an event's may count ("the wedding was two hundred": guests)."""
    if verb.lemma_.lower() != "be" or head.dep_ not in ("attr", "acomp"):
        return False
    if not scaled(head):
        return False
    noun = thing.lemma_.lower()
    first = lexicon.first_lexname(noun, "n")
    return "noun.artifact" in lexicon.lexnames(noun) and first not in _COUNTED_FIRST


def _deal_was(head: Token, verb: Token, subj: Token, ctx: Context) -> bool:
    """ "Mum's booked the cruise, it was three thousand six hundred": a sum with a scale word
    that "it" was, where "it" is the thing a deal was just said of (in the sentence, or the
    deal held from the turn before: deal_turns.py)."""
    if verb.lemma_.lower() != "be" or head.dep_ not in ("attr", "acomp"):
        return False
    if subj.lower_ not in words("price_stand_ins") or subj.dep_ != "nsubj":
        return False
    if not scaled(head):
        return False
    before = [t for t in subj.doc[subj.sent.start : subj.i] if _argument(t)]
    dealt = [t for t in before if _dealt(t) is not None]
    return bool(dealt) or (not before and ctx.dealt is not None)


def _bound_before(head: Token) -> bool:
    start = min(t.i for t in head.subtree)
    return start > 0 and head.doc[start - 1].lower_ in words("amount_bounds")


def _frame(head: Token) -> tuple[Token, Token] | None:
    """The verb that says the amount is a price, and the token naming what is priced."""
    gov = head.head
    lemma = gov.lemma_.lower()
    if head.dep_ == "pobj" and gov.lower_ in ("for", "to", "on"):
        return _prep_frame(head, gov)
    if head.dep_ not in _AMOUNT_DEPS or gov.i == head.i:
        return None
    if head.dep_ == "npadvmod" and gov.dep_ == "advmod" and gov.head.lemma_.lower() == "be":
        # "Full groom is fifty now": the parser hangs the number on "now" (as in "ten years
        # now"); it is what the thing is.
        subj = _subject(gov.head)
        return None if subj is None else (gov.head, subj)
    if lemma in words("price_verbs"):
        subj = _subject(gov)
        # "Got a ute last month, cost us 38 grand": the subject elided, the thing before.
        return (gov, subj) if subj is not None else (gov, gov)
    if lemma == "be" and head.dep_ in ("attr", "acomp"):
        subj = _subject(gov)
        return None if subj is None else (gov, subj)
    if lemma in words("price_change_verbs") and any(t.lower_ == "to" for t in head.subtree):
        # "the membership went up to forty pounds", the parser hanging "up to" on the number;
        # "they put the broadband up to thirty-five pounds": the thing changed, its object.
        subj = _changed(gov, head) or _subject(gov)
        return None if subj is None else (gov, subj)
    if lemma in deals.object_verbs() and head.dep_ == "dobj":
        # "paid 300 for the bike", "spent fifty quid on shoes": what it was paid for.
        hung = (*gov.children, *head.children)  # "for the bike" may hang on the amount
        preps = [c for c in hung if c.dep_ in ("prep", "dative") and c.lower_ in ("for", "on")]
        pobj = next((c for p in preps for c in p.children if c.dep_ == "pobj"), None)
        return None if pobj is None else (gov, pobj)
    if head.dep_ in ("npadvmod", "appos") and gov.dep_ in ("npadvmod", "appos"):
        # "It's booked, four nights, 280 quid for the lot": the amount beside a phrase beside
        # the deal's verb.
        gov, lemma = gov.head, gov.head.lemma_.lower()
    if lemma in deals.object_verbs() and head.dep_ in ("npadvmod", "appos"):
        # "booked the flights already, £240 each": the amount said beside what was bought
        # (or the thing said booked: "the cottage is booked, ...").
        said = ("dobj", "nsubjpass")
        obj = next((c for c in gov.children if c.dep_ in said), None)
        return None if obj is None or not _money(head) else (gov, obj)
    return None


def _prep_frame(head: Token, prep: Token) -> tuple[Token, Token] | None:
    """ "sold the Volvo for 4,000 pounds", "it sold for fifteen pounds", "the rent is going up
    to 2000": the verb of the preposition and what it prices."""
    verb = prep.head
    if prep.lower_ == "to" and verb.lower_ in ("up", "down") and verb.dep_ in ("prep", "prt"):
        verb = verb.head  # "put the allotment up to sixty pounds": "to" hung on "up"
    lemma = verb.lemma_.lower()
    if prep.lower_ == "to":
        if lemma not in words("price_change_verbs") or prep.dep_ != "prep":
            return None
        # "the council put the allotment up to sixty", "they cut the fee to ten": the thing
        # changed is the object; "the rent went up to 900": the subject.
        subj = _changed(verb, head) or _subject(verb)
        return None if subj is None else (verb, subj)
    if prep.lower_ != "for" or lemma not in deals.object_verbs() | deals.for_price_verbs():
        return None
    obj = next((c for c in verb.children if c.dep_ == "dobj"), None)
    if obj is not None:
        return verb, obj
    subj = _subject(verb)
    # "it sold for fifteen pounds": the thing sold itself; a person buys, is never priced.
    return None if subj is None else (verb, subj)


def _changed(verb: Token, amount: Token) -> Token | None:
    """The thing a price change is done to, the verb's object other than the amount ("the
    council put the allotment up to sixty"), or None ("the rent went up to 900")."""
    return next((c for c in verb.children if c.dep_ == "dobj" and c.i != amount.i), None)


def _subject(verb: Token) -> Token | None:
    subj = next((c for c in verb.children if c.dep_ in ("nsubj", "nsubjpass")), None)
    if subj is None and verb.dep_ in ("xcomp", "conj"):
        return _subject(verb.head)
    return subj


def _unsaid(verb: Token) -> bool:
    """A clause that says no price was paid: negated, a question, a hypothetical or a wish,
    or under a verb of wanting or a condition ("I hope it costs ...", "if it cost ...")."""
    if _negated(verb) or modality(verb, verb_mood(verb)) in ("hypothetical", "question", "wish"):
        return True
    if any(c.lower_ in ("if", "unless", "whether") for c in verb.children):
        return True
    if any(c.lower_ in ("would", "could", "might", "should") for c in verb.children):
        return True
    hoped = words("desire_verbs") | words("belief_verbs")
    return any(a.lemma_.lower() in hoped and a.pos_ == "VERB" for a in verb.ancestors)


def _thing(tok: Token, verb: Token, ctx: Context) -> str | None:
    """The name of the thing priced: the noun's lemma with the nouns compounded before it
    ("council tax bill"); for "it" (or a clause with no subject) the nearest noun said as an
    argument before it in its sentence, else in the sentence before in the same turn."""
    if tok.i == verb.i or tok.lower_ in words("price_stand_ins"):
        if tok.dep_ == "nsubj" and tok.lower_ in ("which", "that") and verb.dep_ == "relcl":
            return price_named(verb.head)
        # "a man in Harpenden sold it": the seller is no thing it could stand for.
        before = [t for t in tok.doc[tok.sent.start : tok.i] if _argument(t) and not dealer(t)]
        # "sold the Zafira for scrap, got 150 for it": "it" is the thing dealt, not "scrap".
        dealt = [t for t in before if _dealt(t) is not None]
        if dealt or before:
            return price_named((dealt or before)[-1])
        # A deal of its own, nothing named before it in the sentence: the thing the teller's
        # last deal was of ("I've sold the motorbike." ... "Got 2,500 for it"), not a noun of
        # the sentence before ("not a bike").
        held = held_deal(ctx) if verb.lemma_.lower() in deals.for_price_verbs() else None
        if held is not None:
            return held
        said = ctx.priceable
        return said[0] if said is not None and said[1] == ctx.turn else None
    if (goods := goods_of(tok)) is None:
        return None
    tok = goods
    if tok.dep_ == "nsubj" and tok.pos_ == "PROPN":
        # "Niamh, the council tax bill is ...": the one spoken to, the parser's subject.
        tok = next((c for c in tok.children if c.dep_ == "appos"), tok)
    return price_named(tok) if _priceable(tok) else None


def _priceable(tok: Token) -> bool:
    """A noun that can have a price: not a time, a named person or place, or an amount (a
    noun for people is one: "the plumber cost us 200", and "ute" is first a people in WordNet)."""
    if tok.pos_ not in ("NOUN", "PROPN") or tok.ent_type_ in ("DATE", "TIME"):
        return False
    if tok.ent_type_ in ("PERSON", "GPE") and not _goods(tok):
        return False
    noun = tok.lemma_.lower()
    if noun in words("currency_words") or tok.dep_ == "npadvmod":
        return False  # "a month" after an amount is its rate
    return lexicon.first_lexname(noun, "n") not in _NOT_PRICED


def _goods(tok: Token) -> bool:
    """A name said as what was bought or sold ("sold the Zafira", "bought a Skoda"): goods,
    whatever the entity tagger guessed (a person's name is paid, never bought)."""
    verb = tok.head.lemma_.lower()
    if tok.dep_ != "dobj" or verb in words("paying_verbs"):
        return False
    return verb in deals.object_verbs() & deals.for_price_verbs() and deals.side(verb) is not None


def _argument(tok: Token) -> bool:
    """A priceable noun said as an argument: a subject, an object, or "for"/"of" one ("saving
    for a guitar", "one of my bowls"), never the place or time of a clause ("at the centre")."""
    if not _priceable(tok):
        return False
    if tok.dep_ in ("compound", "poss"):
        return False  # "the pottery show": the show is the noun said
    return tok.dep_ != "pobj" or tok.head.lower_ in ("for", "of")


def price_named(tok: Token) -> str | None:
    """The name of the thing a noun names, as its price is kept under ("council tax bill"),
    or None for a noun that has no price."""
    if not _priceable(tok):
        return None
    # Nouns compounded before it, each a word of its own ("council tax bill"), not a phrase
    # ("second-hand road bike": road bike).
    compounds = [
        c
        for c in tok.children
        if c.dep_ == "compound" and c.i < tok.i and not list(c.children) and _noun_only(c)
    ]
    # One name for "the flights" and "a flight": a price is asked in either number.
    head = tok.lower_ if tok.pos_ == "PROPN" else tok.lemma_.lower()
    return " ".join([*(c.lower_ for c in compounds), head])


def _noun_only(tok: Token) -> bool:
    """A word WordNet knows as a noun and not as an adjective ("road" of "road bike", not
    "secondhand" the tagger compounded)."""
    return lexicon.base(tok.lower_, "a") is None


def _said(head: Token) -> tuple[str, str]:
    """The amount as said (its number and currency, without an article before it) and its
    rate after it ("a month", "per hour", "each"), or "" when none."""
    doc = head.doc
    span = _kept(head)
    start, end = min(t.i for t in span), max(t.i for t in span) + 1
    # "two thousand pounds, private, because ...": what follows a comma is said of the amount.
    comma = next((t.i for t in doc[head.i : end] if t.text == ","), None)
    end = end if comma is None else comma
    if start > 0 and doc[start - 1].text in words("currency_signs"):
        start -= 1
    text = doc[start:end].text
    nxt = [t.lower_ for t in doc[end : end + 2]]
    if nxt[:1] == ["each"]:
        return text, "each"
    # "a month", "per night": a rate's determiner (data/frequency_rates, as counting reads
    # one; "every" says a habit, not what an amount is per).
    if len(nxt) == 2 and nxt[0] in words("frequency_rates") - {"every"} and _period(nxt[1]):
        return text, " ".join(nxt)
    return text, ""


def _kept(tok: Token) -> list[Token]:
    """The amount's own words: its number and currency, without what hangs on it."""
    out = [tok]
    for c in tok.children:
        if c.dep_ == "quantmod" and c.lower_ in ("up", "down", "to"):
            continue  # "up to forty pounds": the change, not the amount
        if (
            c.dep_ == "det"
            and c.lower_ in ("a", "an")
            and not any(_number(n) for n in tok.children)
        ):
            out.append(c)  # "a grand": the article is its number
        elif c.dep_ not in ("det", "punct", "npadvmod", "prep", "relcl", "acl", "appos"):
            out += _kept(c)
    return out


def _period(word: str) -> bool:
    base = lexicon.base(word, "n") or word
    return base in words("rate_periods")
