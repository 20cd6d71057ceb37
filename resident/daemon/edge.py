"""Checks at the daemon's edge: what a client sends is refused here, typed, before it reaches
the graph, the state files or the event log, where the same mistake would surface as a 500.

Text must be encodable (no lone surrogate, which JSON's `\\ud800` escape can smuggle in) and free
of NUL; an Arrow table must be valid UTF-8 and within the JSON path's field limits, so that the
bulk path admits exactly what the record models admit.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import pyarrow as pa
import pyarrow.compute as pc

from resident.errors import InvalidInput
from resident.records import MAX_LABEL_CHARS, Entity, NewClaim

#: How deep a JSON value may nest before it is refused rather than walked.
MAX_DEPTH = 64


def text_problem(text: str) -> str | None:
    """Why `text` cannot be stored or answered, or None when it is fine."""
    if "\x00" in text:
        return "contains a NUL character"
    try:
        text.encode("utf-8")
    except UnicodeEncodeError as exc:
        return f"contains a lone surrogate ({text[exc.start]!r} at {exc.start}); send valid Unicode"
    return None


def check_text(text: str, where: str) -> str:
    """`text` itself, or InvalidInput naming `where`."""
    problem = text_problem(text)
    if problem is not None:
        raise InvalidInput(f"{where} {problem}")
    return text


def check_tree(value: Any, where: str = "body", depth: int = 0) -> None:
    """Every string (keys included) in a decoded JSON value passes check_text."""
    if depth > MAX_DEPTH:
        raise InvalidInput(f"{where} nests deeper than {MAX_DEPTH} levels")
    if isinstance(value, str):
        check_text(value, where)
    elif isinstance(value, Mapping):
        for key, item in value.items():
            name = check_text(str(key), f"a key in {where}")
            check_tree(item, f"{where}.{name}", depth + 1)
    elif isinstance(value, list | tuple):
        for i, item in enumerate(value):
            check_tree(item, f"{where}[{i}]", depth + 1)


def _max_len(model: type[Any], field: str) -> int:
    for meta in model.model_fields[field].metadata:
        limit = getattr(meta, "max_length", None)
        if limit is not None:
            return int(limit)
    raise AssertionError(f"{model.__name__}.{field} has no max_length")


#: Longest value of each Arrow column, in characters: the record models' own limits, so the
#: bulk path and the JSON path refuse the same rows.
COLUMN_LIMITS: dict[str, int] = {
    "id": _max_len(Entity, "id"),
    "kind": _max_len(Entity, "kind"),
    "label": MAX_LABEL_CHARS,
    "aliases": MAX_LABEL_CHARS,
    "subject": _max_len(NewClaim, "subject"),
    "object_entity": _max_len(NewClaim, "subject"),
    "provenance": _max_len(NewClaim, "provenance"),
    "locator": _max_len(NewClaim, "locator"),
}


def _string_values(column: pa.ChunkedArray) -> pa.ChunkedArray | None:
    kind = column.type
    if pa.types.is_list(kind) or pa.types.is_large_list(kind):
        column = pc.list_flatten(column)
        kind = column.type
    if pa.types.is_string(kind) or pa.types.is_large_string(kind):
        return column
    return None


def check_table(table: pa.Table, what: str) -> pa.Table:
    """An Arrow table from a client: valid UTF-8, no NUL, each known column within its limit."""
    try:
        table.validate(full=True)
    except pa.ArrowInvalid as exc:
        raise InvalidInput(
            f"the {what} Arrow table is invalid (bad UTF-8 or offsets): {exc}"
        ) from exc
    for name in table.column_names:
        values = _string_values(table.column(name))
        if values is None or len(values) == 0:
            continue
        if pc.any(pc.match_substring(values, "\x00")).as_py():
            raise InvalidInput(f"{what} column {name!r} contains a NUL character")
        limit = COLUMN_LIMITS.get(name)
        if limit is None:
            continue
        longest = pc.max(pc.utf8_length(values)).as_py()
        if longest is not None and longest > limit:
            raise InvalidInput(
                f"{what} column {name!r} holds a value of {longest} characters; "
                f"at most {limit} (the same limit as the JSON path)"
            )
    return table
