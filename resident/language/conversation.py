"""One conversation turn: parse the text, do what it asks against the graph and the resident,
and answer with a plain rendering (which the optional language model may phrase).

The parsing is pure (`intents`); this module is the IO around it. Every turn emits events under
its correlation_id, and affect is appraised from what was said.
"""

from __future__ import annotations

import threading
import weakref
from collections.abc import Callable
from datetime import datetime
from typing import TYPE_CHECKING, Any

from cachetools import LRUCache

from resident.config import Settings
from resident.errors import NotFound
from resident.language import lexicon
from resident.language.answering import AnsweringMixin
from resident.language.change import question_tense, untensed_question
from resident.language.correction_turn import CorrectionMixin
from resident.language.dictionary import Dictionary
from resident.language.household import Household
from resident.language.household_turn import HouseholdTurnMixin
from resident.language.intents import (
    Intent,
    Parsed,
    parse,
)
from resident.language.knowledge import (
    ClaimView,
    views,
)
from resident.language.model_client import Grounding, ModelClient
from resident.language.model_gate import held_facts, locked_parser
from resident.language.pipeline import load_pipeline
from resident.language.prices import restore_priced
from resident.language.question_held import Asked
from resident.language.read_bound import unbounded
from resident.language.reading import is_question
from resident.language.sluicing import Sluiced
from resident.language.social import quick_social
from resident.language.statement import THINGS_KEPT, Context
from resident.language.threads import Threads, threads_file
from resident.language.turn import (
    _LAST_CLAIMS_PEOPLE,
    _UNKNOWN_PERSON,
    ResidentLike,
    Turn,
    _Ctx,
    _Reply,
    checked_turn_text,
)
from resident.language.turn_bound import bounded_turn
from resident.language.typed_lower import reread
from resident.language.words import words
from resident.memory.client import GraphStore
from resident.memory.valid_time import at_time
from resident.people.privacy import graph_for

if TYPE_CHECKING:
    from spacy.language import Language as SpacyLanguage
    from spacy.tokens import Doc


#: Words of talk that acknowledges rather than states ("No worries", "Sounds good", "Wow").
_CHIT_CHAT = words("conversation_chit_chat")
_HELP = (
    'I can note a fact ("Aspirin treats headache"), answer a question ("What treats '
    'headache?"), take a correction ("No, the capital of Australia is Canberra") and say '
    'why I think something ("Why do you think aspirin treats headache?").'
)


