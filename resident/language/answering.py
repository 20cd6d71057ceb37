"""Questions answered from held claims: the reader's question read into a Query, matched by
meaning (asking.py), through relatives and pets; "why" and reading questions."""

from __future__ import annotations

from datetime import datetime
from typing import TYPE_CHECKING

from resident.errors import NotFound
from resident.language import lexicon
from resident.language.asking import (
    Query,
    Resolved,
    answer_query,
    hedge,
    read_question,
    score,
)
from resident.language.attribute_questions import attribute_query
from resident.language.dictionary import Dictionary
from resident.language.gaps import about_phrase, defined_phrase, unknown_text, without_article
from resident.language.guessing import learner_guess
from resident.language.held_counts import distinct_of_kind, held_members, same_noun
from resident.language.kinship import family, kin_of
from resident.language.knowledge import (
    Answer,
    facts_of,
    resolve,
    views,
    why_claims,
    why_subject,
    why_triple,
)
from resident.language.matching import asked_words, claim_verbs, holds_all, holds_some, opposites
from resident.language.owned import OWNED_SCORE, is_group, owned_answer
from resident.language.phrases import Intent, Parsed, third_person
from resident.language.reading import is_question
from resident.language.shallow import read_question_shallow
from resident.language.statement import Ref

if TYPE_CHECKING:
    pass


from resident.language.storing import StoringMixin
from resident.language.turn import (
    _UNKNOWN_PERSON,
    _Ctx,
    _Reply,
)


