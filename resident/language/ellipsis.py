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
restart is read alone, as before. What the answer turn says (its yes/no and fragment) is read
in fragment_answer.py, the question held in question_held.py.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from resident.language.answer_gap import (
    as_subject,
    counted_subject,
    fits_gap,
    indefinite_filled,
    plainly_asked,
    said_with_yes,
    toward,
    unopened,
    untagged,
)
from resident.language.asked_of_you import put_to_you
from resident.language.counted_reply import counted_yes, unverbed_count
from resident.language.counting import opening_count
from resident.language.echoed import echoed_yes
from resident.language.ending_reply import asks_an_ending, no_longer
from resident.language.fragment_answer import (
    _EDGE_DEPS,
    _FRAGMENT_AUX,
    Answer,
    _finite,
    answer_parts,
)
from resident.language.hedging import hedged
from resident.language.lexicon import base, is_a
from resident.language.often_answer import said_often
from resident.language.price_fill import price_said
from resident.language.question_held import Asked
from resident.language.stranded import stranded_at
from resident.language.words import table, words

if TYPE_CHECKING:
    from spacy.tokens import Doc, Span, Token

#: wh-phrase -> (what goes before a bare answer, may the gap be the subject)
_WH: dict[str, tuple[str, bool]] = {
    key: (cols[0] if cols[0] != "-" else "", len(cols) > 1 and cols[1] == "subject")
    for key, value in table("ellipsis_wh").items()
    for cols in [value.split("\t")]
}
_WH_WORDS = words("wh")
_SWAP = table("ellipsis_swap")
_AGREE = table("ellipsis_agree")
_SUBJECTS = frozenset({"nsubj", "nsubjpass", "expl"})
_SUBJECT_SWAP = "i"


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


def _inverted(sent: Span, subject: Token) -> list[Token]:
    """The auxiliaries (or the copula) said before the subject: they go back after it."""
    root = sent.root
    return [
        t
        for t in sent
        if t.i < subject.left_edge.i
        and t.pos_ == "AUX"
        and (t == root or (t.head == root and t.dep_ in ("aux", "auxpass")))
    ]


def _subject(sent: Span) -> Token | None:
    root = sent.root
    subjects = [t for t in root.children if t.dep_ in _SUBJECTS]
    if not subjects:
        # "Are you vegetarian?": the parser may hang the subject on the adjective after it
        # ("you" under "vegetarian"), not on the inverted copula that opens the question.
        subjects = [
            t
            for t in sent
            if t.dep_ in _SUBJECTS
            and t.i == root.i + 1 == sent.start + 1
            and t.head.head == root
            and (t.head.dep_, t.head.pos_) == ("acomp", "ADJ")
        ]
    # "How many sisters has Ines got?": the parser reads the counted noun as a second
    # subject; the subject is the one after the auxiliary, with no wh-word of its own.
    unasked = [t for t in subjects if "how many" not in " ".join(w.lower_ for w in t.subtree)]
    return next(iter(unasked or subjects), None)


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
#: "What's the kitten called?": the tagger gives the participle after "'s" as a past (VBD).
_PARTICIPLE = frozenset({"VBN", "VBD"})


def _fill_point(sent: Span, kept: list[Token]) -> int:
    """Where the answer goes among the kept tokens: after the head verb and the words that
    finish it (a particle, its object, a participle); first when the head verb was inverted."""
    root = sent.root
    finishing = {root.i}
    for child in root.rights:
        if child.dep_ in _FINISHING:
            finishing |= {t.i for t in child.subtree}
    subject = _subject(sent)
    if subject is not None:
        finishing |= {t.i for t in subject.children if t.dep_ == "acl" and t.tag_ in _PARTICIPLE}
    last = max((n for n, t in enumerate(kept) if t.i in finishing), default=-1)
    return last + 1


def _word(token: Token, subject: Token | None) -> str:
    """The token as the answerer says it, in the middle of a sentence."""
    said = _said_by_answerer(token, subject)
    if said == token.text and token.is_sent_start and token.pos_ != "PROPN":
        return token.lower_
    return said


