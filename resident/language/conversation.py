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
from resident.language.dictionary import Dictionary, slug
from resident.language.intents import Intent, Parsed, Triple, parse
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
from resident.language.pipeline import load_pipeline
from resident.memory.client import GraphStore
from resident.records import Claim, Entity, Level, NewClaim

if TYPE_CHECKING:
    from spacy.language import Language as SpacyLanguage

#: Attributes one subject holds one value of: a second value said is a contradiction.
FUNCTIONAL_PREDICATES = frozenset({"birthday", "capital", "age", "born_in", "full_name"})
#: People whose last answered claims are kept for "why do you think that?".
_LAST_CLAIMS_PEOPLE = 256


# -- what converse needs from the resident (resident/daemon/boot.py provides it) -------------


class _Session(Protocol):
    @property
    def session_id(self) -> str: ...


class _Events(Protocol):
    def emit(self, kind: str, payload: dict[str, Any],
             correlation_id: str | None = None) -> Any: ...


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
    def appraise(self, kind: str, now: datetime, correlation_id: str | None = None,
                 **detail: Any) -> None: ...
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


@dataclass
class _Reply:
    plain: str
    claims: list[ClaimView] = field(default_factory=list)
    state: dict[str, Any] | None = None
    person_id: str | None = None
    mood_labels: tuple[str, ...] = ()
    #: The reply already greets; a "Hi" in the text needs no second hello.
    greets: bool = False


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

    def appraise(self, kind: str, **detail: Any) -> None:
        self.resident.appraise(kind, self.now, self.correlation_id, **detail)

    def emit(self, kind: str, payload: dict[str, Any]) -> None:
        self.resident.events.emit(kind, payload, self.correlation_id)


_UNKNOWN_PERSON = "I don't know who you are yet. Tell me your name first (\"I'm ...\")."
_HELP = ("I can note a fact (\"Aspirin treats headache\"), answer a question (\"What treats "
         "headache?\"), take a correction (\"No, the capital of Australia is Canberra\") and say "
         "why I think something (\"Why do you think aspirin treats headache?\").")