class AnsweringMixin(StoringMixin):
    def _question(self, ctx: _Ctx) -> _Reply:
        """A question (and whatever the turn also states, stored first): read into the
        statement shape with a gap and answered from held claims by meaning, else "I don't
        know" with the learner's guess when it has earned one."""
        read_views = self._read_and_store(ctx)
        about = None if ctx.doc is None else about_phrase(ctx.doc)
        if about is not None:
            return self._about(ctx, about)
        asked = self._ask(ctx)
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
        for query in (
            attribute_query(sents[-1], self._context),
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
            return self._owned(ctx, query, query.subject)
        # Through the speaker's private view: a question never reads another person's remarks.
        reads = ctx.reads or self.dictionary
        if subject is not None and _asks_who_relative_is(query) and not self._asked(ctx, query, []):
            return self._relative(ctx, query, subject)
        if subject is not None and _asks_how_many_held(query):
            counted = self._count(ctx, query, subject)
            if counted is not None:
                return counted

        def object_ids() -> list[str]:
            words = " ".join(query.object_words)
            return [e.id for e in resolve(reads, words)] if words else []

        limit = self.settings.language.max_listed_claims
        answer = answer_query(reads, query, subject, ctx.now, object_ids=object_ids, limit=limit)
        for circle in self._we(ctx, subject) if answer is None and _is_we(query) else ():
            # "When did we buy the house?": what the asker's partner, then their family, then
            # the household told of "us" too, when nothing the asker said answers it.
            ours = Resolved(ids=circle, name="you")
            answer = answer_query(reads, query, ours, ctx.now, object_ids=object_ids, limit=limit)
            if answer is not None:
                break
        if answer is None and query.wh == "how many" and subject is not None:
            answer = self._aggregate(ctx, query, subject)
        if answer is None and query.wh == "yes" and not query.attribute:
            answer = self._denied(ctx, query, subject)
        if answer is None and query.attribute and subject is not None:
            # "Where is Conor's garage?": no attribute "garage", but a garage he has.
            answer = owned_answer(reads, query, query.verb, subject, ctx.now)
        if answer is None or not self._holds_asked(ctx, query, answer):
            return None
        if answer.score is not None and answer.score < self.settings.language.answer_threshold:
            # Too little of the question aligns with what is held: "I don't know" beats an
            # answer about something else.
            return None
        return _Reply(answer.text, claims=answer.claims, answer=answer.short, score=answer.score)

    def _asked(
        self, ctx: _Ctx, query: Query, nouns: list[frozenset[str]] | None = None
    ) -> list[frozenset[str]]:
        """The content words of the question an answer must hold (matching.asked_words)."""
        if query.attribute or ctx.doc is None:
            return []
        sents = [s for s in ctx.doc.sents if is_question(s)] or list(ctx.doc.sents)
        subject_words: list[str] = []
        ref = query.subject
        while ref is not None:
            subject_words += [*(ref.name or "").split(), ref.noun or ""]
            ref = ref.owner
        # A yes/no question skips its parsed root; another its verbs as read, so a verb the
        # reading left out ("When did Dev get engaged?" read as "get") must still be held.
        verbs = None if query.wh == "yes" else [query.verb, *query.also]
        return asked_words(sents[-1], subject_words, verbs, nouns)

    def _holds_asked(self, ctx: _Ctx, query: Query, answer: Answer) -> bool:
        """An answer answers the question only when a statement it rests on holds what was
        asked: a yes or a no every content word ("Does Conor hate hurling?" is not answered
        by "Conor hates mornings"), another answer every verb and adjective besides the verb
        matched ("Who is Priya's brother engaged to?" is not "Dev") and one noun of what it
        names ("When did Kyle's team win the county final?": "Kyle wins county")."""
        nouns: list[frozenset[str]] | None = None if query.wh == "yes" else []
        asked = self._asked(ctx, query, nouns)
        if not asked and not nouns:
            return True
        # The noun counted is a noun of the thing named too ("forty bushes" of rose bushes).
        named = [*(nouns or ()), *([frozenset({query.unit})] if nouns and query.unit else [])]
        reads = ctx.reads or self.dictionary
        held = reads.graph.qualifiers_of([v.claim.id for v in answer.claims])
        for v in answer.claims:
            said = " ".join([v.object_label, *(q.value for q in held.get(v.claim.id, ()))])
            verbs = claim_verbs(v.claim.predicate)[1]
            if holds_all(asked, said, verbs) and holds_some(named, said, verbs):
                return True
        return False

    def _aggregate(self, ctx: _Ctx, query: Query, subject: Resolved) -> Answer | None:
        """ "How many languages does Ana speak?" when no number was said: the distinct things
        of the kind counted in the statements whose verb answers the question's."""
        unit = query.unit or (query.object_words[-1] if query.object_words else None)
        if unit is None:
            return None
        reads = ctx.reads or self.dictionary
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
        a no."""
        reads = ctx.reads or self.dictionary
        for verb in sorted(opposites(query.verb)):
            asked = query.model_copy(update={"verb": verb, "also": ()})
            found = answer_query(reads, asked, subject, ctx.now)
            if found is not None and found.short == "Yes":
                text = "No, as far as I know:\n" + "\n".join(v.line for v in found.claims)
                return found.model_copy(update={"text": text, "short": "No"})
        return None

    def _owned(self, ctx: _Ctx, query: Query, ref: Ref) -> _Reply | None:
        """A question about a thing through its owner ("Kofi's wedding"); a group speaks
        for its member ("When did Kyle's team win?": what Kyle said "we" won)."""
        if ref.role != "kin" or ref.kind != "thing" or ref.owner is None or not ref.noun:
            return None
        if is_group(ref.noun):
            return self._answer(ctx, query.model_copy(update={"subject": ref.owner}))
        owner = self._resolve_ref(ctx, ref.owner)
        if owner is None:
            return None
        answer = owned_answer(ctx.reads or self.dictionary, query, ref.noun, owner, ctx.now)
        if answer is None:
            return None
        return _Reply(answer.text, claims=answer.claims, answer=answer.short, score=answer.score)

    def _ours(self, ctx: _Ctx, owner: Resolved, noun: str) -> list[str]:
        """ "our daughter" when the asker told of none: the one their family, else their
        household, told of as theirs (a relation said directly, never walked further)."""
        reads = ctx.reads or self.dictionary
        for circle in self._we(ctx, owner)[1:]:
            ids = [
                c.subject
                for oid in circle
                for c in reads.graph.claims_by_object(oid, ctx.now, f"{noun}_of")
            ]
            if ids:
                return ids
        return []

    def _we(self, ctx: _Ctx, subject: Resolved | None) -> list[list[str]]:
        """Whom "we" takes in, widening: the asker and their partners, their family, the
        household (everyone introduced to MAX)."""
        if subject is None or not subject.ids:
            return []
        reads = ctx.reads or self.dictionary
        asker = subject.ids[0]
        partners = [asker, *_partners(reads, asker, ctx.now)]
        relatives = list(dict.fromkeys([*partners, *family(reads.graph, asker, ctx.now)]))
        # Everyone introduced (people.People.all; not every turn's people registry has it).
        everyone = getattr(ctx.resident.people, "all", None)
        people = [str(p.id) for p in everyone()] if callable(everyone) else []
        household = list(dict.fromkeys([*relatives, *people]))
        circles = [partners, relatives, household]
        return [c for i, c in enumerate(circles) if i == 0 or len(c) > len(circles[i - 1])]

    def _relative(self, ctx: _Ctx, query: Query, subject: Resolved) -> _Reply | None:
        """ "Who is my husband?": the relative the question names is the answer itself."""
        reads = ctx.reads or self.dictionary
        assert query.subject is not None
        noun = query.subject.noun
        claims = [
            c
            for eid in subject.ids
            for predicate in (f"{noun}_of", "pet_of")
            for c in reads.graph.peek_claims(eid, predicate)
        ]
        direct = bool(claims)
        if not direct:
            # Reached through other relatives ("my grandfather": a parent's father): the
            # relations that lead there are what the answer rests on.
            claims = [
                c
                for eid in subject.ids
                for c in reads.graph.peek_claims(eid)
                if c.predicate.endswith("_of") and (c.object_entity or "").startswith("person:")
            ]
        if not claims:
            return None
        shown = views(claims, reads)
        # Through other relatives the answer is the people reached, not those claims' subjects.
        labels = (v.subject_label for v in shown) if direct else map(reads.label, subject.ids)
        short = " and ".join(dict.fromkeys(labels))
        lead = hedge(shown[0].claim)
        return _Reply(f"{short}. {lead}\n" + "\n".join(v.line for v in shown), shown, answer=short)

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
            for oid in _shared_with_partner(reads, owner.ids, ref, ctx.now):
                ids += [
                    c.subject for c in reads.graph.claims_by_object(oid, ctx.now, f"{ref.noun}_of")
                ]
                ids += [e.id for e in resolve(reads, f"{reads.label(oid)}'s {ref.noun}")]
                ids += self._pets(reads, oid, ref.noun, ctx.now)
            if not ids and ref.kind == "person":
                # "my grandfather": a parent's father, through the relatives held.
                ids = kin_of(reads.graph, owner.ids, ref.noun, ctx.now)
            if not ids and ref.name:
                # "Dad", when he was only ever told of as "Dad".
                ids = [e.id for e in resolve(reads, ref.name)]
            if not ids and ref.kind == "animal":
                # "the horse" when the asker owns none: the one the household has.
                ids = self._of_kind(reads, ref.noun, ctx.now)
            if not ids and ref.owner.noun == "we":
                ids = self._ours(ctx, owner, ref.noun)
            ids = list(dict.fromkeys(ids))
            return Resolved(ids=ids, name=f"{owner.name}'s {ref.noun}") if ids else None
        return None

    def _count(self, ctx: _Ctx, query: Query, subject: Resolved) -> _Reply | None:
        """ "How many children do we have?", "How many cats do we have?": the relatives and
        pets held of the asker (and, for "we", of their partner, else of the household) that
        are such a thing, or the number said of them."""
        reads = ctx.reads or self.dictionary
        noun = query.object_words[-1]
        owners = list(subject.ids)
        for oid in subject.ids:
            owners += _partners(reads, oid, ctx.now)
        circles = [owners, *(self._we(ctx, subject)[-1:] if _is_we(query) else [])]
        for i, circle in enumerate(circles):
            members, said = held_members(reads, list(dict.fromkeys(circle)), noun, ctx.now)
            if i > 0:
                # The household's relatives are nobody's "we"; only a number said of it
                # ("we have 2 guinea pigs", said by a sister) counts.
                members = {}
            if members or said is not None:
                break
        else:
            return None
        shown = views([*members.values(), *([] if said is None else [said[1]])], reads)
        # "we have two cats called Tom and Jerry": the number said stands over a count of
        # the things held (one of them may have been read without its kind).
        short = str(len(members)) if said is None else said[0]
        names = " and ".join(reads.label(m) for m in members) or shown[0].object_label
        lead = hedge(shown[0].claim)
        text = f"{short} ({names}). {lead}\n" + "\n".join(v.line for v in shown)
        return _Reply(text, shown, answer=short)

    @staticmethod
    def _of_kind(reads: Dictionary, noun: str, now: datetime) -> list[str]:
        """What MAX holds to be a `noun` ("Star is a horse")."""
        out = []
        for kind in resolve(reads, noun):
            out += [c.subject for c in reads.graph.claims_by_object(kind.id, now, "is_a")]
        return out

    @staticmethod
    def _pets(reads: Dictionary, owner_id: str, noun: str, now: datetime) -> list[str]:
        """The owner's pets that are a `noun` ("the dog": Rex, pet_of Marta, is a dog)."""
        out = []
        for c in reads.graph.claims_by_object(owner_id, now, "pet_of"):
            kinds = reads.graph.peek_claims(c.subject, "is_a")
            # "our dog" is Dai the terrier too (WordNet: a terrier is a dog).
            if any(_kind_of(reads.label(k.object_value), noun) for k in kinds):
                out.append(c.subject)
        return out

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
            name = _subject_words(p.said or "")
            answer = why_subject(reads, name, p.text, ctx.now, limit=limit)
        shown = [t.claim for t in answer.trails]
        shown += [cv.other for t in answer.trails for cv in t.conflicts if cv.other is not None]
        unique = list({v.claim.id: v for v in shown}.values())
        return _Reply(answer.text, claims=unique)

    def _reading(self, text: str, now: datetime) -> Parsed | None:
        """A question about MAX's reading; "What is X about?" only when X is a document he
        has read (otherwise it is an ordinary question)."""
        from resident.language.bookshelf import ReadingKind, find_document, reading_question

        q = reading_question(text)
        if q is None:
            return None
        # bookshelf hook: "Who is X?" and its kin are the bookshelf's only when a book names X
        # (and X is not someone of the house).
        if q.kind in (ReadingKind.SUBJECT, ReadingKind.WHICH) and q.subject is not None:
            from resident.language.book_subjects import book_knowledge

            people = [e for e in self.graph.find_entities(q.subject) if e.id.startswith("person:")]
            if people or not book_knowledge(self.graph, q.subject, now):
                return None
        if (
            q.kind is ReadingKind.ABOUT
            and q.title is not None
            and find_document(self.graph, q.title, now) is None
        ):
            return None
        return Parsed(intent=Intent.READING, text=text, about=q.title, reason=q.kind.value)

    def _read(self, ctx: _Ctx) -> _Reply:
        from resident.language.bookshelf import (
            ReadingKind,
            ReadingQuestion,
            answer_reading,
            reading_question,
        )

        p = ctx.parsed
        # bookshelf hook: the question again from the text (a subject and a title both).
        q = reading_question(p.text) or ReadingQuestion(ReadingKind(p.reason or "list"), p.about)
        answer = answer_reading(
            self.graph, q, ctx.now, limit=self.settings.language.max_listed_claims
        )
        return _Reply(answer.text, claims=views(answer.claims, self.dictionary))


def _asks_who_relative_is(query: Query) -> bool:
    """ "Who is my husband?", "Who is Ana's sister?": a relative asked for by name."""
    return (
        query.subject is not None
        and query.subject.role == "kin"
        and query.verb in ("be", "call", "name")
        and query.wh in ("who", "what")
        and not query.object_words
    )


def _kind_of(label: str, noun: str) -> bool:
    """Is a kind's label a `noun` by name or by WordNet ("terrier" is a "dog")?"""
    words = label.lower().split()
    return same_noun(label, noun) or bool(words) and lexicon.is_a(words[-1], noun)


#: Whose relatives and pets "we" also counts: the asker's partner's.
_PARTNERS = ("husband_of", "wife_of", "partner_of", "spouse_of")


def _partners(reads: Dictionary, person: str, now: datetime) -> list[str]:
    """The person's partners, told either way round ("Tom husband_of Marta", "Marta wife_of
    Tom")."""
    out: list[str] = []
    for predicate in _PARTNERS:
        out += [c.subject for c in reads.graph.claims_by_object(person, now, predicate)]
        out += [c.object_entity or "" for c in reads.graph.peek_claims(person, predicate)]
    return [p for p in dict.fromkeys(out) if p and p != person]


def _is_we(query: Query) -> bool:
    return (
        query.subject is not None and query.subject.role == "speaker" and query.subject.noun == "we"
    )


def _shared_with_partner(
    reads: Dictionary, owner_ids: list[str], ref: Ref, now: datetime
) -> list[str]:
    """Whose relatives a kin noun may name: the owner's, and for a child or a pet (WordNet:
    a son is an offspring) the owner's partner's too: "my son", said by Tom, is the son Marta
    told of, when Tom is her husband."""
    noun = ref.noun or ""
    if ref.kind != "animal" and not lexicon.is_a(noun, "offspring"):
        return owner_ids
    out = list(owner_ids)
    for oid in owner_ids:
        for predicate in _PARTNERS:
            out += [c.subject for c in reads.graph.claims_by_object(oid, now, predicate)]
            out += [
                c.object_entity
                for c in reads.graph.peek_claims(oid, predicate)
                if c.object_entity is not None
            ]
    return list(dict.fromkeys(out))


def _asks_how_many_held(query: Query) -> bool:
    """ "How many children do we have?": a count of relatives or pets."""
    return (
        query.wh == "how many"
        and query.subject is not None
        and query.verb in ("have", "own", "get")
        and bool(query.object_words)
    )


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


def _subject_words(said: str) -> str:
    """ "Why do you think about the Eiffel Tower": the subject without its article."""
    words = said.split()
    if words and words[0].lower() in ("the", "a", "an"):
        words = words[1:]
    return " ".join(words)
