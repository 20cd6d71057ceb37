"""A verbless fragment after a statement, read as that statement said again with it (issue 21,
frag40). Pure: two parsed sentences in, one sentence's text out.

"We booked a holiday." / "Lisbon, in May. Six hundred quid.": the fragment is ellipsis of the
statement before it, whose verb, subject and object it leaves out. Rather than a rule per role
(what fragments.py did role by role), the clause is said again whole with each part of the
fragment (its comma-separated parts) where the same words would stand in a full clause, and the
one reader reads it as it reads any clause ("We booked a holiday in Lisbon in May for six
hundred quid"). A part goes in by its form and its type:

- a preposition's phrase ("to Marcus", "off the coast of Anglesey") as it is: an adjunct;
- money ("six hundred quid"), or a number alone after a deal on a thing ("Sold the caravan.
  Seven thousand."), after "for": the price;
- a date or a time: as it is after a word that says which ("last spring", "next Friday"),
  else after "on" (a day) or "in" (a month, a season, a year);
- a place named alone ("Lisbon") after "to" for a going (data/ellipsis_motion.txt), else "in";
- a name said after a statement of one thing ("I walk the dog. Nell.") names that thing:
  "the dog called Nell".

Nothing is said again when the frame is a question, a denial, a wish or a hypothetical (what
was not or may not be done has no place or price), when the fragment hedges, or when a part
fits no role; and the clause said again is kept only when the reader reads in it the frame's
own statements (verb, subject, polarity, every role and number they had) with more. Otherwise
the fragment is left to the readers after it (fragments.finish for a count, a span of time or
the object's modifiers; confirmed.named_after for a kind of the object). The caller parses
the sentence made once, so a fragment costs one parse, and no other sentence any.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from spacy.lang.en.lex_attrs import like_num

from resident.language import deals, lexicon
from resident.language.fragments import is_fragment
from resident.language.gap_kinds import head_of
from resident.language.hedging import hedged
from resident.language.when_days import MONTHS, WEEKDAYS, day_index, direction, ordinal, tokens
from resident.language.words import words

if TYPE_CHECKING:
    from spacy.tokens import Span, Token

    from resident.language.statement import Statement

#: What the reader reads of a sentence's text: its statements, and the sentence parsed.
_Read = tuple[list["Statement"], "Span"]

_MOTION = words("ellipsis_motion")
_CURRENCY = words("currency_words")
#: Verbs of paying, after which (as after a deal for money: deals.side) a number alone is the
#: price ("Sold it. Seven thousand.").
_PRICED = words("paying_verbs") | words("price_verbs")
#: How a frame is said for a fragment to finish it: as done, planned, a habit or a state.
_SAID_SO = frozenset({"done", "plan", "habit", "state"})
_SEASONS = frozenset({"spring", "summer", "autumn", "fall", "winter"})
_PLACE_ENTS = frozenset({"GPE", "LOC", "FAC"})
_TIME_ENTS = frozenset({"DATE", "TIME"})
_NAMED_PLACE_SENSES = words("named_place_senses")
#: WordNet's classes of a noun for a deed that takes place somewhere ("a swim", "a wedding").
_DEED_KINDS = frozenset({"noun.act", "noun.event"})
#: WordNet's classes of a verb whose most frequent sense is done in the mind.
_NO_DEED_VERBS = frozenset({"verb.cognition", "verb.perception", "verb.emotion"})
#: The first word of a time phrase that says which one, so that it is said without a preposition.
_DEICTIC_DEPS = frozenset({"det", "amod", "predet"})
#: Said around a fragment and no part of it ("Lisbon, mind.", "Oh, in May.").
_EDGE_POS = frozenset({"INTJ", "CCONJ", "PUNCT", "PART"})


def spliced(frame: Span, fragment: Span) -> str | None:
    """The frame clause said again with `fragment`'s parts in their roles, or None when the
    frame takes no fragment or no part of it fits a role."""
    if fragment.text.rstrip().endswith("?") or not is_fragment(fragment) or refused(frame):
        return None
    if _not_so(fragment):
        return None
    root = frame.root
    said = [t for t in frame if not (t.is_punct and t.i >= root.i and _closing(t))]
    if not said:
        return None
    adjuncts: list[str] = []
    named: str | None = None
    kind: str | None = None
    for part in comma_parts(fragment):
        pieces = _adjuncts(part, root)
        if pieces:
            adjuncts.extend(pieces)
        elif named is None and not adjuncts and _names(part, root):
            named = said_in_clause(part)
        elif kind is None and named is None and not adjuncts and _kind_of_object(part, root):
            # "We adopted a cat. A tabby.": the cat said more exactly, "a tabby cat"
            kind = said_in_clause([t for t in part if t.dep_ != "det"])
        elif (adjuncts or named) and _described(part):
            # "To Marcus, a firefighter from Brighouse": what the part before names, said of it
            if adjuncts:
                adjuncts[-1] += f", {said_in_clause(part)},"
            elif named is not None:
                named += f", {said_in_clause(part)},"
        else:
            return None  # a part whose kind fits no role: nothing rather than a guess
    if not adjuncts and named is None and kind is None:
        return None
    words_said = [t.text_with_ws for t in said]
    obj = _object(root)
    if kind is not None and obj is not None:
        at = next(n for n, t in enumerate(said) if t.i == obj.i)
        words_said[at] = f"{kind} {words_said[at]}"
    if named is not None:
        if obj is None:
            return None
        at = next(n for n, t in enumerate(said) if t.i == obj.right_edge.i)
        words_said[at] = f"{said[at].text} called {named} "
    clause = "".join(words_said).rstrip(" ,;:-")
    return " ".join([clause, *adjuncts]).rstrip(" ,") + "."


def _not_so(fragment: Span) -> bool:
    """A piece not said as so: hedged ("In Leeds, maybe.") or denied ("Wedding's put back.
    Not September now.": what it is not fills no role)."""
    if any(t.dep_ == "neg" or t.lower_ in ("not", "never") for t in fragment):
        return True
    return hedged(fragment.as_doc())


def _closing(tok: Token) -> bool:
    """Punctuation that ends the frame (".", "!", "..."), dropped where the fragment goes on."""
    return tok.i == tok.sent.end - 1 or all(t.is_punct for t in tok.doc[tok.i : tok.sent.end])


def refused(frame: Span) -> bool:
    """A frame no fragment finishes: one not said as so (`unsaid`), or no verb of its own."""
    root = frame.root
    if unsaid(frame) or root.pos_ != "VERB":
        return True  # "I did", "he has": a verb said for another before it
    if any(_names_by_number(t) for t in frame):
        return True  # "I drove the 529": said again, a count question would take it for one
    # "It was cheaper.", "You'll be the first.": a fragment after is a comment
    return any(c.dep_ in ("attr", "acomp") for c in root.children)


def _names_by_number(tok: Token) -> bool:
    """Is the token a number that names a thing ("the 529", "bus 52", "number nine", "part
    two"), not a count of things (a plural noun's), a date, a time or a sum?"""
    if not tok.like_num or _a_year(tok.text) or _ranked(tok):
        return False  # "my first parkrun": a rank, no thing named by its number
    if tok.dep_ in ("dobj", "nsubj", "nsubjpass"):
        return True  # "drove the 529" (which the model may tag a date, "the 529 for years")
    if tok.ent_type_ in ("DATE", "TIME", "MONEY", "PERCENT", "QUANTITY"):
        return False
    return tok.head.tag_ in ("NN", "NNP")


def unsaid(frame: Span) -> bool:
    """A frame not said as so: a question, a denial, a hypothetical ("I'd love to", "if we
    win"), a wish; what was not or may not be has no place, price or kind."""
    root = frame.root
    if frame.text.rstrip().endswith("?"):
        return True
    clause = [root, *(c for c in root.children if c.dep_ in ("xcomp", "ccomp", "aux"))]
    for verb in clause:
        for child in verb.children:
            if child.dep_ == "neg" or child.lower_ in ("never", "if"):
                return True
            if child.tag_ == "MD" and child.lower_ not in ("will", "'ll", "shall"):
                return True  # "would", "could", "might": not said as done or planned
    return any(t.dep_ == "mark" and t.lower_ == "if" for t in frame)


def comma_parts(fragment: Span) -> list[list[Token]]:
    """The fragment's parts between commas, without what is said around each ("Oh, in May",
    "and Lisbon"; the "and" of "Tuesdays and Thursdays" stays)."""
    out: list[list[Token]] = [[]]
    for t in fragment:
        if t.text in (",", ";", "-", "–") or t.is_punct:
            out.append([])
        else:
            out[-1].append(t)
    parts = []
    for part in out:
        while part and part[0].pos_ in _EDGE_POS:
            part = part[1:]
        while part and part[-1].pos_ in _EDGE_POS:
            part = part[:-1]
        if part:
            parts.append(part)
    return parts


def _adjuncts(part: list[Token], root: Token) -> list[str]:
    """The part as adjuncts: whole ("in May"), or its lead and the phrases after it ("Thursdays
    at the wall"); [] when its lead is no adjunct ("a firefighter from Brighouse")."""
    whole = _adjunct(part, root)
    if whole is not None:
        return [whole]
    led = [_adjunct(sub, root) for sub in _led(part)]
    return [p for p in led if p is not None] if len(led) > 1 and None not in led else []


def _led(part: list[Token]) -> list[list[Token]]:
    """The part as its lead and the preposition phrases after it, each a part ("Two thousand
    three hundred to a lad from Crawley", "Thursdays at the wall"); a phrase inside another
    ("from Crawley") stays in it."""
    ids = {t.i for t in part}
    cuts = [
        n
        for n, t in enumerate(part)
        if n
        and t.pos_ == "ADP"
        and t.dep_ == "prep"
        and t.head.i in ids
        and t.head.i < t.i
        and not any(p.pos_ == "ADP" and p.i < t.i and t.head.i > p.i for p in part[:n])
    ]
    if not cuts or part[0].pos_ == "ADP":
        return [part]
    bounds = [0, *cuts, len(part)]
    return [part[a:b] for a, b in zip(bounds, bounds[1:], strict=False) if part[a:b]]


def said_in_clause(part: list[Token]) -> str:
    """The part as said inside a clause: its first word in lower case unless a name."""
    said = "".join(t.text_with_ws for t in part).strip()
    named = part[0].pos_ == "PROPN" or part[0].ent_type_ in ("PERSON", "GPE", "ORG", "NORP")
    return said if named or part[0].text == "I" else said[:1].lower() + said[1:]


def _described(part: list[Token]) -> bool:
    """Is the part a noun phrase that describes what is before it ("a firefighter from
    Brighouse", "two minutes from the river"): a noun with no preposition of its own first?"""
    if _money(part) or any(t.ent_type_ in _TIME_ENTS for t in part):
        return False  # "in ten weeks, a hundred quid": a price, not what the weeks are
    ids = {t.i for t in part}
    # "number nine", "the 36 from town": a number that names a thing, not a count of it
    if any(t.like_num and not (t.head.tag_ == "NNS" and t.head.i in ids) for t in part):
        return False
    return part[0].pos_ in ("DET", "NUM", "ADJ", "NOUN") and any(t.pos_ == "NOUN" for t in part)


def _kind_of_object(part: list[Token], root: Token) -> bool:
    """Is the part a noun phrase whose head is a kind of the frame's one object (WordNet: a
    tabby is a cat, a collie a dog), said of one thing ("A tabby.", "A grey mare.")?"""
    obj = _object(root)
    head = head_of(part)
    if obj is None or head is None or head.pos_ != "NOUN" or obj.tag_ != "NN":
        return False
    if head.tag_ != "NN" or any(t.pos_ in ("ADP", "NUM", "PRON") or t.like_num for t in part):
        return False  # "Two of them", "A barn near Ludlow": a count, a place
    kind, noun = head.lemma_.lower(), obj.lemma_.lower()
    return kind != noun and lexicon.is_a(kind, noun, senses=None)


def _adjunct(part: list[Token], root: Token) -> str | None:
    """The part said as the full clause would say it, or None when it is no adjunct."""
    first, said = part[0], said_in_clause(part)
    if first.pos_ == "ADP" and len(part) > 1 and part[1].pos_ != "ADP":
        return said  # "to Marcus", "with my neighbour Philippa", "off the coast of Anglesey"
    ents = {t.ent_type_ for t in part} - {""}
    # A deal on a thing ("sold the caravan"), not "Grab rails went in. Two in the bathroom."
    deal = _object(root) is not None and deals.side(root.lemma_.lower()) is not None
    dealt = root.lemma_ in _PRICED or deal
    number = [t for t in part if t.pos_ != "CCONJ"]  # "seven thousand two hundred and fifty"
    priced = dealt and all(t.like_num and not _a_year(t.text) for t in number)
    if _money(part) or ents == {"MONEY"} or priced:
        # "had a wee boy. Eight pounds two.": a person has a weight, not a price
        obj = _object(root)
        person = obj is not None and lexicon.first_lexname(obj.lemma_.lower()) == "noun.person"
        return None if person else f"for {said}"
    if all(t.lower_.rstrip("s") in WEEKDAYS or t.lower_ in MONTHS for t in number):
        return _time(part, said)  # "Thursdays", "Tuesdays and Thursdays": days not tagged
    if _named_place(part) and _a_deed(root):
        # "Did my first parkrun. Lydiard Park.": where, though the recogniser calls it a person
        return f"{'to' if root.lemma_ in _MOTION else 'at'} {said}"
    if not ents or any(not t.ent_type_ for t in part if t.pos_ in ("NOUN", "PROPN")):
        return None  # "Italian cooking", "a terrace near the station": not one entity
    if ents <= _TIME_ENTS:
        return _time(part, said)
    # "The Brompton.": with its article as often a make the model takes for a place
    if ents <= _PLACE_ENTS and all(t.pos_ == "PROPN" for t in part):
        return f"{'to' if root.lemma_ in _MOTION else 'in'} {said}"
    return None


def _ranked(tok: Token) -> bool:
    """Is the number an ordinal said of a noun ("my first parkrun", "her 2nd go"): a rank
    among things, not a name? Not a word a hyphen joins ("Second-hand")."""
    ordinal = tok.ent_type_ == "ORDINAL" or "Ord" in tok.morph.get("NumType", [])
    hyphened = tok.i + 1 < len(tok.doc) and tok.doc[tok.i + 1].text == "-"
    return ordinal and not hyphened and tok.dep_ == "amod" and tok.head.pos_ == "NOUN"


def _named_place(part: list[Token]) -> bool:
    """Is the part a name whose last word is a common noun of a place ("Lydiard Park",
    "Colwick Lake", "the Kirkby Stephen mart"): a name said before a park, a lake or a
    building is that place's, whatever the recogniser makes of the whole? One word alone
    ("Park") names nothing; a time or a sum in it is another reading."""
    said = [t for t in part if not (t.dep_ == "det" and t.lower_ == "the")]
    if len(said) < 2 or not all(t.text[:1].isupper() for t in said):
        return False  # "Chocolate orange": a name is capitalised throughout
    if any(t.ent_type_ in (*_TIME_ENTS, "MONEY") or t.like_num for t in said):
        return False
    if not all(t.pos_ in ("PROPN", "NOUN") for t in said):
        return False  # "Wimbledon Park, I think" is cut at its comma; "Park Lane was shut"
    head = lexicon.base(said[-1].lower_, "n")
    return head is not None and lexicon.kind_under(head, _NAMED_PLACE_SENSES)


def _a_deed(root: Token) -> bool:
    """Is the frame a deed that happens somewhere: no object, or an object WordNet files as
    an act or an event ("a swim", "the christening") or does not know ("my first parkrun")?
    A place said after a deed on a person or a thing ("visited my aunt", "sold the car") is
    as often theirs ("Wimbledon Park": where the aunt lives) as the deed's."""
    if any(c.dep_ == "mark" for c in root.children):
        return False  # "Right, before I forget.": a clause said around what comes, no deed
    if lexicon.first_lexname(root.lemma_.lower(), "v") in _NO_DEED_VERBS:
        return False  # "I forgot", "we heard": what happens in a mind has no place of its own
    obj = _object(root)
    if obj is None:
        return not any(c.dep_ in ("dobj", "attr", "dative") for c in root.children)
    kinds = lexicon.lexnames(obj.lemma_.lower(), "n")
    return not kinds or bool(kinds & _DEED_KINDS)


def _time(part: list[Token], said: str) -> str | None:
    """A time phrase as a clause says it: "last spring", "two weeks ago" as they are; a day
    after "on", a month, a season or a year after "in"; None for a span counted ("ten weeks",
    "second year now": how long or which, not when)."""
    words_said = tokens(said)
    if direction(words_said) or words_said[0] in ("this", "every") or "ago" in words_said:
        return said
    if part[0].pos_ in ("ADV", "SCONJ") and part[0].ent_type_ not in _TIME_ENTS:
        return None  # "Back on the 4th", "Since Monday": said as they are, no "on" before them
    if _a_day(words_said):
        return f"on {said}"
    calendar = any(w in MONTHS or w in _SEASONS or _a_year(w) for w in words_said)
    counted = any(t.like_num and not _a_year(t.text) for t in part)
    return f"in {said}" if calendar and not counted else None


def _a_year(word: str) -> bool:
    return len(word) == 4 and word.isdigit() and word[:2] in ("19", "20")


def _money(part: list[Token]) -> bool:
    """ "Six hundred quid", "£40", "forty pounds": a number and a currency word, nothing else."""
    money = [t for t in part if t.lower_ in _CURRENCY or t.ent_type_ == "MONEY" or t.like_num]
    return len(money) == len(part) and any(not t.like_num for t in money)


def _a_day(said: list[str]) -> bool:
    """Is the time a day ("Saturday", "the 9th", "June the 4th"), said after "on"?"""
    return (
        any(w.rstrip("s") in WEEKDAYS for w in said)
        or day_index(said) is not None
        or (bool(said) and ordinal(said[-1]) is not None)
    )


def _object(root: Token) -> Token | None:
    return next((c for c in root.children if c.dep_ == "dobj" and c.pos_ == "NOUN"), None)


def _names(part: list[Token], root: Token) -> bool:
    """Is the part a name alone (not a place, not a time) for the frame's one object, a thing
    said with a noun ("the dog", "a new puppy")?"""
    obj = _object(root)
    named = all(t.pos_ == "PROPN" or t.ent_type_ == "PERSON" for t in part)
    if not named or obj is None:
        return False
    # Only what is given a name: a pet, a person ("I walk the dog. Nell."), not a flat.
    if lexicon.first_lexname(obj.lemma_.lower(), "n") not in ("noun.animal", "noun.person"):
        return False
    if _named_place(part):
        return False  # "Kelham Chapel": a place's name, no one's
    return not any(t.ent_type_ in (*_PLACE_ENTS, *_TIME_ENTS) for t in part)


def reread(
    frame: Span,
    fragment: Span,
    last: list[Statement],
    read_text: Callable[[str], _Read],
    anothers: bool = False,
) -> tuple[list[Statement], Span] | None:
    """The statements `last` (read from `frame`) said again with `fragment` in its roles, read
    by `read_text` (the one reader, after one parse), and the sentence they were read from (the
    frame of a fragment after this one); None when the fragment splices into no clause or the
    clause said again is read as another clause than the frame's ("the parse took the
    fragment for the clause's own object")."""
    text = spliced(frame, fragment)
    if text is None:
        return None
    statements, sent = read_text(text)
    if not statements or not (anothers or _same_clauses(last, statements)):
        return None
    if any(st.modality not in _SAID_SO or st.negated for st in statements):
        return None  # "I'd like to go. In June.": what may not be done has no when
    return statements, sent


def _same_clauses(last: list[Statement], again: list[Statement]) -> bool:
    """Is each statement read again the one read before, with more said of it: its verb,
    subject and polarity, and every role it had? ("Passed part two on the 16th" is parsed
    without the count "Passed part two!" has: then the fragment is left to the readers after.)
    Nothing read before is no clause to say again."""
    if not last or len(last) != len(again):
        return False
    pairs = list(zip(last, again, strict=True))
    return all(_kept(a, b) for a, b in pairs) and any(a != b for a, b in pairs)


def _kept(before: Statement, again: Statement) -> bool:
    same = (before.verb, before.subject, before.negated) == (
        again.verb,
        again.subject,
        again.negated,
    )
    return same and set(before.roles) <= set(again.roles) and _numbers(before) <= _numbers(again)


def _numbers(st: Statement) -> set[str]:
    """The numbers a statement holds, in its object or its roles ("part two")."""
    said = " ".join([st.object, *(r.text for r in st.roles)]).lower().split()
    return {w for w in said if like_num(w)}
