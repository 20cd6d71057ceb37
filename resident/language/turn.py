"""A conversation turn's shapes: what converse needs from the resident, the Turn it returns,
the reply and context a turn builds, and the base the turn's parts share."""

from __future__ import annotations

import threading
from collections.abc import Callable
from contextlib import AbstractContextManager
from dataclasses import dataclass, field
from datetime import datetime
from typing import TYPE_CHECKING, Any, Protocol

from cachetools import LRUCache
from pydantic import BaseModel, ConfigDict

from resident.config import Settings
from resident.errors import InvalidInput
from resident.events import Carrier, Group
from resident.language.dictionary import Dictionary
from resident.language.intents import (
    Intent,
    Parsed,
)
from resident.language.knowledge import (
    ClaimView,
)
from resident.language.model_client import ModelClient
from resident.language.question_held import Asked
from resident.language.sluicing import Sluiced
from resident.language.statement import Context
from resident.language.threads import Threads
from resident.memory.client import GraphStore
from resident.memory.turn_store import turn_commit
from resident.records import Entity

if TYPE_CHECKING:
    from spacy.language import Language as SpacyLanguage
    from spacy.tokens import Doc


#: People whose last answered claims are kept for "why do you think that?".
_LAST_CLAIMS_PEOPLE = 256


class _Session(Protocol):
    @property
    def session_id(self) -> str: ...


class _Events(Protocol):
    def emit(
        self, kind: str, payload: dict[str, Any], correlation_id: str | None = None
    ) -> Any: ...
    def grouped(self, carrier: Carrier | None = None) -> AbstractContextManager[Group]: ...


class _People(Protocol):
    def introduce(
        self, name: str, now: datetime, *, speaker: str | None = None, nickname: bool = False
    ) -> Any: ...
    def find(self, name: str) -> Any: ...
    def match(self, name: str, speaker: str | None = None) -> Any: ...
    def get(self, person_id: str) -> Any: ...


class ResidentLike(Protocol):
    """The parts of `resident.daemon.boot.Resident` a conversation turn uses."""

    @property
    def settings(self) -> Settings: ...
    @property
    def graph(self) -> GraphStore: ...
    @property
    def session(self) -> _Session: ...
    @property
    def events(self) -> _Events: ...
    @property
    def people(self) -> _People: ...
    def appraise(
        self, kind: str, now: datetime, correlation_id: str | None = None, **detail: Any
    ) -> None: ...
    def state(self, now: datetime) -> Any: ...


#: Turns that change only MAX's own mood and drives and the log, never what he holds about
#: anyone: their reply acknowledges no fact, so their events are handed to the OS (kept through
#: a kill of the process) and synced with the log's next sync, not before the reply.
SOCIAL_INTENTS = frozenset(
    {Intent.GREETING, Intent.FAREWELL, Intent.HOW_ARE_YOU, Intent.PRAISE, Intent.HOSTILITY}
)


def one_commit(resident: ResidentLike, graph: GraphStore, turn: Callable[[], Turn]) -> Turn:
    """Run `turn` as one durable write: its graph writes join one transaction, which commits
    with the turn's events (memory/turn_store.py); a turn that writes no graph syncs the log
    once, a social turn not at all before its reply."""
    with turn_commit(graph) as carrier, resident.events.grouped(carrier) as group:
        done = turn()
        group.durable = done.intent not in SOCIAL_INTENTS
        return done


class Turn(BaseModel):
    """One turn's outcome, as the daemon and the CLI return it."""

    model_config = ConfigDict(frozen=True)

    correlation_id: str
    intent: str
    #: What MAX says (the model's phrasing when it passed the check, else `plain`).
    reply: str
    #: Who spoke, as a person id; set by an introduction.
    person_id: str | None
    #: The claims the reply rests on (Claim dumps).
    claims: list[dict[str, Any]] = []
    #: The state report for "how are you" (StateReport dump), else None.
    state: dict[str, Any] | None = None
    #: The plain rendering, built only from the state and the graph.
    plain: str
    phrased_by_model: bool = False
    #: A question's answer in a few words ("Walden"), when held claims gave one.
    answer: str | None = None
    #: How well the question's roles aligned with the claims answered (language/fit.py).
    answer_score: float | None = None
    #: The reading ran past conversation.read_budget_s and nothing of the turn was kept
    #: (language/turn_bound.py).
    abandoned: bool = False


