"""The frame of one clause being read for one subject (clauses.py reads the clause): what every
statement of it shares (verb, subject, mood, negation, time) and how each of its parts is
emitted as a statement: its objects, a light verb with its noun, the prepositional object, an
intransitive verb's content. Pure.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Literal

from resident.language.clause_parts import _preps, _restated, _side_by_side
from resident.language.dated_events import dated_event
from resident.language.frequency import habit_done
from resident.language.kin import _kin_edge, _object_kin_edges
from resident.language.named_kinds import named_kind_edges
from resident.language.objects import (
    content_object,
    copula_predicate,
    counted,
    has_number,
    role_only,
)
from resident.language.phrases import third_person
from resident.language.purposes import done_for_a_reason
from resident.language.refs import (
    _conjuncts,
    _is_literal,
    _items,
    _naming,
    _noun_lemma,
    _object_ref,
    _object_text,
)
from resident.language.roles import is_time
from resident.language.scheduled import scheduled_present
from resident.language.statement import (
    _PLACE_WORDS,
    ACTIVITIES,
    Context,
    Ref,
    Statement,
    _predicate,
    canonical_lemma,
    gerund,
    is_pet,
)
from resident.language.wishes import where_or_who, wished
from resident.language.words import words

if TYPE_CHECKING:
    from spacy.tokens import Token


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
