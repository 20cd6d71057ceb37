"""Does a reply answer what its question asks (issue 21)? Moved whole from answering.py, which
was at the 600-line limit: the one check every reading's reply passes before it is said."""

from __future__ import annotations

from typing import TYPE_CHECKING

from resident.language.answer_anchor import anchor_answered
from resident.language.answer_check import answers_question, names_asked
from resident.language.answer_clock import time_not_amount
from resident.language.answer_fills import fills_asked
from resident.language.answer_fit import about_owner, fits_asked
from resident.language.answer_particle import particle_unasked
from resident.language.answer_roles import others_held
from resident.language.answer_sense import sense_fits
from resident.language.answer_stale import moved_from
from resident.language.ended import NOT_ANY_MORE

if TYPE_CHECKING:
    from datetime import datetime

    from spacy.tokens import Span

    from resident.language.dictionary import Dictionary
    from resident.language.turn import _Reply


def of_type_asked(
    sent: Span, reply: _Reply, reads: Dictionary, now: datetime, asker: str | None = None
) -> bool:
    """Does the reply's answer fill the role the question asks, of the type it asks, with
    every companion it names (answer_check), and not another role of the statement
    (answer_fills)? One that does not is about something else: another reading may answer,
    else "I don't know"."""
    if reply.answer is None:
        return True
    roles = others_held(reads, reply.claims, now) if names_asked(sent) else None
    if not answers_question(sent, reply.answer, reply.claims, roles, now):
        return False
    if particle_unasked(sent, reply.claims):
        # "What did Gwendolyn give?" is not "allotment" of "gave up the allotment": a phrasal
        # verb says another act than its bare verb (answer_particle).
        return False
    if anchor_answered(sent, reply.answer):
        # "Where did Tamsin work before the vets?" is not "Hillsborough Vets": what "before"
        # names is where the question counts from (answer_anchor).
        return False
    if not fits_asked(sent, reply.answer):
        # A name asked and none said, a "when" still relative to its day, the question's own
        # words said back, a name of another kind (answer_fit).
        return False
    qualifiers = reads.graph.qualifiers_of([v.claim.id for v in reply.claims])
    held = {cid: " ".join(q.value for q in qs) for cid, qs in qualifiers.items()}
    pieces = {cid: [q.value for q in qs] for cid, qs in qualifiers.items()}
    if time_not_amount(sent, reply.answer, reply.claims, pieces):
        # "How much did we sell the van for?" is not "2" of "sold out by 2": a clock's hour
        # (answer_clock).
        return False
    if about_owner(sent, reply.claims, held):
        # The owner's own statement for a thing the owner has (answer_fit).
        return False
    if not sense_fits(sent, reply.claims, held, ended=reply.plain.startswith(NOT_ANY_MORE)):
        # A claim of another act ("got the sofa off Marketplace" for "When does Dami start
        # on days?"), whichever road the matcher took to it (answer_sense).
        return False
    if not reply.plain.startswith(NOT_ANY_MORE) and moved_from(sent, reply.claims, reads):
        # A place its subject has moved from since, found by a road that never asked
        # (answer_stale): "Coventry" for "Where is Dennis living now?" after the care home.
        return False
    name = reads.label(asker) if asker is not None else None
    return fills_asked(sent, reply.answer, reply.claims, name, held)
