"""What a turn states, stored: statements read from the text become claims with their
qualifiers, filed with the turn's new entities in one write (`_read_and_store`, the one place a
turn's statements reach the graph)."""

from __future__ import annotations

from datetime import datetime
from typing import TYPE_CHECKING

from resident.cognition.epistemic import admit
from resident.cognition.statements import is_one_valued, may_store, told_by
from resident.errors import ConflictRefused, NotFound
from resident.language import when as timewords
from resident.language.cancelled import end_called_off, end_cancelled
from resident.language.change import file_disagreement, settle_by_noun
from resident.language.change import settle as settle_change
from resident.language.confirmed import confirmed
from resident.language.denied import end_denied
from resident.language.dictionary import slug
from resident.language.ellipsis import answered
from resident.language.fill_guard import guarded
from resident.language.finer_piece import day_pieces, refine_by_piece
from resident.language.intents import Intent, Triple
from resident.language.kin_links import LINKED
from resident.language.kin_named import linked_subject
from resident.language.knowledge import ClaimView, resolve, views
from resident.language.model_reading import read_with_model
from resident.language.moved_on import end_moved
from resident.language.parted import end_parted
from resident.language.phrases import third_person
from resident.language.pipeline import is_trained
from resident.language.reading import is_question, read, said_triple
from resident.language.referent_answer import relative_named
from resident.language.relatives import relative_of
from resident.language.rescheduled import reschedule_said
from resident.language.restated import end_restated
from resident.language.roles import declares_change
from resident.language.sentence_reading import SentenceReadingMixin
from resident.language.sold_thing import end_sold
from resident.language.statement import (
    THINGS_KEPT,
    Ref,
    Statement,
    _predicate,
    keep_latest,
    qualifiers_of,
    stated,
    verb_lemma,
)
from resident.language.superseded import end_ceased, end_left, end_reversed, end_told_before
from resident.language.telegraphic import self_described
from resident.language.tense import clause_side, ended_state, ending_of, ending_time
from resident.language.threads import OpenThread
from resident.language.unsaid_ending import end_unsaid
from resident.people.privacy import visible
from resident.records import Claim, Entity, Level, NewClaim, Qualifier, StatementWrite

if TYPE_CHECKING:
    from spacy.tokens import Doc, Token


from resident.language.turn import (
    _UNKNOWN_PERSON,
    _Ctx,
    _Reply,
)


def _ahead(st: Statement) -> bool:
    """Said of what is yet to come (a plan) or wanted (a wish), by the clause's mood."""
    return st.mood in ("plan", "wish")


