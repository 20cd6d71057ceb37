"""The question a turn closed with, held for the turn after it (ellipsis.py reads an answer with
it): who asked it, the one it was put to by name, and the question before it. Kept in memory
with the rest of the reader's running context, which a restart does not restore.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from resident.language.asked_turn import asked_in
from resident.language.counted_reply import asked_count
from resident.language.follow_up import AskedBefore

if TYPE_CHECKING:
    from spacy.tokens import Doc


@dataclass
class Asked:
    """The last turn's closing question and who asked it, for the turn after it."""

    person_id: str | None = None
    question: str | None = None
    turn: int = -1
    #: The one the question was put to by name ("Kwame, how much ...?"), when it was.
    addressee: str | None = None
    #: The question the turn before this one asked (what `heard` shifted out).
    before: tuple[str | None, str | None, int, str | None] = (None, None, -1, None)
    earlier: AskedBefore = field(default_factory=AskedBefore)  # what "And X?" asks again
    #: The question `before` holds came after another question of its turn ("And Dougie?
    #: Still kicking?"): its dropped subject is that one's, not its listener (ellipsis.py).
    before_followed: bool = False
    _followed: bool = False

    def heard(self, doc: Doc | None, person_id: str | None, turn: int) -> None:
        """Note turn `turn`: what it asked (its last sentence, when that is a question)."""
        self.before = (self.person_id, self.question, self.turn, self.addressee)
        self.before_followed, self._followed = self._followed, _followed(doc)
        self.person_id, self.turn = person_id, turn
        self.question, self.addressee = asked_in(doc, closing_question) if doc else (None, None)
        if doc is not None:  # "And the garden waste?": the asker's last question again
            self.question = self.earlier.heard(doc, person_id, turn, self.question)

    def previous(self, person_id: str | None, turn: int, name: str | None = None) -> str | None:
        """The question the turn just before `turn` closed with, when someone other than
        `person_id` asked it (both known) and, when it was put to someone by name, to this
        one (`name`): the question this turn may answer."""
        asker, question, at, addressee = self.before
        if question is None or asker is None or person_id is None or asker == person_id:
            return None
        if addressee is not None and (name is None or name.lower() != addressee.lower()):
            return None  # "Kwame, ...?" answered by Efua: her answer is not his
        return question if at == turn - 1 else None

    def asker(self) -> str | None:
        """Who asked the question `previous` gives."""
        return self.before[0]


def closing_question(doc: Doc) -> tuple[str | None, str | None]:
    """The text of the turn's last sentence when it is a question with a verb, and the name
    it was put to ("Kwame, how much ...?"), when it opens with one."""
    if not doc.has_annotation("DEP"):
        return None, None  # "Thanks!" read at the tokenizer (language/social.py) asks nothing
    sents = list(doc.sents)
    if not sents or not sents[-1].text.rstrip().endswith("?"):
        return None, None
    last = sents[-1]
    if not any(t.pos_ in ("VERB", "AUX") for t in last) and asked_count(last) is None:
        # "Which place, Grandad?": nothing to put the answer into; "Any pets?" and "How many
        # grandkids now?" ask what the one asked has (counted_reply.py).
        return None, None
    # "Kwame, how much ...", "Mum, are you ...": the one addressed is no part of the question.
    comma = next((t for t in last if t.text == ","), None)
    addressee = None
    if comma is not None and all(
        t.pos_ in ("PROPN", "NOUN", "INTJ") for t in last[: comma.i - last.start]
    ):
        names = [t.text for t in last[: comma.i - last.start] if t.pos_ == "PROPN"]
        addressee = " ".join(names) or None
        last = last[comma.i - last.start + 1 :]
    # "Is that your bike, Jo?": the name closing it is the one addressed, too.
    tail = [t for t in last if not t.is_punct]
    commas = [t for t in last if t.text == ","]
    if commas and addressee is None:
        after = [t for t in tail if t.i > commas[-1].i]
        if after and all(t.pos_ == "PROPN" and t.ent_type_ in ("", "PERSON") for t in after):
            addressee = " ".join(t.text for t in after)
            return last[: commas[-1].i - last.start].text.strip() + "?", addressee
    return last.text.strip(), addressee


def _followed(doc: Doc | None) -> bool:
    """Whether the turn's last sentence is a question after another question of the turn."""
    if doc is None or not doc.has_annotation("DEP"):
        return False
    sents = [s.text.rstrip() for s in doc.sents]
    return len(sents) > 1 and sents[-1].endswith("?") and sents[-2].endswith("?")