def statement_text(question: str, doc_of: object, answer: Answer, to_you: bool = True) -> str:
    """The question `question` said as the statement its answer makes, or "" when it cannot
    be put back together. `doc_of` parses text (the pipeline)."""
    qdoc = doc_of(unopened(untagged(question)))  # type: ignore[operator]
    sents = list(qdoc.sents)
    if len(sents) != 1:
        return ""
    sent = sents[0]
    if to_you and (full := put_to_you(sent)) is not None:
        # "Seen the monster?" asks "Have you seen the monster?" of the one who answers.
        sents = list(doc_of(full).sents)  # type: ignore[operator]
        if len(sents) != 1:
            return ""
        sent = sents[0]
    if counted := unverbed_count(sent, answer.fragment, doc_of):
        return counted  # "How many grandkids now?" / "Seven.": "I have seven grandkids."
    subject = _subject(sent)
    wh = _wh_phrase(sent)
    if wh is None and _opens_with_wh(sent):
        return ""  # "How was your break?": asks how, which no fragment fills as a role
    if wh is None:
        return _polar_answer(sent, subject, answer, doc_of)
    if answer.pronoun and subject is not None and subject in wh[0]:
        me = as_subject(answer.fragment, wh[1])  # "Who's driving?" / "Me." -> "I am driving"
        answer = replace(answer, fragment=me, pronoun=False) if me else answer
    elif not fits_gap(wh[1], answer, doc_of):
        return ""  # "Who fixed it?" / "The cheapest quote.": no one to fill a who
    if not answer.fragment or answer.polarity is not None or answer.pronoun:
        # "Who's looking after Pilot?" / "Not me.": a yes/no word before a wh-answer says what
        # the filler is not (or hedges it); a pronoun alone is read by no one here.
        return ""
    return _filled(sent, subject, wh, answer)


def _polar_answer(sent: Span, subject: Token | None, answer: Answer, doc_of: object) -> str:
    """A yes/no question said as the statement its short answer makes, or ""."""
    # "Are you back in Manchester now?" / "Since Tuesday.": a time or place said of it
    # answers yes; after a yes it is said with the statement ("Yes, for the week").
    # "You two still talk?" / "Now and then.": how often it is done says it is done.
    often = bool(answer.fragment) and said_often(answer.fragment, doc_of)
    polarity = answer.polarity or ("yes" if answer.placed or answer.timed or often else None)
    if polarity is None and answer.fragment and not answer.pronoun:  # "Bass and vocals."
        yes = _polar(sent, subject, "yes")  # "Going anywhere?" / "Leeds.": where
        if counted := counted_yes(sent, answer.fragment, yes, doc_of):
            return counted  # "Does Callum have kids?" / "Two boys.": two boys he has
        filled = indefinite_filled(sent, answer, doc_of, yes, {k: v[0] for k, v in _WH.items()})
        return filled or echoed_yes(sent, subject, answer.fragment, _polar)
    if polarity is None or not _echoes(subject, answer.echo):
        return ""
    if answer.ended:
        if asks_an_ending(sent):
            return ""  # "Did you give up smoking?" / "Gave up in May.": a yes
        if any(t.dep_ == "neg" for t in sent):
            # "So you're not in Leeds any more?" / "Not anymore.": it is as asked.
            return _declared(sent, subject, "yes") if subject is not None else ""
    if answer.clause and not plainly_asked(sent):
        return ""
    said = _polar(sent, subject, polarity)
    if answer.ended and said:
        said = no_longer(said)
    if said and polarity == "yes" and (told := said_with_yes(answer, doc_of)):
        said = f"{said[:-1]} {told}."  # "Yes, twenty-two years.": for twenty-two years
    return said


def _echoes(subject: Token | None, echo: str | None) -> bool:
    """Whether a short answer's pronoun is the question's subject in the answerer's mouth
    ("Did you ...?" / "I did"; "Is Tom ...?" / "He is"), or the answer has none."""
    if echo is None:
        return True
    if subject is None:
        return False
    if subject.pos_ == "PRON":
        # "Did you go?" / "We did": a "you" asked of the replier and those with them.
        plural = subject.lower_ == "you" and echo == "we"
        return plural or _said_by_answerer(subject, subject).lower() == echo
    return echo in ("he", "she", "it", "they")


