"""Clauses read into statements over spaCy's dependency parse: the subject, the verb as a
predicate (lemma plus particle or preposition), the object, and the clause's other arguments
as roles (resident.language.roles). Pure.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Literal

from resident.language.antecedents import the_pet
from resident.language.attributes import (
    asked_as_statement,
    attribute_statement,
    copula_values,
    generic_subject,
    state_passive,
)
from resident.language.clause_mood import not_stated
from resident.language.clause_objects import read_objects
from resident.language.clause_parts import (
    _goes_somewhere,
    _negated,
    _plan_verb,
    _preps,
    _read_clause_inner,
    _restated,
    _side_by_side,
    _time_tokens,
    clause_heads,
    passive_modality,
    said_whole,
    subject_edges,
    verb_mood,
)
from resident.language.copular import event_of_it, named_kinds, thing_states
from resident.language.count_pieces import count_piece
from resident.language.counted_subjects import counted_subject, there_counted
from resident.language.dated_events import dated_event
from resident.language.described_subject import described_person, read_unmentioned
from resident.language.dropped_plan import dropped
from resident.language.elided_subject import elided_subject
from resident.language.ending_aspect import (
    ended_doing,
    parted_statements,
    parted_subject,
    parts_with_thing,
)
from resident.language.events_said import event_by_its_time
from resident.language.frequency import habit_done
from resident.language.kin import (
    _kin_by_copula,
    _kin_edge,
    _object_kin_edges,
    _phrase_edges,
    _presented,
    apposed_to_time,
    introduced_name,
    note_introduced,
    said_together,
)
from resident.language.kin_links import named_later, owned_twice, paired
from resident.language.named_kinds import named_kind_edges, role_kind_edges
from resident.language.objects import (
    _direct_object,
    conditional,
    content_object,
    copula_predicate,
    counted,
    has_number,
    partitive_members,
    physical_thing,
    praise_of_thing,
    role_only,
    verb_like,
)
from resident.language.obliged import obliged_past
from resident.language.particles import particle_of, phrasal_deed
from resident.language.parts_held import counted_with_owner, parts_counted
from resident.language.passive_agent import by_someone, done_by, done_to, done_to_object
from resident.language.phrases import third_person
from resident.language.prices import prices_said
from resident.language.purposes import (
    as_purpose,
    done_for_a_reason,
    main_statements,
    purpose_verbs,
)
from resident.language.reciprocal import between, lost_conjunct
from resident.language.refs import (
    _conjuncts,
    _is_literal,
    _items,
    _naming,
    _noun_lemma,
    _object_ref,
    _object_text,
    subject_ref,
)
from resident.language.role_fill import roles_but as _roles_but
from resident.language.role_fill import with_roles as _with_roles
from resident.language.roles import is_time, modality
from resident.language.scheduled import scheduled_present
from resident.language.standing import stance
from resident.language.statement import (
    _PLACE_WORDS,
    _WISH_VERBS,
    ACTIVITIES,
    CONTENT_WHEN_OBJECT,
    SOCIAL_VERBS,
    Context,
    Ref,
    Statement,
    _predicate,
    canonical_lemma,
    gerund,
    is_pet,
    verb_lemma,
)
from resident.language.subject_token import subject_token
from resident.language.tense import have_got
from resident.language.things import there_is, thing_clause, thing_subject
from resident.language.unsaid import unsaid
from resident.language.wishes import where_or_who, wished
from resident.language.words import words

if TYPE_CHECKING:
    from spacy.tokens import Span, Token


def _read_sentence(sent: Span, ctx: Context, skip_intro: bool) -> list[Statement]:
    # "My mum's coming ..." then "Jean's a saint": the name of the relative just spoken of.
    out: list[Statement] = named_later(sent, ctx)
    note_introduced(sent, ctx)
    for head in clause_heads(sent):
        read = _read_clause(head, ctx, skip_intro)
        read += _purposes(head, read, ctx)
        kinds = role_kind_edges(head, ctx) if read else []
        out.extend(read + [e for e in kinds if e not in read])
    # "one daughter, her name is Anika": the comma splice the parser hung on the noun as a
    # relative clause names the relative introduced.
    for tok in sent:
        subj = next((c for c in tok.children if c.dep_ == "nsubj"), None)
        if tok.dep_ == "relcl" and subj is not None:
            out.extend(introduced_name(tok, subj, ctx) or [])
    # A verbless count reads the thing the sentence before named, before prices_said moves on.
    pieces = counted_with_owner(sent, ctx) + count_piece(sent, ctx) + prices_said(sent, ctx)
    counts = [st for st in pieces if st not in out]
    named = named_kinds(sent, ctx)  # "The midwife's called Bronagh", "A nurse called Ed."
    out = out + apposed_to_time(sent, ctx) + _phrase_edges(sent, ctx) + counts + named
    out = paired(sent, ctx, out)  # "Rosa and I are twins": each the other's twin
    return owned_twice(sent, ctx, out)  # "Kate's my sister": Kate sister_of the speaker


def _purposes(verb: Token, read: list[Statement], ctx: Context) -> list[Statement]:
    """ "I'm going to Leeds to visit Mum": the visit is a deed of its own, by who goes, said
    as the going is (purposes.py)."""
    out: list[Statement] = []
    for inner in purpose_verbs(verb):
        mains = main_statements(verb, inner, read)
        doers = {st.subject for st in mains}
        for main in mains:
            done = _read_clause_with(inner, main.subject, subject_token(verb), ctx, True)
            said = _with_roles(inner, subject_token(verb), done)
            out.extend(st for st in as_purpose(main, said, verb, doers) if st not in read + out)
    return out


def _read_clause(verb: Token, ctx: Context, skip_intro: bool) -> list[Statement]:
    if not_stated(verb):
        # "you'd never get married", "you should ring him", "he kicked the bucket": no fact,
        # whichever path below would read it, a passive's or an elided subject's too.
        return []
    subj_tok = subject_token(verb)
    elided = None if subj_tok is not None else elided_subject(verb, ctx)
    if elided is not None:
        # "Tore my calf on Tuesday!", "Loves her new flat": the subject the verb's form, the
        # clause's possessives and the turn before say (elided_subject.py).
        return _with_roles(verb, None, _read_clause_with(verb, elided, None, ctx, skip_intro))
    if subj_tok is None:
        # "We adopted a greyhound. He's called Pepper": the name of what was just introduced.
        held = next((c for c in verb.children if c.dep_ == "nsubjpass"), None)
        named = None if held is None else introduced_name(verb, held, ctx)
        # "there's a leak ...", "there were sixty people at the party"
        return named or _passive(verb, ctx) or there_is(verb, ctx) or there_counted(verb, ctx)
    if subj_tok.lower_ in ("this", "these") and verb.lemma_ == "be":
        return _presented(verb, ctx)
    hypothetical = modality(verb, verb_mood(verb)) == "hypothetical"
    if hypothetical or conditional(verb) or unsaid(verb, subj_tok):
        # "If I had a boat", "if it rains we will stay home": nothing a hypothetical clause,
        # or the clause it conditions, says is stored; nor someone else's opinion reported.
        return []
    introduced = introduced_name(verb, subj_tok, ctx)
    if introduced is not None:
        return introduced
    attribute = attribute_statement(verb, subj_tok, ctx, _negated(verb))
    attribute = attribute or event_by_its_time(verb, subj_tok, ctx, _negated(verb))
    attribute = attribute or event_of_it(verb, subj_tok, ctx)  # "a course, it's on the 5th"
    if attribute is not None:
        if praise_of_thing(attribute.predicate, verb):
            # "Mum's new car is red": the thing's colour or state, not the owner's.
            return thing_states(verb, subj_tok, thing_subject(subj_tok, ctx), ctx)
        return [attribute]
    # "My husband Theo and I are going camping": the clause holds for each of them.
    out: list[Statement] = []
    group = ctx.they() if subj_tok.lower_ == "they" and subj_tok.pos_ == "PRON" else ()
    befell = None if group or subj_tok.lower_ != "they" else done_to_object(verb, ctx)
    if befell is not None:
        return _with_roles(verb, subj_tok, [befell])  # "they promoted me": I got promoted
    mentioned = ctx.last_mention, ctx.mention_turn
    for member in group:
        # "Leah lives in Leeds with her boy Sol, and they come down": each of them.
        out.extend(_read_clause_with(verb, member, subj_tok, ctx, skip_intro))
    if group:
        ctx.last_mention, ctx.mention_turn = mentioned  # "they" makes no one "she" next
    # "Three of us live here: me, Raj and Tomas": each one listed.
    lost = lost_conjunct(subj_tok, ctx)  # "Grandad and I planted": Grandad, hung apart
    listed = partitive_members(subj_tok) or (
        *(() if lost is None else (lost,)),
        subj_tok,
        *(c for c in subj_tok.conjuncts if c.i > subj_tok.i),
    )
    for tok in () if group else listed:
        out.extend(_read_clause_for(verb, tok, ctx, skip_intro))
    out += [] if group else between(verb, listed, out, ctx)  # "Tom and I met": each other
    ctx.remember_group(said_together(verb, out, ctx))
    return _with_roles(verb, subj_tok, out)


def read_clause_as(verb: Token, subject: Ref, subj_tok: Token, ctx: Context) -> list[Statement]:
    """A clause read with its subject given (a second parse put a pronoun in its place)."""
    if not_stated(verb):
        return []
    return _with_roles(verb, subj_tok, _read_clause_with(verb, subject, subj_tok, ctx, True))


def _passive(verb: Token, ctx: Context) -> list[Statement]:
    """A passive clause, for each person of its subject ("Tom and I are getting married"), and
    the relation between two of them when the verb is one they do to each other."""
    subj_tok = next((c for c in verb.children if c.dep_ == "nsubjpass"), None)
    if subj_tok is None:
        return _passive_for(verb, None, None, ctx)
    # Things listed ("the roses and the tulips were planted") are read as one phrase, as before.
    more = (c for c in subj_tok.conjuncts if c.i > subj_tok.i)
    listed = [subj_tok, *(c for c in more if subject_ref(c, ctx) is not None)]
    out = [st for tok in listed for st in _passive_for(verb, subj_tok, tok, ctx)]
    return out + _with_roles(verb, subj_tok, between(verb, listed, out, ctx))


def _passive_for(
    verb: Token, subj_tok: Token | None, tok: Token | None, ctx: Context
) -> list[Statement]:
    """A passive clause is read only for what its question names ("Ana was born on 3 May":
    "when born" is her birthday); its subject is not who did it."""
    subject = None if tok is None else subject_ref(tok, ctx)
    subject = subject or thing_subject(tok, ctx)  # "the fridge was delivered"
    subject = subject or parted_subject(verb, tok)  # "the van was sold"
    asked = None if subject is None else asked_as_statement(verb, subject)
    if subject is not None and not asked and parts_with_thing(verb, subject):
        # "the van was sold in July": parted with, read only so ("wasn't sold": nothing).
        return parted_statements(verb, subj_tok, subject, ctx)
    state = None if subject is None or asked else state_passive(verb, subject)  # "is married"
    if subject is not None and not asked and state is None and not by_someone(verb):
        state = done_to(verb, subject)  # "I was promoted on Monday"
    someone = subject is not None or (tok is not None and tok.pos_ == "NOUN")
    if subj_tok is not None and tok is not None and someone and not asked and state is None:
        # "I was visited by the vicar": the vicar visits me; "The roses were planted by
        # Margaret": Margaret plants the roses (a thing, no one the reader names).
        active = done_by(verb, subject, tok, ctx)
        done = [] if active is None else _with_roles(verb, subj_tok, [active])
        # The doer is the subject now, no role beside it.
        return [st.model_copy(update={"roles": _roles_but(st, "agent")}) for st in done]
    if asked or state is None:
        return [] if asked is None else [asked]
    said = passive_modality(verb)
    return [st.model_copy(update={"modality": said}) for st in _with_roles(verb, subj_tok, [state])]


@dataclass
class _Clause:
    """One clause being read for one subject: what every statement of it shares."""

    verb: Token
    subject: Ref
    ctx: Context
    mood: Literal["fact", "past", "plan", "wish"]
    negated: bool
    when: str | None
    time_idx: set[int]
    lemma: str
    out: list[Statement] = field(default_factory=list)

    def emit(
        self,
        predicate: str | None,
        obj: str | None,
        *,
        literal: bool = False,
        object_ref: Ref | None = None,
        verb_lemma: str | None = None,
        clause_mood: Literal["fact", "past", "plan", "wish"] | None = None,
        negated: bool | None = None,
    ) -> None:
        if predicate is None or obj is None:
            return
        predicate = copula_predicate(predicate, self.subject, obj)
        if predicate == "is_a" and counted(obj):
            return  # "Aoife is two cats": a count of things is not what someone is.
        if predicate == "age" and not has_number(obj):
            return  # "you'll be the first" is no age.
        self.out.append(
            Statement(
                subject=self.subject,
                predicate=predicate,
                object=obj,
                literal=literal,
                object_ref=object_ref,
                negated=self.negated if negated is None else negated,
                mood=clause_mood or self.mood,
                when=self.when,
                verb=verb_lemma or self.lemma,
            )
        )

    def wish(self, xcomp: Token) -> None:
        """ "want to learn Spanish", "loves to hike": the inner verb carries the content."""
        wished(self, xcomp)

    def objects(self, obj_tok: Token, prt: str) -> None:
        """The direct object and every item coordinated with it."""
        owner = self.subject if self.lemma in words("keeping_verbs") else None
        named_by: dict[int, Token] = {}
        items = list(_items(obj_tok))
        if _restated(items):
            items = items[:1]
        # "coriander and maths tests", parsed with "maths" and "tests" as two items: two
        # nouns side by side with nothing between them are one ("maths tests").
        compound = {a.i: b for a, b in zip(items, items[1:], strict=False) if _side_by_side(a, b)}
        for o in items:
            if not content_object(o) or o.i in compound:
                continue
            named = _naming(o)
            if named is not None:
                # "two cats called Tom and Jerry": Jerry is a cat too.
                named_by.update({c.i: o for c in named.conjuncts if c.pos_ == "PROPN"})
            if o.pos_ == "VERB" and o.lower_.endswith("ing"):
                # "loves hiking"; a noun the tagger took for a verb ("cures gout") is a thing.
                self.emit(
                    _predicate(third_person(self.lemma), prt),
                    gerund(o.lemma_.lower()),
                    literal=True,
                )
                continue
            ref = _object_ref(o, self.ctx)
            text = ref.name if ref is not None and ref.name else _object_text(o, self.time_idx)
            text = o.lower_ if ref is not None and ref.role == "speaker" else text  # "beat me"
            before = next((a for a, b in compound.items() if b is o), None)
            if before is not None and text:
                text = f"{o.doc[before].text} {text}"
            self.emit(
                _predicate(third_person(self.lemma), prt),
                text,
                object_ref=ref,
                literal=_is_literal(o),
            )
            if ref is not None and ref.name and ref.kind in ("person", "animal"):
                # "We have a cat called Duchess, she's 19": she is Duchess.
                self.ctx.remember(ref.name, ref.kind)
            # "We have a dog called Rex": Rex is a dog, and the subject's.
            if o.i in named_by and ref is not None:
                noun = named_by[o.i]
                kind = "animal" if is_pet(_noun_lemma(noun)) else ref.kind
                same = ref.model_copy(update={"kind": kind})
                self.out.extend(_kin_edge(noun, same, self.ctx, owner=owner))
            else:
                self.out.extend(
                    _object_kin_edges(o, self.ctx, owner) + named_kind_edges(o, self.ctx)
                )

    def joined(self, noun: Token) -> None:
        """A light verb and its eventive noun as one predicate ("took a look at the car":
        takes_look_at car; "gave Mum a call": gives_call Mum); nothing when what it is done to
        is no entity ("gave it a try")."""
        verb = third_person(self.lemma)
        prep = next((c for c in noun.children if c.dep_ == "prep"), None)
        pobj = None if prep is None else next((c for c in prep.children if c.dep_ == "pobj"), None)
        dative = next((c for c in self.verb.children if c.dep_ == "dative"), None)
        target, predicate = dative, _predicate(verb, noun.lemma_.lower())
        if pobj is not None and prep is not None:
            target = pobj
            predicate = _predicate(verb, noun.lemma_.lower(), prep.lower_)
        if target is None:
            self.emit(_predicate(verb), noun.lemma_.lower(), literal=True)
            return
        ref = _object_ref(target, self.ctx)
        text = ref.name if ref is not None and ref.name else _object_text(target, self.time_idx)
        self.emit(predicate, text, object_ref=ref, literal=_is_literal(target))

    def prep_object(
        self,
        prt: str,
        head: Token | None = None,
        wished: tuple[str, str] | None = None,
        mood: Literal["fact", "past", "plan", "wish"] | None = None,
    ) -> bool:
        """ "lives in Porto": the first prepositional phrase naming a thing is the object. With
        `head` and `wished`, the phrase is the inner verb's of a wish ("wants to move to
        Porto": wants_to_move_to Porto)."""
        before = len(self.out)
        verb = head or self.verb
        for prep, particle in _preps(verb, prt):
            if prep.i <= verb.i or prep.i in self.time_idx:
                continue
            pobj = next((c for c in prep.children if c.dep_ == "pobj"), None)
            if pobj is None or (pobj.pos_ not in ("NOUN", "PROPN", "NUM") and not pobj.like_num):
                continue
            if is_time(pobj) or role_only(prep, pobj) or (wished and not where_or_who(pobj)):
                # "on weekends" says when, "as a kid" in what role: never the object.
                continue
            for o in _conjuncts(pobj):
                if o is not pobj and any(c.dep_ == "case" for c in o.children):
                    continue  # "in Galway and Grace's mum ...": Grace owns, is no place.
                ref = _object_ref(o, self.ctx)
                text = ref.name if ref is not None and ref.name else _object_text(o, self.time_idx)
                said = (third_person(self.lemma),) if wished is None else wished
                self.emit(
                    _predicate(*said, particle, prep.lower_),
                    text,
                    object_ref=ref,
                    literal=_is_literal(o),
                    verb_lemma=None if head is None else canonical_lemma(head.lemma_.lower()),
                    clause_mood=mood,
                )
            self.out.extend(_object_kin_edges(pobj, self.ctx) + named_kind_edges(pobj, self.ctx))
            if len(self.out) > before and wished is None:
                return True  # a wish keeps each ("move from London to Lisbon")
        return len(self.out) > before

    def without_object(self, prt: str) -> None:
        """ "we flew home", "went hiking", "I run": an intransitive clause's content."""
        verb = self.verb
        place = next(
            (c for c in verb.children if c.dep_ == "advmod" and c.lower_ in _PLACE_WORDS), None
        )
        if place is not None:
            self.emit(_predicate(third_person(self.lemma), prt), place.lower_, literal=True)
            return
        gerund_child = next(
            (
                c
                for c in verb.children
                if c.tag_ == "VBG" and c.dep_ in ("xcomp", "advcl", "dobj", "ccomp")
            ),
            None,
        )
        if self.lemma == "go" and gerund_child is not None:
            self.emit("goes", gerund_child.lower_, literal=True)
        elif ((self.lemma in ACTIVITIES or habit_done(verb, self.mood)) and not prt) or (
            (
                dated_event(self.lemma, self.when)
                or self.lemma in words("death_verbs")
                or done_for_a_reason(verb, self.lemma)
            )
            and self.mood == "past"
        ):
            if self.lemma in words("light_verbs"):
                return  # "we got back": a light verb alone names no activity.
            # "I run", and an event said with its time ("Spike escaped on Monday").
            self.emit("does", gerund(self.lemma), literal=True)
        elif (
            dated_event(self.lemma, self.when)
            and (self.mood == "plan" or scheduled_present(verb))  # "moves in on the fifth"
            and self.lemma not in words("light_verbs")
        ):
            # "Noelle and I are moving in together in April": an event arranged for a time,
            # with the particle the tagger may have called an adverb ("in").
            after = verb.doc[verb.i + 1] if verb.i + 1 < len(verb.doc) else None
            if not prt and after is not None and after.lower_ in words("particle_adverbs"):
                prt = after.lower_ if after.head == verb and after.dep_ == "advmod" else ""
            self.emit("does", " ".join(w for w in (gerund(self.lemma), prt) if w), literal=True)