class StoringMixin(SentenceReadingMixin):
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

    def _known_person(self, ctx: _Ctx, name: str, introduced: bool = False) -> str | None:
        """The person of `name`; for an introduction, also one who has it as a part of their
        name, or the speaker adding a surname or title (People.match)."""
        people = ctx.resident.people
        if introduced and ctx.parsed.nickname and ctx.person_id is not None:
            return ctx.person_id  # "call me Bram": the speaker's other name
        try:
            person = people.match(name, ctx.person_id) if introduced else people.find(name)
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
        # Two spellings can share a slug ("Aspirin", "aspirin"): the first label is kept.
        return self._filed(ctx, Entity(id=f"concept:{slug(name)}", kind="concept", label=name))

    def _filed(self, ctx: _Ctx, entity: Entity, *, by_label: bool = False) -> Entity:
        """The entity as this turn's batch or the graph holds it by its id; filed with the
        turn's batch when neither does. `by_label`: also one of the batch with its label and
        kind, under another id (a relative named this turn, "Jean's a saint. She drives ...":
        kin_links)."""
        for waiting in ctx.pending:
            same = by_label and waiting.label == entity.label and waiting.kind == entity.kind
            if waiting.id == entity.id or same:
                return waiting
        try:
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

    def _said_triple(self, text: str) -> Triple | None:
        """What a correction or a why says is so, read by the statement reader."""
        with self._nlp_lock:
            return said_triple(self.nlp(text), self.nlp)

    def _statement(self, ctx: _Ctx) -> _Reply:
        read_views = self._read_and_store(ctx)
        if read_views:
            return _Reply(self._noted(read_views, bool(ctx.wrote.get("fresh"))), claims=read_views)
        # Nothing read: talk MAX followed without a claim in it, or did not understand.
        reply = self._unknown(ctx)
        reply.intent = reply.intent or Intent.UNKNOWN
        return reply

    def _store_triple(self, ctx: _Ctx, triple: Triple, negated: bool = False) -> _Reply:
        if negated:
            triple = triple.model_copy(update={"predicate": f"not_{triple.predicate}"})
        subject = self._subject(ctx, triple)
        if subject is None:
            return _Reply(_UNKNOWN_PERSON)
        provenance = told_by(ctx.person_id)
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

    def _settle(
        self, ctx: _Ctx, read: list[Statement], stored: list[Claim], said: datetime
    ) -> None:
        """household hook: a change of state ends the earlier value instead of contradicting
        it. A plan or a wish is a claim of its own: what holds now holds until it comes true,
        so it neither ends nor contradicts anything ("I'm going to start at the bakery next
        month" leaves "works at the bookshop" standing today)."""
        over: list[tuple[Claim, datetime]] = []
        for st, claim in zip(read, stored, strict=True):
            when = min(said, ctx.now)
            if ended_state(st, ctx.doc):
                # "I was living in Dublin before": true until it was said, not now, so it
                # neither ends nor contradicts what holds now; nor does the same state told
                # before by someone else hold now.
                # "I used to smoke but I gave up in 2019": over since 2019.
                ending = ending_of(st, ctx.doc)
                phrase = None if ending is None else ending_time(ending)
                ended = timewords.resolve(phrase, said, past=True) if phrase else None
                at = ended if ended is not None and ended <= ctx.now else when
                over.append((self.graph.end_validity(claim.id, at, ctx.now), at))
                if ending is not None:
                    self._store_ending(ctx, claim, ending, ended)
                end_told_before(self.graph, claim, at, ctx.now)
            elif _ahead(st):
                continue
            elif end_left(self.graph, claim, when, ctx.now):
                continue  # "I left the pharmacy": where she worked is over, not contradicted
            elif end_ceased(self.graph, claim, when, ctx.now):
                continue  # "I quit the gym in March": going there is over since March
            elif end_sold(self.graph, claim, when, ctx.now):
                continue  # "the van was sold in July": having it is over since July
            elif end_parted(self.graph, claim, when, ctx.now):
                continue  # "Tom and Lena split up": his dating her is over
            elif end_cancelled(self.graph, claim, when, ctx.now):
                continue  # "We cancelled the Lisbon trip": going to Lisbon is off
            elif end_moved(self.graph, ctx.doc, claim, when, ctx.now) + settle_change(
                self.graph, ctx.doc, claim, said, ctx.now
            ):
                continue  # "I'm at Tesco now": where she worked is over, and any other "at"
            elif not end_restated(self.graph, ctx.doc, claim, when, ctx.now):
                # "He turned thirty-nine" from the teller who said thirty-eight updates it.
                self._contradictions(ctx, claim)
        end_reversed(self.graph, over, stored, ctx.now)

    def _end_said_over(self, ctx: _Ctx, when: datetime) -> None:
        """An ending said without a verb of its thing ("no more nights", "I'm off nights") or
        without its thing ("Sam quit last week"): what was held of it is over from `when`."""
        if ctx.person_id is None:
            return
        end_denied(self.graph, ctx.doc, ctx.person_id, when, ctx.now)
        end_unsaid(self.graph, ctx.doc, ctx.person_id, when, ctx.now)

    def _store_ending(self, ctx: _Ctx, habit: Claim, ending: Token, ended: datetime | None) -> None:
        """ "I used to play the cello but I gave up last year": the ending is a statement of
        its own, of what the habit named ("Lena gives_up cello", last year), so "When did
        Lena give up the cello?" reads it."""
        prt = next((c.lower_ for c in ending.children if c.dep_ == "prt"), "")
        predicate = _predicate(third_person(verb_lemma(ending)), prt)
        if predicate is None:
            return
        new = NewClaim(
            subject=habit.subject,
            predicate=predicate,
            object_entity=habit.object_entity,
            object_literal=habit.object_literal,
            confidence=habit.confidence,
            provenance=habit.provenance,
            occurred_at=ended if ended is not None and ended <= ctx.now else None,
        )
        # The time as said ("last year"), so the answer says it no finer than it was told.
        phrase = ending_time(ending)
        said = (Qualifier(role="time", value=phrase),) if phrase and new.occurred_at else ()
        session = ctx.resident.session.session_id
        write = StatementWrite(claim=new, qualifiers=said)
        self.graph.write_statements([], [write], ctx.now, session, ctx.correlation_id)

    def _contradictions(self, ctx: _Ctx, claim: Claim) -> list[Claim]:
        """Conflicts with other values of a one-valued attribute ("Ana's birthday")."""
        if not is_one_valued(claim.predicate):
            return []
        out = []
        for other in self.graph.peek_claims(claim.subject, claim.predicate):
            if other.id == claim.id or other.level is Level.OPINION or not other.valid_at(ctx.now):
                continue
            if other.object_value.lower() == claim.object_value.lower():
                continue
            try:
                conflict = self.graph.record_conflict(other.id, claim.id, ctx.now)
            except ConflictRefused:
                continue
            ctx.wrote.setdefault("conflict_ids", []).append(conflict.id)
            out.append(other)
        if out:  # household hook: a disagreement is a gap, for the loop to plan a question.
            file_disagreement(self.graph, claim, ctx.now)
        return out

    def _noted(self, shown: list[ClaimView], fresh: bool = True) -> str:
        lead = "Noted." if fresh else "I had that already."
        return lead + " " + "\n".join(v.line for v in shown)

    def _statements(self, ctx: _Ctx) -> list[Statement]:
        """What the turn states, sentence by sentence, as the statement reader reads it (the
        language model's reading instead, when one is configured to extract)."""
        doc = ctx.doc
        if doc is None or not is_trained(self.nlp) or not doc.has_annotation("DEP"):
            return []
        if self.model is not None and self.settings.conversation.model_extraction:
            listener = "MAX" if ctx.listener is None else self._name(ctx, ctx.listener)
            by_model = read_with_model(
                self.model, doc.text, self._name(ctx, ctx.person_id), listener
            )
            if by_model:
                return list(by_model)
        out: list[Statement] = []
        with self._nlp_lock:
            self._context.speaker = ctx.person_id  # "my dad ... he": the teller's own dad
            if ctx.person_id is not None:
                speaking = self._name(ctx, ctx.person_id).lower()
                keep_latest(self._context.speakers, speaking, None, THINGS_KEPT)
            # "Where did you grow up?" / "Whitby.": the fragment read with the question; "gethin,
            # welsh, 24, ...": a telegraphic self-description read with its words put back.
            told = self._answers(ctx, doc)
            if ctx.person_id is not None:
                told += [(t, None) for t in self_described(doc, self._name(ctx, ctx.person_id))]
            for text, question in told:
                said = self.nlp(text)
                statements = read(said, self._context, reparse=self.nlp)[0]
                if question is not None:  # kept only when the filler is in the gap's role
                    statements = guarded(statements, said, question, doc, self.nlp)
                out.extend(statements)
            # "I've moved." / "Since when?" / "Last weekend.": the statement's time.
            out.extend(self._sluiced.answered(doc, ctx.person_id, self._context.turn, self.nlp))
            out = self._by_sentence(ctx, doc, out)
        return out

    def _answers_someone(self, ctx: _Ctx) -> bool:
        """Whether the turn answers the question the turn before put to its speaker ("Do you
        still have the Rover?" / "No, I sold it in April."): its "No" answers that person,
        and when MAX holds nothing it could correct, the turn is read as any statement."""
        name = self._name(ctx, ctx.person_id) if ctx.person_id is not None else None
        return self._last_question.previous(ctx.person_id, self._context.turn, name) is not None

    def _answers(self, ctx: _Ctx, doc: Doc) -> list[tuple[str, str | None]]:
        """What the turn states as the answer to the question the turn before it put to this
        speaker: its fragment read with the question ("Where did you grow up?" / "Whitby."), and
        who the relative asked about is ("How's your brother?" / "Finn is in Berlin now.")."""
        asked, turn = self._last_question, self._context.turn
        name = self._name(ctx, ctx.person_id) if ctx.person_id is not None else None
        question = asked.previous(ctx.person_id, turn, name)
        said = [(answered(asked, doc, ctx.person_id, turn, self.nlp, name), question)]
        if question is None:  # "What's his name, Graham?" / "Graham, yes."
            said.append(confirmed(asked, doc, ctx.person_id, turn, name, self.nlp))
        asker = asked.asker()
        if question is not None and asker is not None and name is not None:
            named = relative_named(question, doc, self.nlp, self._name(ctx, asker), name)
            said.append((named, None))
        return [(s, q) for s, q in said if s]

    def _read_and_store(self, ctx: _Ctx) -> list[ClaimView]:
        """Store every statement the turn makes, with its qualifiers, in one write: the
        claims written, as views. This is the one place a turn's statements reach the graph."""
        writes: list[StatementWrite] = []
        read: list[Statement] = []
        said = ctx.said_at or ctx.now
        provenance = told_by(ctx.person_id)
        cap = self.settings.epistemic.hint_cap
        change = ctx.doc is not None and declares_change(ctx.doc)
        if ctx.statements is None:
            ctx.statements = self._statements(ctx)
        if ctx.person_id is not None and not _asks(ctx.doc):
            # "The Lisbon trip is off": the plan it names is over, though no one is said to
            # have called it off (nothing is stored of it).
            end_called_off(self.graph, ctx.doc, ctx.person_id, min(said, ctx.now), ctx.now)
            self._refine_before(ctx)
            # "The christening's been moved to the 9th": the plan held is due then now.
            moved = reschedule_said(self.graph, ctx.doc, ctx.person_id, said, ctx.now)
            # "The Lagos trip's moved, we're going in February now": the plan moved is dated
            # by this turn, so "The 14th of February." next refines it (finer_piece.py).
            self._dated_before = (self._context.turn, tuple(c.id for c in moved))
        for statement in ctx.statements:
            if not may_store(statement.modality):
                continue
            new = self._statement_claim(ctx, statement, said, cap, provenance)
            if new is None:
                continue
            qualifiers = self._who_qualifiers(ctx, qualifiers_of(statement, change))
            writes.append(StatementWrite(claim=new, qualifiers=qualifiers))
            read.append(statement)
        if not writes:
            # household hook: "I switched jobs" (not "I'm going to switch jobs": a plan)
            # A question states no change: "Where do I work now?" ends no job.
            asked = ctx.doc is not None and all(is_question(s) for s in ctx.doc.sents)
            ahead = any(_ahead(s) for s in ctx.statements)
            if ctx.person_id is not None and not asked and not ahead:
                settle_by_noun(self.graph, ctx.doc, ctx.person_id, said, ctx.now)
                self._end_said_over(ctx, min(said, ctx.now))
            return []
        fresh = [
            not self._held(admit(w.claim, ctx.now, self.settings.epistemic).id) for w in writes
        ]
        ctx.wrote["fresh"] = sum(fresh)
        pending = list({e.id: e for e in ctx.pending}.values())
        ctx.pending.clear()
        stored = self.graph.write_statements(
            pending, writes, ctx.now, ctx.resident.session.session_id, ctx.correlation_id
        )
        for entity in pending:
            self.dictionary.forget(entity.label)
            self.dictionary.forget_label(entity.id)
        if pending:
            ctx.wrote["entities"] = [e.id for e in pending]
        dated = tuple(c.id for c in stored if c.occurred_at is not None)
        turn, before = self._dated_before
        this_turn = before if turn == self._context.turn else ()
        self._dated_before = (self._context.turn, this_turn + dated)
        first = stored[0]
        ctx.wrote["claim"] = {"claim_id": first.id, "new": fresh[0], "provenance": first.provenance}
        ctx.wrote["claims"] = [c.id for c in stored]
        opened = [
            OpenThread(claim_id=claim.id, mood=st.mood, verb=st.verb, opened_at=ctx.now)
            for st, claim in zip(read, stored, strict=True)
            if st.subject.role == "speaker" and st.mood in ("plan", "wish") and not st.negated
        ]
        self._settle(ctx, read, stored, said)
        if ctx.person_id is not None and not _asks(ctx.doc):
            # "No more nights", "I'm off nights now": what the owner was held to do is over,
            # after the turn's own reading of it is stored ("off nights" read as a state).
            self._end_said_over(ctx, min(said, ctx.now))
        if opened and ctx.person_id is not None:
            self.threads.open(ctx.person_id, opened, ctx.now)
        # In the order said, each with what else its clause said (where, when, with whom).
        by_id = {v.claim.id: v for v in views(stored, self.dictionary)}
        shown = []
        for claim, write in zip(stored, writes, strict=True):
            view = by_id.pop(claim.id, None)
            if view is None:
                continue
            roles = [q for q in write.qualifiers if q.role not in ("modality", "change")]
            if roles:
                said_too = "; ".join(f"{q.role} {q.value}" for q in roles)
                view = view.model_copy(update={"line": f"{view.line} Also said: {said_too}."})
            # The turn reports the claim with what else its clause said.
            shown.append(view.model_copy(update={"claim": stated(claim, write.qualifiers)}))
        return shown

    def _refine_before(self, ctx: _Ctx) -> None:
        """ "We're flying to Oslo in March." / "The 9th of March.": a day said alone refines
        the month the turn before held (finer_piece.py)."""
        turn, before = self._dated_before
        if ctx.doc is None or turn != self._context.turn - 1:
            return
        for phrase in day_pieces(ctx.doc):
            refine_by_piece(self.graph, before, phrase, ctx.now)

    def _who_qualifiers(
        self, ctx: _Ctx, qualifiers: tuple[Qualifier, ...]
    ) -> tuple[Qualifier, ...]:
        """ "I'm doing the triathlon with you": a qualifier that is a personal pronoun names
        the speaker (me, us) or the listener (you), by name; one naming no one known
        (him, them) is dropped rather than kept as a word no question can use."""
        out = []
        for q in qualifiers:
            said = q.value.strip().lower()
            if said not in _PERSONAL:
                out.append(q)
                continue
            person = ctx.person_id if said in ("me", "us") else ctx.listener
            if said in ("me", "us", "you") and person is not None:
                entity = self._person_entity(ctx, person)
                out.append(q.model_copy(update={"value": entity.label, "entity_id": entity.id}))
        return tuple(out)

    def _statement_claim(
        self, ctx: _Ctx, st: Statement, said: datetime, cap: float, provenance: str
    ) -> NewClaim | None:
        if st.verb in LINKED:  # "Jean's a saint" after "my mum": only an unnamed mum
            subject = linked_subject(self, ctx, st)
        else:
            subject = self._ref_entity(ctx, st.subject)
        if subject is None:
            said_of_me = st.subject.role == "speaker" and st.verb not in LINKED
            ctx.speaker_unknown = ctx.speaker_unknown or said_of_me
            return None
        occurred = None
        dated, past = clause_side(st, ctx.doc)  # a habit names no day; "hurt" shows no tense
        if st.when and dated:
            occurred = timewords.resolve(st.when, said, past=past)

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
            # household hook: "my father" is the person MAX knows as that relative.
            relative = relative_of(self.graph, owner.id, ref.noun, ctx.now)
            if relative is not None:
                return self._person_entity(ctx, relative)
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
        return self._filed(ctx, entity, by_label=True)


#: Personal pronouns a qualifier may be said as ("with me", "for you", "with them").
_PERSONAL = frozenset({"me", "us", "you", "him", "her", "them", "it"})


def _asks(doc: Doc | None) -> bool:
    """Is every sentence of the turn a question?"""
    return doc is not None and all(is_question(s) for s in doc.sents)
