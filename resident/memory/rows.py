"""How graph rows look outside DuckDB: the column lists, claim/conflict/gap rows to records and
back, timestamps, and the Arrow schemas the bulk paths (ingest, the wire) build tables with."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, datetime
from typing import Any, overload

import pyarrow as pa

from resident.errors import (
    InvalidInput,
)
from resident.records import (
    ID_PREFIXES,
    Claim,
    Conflict,
    ConflictStatus,
    CuriosityGap,
    Entity,
    GapStatus,
    Level,
    NewClaim,
)

#: The columns of claims as stored, in `_claim_params` order. Reads go through a store's
#: `claim_select`, which has the derived level in place of rung.
CLAIM_COLUMNS = (
    "id, subject, predicate, object_entity, object_literal, confidence, rung, provenance, "
    "created_at, retrieved_at, session_id, correlation_id, occurred_at, valid_to"
)
#: How many values a claim row takes: a migration that adds a column changes it in one place.
CLAIM_WIDTH = len(CLAIM_COLUMNS.split(","))
CONFLICT_COLUMNS = (
    "id, claim_a, claim_b, subject, predicate, status, winner, reason, created_at, resolved_at"
)
GAP_COLUMNS = (
    "id, subject, predicate, question, priority, attempts, status, claim_id, next_attempt_at, "
    "created_at, updated_at, note"
)

_ID_PATTERN = rf"({'|'.join(ID_PREFIXES)}):\S+"


# -- time ------------------------------------------------------------------------------------


def _db_ts(value: datetime) -> datetime:
    """DuckDB holds naive UTC timestamps; aware datetimes are converted at the edge."""
    if value.tzinfo is None:
        raise InvalidInput("datetimes passed to the graph must be timezone-aware")
    return value.astimezone(UTC).replace(tzinfo=None)


@overload
def _py_ts(value: datetime) -> datetime: ...
@overload
def _py_ts(value: None) -> None: ...
def _py_ts(value: datetime | None) -> datetime | None:
    return None if value is None else value.replace(tzinfo=UTC)


# -- row mapping -------------------------------------------------------------------------------


def _claim(row: Sequence[Any]) -> Claim:
    return Claim(
        id=row[0],
        subject=row[1],
        predicate=row[2],
        object_entity=row[3],
        object_literal=row[4],
        confidence=row[5],
        level=Level(row[6]),
        provenance=row[7],
        created_at=_py_ts(row[8]),
        retrieved_at=_py_ts(row[9]),
        session_id=row[10],
        correlation_id=row[11],
        occurred_at=_py_ts(row[12]),
        valid_to=_py_ts(row[13]),
    )


def _conflict(row: Sequence[Any]) -> Conflict:
    return Conflict(
        id=row[0],
        claim_a=row[1],
        claim_b=row[2],
        subject=row[3],
        predicate=row[4],
        status=ConflictStatus(row[5]),
        winner=row[6],
        reason=row[7],
        created_at=_py_ts(row[8]),
        resolved_at=_py_ts(row[9]),
    )


def _gap(row: Sequence[Any]) -> CuriosityGap:
    return CuriosityGap(
        id=row[0],
        subject=row[1],
        predicate=row[2],
        question=row[3],
        priority=row[4],
        attempts=row[5],
        status=GapStatus(row[6]),
        claim_id=row[7],
        next_attempt_at=_py_ts(row[8]),
        created_at=_py_ts(row[9]),
        updated_at=_py_ts(row[10]),
        note=row[11],
    )


def _claim_params(c: Claim) -> list[Any]:
    return [
        c.id,
        c.subject,
        c.predicate,
        c.object_entity,
        c.object_literal,
        c.confidence,
        _rung(c.level),
        c.provenance,
        _db_ts(c.created_at),
        _db_ts(c.retrieved_at),
        c.session_id,
        c.correlation_id,
        None if c.occurred_at is None else _db_ts(c.occurred_at),
        None if c.valid_to is None else _db_ts(c.valid_to),
    ]


def _rung(level: Level) -> str | None:
    """The stored rung of a level: fact and opinion are kept, the rest follows confidence."""
    return level.value if level in (Level.FACT, Level.OPINION) else None


def _conform(table: pa.Table, schema: pa.Schema, what: str) -> pa.Table:
    """The batch with exactly these columns and types, or InvalidInput before any write."""
    try:
        return table.select(schema.names).cast(schema)
    except (KeyError, pa.ArrowInvalid, pa.ArrowTypeError, pa.ArrowNotImplementedError) as exc:
        raise InvalidInput(
            f"{what} table must have columns {', '.join(schema.names)} of types "
            f"{', '.join(str(t) for t in schema.types)}: {exc}"
        ) from exc


def _entities_table(entities: Sequence[Entity]) -> pa.Table:
    return pa.table(
        {
            "id": [e.id for e in entities],
            "kind": [e.kind for e in entities],
            "label": [e.label for e in entities],
            "aliases": pa.array([list(e.aliases) for e in entities], pa.list_(pa.string())),
        }
    )


#: The Arrow shapes the bulk persisters take (ingest builds its tables with these).
ENTITY_SCHEMA = pa.schema(
    [
        ("id", pa.string()),
        ("kind", pa.string()),
        ("label", pa.string()),
        ("aliases", pa.list_(pa.string())),
    ]
)


CLAIM_SCHEMA = pa.schema(
    [
        ("subject", pa.string()),
        ("predicate", pa.string()),
        ("object_entity", pa.string()),
        ("object_literal", pa.string()),
        ("confidence", pa.float64()),
        ("provenance", pa.string()),
        ("opinion", pa.bool_()),
        ("locator", pa.string()),
        # The evidence row's source when it is not the claim's own (a reference the source cites:
        # PMID:..., OMIM:...); a claim may come in several rows, one per reference.
        ("evidence_source", pa.string()),
    ]
)


def _claims_table(claims: Sequence[NewClaim]) -> pa.Table:
    return pa.Table.from_pylist(
        [c.model_dump(include=set(CLAIM_SCHEMA.names)) for c in claims], schema=CLAIM_SCHEMA
    )


def _with_optional_claim_columns(table: pa.Table) -> pa.Table:
    required = {
        "subject",
        "predicate",
        "object_entity",
        "object_literal",
        "confidence",
        "provenance",
    }
    missing = required - set(table.column_names)
    if missing:
        raise InvalidInput(f"claims table lacks columns {sorted(missing)}")
    n = table.num_rows
    if "opinion" not in table.column_names:
        table = table.append_column("opinion", pa.array([False] * n, pa.bool_()))
    if "locator" not in table.column_names:
        table = table.append_column("locator", pa.nulls(n, pa.string()))
    if "evidence_source" not in table.column_names:
        table = table.append_column("evidence_source", pa.nulls(n, pa.string()))
    return _conform(table, CLAIM_SCHEMA, "claims")
