"""Markdown for the reports people read (Prefect artifacts, CLI output): one way to escape a
table cell and one way to lay out a table, for every capability's report."""

from __future__ import annotations

from collections.abc import Iterable, Sequence


def cell(value: object) -> str:
    """`value` as one markdown table cell: pipes escaped, line breaks folded."""
    return str(value).replace("|", "\\|").replace("\n", " ")


def table(headers: Sequence[str], rows: Iterable[Sequence[object]]) -> list[str]:
    """A markdown table as lines: the header, its rule, then one line a row. Cells are used
    as given (escape free text with `cell`), so code spans and numbers keep their formatting."""
    lines = ["| " + " | ".join(headers) + " |", "|" + "---|" * len(headers)]
    lines += ["| " + " | ".join(str(v) for v in row) + " |" for row in rows]
    return lines
