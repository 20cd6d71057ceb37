"""The epistemic rules as pure functions, and the store's SQL checked equal to them."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from functools import partial
from pathlib import Path

import duckdb
import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st
from pydantic import ValidationError

from resident.cognition import epistemic
from resident.cognition.epistemic import ProvenanceClass
from resident.config import DecaySettings, EpistemicSettings, Settings, load_settings
from resident.errors import (
    ConflictRefused,
    FactProtected,
    InvalidInput,
    PromotionRefused,
    UnknownProvenance,
)
from resident.memory.duck_store import DuckStore, _qs
from resident.memory.rows import CLAIM_COLUMNS, CLAIM_WIDTH, _claim_params
from resident.memory.schema import known_migrations
from resident.records import Claim, ConflictStatus, GapStatus, Level, NewClaim

NOW = datetime(2026, 6, 1, 12, tzinfo=UTC)
BASE = load_settings(env={})
RULES = BASE.epistemic
CURIOSITY = BASE.curiosity
DECAY = BASE.decay


def new(
    obj: str = "hp:2",
    prov: str = "ingest:hpo@2024",
    conf: float = 0.7,
    subject: str = "hp:1",
    predicate: str = "is_a",
    opinion: bool = False,
) -> NewClaim:
    return NewClaim(
        subject=subject,
        predicate=predicate,
        object_entity=obj,
        confidence=conf,
        provenance=prov,
        opinion=opinion,
    )


def claim(
    obj: str = "hp:2",
    prov: str = "ingest:hpo@2024",
    conf: float = 0.7,
    level: Level | None = None,
    **kw: object,
) -> Claim:
    c = epistemic.admit(new(obj, prov, conf, **kw), NOW, RULES)  # type: ignore[arg-type]
    return c if level is None else c.model_copy(update={"level": level})


# -- provenance ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("raw", "klass", "key"),
    [
        ("ingest:hpo@2024-01", ProvenanceClass.GROUNDED, "ingest:hpo"),
        ("literature:pmid:123", ProvenanceClass.GROUNDED, "literature:pmid:123"),
        ("observation:kitchen_camera", ProvenanceClass.GROUNDED, "observation:kitchen_camera"),
        ("peer:gpt-4o", ProvenanceClass.PEER, "peer:gpt-4o"),
        ("interaction:person:anna", ProvenanceClass.INTERACTION, "interaction:person:anna"),
        ("inference:distmult", ProvenanceClass.INFERENCE, "inference:distmult"),
        ("user_correction", ProvenanceClass.USER_CORRECTION, "user_correction"),
    ],
)
def test_parse_provenance_classes(raw: str, klass: ProvenanceClass, key: str) -> None:
    prov = epistemic.parse_provenance(raw)
    assert (prov.raw, prov.klass, prov.source_key) == (raw, klass, key)
    assert prov.grounded == (klass is ProvenanceClass.GROUNDED)


@pytest.mark.parametrize(
    "raw",
    [
        "",
        "bogus:x",
        "Peer:gpt",
        "ingest:hpo",
        "ingest:@2024",
        "ingest:hpo@",
        "peer:",
        "peer: gpt",
        "literature",
        "interaction:anna smith",
        "ingest",
    ],
)
def test_parse_provenance_refuses(raw: str) -> None:
    with pytest.raises(UnknownProvenance):
        epistemic.parse_provenance(raw)


def test_versions_of_one_dataset_share_a_source_key() -> None:
    a = epistemic.parse_provenance("ingest:hpo@2024")
    b = epistemic.parse_provenance("ingest:hpo@2025")
    c = epistemic.parse_provenance("ingest:omim@2024")
    assert a.source_key == b.source_key != c.source_key


# -- caps and the ladder -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("raw", "cap"),
    [
        ("peer:gpt", RULES.hint_cap),
        ("interaction:person:anna", RULES.hint_cap),
        ("inference:distmult", RULES.hint_cap),
        ("user_correction", RULES.correction_confidence),
        ("ingest:hpo@1", RULES.non_fact_ceiling),
        ("literature:doc", RULES.non_fact_ceiling),
        ("observation:cam", RULES.non_fact_ceiling),
    ],
)
def test_provenance_caps(raw: str, cap: float) -> None:
    assert epistemic.provenance_cap(epistemic.parse_provenance(raw), RULES) == cap


def test_the_numbers_are_the_architecture_numbers() -> None:
    assert (RULES.hint_cap, RULES.belief_at, RULES.fact_at) == (0.3, 0.5, 0.85)
    assert RULES.non_fact_ceiling < RULES.fact_at


@pytest.mark.parametrize(
    ("confidence", "level"),
    [
        (0.0, Level.HYPOTHESIS),
        (0.4999, Level.HYPOTHESIS),
        (0.5, Level.BELIEF),
        (0.84, Level.BELIEF),
        (0.85, Level.BELIEF),
        (1.0, Level.BELIEF),
    ],
)
def test_level_for_never_gives_fact(confidence: float, level: Level) -> None:
    assert epistemic.level_for(confidence, RULES) is level


@pytest.mark.parametrize(
    ("prov", "asked", "conf", "level"),
    [
        ("peer:gpt", 0.95, 0.3, Level.HYPOTHESIS),
        ("interaction:person:anna", 0.8, 0.3, Level.HYPOTHESIS),
        ("inference:rotate", 0.6, 0.3, Level.HYPOTHESIS),
        ("peer:gpt", 0.1, 0.1, Level.HYPOTHESIS),
        ("user_correction", 0.99, 0.4, Level.HYPOTHESIS),
        ("user_correction", 0.01, 0.4, Level.HYPOTHESIS),
        ("ingest:hpo@1", 0.99, 0.84, Level.BELIEF),
        ("literature:doc", 0.5, 0.5, Level.BELIEF),
        ("observation:cam", 0.2, 0.2, Level.HYPOTHESIS),
    ],
)
def test_admit_caps_by_provenance(prov: str, asked: float, conf: float, level: Level) -> None:
    c = epistemic.admit(new(prov=prov, conf=asked), NOW, RULES, "s1", "c1")
    assert (c.confidence, c.level) == (conf, level)
    assert c.created_at == c.retrieved_at == NOW
    assert (c.session_id, c.correlation_id) == ("s1", "c1")


def test_admit_opinion_is_off_the_truth_rungs() -> None:
    c = epistemic.admit(new(prov="interaction:person:anna", conf=0.9, opinion=True), NOW, RULES)
    assert c.level is Level.OPINION
    assert c.confidence == RULES.hint_cap


def test_admit_refuses_a_user_correction_as_opinion() -> None:
    with pytest.raises(InvalidInput):
        epistemic.admit(new(prov="user_correction", opinion=True), NOW, RULES)


def test_admit_id_is_stable_across_dataset_versions_only() -> None:
    a = epistemic.admit(new(prov="ingest:hpo@1"), NOW, RULES)
    b = epistemic.admit(new(prov="ingest:hpo@2"), NOW + timedelta(days=1), RULES)
    c = epistemic.admit(new(prov="ingest:omim@1"), NOW, RULES)
    assert a.id == b.id != c.id


PROVENANCES = [
    "ingest:hpo@1",
    "ingest:hpo@2",
    "ingest:omim@1",
    "literature:doc1",
    "observation:cam",
    "peer:gpt",
    "peer:claude",
    "interaction:person:anna",
    "inference:learner",
    "user_correction",
]


@given(prov=st.sampled_from(PROVENANCES), conf=st.floats(0, 1), opinion=st.booleans())
def test_admit_never_makes_a_fact_nor_exceeds_the_cap(
    prov: str, conf: float, opinion: bool
) -> None:
    assume(not (opinion and prov == "user_correction"))
    c = epistemic.admit(new(prov=prov, conf=conf, opinion=opinion), NOW, RULES)
    assert c.level is not Level.FACT
    assert 0.0 <= c.confidence <= epistemic.provenance_cap(epistemic.parse_provenance(prov), RULES)
    if prov == "user_correction":
        assert c.level is Level.HYPOTHESIS


def test_merge_reingest_only_refreshes_provenance() -> None:
    old = claim(prov="ingest:hpo@1", level=Level.FACT).model_copy(update={"confidence": 0.9})
    newer = claim(prov="ingest:hpo@2", conf=0.2)
    merged = epistemic.merge_reingest(old, newer)
    assert merged.provenance == "ingest:hpo@2"
    assert (merged.confidence, merged.level) == (0.9, Level.FACT)
    assert epistemic.merge_reingest(old, old) is old


# -- retrieval and decay (unit) --------------------------------------------------------------------


#: A look a day after the claims above were admitted: a bump is due.
LOOK = NOW + timedelta(days=1)


def test_retrieval_bump_respects_caps_and_never_reaches_fact() -> None:
    assert epistemic.retrieval_bump(claim(conf=0.4), RULES, LOOK).confidence == pytest.approx(0.42)
    assert (
        epistemic.retrieval_bump(claim(conf=0.83), RULES, LOOK).confidence == RULES.non_fact_ceiling
    )
    top = epistemic.retrieval_bump(claim(conf=0.84), RULES, LOOK)
    assert (top.confidence, top.level) == (0.84, Level.BELIEF)
    assert (
        epistemic.retrieval_bump(claim(prov="peer:gpt", conf=0.29), RULES, LOOK).confidence == 0.3
    )
    assert epistemic.retrieval_bump(claim(prov="peer:gpt", conf=0.3), RULES, LOOK).confidence == 0.3
    crossing = epistemic.retrieval_bump(claim(conf=0.49), RULES, LOOK)
    assert crossing.level is Level.BELIEF
    fact = claim(level=Level.FACT).model_copy(update={"confidence": 0.9})
    assert epistemic.retrieval_bump(fact, RULES, LOOK) == fact
    opinion = claim(level=Level.OPINION, conf=0.2)
    assert epistemic.retrieval_bump(opinion, RULES, LOOK) == opinion


def test_looking_again_within_the_period_raises_nothing() -> None:
    """Issue 16, point 5: four reads in a row raise a claim once, not four times."""
    looked = claim(conf=0.72)
    seen = []
    for minutes in (0, 1, 2, 3):
        now = LOOK + timedelta(minutes=minutes)
        looked = epistemic.retrieval_bump(looked, RULES, now).model_copy(
            update={"retrieved_at": now}
        )
        seen.append(round(looked.confidence, 4))
    assert seen == [0.74, 0.74, 0.74, 0.74]
    later = looked.retrieved_at + epistemic.bump_period(RULES)
    assert epistemic.retrieval_bump(looked, RULES, later).confidence == pytest.approx(0.76)


def test_decay_step_halves_once_per_span() -> None:
    c = claim(conf=0.4).model_copy(update={"retrieved_at": NOW - timedelta(days=90)})
    once = epistemic.decay_step(c, NOW, DECAY, RULES, None)
    assert (once.confidence, once.level) == (0.2, Level.HYPOTHESIS)
    # Later runs in the same span (the last run was NOW) change nothing; the span's end does.
    for days in (0, 1, 89):
        assert epistemic.decay_step(once, NOW + timedelta(days=days), DECAY, RULES, NOW) == once
    later = NOW + timedelta(days=90)
    assert epistemic.decay_step(once, later, DECAY, RULES, NOW).confidence == 0.1
    assert epistemic.decay_step(once, later, DECAY, RULES, later) == once, "ran at the end already"
    fresh = c.model_copy(update={"retrieved_at": NOW - timedelta(days=89, hours=23)})
    assert epistemic.decay_step(fresh, NOW, DECAY, RULES, None) == fresh


def test_a_run_that_missed_span_ends_halves_once() -> None:
    """Decay not run for 200 days: a claim unretrieved for 400 days halves once, not twice,
    and its next halving comes at the end of its next span (day 450 since retrieval)."""
    stale = claim(conf=0.4).model_copy(update={"retrieved_at": NOW - timedelta(days=400)})
    once = epistemic.decay_step(stale, NOW, DECAY, RULES, NOW - timedelta(days=200))
    assert once.confidence == 0.2
    day = timedelta(days=1)
    assert epistemic.decay_step(once, NOW + 49 * day, DECAY, RULES, NOW) == once
    assert epistemic.decay_step(once, NOW + 50 * day, DECAY, RULES, NOW).confidence == 0.1


def test_decay_due_counts_spans_from_the_last_retrieval() -> None:
    retrieved = NOW - timedelta(days=100)
    due = partial(epistemic.decay_due, retrieved, rules=DECAY)
    assert due(NOW, last_run=None)
    assert due(NOW, last_run=retrieved + timedelta(days=89))
    assert not due(NOW, last_run=retrieved + timedelta(days=90))
    assert not due(NOW, last_run=NOW + timedelta(days=30)), "a clock set back decays nothing"
    assert not due(retrieved + timedelta(days=89), last_run=None)


def test_decay_step_leaves_strong_opinions_facts_and_the_floor() -> None:
    old = NOW - timedelta(days=400)
    for c in (
        claim(conf=0.6),
        claim(conf=0.05),
        claim(conf=0.2, level=Level.OPINION),
        claim(conf=0.5, level=Level.FACT),
    ):
        stale = c.model_copy(update={"retrieved_at": old})
        assert epistemic.decay_step(stale, NOW, DECAY, RULES, None) == stale
    near_floor = claim(conf=0.06).model_copy(update={"retrieved_at": old})
    assert epistemic.decay_step(near_floor, NOW, DECAY, RULES, None).confidence == DECAY.floor
    belief = claim(conf=0.55).model_copy(update={"retrieved_at": old})
    assert epistemic.decay_step(belief, NOW, DECAY, RULES, None).level is Level.HYPOTHESIS


# -- promotion ----------------------------------------------------------------------------------


def test_promote_with_two_independent_grounded_sources() -> None:
    c = claim(prov="ingest:hpo@1", conf=0.6)
    other = claim(prov="literature:doc1", conf=0.3)
    fact = epistemic.promote_to_fact(c, [other], RULES)
    assert (fact.level, fact.confidence) == (Level.FACT, RULES.promoted_confidence)
    assert fact.id == c.id
    assert epistemic.promote_to_fact(fact, [], RULES) is fact


@pytest.mark.parametrize(
    ("prov", "others"),
    [
        ("ingest:hpo@1", []),
        # Two versions of one dataset are one source.
        ("ingest:hpo@1", ["ingest:hpo@2"]),
        # Hints are never evidence.
        ("ingest:hpo@1", ["peer:gpt", "peer:claude", "interaction:person:anna"]),
        ("ingest:hpo@1", ["inference:learner", "user_correction"]),
        # A hint claim itself is never promoted, however much evidence there is.
        ("peer:gpt", ["ingest:hpo@1", "literature:doc1"]),
        ("inference:learner", ["ingest:hpo@1", "literature:doc1"]),
        ("interaction:person:anna", ["ingest:hpo@1", "literature:doc1"]),
        ("user_correction", ["ingest:hpo@1", "literature:doc1"]),
    ],
)
def test_promote_refuses_without_evidence(prov: str, others: list[str]) -> None:
    c = claim(prov=prov)
    with pytest.raises(PromotionRefused):
        epistemic.promote_to_fact(c, [claim(prov=p) for p in others], RULES)


def test_promote_counts_only_the_same_statement_and_no_opinions() -> None:
    c = claim(prov="ingest:hpo@1")
    different_object = claim(obj="hp:3", prov="literature:doc1")
    different_predicate = claim(prov="literature:doc2", predicate="part_of")
    as_opinion = claim(prov="literature:doc3", level=Level.OPINION)
    with pytest.raises(PromotionRefused, match="1 independent"):
        epistemic.promote_to_fact(c, [different_object, different_predicate, as_opinion], RULES)


def test_promote_refuses_an_opinion() -> None:
    with pytest.raises(PromotionRefused, match="opinion"):
        epistemic.promote_to_fact(claim(level=Level.OPINION), [claim(prov="literature:d")], RULES)


# -- conflicts ------------------------------------------------------------------------------------


def test_record_conflict_orders_and_refuses() -> None:
    a, b = claim(obj="hp:2"), claim(obj="hp:3", prov="peer:gpt")
    x = epistemic.record_conflict(b, a, NOW, "contradiction")
    assert x.claim_a < x.claim_b and {x.claim_a, x.claim_b} == {a.id, b.id}
    assert x == epistemic.record_conflict(a, b, NOW, "contradiction")
    assert (x.status, x.subject, x.predicate) == (ConflictStatus.OPEN, "hp:1", "is_a")
    with pytest.raises(ConflictRefused):
        epistemic.record_conflict(a, a, NOW, "self")
    with pytest.raises(ConflictRefused):
        epistemic.record_conflict(a, claim(obj="hp:3", predicate="part_of"), NOW, "x")
    with pytest.raises(ConflictRefused):
        epistemic.record_conflict(a, claim(obj="hp:3", level=Level.OPINION), NOW, "x")
    with pytest.raises(ConflictRefused):
        epistemic.record_conflict(a, claim(prov="literature:doc"), NOW, "same object")


def test_resolve_conflict_halves_the_loser_and_keeps_it() -> None:
    winner = claim(obj="hp:2", prov="ingest:hpo@1", conf=0.7)
    loser = claim(obj="hp:3", prov="literature:doc", conf=0.6)
    x = epistemic.record_conflict(winner, loser, NOW, "contradiction")
    settled, lost = epistemic.resolve_conflict(x, winner, loser, [], NOW, RULES)
    assert (lost.id, lost.confidence, lost.level) == (loser.id, 0.3, Level.HYPOTHESIS)
    assert (settled.status, settled.winner, settled.resolved_at) == (
        ConflictStatus.RESOLVED,
        winner.id,
        NOW,
    )
    with pytest.raises(ConflictRefused, match="already resolved"):
        epistemic.resolve_conflict(settled, winner, lost, [], NOW, RULES)


def test_resolve_conflict_refuses_without_grounded_evidence() -> None:
    hint = claim(obj="hp:2", prov="peer:gpt", conf=0.3)
    loser = claim(obj="hp:3", prov="literature:doc", conf=0.6)
    x = epistemic.record_conflict(hint, loser, NOW, "contradiction")
    with pytest.raises(ConflictRefused, match="no grounded evidence"):
        epistemic.resolve_conflict(x, hint, loser, [claim(obj="hp:2", prov="peer:b")], NOW, RULES)
    # Grounded evidence for what the winner says settles it.
    _, lost = epistemic.resolve_conflict(
        x, hint, loser, [claim(obj="hp:2", prov="observation:cam")], NOW, RULES
    )
    assert lost.confidence == 0.3


def test_resolve_conflict_lowers_a_fact_only_with_fact_grade_evidence() -> None:
    fact = claim(obj="hp:3", prov="literature:doc", level=Level.FACT).model_copy(
        update={"confidence": 0.9}
    )
    winner = claim(obj="hp:2", prov="ingest:hpo@1")
    x = epistemic.record_conflict(fact, winner, NOW, "contradiction")
    with pytest.raises(FactProtected):
        epistemic.resolve_conflict(
            x, winner, fact, [claim(obj="hp:2", prov="ingest:hpo@2")], NOW, RULES
        )
    _, lost = epistemic.resolve_conflict(
        x, winner, fact, [claim(obj="hp:2", prov="observation:cam")], NOW, RULES
    )
    assert (lost.confidence, lost.level) == (0.45, Level.HYPOTHESIS)


def test_resolve_conflict_refuses_claims_outside_the_conflict() -> None:
    a, b = claim(obj="hp:2"), claim(obj="hp:3", prov="literature:d")
    x = epistemic.record_conflict(a, b, NOW, "contradiction")
    with pytest.raises(ConflictRefused):
        epistemic.resolve_conflict(x, a, claim(obj="hp:4"), [], NOW, RULES)


# -- corrections -----------------------------------------------------------------------------------


def test_record_correction_makes_three_writes_and_no_fact() -> None:
    old = claim(obj="hp:2", prov="ingest:hpo@1", level=Level.FACT).model_copy(
        update={"confidence": 0.9}
    )
    fix = new(obj="hp:3", prov="user_correction", conf=0.95)
    writes = epistemic.record_correction(old, fix, NOW, RULES, CURIOSITY, "s", "c")
    h = writes.hypothesis
    assert (h.level, h.confidence, h.provenance) == (Level.HYPOTHESIS, 0.4, "user_correction")
    assert (h.session_id, h.correlation_id) == ("s", "c")
    assert writes.conflict is not None
    assert {writes.conflict.claim_a, writes.conflict.claim_b} == {old.id, h.id}
    assert writes.conflict.reason == "user_correction"
    gap = writes.gap
    assert gap.priority == CURIOSITY.correction_priority > CURIOSITY.default_priority
    assert (gap.claim_id, gap.status, gap.attempts, gap.next_attempt_at) == (
        h.id,
        GapStatus.OPEN,
        0,
        NOW,
    )
    assert "hp:3" in gap.question


def test_record_correction_without_an_old_claim_or_agreeing() -> None:
    fix = new(obj="hp:3", prov="user_correction")
    assert epistemic.record_correction(None, fix, NOW, RULES, CURIOSITY).conflict is None
    same = claim(obj="hp:3")
    assert epistemic.record_correction(same, fix, NOW, RULES, CURIOSITY).conflict is None


def test_record_correction_refuses_other_provenance() -> None:
    with pytest.raises(UnknownProvenance):
        epistemic.record_correction(
            None, new(prov="interaction:person:anna"), NOW, RULES, CURIOSITY
        )
    with pytest.raises(InvalidInput):
        epistemic.record_correction(
            None, new(prov="user_correction", opinion=True), NOW, RULES, CURIOSITY
        )


# -- curiosity gaps -------------------------------------------------------------------------------


def test_gap_backoff_doubles_and_caps() -> None:
    base = CURIOSITY.backoff_base_minutes
    assert [epistemic.gap_backoff(n, CURIOSITY) for n in range(4)] == [
        timedelta(minutes=base * 2**n) for n in range(4)
    ]
    cap = timedelta(hours=CURIOSITY.max_backoff_hours)
    assert epistemic.gap_backoff(8, CURIOSITY) == cap
    assert epistemic.gap_backoff(10_000, CURIOSITY) == cap


def test_gap_attempted() -> None:
    gap = epistemic.new_gap("hp:1", "is_a", "Is it?", 50, None, NOW)
    later = NOW + timedelta(hours=1)
    tried = epistemic.gap_attempted(gap, later, CURIOSITY, resolved=False, note="no source")
    assert (tried.attempts, tried.status, tried.note) == (1, GapStatus.OPEN, "no source")
    assert tried.next_attempt_at == later + epistemic.gap_backoff(0, CURIOSITY)
    again = epistemic.gap_attempted(tried, later, CURIOSITY, resolved=True, note="found")
    assert (again.attempts, again.status, again.updated_at) == (2, GapStatus.RESOLVED, later)


# -- the SQL in duck_store equals the pure rules ---------------------------------------------------

SUBJECTS = ["hp:1", "hp:2", "hp:3"]


@st.composite
def rule_settings(draw: st.DrawFn) -> Settings:
    """Valid configurations around the defaults, so literals in the SQL are exercised too."""
    hint = draw(st.floats(0.05, 0.45))
    try:
        ladder = EpistemicSettings.model_validate(
            {
                **RULES.model_dump(),
                "hint_cap": hint,
                "correction_confidence": draw(st.floats(0.0, 0.49)),
                "retrieval_bump": draw(st.floats(0.0, 0.3)),
            }
        )
    except ValidationError:
        assume(False)
    threshold = draw(st.floats(0.1, 1.0))
    decay = DecaySettings(
        threshold=threshold,
        floor=draw(st.floats(0.0, threshold, exclude_max=True)),
        factor=draw(st.floats(0.01, 0.99)),
        stale_after_days=draw(st.integers(1, 200)),
    )
    return BASE.model_copy(update={"epistemic": ladder, "decay": decay})


def _days_or_any(lo: int, hi: int) -> st.SearchStrategy[timedelta]:
    """A span of time, often whole days: so that a stale span's end often falls exactly on the
    last decay run or on `now` (whole-day spans), where the two rules must agree too."""
    return st.one_of(
        st.integers(lo, hi).map(lambda d: timedelta(days=d)),
        st.timedeltas(min_value=timedelta(days=lo), max_value=timedelta(days=hi)),
    )


@st.composite
def stored_claims(draw: st.DrawFn) -> list[Claim]:
    """Claims in any state the table allows, from every provenance class."""
    out = {}
    for _ in range(draw(st.integers(1, 12))):
        c = epistemic.admit(
            NewClaim(
                subject=draw(st.sampled_from(SUBJECTS)),
                predicate="p",
                object_literal=draw(st.sampled_from("abcdefgh")),
                confidence=0.5,
                provenance=draw(st.sampled_from(PROVENANCES)),
            ),
            NOW,
            RULES,
        )
        confidence = draw(
            st.one_of(
                st.floats(0, 1), st.sampled_from([0.0, 0.05, 0.3, 0.4, 0.5, 0.6, 0.84, 0.9, 1.0])
            )
        )
        age = _days_or_any(0, 500)
        level = draw(st.sampled_from(list(Level)))
        out[c.id] = c.model_copy(
            update={
                "confidence": confidence,
                # The table keeps only the fact and opinion rungs; below them the level is read off
                # the confidence (claims.rung). rule_settings leaves belief_at as RULES has it.
                "level": level
                if level in (Level.FACT, Level.OPINION)
                else epistemic.level_for(confidence, RULES),
                "retrieved_at": NOW - draw(age),
            }
        )
    return list(out.values())


@pytest.fixture(scope="module")
def memory_db() -> duckdb.DuckDBPyConnection:
    con = duckdb.connect(":memory:")
    for mig in known_migrations():
        con.execute(mig.sql)
    return con


def _load(
    con: duckdb.DuckDBPyConnection, claims: list[Claim], last_run: datetime | None = None
) -> None:
    # Scaffolding for an in-memory table that only this test uses.
    con.execute("DELETE FROM claims")
    con.execute(
        "UPDATE decay_runs SET last_run = ?, sweep_at = NULL, swept_to = NULL",
        [None if last_run is None else last_run.replace(tzinfo=None)],
    )
    con.executemany(
        f"INSERT INTO claims ({CLAIM_COLUMNS}) VALUES ({_qs(CLAIM_WIDTH)})",
        [_claim_params(c) for c in claims],
    )


PROPERTY = settings(
    max_examples=100, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)


@PROPERTY
@given(
    rules=rule_settings(),
    claims=stored_claims(),
    later=st.timedeltas(min_value=timedelta(0), max_value=timedelta(days=30)),
)
def test_bump_sql_equals_retrieval_bump(
    memory_db: duckdb.DuckDBPyConnection, rules: Settings, claims: list[Claim], later: timedelta
) -> None:
    _load(memory_db, claims)
    store = DuckStore(rules, memory_db, Path(":memory:"))
    now = NOW + later
    got = {c.id: c for s in SUBJECTS for c in store.claims_by_subject(s, now)}
    want = {
        c.id: epistemic.retrieval_bump(c, rules.epistemic, now).model_copy(
            update={"retrieved_at": now}
        )
        for c in claims
    }
    assert got == want


@PROPERTY
@given(
    rules=rule_settings(),
    claims=stored_claims(),
    later=_days_or_any(0, 400),
    last_run=st.one_of(st.none(), _days_or_any(-500, 400).map(lambda d: NOW + d)),
)
def test_decay_sql_equals_decay_step(
    memory_db: duckdb.DuckDBPyConnection,
    rules: Settings,
    claims: list[Claim],
    later: timedelta,
    last_run: datetime | None,
) -> None:
    """The store's UPDATE does to every claim what the pure rule does, given the store's last
    run; run again at the same time, it changes nothing."""
    _load(memory_db, claims, last_run)
    store = DuckStore(rules, memory_db, Path(":memory:"))
    now = NOW + later
    counts = store.decay_stale_facts(now)
    got = {c.id: c for s in SUBJECTS for c in store.peek_claims(s)}
    want = {
        c.id: epistemic.decay_step(c, now, rules.decay, rules.epistemic, last_run) for c in claims
    }
    assert got == want
    assert counts.decayed == sum(want[c.id] != c for c in claims)
    assert store.decay_stale_facts(now).decayed == 0
    assert {c.id: c for s in SUBJECTS for c in store.peek_claims(s)} == want
