"""The exploration loop: grounded evidence settles gaps; hints never do; open gaps back off."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from resident.cognition.epistemic import gap_backoff
from resident.cognition.settling import grounded_support, plan_gap
from resident.config import Settings
from resident.exploration import explore, render_markdown
from resident.memory.duck_store import DuckStore
from resident.records import Claim, Entity, GapStatus, Level, NewClaim

NOW = datetime(2026, 3, 1, tzinfo=UTC)
SUBJECT, PREDICATE = "omim:100100", "has_inheritance"
DOMINANT, RECESSIVE = "hp:0000006", "hp:0000007"


@pytest.fixture
def graph(store: DuckStore) -> DuckStore:
    store.upsert_entities(
        [
            Entity(id=SUBJECT, kind="disease", label="Some disease"),
            Entity(id=DOMINANT, kind="phenotype", label="Autosomal dominant inheritance"),
            Entity(id=RECESSIVE, kind="phenotype", label="Autosomal recessive inheritance"),
        ],
        NOW,
    )
    return store


def say(graph: DuckStore, obj: str, provenance: str, confidence: float = 0.7) -> Claim:
    return graph.add_claim(
        NewClaim(
            subject=SUBJECT,
            predicate=PREDICATE,
            object_entity=obj,
            confidence=confidence,
            provenance=provenance,
        ),
        NOW,
    )


def correct(graph: DuckStore, old: Claim, obj: str) -> str:
    """A person says MAX is wrong; returns the hypothesis' claim id."""
    writes = graph.record_correction(
        NewClaim(
            subject=SUBJECT,
            predicate=PREDICATE,
            object_entity=obj,
            confidence=0.9,
            provenance="user_correction",
        ),
        old.id,
        NOW,
    )
    return writes.hypothesis.id


def test_correction_confirmed_by_two_grounded_sources(graph: DuckStore, settings: Settings) -> None:
    old = say(graph, DOMINANT, "ingest:hpo-annotations@1")
    hypothesis = correct(graph, old, RECESSIVE)
    b = say(graph, RECESSIVE, "literature:pmid-1")
    c = say(graph, RECESSIVE, "observation:genetic-test")
    report = explore(graph, NOW, settings)
    assert report.examined == 1 and report.answered == 1
    assert report.resolved == 1 and report.promoted == 2
    assert graph.peek_claim(old.id).confidence == pytest.approx(0.35)  # halved, row kept
    assert {graph.peek_claim(i).level for i in (b.id, c.id)} == {Level.FACT}
    # The person's claim is the conflict's winner but, not grounded, it is never promoted.
    assert graph.peek_claim(hypothesis).level is Level.HYPOTHESIS
    [conflict] = graph.conflicts_for(old.id)
    assert conflict.winner == hypothesis
    [gap] = [g for g in report.gaps]
    assert graph.get_gap(gap.gap_id).status is GapStatus.RESOLVED
    assert "literature:pmid-1" in gap.note and "observation:genetic-test" in gap.note


def test_one_source_never_overrules_a_correction_of_itself(
    graph: DuckStore, settings: Settings
) -> None:
    old = say(graph, DOMINANT, "ingest:hpo-annotations@1")
    correct(graph, old, RECESSIVE)
    before = graph.checksum()
    report = explore(graph, NOW, settings)
    assert (report.examined, report.answered, report.changes) == (1, 0, [])
    assert graph.checksum() == before  # no claim moved
    [outcome] = report.gaps
    gap = graph.get_gap(outcome.gap_id)
    assert gap.status is GapStatus.OPEN and gap.attempts == 1
    assert gap.next_attempt_at == NOW + gap_backoff(0, settings.curiosity)
    assert "stays open" in gap.note and "dataset:hpo-annotations" in gap.note
    # Not due again until the backoff has passed; then tried again with a longer backoff.
    assert explore(graph, NOW + timedelta(minutes=1), settings).examined == 0
    later = gap.next_attempt_at
    again = explore(graph, later, settings)
    assert again.examined == 1
    assert graph.get_gap(gap.id).attempts == 2
    assert graph.get_gap(gap.id).next_attempt_at == later + gap_backoff(1, settings.curiosity)


