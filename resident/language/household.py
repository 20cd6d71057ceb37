"""MAX in his household (issue 26): who has spoken to him before, what he was told about someone
he is meeting, and the questions he asks at a natural moment and the answers he records.

The exploration loop plans questions (resident/exploration.py `plan_questions`), stored in the
graph so they survive a restart; when none waits for a person, MAX may ask one of his own
guesses instead (resident/language/guesses.py: a learner's candidate below any calibrated
threshold, asked rather than written). This module asks them in conversation, at most
`curiosity.questions_per_person_per_day` to one person, and records the answer as first-hand
evidence (capped at hint like every interaction). An answer from the person the claims are
about settles their conflict through `resolve_conflict` (the loser keeps its row and halves);
the gap closes with the answer in its note. A question not answered leaves its gap to the
loop's backoff, and the loop plans it again on a later day.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path

from pydantic import BaseModel, Field

from resident.config import Settings
from resident.errors import EpistemicRefusal, NotFound
from resident.events import EVENTS_DIR
from resident.language import render
from resident.language.guesses import Guesses, is_guess
from resident.language.questions import AnswerKind, AnswerReading, read_answer
from resident.memory.client import GraphStore
from resident.people.privacy import readable_by, teller_of
from resident.records import (
    Claim,
    ConflictStatus,
    GapStatus,
    HouseQuestion,
    Level,
    NewClaim,
    QuestionStatus,
)
from resident.state.statefile import StateFile

SPOKEN_FILE = "spoken.json"
#: The labels of entity ids (Dictionary.labels).
_Labels = Callable[[Iterable[str]], dict[str, str]]
#: Turns after which a question fits: they need no other answer.
NATURAL_INTENTS = frozenset({"greeting", "introduction", "statement", "praise", "unknown"})


class SpokenState(BaseModel):
    #: When each person first spoke to MAX (a mention is not speaking).
    first: dict[str, datetime] = Field(default_factory=dict)


@dataclass
class Answered:
    """What recording an answer did, for the reply."""

    text: str
    claims: list[Claim] = field(default_factory=list)
    settled: list[str] = field(default_factory=list)


class Household:
    def __init__(self, settings: Settings, graph: GraphStore) -> None:
        self.settings = settings
        self.graph = graph
        # Carried by the turn's one commit, in its graph transaction (private: never the log).
        self._file = StateFile(
            Path(settings.state_dir) / SPOKEN_FILE,
            SpokenState,
            "spoken",
            settings.data_dir / EVENTS_DIR,
            private=True,
        )
        loaded = self._file.load()
        self.problems = loaded.problems
        self._spoken = loaded.value or SpokenState()
        self._lock = threading.Lock()
        #: MAX's own guesses, asked when no question of the household's waits (issue 23).
        self.guesses = Guesses(settings, graph)

    # -- who has spoken ----------------------------------------------------------------------

    def spoke_before(self, person_id: str, now: datetime) -> bool:
        with self._lock:
            first = self._spoken.first.get(person_id)
        return first is not None and first < now

    def heard(self, person_id: str, now: datetime) -> None:
        """Note that `person_id` spoke (the first time only: one write per person ever)."""
        with self._lock:
            if person_id in self._spoken.first:
                return
            state = SpokenState(first={**self._spoken.first, person_id: now})
            self._file.write(state, now)
            self._spoken = state

    def told_about(self, person_id: str, labels_of: _Labels) -> str:
        """What others told MAX about someone he meets for the first time, in their words
        ("Marta told me you are a nurse."); only what that person may read (all of it is
        about them), valid now, strongest first."""
        claims = [
            c
            for c in self.graph.peek_claims(person_id)
            if c.level is not Level.OPINION
            and c.valid_to is None
            and teller_of(c.provenance) not in (None, person_id)
            and readable_by(c, person_id)
            # What is disputed is for a question, not for a greeting.
            and not self.graph.conflicts_for(c.id)
        ][:3]
        if not claims:
            return ""
        from resident.language.questions import second_person

        labels = labels_of(
            [
                *(c.object_entity for c in claims if c.object_entity),
                *(t for c in claims if (t := teller_of(c.provenance))),
            ]
        )
        parts = [
            f"{render.label_of(teller_of(c.provenance) or '', labels)} told me "
            f"{second_person(c, labels)}"
            for c in claims
        ]
        return render.capitalised("; ".join(parts)) + "."

    # -- asking --------------------------------------------------------------------------------

    def after_turn(
        self, person_id: str | None, intent: str, asked_back: bool, answered: bool, now: datetime
    ) -> str | None:
        """At the end of a turn: note that the person spoke, and the question to add to MAX's
        reply when this is a natural moment (a greeting, or a turn needing no other answer)."""
        if person_id is None:
            return None
        question = None
        if intent in NATURAL_INTENTS and not asked_back and not answered:
            q = self.ask(person_id, now)
            question = None if q is None else q.text
        self.heard(person_id, now)
        return question

    def ask(self, person_id: str, now: datetime) -> HouseQuestion | None:
        """The question to ask `person_id` now, marked asked; None when none is waiting or the
        day's allowance is spent."""
        mine = self.graph.questions(person_id=person_id, limit=1000)
        today = [q for q in mine if q.asked_at is not None and q.asked_at.date() == now.date()]
        if len(today) >= self.settings.curiosity.questions_per_person_per_day:
            return None
        if any(q.status is QuestionStatus.ASKED for q in mine):
            return None
        done = {
            q.gap_id for q in mine if q.status in (QuestionStatus.ASKED, QuestionStatus.ANSWERED)
        }
        for q in mine:
            if q.status is not QuestionStatus.PENDING or q.gap_id in done:
                continue
            if not self._still_open(q):
                continue
            # The person concerned can answer first-hand: wait for them if they talk to MAX.
            if not q.first_hand and self.spoke_before(q.subject, now):
                continue
            return self.graph.set_question_status(q.id, QuestionStatus.ASKED.value, now)
        return self.guesses.ask(person_id, mine, now)

    def _still_open(self, q: HouseQuestion) -> bool:
        try:
            gap = self.graph.get_gap(q.gap_id)
        except NotFound:
            return False
        return gap.status is GapStatus.OPEN

    # -- answers -----------------------------------------------------------------------------

    def answer(
        self,
        person_id: str,
        words: Sequence[str],
        now: datetime,
        labels_of: _Labels,
        session_id: str | None = None,
        correlation_id: str | None = None,
    ) -> Answered | None:
        """Read this turn as the answer to the question MAX just asked `person_id`; None when
        there is none, or the turn is no answer (the question then counts as unanswered)."""
        waiting = self.graph.questions(person_id=person_id, status=QuestionStatus.ASKED.value)
        if not waiting:
            return None
        q = waiting[-1]
        if is_guess(q):
            who = render.label_of(person_id, labels_of([person_id]))
            got = self.guesses.answer(q, words, person_id, who, now, session_id, correlation_id)
            return None if got is None else Answered(got.text, got.claims)
        claims = []
        for cid in q.claim_ids:
            try:
                claims.append(self.graph.peek_claim(cid))
            except NotFound:
                continue
        labels = labels_of(
            [c.object_entity for c in claims if c.object_entity] + [q.subject, person_id]
        )
        reading = read_answer(words, claims, labels) if claims else None
        if reading is None:
            self.graph.set_question_status(q.id, QuestionStatus.UNANSWERED.value, now)
            return None
        return self._record(q, reading, person_id, labels, now, session_id, correlation_id)

    def _record(
        self,
        q: HouseQuestion,
        reading: AnswerReading,
        person_id: str,
        labels: dict[str, str],
        now: datetime,
        session_id: str | None,
        correlation_id: str | None,
    ) -> Answered:
        who = render.label_of(person_id, labels)
        if reading.claim is None:
            said = reading.kind.value
            self.graph.set_question_status(q.id, QuestionStatus.ANSWERED.value, now, said)
            self.graph.attempt_gap(q.gap_id, False, f"asked {who}: {said}", now)
            if reading.kind is AnswerKind.REDIRECT:
                return Answered("Thank you. I will ask them myself.")
            if reading.kind is AnswerKind.NO:
                return Answered("Thank you. I will keep it open until I know what is right.")
            return Answered("No matter, thank you.")
        side = reading.claim
        value = (
            render.label_of(side.object_entity, labels)
            if side.object_entity is not None
            else str(side.object_literal)
        )
        stored = self.graph.add_claim(
            NewClaim(
                subject=side.subject,
                predicate=side.predicate,
                object_entity=side.object_entity,
                object_literal=side.object_literal,
                confidence=self.settings.epistemic.hint_cap,
                provenance=f"interaction:{person_id}",
            ),
            now,
            session_id,
            correlation_id,
        )
        settled = self._settle(q, stored, now) if person_id == side.subject else []
        source = "first-hand" if person_id == side.subject else "from the one who told me"
        closes = person_id == side.subject
        note = f"answered by {who} ({source}): {value}"
        if settled:
            note += f"; settled conflict(s) {', '.join(settled)}"
        self.graph.set_question_status(q.id, QuestionStatus.ANSWERED.value, now, value)
        self.graph.attempt_gap(q.gap_id, closes, note, now)
        line = render.capitalised(render.claim_sentence(stored, labels))
        text = f"Thank you, {who}. I have noted it: {line}."
        if settled:
            text += " That settles what I had been told."
        return Answered(text, [stored], settled)

    def _settle(self, q: HouseQuestion, winner: Claim, now: datetime) -> list[str]:
        """Resolve every open conflict among the question's claims for the side the person
        concerned named; each winner is the conflict's own claim of that value."""
        settled = []
        ids = set(q.claim_ids) | {winner.id}
        for cid in sorted(ids):
            for conflict in self.graph.conflicts_for(cid):
                if conflict.status is not ConflictStatus.OPEN:
                    continue
                a = self.graph.peek_claim(conflict.claim_a)
                b = self.graph.peek_claim(conflict.claim_b)
                same = [c for c in (a, b) if c.object_value == winner.object_value]
                if len(same) != 1:
                    continue
                try:
                    self.graph.resolve_conflict(conflict.id, same[0].id, now)
                except EpistemicRefusal:
                    continue
                settled.append(conflict.id)
        # A side no conflict row joined yet (a plain statement of another value) loses too;
        # one that just lost keeps what it has left (halved once, not twice).
        for cid in q.claim_ids:
            other = self.graph.peek_claim(cid)
            if other.object_value == winner.object_value or other.id == winner.id:
                continue
            if any(
                x.status is ConflictStatus.RESOLVED and x.winner != cid
                for x in self.graph.conflicts_for(cid)
            ):
                continue
            if any(cid in (x.claim_a, x.claim_b) for x in self.graph.conflicts_for(winner.id)):
                continue
            try:
                conflict = self.graph.record_conflict(other.id, winner.id, now)
                self.graph.resolve_conflict(conflict.id, winner.id, now)
            except EpistemicRefusal:
                continue
            settled.append(conflict.id)
        return settled
