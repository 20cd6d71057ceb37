"""Relative clauses, read as the sentences they stand for: the parse hangs "who lives in Oslo"
on "my sister" (the `relcl` dependency), so the clause is said again with the noun phrase in
the relative word's place ("my sister lives in Oslo", "Tom gave me the book", "Tom's brother is
a pilot") and read by the one statement reader. Pure, given the parse function.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from resident.language import lexicon
from resident.language.called_name import called_name
from resident.language.reparse import Reparse
from resident.language.statement import KIN, is_pet
from resident.language.words import words

if TYPE_CHECKING:
    from spacy.tokens import Doc, Span, Token

#: Words that open a relative clause and stand for the noun it hangs on.
_RELATIVES = frozenset({"who", "whom", "which", "that", "whose"})
#: Dependencies of a relative word that make the noun the clause's subject.
_SUBJECT_DEPS = frozenset({"nsubj", "nsubjpass"})
#: Longest noun phrase or clause said again this way, in words.
_MAX_WORDS = 12


def _relative_word(verb: Token) -> Token | None:
    """The relative word of the clause ("who", "that"), if it says one (the book Tom gave
    me says none)."""
    for tok in verb.subtree:
        if tok.lower_ in _RELATIVES and tok.tag_ in ("WP", "WDT", "WP$", "IN", "DT"):
            return tok
        if tok.i > verb.i:
            break
    return None


def _noun_phrase(noun: Token, clause: Token) -> list[Token]:
    """The noun the clause hangs on, with its own words and without the clause."""
    inside = {t.i for t in clause.subtree}
    # "Ola who is nine, and Kai": what is coordinated with the noun is not what the clause
    # says of it.
    for child in noun.children:
        if child.dep_ in ("conj", "cc") and child.i > clause.i:
            inside.update(t.i for t in child.subtree)
    return [t for t in noun.subtree if t.i not in inside and not t.is_punct]


def _name_beside(noun: Token) -> Token | None:
    """The one name set beside `noun` in apposition ("one daughter, Simran"). None for
    several names ("two girls, Elin and Mali, who are seven and four" says each one's age,
    not both of both)."""
    names = [c for c in noun.children if c.dep_ == "appos" and c.pos_ == "PROPN"]
    if not names and (called := called_name(noun)) is not None:
        # "a guy called Ollie who went off to Berlin": Ollie went off to Berlin.
        names = [called]
    if len(names) != 1 or names[0].conjuncts:
        return None
    return names[0]


def _named(name: Token) -> list[Token]:
    """A name set beside a noun, with its own words."""
    return [t for t in name.subtree if not t.is_punct]


def _insertion(verb: Token, words: list[Token]) -> int:
    """Where an object said again goes: after the verb and the particles, pronouns and
    stranded prepositions right after it ("gave me _", "moved to _")."""
    at = next(k for k, t in enumerate(words) if t.i == verb.i) + 1
    while at < len(words):
        tok = words[at]
        pronoun = tok.pos_ == "PRON" and tok.dep_ in ("dative", "dobj", "pobj")
        stranded = tok.pos_ == "ADP" and not any(True for _ in tok.children)
        if tok.dep_ == "prt" or pronoun or stranded:
            at += 1
            continue
        break
    return at


def said_again(clause: Token) -> str | None:
    """The relative clause under `clause` (a `relcl` verb) as the sentence it stands for, or
    None when it is too long or names no noun phrase."""
    noun = clause.head
    before = [c for c in noun.children if c.dep_ == "conj" and c.i < clause.i]
    if before:
        # "his partner and my brother Lewis, who's six": the clause is the nearest one's,
        # which the parse hung on the first of them.
        noun = before[-1]
    # "one daughter, Simran, who studies law": the name set beside the noun is who the
    # clause is said of ("Simran studies law"), with the names coordinated with it.
    name = _name_beside(noun)
    phrase = _noun_phrase(noun, clause) if name is None else _named(name)
    words = [t for t in clause.subtree if not t.is_punct]
    if not phrase or len(phrase) + len(words) > _MAX_WORDS:
        return None
    relative = _relative_word(clause)
    pointing = relative is not None and relative.lower_ == "that" and relative.i > 0
    if pointing and relative is not None and relative.doc[relative.i - 1].text == ",":
        # "Marcus, that's amazing": after a comma "that" points, it opens no relative.
        return None
    # "The book" said again inside a sentence is "the book"; a name keeps its capital.
    first = (
        phrase[0].lower_ if phrase[0].pos_ in ("DET", "PRON") and phrase[0].lower_ != "i" else None
    )
    named = " ".join([first or phrase[0].text, *(t.text for t in phrase[1:])])
    rest = [t for t in words if relative is None or t.i != relative.i]
    if relative is not None and relative.lower_ == "whose":
        # "Tom, whose brother is a pilot": Tom's brother is a pilot.
        return " ".join([named + "'s", *(t.text for t in rest)])
    skip = -1 if relative is None else relative.i
    subjects = [c for c in clause.children if c.dep_ in _SUBJECT_DEPS and c.i != skip]
    if relative is None and any(s.lemma_.lower() == "name" for s in subjects):
        # "one daughter, her name is Anika": two sentences run together, not a relative
        # clause (clauses.introduced_name reads it).
        return None
    if relative is None and _named_subject(noun, subjects):
        # "Our cat Pixel sleeps on the radiator", parsed as a cat that Pixel sleeps: no
        # relative clause, the name of the noun before it and the verb's subject; set off
        # by commas ("Our cat, Pixel, sleeps ..."), as the parser reads a name beside a noun.
        upto = max(t.i for t in subjects[0].subtree)
        said = [t.text + (" ," if t.i == upto else "") for t in rest]
        return " ".join([named, ",", *said])
    has_subject = bool(subjects)
    if has_subject and not _object_of(noun, clause, relative):
        return None
    if not has_subject:
        # "my sister, who lives in Oslo": she is who lives there.
        return " ".join([named, *(_spelled(t) for t in rest)])
    at = _insertion(clause, rest)
    return " ".join([*(t.text for t in rest[:at]), named, *(t.text for t in rest[at:])])


#: A contracted auxiliary spelled out once its subject is a noun again ("Arlo, who's three":
#: "Arlo is three", not the possessive "Arlo's three"), by its lemma where the form is both.
_SPELLED = {
    ("'s", "be"): "is",
    ("'s", "have"): "has",
    ("'re", "be"): "are",
    ("'ve", "have"): "have",
    ("'d", "have"): "had",
    ("'d", "would"): "would",
    ("'ll", "will"): "will",
}


def _spelled(tok: Token) -> str:
    form = tok.lower_.replace("\u2019", "'")
    after = tok.doc[tok.i + 1] if tok.i + 1 < len(tok.doc) else None
    if tok.pos_ not in ("AUX", "VERB") or (after is not None and after.tag_ == "VBN"):
        # "who's moved": a perfect or a passive, which "'s" alone does not tell apart.
        return tok.text
    return _SPELLED.get((form, tok.lemma_.lower()), tok.text)


def _object_of(noun: Token, clause: Token, relative: Token | None) -> bool:
    """May the noun be said again as the object of the clause it hangs on? Not a reason, nor
    a time the verb does not take ("the main reason I applied", "the second you hear", "the
    day we met": WordNet's motive and time nouns; "the weekend we spent in Wales" is one,
    data/time_taking_verbs.txt), nor a superlative the clause measures ("the most nervous
    creature I have ever met": a comparison, no meeting)."""
    if relative is not None and relative.lower_ not in ("that", "which"):
        return True
    if any(c.dep_ in ("dobj", "obj") and c.pos_ != "PRON" for c in clause.children):
        # "It's a shame that Bo missed the party": the clause has its object, no gap for
        # the noun; the "that" opens what the shame is, not a relative clause. A pronoun
        # the parser made the object is whom it was done for ("the book that Tom gave me").
        return False
    kind = lexicon.first_lexname(noun.lemma_.lower(), "n")
    if kind == "noun.motive":
        return False
    if kind == "noun.time" and clause.lemma_.lower() not in words("time_taking_verbs"):
        return False
    superlative = noun.tag_ == "JJS" or any(
        c.tag_ == "JJS" or c.lower_ == "most" for c in noun.subtree if c.i < noun.i
    )
    return not (superlative and any(c.lower_ == "ever" for c in clause.children))


def _named_subject(noun: Token, subjects: list[Token]) -> bool:
    """Is the clause's one subject a name said right after an owned relative's, pet's or
    person's noun ("my cat Pixel sleeps", "her brother Tom works")? The noun then names it."""
    if len(subjects) != 1 or subjects[0].pos_ != "PROPN":
        return False
    if min(t.i for t in subjects[0].subtree) != noun.i + 1:
        return False
    if not any(c.dep_ == "poss" for c in noun.children):
        return False
    lemma = noun.lemma_.lower()
    return lemma in KIN or is_pet(lemma) or lexicon.person_noun(lemma)


def relative_sentences(sent: Span, reparse: Reparse) -> Iterator[Span]:
    """Each relative clause of the sentence, parsed again as the sentence it stands for."""
    for tok in sent:
        if tok.dep_ != "relcl" or tok.pos_ not in ("VERB", "AUX"):
            continue
        text = said_again(tok)
        if text is None:
            continue
        doc: Doc = reparse(text + ".")
        yield next(iter(doc.sents))