def test_correction_refuted_when_grounded_sources_agree_with_the_old_claim(
    graph: DuckStore, settings: Settings
) -> None:
    old = say(graph, DOMINANT, "ingest:hpo-annotations@1")
    other = say(graph, DOMINANT, "literature:review-2024")
    hypothesis = correct(graph, old, RECESSIVE)
    report = explore(graph, NOW, settings)
    assert report.answered == 1
    assert graph.peek_claim(hypothesis).confidence == pytest.approx(0.2)
    assert graph.peek_claim(old.id).level is Level.FACT
    assert graph.peek_claim(other.id).level is Level.FACT


def test_hint_and_inference_claims_are_never_evidence_nor_promoted(
    graph: DuckStore, settings: Settings
) -> None:
    hints = [
        say(graph, DOMINANT, p)
        for p in ("peer:model-a", "peer:model-b", "interaction:person:ana", "inference:learner-1")
    ]
    grounded = say(graph, DOMINANT, "ingest:hpo-annotations@1")
    graph.file_gap(SUBJECT, PREDICATE, "What is its inheritance?", NOW)
    report = explore(graph, NOW, settings)
    assert report.changes == [] and report.answered == 0
    assert "a FACT needs 2" in report.gaps[0].note
    second = say(graph, DOMINANT, "literature:pmid-9")
    later = graph.get_gap(report.gaps[0].gap_id).next_attempt_at
    report = explore(graph, later, settings)
    assert report.answered == 1
    assert {c.target for c in report.changes} == {grounded.id, second.id}
    assert all(graph.peek_claim(h.id).level is not Level.FACT for h in hints)


def test_gaps_are_taken_by_priority_and_limited(graph: DuckStore, settings: Settings) -> None:
    # A gap's id is its subject, predicate, claim and filing time: file them a second apart.
    low = graph.file_gap(SUBJECT, PREDICATE, "low", NOW - timedelta(seconds=2), priority=1)
    high = graph.file_gap(SUBJECT, PREDICATE, "high", NOW - timedelta(seconds=1), priority=90)
    future = graph.file_gap(SUBJECT, PREDICATE, "later", NOW + timedelta(days=1), priority=99)
    report = explore(graph, NOW, settings, max_gaps=1)
    assert [g.gap_id for g in report.gaps] == [high.id]
    report = explore(graph, NOW, settings)
    assert [g.gap_id for g in report.gaps] == [low.id]  # the future gap is not due yet
    assert graph.get_gap(future.id).attempts == 0


def test_plan_is_pure_and_protects_facts(graph: DuckStore, settings: Settings) -> None:
    a = say(graph, DOMINANT, "ingest:a@1")
    b = say(graph, RECESSIVE, "ingest:b@1")
    conflict = graph.record_conflict(a.id, b.id, NOW)
    gap = graph.file_gap(SUBJECT, PREDICATE, "which?", NOW)
    claims = graph.peek_claims(SUBJECT, PREDICATE)
    # One source each: a tie settles nothing.
    plan = plan_gap(gap, claims, [conflict], 2, 2)
    assert (plan.resolutions, plan.promotions, plan.answered) == ((), (), False)
    # With a loser that is a FACT, two sources against one are not enough if three are asked.
    fact_b = b.model_copy(update={"level": Level.FACT, "confidence": 0.9})
    extra = a.model_copy(update={"id": "c_extra", "provenance": "literature:x"})
    plan = plan_gap(gap, [a, fact_b, extra], [conflict], 3, 2)
    assert plan.resolutions == ()
    plan = plan_gap(gap, [a, fact_b, extra], [conflict], 2, 2)
    assert [r.winner_id for r in plan.resolutions] == [a.id]
    assert {p.claim_id for p in plan.promotions} == {a.id, "c_extra"}
    opinion = a.model_copy(
        update={"id": "c_op", "provenance": "ingest:z@1", "level": Level.OPINION}
    )
    assert grounded_support([a, opinion])[DOMINANT] == frozenset({"dataset:a"})


def test_report_renders_as_markdown(graph: DuckStore, settings: Settings) -> None:
    say(graph, DOMINANT, "ingest:a@1")
    say(graph, DOMINANT, "literature:b")
    graph.file_gap(SUBJECT, PREDICATE, "which one?", NOW)
    text = render_markdown(explore(graph, NOW, settings))
    assert "Claims promoted to FACT: **2**" in text
    assert text.count("| promoted |") == 2
    assert "stands on dataset:a, literature:b" in text