def _read_clause_for(
    verb: Token, subj_tok: Token, ctx: Context, skip_intro: bool
) -> list[Statement]:
    subject = the_pet(subj_tok, ctx) or subject_ref(subj_tok, ctx)
    subject = subject or generic_subject(verb, subj_tok)
    if subject is None and (described := described_person(subj_tok)) is not None:
        # "A couple from Neath bought it": someone, though no one a later "she" names.
        return read_unmentioned(
            ctx, lambda: _read_clause_with(verb, described, subj_tok, ctx, skip_intro)
        )
    if subject is None:
        # "My bakery has twelve employees": its owner's thing; "the boiler broke": a thing.
        read = parts_counted(verb, subj_tok, ctx)
        read = read or thing_clause(verb, subj_tok, ctx, _read_clause_with)
        return read or counted_subject(verb, subj_tok, ctx, _read_clause_with)
    read = _read_clause_with(verb, subject, subj_tok, ctx, skip_intro)
    if read:
        return read
    # "Ana was born on 3 May": what the clause answers, by its question ("when born").
    asked = asked_as_statement(verb, subject)
    return [] if asked is None else [asked]


def _done_or_ended(
    verb: Token, xcomp: Token | None, clause: _Clause, skip_intro: bool
) -> list[Statement] | None:
    """A clause whose inner verb is what was done ("I've had to give up the charity shop":
    the giving up, obliged.py) or that ends a doing ("Dad gave up driving": the doing that
    ended is the ending's object); None for any other."""
    if xcomp is not None and obliged_past(verb, xcomp, clause.negated):
        done = _read_clause_with(xcomp, clause.subject, None, clause.ctx, skip_intro)
        # Its time and quantity are the inner verb's ("two teeth out last Friday").
        done = _with_roles(xcomp, None, done)
        return clause.out + [st.model_copy(update={"mood": "past"}) for st in done]
    if (doing := ended_doing(verb)) is not None:
        clause.emit(_predicate(third_person(clause.lemma), particle_of(verb)), doing, literal=True)
        return clause.out
    return None


