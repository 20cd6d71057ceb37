"""What an answer turn says, read for ellipsis.py to put into the question it answers: its yes or
no, its fragment (the words after the yes/no, an aside after a comma left out), a short answer
that echoes the question's subject and auxiliary ("I did!", "We did, last Saturday."), and
what the fragment is (a preposition's phrase, a pronoun, a verb phrase, a time). Pure.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from resident.language.answer_gap import (
    SUBJECT_PRONOUNS,
    before_clause,
    clause_answers,
    polarity_of,
)
from resident.language.ending_reply import ends_unsaid, no_longer_said
from resident.language.hedging import POLARITY as _POLARITY
from resident.language.lexicon import base
from resident.language.words import words

if TYPE_CHECKING:
    from spacy.tokens import Doc, Span, Token


_FOCUS = words("ellipsis_focus")
_AUX_LEMMAS = frozenset({"be", "do", "have"})
#: Dependencies of a token that says no part of a clause's content at its edge.
_EDGE_DEPS = frozenset({"cc", "intj", "punct", "discourse"})


def _finite(tokens: Span | list[Token]) -> bool:
    return any("Fin" in t.morph.get("VerbForm", []) or t.tag_ == "MD" for t in tokens)


@dataclass(frozen=True)
class Answer:
    """What a turn answers: yes/no (or None), and its fragment's words."""

    polarity: str | None
    fragment: str
    #: The fragment opens with a preposition of its own ("At a dance in Scarborough").
    placed: bool = False
    #: The fragment is a pronoun alone ("me", "him").
    pronoun: bool = False
    #: The subject pronoun of a short answer that echoes the question ("I did", "she isn't").
    echo: str | None = None
    #: The fragment's opening verb form when it is a verb phrase ("Turning nine in May": VBG).
    verbal: str | None = None
    #: The fragment is a time alone ("Last Saturday", "Next June"): said with a yes.
    timed: bool = False
    #: The yes or no is set apart before a clause of its own ("No, she gave it up.").
    clause: bool = False
    #: The answer says what was asked is over ("Gave up in May.", "Not anymore."): its no
    #: is "not any more" (ending_reply.py).
    ended: bool = False


def _auxiliary(token: Token) -> bool:
    """An auxiliary, or "do"/"have"/"be" said with its verb left out ("I did", "we have")."""
    return token.pos_ == "AUX" or token.tag_ == "MD" or token.lemma_ in _AUX_LEMMAS


def _echo(first: list[Token]) -> Answer | None:
    """A short answer that says only a subject pronoun and its auxiliary ("I did!", "She
    hasn't.", "We are, yeah"): yes, or no with a "not", said of that pronoun."""
    said = [t for t in first if not (t.is_punct or t.dep_ in _EDGE_DEPS)]
    said = [t for t in said if _POLARITY.get(t.lower_) is None or t.dep_ == "neg"]
    if len(said) < 2 or said[0].lower_ not in SUBJECT_PRONOUNS:
        return None
    rest = said[1:]
    verbs = [t for t in rest if t.dep_ not in ("neg", "advmod")]
    if not verbs or rest[0] is not verbs[0] or not all(_auxiliary(t) for t in verbs):
        return None
    polarity = "no" if any(t.dep_ == "neg" for t in rest) else "yes"
    return Answer(polarity, "", echo=said[0].lower_)


def _aside_opener(token: Token) -> bool:
    """A word that opens an aside: a preposition, an adverb, a participle ("counting Mum")."""
    return token.pos_ in ("ADP", "ADV", "SCONJ") or token.tag_ == "VBG"


def _aside(rest: list[Token]) -> int:
    """Where an aside after a comma begins ("Lisbon, in the end": a preposition or adverb that
    names nothing says how the answer was come to, not what fills the gap; "At a dance, in
    1964" names a time, and stays)."""
    for n, t in enumerate(rest[:-1]):
        if t.text != "," or not _aside_opener(rest[n + 1]):
            continue
        after = rest[n + 1 :]
        if not any(w.ent_type_ or w.like_num or w.pos_ == "PROPN" for w in after):
            return n
    return len(rest)


