"""The report card's arithmetic: the Brier score, the reliability table, months and the trends
over them (the first month the baseline)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from hypothesis import given
from hypothesis import strategies as st

from resident.learning.report_card import (
    MonthCard,
    NightMark,
    Outcome,
    brier,
    month_bounds,
    month_of,
    previous_month,
    reliability,
    trends,
    upsert,
)
from resident.learning.report_chart import chart_png, render_markdown, trend_rows

AT = datetime(2026, 3, 10, tzinfo=UTC)
outcome = st.builds(
    Outcome,
    source=st.sampled_from(["gap", "conflict", "proposal"]),
    confidence=st.floats(0.0, 1.0),
    held_up=st.booleans(),
    at=st.just(AT),
)


def _o(conf: float, ok: bool) -> Outcome:
    return Outcome(source="proposal", confidence=conf, held_up=ok, at=AT)


def test_brier_by_hand() -> None:
    assert brier([]) is None
    # (0.9-1)^2 + (0.2-0)^2 + (0.6-0)^2 = 0.01 + 0.04 + 0.36, over 3
    assert brier([_o(0.9, True), _o(0.2, False), _o(0.6, False)]) == pytest.approx(0.41 / 3)
    # Always saying 0.5 scores 0.25, whatever happens.
    assert brier([_o(0.5, True), _o(0.5, False)]) == pytest.approx(0.25)


@given(st.lists(outcome, min_size=1, max_size=60))
def test_brier_bounded_and_perfect_when_certain_and_right(xs: list[Outcome]) -> None:
    b = brier(xs)
    assert b is not None and 0.0 <= b <= 1.0
    sure = [o.model_copy(update={"confidence": 1.0 if o.held_up else 0.0}) for o in xs]
    assert brier(sure) == 0.0


@given(st.lists(outcome, max_size=80), st.integers(1, 10))
def test_reliability_bins_partition_the_outcomes(xs: list[Outcome], bins: int) -> None:
    table = reliability(xs, bins)
    assert sum(b.count for b in table) == len(xs)
    for b in table:
        assert b.lo <= b.mean_confidence <= b.hi
        assert 0.0 <= b.held_up <= 1.0
        assert b.count > 0
    assert [b.lo for b in table] == sorted(b.lo for b in table)


def test_reliability_by_hand() -> None:
    xs = [_o(0.1, False), _o(0.15, True), _o(0.9, True), _o(1.0, True)]
    low, high = reliability(xs, 5)
    assert (low.lo, low.count, low.held_up) == (0.0, 2, 0.5)
    assert (high.lo, high.count, high.held_up) == (0.8, 2, 1.0)
    assert high.mean_confidence == pytest.approx(0.95)
    with pytest.raises(ValueError):
        reliability(xs, 0)


@given(st.datetimes(min_value=datetime(2000, 1, 1), max_value=datetime(2100, 1, 1)))
def test_every_instant_lies_in_its_month(at: datetime) -> None:
    at = at.replace(tzinfo=UTC)
    start, end = month_bounds(month_of(at))
    assert start <= at < end
    assert month_of(start - timedelta(microseconds=1)) == previous_month(month_of(at))


def test_malformed_month_is_refused() -> None:
    with pytest.raises(ValueError):
        month_bounds("2026-13")


def _card(month: str, **kw: object) -> MonthCard:
    return MonthCard(month=month, computed_at=AT, **kw)  # type: ignore[arg-type]


def test_trends_against_the_baseline() -> None:
    base = _card("2026-01", quiz_asked=50, quiz_correct=40, brier=0.30, people_met=2)
    feb = _card("2026-02", quiz_asked=50, quiz_correct=45, brier=0.20, people_met=1)
    mar = _card("2026-03", quiz_asked=50, quiz_correct=44, brier=0.35, people_met=3)
    # Out of order in, month order out; a month made again replaces its card.
    hist = upsert(upsert(upsert([], mar), base), feb)
    hist = upsert(hist, feb.model_copy(update={"quiz_correct": 46}))
    assert [c.month for c in hist] == ["2026-01", "2026-02", "2026-03"]
    assert hist[1].quiz_correct == 46
    by = {t.metric: t for t in trends(hist)}
    acc = by["quiz_accuracy"]
    assert acc.values == [0.8, 0.92, 0.88]
    assert acc.change_on_previous == pytest.approx(-0.04)
    assert acc.change_on_baseline == pytest.approx(0.08)
    assert acc.improved is True
    # Brier: lower is better; 0.35 is worse than the baseline's 0.30.
    assert by["brier"].improved is False
    assert by["people_met"].improved is True
    # Nothing measured: no verdict.
    assert by["mrr"].values == [None, None, None] and by["mrr"].improved is None
    verdicts = {row[0]: row[-1] for row in trend_rows(hist)[1]}
    assert verdicts["quiz accuracy"] == "better"
    assert verdicts["Brier score (lower is better)"] == "worse"
    assert verdicts["gaps opened"] == "same"
    assert verdicts["held-out MRR (last night)"] == "baseline"


def test_the_first_month_is_only_a_baseline() -> None:
    only = [_card("2026-01", quiz_asked=10, quiz_correct=5)]
    for t in trends(only):
        assert t.improved is None and t.change_on_baseline is None
    head, rows = trend_rows(only)
    assert head[1] == "2026-01"
    assert all(r[-1] == "baseline" for r in rows)


def test_chart_is_a_png_and_the_markdown_embeds_it() -> None:
    nights = [NightMark(at=AT + timedelta(days=i), mrr=0.1 * i, hits10=0.2 * i) for i in range(3)]
    hist = [
        _card("2026-02", quiz_asked=4, quiz_correct=2),
        _card(
            "2026-03",
            quiz_asked=4,
            quiz_correct=3,
            nights=nights,
            reliability=reliability([_o(0.2, False), _o(0.8, True)], 5),
            brier=0.04,
        ),
    ]
    png = chart_png(hist)
    assert png[:8] == b"\x89PNG\r\n\x1a\n" and len(png) > 10_000
    md = render_markdown(hist, png)
    assert "![report card chart](data:image/png;base64," in md
    assert "| quiz accuracy | 0.500 | 0.750 | +0.250 | +0.250 | better |" in md
