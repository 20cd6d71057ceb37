"""The roles of a clause's other arguments, read generically from the dependency parse, the
named entities and WordNet's word classes: where (location, destination, origin), when (time,
duration), with whom (companion), for whom (recipient), how (instrument), why (purpose), how
many (quantity). A statement keeps its subject and object as its claim and these as the
claim's qualifiers (migration 009), so nothing a person said in a clause is dropped.

The role of a prepositional phrase comes from its preposition and the kind of thing it names,
not from the sentence it was met in: "to Jasper" is a destination because Jasper is a place
(GPE) and "to Lena" a recipient because Lena is a person.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from pydantic import BaseModel, ConfigDict

from resident.language import lexicon
from resident.language.kin_nouns import kin_noun, kin_nouns
from resident.language.when_days import ordinal
from resident.language.words import table, words

if TYPE_CHECKING:
    from spacy.tokens import Doc, Token

Modality = Literal["state", "done", "habit", "plan", "wish", "hypothetical", "question"]

_TIME_ENTS = frozenset({"DATE", "TIME"})
_PERSON_ENTS = frozenset({"PERSON", "NORP"})
_PLACE_ENTS = frozenset({"GPE", "LOC", "FAC"})
_PERSON_CLASSES = frozenset({"noun.person", "noun.animal", "noun.group"})
#: Prepositions by the role their phrase fills when the phrase names no person and no time.
_PLACE_PREPS = table("preposition_roles")
#: The same prepositions before a person (or a pet, or a group of people).
_PERSON_PREPS = table("person_preposition_roles")
#: "from March" says when something starts, never where it came from.
_TIME_PREPS = words("time_preps")


#: Verbs that give a noun its name ("a band called Static Fox", "a cat named Tofu").
NAMING_VERBS = frozenset({"call", "name"})


class RoleFill(BaseModel):
    """One argument of a clause beyond its subject and object."""

    model_config = ConfigDict(frozen=True)

    role: str
    text: str


def phrase(tok: Token, skip: set[int] | None = None) -> str:
    """The words of `tok`'s phrase, without articles, nested prepositional phrases, relative
    clauses and punctuation (they are read as roles or statements of their own)."""
    banned = set(skip or ())
    for child in tok.children:
        if child.dep_ in ("prep", "relcl", "acl", "punct", "cc", "conj", "appos"):
            if inner_hyphen(child):
                continue  # "Jean-Luc": the parser hangs the hyphen on the name as punctuation
            banned.update(t.i for t in child.subtree)
    kept = [
        t
        for t in tok.subtree
        if t.i not in banned
        and (not t.is_punct or inner_hyphen(t) or t.tag_ == "POS")  # "my parents' garden"
        and t.lower_ not in ("a", "an", "the")
    ]
    at = {t.i for t in kept}
    # A hyphen whose word on either side was left out ("sister-in-law" without "in law").
    kept = [t for t in kept if not inner_hyphen(t) or {t.i - 1, t.i + 1} <= at]
    return "".join(t.text_with_ws for t in kept).strip()


def given_name(tok: Token) -> str:
    """The proper name a participle of calling gives a noun ("a band called Static Fox"), or
    "" (an apposition, "the instructor, Greta", says who the noun is, not its name)."""
    for child in tok.children:
        if child.dep_ == "acl" and child.lemma_.lower() in NAMING_VERBS:
            for named in child.children:
                if named.dep_ in ("oprd", "attr", "dobj", "xcomp") and named.pos_ == "PROPN":
                    return phrase(named)
    return ""


def _apposed_name(tok: Token) -> str:
    """The name set beside a noun of a person ("with my brother Euan", "for her boss, Mr
    Reid"): who the phrase names, as the name says it; "" otherwise."""
    if tok.pos_ != "NOUN" or not is_person_like(tok):
        return ""
    name = next((c for c in tok.rights if c.dep_ == "appos" and c.pos_ == "PROPN"), None)
    if name is None or name.ent_type_ not in ("", "PERSON"):
        return ""
    return phrase(name)


def second_object_told_to(tok: Token) -> bool:
    """Is `tok` a personal pronoun the parser read as a first object with another after it
    ("lent me Braiding Sweetgrass": me is whom it was lent to, the title what)?"""
    if tok.dep_ != "dobj" or tok.pos_ != "PRON" or tok.lower_ not in _TOLD_TO:
        return False
    return any(c.dep_ == "dobj" and c.i > tok.i for c in tok.head.children)


#: Pronouns in the object case, who may be a verb's first object ("gave me", "sent her").
_TOLD_TO = frozenset({"me", "him", "her", "us", "them", "you"})


def possessive_name(tok: Token) -> str | None:
    """The whole name when `tok` ends a named entity with a possessive inside it ("New Year's
    Eve", "St Patrick's Day"): one name, not "Eve" owned by "New Year"."""
    if not tok.ent_type_ or tok.ent_iob_ == "B":
        return None
    ent = next((e for e in tok.doc.ents if e.start <= tok.i < e.end), None)
    if ent is None or ent.end != tok.i + 1 or not any(t.tag_ == "POS" for t in ent):
        return None
    return ent.text


def inner_hyphen(tok: Token) -> bool:
    """A hyphen inside one word ("forty-five"): part of it, not punctuation to drop."""
    doc = tok.doc
    return (
        tok.text == "-"
        and not tok.whitespace_
        and tok.i > 0
        and not doc[tok.i - 1].whitespace_
        and tok.i + 1 < len(doc)
    )


def names_no_one(tok: Token) -> bool:
    """Is the name `tok` a word WordNet knows only as a place or a made thing, whatever the
    recogniser guessed ("going home to Valencia", "moving to Manchester")?"""
    return lexicon.never_someone(tok.text, places_only=True)


def is_person_like(tok: Token) -> bool:
    """Does `tok` name a person, an animal or a group of them ("Lena", "him", "my family")?"""
    if tok.pos_ == "PRON" and tok.lower_ not in ("it", "that"):
        return True
    if tok.ent_type_ in _PERSON_ENTS and not names_no_one(tok):
        return True
    if tok.ent_type_ in _PLACE_ENTS or tok.ent_type_ in _TIME_ENTS:
        return False
    if tok.pos_ == "PROPN":
        return not tok.ent_type_
    if _kin_said(tok):
        return True
    first = lexicon.first_lexname(tok.lemma_.lower(), "n")
    return first in _PERSON_CLASSES


def _kin_said(tok: Token) -> bool:
    """A family noun said of someone's relative ("my mum", "Tom's nan"): a person, though
    WordNet's commonest sense of the word be a flower or a bread ("mum", "nan")."""
    owned = any(c.dep_ == "poss" for c in tok.children)
    return owned and kin_noun(tok) in kin_nouns()


def is_time(tok: Token) -> bool:
    if tok.ent_type_ in _TIME_ENTS:
        return True
    if tok.dep_ == "pobj" and not list(tok.children)[1:] and ordinal(tok.lower_) is not None:
        return True  # "bought it on the twelfth": a day of the month, no theme (no amount)
    return lexicon.first_lexname(tok.lemma_.lower(), "n") == "noun.time"


def _prep_roles(prep: Token, used: set[int], passive: bool) -> list[RoleFill]:
    if (inner := in_order_to(prep)) is not None:
        # "in order to buy milk": what for, not a place called "order".
        return [RoleFill(role="purpose", text=clause_text(inner))]
    if " ".join(t.lower_ for t in prep.subtree if not t.is_punct) in words("restating_cues"):
        # "fifty guests in the end": a word of restating (restated.py), not a place.
        return []
    said = sorted(prep.children, key=lambda c: c.dep_ != "pobj")  # an object before a clause
    pobj = next((c for c in said if c.dep_ in ("pobj", "pcomp")), None)
    if pobj is not None and pobj.pos_ == "ADP":
        # "because of his blood pressure": the phrase is the inner preposition's object.
        pobj = next((c for c in pobj.children if c.dep_ == "pobj"), None)
    if pobj is None or pobj.i in used:
        return []
    word = prep.lower_
    # "with a lovely man called Marcus": the name says who, not the noun.
    text = given_name(pobj) or _apposed_name(pobj) or phrase(pobj, used)
    if not text:
        return []
    out: list[RoleFill] = []
    if any(c.dep_ == "neg" for c in prep.children):
        # "bought the sofa, but not from Ikea": the phrase is denied, no role of the clause; its
        # word and the denial are kept, so no question finds it as said.
        return [RoleFill(role="theme", text=f"not {word} {text}")]
    if word == "for" and _amount(pobj) and not is_time(pobj):
        # "bought it for 200 pounds", "for a tenner": what it cost, never what for.
        out.append(RoleFill(role="theme", text=f"{word} {text}"))
    elif is_time(pobj) and (word in _TIME_PREPS or word == "for"):
        has_count = any(c.like_num or c.dep_ == "nummod" for c in pobj.subtree)
        role = "duration" if word == "for" and (has_count or pobj.tag_ == "NNS") else "time"
        out.append(RoleFill(role=role, text=f"{word} {text}"))
    elif sentence_adverb(prep, pobj):
        # "I got the job, by the way", "in fact": a remark on the telling, no place or doer.
        return []
    elif word == "by" and passive:
        out.append(RoleFill(role="agent", text=text))
    elif is_person_like(pobj) and word in _PERSON_PREPS:
        out.append(RoleFill(role=_PERSON_PREPS[word], text=text))
    elif word in _PLACE_PREPS:
        out.append(RoleFill(role=_PLACE_PREPS[word], text=text))
    else:
        # "without stopping", "despite the rain": a preposition no role stands for keeps its
        # word, which may be all that says the phrase is denied or conceded.
        out.append(RoleFill(role="theme", text=f"{word} {text}"))
    # "on a road trip to Jasper": the nested phrase is the clause's too.
    for nested in pobj.children:
        if nested.dep_ == "prep" and nested.i not in used:
            out.extend(_prep_roles(nested, used, passive))
    return out


#: What a noun that ends a phrase of place names: "at home" is where, though WordNet lists it
#: as an adverb too.
_PLACE_CLASSES = frozenset({"noun.location", "noun.artifact", "noun.object"})


def sentence_adverb(prep: Token, pobj: Token) -> bool:
    """Is the phrase one WordNet lists as an adverb ("by the way", "in fact", "after all") whose
    noun names no place: a remark on the telling, not a role of the clause?"""
    idiom = "_".join(idiom_words(prep, pobj))
    if "_" not in idiom or lexicon.base(idiom, "r") is None:
        return False
    return lexicon.first_lexname(pobj.lemma_.lower(), "n") not in _PLACE_CLASSES


def idiom_words(prep: Token, pobj: Token) -> list[str]:
    """The preposition and its first object's words ("by the way, an evening class in
    Birmingham": by the way): the parser may hang what follows the idiom on its preposition as
    a second object, which is no part of the idiom."""
    return [prep.lower_, *(t.lower_ for t in pobj.subtree if not t.is_punct)]


def _amount(tok: Token) -> bool:
    """A sum or a count ("200 pounds", "£5", "a fiver"): said with a number or as money."""
    if tok.ent_type_ in ("MONEY", "QUANTITY", "CARDINAL", "PERCENT") or tok.like_num:
        return True
    return any(c.like_num or c.dep_ == "nummod" for c in tok.children)


def clause_roles(verb: Token, used: set[int], obj: Token | None = None) -> tuple[RoleFill, ...]:
    """The roles of the clause headed by `verb` that its claim does not hold: every
    prepositional phrase, time phrase, reason and count, except tokens in `used` (the claim's
    subject and object, read already)."""
    passive = any(c.dep_ in ("auxpass", "nsubjpass") for c in verb.children)
    out: list[RoleFill] = []
    for child in verb.children:
        if child.i in used:
            continue
        dep = child.dep_
        if dep in ("prep", "agent"):
            out.extend(_prep_roles(child, used, passive or dep == "agent"))
        elif dep == "dative" or (dep == "dobj" and second_object_told_to(child)):
            out.append(RoleFill(role="recipient", text=phrase(child, used)))
        elif (span := _bare_duration(verb, child)) is not None:
            # "I've lived in York six years now": how long, said without "for".
            out.append(RoleFill(role="duration", text=phrase(span, used) or span.text))
        elif dep in ("npadvmod", "tmod", "advmod") and child.ent_type_ in _TIME_ENTS:
            out.append(RoleFill(role="time", text=phrase(child, used) or child.text))
        elif dep == "advcl" and any(
            m.dep_ == "mark" and m.lower_ in ("because", "since", "so") for m in child.children
        ):
            out.append(RoleFill(role="purpose", text=clause_text(child)))
        elif dep in ("advcl", "xcomp") and _to_be(child):
            # "studying to be a tour guide", "moved home to look after my father": what for.
            out.append(RoleFill(role="purpose", text=clause_text(child)))
        elif dep in ("advcl", "xcomp") and _bare_gerund(child):
            # "took the kids camping in the Peak District", "went surfing with Liam": the
            # gerund's where and with whom are the clause's, and the gerund is what for.
            out.extend(_gerund_purpose(child))
            for prep in (c for c in child.children if c.dep_ == "prep" and c.i not in used):
                out.extend(_prep_roles(prep, used, passive))
        elif dep == "advmod" and child.lower_ in words("frequency_adverbs"):
            out.append(RoleFill(role="manner", text=child.lower_))
    if obj is not None:
        out.extend(_object_roles(obj, used, passive))
    seen: dict[tuple[str, str], RoleFill] = {}
    for r in out:
        if r.text:
            seen.setdefault((r.role, r.text.lower()), r)
    return tuple(seen.values())


def _whole_number(number: Token) -> list[Token]:
    """The words of a number that heads its own parts ("two thousand six hundred and forty"):
    its number words before it and the ones joined after it, without what it governs else."""
    said = [t for t in number.subtree if t.like_num or _joins_number(t) or inner_hyphen(t)]
    while said and said[-1].lower_ == "and":
        said.pop()
    # Only a run said together: "sixty of them" keeps "sixty".
    if [t.i for t in said] != list(range(said[0].i, said[0].i + len(said))):
        return [number]
    return said


def _bare_duration(verb: Token, child: Token) -> Token | None:
    """A count of a unit of time said without "for" that says how long: hung on a perfect
    verb ("I've worked there nine years") or on the "now" after it ("six years now"); never
    one before "ago" ("two years ago" is when) nor one with an article ("every two years")."""
    if child.dep_ == "advmod" and child.lower_ == "now":
        said = next((c for c in child.children if c.dep_ == "npadvmod"), None)
    elif child.dep_ == "npadvmod" and _perfect(verb):
        said = child
    else:
        return None
    if said is None or not any(c.dep_ == "nummod" for c in said.children):
        return None
    if any(c.dep_ in ("det", "advmod", "prep") for c in said.children):
        return None  # "every two years", "two years ago", "two years before the war"
    return said if lexicon.first_lexname(said.lemma_.lower(), "n") == "noun.time" else None


def _joins_number(tok: Token) -> bool:
    """A word inside a spelled-out number: "a hundred and sixty", "six hundred and forty"."""
    return (tok.dep_, tok.lower_) in (("cc", "and"), ("quantmod", "a"), ("quantmod", "an"))


def _perfect(verb: Token) -> bool:
    """Said in the present perfect ("I've worked", "she has lived"): up to now."""
    return verb.tag_ == "VBN" and any(
        c.dep_ == "aux" and c.lemma_.lower() == "have" and c.tag_ in ("VBP", "VBZ")
        for c in verb.children
    )


def name_figure(tok: Token) -> bool:
    """ "Radio 2", "Channel 4": a figure said right after a name is part of the name, no count."""
    head = tok.head
    return tok.dep_ == "nummod" and tok.is_digit and head.pos_ == "PROPN" and tok.i == head.i + 1


def _object_roles(obj: Token, used: set[int], passive: bool) -> list[RoleFill]:
    """The object's count and its own prepositional phrases ("a card from Tom")."""
    out: list[RoleFill] = []
    count = next((c for c in obj.children if c.dep_ == "nummod" and not name_figure(c)), None)
    if count is not None:
        # "one thousand eight hundred pounds": the whole number, not its head word.
        out.append(RoleFill(role="quantity", text=count_of(obj) or count.text))
    for nested in obj.children:
        if nested.dep_ == "prep" and nested.lower_ != "of" and nested.i not in used:
            out.extend(_prep_roles(nested, used, passive))
    return out


def _bare_gerund(verb: Token) -> bool:
    """A gerund said without a subject of its own ("camping", not "me camping")."""
    subject = any(c.dep_ in ("nsubj", "nsubjpass") for c in verb.children)
    return verb.tag_ == "VBG" and not subject


def _gerund_purpose(gerund: Token) -> list[RoleFill]:
    """The gerund as what for, unless it is set off by a comma with an object of its own:
    "twisted my ankle, playing netball" (participles.py) says while doing what, not what
    for."""
    set_off = gerund.i > 0 and gerund.doc[gerund.i - 1].text == ","
    if set_off and any(c.dep_ == "dobj" for c in gerund.children):
        return []
    return [RoleFill(role="purpose", text=gerund.lower_)]


def _to_be(verb: Token) -> bool:
    """A to-infinitive said for a purpose: under an adverbial clause, or "to be" something
    (an xcomp is otherwise what a verb of wanting or trying wants, read as the object)."""
    to = any(c.dep_ == "aux" and c.lower_ == "to" for c in verb.children)
    return to and (verb.dep_ == "advcl" or verb.lemma_.lower() == "be")


def purpose_infinitive(verb: Token) -> bool:
    """A to-infinitive hung on a clause as what it was done for, with no subject of its own
    ("went to Leeds to visit Mum"; "to Leeds" is where, a preposition, not this)."""
    to = any(c.dep_ == "aux" and c.lower_ == "to" for c in verb.children)
    subject = any(c.dep_ in ("nsubj", "nsubjpass", "expl") for c in verb.children)
    return verb.dep_ == "advcl" and verb.pos_ in ("VERB", "AUX") and to and not subject


def in_order_to(prep: Token) -> Token | None:
    """The verb of "in order to ...", parsed as "in" + the noun "order" + a clause on it."""
    if prep.lower_ != "in":
        return None
    order = next((c for c in prep.children if c.lower_ == "order" and c.dep_ == "pobj"), None)
    if order is None:
        return None
    inner = next((c for c in order.children if c.dep_ in ("acl", "relcl")), None)
    if inner is None or not any(a.lower_ == "to" for a in inner.children):
        return None
    return inner


def clause_text(verb: Token) -> str:
    return " ".join(t.text for t in verb.subtree if t.dep_ != "mark" and not t.is_punct)


_OWN_CLAUSES = frozenset({"conj", "ccomp", "advcl", "parataxis", "relcl"})


def modality(verb: Token, mood: str | None) -> Modality:
    """How a clause is said: done (past), plan (future), wish, habit (a present clause with a
    frequency word: "usually", "every Sunday"), hypothetical ("would", "if ..."), or a plain
    present state."""
    if mood is None or any(
        m.dep_ == "mark" and m.lower_ in words("hypothetical_marks") for m in verb.children
    ):
        return "hypothetical"
    if mood == "past":
        return "done"
    if mood in ("plan", "wish"):
        return "plan" if mood == "plan" else "wish"
    frequent = words("frequency_adverbs")
    # "lives in Leeds ..., and they come down every other weekend": a clause of its own hung
    # under the verb says how often it happens, not this one.
    own = [c for c in verb.children if not (c.dep_ in _OWN_CLAUSES and c.pos_ in ("VERB", "AUX"))]
    if any(t.lower_ in frequent for t in own) or any(
        t.lower_ in ("every", "each") for c in own for t in c.subtree
    ):
        return "habit"
    return "state"


def declares_change(doc: Doc) -> bool:
    """Does the text say something changed ("not anymore", "no longer", "I switched jobs",
    "I work at a bookshop now")? Read over the whole turn: "Not anymore, actually. I work at a
    bookshop now." is one change said in two sentences."""
    markers = words("change_markers")
    lowered = [t.lower_ for t in doc]
    for i, word in enumerate(lowered):
        if word in markers or " ".join(lowered[i : i + 2]) in markers:
            return True
        if doc[i].lemma_.lower() in markers and doc[i].pos_ == "VERB":
            return True
    return False


def count_of(noun: Token) -> str | None:
    """The number said with `noun` as its nummod ("sixty people": "sixty"; "one thousand eight
    hundred pounds": all of it), or None. Only whole number words: "3-1" is a score. A number
    said as the noun itself ("I got two thousand six hundred for it", parsed as "hundred" with
    "two" its nummod) is all of it too, never its first word: the one definition of a count
    said, for every quantity stored. A name's figure ("Radio 2") is no count."""
    count = next((c for c in noun.children if c.dep_ == "nummod" and not name_figure(c)), None)
    if count is None:
        return None
    said = _whole_number(noun) if noun.like_num else list(count.subtree)
    if not all(t.like_num or _joins_number(t) or inner_hyphen(t) for t in said):
        return None
    if any(t.lower_ in words("counting_not_counts") for t in said):
        return None  # "the first guests"
    return "".join(t.text_with_ws for t in said).strip()