def _declared(sent: Span, subject: Token, polarity: str) -> str:
    """A statement asked as a question ("Efua's the lawyer, right?", "You're moving to
    Leeds?"): a yes says it as it was said, in the answerer's mouth; a no says nothing (what
    is not so is not told by the statement's words)."""
    root = sent.root
    if polarity != "yes" or subject.i >= root.i or not _finite([root, *root.children]):
        return ""
    # The "and" of "You and Tom" joins the subject and stays.
    said = [t for t in sent if not (t.is_punct or t.dep_ in _EDGE_DEPS) or t.head == subject]
    words_ = [_word(t, subject) for t in said]
    # The verb agreeing with the subject it now has ("you're" -> "I am").
    for n, t in enumerate(said):
        if n and t.pos_ in ("AUX", "VERB") and t.head == root and said[n - 1] == subject:
            words_[n] = _agreeing([t.lower_], words_[n - 1])[0]
    return " ".join(words_) + "."


def _polar(sent: Span, subject: Token | None, polarity: str) -> str:
    if subject is None:
        return ""
    inverted = _inverted(sent, subject)
    if not inverted:
        return _declared(sent, subject, polarity)
    kept = [t for t in sent if not (t.is_punct or t.dep_ in _EDGE_DEPS) and t not in inverted]
    subj = [t for t in kept if subject.left_edge.i <= t.i <= subject.i]
    rest = [t for t in kept if t not in subj]
    words = [_word(t, subject) for t in subj]
    verbs = _agreeing([t.lower_ for t in inverted], words[-1] if words else None)
    if polarity == "no":
        verbs = [*verbs[:1], "not", *verbs[1:]]
    return " ".join([*words, *verbs, *(_word(t, subject) for t in rest)]) + "."


#: A verb agreeing with a subject of more than one ("Mum and Jo are coming").
_PLURAL = {"is": "are", "was": "were", "has": "have"}


def _number(verb: str, subject: str) -> str:
    return _PLURAL.get(verb, verb) if " and " in f" {subject} " else verb


_ADJUNCTS = frozenset({"npadvmod", "advmod", "tmod"})


def _predicate_said(sent: Span, subject: Token, answer: Answer) -> str:
    """A fragment that is a verb phrase of its own is the predicate said of the question's
    subject, after the question's auxiliary when its form goes with it ("" when not)."""
    inverted = _inverted(sent, subject)
    wanted = _FRAGMENT_AUX.get(answer.verbal or "")
    if not inverted or wanted is None or inverted[-1].lemma_ not in wanted:
        return ""
    if inverted[-1].lemma_ == "do":
        inverted = inverted[:-1]  # "What did you do?" / "Visit Gran." is no "I did visit"
    subj = [t for t in sent if subject.left_edge.i <= t.i <= subject.i]
    words = [_word(t, subject) for t in subj]
    verbs = _agreeing([t.lower_ for t in inverted], words[-1] if words else None)
    # The question's own time or manner stays ("this weekend", "now").
    adjuncts = [
        _word(t, subject)
        for child in sent.root.children
        if child.dep_ in _ADJUNCTS and child.lower_ not in _WH_WORDS
        for t in child.subtree
    ]
    return " ".join([*words, *verbs, answer.fragment, *adjuncts]) + "."


