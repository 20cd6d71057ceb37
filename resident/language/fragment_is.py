"""A verbless fragment after a statement about someone, read as what that one IS (issue 21,
frag42). Pure: two parsed sentences in, one sentence's text out.

"I work at the quarry. Crane driver, twenty years.", "Our new neighbour came round. Retired
teacher.", "My sister works at the infirmary. Midwife.": the fragment is no part of the
statement before it (splice.py says that one again with its adjuncts); it is the predicate of
a copula clause whose subject is the statement's person ("I have been a crane driver for
twenty years", "Our new neighbour is a retired teacher"), and the one reader reads that
clause as it reads any. A part goes in by its form:

- a noun phrase whose head is a person's noun (WordNet noun.person: a job, a role, a kind of
  person), one of them, said without "the" or "my" ("the vet", "my brother" name another),
  and no relative ("Brother, actually.": who he is to someone is kin's);
- a span of time counted ("twenty years", "thirty-eight years"): how long it has been so;
- when it is said ("Nights, mostly."): kept out of the clause, which holds no time.

The frame's person is its subject: "I", "he", "she", a person's name, or a noun for a person
("our new neighbour"), one and singular; a frame said as not so (a question, a denial, a
hypothetical or a wish, splice.unsaid) or a fragment that hedges or asks says nothing. A part
of any other kind ("A terrace near the station.", "The 36.") leaves the fragment to the
readers after.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from resident.language import lexicon
from resident.language.fragments import is_fragment
from resident.language.gap_kinds import head_of
from resident.language.hedging import hedged
from resident.language.kin_nouns import kin_nouns, said_kin
from resident.language.roles import count_of
from resident.language.splice import comma_parts, said_in_clause, unsaid

if TYPE_CHECKING:
    from collections.abc import Callable

    from spacy.tokens import Span, Token

    from resident.language.statement import Statement

#: Pronouns that stand for one person, each with the copula said after it.
_ONE = {"i": "I am", "he": "he is", "she": "she is"}
#: Where another person stands in the frame: its object, a possessor ("Tom's girlfriend").
_OTHERS = frozenset({"dobj", "dative", "poss", "appos", "conj"})
#: A clause said of the subject, no part of who it is.
_CLAUSES = frozenset({"relcl", "acl", "prep"})
#: Determiners of a noun phrase that says what someone is ("a nurse"), not who ("the vet").
_WHAT = frozenset({"a", "an"})


def said_is(frame: Span, fragment: Span) -> str | None:
    """The copula clause `fragment` says of the person `frame` is about ("Crane driver, twenty
    years." after "I work at the quarry.": "I have been a crane driver for twenty years."), or
    None when the frame is about no one person or a part of the fragment is of another kind."""
    if fragment.text.rstrip().endswith("?") or not is_fragment(fragment) or unsaid(frame):
        return None
    if hedged(fragment.as_doc()):
        return None  # "Plumber, I think.": not said as so
    who = _person(frame)
    if who is None:
        return None
    what: str | None = None
    span: str | None = None
    for part in comma_parts(fragment):
        if what is None and _what_one_is(part):
            said = said_in_clause(part)
            what = said if part[0].ent_type_ else said[:1].lower() + said[1:]
        elif span is None and _span(part) is not None:
            span = _span(part)
        elif not _when(part):
            return None  # a part whose kind fits no copula: nothing rather than a guess
    if what is None:
        return None
    if what.split()[0].lower() not in _WHAT:
        what = f"{'an' if what[:1].lower() in 'aeiou' else 'a'} {what}"
    subject, copula = who
    if span is not None:
        # "I retired in 2019. Bus mechanic, thirty-eight years.": a span ended with the frame
        ended = frame.root.tag_ == "VBD"
        copula = ("I " if subject == "I" else "") + ("was" if ended else "have been")
        copula = copula if subject == "I" or ended else "has been"
        return f"{subject if subject != 'I' else ''} {copula} {what} for {span}.".strip()
    return f"{subject if subject != 'I' else ''} {copula} {what}.".strip()


def _person(frame: Span) -> tuple[str, str] | None:
    """The frame's one person, as a subject said again, and the copula after it: ("I", "I
    am"), ("Our new neighbour", "is"); None when its subject is no one person."""
    subjects = [t for t in frame.root.children if t.dep_ == "nsubj"]
    if len(subjects) != 1:
        return None
    subject = subjects[0]
    if subject.i > frame.root.i:
        return None  # "Lives Stornoway.": a subject left out, and a place parsed as one
    inside = {t.i for t in subject.subtree}
    if any(_someone(t) for t in frame if t.i not in inside):
        return None  # "I met Tom's girlfriend. Nurse.": which of them it says is not known
    if subject.lower_ in _ONE:
        said = _ONE[subject.lower_]
        return ("I", said) if subject.lower_ == "i" else (said.split()[0].capitalize(), "is")
    if subject.tag_ not in ("NN", "NNP") or any(c.dep_ == "cc" for c in subject.children):
        return None  # "We", "my parents", "Tom and Ellie": not one
    person = subject.ent_type_ == "PERSON" or lexicon.person_noun(subject.lemma_.lower())
    if not person:
        return None
    # "My sister Kavita", without a clause said of her ("who lives in Leeds")
    cut = {t.i for c in subject.children if c.dep_ in _CLAUSES for t in c.subtree}
    said = " ".join(t.text for t in subject.subtree if t.i not in cut and not t.is_punct)
    return (said[:1].upper() + said[1:], "is")


def _someone(tok: Token) -> bool:
    """Is the token another person the fragment may be about ("Tom", "the vet", "her")?"""
    if tok.pos_ == "PRON":
        # "Greg's met someone. A teacher.": the someone is the teacher, not Greg (WordNet
        # files "someone", "somebody" as a person; "something", "it" as none)
        said_of_one = tok.dep_ in _OTHERS and lexicon.is_a(tok.lower_, "person", 1, 1)
        return said_of_one or tok.lower_ in ("him", "her", "them", "he", "she", "they", "you")
    # "I met Tom", "lunch with my aunt"; not "at the quarry" (WordNet: first a hunted one)
    if tok.dep_ not in _OTHERS and tok.head.lower_ not in ("with", "for", "to", "from"):
        return False
    return tok.ent_type_ == "PERSON" or (
        tok.pos_ == "NOUN" and lexicon.person_noun(tok.lemma_.lower())
    )


def _what_one_is(part: list[Token]) -> bool:
    """Is the part one person's noun, said of what someone is ("Crane driver", "a retired
    teacher", "Nurse at the hospital there"), not who ("the vet", "my brother", "Dr Patel")?"""
    head = head_of(part)
    # "Midwife.": a noun said alone with a capital is often taken for a name ("Paramedic."
    # for an adjective)
    alone = head is not None and len(part) == 1 and head.tag_ == "JJ"
    if head is None or (head.tag_ not in ("NN", "NNP") and not alone):
        return False
    if head.ent_type_ == "PERSON":
        return False
    noun = head.lemma_.lower() if head.pos_ == "NOUN" else head.lower_
    if not lexicon.person_noun(noun) or _kin(noun) or head.is_upper:
        return False  # "ELLIS": a name shouted (WordNet knows an Ellis)
    if any(t.tag_ in ("JJS", "RBS") for t in part):
        return False  # "best housemate": which one of them, said with "the"
    before = [t for t in part if t.i < head.i]
    if any(t.pos_ in ("DET", "PRON") and t.lower_ not in _WHAT for t in before):
        return False  # "the vet", "my brother", "his boss": a one named, not what one is
    return not any(t.like_num or t.ent_type_ == "PERSON" for t in part)


def _kin(noun: str) -> bool:
    return noun in kin_nouns() or said_kin(noun) is not None


def _span(part: list[Token]) -> str | None:
    """A span of time counted ("twenty years", "thirty-eight years near enough"): its count
    and unit, as said after "for"; None when the part says more than that."""
    nouns = [t for t in part if t.pos_ in ("NOUN", "PROPN", "PRON", "VERB", "DET")]
    if len(nouns) != 1 or count_of(nouns[0]) is None:
        return None  # "every two years", "two years of it": not how long
    unit = nouns[0]
    if lexicon.first_lexname(unit.lemma_.lower(), "n") != "noun.time" or unit.lower_ == "ago":
        return None
    if any(t.lower_ in ("ago", "of", "every") for t in part):
        return None  # "two years ago": when, not how long
    return f"{count_of(unit)} {unit.text.lower()}"


def _when(part: list[Token]) -> bool:
    """Is the part only when it is so ("Nights, mostly.", "Weekends.")? Kept out of the clause."""
    said = [t for t in part if t.pos_ != "ADV"]
    return bool(said) and all(
        t.ent_type_ in ("DATE", "TIME") or lexicon.first_lexname(t.lemma_.lower()) == "noun.time"
        for t in said
    )


def said_of(
    frame: Span, fragment: Span, read_text: Callable[[str], tuple[list[Statement], Span]]
) -> list[Statement]:
    """The statements of the copula clause `fragment` says after `frame`, read by `read_text`
    (the one reader, after one parse); [] when it says none, or only what is not so."""
    text = said_is(frame, fragment)
    if text is None:
        return []
    statements = read_text(text)[0]
    return [] if any(st.negated for st in statements) else statements