def _note_subject(verb: Token, subject: Ref, subj_tok: Token | None, ctx: Context) -> None:
    """Keep the clause's subject for what the talk says next: a he/she, a clause with no
    subject (its word and verb: after "we decided", "Buying a car" is theirs together)."""
    ctx.subject_said = (subject, ctx.turn, ctx.speaker)
    if subj_tok is not None:
        ctx.subject_word = (subj_tok.lower_, verb.lemma_, ctx.turn)
    if subject.role == "name" and subject.name and subject.kind in ("person", "animal"):
        # "My sister Lena lives in Porto and she ...": she is Lena from here on.
        ctx.remember(subject.name, subject.kind)
    elif subject.role == "kin" and subject.owner is not None and subject.owner.role == "speaker":
        ctx.remember_relative(subject)  # "Dad has physio ... he": Dad.


def _read_clause_with(
    verb: Token, subject: Ref, subj_tok: Token | None, ctx: Context, skip_intro: bool
) -> list[Statement]:
    _note_subject(verb, subject, subj_tok, ctx)
    mood = verb_mood(verb)
    if mood is None or not verb_like(verb):
        return []
    when, time_idx = _time_tokens(verb)
    lemma = verb_lemma(verb)
    lemma, mood = have_got(verb, lemma, mood, when)
    lemma, negated = stance(verb, lemma, _negated(verb))  # "can't stand cricket": hates
    clause = _Clause(verb, subject, ctx, mood, negated, when, time_idx, lemma)
    if subj_tok is not None:
        clause.out.extend(subject_edges(subj_tok, subject, ctx))
    lemma = clause.lemma
    if lemma == "be":
        copula_values(verb, subject, clause.emit, time_idx)
        clause.out = _kin_by_copula(verb, subject, ctx, clause.out)
        if any(st.predicate == "works_as" for st in clause.out):
            # "I'm a junior accountant at a firm": where is the work's, kept as its qualifier.
            return [st for st in clause.out if st.predicate not in ("located_at", "located_in")]
        return clause.out
    xcomp = next(
        (c for c in verb.children if c.dep_ == "xcomp" and c.pos_ in ("VERB", "AUX")), None
    )
    if xcomp is not None and _plan_verb(verb, xcomp):
        if mood == "past" and dropped(verb):
            # "..., but we decided against it": the plan denied (dropped_plan.py).
            return clause.out + _read_clause_inner(xcomp, subject, True, "plan", when, time_idx)
        if mood == "past":
            # "We were going to go to Lagos, but ...": an intention that was, no plan now and
            # nothing done; whether it came about is not said.
            return clause.out
        return clause.out + _read_clause_inner(
            xcomp, subject, clause.negated, "plan", when, time_idx
        )
    if (done := _done_or_ended(verb, xcomp, clause, skip_intro)) is not None:
        return done
    if xcomp is not None and lemma in _WISH_VERBS:
        clause.wish(xcomp)
        return clause.out
    obj_tok = _direct_object(verb)
    if said_whole(clause, obj_tok):
        return clause.out
    introducing = (
        subject.role == "listener" and lemma in words("introducing_verbs") and clause.mood != "past"
    )
    # "Richard is coming for lunch on Sunday": a verb of talk arranged for a time is an event.
    arranged = clause.mood == "plan" and clause.when is not None
    if introducing or (
        lemma in SOCIAL_VERBS
        and lemma not in CONTENT_WHEN_OBJECT
        and not _goes_somewhere(verb)
        and not (arranged or phrasal_deed(verb))  # "help out at the shop": a deed
        and (obj_tok is None or not physical_thing(obj_tok))  # "caught two mice": a deed
    ):
        # Talk about talk states nothing; who its object names still is ("let me introduce
        # my husband Karim and our kids Nour and Sami").
        if obj_tok is not None:
            clause.objects(obj_tok, "")
        return [st for st in clause.out if st.verb != lemma]
    read_objects(clause, obj_tok)
    return clause.out
