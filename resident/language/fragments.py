"""A verbless fragment that finishes the statement before it (issue 21). Pure.

"I got a bike last week. A green one, secondhand from a colleague." / "We went walking. Last
Saturday, in Otley." / "With Joel and his sister.": people say the details of a claim in a
fragment after it, and the reader, which reads clauses, stored nothing of them. A sentence with
no verb, said after a sentence of the same turn that the reader made statements of, adds its
parts to those statements:

- a time phrase (a DATE or TIME entity, or a preposition's time phrase) -> the time, and the
  statement's `when` where it had none (resolved by the store, as if said in the clause);
- a preposition's phrase of place, direction, origin or company -> that role
  (data/fragment_roles.txt);
- "a green one", "a green bike" after "I got a bike": the adjectives -> the object's modifiers;
- a span of time counted ("Five nights.", "Three weeks in Moreton.") -> how long (with the
  phrase's own roles), for any statement not denied: "I booked a cottage. Five nights.";
- a number alone, "N of them" or a number with the object's own noun ("Three of them.",
  "Six hens.") -> the count of a plural object: "We've got grandchildren now. Three of them."
  (not after a buying or selling, where a number alone is as often its price).

Precision first: the fragment's head must be a preposition, a time, "one" or the object's own
noun. A reaction ("Lovely!", "No way.", "Same here", "What a day", "Thanks for the lift") has
another head, opens with a wh-word or is exclaimed ("In your garage!"), and adds nothing; a
question is never a fragment. A role the statement has already is not said twice, and a
statement of a state or a habit takes no time or place of an event.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from resident.language import lexicon
from resident.language.roles import RoleFill, _prep_roles, count_of, is_time
from resident.language.statement import Statement
from resident.language.when_days import day_index, tokens
from resident.language.words import words

if TYPE_CHECKING:
    from spacy.tokens import Span, Token

_TIME_ENTS = ("DATE", "TIME")
_PLACE_ENTS = frozenset({"GPE", "LOC", "FAC"})
#: How a statement is said for a fragment's time or place to be the one of its deed.
_EVENT_MODALITIES = ("done", "plan")


def is_fragment(sent: Span) -> bool:
    """A sentence with no verb whose head a detail may hang on (see the module's doc)."""
    tokens = [t for t in sent if not t.is_punct]
    if not tokens or any(t.pos_ in ("VERB", "AUX") for t in tokens):
        return False
    if tokens[0].tag_ in ("WDT", "WP", "WRB") or tokens[0].lower_ in ("what", "how", "such"):
        return False  # "What a day.", "How lovely."
    if sent.text.rstrip().endswith("!"):
        return False  # "In your garage!": an exclamation at what was said, not a detail of it
    if any(_verb_misread(t) for t in tokens[1:-1]):
        return False  # "Drug 12 treats fever": a clause whose verb the tagger took for a noun
    return not any(t.pos_ == "INTJ" for t in tokens)


def _verb_misread(tok: Token) -> bool:
    """A plural noun inside the sentence that WordNet knows mostly as a verb, with a noun
    after it: the clause's third-person verb the tagger misread ("treats", "runs")."""
    after = tok.i + 1 < tok.sent.end and tok.doc[tok.i + 1].pos_ in ("NOUN", "PROPN", "DET")
    return tok.tag_ == "NNS" and after and lexicon.mostly_verb(tok.lemma_)


def _head(sent: Span) -> Token:
    return next((t for t in sent if t.dep_ == "ROOT"), sent[0])


def _modifiers(head: Token, obj: str) -> list[str]:
    """ "a green one" / "a green bike" after a bike: ["green"]; [] when the head is another
    noun ("a green car" finishes no bike)."""
    obj_head = obj.split()[-1].lower() if obj.split() else ""
    if head.pos_ != "NOUN" or head.lower_ not in ("one", obj_head) and head.lemma_ != obj_head:
        return []
    return [c.lower_ for c in head.children if c.dep_ == "amod" and c.pos_ == "ADJ"]


def fragment_parts(sent: Span) -> tuple[tuple[RoleFill, ...], Token] | None:
    """The roles a fragment says, and its head (for the object's modifiers); None when it is
    no fragment a detail hangs on."""
    if not is_fragment(sent):
        return None
    head = _head(sent)
    allowed = words("fragment_roles")
    roles: list[RoleFill] = []
    used: set[int] = set()
    named: list[RoleFill] = []  # the roles said with a name ("in Moreton", not "in total")
    for prep in (t for t in sent if t.pos_ == "ADP" and t.dep_ in ("prep", "ROOT")):
        if prep.i in used:
            continue  # the "in" of "Moreton-in-Marsh" is part of the place before it
        pobj = [c for c in prep.children if c.dep_ in ("pobj", "pcomp")]
        for role in _prep_roles(prep, used, False):
            said = [r.text for r in roles if r.role == role.role]
            if role.role in allowed and not any(role.text in r for r in said):
                roles.append(_whole_of(role, pobj))  # not "Marsh" of "Moreton-in-Marsh" again
                if any(t.pos_ == "PROPN" for c in pobj for t in c.subtree):
                    named.append(roles[-1])
        used.update({prep.i, *(t.i for c in pobj for t in (*c.subtree, *_hyphened(c)))})
    for ent in _times(sent):
        counted = any(t.like_num for t in ent) and not any(t.lower_ == "ago" for t in ent)
        if counted and day_index(tokens(ent.text)) is None:
            continue  # "One hour fifty-eight.": how long (or a count), not when
        if not any(t.i in used for t in ent):
            roles.append(RoleFill(role="time", text=ent.text))
    measured = _measure(sent, head)
    if measured is not None:  # "Three weeks in Moreton.", "Three of them.": with its places
        return (*(named if measured.role == "duration" else ()), measured), head
    place = _place(sent, head)
    if place is not None:  # "Lisbon, with my sister.": where, said without "in" or "to"
        return (place, *roles), head
    timed = head.ent_type_ in _TIME_ENTS or is_time(head)
    if head.pos_ in ("ADP", "ADV") or timed or head.lower_ == "one":
        return tuple(roles), head  # "In Otley.", "Back in March.", "Last Saturday, in Otley."
    if head.pos_ == "NOUN":
        # "A green bike." may finish a bike; "Congrats on the house in Leeds" says no place of
        # the statement before it.
        return (), head
    return None


def _measure(sent: Span, head: Token) -> RoleFill | None:
    """How long ("Five nights", "Three years only") or how many ("Three of them", "Six hens",
    "Twelve.") the fragment headed by `head` says; None when it says neither. A count's noun
    is checked against the statement's object later (`_counted`)."""
    count = count_of(head)
    if head.pos_ == "NOUN" and count is not None:
        # "every two years", "two years ago", "two hours of sleep", "4 hours a shift"
        if any(c.dep_ in ("det", "npadvmod") or c.lower_ in ("ago", "of") for c in head.children):
            return None
        if lexicon.first_lexname(head.lemma_.lower(), "n") == "noun.time":
            return RoleFill(role="duration", text=_span_said(head))
        return RoleFill(role="quantity", text=f"{count}|{head.lemma_.lower()}")
    if not head.like_num or any(t.ent_type_ in ("MONEY", "DATE", "TIME") for t in sent):
        return None
    rest = [t for t in sent if not t.is_punct and not t.like_num and t.dep_ != "advmod"]
    if rest and [t.lower_ for t in rest][:1] != ["of"] or len(rest) > 2:
        return None  # "Three more", "Two for me": not a count of what was said
    if len(rest) == 2 and rest[1].pos_ != "PRON":
        return None  # "Three of the cakes" counts what may be another thing
    said = " ".join(t.text for t in sent if t.like_num and t.i <= head.i)
    return RoleFill(role="quantity", text=f"{said}|" if rest else f"{said}|*")


def _place(sent: Span, head: Token) -> RoleFill | None:
    """The place a fragment opens with, named and nothing else before its first comma
    ("Lisbon, with my sister."), as a "where" the statement's verb says with "to" or "in"
    (`_placed`); None for any other fragment."""
    if head.pos_ != "PROPN" or head.ent_type_ not in _PLACE_ENTS:
        return None
    if any(c.dep_ == "det" for c in head.children):
        return None  # "The Brompton.": as often a make the model takes for a place
    if any(c.dep_ == "conj" for c in head.children):
        return None  # "Paris, Rome and Berlin.": a list, not the one place of a deed
    comma = next((t.i for t in sent if t.text == ","), sent.end)
    said = [t for t in sent if t.i < comma and not t.is_punct]
    if not said or any(t.ent_type_ not in _PLACE_ENTS for t in said if t.dep_ != "det"):
        return None  # "Lisbon in the summer": a time said with it, another reading
    return RoleFill(role="place", text=" ".join(t.text for t in said if t.dep_ != "det"))


def _span_said(head: Token) -> str:
    """The whole span of time said: its count and unit, and the smaller unit after it ("One
    hour fifty-eight", "Two hours, eleven minutes"); not a rate after it ("Seven hours,
    eleven forty an hour") nor a phrase ("in Moreton")."""
    doc = head.doc
    start = min(t.i for t in head.subtree if t.like_num)
    end = head.i + 1
    after = end + 1 if end < len(doc) and doc[end].text == "," else end
    stop = after
    while stop < len(doc) and (doc[stop].like_num or doc[stop].text == "-"):
        stop += 1
    if stop > after and (
        after == end or (stop < len(doc) and doc[stop].dep_ != "det" and is_time(doc[stop]))
    ):
        end = stop + (after != end)
    return doc[start:end].text


def _times(sent: Span) -> list[Span]:
    """The fragment's times, a date the NER split in two joined again: "September the
    twenty-seventh" is tagged "September" and "twenty-seventh" (or an ordinal "fourth"), with
    only "the" or "of" between them."""
    out: list[Span] = []
    for ent in (e for e in sent.ents if e.label_ in (*_TIME_ENTS, "ORDINAL")):
        between = sent.doc[out[-1].end : ent.start] if out else None
        if between is not None and all(t.lower_ in ("the", "of") for t in between):
            out[-1] = sent.doc[out[-1].start : ent.end]
        elif ent.label_ != "ORDINAL":  # "fourth" alone names no day of a month
            out.append(ent)
    return out


def _whole_of(role: RoleFill, pobj: list[Token]) -> RoleFill:
    """ "At the top of Snowdon.": the place is the top of Snowdon, not "top" (a nested "of"
    phrase says which one, where in a clause it is a role of its own); "at the Co-op": the
    place is all the words the hyphens join, not "Co"."""
    if role.role == "time" or not pobj:
        return role
    joined = _hyphened(pobj[0]).text
    if role.text == pobj[0].text and joined != role.text:
        return RoleFill(role=role.role, text=joined)
    if len(pobj) != 1:
        return role
    of = next((c for c in pobj[0].children if c.dep_ == "prep" and c.lower_ == "of"), None)
    if of is None or role.text != pobj[0].text:
        return role
    said = [t for t in pobj[0].subtree if t.dep_ != "det" and not t.is_punct]
    return RoleFill(role=role.role, text=" ".join(t.text for t in said))


def _hyphened(tok: Token) -> Span:
    """The words hyphens join to `tok` with no space between ("Co-op", "Moreton-in-Marsh"),
    which the tokenizer splits."""
    doc, end = tok.doc, tok.i
    while (
        end + 1 < len(doc)
        and not doc[end].whitespace_
        and "-" in (doc[end + 1].text, doc[end].text)
    ):
        end += 1
    return doc[tok.i : end + 1]


def finish(statements: list[Statement], sent: Span) -> list[Statement] | None:
    """The statements of the sentence before, finished by the fragment `sent`; None when
    `sent` adds nothing to them."""
    parts = fragment_parts(sent)
    if parts is None or not statements:
        return None
    roles, head = parts
    out: list[Statement] = []
    changed = False
    for st in statements:
        done = _finished(st, roles, head)
        changed = changed or done is not st
        out.append(done)
    return out if changed else None


def _counted(st: Statement, roles: tuple[RoleFill, ...]) -> tuple[RoleFill, ...]:
    """The fragment's how long and how many that `st` takes: a duration for any statement
    not denied; a count for one whose object is a plural thing without a count yet, said
    alone after no buying or selling, or with the object's own noun."""
    out: list[RoleFill] = []
    had = {r.role for r in st.roles}
    # "I come from Larnaca. Fifty years in London now.": a span said with a place or time of
    # its own is of that, not of a state; of a deed it is the deed's, with its place.
    placed = any(r.role not in ("duration", "quantity") for r in roles)
    for role in roles:
        if st.negated or role.role in had:
            continue
        if role.role == "duration" and (st.modality in _EVENT_MODALITIES or not placed):
            out.append(role)
        elif role.role == "quantity" and _counts(st, role.text):
            out.append(RoleFill(role="quantity", text=role.text.split("|")[0]))
    return tuple(out)


def _counts(st: Statement, said: str) -> bool:
    noun = st.object.replace("_", " ").split()[-1].lower() if st.object.split() else ""
    if st.literal or st.object_ref is not None or not noun:
        return False
    plural = lexicon.base(noun, "n") not in (None, noun)
    if not plural:
        return False
    rest = said.partition("|")[2]
    if rest == "*":  # "Bought the tickets. Forty.": its price as often as its count
        return st.verb not in words("paying_verbs") | words("price_verbs")
    return not rest or rest in (noun, lexicon.base(noun, "n"))


def _placed(st: Statement, role: RoleFill) -> RoleFill | None:
    """A place said alone is where a going goes, else where a deed with no thing was done;
    None after a deed on a thing ("Sold my bike. Cambridge.": the thing's, or where?)."""
    if role.role != "place":
        return role
    going = st.verb in words("ellipsis_motion")
    if not going and st.object and not st.literal and st.object_ref is None:
        return None
    return RoleFill(role="destination" if going else "location", text=role.text)


def _finished(st: Statement, roles: tuple[RoleFill, ...], head: Token) -> Statement:
    update: dict[str, object] = {}
    measured = _counted(st, roles)
    roles = tuple(r for r in roles if r.role not in ("duration", "quantity"))
    if measured:
        st = st.model_copy(update={"roles": (*st.roles, *measured)})
    mods = [] if st.object_ref is not None or st.literal else _modifiers(head, st.object)
    if mods and not any(m in st.object.lower().split() for m in mods):
        update["object"] = " ".join([*mods, st.object])
    if st.modality in _EVENT_MODALITIES and not st.negated:
        roles = tuple(p for p in (_placed(st, r) for r in roles) if p is not None)
        had = {r.role for r in st.roles}
        new = tuple(r for r in roles if r.role not in had)
        if new:
            update["roles"] = (*st.roles, *new)
        when = next((r.text for r in new if r.role == "time"), None)
        if when is not None and st.when is None:
            update["when"] = when
    elif not mods:
        return st
    return st.model_copy(update=update) if update else st
