"""An answer said as a fragment, read with the question it answers (issue 21).

"Where did you grow up?" / "Whitby." stores nothing from either turn alone: a question between
people states nothing, and "Whitby." has no verb. Read together they say "I grew up in Whitby",
with "I" the one who answered. So when a turn opens with a fragment (no finite verb) or a bare
yes/no, and the turn before it, by someone else, ended with a question, the question is turned
into its statement with the gap filled, from the question's own parse:

- the inverted auxiliary goes back after the subject ("did you grow up" -> "I did grow up");
- the wh-phrase's place takes the fragment ("how many brothers" -> "five brothers", "where" ->
  "in Whitby" when the fragment says no preposition of its own);
- a yes/no question is said as it was asked, with "not" after its auxiliary for a no;
- "you" of the question is the answerer ("I"), "I" of the question is the asker ("you").

The statement is then read by the one reader, as if the answerer had said it, so its predicate,
roles, time and polarity are read as any statement's are. What cannot be put back together
(a question with no verb, "Any pets?"; "What made you pick Bristol?", whose "what" is a reason)
stores nothing, as before. Words the mechanism needs (wh-words, yes/no words, the pronouns that
swap, the forms that agree) are data files (`data/ellipsis_*.tsv`). Pure: text in, text out.

The question is kept in memory with the rest of the reader's running context (he/she, the last
speaker: `Context` in statement.py), which a restart does not restore either; an answer after a
restart is read alone, as before.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from resident.language.words import table, words

if TYPE_CHECKING:
    from spacy.tokens import Doc, Span, Token

#: wh-phrase -> (what goes before a bare answer, may the gap be the subject)
_WH: dict[str, tuple[str, bool]] = {
    key: (cols[0] if cols[0] != "-" else "", len(cols) > 1 and cols[1] == "subject")
    for key, value in table("ellipsis_wh").items()
    for cols in [value.split("\t")]
}
_POLARITY = table("ellipsis_polarity")
_WH_WORDS = words("wh")
_SWAP = table("ellipsis_swap")
_AGREE = table("ellipsis_agree")
#: Dependencies of a token that says no part of a clause's content at its edge.
_EDGE_DEPS = frozenset({"cc", "intj", "punct", "discourse"})
_SUBJECTS = frozenset({"nsubj", "nsubjpass", "expl"})
_SUBJECT_SWAP = "i"


@dataclass
class Asked:
    """The last turn's closing question and who asked it, for the turn after it."""

    person_id: str | None = None
    question: str | None = None
    turn: int = -1
    #: The question the turn before this one asked (what `heard` shifted out).
    before: tuple[str | None, str | None, int] = (None, None, -1)

    def heard(self, doc: Doc | None, person_id: str | None, turn: int) -> None:
        """Note turn `turn`: what it asked (its last sentence, when that is a question)."""
        self.before = (self.person_id, self.question, self.turn)
        self.person_id, self.turn = person_id, turn
        self.question = closing_question(doc) if doc is not None else None

    def previous(self, person_id: str | None, turn: int) -> str | None:
        """The question the turn just before `turn` closed with, when someone other than
        `person_id` asked it (both known): the question this turn may answer."""
        asker, question, at = self.before
        if question is None or asker is None or person_id is None or asker == person_id:
            return None
        return question if at == turn - 1 else None


def closing_question(doc: Doc) -> str | None:
    """The text of the turn's last sentence when it is a question with a verb."""
    if not doc.has_annotation("DEP"):
        return None  # "Thanks!" read at the tokenizer (language/social.py) asks nothing
    sents = list(doc.sents)
    if not sents or not sents[-1].text.rstrip().endswith("?"):
        return None
    last = sents[-1]
    if not any(t.pos_ in ("VERB", "AUX") for t in last):
        return None  # "Any pets?", "Which place, Grandad?": nothing to put the answer into
    # "Kwame, how much ...", "Mum, are you ...": the one addressed is no part of the question.
    comma = next((t for t in last if t.text == ","), None)
    if comma is not None and all(
        t.pos_ in ("PROPN", "NOUN", "INTJ") for t in last[: comma.i - last.start]
    ):
        last = last[comma.i - last.start + 1 :]
    return last.text.strip()


# -- the answer ---------------------------------------------------------------------------------


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


