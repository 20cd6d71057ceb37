"""One conversation turn: parse the text, do what it asks against the graph and the resident,
and answer with a plain rendering (which the optional language model may phrase).

The parsing is pure (`intents`); this module is the IO around it. Every turn emits events under
its correlation_id, and affect is appraised from what was said.
"""

from __future__ import annotations

import threading
import weakref
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime
from typing import TYPE_CHECKING, Any, Protocol

from cachetools import LRUCache
from pydantic import BaseModel, ConfigDict

from resident.cognition.epistemic import admit
from resident.config import Settings
from resident.errors import ConflictRefused, InvalidInput, NotFound
from resident.language import when as timewords
from resident.language.asking import (
    Query,
    Resolved,
    answer_query,
    read_question,
    read_question_shallow,
)
from resident.language.dictionary import Dictionary, slug
from resident.language.guessing import learner_guess
from resident.language.intents import (
    Intent,
    Parsed,
    Triple,
    is_strong_correction,
    parse,
    parse_sentence_statement,
)
from resident.language.knowledge import (
    ClaimView,
    answer_question,
    resolve,
    views,
    why_claims,
    why_subject,
    why_triple,
)
from resident.language.model_client import Grounding, ModelClient
from resident.language.model_reading import read_with_model
from resident.language.pipeline import is_trained, load_pipeline
from resident.language.reading import Context, Ref, Statement, is_question, read
from resident.language.threads import OpenThread, Threads, threads_file
from resident.memory.client import GraphStore
from resident.people.privacy import graph_for, visible
from resident.records import Claim, Entity, Level, NewClaim

if TYPE_CHECKING:
    from spacy.language import Language as SpacyLanguage
    from spacy.tokens import Doc

#: Attributes one subject holds one value of: a second value said is a contradiction.
FUNCTIONAL_PREDICATES = frozenset({"birthday", "capital", "age", "born_in", "full_name"})
#: People whose last answered claims are kept for "why do you think that?".
_LAST_CLAIMS_PEOPLE = 256


# -- what converse needs from the resident (resident/daemon/boot.py provides it) -------------


class _Session(Protocol):
    @property
    def session_id(self) -> str: ...


class _Events(Protocol):
    def emit(
        self, kind: str, payload: dict[str, Any], correlation_id: str | None = None
    ) -> Any: ...


class _People(Protocol):
    def introduce(self, name: str, now: datetime) -> Any: ...
    def find(self, name: str) -> Any: ...
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


# -- the turn ----------------------------------------------------------------------------------


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


#: Words of talk that acknowledges rather than states ("No worries", "Sounds good", "Wow").
_CHIT_CHAT = frozenset(
    {
        "ok",
        "okay",
        "sure",
        "cool",
        "nice",
        "great",
        "wow",
        "haha",
        "lol",
        "yeah",
        "yes",
        "yep",
        "worries",
        "problem",
        "nope",
        "awesome",
        "totally",
        "exactly",
        "agreed",
        "fine",
        "right",
        "alright",
        "hmm",
        "oh",
        "ah",
        "aw",
        "aww",
        "congrats",
        "congratulations",
        "amazing",
        "same",
        "true",
        "indeed",
        "absolutely",
        "definitely",
        "lovely",
        "perfect",
        "good",
        "bye",
    }
)
_UNKNOWN_PERSON = "I don't know who you are yet. Tell me your name first (\"I'm ...\")."
_HELP = (
    'I can note a fact ("Aspirin treats headache"), answer a question ("What treats '
    'headache?"), take a correction ("No, the capital of Australia is Canberra") and say '
    'why I think something ("Why do you think aspirin treats headache?").'
)


