"""Statements in the graph (migration 009): a statement is its main claim plus qualifiers for
its other roles. Mixed into DuckStore so the daemon serves these like every GraphStore method.

`write_statements` is the one write a conversation turn makes: the entities it files, every
claim it states and their qualifiers commit together in one transaction (one fsync of the
graph's WAL), so a turn is in the graph whole or not at all. The retrieval bumps of earlier
questions are not written here (memory/retrievals.py): the next other write, the daemon's
housekeeping round or close() writes them.
"""

from __future__ import annotations

from collections.abc import Sequence
from contextlib import AbstractContextManager
from datetime import UTC, datetime
from typing import TYPE_CHECKING

import duckdb

from resident.errors import InvalidInput
from resident.records import Claim, Entity, NewClaim, Qualifier, StatementWrite, UpsertCounts

#: A turn states a handful of things; a call with more is a mistake or an attack.
MAX_STATEMENTS = 256
MAX_QUALIFIERS = 32


def _ts(value: datetime) -> datetime:
    return value.astimezone(UTC).replace(tzinfo=None)


def add_qualifiers(
    cur: duckdb.DuckDBPyConnection, claim_id: str, qualifiers: Sequence[Qualifier], now: datetime
) -> None:
    """Record `qualifiers` on a claim inside the caller's transaction, after those recorded
    before (their order is what `current` reads); one already held is kept as it is."""
    for q in qualifiers:
        cur.execute(
            "INSERT INTO claim_qualifiers (claim_id, role, value, entity_id, "
            "recorded_at) VALUES (?, ?, ?, ?, ?) ON CONFLICT DO NOTHING",
            [claim_id, q.role, q.value, q.entity_id, _ts(now)],
        )


class StatementStoreMixin:
    if TYPE_CHECKING:

        @property
        def _cur(self) -> duckdb.DuckDBPyConnection: ...
        def _tx(
            self, *, retrievals: bool = True
        ) -> AbstractContextManager[duckdb.DuckDBPyConnection]: ...
        def upsert_entities(self, entities: Sequence[Entity], now: datetime) -> UpsertCounts: ...
        def add_claim(
            self,
            new: NewClaim,
            now: datetime,
            session_id: str | None = None,
            correlation_id: str | None = None,
        ) -> Claim: ...

    def write_statements(
        self,
        entities: Sequence[Entity],
        statements: Sequence[StatementWrite],
        now: datetime,
        session_id: str | None = None,
        correlation_id: str | None = None,
    ) -> list[Claim]:
        """File `entities`, admit every statement's claim and add its qualifiers, all in one
        transaction; the claims as stored, in order. A bad row refuses the whole turn."""
        if len(statements) > MAX_STATEMENTS:
            raise InvalidInput(f"at most {MAX_STATEMENTS} statements in one write")
        if any(len(s.qualifiers) > MAX_QUALIFIERS for s in statements):
            raise InvalidInput(f"at most {MAX_QUALIFIERS} qualifiers on one statement")
        stored: list[Claim] = []
        # A turn's write leaves the pending retrievals pending (DuckStore._tx): it only adds,
        # and re-adding a claim refreshes its provenance alone, which no bump reads.
        with self._tx(retrievals=False) as cur:
            if entities:
                self.upsert_entities(list(entities), now)
            for st in statements:
                claim = self.add_claim(st.claim, now, session_id, correlation_id)
                stored.append(claim)
                add_qualifiers(cur, claim.id, st.qualifiers, now)
        return stored

    def qualifiers_of(self, claim_ids: Sequence[str]) -> dict[str, list[Qualifier]]:
        """The qualifiers held for each of `claim_ids` (ids without any are left out)."""
        ids = list(dict.fromkeys(claim_ids))
        if not ids:
            return {}
        rows = self._cur.execute(
            "SELECT claim_id, role, value, entity_id FROM claim_qualifiers "
            "WHERE claim_id IN (SELECT unnest($ids)) ORDER BY claim_id, recorded_at, role, value",
            {"ids": ids},
        ).fetchall()
        out: dict[str, list[Qualifier]] = {}
        for claim_id, role, value, entity_id in rows:
            out.setdefault(claim_id, []).append(
                Qualifier(role=role, value=value, entity_id=entity_id)
            )
        return out

    def told_subjects(self, kind: str, limit: int = 512, predicate: str | None = None) -> list[str]:
        """The labels of the entities of `kind` that something told in conversation was said
        of (of `predicate` only, when given), the most recently told last (at most `limit`):
        the things the household talked about, which a restart must not make MAX forget ("What
        broke on Tuesday?", the things whose price was said)."""
        rows = self._cur.execute(
            "SELECT e.label FROM entities e JOIN claims c ON c.subject = e.id "
            "WHERE e.kind = $kind AND starts_with(c.provenance, 'interaction:') "
            "AND ($predicate IS NULL OR c.predicate = $predicate) "
            "GROUP BY e.label ORDER BY max(c.created_at) DESC, e.label LIMIT $limit",
            {"kind": kind, "limit": limit, "predicate": predicate},
        ).fetchall()
        return [r[0] for r in reversed(rows)]
