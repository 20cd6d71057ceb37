"""Entities in the graph: the idempotent bulk upsert keyed by stable id, and lookup by id or by
name (label or alias, through entity_names). Mixed into DuckStore; moved out of duck_store.py
unchanged."""

from __future__ import annotations

from collections.abc import Sequence
from contextlib import AbstractContextManager
from datetime import datetime
from typing import TYPE_CHECKING

import duckdb
import pyarrow as pa

from resident.errors import (
    InvalidInput,
    NotFound,
)
from resident.memory.cursors import _count, _one, _unregister
from resident.memory.rows import (
    _ID_PATTERN,
    ENTITY_SCHEMA,
    _conform,
    _db_ts,
    _entities_table,
)
from resident.records import (
    Entity,
    UpsertCounts,
)


class EntityStoreMixin:
    if TYPE_CHECKING:

        @property
        def _cur(self) -> duckdb.DuckDBPyConnection: ...
        def _tx(self) -> AbstractContextManager[duckdb.DuckDBPyConnection]: ...

    # entities

    def upsert_entities(self, entities: Sequence[Entity] | pa.Table, now: datetime) -> UpsertCounts:
        """Idempotent upsert keyed by stable id; the bulk path takes an Arrow table with columns
        id, kind, label and optionally aliases (list of strings)."""
        if not isinstance(entities, pa.Table) and len(entities) <= _FEW:
            with self._tx() as cur:
                return _upsert_few(cur, entities, now)
        table = entities if isinstance(entities, pa.Table) else _entities_table(entities)
        if "aliases" not in table.column_names:
            table = table.append_column(
                "aliases", pa.array([[] for _ in range(table.num_rows)], pa.list_(pa.string()))
            )
        table = _conform(table, ENTITY_SCHEMA, "entities")
        with self._tx() as cur:
            cur.register("batch_entities", table)
            try:
                bad = _one(
                    cur.execute(
                        "SELECT id, kind, label FROM batch_entities WHERE id IS NULL "
                        f"OR NOT regexp_full_match(id, '{_ID_PATTERN}') "
                        "OR kind IS NULL OR length(kind) NOT BETWEEN 1 AND 64 "
                        "OR label IS NULL OR length(label) NOT BETWEEN 1 AND 1000 LIMIT 1"
                    )
                )
                if bad:
                    raise InvalidInput(f"entity refused (id, kind, label) = {bad!r}")
                # A batch without repeated ids (the usual case) is staged as a view over the
                # Arrow table; only a batch with repeats pays for a deduplicated copy.
                unique = bool(
                    cur.execute(
                        "SELECT count(DISTINCT id) = count(*) FROM batch_entities"
                    ).fetchall()[0][0]
                )
                staged = "VIEW" if unique else "TABLE"
                cur.execute(
                    f"CREATE OR REPLACE TEMP {staged} staged_entities AS "
                    f"SELECT {'' if unique else 'DISTINCT ON (id)'} id, kind, label, "
                    "coalesce(aliases, []::VARCHAR[]) AS aliases FROM batch_entities"
                )
                # Ids whose names change (new, or a new label/aliases): their name rows are rebuilt.
                cur.execute(
                    "CREATE OR REPLACE TEMP TABLE renamed_entities AS SELECT s.id, s.label, "
                    "s.aliases FROM staged_entities s LEFT JOIN entities e ON e.id = s.id "
                    "WHERE e.id IS NULL OR e.label <> s.label OR e.aliases <> s.aliases"
                )
                inserted = _count(
                    cur.execute(
                        "INSERT INTO entities SELECT s.id, s.kind, s.label, s.aliases, $now, $now "
                        "FROM staged_entities s ANTI JOIN entities e ON e.id = s.id",
                        {"now": _db_ts(now)},
                    )
                )
                total = _count(cur.execute("SELECT count(*) FROM staged_entities"))
                # When every row was new there is nothing to compare (a first ingest).
                updated = (
                    0
                    if inserted == total
                    else _count(
                        cur.execute(
                            "UPDATE entities SET kind = s.kind, label = s.label, "
                            "aliases = s.aliases, "
                            "updated_at = $now FROM staged_entities s WHERE entities.id = s.id "
                            "AND (entities.kind <> s.kind OR entities.label <> s.label "
                            "OR entities.aliases <> s.aliases)",
                            {"now": _db_ts(now)},
                        )
                    )
                )
                cur.execute(
                    "DELETE FROM entity_names WHERE entity_id IN (SELECT id FROM renamed_entities)"
                )
                cur.execute(
                    "INSERT INTO entity_names SELECT DISTINCT lower(name), id FROM ("
                    "SELECT id, label AS name FROM renamed_entities UNION ALL "
                    "SELECT id, unnest(aliases) AS name FROM renamed_entities)"
                )
                cur.execute(f"DROP {staged} staged_entities")
                cur.execute("DROP TABLE renamed_entities")
            finally:
                _unregister(cur, "batch_entities")
        return UpsertCounts(
            inserted=inserted, updated=updated, unchanged=total - inserted - updated
        )

    def get_entity(self, entity_id: str) -> Entity:
        row = _one(
            self._cur.execute(
                "SELECT id, kind, label, aliases FROM entities WHERE id = ?", [entity_id]
            )
        )
        if row is None:
            raise NotFound(f"no entity {entity_id!r}")
        return Entity(id=row[0], kind=row[1], label=row[2], aliases=tuple(row[3]))

    def find_entities(self, name: str, limit: int = 10) -> list[Entity]:
        """Entities whose label or one of whose aliases equals `name`, ignoring case."""
        cur = self._cur
        # Two index probes rather than a join: a join would scan every entity.
        ids = [
            r[0]
            for r in cur.execute(
                "SELECT DISTINCT entity_id FROM entity_names WHERE name = lower($n) "
                "ORDER BY entity_id LIMIT $limit",
                {"n": name, "limit": limit},
            ).fetchall()
        ]
        return [self.get_entity(entity_id) for entity_id in ids]


