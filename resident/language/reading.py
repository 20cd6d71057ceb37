"""Reading: clause-level open information extraction over spaCy's dependency parse. Pure.

A turn's text is split into sentences and coordinated clauses; each clause with a subject MAX can
name (the speaker, the listener, a name, "my sister Lena", he/she as the last person mentioned)
and a verb that carries content becomes a `Statement`. Chit-chat, thanks, questions, feelings and
clauses about "it"/"that" yield nothing: what is not read cleanly is not stored.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from resident.language.antecedents import said_thing
from resident.language.apposition import apposition_sentences
from resident.language.approximate import about_said
from resident.language.asked_about import note_asked
from resident.language.asked_after import stated_before_question
from resident.language.clause_parts import clause_heads
from resident.language.clause_pieces import dropped_clauses
from resident.language.clauses import (
    _read_clause,
    _read_sentence,
    read_clause_as,
)
from resident.language.cleft import cleft_sentences
from resident.language.clitics import with_apostrophes
from resident.language.conjoined import conjoined_halves
from resident.language.ending_aspect import without_end_marker
from resident.language.event_owner import note_subject
from resident.language.headed import after_heading
from resident.language.kin_subject import kin_opened, kin_to, lower_named_kin, their_ties
from resident.language.mentions import note_mentions
from resident.language.middle_voice import as_passive
from resident.language.occupation import held_as
from resident.language.participles import with_comma
from resident.language.phrases import Triple
from resident.language.recased import recased
from resident.language.relative import relative_sentences
from resident.language.reparse import Reparse, misparsed, reparsed, subject_ref_of
from resident.language.reported import passes_on
from resident.language.spent_time import spent_said
from resident.language.splices import spliced_halves
from resident.language.statement import (
    _AUX_START,
    _WH,
    Context,
    Ref,
    Statement,
    verb_lemma,
)
from resident.language.subject_token import subject_token
from resident.language.unpassive import without_learner_passive
from resident.language.unsaid import believed_by_another
from resident.language.vocatives import without_vocative

if TYPE_CHECKING:
    from spacy.tokens import Span


def is_question(sent: Span) -> bool:
    words = [t for t in sent if not t.is_punct]
    if not words:
        return False
    if sent.text.rstrip().endswith("?"):
        return True
    first = words[0].lower_
    return (
        first in _WH
        and any(t.dep_ == "ROOT" and t.i > words[0].i for t in sent)
        and (len(words) > 1 and words[1].lower_ in _AUX_START)
    )


# -- reading ---------------------------------------------------------------------------------------


def read(
    doc: object,
    ctx: Context | None = None,
    *,
    skip_first_person_intro: bool = True,
    reparse: Reparse | None = None,
) -> tuple[list[Statement], Context]:
    skip_intro = skip_first_person_intro
    """The statements of a parsed text (a trained spaCy Doc), and the context after it. With
    `reparse` (the pipeline), a sentence the parse gave nothing is read a second time
    (reparse.py: "Metformin treats diabetes")."""
    from spacy.tokens import Doc

    assert isinstance(doc, Doc)
    ctx = ctx or Context()
    out: list[Statement] = []
    if not doc.has_annotation("DEP"):
        return out, ctx
    #: Where a sentence that read as nothing and ended without punctuation began: the parser
    #: may have cut one sentence in two ("hou133xdrug5 | treats fever").
    cut: int | None = None
    for sent in doc.sents:
        if is_question(sent):
            # "my brother is visiting next weekend, can he sleep on the sofa?": the statement.
            stated = None if reparse is None else stated_before_question(sent, reparse)
            out.extend([] if stated is None else _read_sentence(stated, ctx, True))
            note_mentions(sent, ctx)
            note_asked(sent, ctx)  # "How's Tomasz?" - "Got a job in May.": Tomasz's job
            cut = None
            continue
        headed = None if reparse is None else after_heading(sent, reparse)
        if headed is not None:
            # "Big news: Leon moves in on the fifth": the clause after the heading, alone.
            out.extend(read(headed, ctx, skip_first_person_intro=skip_intro, reparse=reparse)[0])
            cut = None
            continue
        # "Ruairi married their mum Carla": her tie to each of the group in mind (kin_subject).
        theirs = their_ties(sent, ctx)
        # "im a dinner lady": the contraction typed without its apostrophe, given it back.
        said = sent
        # "Borshch is died": a learner's past said as a passive no verb has (unpassive.py).
        sent = (None if reparse is None else _respoken(sent, reparse)) or sent
        # "Biscuit's the dog, MAX" (its "'s" the verb by now): the name said to the listener
        # is no argument of the clause.
        unaddressed = None if reparse is None else without_vocative(sent, ctx.speakers, reparse)
        if unaddressed is not None and reparse is not None:
            # "Max, the hamster's escaped": the clause alone may read its "'s" anew.
            sent = _respoken(unaddressed, reparse) or unaddressed
        halves = None if reparse is None else conjoined_halves(sent, reparse)
        if halves is not None and reparse is not None:
            # "I translate books and Felix is a tram driver", parsed as one clause: each.
            statements = [
                s for h in halves for s in _read_half(h, ctx, reparse, skip_first_person_intro)
            ]
        else:
            # "I twisted my ankle playing netball": the participle's misread subject given back.
            sent = (None if reparse is None else with_comma(sent, reparse)) or sent
            statements = _read_sentence(sent, ctx, skip_first_person_intro)
        # "Bram says he'll build us a treehouse" reads nothing on purpose: another's remark
        # (reported.py) is not read again without the verb that passes it on, nor another's
        # belief ("Dad reckons Tilde got the job": unsaid.py).
        rereadable = reparse is not None and not (passes_on(sent) or believed_by_another(sent))
        # "My husband Anselmo repairs boats": the relative the parse did not make the subject.
        kin_read = [] if reparse is None or not rereadable else _kin_reread(sent, ctx, reparse)
        statements = kin_read or statements
        if reparse is not None:
            # "our daughters ottilie and perpetua": names typed in lower case after a family noun.
            # "I'm stepdad to Ruby and Theo, married their mum Carla": the group the
            # sentence itself said, where none was in mind before it.
            told = kin_to(sent, ctx)
            theirs = theirs or their_ties(sent, ctx)
            statements = lower_named_kin(sent, ctx) + told + theirs + statements
        if rereadable and reparse is not None and (not statements or misparsed(sent)):
            whole = sent if cut is None or statements else doc[cut : said.end]
            statements = _reread(whole, ctx, reparse) or statements
        if rereadable and reparse is not None and not statements:
            statements = _read_anew(sent, ctx, reparse)
        if reparse is not None:
            # "Dad fixed the fence, he was out there all day": the first clause of a comma
            # splice, read alone when the sentence read nothing of it (splices.py).
            statements += spliced_first(sent, statements, ctx, reparse)
            # "He lands on Friday and stays a month": a clause that read as nothing in its
            # place, read alone with the subject it shares (clause_pieces.py).
            for piece in dropped_clauses(sent, statements, reparse):
                statements += read(piece, ctx, skip_first_person_intro=True, reparse=reparse)[0]
        out.extend(statements)
        _note_said(statements, ctx)
        if reparse is not None:
            # "My sister, who lives in Oslo, ...": what the relative clause says, too.
            # "My neighbour, a retired plumber, ...": what the apposition says, too.
            # "It was Oona who fixed the gate": Oona fixed the gate (cleft.py).
            for said in (
                *relative_sentences(sent, reparse),
                *apposition_sentences(sent, reparse),
                *cleft_sentences(sent, reparse),
            ):
                # "Simran studies law" said again may misparse as one noun: a name said
                # again as the subject is read a second time too.
                again = _read_sentence(said, ctx, True)
                named = said[0].is_title and said[0].lower_ != "i"
                out.extend(again or (_reread(said, ctx, reparse) if named else []))
        note_mentions(sent, ctx)
        cut = said.start if not statements and not said[-1].is_punct else None
    # "To Marcus, a firefighter": an occupation, however read, is held as what one works as.
    return _unique([held for st in out for held in held_as(st)]), ctx


def _read_anew(sent: Span, ctx: Context, reparse: Reparse) -> list[Statement]:
    """A sentence that read as nothing, read again as it may have been meant."""
    # "kyle still smokes": its names given their capitals where the NER then knows them
    # (recased.py).
    cased = recased(sent, reparse)
    statements = [] if cased is None else _read_sentence(cased, ctx, True)
    if statements:
        return statements
    # "Our old van sold on Saturday": the middle voice, read as its passive.
    middle = as_passive(sent, reparse)
    return [] if middle is None else _read_sentence(middle, ctx, True)


def _note_said(statements: list[Statement], ctx: Context) -> None:
    """What a sentence's statements leave in the context for the sentences after it."""
    for st in statements:
        thing = said_thing(st)
        if thing is not None:
            ctx.remember_thing(thing)  # "I made a bowl. I gave it to my mum."
    ctx.note_said_of(statements)  # "What broke?" asks of the things said of (things.py)
    for st in statements:
        note_subject(ctx, st)  # "... the interview": whose (event_owner.py)


