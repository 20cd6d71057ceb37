"""The report card read from a real graph and MAX's records: outcomes settled in the month
(a conflict, a gap on a claim, proposals), the ladder, gaps, nights, books and people, the
quiz asked of MAX booted on a snapshot; the history kept on disk across calls."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from resident.config import Settings
from resident.daemon.report import make_report_card
from resident.errors import InvalidInput
from resident.learning.checkpoint import checkpoint_path, save_checkpoint, save_ledger
from resident.learning.proposals import Ledger, Proposal
from resident.learning.report_records import history_path, load_history
from resident.memory.duck_store import DuckStore
from resident.records import Entity, NewClaim

pytest.importorskip("torch")
MARCH = datetime(2026, 3, 10, 12, 0, tzinfo=UTC)


def _claim(
    s: str, p: str, o: str | None, prov: str, conf: float, lit: str | None = None
) -> NewClaim:
    return NewClaim(
        subject=s,
        predicate=p,
        object_entity=o,
        object_literal=lit,
        confidence=conf,
        provenance=prov,
    )


def fill_month(store: DuckStore, settings: Settings, at: datetime) -> None:
    """A month of MAX's life: a few terms, a person met, a document read, a conflict settled,
    a gap about a claim closed and one left open, two proposals decided, two nights."""
    ents = [
        Entity(id=f"concept:t{i}", kind="concept", label=f"Term number {i}", aliases=[])
        for i in range(6)
    ]
    ents += [
        Entity(id="person:ana", kind="person", label="Ana", aliases=[]),
        Entity(id="doc:abc123", kind="document", label="A small book", aliases=[]),
    ]
    store.upsert_entities(ents, at)
    for i in range(1, 6):
        store.add_claim(_claim(f"concept:t{i}", "is_a", "concept:t0", "ingest:test@1", 0.8), at)
    win = store.add_claim(_claim("concept:t1", "dose", None, "ingest:label@1", 0.6, "300 mg"), at)
    lose = store.add_claim(_claim("concept:t1", "dose", None, "peer:model-x", 0.3, "75 mg"), at)
    conflict = store.record_conflict(win.id, lose.id, at)
    store.resolve_conflict(conflict.id, win.id, at + timedelta(hours=1))
    gap = store.file_gap("concept:t1", "dose", "What dose?", at, claim_id=lose.id)
    store.attempt_gap(gap.id, True, "settled", at + timedelta(hours=2))
    store.file_gap("concept:t2", "is_a", "What else is t2?", at)
    ledger = Ledger(
        proposals=[
            Proposal(
                subject="concept:t2",
                predicate="is_a",
                object_entity="concept:t3",
                score=0.7,
                status="confirmed",
                closed_at=at,
            ),
            Proposal(
                subject="concept:t4",
                predicate="is_a",
                object_entity="concept:t5",
                score=0.4,
                status="refuted",
                closed_at=at,
            ),
            Proposal(subject="concept:t5", predicate="is_a", object_entity="concept:t1", score=0.9),
        ]
    )
    save_ledger(settings.data_dir, ledger)
    runs = [
        {"at": (at + timedelta(days=d)).isoformat(), "mrr": 0.1 + d / 10, "hits10": 0.3}
        for d in (0, 1)
    ]
    save_checkpoint(checkpoint_path(settings.data_dir), {"version": 2, "runs": runs})


def test_a_month_read_from_the_graph_and_records(store: DuckStore, settings: Settings) -> None:
    fill_month(store, settings, MARCH)
    made = make_report_card(store, settings, "2026-03", MARCH + timedelta(days=5))
    card = made.card
    assert card.month == "2026-03"
    # Every quizzed subject is one MAX holds claims about; he answers from them.
    assert card.quiz_asked >= 5
    assert card.quiz_correct == card.quiz_asked
    # Two proposals decided (0.7 confirmed, 0.4 refuted), the conflict's two sides (winner 0.6,
    # loser 0.3 before its halving), the gap on the loser (refuted with it).
    assert card.by_source == {"proposal": 2, "conflict": 2, "gap": 1}
    expected = ((0.7 - 1) ** 2 + 0.4**2 + (0.6 - 1) ** 2 + 0.3**2 + 0.3**2) / 5
    assert card.brier == pytest.approx(expected)
    assert sum(b.count for b in card.reliability) == 5
    assert (card.proposals_true, card.proposals_false) == (1, 1)
    assert (card.gaps_opened, card.gaps_closed) == (2, 1)
    assert [round(n.mrr, 3) for n in card.nights] == [0.1, 0.2]
    assert (card.books_read, card.people_met) == (1, 1)
    assert card.ladder["belief"] >= 6 and card.ladder["hypothesis"] >= 1
    assert made.chart.read_bytes()[:4] == b"\x89PNG"
    assert made.chart.parent == history_path(settings).parent
    # The quiz ran on a copy: asking did not touch the live graph's claims.
    assert all(c.retrieved_at <= MARCH for c in store.peek_claims("concept:t1"))

    # April: nothing new happened; March stays the baseline, kept on disk.
    april = make_report_card(store, settings, "2026-04", MARCH + timedelta(days=25))
    assert [c.month for c in load_history(settings)] == ["2026-03", "2026-04"]
    assert april.card.outcomes == 0 and april.card.brier is None
    assert april.card.people_met == 0 and april.card.nights == []
    assert any("| people met | 1 | 0 | -1 | -1 | worse |" in line for line in april.text)
    assert any("| books read | 1 | 0 | -1 | -1 | worse |" in line for line in april.text)


def test_a_damaged_history_is_refused_not_restarted(store: DuckStore, settings: Settings) -> None:
    history_path(settings).parent.mkdir(parents=True)
    history_path(settings).write_text("{not json")
    with pytest.raises(InvalidInput, match="report card history"):
        load_history(settings)
