"""A verbless question that asks again what its asker just asked, of another thing (issue 21,
frag34). Pure: the parse in, text out.

"When is the recycling collected?" / "Tuesdays." / "And the garden waste?" / "Fridays.": the
third turn has no verb, so no fragment answer could be read with it (ellipsis.py reads a
question with a verb and a gap). Between people, "And X?", "What about X?" and "How about X?"
(data/follow_up_openers.txt) borrow the predicate, the gap and the other arguments of the
question their asker put last; only the subject changes. So the question is said whole again
with X as its subject ("When is the garden waste collected?"), its inverted verb agreeing with
X (data/follow_up_agree.tsv), and the answer after it is read with it as any answer is: its
fragment fills the gap only when of the gap's kind (answer_gap.py).

X takes the subject's place only when it is the same kind of thing, a person for a person
("Where did your son go to university?" / "What about your daughter?"), a thing for a thing;
"Where did your son study?" / "And the car?" asks of something else, and nothing is borrowed.
A question whose subject is its wh-word ("Who's driving?") has no subject to change.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from resident.language.asked_turn import WH_TAGS
from resident.language.lexicon import is_a
from resident.language.words import table, words

if TYPE_CHECKING:
    from spacy.tokens import Doc, Span, Token

_OPENERS = words("follow_up_openers")
_SINGULAR = table("follow_up_agree")
_PLURAL = {v: k for k, v in _SINGULAR.items()}
_SUBJECTS = frozenset({"nsubj", "nsubjpass"})
_PLURAL_PRONOUNS = frozenset({"you", "we", "they", "i"})
_PERSON_PRONOUNS = words("follow_up_person_pronouns")


def followed_up(sent: Span) -> list[Token] | None:
    """The noun phrase a verbless follow-up question asks of ("And the garden waste?" -> "the
    garden waste"; "What about your dog, the little one?" -> "your dog"), or None when `sent`
    is no such question."""
    if not sent.text.rstrip().endswith("?") or any(t.pos_ in ("VERB", "AUX") for t in sent):
        return None
    said = [t for t in sent if not t.is_punct or t.text == ","]
    for size in (3, 2, 1):
        opening = " ".join(t.lower_ for t in said[:size])
        if len(said) > size and opening in _OPENERS:
            rest = said[size:]
            break
    else:
        return None
    # The noun phrase up to its head noun: "your mum too, Carol" -> "your mum".
    nouns = [n for n, t in enumerate(rest) if t.pos_ in ("NOUN", "PROPN", "PRON")]
    nouns = [n for n in nouns if rest[n].dep_ != "poss"]
    if not nouns:
        return None
    end = nouns[0]
    while end + 1 < len(rest) and rest[end + 1].pos_ in ("NOUN", "PROPN"):
        end += 1
    return rest[: end + 1]


def asked_again(earlier: Span, phrase: list[Token]) -> str | None:
    """The question `earlier` asked again with `phrase` as its subject, or None when it has
    no subject to change or the phrase is another kind of thing than its subject."""
    said = [t for t in earlier if not t.is_punct]
    opening = next((n for n, t in enumerate(said) if t.tag_ in WH_TAGS or t.pos_ == "AUX"), None)
    # The first subject after the opening ("Ramon, where did your son go ...?" is parsed
    # with the name as its root).
    subject = (
        None if opening is None else next((t for t in said[opening:] if t.dep_ in _SUBJECTS), None)
    )
    if opening is None or subject is None or subject.tag_ in WH_TAGS:
        return None
    if said[opening].i > subject.left_edge.i:
        return None  # "You're moving to Leeds?": a statement asked, not its verb before it
    if _personal(subject) != _personal(_head(phrase)):
        return None  # "Where did your son study?" / "And the car?": of something else
    span = range(subject.left_edge.i, subject.right_edge.i + 1)
    plural = _plural(phrase)
    # What follows the question after a comma is no part of it ("..., Graham?").
    comma = next((n for n, t in enumerate(earlier) if t.text == "," and t.i > subject.i), None)
    asked = [t for t in said[opening:] if comma is None or t.i < earlier[comma].i]
    out: list[str] = []
    for t in asked:
        if t.i == subject.left_edge.i:
            out.append("".join(w.text_with_ws for w in phrase).strip())
        elif t.i in span:
            continue
        elif t.i < subject.i and t.pos_ == "AUX" and t.lower_ in (_SINGULAR | _PLURAL):
            out.append(
                _PLURAL.get(t.lower_, t.lower_) if plural else _SINGULAR.get(t.lower_, t.lower_)
            )
        else:
            out.append(t.text)
    text = " ".join(out) + "?"
    return text[0].upper() + text[1:]


def _head(phrase: list[Token]) -> Token:
    ids = {t.i for t in phrase}
    return next((t for t in phrase if t.head.i not in ids or t.head == t), phrase[-1])


def _plural(phrase: list[Token]) -> bool:
    head = _head(phrase)
    if head.lower_ in _PLURAL_PRONOUNS or any(t.lower_ == "and" for t in phrase):
        return True
    return "Plur" in head.morph.get("Number", [])


def _personal(head: Token) -> bool:
    """A person: a personal pronoun, a name the parse took for one, or a noun WordNet files
    under person ("daughter", "dentist")."""
    if head.pos_ == "PRON":
        return head.lower_ in _PERSON_PRONOUNS
    if head.ent_type_ == "PERSON":
        return True
    return head.pos_ == "NOUN" and is_a(head.lower_, "person", senses=2, kinds=1)


#: How many turns after its asker's question a follow-up ("And X?") may ask it again.
_FOLLOWS = 4


@dataclass
class AskedBefore:
    """Each asker's last question with a verb and its turn, for a follow-up after it."""

    asked: dict[str | None, tuple[int, Span]] = field(default_factory=dict)

    def heard(self, doc: Doc, person_id: str | None, turn: int, question: str | None) -> str | None:
        """The question turn `turn` asks: `question` (read as ellipsis reads it) or, when
        none, a follow-up's asked again of what `person_id` asked last; the turn's question
        noted for a follow-up after it."""
        at, earlier = self.asked.get(person_id, (-1, None))
        if question is None and earlier is not None and turn - at <= _FOLLOWS:
            question = asked_of(doc, earlier)
        last = last_question(doc)
        if last is not None:
            self.asked[person_id] = (turn, last)
        return question


def last_question(doc: Doc) -> Span | None:
    """The turn's last sentence when it is a question with a verb: what a follow-up after it
    may ask again."""
    sents = list(doc.sents) if doc.has_annotation("DEP") else []
    last = sents[-1] if sents else None
    if last is None or not last.text.rstrip().endswith("?"):
        return None
    return last if any(t.pos_ in ("VERB", "AUX") for t in last) else None


def asked_of(doc: Doc, earlier: Span) -> str | None:
    """The question the turn `doc` asks when it closes with a follow-up of `earlier` (the
    question its asker put last): `earlier` asked again of the follow-up's phrase."""
    sents = list(doc.sents) if doc.has_annotation("DEP") else []
    phrase = followed_up(sents[-1]) if sents else None
    return asked_again(earlier, phrase) if phrase else None
