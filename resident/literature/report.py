"""What MAX learned from a reading, rendered for people: plain text for `resident read`, Markdown
for the Prefect artifact (subjects, themes, a moral-salience chart, new words, excerpts)."""

from __future__ import annotations

from resident.literature.distill import Subject, Theme
from resident.literature.memory import ReadingReport
from resident.literature.morals import FOUNDATIONS
from resident.report import cell

_BAR = 30


def _bars(values: dict[str, float]) -> list[str]:
    top = max(values.values(), default=0.0) or 1.0
    return [
        f"{f:<9} {'#' * round(_BAR * values[f] / top):<{_BAR}} {values[f]:.2f}" for f in FOUNDATIONS
    ]


def _theme(t: Theme) -> str:
    return t.phrase + (f" ({', '.join(t.related)})" if t.related else "")


def render_text(r: ReadingReport) -> str:
    d = r.distillation
    if r.skipped:
        return (
            f"Already read \u201c{d.title}\u201d"
            + (f" by {d.author}" if d.author else "")
            + f" ({d.page_count} pages, same content): recalled from the graph, not read again.\n"
            f"Document {d.doc_id}\n"
            "Themes: " + (", ".join(t.phrase for t in d.themes) or "none") + "\n"
            f"Graph: claims {r.claims.unchanged} unchanged."
        )
    lines = [
        f"Read \u201c{d.title}\u201d"
        + (f" by {d.author}" if d.author else "")
        + (f" ({d.year})" if d.year else "")
        + f": {d.page_count} pages "
        f"({d.pages_with_text} with text), {d.words:,} words, {d.format}, "
        f"language {d.language or 'unknown'}, {d.pages_per_second:.1f} pages/s.",
        f"Document {d.doc_id}",
        *[f"WARNING: {w}" for w in d.warnings],
        "Themes: " + (", ".join(_theme(t) for t in d.themes) or "none"),
        "Subjects: " + (", ".join(f"{s.name} ({s.kind})" for s in d.subjects) or "none"),
        "Moral salience per 1,000 words:",
        *[f"  {line}" for line in _bars(d.salience)],
        "New words: "
        + (
            "; ".join(f"{w.word} (p. {w.page}: \u2026{w.context}\u2026)" for w in r.new_words)
            or "none"
        ),
        "Excerpts:",
        *[f"  p. {e.page}: \u201c{e.text}\u201d" for e in d.excerpts],
        f"Chapters: {len(d.chapters)}",
        f"Graph: entities {r.entities.inserted} new, {r.entities.updated} updated, "
        f"{r.entities.unchanged} unchanged; claims {r.claims.inserted} new, "
        f"{r.claims.updated} updated, {r.claims.unchanged} unchanged.",
    ]
    return "\n".join(lines)


def render_markdown(r: ReadingReport) -> str:
    d = r.distillation
    lines = [
        f"# What MAX learned from \u201c{cell(d.title)}\u201d",
        "",
        f"{d.author or 'Unknown author'}"
        + (f", {d.year}" if d.year else "")
        + f" \u00b7 {d.page_count} pages"
        # A recalled reading counted no words and took no time: no "0 words", no "inf pages/s".
        + ("" if r.skipped else f" ({d.pages_with_text} with text) \u00b7 {d.words:,} words")
        + f" \u00b7 {d.format} \u00b7 language {d.language or 'unknown'} \u00b7 `{d.doc_id}`"
        + ("" if r.skipped else f" \u00b7 {d.pages_per_second:.1f} pages/s"),
        "",
        *[f"> **Warning:** {cell(w)}\n" for w in d.warnings],
        *(
            ["", "Already read (same content): recalled from the graph, not read again."]
            if r.skipped
            else []
        ),
        "",
        "## Themes",
        "",
        ", ".join(f"**{cell(_theme(t))}**" for t in d.themes) or "none",
        "" if d.themes_from != "textrank" else "\n(WordNet is not installed: key phrases.)",
        "",
        "## Subjects",
        "",
        "| subject | kind | mentions | first page | what the document says | graph entity |",
        "|---|---|---|---|---|---|",
        *[
            f"| {cell(s.name)} | {s.kind} | {s.count} | {s.first_page} | {cell(_says(s))} | "
            f"`{r.linked.get(s.name, '')}` |"
            for s in d.subjects
        ],
        "",
        "## Moral salience (per 1,000 words)",
        "",
        "```",
        *_bars(d.salience),
        "```",
        "",
        "## New words",
        "",
        *[
            f"- **{w.word}** (p. {w.page}, Zipf {w.zipf}): \u2026{cell(w.context)}\u2026"
            for w in r.new_words
        ],
        "",
        "## Excerpts",
        "",
        *[f"> {cell(e.text)} (p. {e.page})\n" for e in d.excerpts],
        "## Chapters",
        "",
        "| # | chapter | pages | themes |",
        "|---|---|---|---|",
        *[
            f"| {c.index} | {cell(c.title)} | {c.first_page}-{c.last_page} | "
            f"{cell(', '.join(t.phrase for t in c.themes))} |"
            for c in d.chapters[:50]
        ],
        "",
        f"Graph: entities +{r.entities.inserted} ~{r.entities.updated} "
        f"={r.entities.unchanged}; claims +{r.claims.inserted} ~{r.claims.updated} "
        f"={r.claims.unchanged}.",
    ]
    return "\n".join(lines)


def _says(s: Subject) -> str:
    parts = [f"a {p} (p. {page})" for p, page in s.described_as]
    if s.appears_with:
        parts.append("with " + ", ".join(n for n, _ in s.appears_with[:3]))
    if s.associated_with:
        parts.append("around " + ", ".join(w for w, _ in s.associated_with[:3]))
    return "; ".join(parts)
