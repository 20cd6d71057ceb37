"""A consolidation night's report as markdown, for the flow's artifact: held-out MRR and
Hits@10, the calibration, what was proposed, closed and turned away, what was replayed first, and
the trend over past nights."""

from __future__ import annotations

from resident.learning.consolidation import NightReport
from resident.learning.night_learn import MODEL_NAME
from resident.report import table


def render_markdown(report: NightReport) -> str:
    cal = report.calibration
    at = "none reached the target" if cal.threshold is None else f"{cal.threshold:.3f}"
    ncal = report.names_calibration
    names = "none reached the target" if ncal.threshold is None else f"{ncal.threshold:.3f}"
    lines = [
        f"# sleep-consolidation, {report.at.isoformat()}",
        "",
        f"Model {MODEL_NAME}@{report.version}, {report.epochs_total} epochs in all; "
        f"{report.positives} grounded links ({report.held_out} held out); replayed "
        f"{report.replayed} of {report.buffer_rows} buffered experiences "
        f"({report.withdrawn} corrected belief(s) withdrawn from training); "
        f"{report.negatives} refuted proposal(s) replayed as negatives "
        f"({report.hard} contrasts with held edges).",
        "",
        f"Held-out filtered MRR **{report.mrr:.3f}**, Hits@10 **{report.hits10:.3f}**.",
        "",
        f"Calibration on the held-out edges: threshold **{at}**, precision there "
        f"**{cal.precision:.2f}** over {cal.support} of {cal.candidates} candidates "
        f"({cal.positives} of them held-out edges).",
        "",
        f"Names' directed subsumption ranked with the learner (partial orders), calibrated "
        f"apart: threshold **{names}**, precision there **{ncal.precision:.2f}** over "
        f"{ncal.support} of {ncal.candidates} candidates ({ncal.positives} held-out edges).",
        "",
        f"Proposals written: **{len(report.proposals)}** (inference, hint cap); open now: "
        f"**{report.pending}**; reversing a held edge: **{report.reversed}**; closed tonight: "
        + (", ".join(f"{p.status} {' '.join(p.triple)}" for p in report.closed) or "none")
        + "; turned away by the partial orders: "
        + (", ".join(f"{k} {v}" for k, v in sorted(report.skipped.items())) or "none")
        + f"; duplicate candidates: {report.duplicates}.",
        "",
    ]
    if report.proposals:
        lines += ["## Proposals", ""]
        lines += table(
            ["subject", "relation", "object", "score", "night's precision"],
            [
                (p.subject, p.predicate, p.object_entity, f"{p.score:.3f}", f"{p.precision:.2f}")
                for p in report.proposals
            ],
        )
        lines.append("")
    if report.replay:
        lines += ["## Replayed first (priority: recency + surprise; weight by kind)", ""]
        lines += table(
            ["kind", "statement", "priority", "weight"],
            [(r.kind, r.statement, f"{r.priority:.3f}", f"{r.weight:.2f}") for r in report.replay],
        )
        lines.append("")
    lines += ["## Trend over past nights", ""]
    lines += table(
        ["night", "version", "epochs", "MRR", "Hits@10", "precision", "proposals", "open"],
        [
            (
                r["at"],
                r["version"],
                r["epochs"],
                f"{r['mrr']:.3f}",
                f"{r['hits10']:.3f}",
                f"{r.get('precision', 0.0):.2f}",
                r["proposals"],
                r.get("pending", ""),
            )
            for r in report.history
        ],
    )
    return "\n".join(lines)
