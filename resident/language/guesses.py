"""MAX's own guesses, asked rather than written (issue 23).

Where no threshold of his learner reaches the precision target, a night keeps a few of its best
candidates as open proposals that are no claim in the graph (`Proposal.question`,
resident.learning.consolidation): they are questions. At a natural moment of a conversation, when
the person has no question of the household's own waiting and the day's allowance
(`curiosity.questions_per_person_per_day`) is not spent, MAX asks one he has not asked them
before, the best first, in a person's words (phrasings per relation are data:
data/guess_questions.toml). The question is a row of the graph's questions table like any other.

The answer closes the proposal in the learner's ledger (resident.learning.answers.answered) with
the person as its source: yes writes the link as what that person told MAX (their provenance and
the rung every interaction gets, not an inference); no refutes it, and the learner never proposes
it again; "I'm not sure" (or no answer) leaves it for someone else. The night also reads the
answered rows back (consolidation.prepare), so an answer given while a night holds the ledger is
not lost.
"""

from __future__ import annotations

import hashlib
import threading
import tomllib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from functools import cache
from importlib import resources
from pathlib import Path

from resident.cognition.statements import told_by
from resident.config import Settings
from resident.errors import NotFound
from resident.language import render
from resident.language.questions import AnswerKind, read_yes_no
from resident.learning.answers import answered
from resident.learning.checkpoint import ledger_path, load_ledger, save_ledger
from resident.learning.proposals import Ledger, Proposal
from resident.memory.client import GraphStore
from resident.records import Claim, GapStatus, HouseQuestion, NewClaim, QuestionStatus

#: A guess's question id starts so (the household's own start "q_").
GUESS_PREFIX = "qg_"


@cache
def _phrasings() -> tuple[str, dict[str, str]]:
    raw = tomllib.loads(
        resources.files("resident.language")
        .joinpath("data/guess_questions.toml")
        .read_text("utf-8")
    )
    return str(raw["default"]), {k: str(v) for k, v in raw.get("relations", {}).items()}


def guess_text(head: str, relation: str, tail: str) -> str:
    """The question about the link head-relation-tail, as a person would ask it."""
    default, by_relation = _phrasings()
    form = by_relation.get(relation)
    if form is not None:
        return form.format(head=head, tail=tail)
    return default.format(sentence=render.sentence(head, relation, tail))


def next_guess(
    ledger: Ledger, asked_here: set[str], asked_anyone: Mapping[str, int] | None = None
) -> Proposal | None:
    """The open guess to ask this person, or None: never one they were asked (`asked_here`:
    the gaps of the guesses they were asked); of the others, the one the fewest people were
    asked (`asked_anyone`, by gap: waiting for an answer, or answered "not sure"), the best
    score first among those. Why: a household's people each get guesses of their own, so a
    day's answers cover several guesses rather than the best one asked of everyone; a guess
    one person did not know still comes round to the others. A written claim that is asked
    about (`Proposal.ask`, the frontier's) comes before the exploration questions: its answer
    says whether its object is a place to write more (RESULTS-learning section 26)."""
    count = asked_anyone or {}
    waiting = [p for p in ledger.open() if p.asked and p.gap_id not in asked_here]
    return min(
        waiting,
        key=lambda p: (not p.ask, count.get(p.gap_id, 0), -p.score, p.triple),
        default=None,
    )


def is_guess(q: HouseQuestion) -> bool:
    return q.id.startswith(GUESS_PREFIX)


@dataclass
class GuessAnswered:
    """What a person's answer to a guess did."""

    text: str
    claims: list[Claim]