#: Up to this many entities (a conversation turn's few) are upserted one index probe at a time:
#: the bulk path's joins read every entity, about 10 ms at 100k entities, for one new name.
_FEW = 16


def _upsert_few(
    cur: duckdb.DuckDBPyConnection, entities: Sequence[Entity], now: datetime
) -> UpsertCounts:
    """upsert_entities for a few validated Entity records: the same rows, names and counts as
    the bulk path, by id lookups instead of joins."""
    latest = {e.id: e for e in entities}  # a repeated id: its last version, as one row
    inserted = updated = 0
    for e in latest.values():
        row = _one(cur.execute("SELECT kind, label, aliases FROM entities WHERE id = ?", [e.id]))
        aliases = list(e.aliases)
        if row is None:
            cur.execute(
                "INSERT INTO entities VALUES (?, ?, ?, ?, ?, ?)",
                [e.id, e.kind, e.label, aliases, _db_ts(now), _db_ts(now)],
            )
            inserted += 1
        elif (row[0], row[1], list(row[2])) != (e.kind, e.label, aliases):
            cur.execute(
                "UPDATE entities SET kind = ?, label = ?, aliases = ?, updated_at = ? WHERE id = ?",
                [e.kind, e.label, aliases, _db_ts(now), e.id],
            )
            updated += 1
        if row is None or (row[1], list(row[2])) != (e.label, aliases):
            cur.execute("DELETE FROM entity_names WHERE entity_id = ?", [e.id])
            # lower() in SQL, as the bulk path and find_entities fold names.
            cur.execute(
                "INSERT INTO entity_names SELECT DISTINCT lower(n), ? FROM unnest(?) t(n)",
                [e.id, [e.label, *aliases]],
            )
    unchanged = len(latest) - inserted - updated
    return UpsertCounts(inserted=inserted, updated=updated, unchanged=unchanged)