def answer_parts(doc: Doc) -> Answer:
    """The answer's polarity ("yes", "no" or None) and its fragment (the first sentence's words
    after the yes/no, without edge punctuation or interjections); empty when the turn does not
    open with a fragment."""
    sents = list(doc.sents)
    if not sents:
        return Answer(None, "")
    first = [t for t in sents[0] if not t.is_space]
    polarity = _POLARITY.get(first[0].lower_) if first else None
    rest = first[1:] if polarity is not None else first
    if sents[0].text.rstrip().endswith("?") or _finite(rest):
        return Answer(None, "")  # a question back, or a clause of its own: read alone, as it is
    while rest and (rest[0].dep_ in _EDGE_DEPS or rest[0].is_punct):
        rest = rest[1:]
    while rest and (rest[-1].is_punct or rest[-1].dep_ == "intj"):
        rest = rest[:-1]
    if not rest:
        return Answer(polarity, "")
    # As said (a hyphen stays joined), the first word in mid-sentence case unless a name's.
    opening = rest[0].lower_ if rest[0].is_stop or rest[0].like_num else rest[0].text
    said = opening + rest[0].whitespace_ + "".join(t.text_with_ws for t in rest[1:])
    alone = len(rest) == 1 and rest[0].pos_ == "PRON"
    return Answer(polarity, said.strip(), rest[0].pos_ == "ADP", alone)


# -- the question turned into its statement ----------------------------------------------------


def _wh_phrase(sent: Span) -> tuple[list[Token], str] | None:
    """The wh-word(s) the question opens with and the key they have in ellipsis_wh."""
    words = [t for t in sent if not (t.is_punct or t.dep_ in _EDGE_DEPS)]
    if not words:
        return None
    first = words[0]
    if len(words) > 1 and f"{first.lower_} {words[1].lower_}" in _WH:
        return [first, words[1]], f"{first.lower_} {words[1].lower_}"
    if first.lower_ in _WH:
        return [first], first.lower_
    return None


def _opens_with_wh(sent: Span) -> bool:
    words = [t for t in sent if not (t.is_punct or t.dep_ in _EDGE_DEPS)]
    return bool(words) and words[0].lower_ in _WH_WORDS


def _head_verb(sent: Span) -> Token:
    return sent.root


def _inverted(sent: Span, subject: Token) -> list[Token]:
    """The auxiliaries (or the copula) said before the subject: they go back after it."""
    root = _head_verb(sent)
    return [
        t
        for t in sent
        if t.i < subject.left_edge.i
        and t.pos_ == "AUX"
        and (t == root or (t.head == root and t.dep_ in ("aux", "auxpass")))
    ]


def _subject(sent: Span) -> Token | None:
    root = _head_verb(sent)
    return next((t for t in root.children if t.dep_ in _SUBJECTS), None)


def _said_by_answerer(token: Token, subject: Token | None) -> str:
    """The token's word in the answerer's mouth ("you" -> "I", "your" -> "my")."""
    low = token.lower_
    swapped = _SWAP.get(low)
    if swapped is None:
        return token.text
    if low == "you" and token.dep_ not in _SUBJECTS:
        return "me"
    if swapped.lower() == _SUBJECT_SWAP:
        return "I"
    return swapped


def _agreeing(words: list[str], subject_word: str | None) -> list[str]:
    """The inverted verb agreeing with the subject it now follows ("I are" -> "I am")."""
    out = []
    for w in words:
        low = w.lower()
        key = f"{(subject_word or '').lower()} {low}"
        out.append(_AGREE.get(key) or _AGREE.get(f"* {low}") or w)
    return out


#: A head verb's dependents that finish it: the answer comes after them ("I did meet Gran at
#: a dance", "I am hanging it above the door"), and before its adjuncts.
_FINISHING = frozenset({"prt", "acomp", "oprd", "dobj", "attr", "dative", "xcomp"})


def _fill_point(sent: Span, kept: list[Token]) -> int:
    """Where the answer goes among the kept tokens: after the head verb and the words that
    finish it (a particle, its object, a participle); first when the head verb was inverted."""
    root = _head_verb(sent)
    finishing = {root.i}
    for child in root.rights:
        if child.dep_ in _FINISHING:
            finishing |= {t.i for t in child.subtree}
    subject = _subject(sent)
    if subject is not None:
        finishing |= {t.i for t in subject.children if t.dep_ == "acl" and t.tag_ == "VBN"}
    last = max((n for n, t in enumerate(kept) if t.i in finishing), default=-1)
    return last + 1


def _word(token: Token, subject: Token | None) -> str:
    """The token as the answerer says it, in the middle of a sentence."""
    said = _said_by_answerer(token, subject)
    if said == token.text and token.is_sent_start and token.pos_ != "PROPN":
        return token.lower_
    return said