def _filled(sent: Span, subject: Token | None, wh: tuple[list[Token], str], answer: Answer) -> str:
    wh_tokens, key = wh
    before, may_be_subject = _WH[key]
    if key == "how many" and (number := opening_count(answer.fragment)):
        # "How many grandkids now?" / "Seven, and one on the way.": the count is the number
        # it opens with; what follows is said of it, not counted.
        answer = replace(answer, fragment=number)
    if subject is not None and subject in wh_tokens:
        if not may_be_subject:
            return ""
        rest = [t for t in sent if not t.is_punct and t not in wh_tokens and t.dep_ not in ("cc",)]
        said = [_word(t, None) for t in rest]
        if rest and rest[0].pos_ == "AUX":  # "Who's coming?" / "Mum and Jo." -> "are coming"
            said[0] = _number(_agreeing([rest[0].lower_], answer.fragment)[0], answer.fragment)
        # "Who painted it?" / "Mirela, last spring.": the filler is the part before the comma
        # (the part fits_gap checked); what follows it is said after the clause.
        filler, _, aside = answer.fragment.partition(",")
        return " ".join([filler.strip(), *said, *aside.split()]) + "."
    if subject is None:
        return ""
    if priced := price_said(sent, subject, wh_tokens, key, answer.fragment):
        return priced  # "How much is the venue?" / "Nine hundred.": what it costs
    if counted := counted_subject(sent, subject, wh_tokens, key, answer.fragment, _word):
        return counted  # "How many came?" / "Fourteen.": "Fourteen people came"
    if answer.verbal:
        return _predicate_said(sent, subject, answer)
    if answer.timed and key in ("where", "who", "whom"):
        return ""  # "Where did you grow up?" / "Last year.": a time fills no place or person
    if key == "what" and sent.root.lemma_ == "do":
        # "What did you do?" asks for a doing: a thing said alone does not fill it, but for
        # "What do you do?" / "A nurse.": the one someone is.
        return _one_who(sent, subject, answer)
    # The wh-phrase's noun ("how many brothers and sisters") moves with the answer.
    moved = [*wh_tokens]
    head = wh_tokens[-1].head
    if head.pos_ in ("NOUN", "PROPN") and head.i > wh_tokens[-1].i and head != subject:
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
    prep = toward(sent, key, phrase) or before  # "When is it collected?" / "Fridays.": on
    if prep and not answer.placed:
        phrase = f"{prep} {phrase}"
    noun = [t.text for t in moved if t not in wh_tokens]
    filler = " ".join([phrase, *noun])
    point = _fill_point(sent, rest)
    if not before:  # "Who did you go with?" / "Tom.": the answer is the "with"'s object
        point = stranded_at(rest, moved) or point
    tail = [_word(t, subject) for t in rest]
    return " ".join([*words, *verbs, *tail[:point], filler, *tail[point:]]) + "."


def answered(
    asked: Asked,
    doc: Doc | None,
    person_id: str | None,
    turn: int,
    doc_of: object,
    name: str | None = None,
) -> str:
    """The statement turn `turn` (`doc`, said by `person_id`, called `name`) makes as the
    answer to the question the turn before it asked, or "" when it answers none."""
    question = asked.previous(person_id, turn, name)
    if question is None or doc is None:
        return ""
    return read_answer(doc, question, doc_of, to_you=not asked.before_followed)


def read_answer(doc: Doc, question: str, doc_of: object, to_you: bool = True) -> str:
    """The statement the turn `doc` makes as the answer to `question` ("" for none);
    `to_you`: a question without its subject was put to the one answering."""
    answer = answer_parts(doc)
    if answer.polarity is None and not answer.fragment:
        return ""
    if hedged(doc):
        return ""
    return statement_text(question, doc_of, answer, to_you)


#: The words after an occupation's noun that say more of it ("head of pharmacy at Southmead").
_AFTER_HEAD = frozenset({"of", "at", "in", "for", "with", "on", ","})
_WORK_OF = {"does": "works", "do": "work"}


def _one_who(sent: Span, subject: Token, answer: Answer) -> str:
    """ "What do you do (now)?" / "Head of pharmacy at Southmead.": "I work as head of pharmacy
    at Southmead", when the fragment's head noun names a kind of person (WordNet) and the
    question asks in the present; "" otherwise ("What do you do on Sundays?" / "Football.")."""
    inverted = _inverted(sent, subject)
    if [t.lower_ for t in inverted] not in (["do"], ["does"]) or answer.placed:
        return ""
    said = answer.fragment.replace(",", " ,").split()
    cut = next((n for n, w in enumerate(said) if w.lower() in _AFTER_HEAD), len(said))
    if not cut or not is_a(said[cut - 1].lower(), "person", senses=None, kinds=1):
        return ""
    subj = [_word(t, subject) for t in sent if subject.left_edge.i <= t.i <= subject.i]
    # "Head of pharmacy": a common noun said at the turn's opening, not a name.
    first = said[0].lower() if base(said[0].lower(), "n") else said[0]
    fragment = " ".join([first, *answer.fragment.split()[1:]])
    return " ".join([*subj, _WORK_OF[inverted[0].lower_], "as", fragment]) + "."