class Language:
    """The language layer of one resident: the pipeline, the dictionary, the optional model.

    Shared by the daemon's request threads; every cache in it is guarded.
    """

    def __init__(
        self, settings: Settings, graph: GraphStore, model: ModelClient | None = None
    ) -> None:
        self.settings = settings
        self.graph = graph
        self.dictionary = Dictionary(graph, settings.caches.dictionary)
        self.model = model
        self._nlp: SpacyLanguage | None = None
        self._nlp_lock = threading.Lock()
        self._last: LRUCache[str, tuple[str, ...]] = LRUCache(maxsize=_LAST_CLAIMS_PEOPLE)
        self._last_lock = threading.Lock()
        #: The household conversation's running context (he/she, the last speaker).
        self._context = Context()
        self._previous_speaker: str | None = None
        #: Open threads per person, restored from threads.json when the layer is made.
        self.threads = Threads(
            threads_file(settings.state_dir), settings.conversation.threads_per_person
        )

    @classmethod
    def from_settings(cls, settings: Settings, graph: GraphStore) -> Language:
        return cls(settings, graph, ModelClient.from_settings(settings))

    def close(self) -> None:
        if self.model is not None:
            self.model.close()

    @property
    def nlp(self) -> SpacyLanguage:
        if self._nlp is None:
            self._nlp = load_pipeline(self.settings.language.pipeline)
        return self._nlp

    def warm(self) -> None:
        """Load the pipeline now (a trained one takes about a second) rather than on the first
        turn; the daemon may call this after boot."""
        with self._nlp_lock:
            self.nlp("Hello.")

    def parse(self, text: str) -> Parsed:
        """The intent of `text` (pure parsing; the pipeline is shared, so calls take turns)."""
        return self._parse_doc(text)[1]

    def _parse_doc(self, text: str) -> tuple[Doc, Parsed]:
        with self._nlp_lock:
            doc = self.nlp(text)
        return doc, parse(doc)

    # -- the turn ------------------------------------------------------------------------------

    def converse(
        self,
        resident: ResidentLike,
        text: str,
        person_id: str | None,
        now: datetime,
        correlation_id: str,
        said_at: datetime | None = None,
        *,
        bound: bool = False,
    ) -> Turn:
        text = checked_turn_text(text, self.settings.language.max_turn_chars)
        # "What have you read?" and its kin are read first; everything else goes to the parse.
        reading = self._reading(text.strip(), now)
        if reading is not None:
            doc, parsed = None, reading
        else:
            doc, parsed = self._parse_doc(text.strip())
        self._context.turn += 1
        listener = None
        if self._previous_speaker is not None and self._previous_speaker != person_id:
            listener = self._previous_speaker
        ctx = _Ctx(
            resident,
            parsed,
            person_id,
            now,
            correlation_id,
            doc=doc,
            said_at=said_at,
            listener=listener,
            bound=bound,
            reads=self.dictionary.viewing(graph_for(self.graph, person_id if bound else None)),
        )
        # Ids and sizes only: what a person says about themselves stays out of the log (Rule 8).
        ctx.emit(
            "turn_heard",
            {"person_id": person_id, "intent": parsed.intent.value, "chars": len(text)},
        )
        try:
            reply = self._handlers[parsed.intent](self, ctx)
        except Exception as exc:
            # The log says the turn failed and how; the caller gets the typed error itself.
            ctx.emit(
                "turn_failed",
                {
                    "person_id": person_id,
                    "intent": parsed.intent.value,
                    "error": getattr(exc, "code", type(exc).__name__),
                    "wrote": ctx.wrote,
                },
            )
            raise
        speaker = reply.person_id or person_id
        if speaker is not None:
            self._previous_speaker = speaker
        plain = reply.plain
        if parsed.greeted and not reply.greets and parsed.intent is not Intent.GREETING:
            plain = f"{self._hello(ctx, speaker)} {plain}"
        text_out, by_model = plain, False
        reason = None
        if self.model is not None and parsed.intent is not Intent.UNKNOWN:
            grounding = Grounding(
                mood_labels=reply.mood_labels,
                required=tuple(
                    dict.fromkeys(
                        term for v in reply.claims for term in (v.subject_label, v.object_label)
                    )
                ),
            )
            phrasing = self.model.phrase(
                plain, grounding, who=self._name(ctx, speaker), is_entity=self._is_entity
            )
            text_out, by_model, reason = phrasing.text, phrasing.by_model, phrasing.reason
        intent = (reply.intent or parsed.intent).value
        claim_ids = [v.claim.id for v in reply.claims]
        if claim_ids:
            with self._last_lock:
                self._last[speaker or ""] = tuple(claim_ids)
        # One event for the reply and the writes: each event costs an fsync under the default
        # events policy, and a turn's latency budget is tens of milliseconds.
        ctx.emit(
            "turn_replied",
            {
                "person_id": speaker,
                "intent": intent,
                "claim_ids": claim_ids,
                "wrote": ctx.wrote,
                "phrased_by_model": by_model,
                "plain_used_because": reason,
                "reply_chars": len(text_out),
            },
        )
        return Turn(
            correlation_id=correlation_id,
            intent=intent,
            reply=text_out,
            person_id=speaker,
            claims=[v.claim.model_dump(mode="json") for v in reply.claims],
            state=reply.state,
            plain=plain,
            phrased_by_model=by_model,
            answer=reply.answer,
        )

    def _reading(self, text: str, now: datetime) -> Parsed | None:
        """A question about MAX's reading; "What is X about?" only when X is a document he
        has read (otherwise it is an ordinary question)."""
        from resident.language.bookshelf import ReadingKind, find_document, reading_question

        q = reading_question(text)
        if q is None:
            return None
        if (
            q.kind is ReadingKind.ABOUT
            and q.title is not None
            and find_document(self.graph, q.title, now) is None
        ):
            return None
        return Parsed(intent=Intent.READING, text=text, about=q.title, reason=q.kind.value)

    def _is_entity(self, word: str) -> bool:
        return bool(self.graph.find_entities(word, limit=1))

    # -- people --------------------------------------------------------------------------------

    def _name(self, ctx: _Ctx, person_id: str | None) -> str:
        if person_id is None:
            return "someone in the house"
        try:
            person = ctx.resident.people.get(person_id)
        except (NotFound, KeyError):
            person = None
        name = getattr(person, "name", None)
        if isinstance(name, str) and name:
            return name
        label = self.dictionary.label(person_id)
        return label if label != person_id else person_id.partition(":")[2] or person_id

    def _hello(self, ctx: _Ctx, person_id: str | None) -> str:
        return "Hello." if person_id is None else f"Hello, {self._name(ctx, person_id)}."

    def _person_entity(self, ctx: _Ctx, person_id: str) -> Entity:
        """The graph entity of a person; filed (with the turn's batch) when the graph lacks it,
        as after a lost people.json."""
        try:
            return self.graph.get_entity(person_id)
        except NotFound:
            entity = Entity(id=person_id, kind="person", label=self._name(ctx, person_id))
            ctx.pending.append(entity)
            return entity

    def _file_pending(self, ctx: _Ctx) -> None:
        if not ctx.pending:
            return
        batch = list({e.id: e for e in ctx.pending}.values())
        self.graph.upsert_entities(batch, ctx.now)
        for entity in batch:
            self.dictionary.forget(entity.label)
        ctx.wrote["entities"] = [e.id for e in batch]
        ctx.pending.clear()

    # -- entities ------------------------------------------------------------------------------

    def _subject(self, ctx: _Ctx, triple: Triple) -> Entity | None:
        """The subject entity of a statement, filed as a concept when new; None for "I" when
        the speaker is unknown."""
        if triple.speaker:
            return None if ctx.person_id is None else self._person_entity(ctx, ctx.person_id)
        assert triple.subject is not None
        person = self._known_person(ctx, triple.subject)
        if person is not None:
            return self._person_entity(ctx, person)
        return self._entity(ctx, triple.subject)

    def _known_person(self, ctx: _Ctx, name: str) -> str | None:
        try:
            person = ctx.resident.people.find(name)
        except (NotFound, KeyError):
            return None
        pid = getattr(person, "id", None)
        return pid if isinstance(pid, str) else None

    def _entity(self, ctx: _Ctx, name: str) -> Entity:
        """The entity a name refers to; a new concept (filed with the turn's batch) when the
        graph has none."""
        found = resolve(self.dictionary, name)
        if found:
            return found[0]
        entity = Entity(id=f"concept:{slug(name)}", kind="concept", label=name)
        for waiting in ctx.pending:
            if waiting.id == entity.id:
                return waiting
        try:
            # Two spellings can share a slug ("Aspirin", "aspirin"): keep the first label.
            return self.graph.get_entity(entity.id)
        except NotFound:
            ctx.pending.append(entity)
            return entity

    def _new_claim(
        self, ctx: _Ctx, triple: Triple, subject: Entity, confidence: float, provenance: str
    ) -> NewClaim:
        assert triple.object is not None
        if triple.literal:
            return NewClaim(
                subject=subject.id,
                predicate=triple.predicate,
                object_literal=triple.object,
                confidence=confidence,
                provenance=provenance,
            )
        obj = self._entity(ctx, triple.object)
        return NewClaim(
            subject=subject.id,
            predicate=triple.predicate,
            object_entity=obj.id,
            confidence=confidence,
            provenance=provenance,
        )

    # -- handlers ------------------------------------------------------------------------------

    def _greeting(self, ctx: _Ctx) -> _Reply:
        if ctx.person_id is None:
            return _Reply("Hello. I don't think we have met: tell me your name if you like.")
        thread, claims = self._pick_up(ctx, ctx.person_id)
        if thread:
            return _Reply(
                f"Welcome back, {self._name(ctx, ctx.person_id)}. {thread}", claims=claims
            )
        return _Reply(f"{self._hello(ctx, ctx.person_id)} Good to see you.")

    def _pick_up(self, ctx: _Ctx, person_id: str) -> tuple[str, list[ClaimView]]:
        """A thread from the person's last conversation, asked after once, from a claim MAX
        still holds ("" when there is none)."""
        for item in reversed(self.threads.take(person_id, ctx.now)):
            try:
                claim = self.graph.peek_claim(item.claim_id)
            except NotFound:
                continue
            view = views([claim], self.dictionary)[0]
            doing = f"{item.verb} {view.object_label}".strip()
            if item.mood == "plan":
                return f"Last time you were going to {doing}: how did it go?", [view]
            return f"Last time you said you wanted to {doing}. Any progress?", [view]
        return "", []

    def _farewell(self, ctx: _Ctx) -> _Reply:
        if ctx.person_id is not None:
            ctx.appraise("person_left", person_id=ctx.person_id)
            return _Reply(f"Goodbye, {self._name(ctx, ctx.person_id)}.")
        return _Reply("Goodbye.")

    def _how_are_you(self, ctx: _Ctx) -> _Reply:
        report = ctx.resident.state(ctx.now)
        dump: dict[str, Any] = report.model_dump(mode="json")
        labels: list[str] = []
        if dump.get("known", True):
            for part in ("mood", "disposition"):
                section = dump.get(part)
                if isinstance(section, dict) and isinstance(section.get("label"), str):
                    labels.append(section["label"])
        return _Reply(str(dump["sentence"]), state=dump, mood_labels=tuple(labels))

    def _introduction(self, ctx: _Ctx) -> _Reply:
        name = ctx.parsed.name
        assert name is not None
        known = self._known_person(ctx, name)
        if ctx.bound and ctx.person_id is not None and known != ctx.person_id:
            # Rule 8: saying "I'm Ana" does not make Bob Ana; only Ana's token, voice or face do.
            who = self._name(ctx, ctx.person_id)
            ctx.emit("impersonation_refused", {"person_id": ctx.person_id})
            return _Reply(
                f"You are speaking as {who}, and I can only know you as {who} here.",
                person_id=ctx.person_id,
            )
        person = ctx.resident.people.introduce(name, ctx.now)
        person_id: str = person.id
        self._person_entity(ctx, person_id)
        self._file_pending(ctx)
        ctx.appraise("person_arrived", person_id=person_id)
        who = self._name(ctx, person_id)
        ctx.person_id = person_id
        more = self._read_and_store(ctx)
        tail = "" if not more else "\n" + self._noted(more)
        if known == person_id:
            thread, picked = self._pick_up(ctx, person_id)
            lead = f"Welcome back, {who}." + (f" {thread}" if thread else "")
            return _Reply(f"{lead}{tail}", claims=picked + more, person_id=person_id, greets=True)
        opening = (
            f"Hello, {who}: nice to meet you."
            if ctx.parsed.greeted
            else (f"Nice to meet you, {who}.")
        )
        return _Reply(
            f"{opening} I will remember you.{tail}", claims=more, person_id=person_id, greets=True
        )

    def _statement(self, ctx: _Ctx) -> _Reply:
        read_views = self._read_and_store(ctx)
        if read_views:
            return _Reply(self._noted(read_views, bool(ctx.wrote.get("fresh"))), claims=read_views)
        # Nothing read cleanly: a whole-text triple would be a leftover phrase ("Thanks, Sam"
        # | appreciates | "your support"), so nothing is stored.
        return self._unknown(ctx)

    def _store_triple(self, ctx: _Ctx, triple: Triple, negated: bool = False) -> _Reply:
        if negated:
            triple = triple.model_copy(update={"predicate": f"not_{triple.predicate}"})
        subject = self._subject(ctx, triple)
        if subject is None:
            return _Reply(_UNKNOWN_PERSON)
        provenance = f"interaction:{ctx.person_id}" if ctx.person_id else "interaction:unknown"
        new = self._new_claim(ctx, triple, subject, self.settings.epistemic.hint_cap, provenance)
        fresh = not self._held(admit(new, ctx.now, self.settings.epistemic).id)
        self._file_pending(ctx)
        claim = self.graph.add_claim(
            new, ctx.now, ctx.resident.session.session_id, ctx.correlation_id
        )
        ctx.wrote["claim"] = {"claim_id": claim.id, "new": fresh, "provenance": claim.provenance}
        # The conflict is recorded whatever it is with; the speaker sees only what they may read.
        contradicted = visible(self._contradictions(ctx, claim), ctx.reader)
        shown = views([claim], self.dictionary)
        lead = "Noted." if fresh else "I had that already."
        plain = f"{lead} {shown[0].line}"
        if contradicted:
            others = views(contradicted, self.dictionary)
            plain += (
                "\nThat disagrees with what I hold:\n"
                + "\n".join(v.line for v in others)
                + "\nI have recorded the conflict; it stays open until evidence settles it."
            )
            shown += others
        return _Reply(plain, claims=shown)

    def _held(self, claim_id: str) -> bool:
        try:
            self.graph.peek_claim(claim_id)
        except NotFound:
            return False
        return True

    def _contradictions(self, ctx: _Ctx, claim: Claim) -> list[Claim]:
        """Conflicts with other values of a one-valued attribute ("Ana's birthday")."""
        if claim.predicate not in FUNCTIONAL_PREDICATES:
            return []
        out = []
        for other in self.graph.peek_claims(claim.subject, claim.predicate):
            if other.id == claim.id or other.level is Level.OPINION:
                continue
            if other.object_value.lower() == claim.object_value.lower():
                continue
            try:
                conflict = self.graph.record_conflict(other.id, claim.id, ctx.now)
            except ConflictRefused:
                continue
            ctx.wrote.setdefault("conflict_ids", []).append(conflict.id)
            out.append(other)
        return out

    def _correction(self, ctx: _Ctx) -> _Reply:
        triple = ctx.parsed.triple
        strong = ctx.doc is not None and is_strong_correction(words_of_doc(ctx.doc))
        if triple is None:
            if strong:
                return _Reply(
                    'What is right, then? Tell me, for example: "No, the capital '
                    'of Australia is Canberra."'
                )
            # "No worries", "Nope, still busy": talk, not a correction.
            reply = self._unknown(ctx)
            reply.intent = Intent.STATEMENT if reply.claims else Intent.UNKNOWN
            return reply
        if triple.speaker and ctx.person_id is None:
            return _Reply(_UNKNOWN_PERSON)
        old, subject = self._corrected_claim(ctx, triple)
        if old is None:
            # Nothing held on that subject and attribute: nothing to correct, so it is what
            # the person says, at the hint cap like any other statement.
            reply = self._store_triple(ctx, triple)
            reply.intent = Intent.STATEMENT
            return reply
        provenance = (
            "user_correction" if ctx.person_id is None else f"user_correction:{ctx.person_id}"
        )
        new = self._new_claim(
            ctx, triple, subject, self.settings.epistemic.correction_confidence, provenance
        )
        self._file_pending(ctx)
        writes = self.graph.record_correction(
            new,
            None if old is None else old.id,
            ctx.now,
            ctx.resident.session.session_id,
            ctx.correlation_id,
        )
        ctx.wrote["correction"] = {
            "old_claim_id": None if old is None else old.id,
            "hypothesis_id": writes.hypothesis.id,
            "gap_id": writes.gap.id,
            "conflict_id": None if writes.conflict is None else writes.conflict.id,
        }
        ctx.appraise(
            "corrected", claim_id=writes.hypothesis.id, old_claim_id=None if old is None else old.id
        )
        hypothesis = views([writes.hypothesis], self.dictionary)[0]
        parts = ["Thank you for the correction."]
        shown = [hypothesis]
        if old is not None:
            old_view = views([old], self.dictionary)[0]
            shown.append(old_view)
            parts.append(f"I had: {old_view.line}")
        parts.append(f"I have written down: {hypothesis.line}")
        if writes.conflict is not None:
            parts.append("I recorded the conflict between the two.")
        parts.append(
            f"I filed a question to check it, at priority {writes.gap.priority}; "
            "until it is checked it stays a hypothesis."
        )
        return _Reply("\n".join(parts), claims=shown)

    def _corrected_claim(self, ctx: _Ctx, triple: Triple) -> tuple[Claim | None, Entity]:
        """The claim being corrected (same subject and predicate, another object, strongest
        first) and the subject entity the correction is about."""
        if triple.speaker:
            assert ctx.person_id is not None
            candidates = [self._person_entity(ctx, ctx.person_id)]
        else:
            assert triple.subject is not None
            person = self._known_person(ctx, triple.subject)
            candidates = (
                [self._person_entity(ctx, person)]
                if person
                else resolve(self.dictionary, triple.subject)
            )
        assert triple.object is not None
        said = triple.object.strip().lower()
        object_ids = {e.id for e in resolve(self.dictionary, triple.object)}
        readable = graph_for(self.graph, ctx.reader)
        held = [
            c
            for e in candidates
            for c in readable.peek_claims(e.id, triple.predicate)
            if c.level is not Level.OPINION
            and c.object_value.lower() != said
            and c.object_value not in object_ids
            and (c.object_entity is None or self.dictionary.label(c.object_entity).lower() != said)
        ]
        if held:
            old = max(held, key=lambda c: (c.confidence, c.created_at))
            subject = next(e for e in candidates if e.id == old.subject)
            return old, subject
        if candidates:
            return None, candidates[0]
        return None, self._entity(ctx, triple.subject or "")

    def _question(self, ctx: _Ctx) -> _Reply:
        p = ctx.parsed
        assert p.question is not None
        assert ctx.reads is not None
        answer = answer_question(
            ctx.reads,
            p.question,
            p.triple,
            p.about,
            ctx.now,
            speaker_id=ctx.person_id,
            limit=self.settings.language.max_listed_claims,
        )
        if answer.known:
            short = answer.short or (
                " and ".join(dict.fromkeys(v.object_label for v in answer.claims))
                if p.triple is not None and p.triple.object is None and answer.claims
                else None
            )
            return _Reply(answer.text, claims=answer.claims, answer=short)
        asked = self._ask(ctx)
        if asked is not None:
            return asked
        guess = learner_guess(self.settings, ctx.reads, p.question, p.triple)  # learner guess hook
        return _Reply(answer.text + guess)

    def _ask(self, ctx: _Ctx) -> _Reply | None:
        """A question read over the parse and matched to held claims; None when it cannot be
        read or nothing held answers it."""
        if ctx.doc is None or not ctx.doc.has_annotation("DEP"):
            return None
        sents = [s for s in ctx.doc.sents if is_question(s)] or list(ctx.doc.sents)
        for query in (
            read_question(sents[-1], self._context),
            read_question_shallow(sents[-1], self._context),
        ):
            if query is None:
                continue
            reply = self._answer(ctx, query)
            if reply is not None:
                return reply
        return None

    def _answer(self, ctx: _Ctx, query: Query) -> _Reply | None:
        subject = None if query.subject is None else self._resolve_ref(ctx, query.subject)
        if query.subject is not None and subject is None:
            return None
        # Through the speaker's private view: a question never reads another person's remarks.
        reads = ctx.reads or self.dictionary

        def object_ids() -> list[str]:
            words = " ".join(query.object_words)
            return [e.id for e in resolve(reads, words)] if words else []

        answer = answer_query(
            reads,
            query,
            subject,
            ctx.now,
            object_ids=object_ids,
            limit=self.settings.language.max_listed_claims,
        )
        if answer is None:
            return None
        return _Reply(answer.text, claims=answer.claims, answer=answer.short)

    def _resolve_ref(self, ctx: _Ctx, ref: Ref) -> Resolved | None:
        """Entity ids a question's subject names (through one hop for "Ana's sister")."""
        if ref.role == "speaker":
            return None if ctx.person_id is None else Resolved(ids=[ctx.person_id], name="you")
        if ref.role == "listener":
            return None if ctx.listener is None else Resolved(ids=[ctx.listener], name="you")
        if ref.role == "name" and ref.name:
            ids = [e.id for e in resolve(self.dictionary, ref.name)]
            known = self._known_person(ctx, ref.name)
            if known and known not in ids:
                ids.insert(0, known)
            return Resolved(ids=ids, name=ref.name) if ids else None
        if ref.role == "kin" and ref.owner is not None and ref.noun:
            owner = self._resolve_ref(ctx, ref.owner)
            if owner is None:
                return None
            reads = ctx.reads or self.dictionary
            ids = []
            for oid in owner.ids:
                ids += [
                    c.subject for c in reads.graph.claims_by_object(oid, ctx.now, f"{ref.noun}_of")
                ]
                ids += [e.id for e in resolve(reads, f"{reads.label(oid)}'s {ref.noun}")]
            ids = list(dict.fromkeys(ids))
            return Resolved(ids=ids, name=f"{owner.name}'s {ref.noun}") if ids else None
        return None

    def _why(self, ctx: _Ctx) -> _Reply:
        p = ctx.parsed
        limit = self.settings.language.max_listed_claims
        reads = ctx.reads
        assert reads is not None
        if p.refers_back:
            with self._last_lock:
                last = self._last.get(ctx.person_id or "", ())
            claims = []
            for cid in last:
                try:
                    claims.append(reads.graph.peek_claim(cid))
                except NotFound:
                    continue
            if not claims:
                return _Reply(
                    'Why do I think what? Ask me, for example: "Why do you think '
                    'aspirin treats headache?"'
                )
            answer = why_claims(reads, claims, p.text, True, "Here is why:", ctx.now)
        elif p.triple is not None:
            if p.triple.speaker and ctx.person_id is None:
                return _Reply(_UNKNOWN_PERSON)
            answer = why_triple(
                reads, p.triple, p.text, ctx.now, speaker_id=ctx.person_id, limit=limit
            )
        else:
            name = p.about or ""
            answer = why_subject(reads, name, p.text, ctx.now, limit=limit)
        shown = [t.claim for t in answer.trails]
        shown += [cv.other for t in answer.trails for cv in t.conflicts if cv.other is not None]
        unique = list({v.claim.id: v for v in shown}.values())
        return _Reply(answer.text, claims=unique)

    def _read(self, ctx: _Ctx) -> _Reply:
        from resident.language.bookshelf import ReadingKind, ReadingQuestion, answer_reading

        p = ctx.parsed
        q = ReadingQuestion(ReadingKind(p.reason or ReadingKind.LIST), p.about)
        answer = answer_reading(
            self.graph, q, ctx.now, limit=self.settings.language.max_listed_claims
        )
        return _Reply(answer.text, claims=views(answer.claims, self.dictionary))

    def _praise(self, ctx: _Ctx) -> _Reply:
        ctx.appraise("praise", person_id=ctx.person_id)
        if ctx.person_id is None:
            return _Reply("Thank you.")
        return _Reply(f"Thank you, {self._name(ctx, ctx.person_id)}.")

    def _hostility(self, ctx: _Ctx) -> _Reply:
        ctx.appraise("hostility", person_id=ctx.person_id)
        return _Reply(
            "I hear that you are unhappy with me. If I got something wrong, tell me "
            "what is right and I will note it."
        )

    def _unknown(self, ctx: _Ctx) -> _Reply:
        reason = ctx.parsed.reason
        if reason == "question" or (
            ctx.doc is not None and any(is_question(s) for s in ctx.doc.sents)
        ):
            read_views = self._read_and_store(ctx)
            asked = self._ask(ctx)
            if asked is not None:
                return asked
            if read_views:
                return _Reply(self._noted(read_views), claims=read_views)
            return _Reply("I don't know.")
        read_views = self._read_and_store(ctx)
        if read_views:
            return _Reply(self._noted(read_views, bool(ctx.wrote.get("fresh"))), claims=read_views)
        if ctx.speaker_unknown:
            return _Reply(_UNKNOWN_PERSON)
        words = {t.lower_ for t in ctx.doc} if ctx.doc is not None else set()
        if "help" in words and len(words) <= 3:
            # The long explanation only when asked for, not after every misunderstanding.
            return _Reply(_HELP)
        if ctx.doc is not None and any(t.pos_ == "VERB" for t in ctx.doc):
            # Talk MAX followed but found no claim in (feelings, thanks, plans about "it").
            return _Reply("I see.")
        if words & {"thanks", "thank", "thx", "cheers"}:
            return _Reply("You're welcome.")
        if words & _CHIT_CHAT:
            return _Reply("Okay.")
        return _Reply("I didn't understand that.")

    # -- reading ---------------------------------------------------------------------------

    def _noted(self, shown: list[ClaimView], fresh: bool = True) -> str:
        lead = "Noted." if fresh else "I had that already."
        return lead + " " + "\n".join(v.line for v in shown)

    def _statements(self, ctx: _Ctx) -> list[tuple[Statement | None, Triple | None, bool]]:
        """What the turn states, sentence by sentence: the dependency reading first, the table
        rules as the fallback (and the only reader on a blank pipeline)."""
        doc = ctx.doc
        if doc is None:
            return []
        out: list[tuple[Statement | None, Triple | None, bool]] = []
        if self.model is not None and self.settings.conversation.model_extraction:
            listener = "MAX" if ctx.listener is None else self._name(ctx, ctx.listener)
            by_model = read_with_model(
                self.model, doc.text, self._name(ctx, ctx.person_id), listener
            )
            if by_model:
                return [(st, None, False) for st in by_model]
        trained = is_trained(self.nlp) and doc.has_annotation("DEP")
        sentences = list(doc.sents) if doc.has_annotation("SENT_START") or trained else [doc[:]]
        with self._nlp_lock:
            for sent in sentences:
                if sent.text.strip().endswith("?"):
                    if trained:
                        read(sent.as_doc(), self._context)
                    continue
                statements: list[Statement] = []
                if trained:
                    statements, _ = read(sent.as_doc(), self._context)
                if statements:
                    out.extend((st, None, False) for st in statements)
                    continue
                rule = parse_sentence_statement(words_of_doc(sent.as_doc()))
                if rule is not None:
                    out.append((None, rule[0], rule[1]))
        return out

    def _read_and_store(self, ctx: _Ctx) -> list[ClaimView]:
        """Store every statement the turn makes; the claims written, as views."""
        stored: list[Claim] = []
        opened: list[OpenThread] = []
        said = ctx.said_at or ctx.now
        provenance = f"interaction:{ctx.person_id}" if ctx.person_id else "interaction:unknown"
        cap = self.settings.epistemic.hint_cap
        for statement, triple, negated in self._statements(ctx):
            if triple is not None:
                if triple.speaker and ctx.person_id is None:
                    ctx.speaker_unknown = True
                    continue
                if ctx.parsed.intent is Intent.INTRODUCTION and triple.speaker:
                    continue
                subject = self._subject(ctx, triple)
                if subject is None:
                    continue
                if negated:
                    triple = triple.model_copy(update={"predicate": f"not_{triple.predicate}"})
                new = self._new_claim(ctx, triple, subject, cap, provenance)
            else:
                assert statement is not None
                built = self._statement_claim(ctx, statement, said, cap, provenance)
                if built is None:
                    continue
                new = built
            fresh = not self._held(admit(new, ctx.now, self.settings.epistemic).id)
            ctx.wrote["fresh"] = ctx.wrote.get("fresh", 0) + int(fresh)
            self._file_pending(ctx)
            claim = self.graph.add_claim(
                new, ctx.now, ctx.resident.session.session_id, ctx.correlation_id
            )
            ctx.wrote.setdefault(
                "claim", {"claim_id": claim.id, "new": fresh, "provenance": claim.provenance}
            )
            stored.append(claim)
            if (
                statement is not None
                and statement.subject.role == "speaker"
                and statement.mood in ("plan", "wish")
                and not statement.negated
            ):
                opened.append(
                    OpenThread(
                        claim_id=claim.id,
                        mood=statement.mood,
                        verb=statement.verb,
                        opened_at=ctx.now,
                    )
                )
            self._contradictions(ctx, claim)
        if opened and ctx.person_id is not None:
            self.threads.open(ctx.person_id, opened, ctx.now)
        if stored:
            ctx.wrote["claims"] = [c.id for c in stored]
        return views(stored, self.dictionary) if stored else []

    def _statement_claim(
        self, ctx: _Ctx, st: Statement, said: datetime, cap: float, provenance: str
    ) -> NewClaim | None:
        subject = self._ref_entity(ctx, st.subject)
        if subject is None:
            ctx.speaker_unknown = ctx.speaker_unknown or st.subject.role == "speaker"
            return None
        occurred = None
        if st.when:
            occurred = timewords.resolve(st.when, said, past=st.mood == "past")

        def claim(object_entity: str | None = None, object_literal: str | None = None) -> NewClaim:
            return NewClaim(
                subject=subject.id,
                predicate=st.stored_predicate,
                object_entity=object_entity,
                object_literal=object_literal,
                confidence=cap,
                provenance=provenance,
                occurred_at=occurred,
            )

        if st.object_ref is not None:
            ref = self._ref_entity(ctx, st.object_ref)
            if ref is None or ref.id == subject.id:
                return None
            return claim(object_entity=ref.id)
        if not st.object.strip():
            return None
        if st.literal:
            return claim(object_literal=st.object)
        obj = self._entity(ctx, st.object)
        return None if obj.id == subject.id else claim(object_entity=obj.id)

    def _ref_entity(self, ctx: _Ctx, ref: Ref) -> Entity | None:
        """The entity a reference names: the speaker, the listener, a person MAX knows (any
        case), a person or animal named in talk, or a relative ("Ana's sister")."""
        if ref.role == "speaker":
            return None if ctx.person_id is None else self._person_entity(ctx, ctx.person_id)
        if ref.role == "listener":
            return None if ctx.listener is None else self._person_entity(ctx, ctx.listener)
        if ref.role == "kin":
            if ref.owner is None or not ref.noun:
                return None
            owner = self._ref_entity(ctx, ref.owner)
            if owner is None:
                return None
            label = f"{owner.label}'s {ref.noun}"
            return self._named(ctx, label, "person")
        if not ref.name:
            return None
        known = self._known_person(ctx, ref.name)
        if known is not None:
            return self._person_entity(ctx, known)
        return self._named(ctx, ref.name, ref.kind)

    def _named(self, ctx: _Ctx, name: str, kind: str) -> Entity:
        """A person or animal by name: the one the graph holds, else filed now (a person as
        `person:<slug>`, so a later introduction lands on the same entity)."""
        found = resolve(self.dictionary, name)
        same = [e for e in found if e.kind == kind] or (found if kind == "thing" else [])
        if same:
            return same[0]
        if kind == "person":
            entity = Entity(id=f"person:{slug(name)}", kind="person", label=name)
        elif kind == "animal":
            entity = Entity(id=f"concept:{slug(name)}", kind="animal", label=name)
        else:
            return self._entity(ctx, name)
        for waiting in ctx.pending:
            if waiting.id == entity.id:
                return waiting
        try:
            return self.graph.get_entity(entity.id)
        except NotFound:
            ctx.pending.append(entity)
            return entity

    _handlers: dict[Intent, Callable[[Language, _Ctx], _Reply]] = {
        Intent.GREETING: _greeting,
        Intent.FAREWELL: _farewell,
        Intent.HOW_ARE_YOU: _how_are_you,
        Intent.INTRODUCTION: _introduction,
        Intent.STATEMENT: _statement,
        Intent.CORRECTION: _correction,
        Intent.QUESTION: _question,
        Intent.WHY: _why,
        Intent.PRAISE: _praise,
        Intent.HOSTILITY: _hostility,
        Intent.READING: _read,
        Intent.UNKNOWN: _unknown,
    }


def words_of_doc(doc: Doc) -> list[Any]:
    from resident.language.intents import words_of

    return words_of(doc)


_languages: weakref.WeakKeyDictionary[Any, Language] = weakref.WeakKeyDictionary()
_languages_lock = threading.Lock()


def language_for(resident: ResidentLike) -> Language:
    """The resident's language layer, made on first use and kept as long as the resident."""
    with _languages_lock:
        lang = _languages.get(resident)
        if lang is None:
            lang = Language.from_settings(resident.settings, resident.graph)
            _languages[resident] = lang
        return lang


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


def converse(
    resident: ResidentLike,
    text: str,
    person_id: str | None,
    now: datetime,
    correlation_id: str,
    *,
    language: Language | None = None,
    said_at: datetime | None = None,
    bound: bool = False,
) -> Turn:
    """One conversation turn (the contract the daemon calls).

    Raises InvalidInput for empty text or text over language.max_turn_chars; graph errors
    (GraphBusy, ...) pass through typed. `language` defaults to the resident's own layer.
    """
    lang = language or language_for(resident)
    return lang.converse(resident, text, person_id, now, correlation_id, said_at, bound=bound)
