"""A fragment answer's fit to the gap of the question it answers (issue 21, frag32). Pure:
the parse in, text out.

ellipsis.py puts a fragment into the question's gap ("Who fixed your boiler?" / "Mr Okafor."
-> "Mr Okafor fixed my boiler"), and took any fragment: "The cheapest quote." was read as the
one who fixed it, "Two weeks." as where one stayed. Here the fragment's head (as parsed alone,
gap_kinds.head_of) is weighed against the kind its gap asks for (data/gap_kinds.tsv):

- a length, a count, a point in time (how long, how many, how much, how old, since when):
  taken only when said so (gap_kinds.fits), and a time (when, what time) also when a clock's
  number says it;
- a place or a person: refused on evidence of another kind, a time or a count ("Two weeks."
  for where), and for who a common noun no sense of which is a person ("the train"); a name
  WordNet does not know is taken, however the parser tagged it alone;
- a thing (what, which): any, as before (a colour, a name, a date may each be one).

A yes/no question with an indefinite word in it ("Are you going anywhere over Easter?", "Did
you buy anything?", "Is anyone coming?") asks the same as the wh-question of that word, and a
fragment that names something ("Lisbon, with my sister.") answers it, when it asks of the
one answering or of someone else (to "Did I miss something?" a fragment is news, not what the
asker missed): the question said as its yes, the fragment, with the gap's preposition, in the
indefinite word's place ("I am going to Lisbon over Easter"). The indefinite words and their
gaps are data (data/ellipsis_indefinite.tsv).
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Protocol

from resident.language import lexicon
from resident.language.asked_turn import WH_TAGS
from resident.language.gap_kinds import fits, head_of, kind_of_gap
from resident.language.hedging import POLARITY
from resident.language.since_reply import since_gap, since_point
from resident.language.vocatives import written_as_name
from resident.language.when_days import WEEKDAYS, ordinal
from resident.language.words import table, words

if TYPE_CHECKING:
    from collections.abc import Mapping

    from spacy.tokens import Span, Token


class Answer(Protocol):
    """What fragment_answer.Answer says of a fragment answer that is read here (a Protocol:
    ellipsis imports this module)."""

    @property
    def fragment(self) -> str: ...
    @property
    def placed(self) -> bool: ...
    @property
    def verbal(self) -> str | None: ...
    @property
    def timed(self) -> bool: ...


_INDEFINITE = table("ellipsis_indefinite")
_MOTION = words("ellipsis_motion")
_OPENERS = words("ellipsis_openers")
_WH_WORDS = words("wh")
_REPORTING = words("reading_reporting") | words("belief_verbs")
#: Kinds said in number words, taken only on that evidence.
_COUNTED = frozenset({"duration", "number", "point"})
#: A pronoun said alone as who did it, and itself as a subject ("Me." -> "I am driving").
_AS_SUBJECT = table("ellipsis_subject_pronoun")
#: The asker's own "I" and "we" as a question's subject.
_ASKER = frozenset(v.lower() for v in _AS_SUBJECT.values())
#: Subject pronouns an echoing short answer opens with ("Did you get the job?" / "I did!") and
#: a question's tag ends with ("..., doesn't he?").
SUBJECT_PRONOUNS = frozenset({"i", "we", "you", "he", "she", "it", "they"})
_TAGS = words("ellipsis_tags")
_TAG_VERBS = words("asking_aux") | {"can", "could", "would", "should", "wo", "ca"}
#: What opens a clause that puts a condition or a limit on the yes or no before it ("Yes, but
#: only if it's dry", "No, unless Mum can't").
_LIMITING = frozenset({"CCONJ", "SCONJ"})


def as_subject(fragment: str, key: str) -> str | None:
    """The answer "me"/"us" to a subject's "who" said as the subject it is ("I", "we"); None
    for any other (a pronoun alone, "him", is read by no one here)."""
    return _AS_SUBJECT.get(fragment.lower()) if key == "who" else None


def fits_gap(key: str, answer: Answer, doc_of: object) -> bool:
    """Whether the answer's fragment (its head part, before an aside after a comma) may fill
    the gap `key` (see the module's doc); a verb phrase ("Turning nine in May.") is read by
    its own rule."""
    if answer.verbal is not None:
        return True
    # "How long have you lived here?" / "Since 2015.": a start fills the gap's "since when".
    return _fits(since_gap(key, answer.fragment), since_point(key, answer.fragment), doc_of)


def said_with_yes(answer: Answer, doc_of: object) -> str:
    """What a fragment said with a yes adds to the statement: a place or time as said ("Are
    you back in Manchester?" / "Since Tuesday."), a length with "for" ("Were you ever in the
    crew?" / "Yes, twenty-two years."); "" for any other."""
    if answer.placed or answer.timed:
        return answer.fragment
    lasted = bool(answer.fragment) and _fits("how long", answer.fragment, doc_of)
    return f"for {answer.fragment}" if lasted else ""


def _fits(key: str, fragment: str, doc_of: object) -> bool:
    kind = kind_of_gap(key)
    if kind is None or kind == "thing" or not fragment:
        return True  # "What colour?" / "Blue.": a thing is too wide a kind to refuse by
    said = doc_of(_head_part(fragment) + ".")  # type: ignore[operator]
    opening = next(iter(said.sents), None)
    tokens = [t for t in opening if not t.is_punct] if opening is not None else []
    head = head_of(tokens)
    if head is None:
        return False
    if kind in _COUNTED:
        return fits(kind, tokens)  # a length, a count: said in number words, or not at all
    if kind == "time":  # "Half seven.", "7.30": a clock's time the NER often leaves untyped
        return fits(kind, tokens) or any(t.like_num for t in tokens)
    if fits("time", tokens) or head.pos_ == "NUM":
        return False  # "Where did you stay?" / "Two weeks.": a time or count is no place
    if kind == "person" and not fits(kind, tokens):
        # A name said alone is often parsed as anything ("Delyth." a noun, "Estelle." a
        # place): one WordNet knows no noun by may be someone's; a common noun no sense of
        # which is a person ("the cheapest quote", "the train") is no one.
        return head.is_title and lexicon.base(head.lower_, "n") is None
    return True


def _head_part(fragment: str) -> str:
    """ "Lisbon, with my sister": "Lisbon"; "a Honda Jazz, 2015, red": "a Honda Jazz"."""
    return fragment.split(",")[0].strip()


def indefinite_gap(sent: Span) -> tuple[Token, str] | None:
    """The indefinite word of a yes/no question and the gap key it opens, when it has one
    (only one: "Did anyone buy anything?" asks of two)."""
    found = [(t, _INDEFINITE[t.lower_]) for t in sent if t.lower_ in _INDEFINITE]
    return found[0] if len(found) == 1 else None


def indefinite_filled(
    sent: Span,
    answer: Answer,
    doc_of: object,
    said_yes: str,
    before: Mapping[str, str],
) -> str:
    """The yes/no question `sent` answered by `answer`'s fragment that fills its indefinite
    word's gap, said as its statement ("" when it has no such gap or the fragment is not
    of its kind).
    `said_yes` is the question said as its yes; `before` the word a filler of each gap
    takes when it says no preposition of its own ("" for none)."""
    gap = indefinite_gap(sent)
    subject = next((c for c in sent.root.children if c.dep_ == "nsubj"), None)
    if gap is None or (subject is not None and subject.lower_ in _ASKER):
        return ""  # "Did I miss something?" / "Lisbon!": news, not what the asker missed
    token, key = gap
    filler = _head_part(answer.fragment)
    if not (said_yes and filler and _fits(key, filler, doc_of)):
        return ""
    prep = "" if answer.placed else (toward(sent, key) or before.get(key, ""))
    filled, count = re.subn(
        rf"\b{re.escape(token.lower_)}\b",
        f"{prep} {filler}".strip(),
        said_yes,
        count=1,
        flags=re.IGNORECASE,
    )
    return filled if count else ""


def toward(sent: Span, key: str, fragment: str = "") -> str | None:
    """ "to" for a place asked "where" of a going ("Where did you end up going?"); "on" for
    a time asked "when" that is a day ("Fridays.", "The first of September."), which the
    reader reads as the time only after its preposition."""
    if key == "when":
        said = fragment.lower().replace(",", " ").split()
        said = said[1:] if said[:1] == ["the"] else said
        day = bool(said) and (said[0].rstrip("s") in WEEKDAYS or ordinal(said[0]) is not None)
        return "on" if day else None
    if key != "where":
        return None
    verbs = [sent.root, *(c for c in sent.root.children if c.dep_ == "xcomp")]
    return "to" if any(v.lemma_ in _MOTION for v in verbs) else None


def before_clause(rest: list[Token]) -> list[Token] | None:
    """The fragment before a comma that a clause of its own follows ("Seven, the youngest is
    a baby." -> "Seven"; "Imran, he's a pharmacist." -> "Imran"): the answer, the clause
    after it read alone. None when no clause follows ("Lisbon, with my sister": an aside),
    or the words before the comma name nothing (a number, a noun, a name) or say a verb
    ("Honestly, I don't know"), or what follows is no clause of its own (one that opens
    with "but" or "which" says more of the fragment)."""
    comma = next((n for n, t in enumerate(rest) if t.text == ","), None)
    head = head_of(rest[:comma]) if comma else None
    if comma is None or head is None or head.pos_ not in ("NOUN", "PROPN", "NUM"):
        return None
    if rest[0].pos_ == "ADP" or any(t.pos_ in ("VERB", "AUX") for t in rest[:comma]):
        return None
    after = rest[comma + 1 :]
    if not after or after[0].pos_ in ("CCONJ", "SCONJ") or after[0].tag_ in WH_TAGS:
        return None  # "For two weeks, but I'm back at it", "Five hundred, which covers it"
    finite = [t for t in after if "Fin" in t.morph.get("VerbForm", [])]
    if not finite or finite[0].dep_ in ("relcl", "acl") or finite[0].lemma_ in _REPORTING:
        return None  # "Seven, Mum says.": what someone else holds, not the answerer
    # A clause of its own opens with its subject ("she studied geology"), not a comparison
    # ("Twelve pounds fifty, more than the chains pay").
    subjects = [c for c in finite[0].children if c.dep_ in ("nsubj", "nsubjpass")]
    return rest[:comma] if any(c.left_edge == after[0] for c in subjects) else None


def unopened(question: str) -> str:
    """The question without a linking word before its wh-word ("So who's going?" -> "Who's
    going?"), which the wh-phrase is read from the question's opening; as it is otherwise."""
    said = question.split(maxsplit=1)
    if len(said) < 2 or said[0].lower().strip(",") not in _OPENERS:
        return question
    rest = said[1]
    if rest.split(maxsplit=1)[0].lower().split("'")[0] not in _WH_WORDS:
        return question
    return rest[0].upper() + rest[1:]


def untagged(question: str) -> str:
    """The statement a question asks with a tag at its end ("Efua's the lawyer, right?",
    "Tom works there, doesn't he?") or the name of the one it is put to, without them; the
    question as it is otherwise."""
    head, comma, tail = question.rstrip(" ?").rpartition(",")
    said = tail.lower().replace("n't", " n't").split()
    if not comma or not said:
        return question
    if len(said) == 1 and (said[0] in _TAGS or written_as_name(tail.strip(), asked=True)):
        return head + "?"  # "..., right?"; "Does Ivy still dance, Marcus?": who it is put to
    if len(said) in (2, 3) and said[-1] in SUBJECT_PRONOUNS and said[0] in _TAG_VERBS:
        return head + "?"
    return question


def polarity_of(first: list[Token]) -> str | None:
    """The yes or no an answer opens with ("Yes, ...", "Nope."); None when it opens with none,
    or with a "never"/"not" that says what its verb did not do ("Never left!": a clause of
    its own, whose "never" answers no question's yes or no)."""
    said = POLARITY.get(first[0].lower_) if first else None
    if said is None or len(first) < 2 or first[0].lower_ not in ("never", "not"):
        return said
    return None if first[1].pos_ in ("VERB", "AUX") else said


def clause_answers(first: list[Token], rest: list[Token]) -> bool:
    """Whether a yes or no set apart by punctuation ("No, she gave it up at Christmas.", "Yes!
    He starts on Monday.") answers the question whole, the clause after it read alone: not
    when the clause limits it ("Yes, but only on Sundays", "No, unless it rains")."""
    if len(first) < 2 or not first[1].is_punct or not rest:
        return False
    return rest[0].pos_ not in _LIMITING and not any(t.pos_ == "SCONJ" for t in rest)


def counted_subject(
    sent: Span, subject: Token, wh_tokens: list[Token], key: str, fragment: str, word_of: object
) -> str:
    """ "How many people turned up?" / "Fourteen, counting the neighbours.": the count with
    the subject it counts, said before the rest of the question ("Fourteen people turned up"),
    when the wh-phrase counts the question's subject; "" otherwise. `word_of(token, subject)`
    says a word of the question in the answerer's mouth."""
    if key not in ("how many", "how much") or wh_tokens[-1].head != subject:
        return ""
    if subject.dep_ not in ("nsubj", "nsubjpass") or subject.pos_ not in ("NOUN", "PROPN"):
        return ""
    counted = [t.text for t in subject.subtree if t not in wh_tokens]
    rest = [t for t in sent if not t.is_punct and t.dep_ not in ("cc", "intj")]
    rest = [t for t in rest if t.i not in {s.i for s in subject.subtree}]
    said = [word_of(t, subject) for t in rest]  # type: ignore[operator]
    return " ".join([_head_part(fragment), *counted, *said]) + "."


def plainly_asked(sent: Span) -> bool:
    """A yes/no question that opens with its auxiliary and says no "not": one a yes or no
    before a clause answers whole. "Isn't he coming?" / "No, he's ill." leaves unsaid which
    way the no goes; "And the commute, are you driving?" opens with what it is about."""
    said = [t for t in sent if not (t.is_punct or t.dep_ in ("cc", "intj", "punct", "discourse"))]
    opening = said[0] if said else None
    plain = opening is not None and (opening.pos_ == "AUX" or opening.tag_ == "MD")
    return plain and not any(t.dep_ == "neg" for t in sent)
