"""Clauses read into statements over spaCy's dependency parse: the subject, the verb as a
predicate (lemma plus particle or preposition), the object, and the clause's other arguments
as roles (resident.language.roles). One clause's statements are emitted by its frame
(clause_frame._Clause); a passive clause is read in passive_clauses.py. Pure.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from resident.language.antecedents import the_pet
from resident.language.attributes import (
    adjective_with_object,
    asked_as_statement,
    attribute_statement,
    copula_values,
    generic_subject,
)
from resident.language.clause_frame import _Clause
from resident.language.clause_mood import not_stated
from resident.language.clause_objects import read_objects
from resident.language.clause_parts import (
    _goes_somewhere,
    _negated,
    _plan_verb,
    _read_clause_inner,
    _time_tokens,
    clause_heads,
    said_whole,
    subject_edges,
    verb_mood,
)
from resident.language.clause_time import completing_participle
from resident.language.copular import event_of_it, named_kinds, thing_states
from resident.language.count_pieces import count_piece
from resident.language.counted_subjects import counted_subject, there_counted
from resident.language.described_subject import described_person, read_unmentioned
from resident.language.dropped_plan import dropped
from resident.language.elided_subject import elided_subject
from resident.language.ending_aspect import (
    ended_doing,
)
from resident.language.events_said import event_by_its_time
from resident.language.kin import (
    _kin_by_copula,
    _phrase_edges,
    _presented,
    apposed_to_time,
    introduced_name,
    note_introduced,
    said_together,
)
from resident.language.kin_links import named_later, owned_twice, paired
from resident.language.named_kinds import role_kind_edges
from resident.language.objects import (
    _direct_object,
    conditional,
    partitive_members,
    physical_thing,
    praise_of_thing,
    verb_like,
)
from resident.language.obliged import obliged_past
from resident.language.particles import particle_of, phrasal_deed
from resident.language.parts_held import counted_with_owner, parts_counted
from resident.language.passive_agent import done_to_object
from resident.language.passive_clauses import _passive
from resident.language.phrases import third_person
from resident.language.prices import prices_said
from resident.language.purposes import (
    as_purpose,
    main_statements,
    purpose_verbs,
)
from resident.language.reciprocal import between, lost_conjunct
from resident.language.refs import (
    subject_ref,
)
from resident.language.role_fill import with_roles as _with_roles
from resident.language.roles import modality
from resident.language.standing import stance
from resident.language.statement import (
    _WISH_VERBS,
    CONTENT_WHEN_OBJECT,
    SOCIAL_VERBS,
    Context,
    Ref,
    Statement,
    _predicate,
    verb_lemma,
)
from resident.language.subject_token import subject_token
from resident.language.tense import have_got
from resident.language.things import there_is, thing_clause, thing_subject
from resident.language.unsaid import unsaid
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
        got = clause.out[-1] if clause.out else None
        part = completing_participle(verb) if got and got.predicate == "gets" else None
        if part is not None:
            # "got engaged to Hannah": the state keeps whom it holds with, as "is engaged to".
            adjective_with_object(part, clause.emit, clause.time_idx)
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
