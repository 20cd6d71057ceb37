"""A council run (IO): choose the questions, put each to every provider, apply the agreement
test, write what it allows through the graph, and record every sitting.

What it may write: peer:<model> claims at the hint confidence (admit caps them again in the
store), a curiosity gap filed or attempted, and one council_sittings row per question. It never
promotes or replaces a claim: a question a FACT already settles is not put, and an agreed
answer that contradicts a FACT (one that landed while the council sat) is recorded as a
conflict and resolved in the FACT's favour, so the peer claim keeps its row at half its
confidence. The whole run ends within council.run_deadline_s.
"""

from __future__ import annotations

import asyncio
import os
import time
from collections.abc import Mapping, Sequence
from datetime import datetime, timedelta

from resident.cognition.epistemic import contradicts
from resident.config import Settings
from resident.council.providers import Budget, Panel, Sleep
from resident.council.report import CouncilReport
from resident.council.rules import decide, render_question, settled_by_fact, wants_council
from resident.errors import EpistemicRefusal, InvalidInput, NotFound, PrivateQuestion
from resident.memory.client import GraphStore
from resident.records import (
    Agreement,
    Claim,
    CuriosityGap,
    Level,
    Outcome,
    PanelAnswer,
    Question,
    Sitting,
    short_id,
)


def _labels(graph: GraphStore, ids: Sequence[str | None]) -> dict[str, str]:
    out = {}
    for entity_id in ids:
        if entity_id is None or entity_id in out:
            continue
        try:
            out[entity_id] = graph.get_entity(entity_id).label
        except NotFound:
            continue
    return out


def _claim(graph: GraphStore, claim_id: str | None) -> Claim | None:
    if claim_id is None:
        return None
    try:
        return graph.peek_claim(claim_id)
    except NotFound:
        return None


def choose(
    graph: GraphStore, settings: Settings, now: datetime, report: CouncilReport
) -> list[Question]:
    """The questions this run puts: open gaps the rule sends, best priority first."""
    rules = settings.council
    floor = min(rules.high_stakes_after_attempts, rules.local_attempts)
    questions: list[Question] = []
    for gap in graph.open_gaps(limit=max(rules.max_questions_per_run * 5, 100), min_attempts=floor):
        if len(questions) >= rules.max_questions_per_run:
            break
        claim = _claim(graph, gap.claim_id)
        last = graph.sittings(gap_id=gap.id, limit=1)
        selection = wants_council(gap, claim, last[0].sat_at if last else None, now, rules)
        if not selection.go:
            report.skipped.append(f"gap {gap.id}: {selection.why}")
            continue
        question = _question(graph, gap, claim, report)
        if question is not None and not _settled(graph, question, report):
            questions.append(question)
    return questions


def _settled(graph: GraphStore, question: Question, report: CouncilReport) -> bool:
    """True (and why, in the report) when a FACT already answers the question: it is not
    put to outside models."""
    fact = settled_by_fact(question, graph.peek_claims(question.subject, question.predicate))
    if fact is None:
        return False
    report.skipped.append(
        f"{question.gap_id or question.claim_id}: settled locally by FACT {fact.id} "
        f"({fact.predicate} {fact.object_value!r})"
    )
    return True


def _against_facts(graph: GraphStore, applied: Sequence[str], now: datetime) -> list[str]:
    """Conflicts between peer claims just written and FACTs they contradict, each resolved in
    the FACT's favour (cognition's rules: the loser keeps its row at half its confidence)."""
    notes = []
    for peer_id in applied:
        peer = graph.peek_claim(peer_id)
        for held in graph.peek_claims(peer.subject, peer.predicate):
            if held.level is not Level.FACT or not contradicts(
                held, peer.predicate, peer.object_value
            ):
                continue
            try:
                conflict = graph.record_conflict(
                    held.id, peer.id, now, reason="council answer against a FACT"
                )
                _, lost = graph.resolve_conflict(conflict.id, held.id, now)
            except (EpistemicRefusal, NotFound) as exc:
                notes.append(f"{peer.id} contradicts FACT {held.id}: {exc}")
                continue
            notes.append(
                f"{peer.id} contradicts FACT {held.id}: conflict {conflict.id} resolved in "
                f"the FACT's favour, the peer claim kept at {lost.confidence:.3f}"
            )
    return notes


def _question(
    graph: GraphStore, gap: CuriosityGap | None, claim: Claim | None, report: CouncilReport
) -> Question | None:
    subject = claim.subject if claim is not None else gap.subject if gap else ""
    predicate = claim.predicate if claim is not None else gap.predicate if gap else ""
    labels = _labels(graph, [subject, claim.object_entity if claim else None])
    try:
        return render_question(
            subject, predicate, labels, claim=claim, gap_id=gap.id if gap else None
        )
    except PrivateQuestion as exc:
        report.skipped.append(f"{gap.id if gap else claim.id if claim else '?'}: {exc}")
        return None


def question_for_claim(graph: GraphStore, claim_id: str) -> Question:
    """An ad hoc question about one claim (`resident council ask`), its open gap attached
    when it has one. PrivateQuestion for a person's data; NotFound for no such claim."""
    claim = graph.peek_claim(claim_id)
    labels = _labels(graph, [claim.subject, claim.object_entity])
    gap = next((g for g in graph.open_gaps(limit=1000) if g.claim_id == claim.id), None)
    return render_question(
        claim.subject, claim.predicate, labels, claim=claim, gap_id=gap.id if gap else None
    )


