"""Questions answered from held claims: the reader's question read into a Query, matched by
meaning (asking.py), through relatives and pets ("why" and reading questions: why_answers.py,
reading_answers.py)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from resident.language.amount_asked import asks_sum
from resident.language.asked_meaning import kind_query
from resident.language.asking import (
    NOT_ANY_MORE,
    Query,
    Resolved,
    answer_query,
    hedge,
    read_question,
    score,
)
from resident.language.attribute_questions import attribute_query
from resident.language.companions import along_with
from resident.language.counted_asked import counted_as_what
from resident.language.counting import bare_count, is_kind
from resident.language.deal_converse import ConverseAnsweringMixin
from resident.language.declared import declared_query
from resident.language.described import (
    called_asked,
    held_as,
    owned_things,
    whose_asked,
)
from resident.language.described_answers import DescribedAnsweringMixin
from resident.language.gaps import about_phrase, defined_phrase, unknown_text, without_article
from resident.language.guessing import learner_guess
from resident.language.held_counts import distinct_of_kind, kind_counted
from resident.language.held_meaning import outcome_opposites
from resident.language.held_shapes import event_time, gap_nouns, refusal
from resident.language.held_shapes import object_ids as held_object_ids
from resident.language.knowledge import (
    Answer,
    facts_of,
    resolve,
    views,
)
from resident.language.matching import (
    asked_words,
    claim_verbs,
    echoes_question,
    holds_all,
    holds_some,
    kind_named,
    kinds_asked,
    names_other_kind,
    of_kind_named,
    opposites,
    reads_an_auxiliary,
)
from resident.language.meaning_answers import MeaningAnsweringMixin
from resident.language.owned import (
    OWNED_SCORE,
    is_group,
    own_count,
    owned_answer,
    parts_count,
)
from resident.language.phrases import third_person
from resident.language.price_answers import PricedAnsweringMixin
from resident.language.query_shapes import (
    asker_named,
    asks_how_many_held,
    asks_kind,
    asks_who_relative_is,
)
from resident.language.question_reading import days_named
from resident.language.question_subject import modifiers_of
from resident.language.reading import is_question
from resident.language.reading_answers import ReadingAnsweringMixin
from resident.language.reciprocal_asked import from_the_other_side
from resident.language.reduced_answers import ReducedAnsweringMixin
from resident.language.said_counts import count_said
from resident.language.shallow import read_question_shallow
from resident.language.statement import Ref
from resident.language.thing_answers import what_befell
from resident.language.typed_reply import of_type_asked
from resident.language.why_answers import WhyAnsweringMixin

if TYPE_CHECKING:
    from spacy.tokens import Doc, Span


from resident.language.kin_answers import (
    _is_we,
    owner_evidences,
)
from resident.language.turn import (
    _Ctx,
    _Reply,
)

#: The questions that ask for a thing named ("What game ...?", "Who ...?", "Where ...?").
_NAMING_WH = frozenset({"what", "which", "who", "where"})


class AnsweringMixin(
    DescribedAnsweringMixin,
    PricedAnsweringMixin,
    ConverseAnsweringMixin,
    MeaningAnsweringMixin,
    ReducedAnsweringMixin,
    WhyAnsweringMixin,
    ReadingAnsweringMixin,
):
    def _question(self, ctx: _Ctx) -> _Reply:
        """A question (and whatever the turn also states, stored first): read into the
        statement shape with a gap and answered from held claims by meaning, else "I don't
        know" with the learner's guess when it has earned one."""
        read_views = self._read_and_store(ctx)
        about = None if ctx.doc is None else about_phrase(ctx.doc)
        if about is not None:
            return self._about(ctx, about)
        asked = self._ask_priced(ctx) or self._ask_converse(ctx) or self._ask(ctx)
        # Never what "instead of" set aside; else its optional parts left out (match30).
        asked = self._not_set_aside(ctx, asked) or self._ask_reduced(ctx)
        if asked is not None:
            return asked
        if read_views:
            return _Reply(self._noted(read_views), claims=read_views)
        defined = self._defined(ctx)
        if defined is not None:
            return self._about(ctx, defined)
        query = self._query(ctx)
        name = None if query is None or query.subject is None else _said_as(query.subject)
        if query is not None and query.subject is not None and query.subject.role == "kin":
            # "Who is my mother?" restates well; "what your horse calls" does not.
            name = name if query.verb == "be" else None
        return _Reply(unknown_text(query, name) + self._guess(ctx, query))

    def _about(self, ctx: _Ctx, name: str) -> _Reply:
        """ "What do you know about Ana?": everything held about a subject, as the asker may
        read it; "me" is the speaker."""
        reads = ctx.reads or self.dictionary
        if name.lower() in ("me", "myself") and ctx.person_id is not None:
            entities = [self._person_entity(ctx, ctx.person_id)]
            name = self._name(ctx, ctx.person_id)
        else:
            entities = resolve(reads, name)
            known = self._known_person(ctx, name)
            if known is not None and known not in {e.id for e in entities}:
                entities.insert(0, self._person_entity(ctx, known))
        facts = facts_of(reads, name, entities, ctx.now, self.settings.language.max_listed_claims)
        return _Reply(facts.text, claims=facts.claims)

    def _defined(self, ctx: _Ctx) -> str | None:
        """ "What is X?" that no reading of the parse answered, where X as written names
        something held (the parse may have split a name like "Abnormality of the heart"):
        what MAX knows about X. None when X names nothing he holds."""
        said = None if ctx.doc is None else defined_phrase(ctx.doc)
        if said is None:
            return None
        reads = ctx.reads or self.dictionary
        for name in dict.fromkeys((said, without_article(said))):
            if resolve(reads, name):
                return name
        return None

    def _query(self, ctx: _Ctx) -> Query | None:
        if ctx.doc is None or not ctx.doc.has_annotation("DEP"):
            return None
        sents = [s for s in ctx.doc.sents if is_question(s)] or list(ctx.doc.sents)
        sent = sents[-1]
        return (
            attribute_query(sent, self._context)
            or read_question(sent, self._context)
            or read_question_shallow(sent, self._context)
        )

    def _guess(self, ctx: _Ctx, query: Query | None) -> str:
        """learner guess hook: the subject and verb of the question as read."""
        if query is None or query.subject is None or query.subject.role != "name":
            return ""
        reads = ctx.reads or self.dictionary
        predicate = query.verb if query.attribute else third_person(query.verb)
        return learner_guess(self.settings, reads, query.subject.name or "", predicate)

    def _ask(self, ctx: _Ctx) -> _Reply | None:
        """A question read over the parse and matched to held claims; None when it cannot be
        read or nothing held answers it."""
        if ctx.doc is None or not ctx.doc.has_annotation("DEP"):
            return None
        sents = [s for s in ctx.doc.sents if is_question(s)] or list(ctx.doc.sents)
        whose = whose_asked(sents[-1])
        if whose is not None:
            return self._whose(ctx, *whose)
        parsed = read_question(sents[-1], self._context)
        # The time the question names, and whether "how much" asks an amount, hold for every
        # reading of it ("What does Noelle do in the morning?" read by the shallow reader too).
        named = (parsed.time_phrase if parsed is not None else None) or days_named(sents[-1])
        when = {"time_phrase": named} if named else {}
        amount = parsed is not None and (parsed.amount or asks_sum(sents[-1]))
        # So does the noun counted: "How many times has Idris been to Belfast?" counts times,
        # never Belfasts, whichever reading answers it.
        unit = None if parsed is None else parsed.unit
        readings = (
            # "What kind of dog is Biscuit?": what Biscuit is, never the dog's "kind".
            lambda: kind_query(sents[-1], self._context),
            lambda: attribute_query(sents[-1], self._context),
            lambda: parsed,
            lambda: read_question_shallow(sents[-1], self._context),
            # "How many cakes did the vicar bake?" misparsed: read as "What did the vicar
            # bake?" with the cakes counted (counted_asked.py).
            lambda: counted_as_what(sents[-1], self._context, self.nlp),
            # "Is Biscuit ginger?" read as "Biscuit is ginger." (declared.py), last: what the
            # question's own parse answers stands.
            lambda: declared_query(sents[-1], self._context, self.nlp),
        )
        tried: list[Query] = []
        for reading in readings:
            query = reading()
            if query is None or (query.subject is None and query.stranded and query.type_noun):
                # "Which team does Odile play for?": the gap is the object of "for", never the
                # subject ("When was the van broken into?" may have none).
                continue
            tried.append(query)
            if query.time_phrase is None and when:
                query = query.model_copy(update=when)
            if parsed is not None and parsed.place_said and query.place_said is None:
                # "When did we move here?" read by any reading: "here" narrows every one.
                query = query.model_copy(update={"place_said": parsed.place_said})
            if amount and query.wh == "how many":
                query = query.model_copy(update={"amount": True, "unit": None})
            elif unit is not None and query.wh == "how many" and query.unit is None:
                query = query.model_copy(update={"unit": unit})
            if query.subject is not None and query.subject.noun and not query.subject_words:
                # "Who is Bram's piano teacher?" read by any reading: the modifiers said of
                # the noun asked narrow which one (kin_answers.evidenced).
                mods = modifiers_of(sents[-1], query.subject.noun)
                query = query.model_copy(update={"subject_words": mods}) if mods else query
            if parsed is not None and parsed.rate and query.wh == "how many":
                # "How many times a month": the rate asked too (counting.times_said).
                query = query.model_copy(update={"rate": parsed.rate})
            reply = self._answer(ctx, query) or self._described(ctx, query)
            if reply is not None and of_type_asked(
                sents[-1], reply, ctx.reads or self.dictionary, ctx.now, ctx.person_id
            ):
                return reply
        for query in tried:  # facts held that no reading found, by meaning (held_meaning)
            meant = self._meant(ctx, query, sents[-1])
            if meant is not None and of_type_asked(
                sents[-1], meant, ctx.reads or self.dictionary, ctx.now, ctx.person_id
            ):
                return meant
        callee = called_asked(sents[-1])
        if callee is not None:
            return self._called(ctx, *callee)
        owned = whose_asked(sents[-1])
        return None if owned is None else self._whose(ctx, *owned)

    def _answer(self, ctx: _Ctx, query: Query, found: Resolved | None = None) -> _Reply | None:
        subject = (
            found
            if found is not None or query.subject is None
            else self._resolve_ref(ctx, query.subject, query.subject_words)
        )
        if query.subject is not None and subject is None:
            return self._owned(ctx, query, query.subject)
        # Through the speaker's private view: a question never reads another person's remarks.
        reads = ctx.reads or self.dictionary
        query = asker_named(query, reads.label(ctx.person_id) if ctx.person_id else None)
        if subject is not None and asks_who_relative_is(query) and not self._asked(ctx, query, []):
            return self._relative(ctx, query, subject)
        if subject is not None and asks_how_many_held(query):
            counted = self._count(ctx, query, subject)
            if counted is not None:
                return counted

        def object_ids() -> list[str]:
            return held_object_ids(reads, query.object_words)  # "radio station": station

        limit = self.settings.language.max_listed_claims
        answer = answer_query(reads, query, subject, ctx.now, object_ids=object_ids, limit=limit)
        # "What broke on Tuesday?": one of the things the talk said something of.
        answer = answer or what_befell(reads, query, subject, self._context.things, ctx.now, limit)
        for circle in self._we(ctx, subject) if answer is None and _is_we(query) else ():
            # "When did we buy the house?": what the asker's partner, then their family, then
            # the household told of "us" too, when nothing the asker said answers it.
            ours = Resolved(ids=circle, name="you")
            answer = answer_query(reads, query, ours, ctx.now, object_ids=object_ids, limit=limit)
            if answer is not None:
                break
        if answer is None and subject is not None:
            # "Who did Tunde go to Lagos with?" after "Kemi and I are going to Lagos".
            answer = along_with(reads, query, subject, ctx.now)
            answer = answer or from_the_other_side(reads, query, subject, ctx.now, limit)
        if answer is None and query.wh == "how many" and not query.amount and subject is not None:
            # A count of the things held; "how much" with no noun is an amount, never one.
            answer = self._aggregate(ctx, query, subject)
        if answer is None and query.wh in ("yes", "when") and not query.attribute:
            answer = self._denied(ctx, query, subject)
        if answer is None and asks_kind(query):
            # "Is Cal vegan?" after "I'm vegan", held as what Cal is.
            kind = query.model_copy(update={"verb": "be", "object_words": (query.verb,)})
            answer = answer_query(reads, kind, subject, ctx.now, limit=limit)
        if answer is None and query.attribute and subject is not None:
            # "Where is Conor's garage?": no attribute "garage", but a garage he has.
            answer = owned_answer(reads, query, query.verb, subject, ctx.now)
        answer = self._or_said(ctx, query, subject, answer)
        if answer is None:
            return None
        if answer.score is not None and answer.score < self.settings.language.answer_threshold:
            # Too little of the question aligns with what is held: "I don't know" beats an
            # answer about something else.
            return None
        return _Reply(answer.text, claims=answer.claims, answer=answer.short, score=answer.score)

    def _or_said(self, ctx: _Ctx, q: Query, s: Resolved | None, a: Answer | None) -> Answer | None:
        """The answer that holds what was asked, else a count said in a statement of the act
        asked ("How many stents did he get?" of "they put in two stents": said_counts)."""
        if a is None or not self._holds_asked(ctx, q, a):
            a = count_said(ctx.reads or self.dictionary, q, s, ctx.now)
        return a if a is not None and self._holds_asked(ctx, q, a) else None

    def _asked(
        self, ctx: _Ctx, query: Query, nouns: list[frozenset[str]] | None = None
    ) -> list[frozenset[str]]:
        """The content words of the question an answer must hold (matching.asked_words)."""
        if query.attribute or ctx.doc is None:
            return []
        # A question read as its statement asks that statement's words ("Is it true that ...").
        sent = next(self.nlp(query.declared).sents) if query.declared else _asked_sentence(ctx.doc)
        subject_words: list[str] = []
        ref = query.subject
        while ref is not None:
            subject_words += [*(ref.name or "").split(), ref.noun or ""]
            ref = ref.owner
        subject_words += gap_nouns(query)  # "for work": the gap, not a word to hold
        # A yes/no question skips its parsed root; another its verbs as read (a verb left out,
        # "get engaged" read as "get", is held) and its gap ("heavy" of "how heavy": no content).
        verbs = None if query.wh == "yes" else [query.verb, *query.also, *query.wh.split()[1:]]
        if verbs is not None and sent.root.lemma_.lower() == "use" and query.verb != "use":
            # "What did Kwame use to be?": "used to" marks the past, it is nothing asked.
            verbs.append("use")
        return asked_words(sent, subject_words, verbs, nouns)

    def _holds_asked(self, ctx: _Ctx, query: Query, answer: Answer) -> bool:
        """An answer answers the question only when a statement it rests on holds what was
        asked: a yes or a no every content word ("Does Conor hate hurling?" is not answered
        by "Conor hates mornings"), another answer every verb and adjective besides the verb
        matched ("Who is Priya's brother engaged to?" is not "Dev") and one noun of what it
        names ("When did Kyle's team win the county final?": "Kyle wins county")."""
        if ctx.doc is not None and reads_an_auxiliary(_asked_sentence(ctx.doc), query.verb):
            # "Which eye will Alun have done?" read as "have": no statement of it answers.
            return False
        kind = kind_named(_asked_sentence(ctx.doc)) if ctx.doc is not None else None
        # "What medicine does Ambrose take?" is not answered by "takes up chess" (nor by a
        # list that holds it).
        kinds_named = (of_kind_named(v.object_label, kind) for v in answer.claims if kind)
        if kind is not None and query.wh == "what" and not all(kinds_named):
            return False
        said = answer.short if ctx.doc is not None and query.wh in _NAMING_WH else None
        if said and ctx.doc is not None and echoes_question(_asked_sentence(ctx.doc), said):
            return False
        if answer.text.startswith(NOT_ANY_MORE):
            # "Does Lucía still work night shifts?": what ended it ("I changed to day shifts")
            # shares a word of what is asked, not all of it (asking._ceased).
            return True
        nouns: list[frozenset[str]] | None = None if query.wh == "yes" else []
        asked = self._asked(ctx, query, nouns)
        kinds = kinds_asked(_asked_sentence(ctx.doc)) if ctx.doc is not None else []
        if kinds and all(names_other_kind(kinds, v.object_label) for v in answer.claims):
            return False  # "How many apple trees?" is not the oak trees counted.
        if not asked and not nouns:
            return True
        # The noun counted is a noun of the thing named too ("forty bushes" of rose bushes).
        named = [*(nouns or ()), *([frozenset({query.unit})] if nouns and query.unit else [])]
        reads = ctx.reads or self.dictionary
        held = reads.graph.qualifiers_of([v.claim.id for v in answer.claims])
        counted_noun = query.unit or (query.object_words[-1] if query.object_words else None)
        for v in answer.claims:
            if names_other_kind(kinds, v.object_label):
                # "When was Bernard's hip operation?" is not his knee operation.
                continue
            said = " ".join([v.object_label, *(q.value for q in held.get(v.claim.id, ()))])
            bare = bare_count(v.object_label, held.get(v.claim.id, ()), counted_noun)
            if query.wh == "how many" and counted_noun and bare:
                # "I know four" after "Four chords": the number alone stands for the noun.
                said += f" {counted_noun}"
            verbs = claim_verbs(v.claim.predicate)[1]
            # "How many instruments": the cello is one by a sense of the noun's own (is_kind).
            counts = (
                query.wh == "how many" and counted_noun and is_kind(v.object_label, counted_noun)
            )
            if holds_all(asked, said, verbs) and (counts or holds_some(named, said, verbs)):
                return True
        return False

    def _aggregate(self, ctx: _Ctx, query: Query, subject: Resolved) -> Answer | None:
        """ "How many languages does Ana speak?" when no number was said: the distinct things
        of the kind counted in the statements whose verb answers the question's."""
        unit = query.unit or (query.object_words[-1] if query.object_words else None)
        unit = None if unit is None else kind_counted(query.object_words, unit)
        if unit is None:
            return None
        reads = ctx.reads or self.dictionary
        if query.verb == "have":
            # "How many boys does Helen have?": "with her two boys" said of her.
            own = own_count(reads, unit, subject, ctx.now)
            if own is not None:
                return own
        asked = query.model_copy(update={"wh": "what", "object_words": (), "unit": None})
        claims = [c for eid in subject.ids for c in reads.graph.peek_claims(eid)]
        matching = [
            v
            for v in views(claims, reads)
            if score(asked, v.claim, v.object_label, False) is not None
        ]
        found = distinct_of_kind(matching, unit)
        if not found:
            return None
        short = str(len(found))
        items = " and ".join(v.object_label for v in found)
        text = f"{short} ({items}). {hedge(found[0].claim)}\n" + "\n".join(v.line for v in found)
        return Answer(text=text, claims=found, known=True, short=short, score=OWNED_SCORE)

    def _denied(self, ctx: _Ctx, query: Query, subject: Resolved | None) -> Answer | None:
        """ "Does Dad like avocado?" when he said he hates it: a held statement with the
        verb's opposite (WordNet antonyms of a feeling or a contest) and the same object is
        a no. For "when", the time of a named thing said by the talk of it (held_shapes)."""
        reads = ctx.reads or self.dictionary
        if query.wh == "when":
            return event_time(reads, query, subject, ctx.now)  # "When is the marathon?"
        for verb in sorted(opposites(query.verb) | outcome_opposites(query.verb)):
            asked = query.model_copy(update={"verb": verb, "also": ()})
            found = answer_query(reads, asked, subject, ctx.now)
            if found is not None and found.short == "Yes":
                text = "No, as far as I know:\n" + "\n".join(v.line for v in found.claims)
                return found.model_copy(update={"text": text, "short": "No"})
        # "Did Anjali take the job?" after "I turned it down" (held_shapes.refusal).
        return refusal(reads, query, subject, ctx.now)

    def _described(self, ctx: _Ctx, query: Query) -> _Reply | None:
        """A question about "the vicar" or "the cabin" that no entity held by that name
        answers: the one person held to be one, else the one such thing the asker's
        household holds as theirs; two of them, or none, and it names no one."""
        ref = query.subject
        if ref is None or ref.role != "name" or not ref.noun or ctx.person_id is None:
            return None
        reads = ctx.reads or self.dictionary
        people = held_as(reads, ref.noun, ctx.now)
        if len(people) == 1 and query.wh == "who" and query.verb == "be" and not query.object_words:
            # "Who is the vicar?": the one held to be one is the answer itself.
            return self._called(ctx, ref.noun)
        if people:
            only = Resolved(ids=people, name=reads.label(people[0]))
            return self._answer(ctx, query, only) if len(people) == 1 else None
        circles = self._we(ctx, Resolved(ids=[ctx.person_id], name="you"))
        household = circles[-1] if circles else [ctx.person_id]
        things = owned_things(reads, household, ref.noun)
        if len(things) != 1:
            return None
        owners = [o for o in household if owned_things(reads, [o], ref.noun)]
        ours = Ref(role="kin", owner=Ref(role="speaker", kind="person"), noun=ref.noun)
        asked = query.model_copy(update={"subject": ours})
        return self._owned(ctx, asked, ours, Resolved(ids=owners, name="you"))

    def _owned(
        self, ctx: _Ctx, query: Query, ref: Ref, held: Resolved | None = None
    ) -> _Reply | None:
        """A question about a thing through its owner ("Kofi's wedding"); a group speaks
        for its member ("When did Kyle's team win?": what Kyle said "we" won)."""
        if ref.role != "kin" or ref.kind != "thing" or ref.owner is None or not ref.noun:
            return None
        counted = self._parts(ctx, query, ref, held)
        if counted is not None:
            return counted
        if is_group(ref.noun):
            return self._answer(ctx, query.model_copy(update={"subject": ref.owner}))
        owner = held or self._resolve_ref(ctx, ref.owner)
        if owner is None:
            return None
        reads = ctx.reads or self.dictionary
        answer = owned_answer(reads, query, ref.noun, owner, ctx.now)
        if answer is None or not owner_evidences(reads, query.subject_words, owner.ids):
            # "When is Kofi's piano recital?" is not the recital Kofi has, unless something
            # held of him says piano.
            return None
        return _Reply(answer.text, claims=answer.claims, answer=answer.short, score=answer.score)

    def _parts(
        self, ctx: _Ctx, query: Query, ref: Ref, held: Resolved | None = None
    ) -> _Reply | None:
        """ "How many workers does my company have?": what its owner said it has, counted."""
        unit = query.unit or (query.object_words[-1] if query.object_words else None)
        if query.wh != "how many" or query.amount or unit is None or ref.owner is None:
            return None
        owner = held or self._resolve_ref(ctx, ref.owner)
        if owner is None:
            return None
        found = parts_count(ctx.reads or self.dictionary, unit, ref.noun or "", owner, ctx.now)
        if found is None:
            return None
        return _Reply(found.text, claims=found.claims, answer=found.short, score=found.score)


def _asked_sentence(doc: Doc) -> Span:
    """The sentence that asks (the last question of the turn)."""
    sents = [s for s in doc.sents if is_question(s)] or list(doc.sents)
    return sents[-1]


def _said_as(ref: Ref) -> str | None:
    """A question's subject in the words of a reply to the asker ("you", "your mother",
    "Ana's sister"); None when it has none."""
    if ref.role in ("speaker", "listener"):
        return "you" if ref.role == "speaker" else None
    if ref.role == "kin" and ref.owner is not None and ref.noun:
        owner = _said_as(ref.owner)
        if owner is None:
            return None
        return f"your {ref.noun}" if owner == "you" else f"{owner}'s {ref.noun}"
    return ref.name