class Language(AnsweringMixin, HouseholdTurnMixin, CorrectionMixin):
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
        self._warmed = False
        self._last: LRUCache[str, tuple[str, ...]] = LRUCache(maxsize=_LAST_CLAIMS_PEOPLE)
        self._last_lock = threading.Lock()
        #: The household conversation's running context (he/she, the last speaker).
        self._context = Context()
        self._context.restore_things(graph.told_subjects("concept", THINGS_KEPT))
        restore_priced(self._context, graph.told_subjects)
        self._previous_speaker: str | None = None
        #: The question the last turn closed with: the next speaker's fragment answers it.
        self._last_question = Asked()
        self._sluiced = Sluiced()  # "Where?" asked of the statement before it
        self._dated_before: tuple[int, tuple[str, ...]] = (0, ())  # finer_piece.py
        #: household hook: who has spoken, MAX's questions and their answers (issue 26).
        self.household = Household(settings, graph)
        #: Open threads per person, restored from threads.json when the layer is made.
        self.threads = Threads(threads_file(settings), settings.conversation.threads_per_person)

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
        # WordNet too (a few seconds, once per process), so no turn waits for it.
        lexicon.available()
        self._warmed = True

    def parse(self, text: str) -> Parsed:
        """The intent of `text` (pure parsing; the pipeline is shared, so calls take turns)."""
        return self._parse_doc(text)[1]

    def _parse_doc(self, text: str) -> tuple[Doc, Parsed]:
        with self._nlp_lock:
            # "Thanks!", "Hi, Max": the tokenizer's reading is the full one (language/social.py).
            quick = quick_social(self.nlp, text)
            if quick is not None:
                return quick
            doc = reread(text, self.nlp)  # "im at the pub in leeds": its capitals
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
        if not self._warmed:
            self.warm()  # loads count against no turn's reading budget
        return bounded_turn(  # one durable write per turn, its reading bounded in time
            self,
            resident,
            len(text),
            person_id,
            correlation_id,
            lambda: self._converse(resident, text, person_id, now, correlation_id, said_at, bound),
        )

    def _converse(
        self,
        resident: ResidentLike,
        text: str,
        person_id: str | None,
        now: datetime,
        correlation_id: str,
        said_at: datetime | None,
        bound: bool,
    ) -> Turn:
        # "What have you read?" and its kin are read first; everything else goes to the parse.
        reading = self._reading(text.strip(), now)
        if reading is not None:
            doc, parsed = None, reading
        else:
            # household hook: "before"/"ever" set the tense a question reads in, not its content.
            doc, parsed = self._parse_doc(untensed_question(text.strip()))
        if parsed.said is not None and parsed.intent in (Intent.CORRECTION, Intent.WHY):
            parsed = parsed.model_copy(update={"triple": self._said_triple(parsed.said)})
        self._context.turn += 1
        self._last_question.heard(doc, person_id, self._context.turn)
        self._sluiced.heard(doc, self._context.turn)
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
            # household hook: questions read the claims valid at the time they ask about.
            reads=self.dictionary.viewing(
                at_time(
                    graph_for(self.graph, person_id if bound else None),
                    question_tense(doc, text),
                    now,
                )
            ),
        )
        if parsed.intent is Intent.STATEMENT:
            # Read once, here: a statement the reader finds nothing in is talk MAX did not
            # understand, and the log says so from the first event.
            ctx.statements = self._statements(ctx)
            if not ctx.statements:
                parsed = parsed.model_copy(update={"intent": Intent.UNKNOWN, "reason": "statement"})
                ctx.parsed = parsed
        # Ids and sizes only: what a person says about themselves stays out of the log (Rule 8).
        ctx.emit(
            "turn_heard",
            {"person_id": person_id, "intent": parsed.intent.value, "chars": len(text)},
        )
        answered = None
        try:
            reply, answered = self._household_reply(ctx, doc, text)
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
                facts=held_facts(reply.claims),
            )
            with unbounded():  # the model's own timeout bounds its wait
                phrasing = self.model.phrase(
                    plain,
                    grounding,
                    who=self._name(ctx, speaker),
                    is_entity=self._is_entity,
                    parse=locked_parser(lambda: self.nlp, self._nlp_lock),
                )
            text_out, by_model, reason = phrasing.text, phrasing.by_model, phrasing.reason
        intent = (reply.intent or parsed.intent).value
        # household hook: a question of MAX's own, at a natural moment.
        question = self.household.after_turn(
            speaker, intent, "?" in text, answered is not None, said_at or now
        )
        if question is not None:
            plain, text_out = f"{plain}\n{question}", f"{text_out}\n{question}"
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
            answer_score=reply.score,
        )

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

    # -- handlers ------------------------------------------------------------------------------

    def _greeting(self, ctx: _Ctx) -> _Reply:
        if ctx.person_id is None:
            return _Reply("Hello. I don't think we have met: tell me your name if you like.")
        thread, claims = self._pick_up(ctx, ctx.person_id)
        if thread:
            return _Reply(
                f"Welcome back, {self._name(ctx, ctx.person_id)}. {thread}", claims=claims
            )
        if not self.household.spoke_before(ctx.person_id, ctx.said_at or ctx.now):  # household hook
            told = self.household.told_about(ctx.person_id, self.dictionary.labels)
            who = self._name(ctx, ctx.person_id)
            return _Reply(f"Hello, {who}: nice to meet you. {told}".strip())
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

    def _introduction(self, ctx: _Ctx) -> _Reply:
        name = ctx.parsed.name
        assert name is not None
        known = self._known_person(ctx, name, introduced=True)
        if ctx.bound and ctx.person_id is not None and known != ctx.person_id:
            # Rule 8: saying "I'm Ana" does not make Bob Ana; only Ana's token, voice or face do.
            who = self._name(ctx, ctx.person_id)
            ctx.emit("impersonation_refused", {"person_id": ctx.person_id})
            return _Reply(
                f"You are speaking as {who}, and I can only know you as {who} here.",
                person_id=ctx.person_id,
            )
        person = ctx.resident.people.introduce(
            name, ctx.now, speaker=ctx.person_id, nickname=ctx.parsed.nickname
        )
        person_id: str = person.id
        self._person_entity(ctx, person_id)
        self._file_pending(ctx)
        ctx.appraise("person_arrived", person_id=person_id)
        who = self._name(ctx, person_id)
        ctx.person_id = person_id
        more = self._read_and_store(ctx)
        tail = "" if not more else "\n" + self._noted(more)
        # household hook: "Welcome back" only to someone who has spoken to MAX before.
        if known == person_id and self.household.spoke_before(person_id, ctx.said_at or ctx.now):
            thread, picked = self._pick_up(ctx, person_id)
            lead = f"Welcome back, {who}." + (f" {thread}" if thread else "")
            return _Reply(f"{lead}{tail}", claims=picked + more, person_id=person_id, greets=True)
        opening = (
            f"Hello, {who}: nice to meet you."
            if ctx.parsed.greeted
            else (f"Nice to meet you, {who}.")
        )
        told = self.household.told_about(person_id, self.dictionary.labels)  # household hook
        told = f" {told}" if told else ""
        return _Reply(
            f"{opening} I will remember you.{told}{tail}",
            claims=more,
            person_id=person_id,
            greets=True,
        )

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
            asked = self._ask_priced(ctx) or self._ask(ctx)
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

    _handlers: dict[Intent, Callable[[Language, _Ctx], _Reply]] = {
        Intent.GREETING: _greeting,
        Intent.FAREWELL: _farewell,
        Intent.HOW_ARE_YOU: HouseholdTurnMixin._how_are_you,
        Intent.INTRODUCTION: _introduction,
        Intent.STATEMENT: AnsweringMixin._statement,
        Intent.CORRECTION: CorrectionMixin._correction,
        Intent.QUESTION: AnsweringMixin._question,
        Intent.WHY: AnsweringMixin._why,
        Intent.PRAISE: _praise,
        Intent.HOSTILITY: _hostility,
        Intent.READING: AnsweringMixin._read,
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
