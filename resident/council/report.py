"""What one council run did, for the flow's artifact, the CLI and the benchmark."""

from __future__ import annotations

from datetime import datetime

from pydantic import BaseModel, Field

from resident.records import Agreement, Sitting, Verdict
from resident.report import cell


class CouncilReport(BaseModel):
    started: datetime
    #: True when no provider is configured: nothing was sent anywhere.
    off: bool = False
    providers: list[str] = Field(default_factory=list)
    sittings: list[Sitting] = Field(default_factory=list)
    #: Candidates the rule passed over or the run could not take, with why.
    skipped: list[str] = Field(default_factory=list)
    calls: int = 0
    tokens: int = 0
    cost_usd: float = 0.0
    seconds: float = 0.0

    @property
    def questions(self) -> int:
        return len(self.sittings)

    def count(self, agreement: Agreement) -> int:
        return sum(1 for s in self.sittings if s.agreement is agreement)

    @property
    def agreement_rate(self) -> float:
        return self.count(Agreement.AGREED) / self.questions if self.questions else 0.0

    @property
    def applied_claims(self) -> int:
        return sum(len(s.applied) for s in self.sittings)

    def summary(self) -> dict[str, object]:
        return {
            "off": self.off,
            "providers": self.providers,
            "questions": self.questions,
            "agreed": self.count(Agreement.AGREED),
            "split": self.count(Agreement.SPLIT),
            "insufficient": self.count(Agreement.INSUFFICIENT),
            "agreement_rate": round(self.agreement_rate, 3),
            "applied_claims": self.applied_claims,
            "calls": self.calls,
            "tokens": self.tokens,
            "cost_usd": round(self.cost_usd, 6),
            "seconds": round(self.seconds, 3),
            "skipped": len(self.skipped),
        }


def _said(s: Sitting) -> str:
    parts = []
    for a in s.answers:
        if a.error is not None:
            said = f"failed ({a.error})"
        elif a.verdict is Verdict.VALUE:
            said = f"value '{a.value}'"
        else:
            said = str(a.verdict)
        parts.append(f"{a.provider}: {said}{' (cached)' if a.cached else ''}")
    return "; ".join(parts)


def render_markdown(report: CouncilReport, max_rows: int = 50) -> str:
    """The run as a Prefect markdown artifact: each question, each model's verdict, the
    outcome, and the run's figures."""
    head = f"# Model council, {report.started.isoformat()}"
    if report.off:
        return (
            f"{head}\n\nThe council is **off**: no provider is configured in "
            "[council.providers]. Nothing left the house."
        )
    s = report.summary()
    lines = [
        head,
        "",
        f"Providers: {', '.join(report.providers)}. Questions: **{s['questions']}**; agreed "
        f"**{s['agreed']}**, split **{s['split']}**, insufficient **{s['insufficient']}** "
        f"(agreement rate {report.agreement_rate:.0%}). Claims applied at hint: "
        f"**{s['applied_claims']}**. Calls **{report.calls}**, tokens **{report.tokens}**, "
        f"cost **${report.cost_usd:.4f}**, time **{report.seconds:.2f} s**.",
        "",
    ]
    if report.sittings:
        lines += [
            "| question | verdicts | agreement | outcome | applied |",
            "|---|---|---|---|---|",
        ]
        for st in report.sittings[:max_rows]:
            lines.append(
                f"| {cell(st.question)} | {cell(_said(st))} | {st.agreement} | "
                f"{st.outcome} | {len(st.applied)} |"
            )
        if len(report.sittings) > max_rows:
            lines.append(f"\n... and {len(report.sittings) - max_rows} more sittings.")
        lines.append("")
    if report.skipped:
        lines += ["## Not put to the council", ""]
        lines += [f"- {cell(x)}" for x in report.skipped[:max_rows]]
    return "\n".join(lines)


def render_text(report: CouncilReport) -> str:
    """The run for the command line."""
    if report.off:
        return (
            "The council is off: no provider is configured in [council.providers]. "
            "Nothing left the house."
        )
    s = report.summary()
    lines = [
        f"Council of {', '.join(report.providers)}: {s['questions']} question(s), "
        f"{s['agreed']} agreed, {s['split']} split, {s['insufficient']} insufficient; "
        f"{s['applied_claims']} claim(s) applied at hint; {report.calls} calls, "
        f"{report.tokens} tokens, ${report.cost_usd:.4f}, {report.seconds:.2f} s."
    ]
    for st in report.sittings:
        lines.append(f"- {st.question}\n  {_said(st)}\n  -> {st.agreement}, {st.outcome}")
    lines += [f"- skipped: {x}" for x in report.skipped]
    return "\n".join(lines)
