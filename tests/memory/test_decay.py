"""decay_stale_facts over two simulated years of daily runs, with an injected clock."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime, timedelta

import pytest

from resident.config import load_settings
from resident.memory.duck_store import DuckStore
from resident.records import Entity, Level, NewClaim

T0 = datetime(2026, 1, 1, 3, 0, tzinfo=UTC)
DAYS = 730


def _seed(store: DuckStore) -> dict[str, str]:
    """One claim per case; returns name -> claim id."""
    store.upsert_entities(
        [Entity(id=f"hp:{n}", kind="phenotype", label=f"p{n}") for n in range(1, 3)], T0
    )
    cases = {
        "weak": ("ingest:hpo@1", 0.4, False),
        "monthly": ("literature:doc1", 0.4, False),
        "at_threshold": ("ingest:omim@1", 0.6, False),
        "strong": ("observation:cam", 0.8, False),
        "opinion": ("interaction:person:anna", 0.3, True),
        "near_floor": ("literature:doc2", 0.06, False),
        "at_floor": ("literature:doc3", 0.05, False),
        "hint": ("peer:gpt", 0.9, False),
        "belief": ("literature:doc4", 0.55, False),
        "late_reader": ("literature:doc5", 0.4, False),
        "fact": ("literature:doc6", 0.7, False),
    }
    ids = {}
    for name, (prov, conf, opinion) in cases.items():
        ids[name] = store.add_claim(
            NewClaim(
                subject="hp:1",
                predicate="has_note",
                object_literal=name,
                confidence=conf,
                provenance=prov,
                opinion=opinion,
            ),
            T0,
        ).id
    # Two independent grounded sources make "fact" a FACT (0.9).
    store.add_claim(
        NewClaim(
            subject="hp:1",
            predicate="has_note",
            object_literal="fact",
            confidence=0.7,
            provenance="ingest:hpo@1",
        ),
        T0,
    )
    assert store.promote_to_fact(ids["fact"], T0).level is Level.FACT
    return ids


def _simulate(
    store: DuckStore, ids: dict[str, str], runs_per_day: int
) -> tuple[dict[str, list[float]], int]:
    """Run decay `runs_per_day` times a day for two years; returns each claim's confidence at
    the end of every day and the total the runs reported."""
    history: dict[str, list[float]] = {name: [] for name in ids}
    decayed = 0
    for day in range(1, DAYS + 1):
        for run in range(runs_per_day):
            now = T0 + timedelta(days=day, hours=run * 24 / runs_per_day)
            if run == 0 and day % 30 == 0:
                store.get_claim(ids["monthly"], now)
            if run == 0 and day == 60:
                store.get_claim(ids["late_reader"], now)
            decayed += store.decay_stale_facts(now).decayed
        now_held = {c.id: c.confidence for c in store.peek_claims("hp:1", "has_note")}
        for name, claim_id in ids.items():
            history[name].append(now_held[claim_id])
    return history, decayed


Run = tuple[DuckStore, dict[str, str], dict[str, list[float]], int, dict[str, int]]


@pytest.fixture(scope="module", params=[1, 2], ids=["daily", "twice-daily"])
def two_years(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[Run]:
    """Every test below holds for daily runs and, unchanged, for runs twice a day."""
    data = tmp_path_factory.mktemp("decay")
    store = DuckStore.open(load_settings(data_dir=data, env={}), create=True)
    ids = _seed(store)
    before = store.counts()
    history, decayed = _simulate(store, ids, request.param)
    yield store, ids, history, decayed, before
    store.close()


def _on(history: list[float], day: int) -> float:
    return history[day - 1]


def test_exact_halving_days(two_years: Run) -> None:
    _, _, history, _, _ = two_years
    weak = history["weak"]
    assert _on(weak, 89) == 0.4
    assert _on(weak, 90) == 0.2
    assert _on(weak, 179) == 0.2
    assert _on(weak, 180) == 0.1
    assert _on(weak, 269) == 0.1
    assert _on(weak, 270) == 0.05
    assert set(weak[269:]) == {0.05}, "below the floor or decayed again after reaching it"
    changes = sum(1 for a, b in zip([0.4, *weak], weak, strict=False) if a != b)
    assert changes == 3


def test_the_floor_holds(two_years: Run) -> None:
    _, _, history, _, _ = two_years
    assert _on(history["near_floor"], 89) == 0.06
    assert set(history["near_floor"][89:]) == {0.05}
    assert set(history["at_floor"]) == {0.05}
    assert min(min(h) for h in history.values()) >= 0.05


def test_a_claim_retrieved_monthly_never_decays(two_years: Run) -> None:
    _, _, history, _, _ = two_years
    monthly = history["monthly"]
    assert all(b >= a for a, b in zip(monthly, monthly[1:], strict=False))
    assert min(monthly) >= 0.4


def test_strong_claims_facts_and_opinions_never_decay(two_years: Run) -> None:
    store, ids, history, _, _ = two_years
    assert set(history["at_threshold"]) == {0.6}
    assert set(history["strong"]) == {0.8}
    assert set(history["fact"]) == {0.9}
    assert set(history["opinion"]) == {0.3}
    assert store.peek_claim(ids["opinion"]).level is Level.OPINION
    assert store.peek_claim(ids["fact"]).level is Level.FACT


def test_a_capped_hint_decays_like_any_weak_claim(two_years: Run) -> None:
    _, _, history, _, _ = two_years
    hint = history["hint"]
    assert (_on(hint, 89), _on(hint, 90), _on(hint, 180), _on(hint, 270)) == (
        0.3,
        0.15,
        0.075,
        0.05,
    )


def test_a_belief_falls_to_hypothesis(two_years: Run) -> None:
    store, ids, history, _, _ = two_years
    assert _on(history["belief"], 90) == 0.275
    assert store.peek_claim(ids["belief"]).level is Level.HYPOTHESIS


def test_a_retrieval_restarts_the_span(two_years: Run) -> None:
    _, _, history, _, _ = two_years
    late = history["late_reader"]
    assert _on(late, 149) == pytest.approx(0.42)
    assert _on(late, 150) == pytest.approx(0.21)
    assert _on(late, 240) == pytest.approx(0.105)


def test_counts_match_and_nothing_is_deleted(two_years: Run) -> None:
    store, ids, history, decayed, before = two_years
    assert store.counts() == before
    halvings = sum(
        sum(1 for a, b in zip(h, h[1:], strict=False) if b < a) for h in history.values()
    )
    # weak .4 .2 .1 .05; near_floor .06 .05; hint .3 .15 .075 .05; belief .55 .275 .1375
    # .06875 .05; late_reader .42 .21 .105 .0525 .05. Running twice a day reports no more.
    assert decayed == halvings == 3 + 1 + 3 + 4 + 4