def remembered(
    graph: GraphStore, settings: Settings, question: Question, now: datetime
) -> dict[str, PanelAnswer]:
    """Readable answers to this very question from sittings within `council.cache_days`, by
    model (newest first wins): the answer cache that outlives the process."""
    horizon = now - timedelta(days=settings.council.cache_days)
    out: dict[str, PanelAnswer] = {}
    for past in graph.sittings(subject=question.subject, predicate=question.predicate, limit=100):
        if past.question_key != question.key or past.sat_at < horizon:
            continue
        for answer in past.answers:
            if answer.readable:
                out.setdefault(answer.model, answer)
    return out


async def _sit(
    graph: GraphStore,
    settings: Settings,
    panel: Panel,
    question: Question,
    budget: Budget,
    now: datetime,
    session_id: str | None,
    correlation_id: str | None,
    deadline: float,
) -> Sitting:
    started = time.monotonic()
    answers = await panel.ask(
        question, budget, remembered(graph, settings, question, now), deadline
    )
    decision = decide(
        question,
        answers,
        now,
        min_families=settings.council.min_agreeing_families,
        hint_cap=settings.epistemic.hint_cap,
        groups=panel.groups,
    )
    applied: list[str] = []
    note = decision.note
    for new in decision.claims:
        try:
            stored = graph.add_claim(new, now, session_id=session_id, correlation_id=correlation_id)
        except (InvalidInput, EpistemicRefusal, NotFound) as exc:
            note += f"; refused by the store: {exc}"
            continue
        applied.append(stored.id)
    for against in _against_facts(graph, applied, now):
        note += f"; {against}"
    # Answers are scrubbed where they come in; the note is scrubbed again on its way out.
    note = panel.secrets.scrub(note)
    if decision.agreement is Agreement.AGREED:
        outcome = Outcome.APPLIED if applied else Outcome.NOTED
    else:
        outcome = Outcome.GAP_KEPT if question.gap_id else Outcome.GAP_FILED
    gap_id = question.gap_id
    if outcome is Outcome.GAP_FILED:
        gap = graph.file_gap(
            question.subject,
            question.predicate,
            f"The council did not agree: {question.text}",
            now,
            claim_id=question.claim_id,
        )
        gap_id = gap.id
    elif gap_id is not None:
        # The council informs the exploration loop; only grounded evidence answers the gap.
        graph.attempt_gap(gap_id, False, f"council: {note}"[:2000], now)
    seconds = time.monotonic() - started
    return Sitting(
        id=short_id("s", question.key, gap_id or "", now.isoformat(), correlation_id or ""),
        question_key=question.key,
        kind=question.kind,
        subject=question.subject,
        predicate=question.predicate,
        object=question.object_value,
        claim_id=question.claim_id,
        gap_id=gap_id,
        question=question.text,
        answers=answers,
        agreement=decision.agreement,
        verdict=decision.verdict,
        outcome=outcome,
        applied=applied,
        note=note,
        calls=sum(a.calls for a in answers),
        tokens=sum(a.tokens for a in answers),
        cost_usd=sum(a.cost_usd for a in answers),
        seconds=seconds,
        sat_at=now,
        session_id=session_id,
        correlation_id=correlation_id,
    )


async def convene_async(
    graph: GraphStore,
    settings: Settings,
    now: datetime,
    *,
    questions: Sequence[Question] | None = None,
    env: Mapping[str, str] | None = None,
    sleep: Sleep | None = None,
    session_id: str | None = None,
    correlation_id: str | None = None,
) -> CouncilReport:
    """One council run: `questions` given (ad hoc), or chosen by the rule from open gaps."""
    rules = settings.council
    report = CouncilReport(started=now, providers=sorted(rules.providers))
    if not rules.providers:
        report.off = True
        return report
    started = time.monotonic()
    loop = asyncio.get_running_loop()
    deadline = loop.time() + rules.run_deadline_s
    chosen = (
        [q for q in questions if not _settled(graph, q, report)]
        if questions is not None
        else choose(graph, settings, now, report)
    )
    budget = Budget(rules.max_calls_per_run, rules.max_tokens_per_run)
    panel = Panel(rules, os.environ if env is None else env, **({"sleep": sleep} if sleep else {}))
    try:
        for question in chosen:
            which = question.gap_id or question.claim_id
            if loop.time() >= deadline:
                report.skipped.append(
                    f"{which}: the run's deadline ({rules.run_deadline_s:g} s) has passed"
                )
                continue
            if not budget.can_sit(len(panel.clients), panel.call_tokens(question)):
                report.skipped.append(
                    f"{which}: run budget spent ({budget.calls} calls, {budget.tokens} "
                    f"tokens of {budget.max_tokens}; one call to each provider needs "
                    f"{panel.call_tokens(question)})"
                )
                continue
            sitting = await _sit(
                graph, settings, panel, question, budget, now, session_id, correlation_id, deadline
            )
            graph.record_sitting(sitting)
            report.sittings.append(sitting)
    finally:
        await panel.aclose()
    report.calls, report.tokens, report.cost_usd = budget.calls, budget.tokens, budget.cost_usd
    report.seconds = time.monotonic() - started
    return report


def convene(
    graph: GraphStore,
    settings: Settings,
    now: datetime,
    *,
    questions: Sequence[Question] | None = None,
    env: Mapping[str, str] | None = None,
    session_id: str | None = None,
    correlation_id: str | None = None,
) -> CouncilReport:
    """convene_async from synchronous code (the CLI, a flow task)."""
    return asyncio.run(
        convene_async(
            graph,
            settings,
            now,
            questions=questions,
            env=env,
            session_id=session_id,
            correlation_id=correlation_id,
        )
    )