def answer_parts(doc: Doc) -> Answer:
    """The answer's polarity ("yes", "no" or None) and its fragment (the first sentence's words
    after the yes/no, without edge punctuation or interjections); empty when the turn does not
    open with a fragment."""
    sents = list(doc.sents)
    if not sents:
        return Answer(None, "")
    first = [t for t in sents[0] if not t.is_space]
    polarity = polarity_of(first)
    rest = first[1:] if polarity is not None else first
    if sents[0].text.rstrip().endswith("?"):
        return Answer(None, "")  # a question back: read alone, as it is
    if polarity is None and ends_unsaid(sents[0]):
        # "Gave up in May.": the ending is the no; the clause is read alone as well.
        subject = next((t for t in sents[0].root.children if t.dep_ == "nsubj"), None)
        who = subject.lower_ if subject is not None else None
        return Answer("no", "", echo=who, clause=True, ended=True)
    if polarity == "no" and no_longer_said(sents[0]) and not _finite(first):
        # "Not any more.": the ending is the no's own word, no filler of a gap.
        return Answer("no", "", ended=True)
    ended = polarity == "no" and no_longer_said(sents[0])
    while rest and (rest[0].dep_ in _EDGE_DEPS or rest[0].is_punct or rest[0].lower_ in _FOCUS):
        rest = rest[1:]
    rest = rest[: _aside(rest)]
    rest = before_clause(rest) or rest  # "Exeter, she studied geology.": "Exeter"
    if _finite(rest):
        # "I did!": the short answer's subject and auxiliary echo the question; any other
        # clause of its own is read alone, as it is, and a yes or no before it answers the
        # question whole ("No, she gave it up.": "Ivy does not still do ballet").
        if polarity is not None and clause_answers(first, rest):
            echo = _echo(rest)
            if echo is None or echo.polarity == polarity:
                echoed = echo.echo if echo else None
                return Answer(polarity, "", echo=echoed, clause=True, ended=ended)
        return (_echo_timed(first) if polarity is None else None) or Answer(None, "")
    while rest and (rest[-1].is_punct or rest[-1].dep_ == "intj"):
        rest = rest[:-1]
    if not rest:
        return Answer(polarity, "", ended=ended)
    # As said (a hyphen stays joined), the first word in mid-sentence case unless a name's.
    # A verb the parse found where WordNet knows none ("Reykjavik") is a name it misread.
    verb = rest[0].pos_ == "VERB" and base(rest[0].lower_, "v") is not None
    lower = rest[0].is_stop or rest[0].like_num or verb
    opening = rest[0].lower_ if lower else rest[0].text
    said = opening + rest[0].whitespace_ + "".join(t.text_with_ws for t in rest[1:])
    alone = len(rest) == 1 and rest[0].pos_ == "PRON"
    verbal = rest[0].tag_ if verb and rest[0].tag_ in _FRAGMENT_AUX else None
    timed = _is_time(rest)
    placed = rest[0].tag_ == "IN"  # "At a dance", "Since Tuesday" (a verbless SCONJ's phrase)
    return Answer(polarity, said.strip(), placed, alone, verbal=verbal, timed=timed, ended=ended)


_TIME_ENTS = frozenset({"DATE", "TIME"})


def _is_time(tokens: list[Token]) -> bool:
    """Every word a time's ("last Saturday", "next June", "this morning")."""
    said = [t for t in tokens if not t.is_punct]
    if said and said[0].tag_ == "IN":
        said = said[1:]  # "on Sunday", "since Tuesday"
    if any(t.like_num for t in said) and not any(t.lower_ == "ago" for t in said):
        return False  # "Twenty-two years.": how long (or a count), not when
    return bool(said) and all(t.ent_type_ in _TIME_ENTS for t in said)


def _echo_timed(first: list[Token]) -> Answer | None:
    """A short answer echoing the question, with a time after a comma ("We did, last
    Saturday."): the echo's yes or no, the time its fragment, said with a yes."""
    comma = next((n for n, t in enumerate(first) if t.text == ","), None)
    if comma is None or not _is_time(first[comma + 1 :]):
        return _echo(first)
    echo = _echo(first[:comma])
    if echo is None:
        return None
    tail = first[comma + 1 :]
    while tail and tail[-1].is_punct:
        tail = tail[:-1]
    said = "".join(t.text_with_ws for t in tail).strip()
    return Answer(echo.polarity, said, echo=echo.echo, timed=True)


#: The auxiliary a verbal fragment of each form is said after ("How old is she?" / "Turning
#: nine in May." -> "she is turning nine"; "What will you do?" / "Visit Gran." -> "I will visit").
_FRAGMENT_AUX = {"VBG": frozenset({"be"}), "VB": frozenset({"do", "will", "would", "can"})}
