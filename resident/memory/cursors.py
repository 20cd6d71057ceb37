"""Small helpers over a DuckDB cursor that every part of the store uses: placeholders, the one
row or the count a statement returned, and unregistering Arrow tables. Moved out of
duck_store.py unchanged."""

from __future__ import annotations

from contextlib import suppress
from typing import Any

import duckdb


def _unregister(cur: duckdb.DuckDBPyConnection, *names: str) -> None:
    """Drop registered Arrow views without hiding the error that may be on its way out.

    DuckDB refuses unregister while a result is unread (a check that raised after fetchone)
    and inside a failed transaction, whose rollback drops the views anyway.
    """
    cur.complete()
    with suppress(duckdb.TransactionException):
        for name in names:
            cur.unregister(name)


def _qs(n: int) -> str:
    return ", ".join("?" * n)


def _one(result: duckdb.DuckDBPyConnection) -> Any:
    """The first row of a statement's result, or None, with the result exhausted: fetchone
    leaves it open, and an open result holds its transaction (see _schema_version)."""
    rows = result.fetchall()
    return rows[0] if rows else None


def _count(cur: duckdb.DuckDBPyConnection) -> int:
    rows = cur.fetchall()  # exhausted, so the statement's transaction ends (see _schema_version)
    return int(rows[0][0]) if rows else 0