def spliced_first(
    sent: Span, statements: list[Statement], ctx: Context, reparse: Reparse
) -> list[Statement]:
    """The statements of a comma splice's first clause read alone, when none of `statements`
    (the sentence read whole) came of its verb."""
    halves = spliced_halves(sent, reparse)
    if halves is None or any(st.verb == verb_lemma(halves[1]) for st in statements):
        return []
    return read(halves[0], ctx, skip_first_person_intro=True, reparse=reparse)[0]


def _respoken(sent: Span, reparse: Reparse) -> Span | None:
    """The sentence parsed again as it was meant, when the parse misread how it was typed."""
    again = with_apostrophes(sent, reparse) or sent
    # "I'm not vegetarian any more": read without the "any more" the parser stumbles on.
    again = without_end_marker(again, reparse) or again
    # "fostered something like forty kids": read as "about forty kids", counted.
    again = about_said(again, reparse) or again
    # "Ten years teaching maths": read as "I taught maths for ten years" (spent_time.py).
    again = spent_said(again, reparse) or again
    return without_learner_passive(again, reparse) or (again if again is not sent else None)


def _read_half(sent: Span, ctx: Context, reparse: Reparse, skip_intro: bool) -> list[Statement]:
    """One clause of a sentence the parse joined wrongly, read as a sentence of its own."""
    out = _read_sentence(sent, ctx, skip_intro) or _reread(sent, ctx, reparse)
    note_mentions(sent, ctx)
    return out