class Guesses:
    """The household's guesses: asked from the learner's ledger, answered into it."""

    def __init__(self, settings: Settings, graph: GraphStore) -> None:
        self.settings = settings
        self.graph = graph
        self._dir = Path(settings.data_dir)
        self._lock = threading.Lock()
        self._cached: tuple[tuple[int, int], Ledger] | None = None

    def _ledger(self) -> Ledger:
        """The ledger as the last night (or answer) left it; read again only when it changed."""
        path = ledger_path(self._dir)
        try:
            st = path.stat()
        except FileNotFoundError:
            return Ledger()
        key = (st.st_mtime_ns, st.st_size)
        if self._cached is None or self._cached[0] != key:
            self._cached = (key, load_ledger(self._dir))
        return self._cached[1]

    def ask(
        self, person_id: str, mine: Sequence[HouseQuestion], now: datetime
    ) -> HouseQuestion | None:
        """File and mark asked the guess to ask `person_id` (`next_guess`: one they were not
        asked, the fewest people were asked, the best first); None when none waits. (The
        caller has checked the day's allowance and that nothing else is asked.)"""
        ledger = self._ledger()
        if not any(p.asked for p in ledger.open()):
            return None
        asked_here = {q.gap_id for q in mine if is_guess(q)}
        asked_anyone: dict[str, int] = {}
        for p in ledger.open():
            if p.asked and p.gap_id not in asked_here:
                rows = [q for q in self.graph.questions(gap_id=p.gap_id, limit=1000) if is_guess(q)]
                asked_anyone[p.gap_id] = sum(
                    q.status in (QuestionStatus.ASKED, QuestionStatus.ANSWERED) for q in rows
                )
        while (guess := next_guess(ledger, asked_here, asked_anyone)) is not None:
            asked_here.add(guess.gap_id)
            if self._gap_open(guess.gap_id):
                return self._file(guess, person_id, now)
        return None

    def _gap_open(self, gap_id: str) -> bool:
        try:
            return self.graph.get_gap(gap_id).status is GapStatus.OPEN
        except NotFound:
            return False

    def _file(self, guess: Proposal, person_id: str, now: datetime) -> HouseQuestion:
        h, r, t = guess.triple
        labels = self.graph.entity_labels([h, t])
        text = guess_text(render.label_of(h, labels), r, render.label_of(t, labels))
        key = f"{guess.gap_id}|{person_id}".encode()
        q = HouseQuestion(
            id=GUESS_PREFIX + hashlib.sha256(key).hexdigest()[:24],
            gap_id=guess.gap_id,
            person_id=person_id,
            subject=h,
            predicate=r,
            claim_ids=[],
            first_hand=False,
            text=text,
            created_at=now,
        )
        self.graph.add_questions([q], now)
        return self.graph.set_question_status(q.id, QuestionStatus.ASKED.value, now)

    def answer(
        self,
        q: HouseQuestion,
        words: Sequence[str],
        person_id: str,
        who: str,
        now: datetime,
        session_id: str | None = None,
        correlation_id: str | None = None,
    ) -> GuessAnswered | None:
        """Read this turn as the answer to guess `q`; None when it is no answer (the question
        then counts as unanswered)."""
        kind = read_yes_no(words)
        with self._lock:
            guess = next((p for p in self._ledger().proposals if p.gap_id == q.gap_id), None)
        if kind is None or guess is None:
            self.graph.set_question_status(q.id, QuestionStatus.UNANSWERED.value, now)
            return None
        if kind not in (AnswerKind.YES, AnswerKind.NO):
            # Unsure, or "ask her": someone else may know; the guess stays open for them.
            self.graph.set_question_status(q.id, QuestionStatus.ANSWERED.value, now, kind.value)
            self.graph.attempt_gap(q.gap_id, False, f"asked {who}: {kind.value}", now)
            return GuessAnswered("No matter, thank you: I will ask someone else.", [])
        yes = kind is AnswerKind.YES
        self.graph.set_question_status(q.id, QuestionStatus.ANSWERED.value, now, kind.value)
        self._close(guess, yes, f"{who} ({person_id})", now)
        claims = []
        if yes:
            h, r, t = guess.triple
            claims.append(
                self.graph.add_claim(
                    NewClaim(
                        subject=h,
                        predicate=r,
                        object_entity=t,
                        confidence=self.settings.epistemic.hint_cap,
                        provenance=told_by(person_id),
                    ),
                    now,
                    session_id,
                    correlation_id,
                )
            )
        self.graph.attempt_gap(q.gap_id, True, f"{who} answered {kind.value}", now)
        if not yes:
            return GuessAnswered("Thank you: then my guess was wrong, and I will drop it.", [])
        labels = self.graph.entity_labels([guess.subject, guess.object_entity])
        line = render.capitalised(render.claim_sentence(claims[0], labels)) if claims else ""
        return GuessAnswered(f"Thank you, {who}. I have noted it: {line}.", claims)

    def _close(self, guess: Proposal, yes: bool, who: str, now: datetime) -> bool:
        """Close the guess in the ledger with this answer; False when it was no longer open
        (another person answered it first, or a night closed it)."""
        with self._lock:
            ledger = load_ledger(self._dir)
            if not any(p.triple == guess.triple and p.status == "open" for p in ledger.proposals):
                return False
            save_ledger(self._dir, answered(ledger, guess.triple, yes, who, now))
            self._cached = None
        return True