@dataclass
class _Reply:
    plain: str
    claims: list[ClaimView] = field(default_factory=list)
    state: dict[str, Any] | None = None
    person_id: str | None = None
    mood_labels: tuple[str, ...] = ()
    #: The reply already greets; a "Hi" in the text needs no second hello.
    greets: bool = False
    answer: str | None = None
    #: What the turn turned out to be, when not what it first looked like ("No worries" looks
    #: like a correction and is not one).
    intent: Intent | None = None
    #: The answer's score (asking.answer_query), for the turn and the calibration.
    score: float | None = None


@dataclass
class _Ctx:
    resident: ResidentLike
    parsed: Parsed
    person_id: str | None
    now: datetime
    correlation_id: str
    #: Entities this turn files, written in one batch before the claim that needs them.
    pending: list[Entity] = field(default_factory=list)
    #: What the turn wrote to the graph (ids), reported in its turn_replied event.
    wrote: dict[str, Any] = field(default_factory=dict)
    #: The parsed text (None when parsed without a Doc).
    doc: Doc | None = None
    #: When the turn was said (relative dates resolve against it); `now` when not given.
    said_at: datetime | None = None
    #: Whom "you" means in this turn: the other person of the conversation, else None (MAX).
    listener: str | None = None
    #: A statement about "I" was skipped because the speaker is not known.
    speaker_unknown: bool = False
    #: Reads in this turn go through the speaker's private view (people/privacy.py).
    reads: Dictionary | None = None
    #: The speaker is authenticated (a person's token, a recognised voice or face): an
    #: introduction cannot turn them into someone else.
    bound: bool = False
    #: What the statement reader read in this turn, once (None: not read yet).
    statements: list[Any] | None = None

    @property
    def reader(self) -> str | None:
        """Whose private view this turn reads through (people/privacy.py): the speaker when
        they are authenticated as themselves; None (everything) when the owner's console or a
        service speaks for someone, as the owner may read all."""
        return self.person_id if self.bound else None

    def appraise(self, kind: str, **detail: Any) -> None:
        self.resident.appraise(kind, self.now, self.correlation_id, **detail)

    def emit(self, kind: str, payload: dict[str, Any]) -> None:
        self.resident.events.emit(kind, payload, self.correlation_id)


_UNKNOWN_PERSON = "I don't know who you are yet. Tell me your name first (\"I'm ...\")."


def words_of_doc(doc: Doc) -> list[Any]:
    from resident.language.phrases import words_of

    return words_of(doc)


class LanguageBase:
    """What the turn's parts share: the layer's settings, graph, dictionary, pipeline and
    caches (set by `Language.__init__`), and the few methods each part calls on the whole."""

    settings: Settings
    graph: GraphStore
    dictionary: Dictionary
    model: ModelClient | None
    threads: Threads
    _context: Context
    _last_question: Asked
    _sluiced: Sluiced
    #: The turn before's dated claims, with its number: a day said alone next refines them.
    _dated_before: tuple[int, tuple[str, ...]]
    _nlp_lock: threading.Lock
    _last: LRUCache[str, tuple[str, ...]]
    _last_lock: threading.Lock

    @property
    def nlp(self) -> SpacyLanguage:
        raise NotImplementedError

    def _name(self, ctx: _Ctx, person_id: str | None) -> str:
        raise NotImplementedError

    def _unknown(self, ctx: _Ctx) -> _Reply:
        raise NotImplementedError


def checked_turn_text(text: str, max_chars: int) -> str:
    """The text of one turn, stripped; InvalidInput when it is empty or longer than
    `max_chars` (language.max_turn_chars), measured after stripping. The one check every
    surface (daemon, CLI, tests) goes through."""
    stripped = text.strip() if text else ""
    if not stripped:
        raise InvalidInput("nothing was said: the text is empty")
    if len(stripped) > max_chars:
        raise InvalidInput(
            f"one turn is at most {max_chars} characters (language.max_turn_chars); "
            f"this one has {len(stripped)}"
        )
    return stripped