def statement_text(question: str, doc_of: object, answer: Answer) -> str:
    """The question `question` said as the statement its answer makes, or "" when it cannot
    be put back together. `doc_of` parses text (the pipeline)."""
    qdoc = doc_of(question)  # type: ignore[operator]
    sents = list(qdoc.sents)
    if len(sents) != 1:
        return ""
    sent = sents[0]
    subject = _subject(sent)
    wh = _wh_phrase(sent)
    if wh is None and _opens_with_wh(sent):
        return ""  # "How was your break?": asks how, which no fragment fills as a role
    if wh is None:
        # "Are you back in Manchester now?" / "Since Tuesday.": a time or place said of it
        # answers yes; after a yes it is said with the statement ("Yes, for the week").
        polarity = answer.polarity or ("yes" if answer.placed else None)
        if polarity is None:
            return ""
        said = _polar(sent, subject, polarity)
        if said and polarity == "yes" and answer.placed:
            said = f"{said[:-1]} {answer.fragment}."
        return said
    if not answer.fragment or answer.polarity is not None or answer.pronoun:
        # "Who's looking after Pilot?" / "Not me.": a yes/no word before a wh-answer says what
        # the filler is not (or hedges it); a pronoun alone is read by no one here.
        return ""
    return _filled(sent, subject, wh, answer)


def _polar(sent: Span, subject: Token | None, polarity: str) -> str:
    if subject is None:
        return ""
    inverted = _inverted(sent, subject)
    if not inverted:
        return ""
    kept = [t for t in sent if not (t.is_punct or t.dep_ in _EDGE_DEPS) and t not in inverted]
    subj = [t for t in kept if subject.left_edge.i <= t.i <= subject.i]
    rest = [t for t in kept if t not in subj]
    words = [_word(t, subject) for t in subj]
    verbs = _agreeing([t.lower_ for t in inverted], words[-1] if words else None)
    if polarity == "no":
        verbs = [*verbs[:1], "not", *verbs[1:]]
    return " ".join([*words, *verbs, *(_word(t, subject) for t in rest)]) + "."


def _filled(sent: Span, subject: Token | None, wh: tuple[list[Token], str], answer: Answer) -> str:
    wh_tokens, key = wh
    before, may_be_subject = _WH[key]
    if subject is not None and subject in wh_tokens:
        if not may_be_subject:
            return ""
        rest = [t for t in sent if not t.is_punct and t not in wh_tokens and t.dep_ not in ("cc",)]
        return " ".join([answer.fragment, *(_word(t, None) for t in rest)]) + "."
    if subject is None:
        return ""
    # The wh-phrase's noun ("how many brothers and sisters") moves with the answer.
    moved = [*wh_tokens]
    head = wh_tokens[-1].head
    if head.pos_ in ("NOUN", "PROPN") and head.i > wh_tokens[-1].i and head.dep_ != "nsubj":
        moved += [t for t in head.subtree if t not in wh_tokens]
    inverted = _inverted(sent, subject)
    kept = [
        t
        for t in sent
        if not (t.is_punct or t.dep_ in _EDGE_DEPS) and t not in moved and t not in inverted
    ]
    subj = [t for t in kept if subject.left_edge.i <= t.i <= subject.i]
    rest = [t for t in kept if t not in subj]
    words = [_word(t, subject) for t in subj]
    verbs = _agreeing([t.lower_ for t in inverted], words[-1] if words else None)
    phrase = answer.fragment
    if before and not answer.placed:
        phrase = f"{before} {phrase}"
    noun = [t.text for t in moved if t not in wh_tokens]
    filler = " ".join([phrase, *noun])
    point = _fill_point(sent, rest)
    tail = [_word(t, subject) for t in rest]
    return " ".join([*words, *verbs, *tail[:point], filler, *tail[point:]]) + "."


def answered(
    asked: Asked, doc: Doc | None, person_id: str | None, turn: int, doc_of: object
) -> str:
    """The statement turn `turn` (`doc`, said by `person_id`) makes as the answer to the
    question the turn before it asked, or "" when it answers none."""
    question = asked.previous(person_id, turn)
    if question is None or doc is None:
        return ""
    return read_answer(doc, question, doc_of)


def read_answer(doc: Doc, question: str, doc_of: object) -> str:
    """The statement the turn `doc` makes as the answer to `question` ("" for none)."""
    answer = answer_parts(doc)
    if answer.polarity is None and not answer.fragment:
        return ""
    return statement_text(question, doc_of, answer)
