"""The report card drawn (a PNG, matplotlib's Agg backend: no display) and written out (the
CLI's table and the Prefect artifact's markdown, the chart embedded in it as a data: URI, which
the Prefect UI's markdown renderer shows as an image: it maps an image token to an <img> with
the link as its src, and nothing offline needs fetching)."""

from __future__ import annotations

import base64
import io
from collections.abc import Sequence

from resident.learning.report_card import METRICS, MonthCard, Trend, trends
from resident.report import table

TITLES = {
    "quiz_accuracy": "quiz accuracy",
    "brier": "Brier score (lower is better)",
    "mrr": "held-out MRR (last night)",
    "gaps_opened": "gaps opened",
    "gaps_closed": "gaps closed",
    "proposals_true": "proposals true",
    "proposals_false": "proposals false",
    "books_read": "books read",
    "people_met": "people met",
}


def chart_png(history: Sequence[MonthCard], dpi: int = 80) -> bytes:
    """Five panels: quiz accuracy and Brier score by month, held-out MRR night by night, the
    latest month's reliability, the months' counts (gaps, proposals, books, people) and the
    ladder's counts at each card."""
    import matplotlib

    matplotlib.use("Agg")
    from matplotlib import dates as mdates
    from matplotlib.figure import Figure

    cards = sorted(history, key=lambda c: c.month)
    months = [c.month for c in cards]
    fig = Figure(figsize=(14, 7.5), dpi=dpi)
    axes = fig.subplot_mosaic("ABD;CCE")
    a, b, c, d, e = (axes[k] for k in "ABCDE")
    latest = cards[-1].month if cards else "-"
    fig.suptitle(f"MAX's report card, {months[0] if months else '-'} to {latest}")

    a.set_title("his own quiz and his calibration, by month")
    acc = [c.quiz_accuracy for c in cards]
    a.plot(months, [float("nan") if v is None else v for v in acc], "o-", label="quiz accuracy")
    a.plot(
        months,
        [float("nan") if c.brier is None else c.brier for c in cards],
        "s--",
        label="Brier score",
    )
    a.set_ylim(0, 1)
    a.legend(loc="best", fontsize=8)

    b.set_title("held-out MRR, night by night")
    nights = [n for card in cards for n in card.nights]
    when = [float(x) for x in mdates.date2num([n.at for n in nights])]
    b.plot(when, [n.mrr for n in nights], "o-", label="MRR")
    b.plot(when, [n.hits10 for n in nights], "^:", label="Hits@10")
    b.xaxis_date()
    b.legend(loc="best", fontsize=8)
    b.tick_params(axis="x", labelrotation=30, labelsize=7)

    c.set_title("what each month brought")
    counts = ["gaps_opened", "gaps_closed", "proposals_true", "proposals_false"]
    counts += ["books_read", "people_met"]
    width = 0.8 / len(counts)
    for i, key in enumerate(counts):
        xs = [m + (i - len(counts) / 2) * width for m in range(len(cards))]
        c.bar(xs, [c_.value(key) or 0 for c_ in cards], width, label=TITLES[key])
    c.set_xticks(range(len(cards)), months)
    c.legend(loc="best", fontsize=7)

    d.set_title(f"reliability, {latest}")
    d.plot([0, 1], [0, 1], color="grey", linewidth=0.8)
    bins = cards[-1].reliability if cards else []
    d.bar(
        [(x.lo + x.hi) / 2 for x in bins],
        [x.held_up for x in bins],
        [x.hi - x.lo for x in bins],
        alpha=0.5,
        edgecolor="black",
    )
    for x in bins:
        d.annotate(str(x.count), ((x.lo + x.hi) / 2, x.held_up), ha="center", fontsize=8)
    if not bins:
        d.text(0.5, 0.5, "nothing settled this month", ha="center", va="center", fontsize=9)
    d.set_xlim(0, 1)
    d.set_ylim(0, 1.05)
    d.set_xlabel("confidence held")
    d.set_ylabel("share that held up")

    e.set_title("the ladder at each month's card")
    bottom = [0.0] * len(cards)
    for rung in ("fact", "belief", "hypothesis", "opinion"):
        held = [float(c_.ladder.get(rung, 0)) for c_ in cards]
        e.bar(months, held, 0.6, bottom=bottom, label=rung)
        bottom = [x + y for x, y in zip(bottom, held, strict=True)]
    e.legend(loc="best", fontsize=7)
    fig.tight_layout()
    buf = io.BytesIO()
    fig.savefig(buf, format="png")
    return buf.getvalue()


def _fmt(v: float | None, metric: str = "") -> str:
    if v is None:
        return "-"
    if metric in ("quiz_accuracy", "brier", "mrr") or not float(v).is_integer():
        return f"{v:.3f}"
    return str(int(v))


def _change(t: Trend, v: float | None) -> str:
    return "-" if v is None else ("+" if v >= 0 else "") + _fmt(v, t.metric)


def trend_rows(history: Sequence[MonthCard]) -> tuple[list[str], list[tuple[str, ...]]]:
    """One row per metric: its value each month, the change on the month before and on the
    baseline (the first month), and the verdict."""
    found = trends(history)
    months = found[0].months if found else []
    head = ["measure", *months, "on last month", "on baseline", "better?"]
    rows = []
    for t in found:
        verdict = (
            "baseline"
            if t.change_on_baseline is None
            else "same"
            if t.change_on_baseline == 0
            else "better"
            if t.improved
            else "worse"
        )
        rows.append(
            (
                TITLES[t.metric],
                *(_fmt(v, t.metric) for v in t.values),
                _change(t, t.change_on_previous),
                _change(t, t.change_on_baseline),
                verdict,
            )
        )
    return head, rows


def render_text(history: Sequence[MonthCard]) -> list[str]:
    """The card as markdown lines: the trend table, the latest month's ladder and reliability."""
    cards = sorted(history, key=lambda c: c.month)
    if not cards:
        return ["No report card yet."]
    last = cards[-1]
    head, rows = trend_rows(cards)
    lines = [
        f"Baseline: {cards[0].month} (his first month). Latest: {last.month}, computed "
        f"{last.computed_at:%Y-%m-%d %H:%M} UTC.",
        "",
        *table(head, rows),
        "",
        f"Quiz: {last.quiz_correct} of {last.quiz_asked} answered from what he holds. "
        f"Ladder now: "
        + ", ".join(f"{k} {v}" for k, v in last.ladder.items())
        + f". Nights this month: {len(last.nights)}.",
        "",
        f"Calibration, {last.month}: {last.outcomes} outcome(s) ("
        + (", ".join(f"{k} {v}" for k, v in sorted(last.by_source.items())) or "none")
        + "); Brier score "
        + _fmt(last.brier, "brier")
        + ".",
    ]
    if last.reliability:
        lines += [
            "",
            *table(
                ["confidence", "count", "mean confidence", "held up"],
                [
                    (
                        f"{x.lo:.1f}-{x.hi:.1f}",
                        x.count,
                        f"{x.mean_confidence:.2f}",
                        f"{x.held_up:.2f}",
                    )
                    for x in last.reliability
                ],
            ),
        ]
    return lines


def render_markdown(history: Sequence[MonthCard], png: bytes) -> str:
    """The Prefect artifact: title, the chart inline (data: URI), the text."""
    latest = max((c.month for c in history), default="-")
    uri = "data:image/png;base64," + base64.b64encode(png).decode()
    return "\n".join(
        [f"# MAX's report card, {latest}", "", f"![report card chart]({uri})", ""]
        + render_text(history)
    )


__all__ = ["METRICS", "chart_png", "render_markdown", "render_text", "trend_rows"]