def _reread(sent: Span, ctx: Context, reparse: Reparse) -> list[Statement]:
    """The first second parse that reads as statements, its pronoun subject the noun phrase it
    stands for (coordinated verbs share it: "Metformin treats diabetes and lowers sugar")."""
    for doc, words in reparsed(sent, reparse):
        out = _read_as_said_by(doc, subject_ref_of(words), ctx)
        if out:
            return out
    return []


def _read_as_said_by(doc: object, subject: Ref, ctx: Context) -> list[Statement]:
    """The statements of a second parse whose opening pronoun stands for `subject`."""
    from spacy.tokens import Doc

    assert isinstance(doc, Doc)
    out: list[Statement] = []
    for head in clause_heads(next(iter(doc.sents))):
        subj_tok = subject_token(head)
        if subj_tok is not None and subj_tok.i == 0:
            out.extend(read_clause_as(head, subject, subj_tok, ctx))
        else:
            out.extend(_read_clause(head, ctx, True))
    return out


def _kin_reread(sent: Span, ctx: Context, reparse: Reparse) -> list[Statement]:
    """ "My husband Anselmo repairs boats", "mum works nights": the clause of the relative
    the parse did not make its subject, and the tie said (kin_subject.py)."""
    opened = kin_opened(sent, ctx, reparse)
    if opened is None:
        return []
    doc, subject, ties = opened
    read = _read_as_said_by(doc, subject, ctx)
    return ties + read if read or ties else []


def _unique(items: Iterable[Statement]) -> list[Statement]:
    seen: dict[tuple[str, str, str, str], Statement] = {}
    for s in items:
        # Two statements that differ only in whom they are of ("Pepper pet_of Joel", "...
        # pet_of Callum") are two.
        to = "" if s.object_ref is None else s.object_ref.model_dump_json()
        seen.setdefault((s.subject.model_dump_json(), s.stored_predicate, s.object.lower(), to), s)
    return list(seen.values())


def said_triple(doc: object, reparse: Reparse | None = None) -> Triple | None:
    """The first statement of a text ("the capital of Australia is Canberra") as the phrases
    a correction or a "why" looks claims up by; None when the reader finds none."""
    statements, _ = read(doc, Context(), reparse=reparse)
    for st in statements:
        if st.subject.role not in ("speaker", "name"):
            continue
        obj = st.object_ref.name if st.object_ref is not None else st.object
        if not obj:
            continue
        return Triple(
            subject=st.subject.name if st.subject.role == "name" else None,
            predicate=st.stored_predicate,
            object=obj,
            speaker=st.subject.role == "speaker",
            literal=st.literal,
        )
    return None