class Language:
    """The language layer of one resident: the pipeline, the dictionary, the optional model.

    Shared by the daemon's request threads; every cache in it is guarded.
    """

    def __init__(self, settings: Settings, graph: GraphStore,
                 model: ModelClient | None = None) -> None:
        self.settings = settings
        self.graph = graph
        self.dictionary = Dictionary(graph, settings.caches.dictionary)
        self.model = model
        self._nlp: SpacyLanguage | None = None
        self._nlp_lock = threading.Lock()
        self._last: LRUCache[str, tuple[str, ...]] = LRUCache(maxsize=_LAST_CLAIMS_PEOPLE)
        self._last_lock = threading.Lock()

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
        with self._nlp_lock:
            doc = self.nlp(text)
        return parse(doc)

    # -- the turn ------------------------------------------------------------------------------

    def converse(self, resident: ResidentLike, text: str, person_id: str | None,
                 now: datetime, correlation_id: str) -> Turn:
        limit = self.settings.language.max_turn_chars
        if not text or not text.strip():
            raise InvalidInput("nothing was said: the text is empty")
        if len(text) > limit:
            raise InvalidInput(f"a turn carries at most {limit} characters "
                               f"(language.max_turn_chars); this one has {len(text)}")
        parsed = self._reading(text.strip(), now) or self.parse(text.strip())
        ctx = _Ctx(resident, parsed, person_id, now, correlation_id)
        # Ids and sizes only: what a person says about themselves stays out of the log (Rule 8).
        ctx.emit("turn_heard", {"person_id": person_id, "intent": parsed.intent.value,
                                "chars": len(text)})
        try:
            reply = self._handlers[parsed.intent](self, ctx)
        except Exception as exc:
            # The log says the turn failed and how; the caller gets the typed error itself.
            ctx.emit("turn_failed", {"person_id": person_id, "intent": parsed.intent.value,
                                     "error": getattr(exc, "code", type(exc).__name__),
                                     "wrote": ctx.wrote})
            raise
        speaker = reply.person_id or person_id
        plain = reply.plain
        if parsed.greeted and not reply.greets and parsed.intent is not Intent.GREETING:
            plain = f"{self._hello(ctx, speaker)} {plain}"
        text_out, by_model = plain, False
        reason = None
        if self.model is not None and parsed.intent is not Intent.UNKNOWN:
            grounding = Grounding(
                mood_labels=reply.mood_labels,
                required=tuple(dict.fromkeys(
                    term for v in reply.claims for term in (v.subject_label, v.object_label))),
            )
            phrasing = self.model.phrase(plain, grounding, who=self._name(ctx, speaker),
                                         is_entity=self._is_entity)
            text_out, by_model, reason = phrasing.text, phrasing.by_model, phrasing.reason
        claim_ids = [v.claim.id for v in reply.claims]
        if claim_ids:
            with self._last_lock:
                self._last[speaker or ""] = tuple(claim_ids)
        # One event for the reply and the writes: each event costs an fsync under the default
        # events policy, and a turn's latency budget is tens of milliseconds.
        ctx.emit("turn_replied", {
            "person_id": speaker, "intent": parsed.intent.value, "claim_ids": claim_ids,
            "wrote": ctx.wrote, "phrased_by_model": by_model, "plain_used_because": reason,
            "reply_chars": len(text_out),
        })
        return Turn(
            correlation_id=correlation_id, intent=parsed.intent.value, reply=text_out,
            person_id=speaker, claims=[v.claim.model_dump(mode="json") for v in reply.claims],
            state=reply.state, plain=plain, phrased_by_model=by_model,
        )

    def _reading(self, text: str, now: datetime) -> Parsed | None:
        """A question about MAX's reading; "What is X about?" only when X is a document he
        has read (otherwise it is an ordinary question)."""
        from resident.language.reading import ReadingKind, find_document, reading_question

        q = reading_question(text)
        if q is None:
            return None
        if q.kind is ReadingKind.ABOUT and q.title is not None and find_document(
                self.graph, q.title, now) is None:
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

    def _new_claim(self, ctx: _Ctx, triple: Triple, subject: Entity, confidence: float,
                   provenance: str) -> NewClaim:
        assert triple.object is not None
        if triple.literal:
            return NewClaim(subject=subject.id, predicate=triple.predicate,
                            object_literal=triple.object, confidence=confidence,
                            provenance=provenance)
        obj = self._entity(ctx, triple.object)
        return NewClaim(subject=subject.id, predicate=triple.predicate, object_entity=obj.id,
                        confidence=confidence, provenance=provenance)

    # -- handlers ------------------------------------------------------------------------------

    def _greeting(self, ctx: _Ctx) -> _Reply:
        if ctx.person_id is None:
            return _Reply("Hello. I don't think we have met: tell me your name if you like.")
        return _Reply(f"{self._hello(ctx, ctx.person_id)} Good to see you.")

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
        person = ctx.resident.people.introduce(name, ctx.now)
        person_id: str = person.id
        self._person_entity(ctx, person_id)
        self._file_pending(ctx)
        ctx.appraise("person_arrived", person_id=person_id)
        who = self._name(ctx, person_id)
        if known == person_id:
            return _Reply(f"Welcome back, {who}.", person_id=person_id, greets=True)
        opening = f"Hello, {who}: nice to meet you." if ctx.parsed.greeted else (
            f"Nice to meet you, {who}.")
        return _Reply(f"{opening} I will remember you.", person_id=person_id, greets=True)

    def _statement(self, ctx: _Ctx) -> _Reply:
        triple = ctx.parsed.triple
        assert triple is not None
        subject = self._subject(ctx, triple)
        if subject is None:
            return _Reply(_UNKNOWN_PERSON)
        provenance = f"interaction:{ctx.person_id}" if ctx.person_id else "interaction:unknown"
        new = self._new_claim(ctx, triple, subject, self.settings.epistemic.hint_cap, provenance)
        fresh = not self._held(admit(new, ctx.now, self.settings.epistemic).id)
        self._file_pending(ctx)
        claim = self.graph.add_claim(new, ctx.now, ctx.resident.session.session_id,
                                     ctx.correlation_id)
        ctx.wrote["claim"] = {"claim_id": claim.id, "new": fresh, "provenance": claim.provenance}
        contradicted = self._contradictions(ctx, claim)
        shown = views([claim], self.dictionary)
        lead = "Noted." if fresh else "I had that already."
        plain = f"{lead} {shown[0].line}"
        if contradicted:
            others = views(contradicted, self.dictionary)
            plain += ("\nThat disagrees with what I hold:\n" + "\n".join(v.line for v in others)
                      + "\nI have recorded the conflict; it stays open until evidence settles it.")
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
        if triple is None:
            return _Reply("What is right, then? Tell me, for example: \"No, the capital of "
                          "Australia is Canberra.\"")
        if triple.speaker and ctx.person_id is None:
            return _Reply(_UNKNOWN_PERSON)
        old, subject = self._corrected_claim(ctx, triple)
        new = self._new_claim(ctx, triple, subject, self.settings.epistemic.correction_confidence,
                              "user_correction")
        self._file_pending(ctx)
        writes = self.graph.record_correction(new, None if old is None else old.id, ctx.now,
                                              ctx.resident.session.session_id, ctx.correlation_id)
        ctx.wrote["correction"] = {
            "old_claim_id": None if old is None else old.id,
            "hypothesis_id": writes.hypothesis.id, "gap_id": writes.gap.id,
            "conflict_id": None if writes.conflict is None else writes.conflict.id,
        }
        ctx.appraise("corrected", claim_id=writes.hypothesis.id,
                     old_claim_id=None if old is None else old.id)
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
        parts.append(f"I filed a question to check it, at priority {writes.gap.priority}; "
                     "until it is checked it stays a hypothesis.")
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
            candidates = ([self._person_entity(ctx, person)] if person
                          else resolve(self.dictionary, triple.subject))
        assert triple.object is not None
        said = triple.object.strip().lower()
        object_ids = {e.id for e in resolve(self.dictionary, triple.object)}
        held = [
            c for e in candidates for c in self.graph.peek_claims(e.id, triple.predicate)
            if c.level is not Level.OPINION
            and c.object_value.lower() != said and c.object_value not in object_ids
            and (c.object_entity is None
                 or self.dictionary.label(c.object_entity).lower() != said)
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
        answer = answer_question(self.dictionary, p.question, p.triple, p.about, ctx.now,
                                 speaker_id=ctx.person_id,
                                 limit=self.settings.language.max_listed_claims)
        return _Reply(answer.text, claims=answer.claims)

    def _why(self, ctx: _Ctx) -> _Reply:
        p = ctx.parsed
        limit = self.settings.language.max_listed_claims
        if p.refers_back:
            with self._last_lock:
                last = self._last.get(ctx.person_id or "", ())
            claims = []
            for cid in last:
                try:
                    claims.append(self.graph.peek_claim(cid))
                except NotFound:
                    continue
            if not claims:
                return _Reply("Why do I think what? Ask me, for example: \"Why do you think "
                              "aspirin treats headache?\"")
            answer = why_claims(self.dictionary, claims, p.text, True, "Here is why:", ctx.now)
        elif p.triple is not None:
            if p.triple.speaker and ctx.person_id is None:
                return _Reply(_UNKNOWN_PERSON)
            answer = why_triple(self.dictionary, p.triple, p.text, ctx.now,
                                speaker_id=ctx.person_id, limit=limit)
        else:
            name = p.about or ""
            answer = why_subject(self.dictionary, name, p.text, ctx.now, limit=limit)
        shown = [t.claim for t in answer.trails]
        shown += [cv.other for t in answer.trails for cv in t.conflicts if cv.other is not None]
        unique = list({v.claim.id: v for v in shown}.values())
        return _Reply(answer.text, claims=unique)

    def _read(self, ctx: _Ctx) -> _Reply:
        from resident.language.reading import ReadingKind, ReadingQuestion, answer_reading

        p = ctx.parsed
        q = ReadingQuestion(ReadingKind(p.reason or ReadingKind.LIST), p.about)
        answer = answer_reading(self.graph, q, ctx.now,
                                limit=self.settings.language.max_listed_claims)
        return _Reply(answer.text, claims=views(answer.claims, self.dictionary))

    def _praise(self, ctx: _Ctx) -> _Reply:
        ctx.appraise("praise", person_id=ctx.person_id)
        if ctx.person_id is None:
            return _Reply("Thank you.")
        return _Reply(f"Thank you, {self._name(ctx, ctx.person_id)}.")

    def _hostility(self, ctx: _Ctx) -> _Reply:
        ctx.appraise("hostility", person_id=ctx.person_id)
        return _Reply("I hear that you are unhappy with me. If I got something wrong, tell me "
                      "what is right and I will note it.")

    def _unknown(self, ctx: _Ctx) -> _Reply:
        reason = ctx.parsed.reason
        if reason == "negation":
            return _Reply("I can't record a negative statement yet; tell me what is true "
                          "instead. " + _HELP)
        if reason == "question":
            return _Reply("I didn't understand the question. " + _HELP)
        return _Reply("I didn't understand that. " + _HELP)

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


def converse(resident: ResidentLike, text: str, person_id: str | None, now: datetime,
             correlation_id: str, *, language: Language | None = None) -> Turn:
    """One conversation turn (the contract the daemon calls).

    Raises InvalidInput for empty text or text over language.max_turn_chars; graph errors
    (GraphBusy, ...) pass through typed. `language` defaults to the resident's own layer.
    """
    lang = language or language_for(resident)
    return lang.converse(resident, text, person_id, now, correlation_id)

