"""The epistemic operations in the graph: promotion to FACT (one claim, or every claim that earned
it, set-based), the ladder, conflicts and their resolution, and corrections. The rules are
resident.cognition.epistemic's; this is the IO. Mixed into DuckStore; moved out of
duck_store.py unchanged."""

from __future__ import annotations

from collections.abc import Sequence
from contextlib import AbstractContextManager
from datetime import datetime
from typing import TYPE_CHECKING

import duckdb

from resident.cognition import epistemic
from resident.config import Settings
from resident.errors import (
    NotFound,
)
from resident.memory import sql_rules
from resident.memory.cursors import _one, _qs, _unregister
from resident.memory.learning_store import (
    experience_of,
)
from resident.memory.rows import (
    CLAIM_COLUMNS,
    CLAIM_WIDTH,
    CONFLICT_COLUMNS,
    _claim,
    _claim_params,
    _conflict,
    _db_ts,
    _rung,
)
from resident.memory.sql_rules import (
    _level_sql,
)
from resident.records import (
    Claim,
    Conflict,
    CuriosityGap,
    Experience,
    Ladder,
    Level,
    NewClaim,
)


class EpistemicStoreMixin:
    settings: Settings
    claim_select: str

    if TYPE_CHECKING:

        @property
        def _cur(self) -> duckdb.DuckDBPyConnection: ...
        def _tx(self) -> AbstractContextManager[duckdb.DuckDBPyConnection]: ...
        def _buffer_in(
            self, cur: duckdb.DuckDBPyConnection, items: Sequence[Experience], now: datetime
        ) -> None: ...
        def _check_literal(self, literal: str | None) -> None: ...
        def _claim_by_id(self, cur: duckdb.DuckDBPyConnection, claim_id: str) -> Claim | None: ...
        def _require_entities(self, cur: duckdb.DuckDBPyConnection, ids: list[str]) -> None: ...
        def _insert_gap(self, cur: duckdb.DuckDBPyConnection, g: CuriosityGap) -> None: ...
        def confidence_histogram(self, bins: int = sql_rules.HISTOGRAM_BINS) -> list[int]: ...

    # the epistemic operations

    def _same_statement(self, cur: duckdb.DuckDBPyConnection, claim: Claim) -> list[Claim]:
        rows = cur.execute(
            f"SELECT {self.claim_select} FROM claims WHERE subject = ? AND predicate = ? "
            "AND coalesce(object_entity, object_literal) = ? AND id <> ?",
            [claim.subject, claim.predicate, claim.object_value, claim.id],
        ).fetchall()
        return [_claim(r) for r in rows]

    def _write_confidence(self, cur: duckdb.DuckDBPyConnection, claim: Claim) -> None:
        cur.execute(
            "UPDATE claims SET confidence = ?, rung = ? WHERE id = ?",
            [claim.confidence, _rung(claim.level), claim.id],
        )

    def _must_claim(self, cur: duckdb.DuckDBPyConnection, claim_id: str) -> Claim:
        claim = self._claim_by_id(cur, claim_id)
        if claim is None:
            raise NotFound(f"no claim {claim_id!r}")
        return claim

    def _evidence_sources(
        self, cur: duckdb.DuckDBPyConnection, claims: Sequence[Claim]
    ) -> dict[str, list[str]]:
        """The sources of these claims' evidence rows, by claim id (what the rules count)."""
        out: dict[str, list[str]] = {}
        for c in claims:
            out[c.id] = [
                r[0]
                for r in cur.execute(
                    "SELECT source FROM claim_evidence WHERE claim_id = ? ORDER BY source", [c.id]
                ).fetchall()
            ]
        return out

    def promote_to_fact(self, claim_id: str, now: datetime) -> Claim:
        """Raise a claim to FACT; PromotionRefused unless >1 independent grounded source."""
        with self._tx() as cur:
            claim = self._must_claim(cur, claim_id)
            same = self._same_statement(cur, claim)
            promoted = epistemic.promote_to_fact(
                claim, same, self.settings.epistemic, self._evidence_sources(cur, [claim, *same])
            )
            if promoted != claim:
                self._write_confidence(cur, promoted)
        return promoted

    def ladder(self) -> Ladder:
        """Claims per rung and provenance class, and the confidence histogram."""
        cur = self._cur
        provs = [r[0] for r in cur.execute("SELECT DISTINCT provenance FROM claims").fetchall()]
        cur.register("prov_class", sql_rules.provenance_table(provs))
        try:
            rows = cur.execute(
                f"SELECT {_level_sql(self.settings)} AS level, p.provenance_class, count(*) "
                "FROM claims JOIN prov_class p USING (provenance) GROUP BY ALL"
            ).fetchall()
        finally:
            _unregister(cur, "prov_class")
        rungs: dict[str, dict[str, int]] = {level.value: {} for level in Level}
        for level, klass, n in sorted(rows):
            rungs[level][klass] = n
        return Ladder(rungs=rungs, histogram=self.confidence_histogram())

    def record_conflict(
        self, claim_a: str, claim_b: str, now: datetime, reason: str = "contradiction"
    ) -> Conflict:
        with self._tx() as cur:
            conflict = epistemic.record_conflict(
                self._must_claim(cur, claim_a), self._must_claim(cur, claim_b), now, reason
            )
            existing = self._conflict_by_id(cur, conflict.id)
            if existing is not None:
                return existing
            self._insert_conflict(cur, conflict)
        return conflict

    def resolve_conflict(
        self, conflict_id: str, winner_id: str, now: datetime
    ) -> tuple[Conflict, Claim]:
        """Settle a conflict with the graph's grounded evidence for the winner; the loser keeps
        its row and loses half its confidence. Refused (nothing written) without evidence."""
        with self._tx() as cur:
            conflict = self._conflict_by_id(cur, conflict_id)
            if conflict is None:
                raise NotFound(f"no conflict {conflict_id!r}")
            loser_id = conflict.claim_b if winner_id == conflict.claim_a else conflict.claim_a
            winner = self._must_claim(cur, winner_id)
            loser = self._must_claim(cur, loser_id)
            support = self._same_statement(cur, winner)
            settled, lost = epistemic.resolve_conflict(
                conflict,
                winner,
                loser,
                support,
                now,
                self.settings.epistemic,
                self._evidence_sources(cur, [winner, *support]),
            )
            self._write_confidence(cur, lost)
            cur.execute(
                "UPDATE conflicts SET status = ?, winner = ?, resolved_at = ? WHERE id = ?",
                [settled.status.value, settled.winner, _db_ts(now), settled.id],
            )
            # The replay buffer keeps the winner: surprise is how unsure MAX was of it.
            self._buffer_in(
                cur, [experience_of(winner, "conflict_resolved", 1.0 - winner.confidence, now)], now
            )
        return settled, lost

    def record_correction(
        self,
        correction: NewClaim,
        old_claim_id: str | None,
        now: datetime,
        session_id: str | None = None,
        correlation_id: str | None = None,
    ) -> epistemic.CorrectionWrites:
        """Three writes in one transaction: a top-priority curiosity gap, a user_correction
        HYPOTHESIS and a conflict row with the old claim. Never a fact."""
        self._check_literal(correction.object_literal)
        with self._tx() as cur:
            ids = [correction.subject]
            if correction.object_entity:
                ids.append(correction.object_entity)
            self._require_entities(cur, ids)
            old = None if old_claim_id is None else self._must_claim(cur, old_claim_id)
            writes = epistemic.record_correction(
                old,
                correction,
                now,
                self.settings.epistemic,
                self.settings.curiosity,
                session_id,
                correlation_id,
            )
            hypothesis = self._claim_by_id(cur, writes.hypothesis.id)
            if hypothesis is None:
                cur.execute(
                    f"INSERT INTO claims ({CLAIM_COLUMNS}) VALUES ({_qs(CLAIM_WIDTH)})",
                    _claim_params(writes.hypothesis),
                )
            conflict = writes.conflict
            if conflict is not None and self._conflict_by_id(cur, conflict.id) is None:
                self._insert_conflict(cur, conflict)
            self._insert_gap(cur, writes.gap)
            # The corrected belief enters the replay buffer, surprising as it was confident.
            if old is not None:
                self._buffer_in(cur, [experience_of(old, "corrected", old.confidence, now)], now)
        return writes

    def conflicts_for(self, claim_id: str) -> list[Conflict]:
        rows = self._cur.execute(
            f"SELECT {CONFLICT_COLUMNS} FROM conflicts WHERE claim_a = $c OR claim_b = $c "
            "ORDER BY created_at, id",
            {"c": claim_id},
        ).fetchall()
        return [_conflict(r) for r in rows]

    def open_conflicts(self, limit: int = 100) -> list[Conflict]:
        rows = self._cur.execute(
            f"SELECT {CONFLICT_COLUMNS} FROM conflicts WHERE status = 'open' "
            "ORDER BY created_at, id LIMIT ?",
            [limit],
        ).fetchall()
        return [_conflict(r) for r in rows]

    def _conflict_by_id(self, cur: duckdb.DuckDBPyConnection, conflict_id: str) -> Conflict | None:
        row = _one(
            cur.execute(f"SELECT {CONFLICT_COLUMNS} FROM conflicts WHERE id = ?", [conflict_id])
        )
        return None if row is None else _conflict(row)

    def _insert_conflict(self, cur: duckdb.DuckDBPyConnection, c: Conflict) -> None:
        cur.execute(
            f"INSERT INTO conflicts ({CONFLICT_COLUMNS}) VALUES ({_qs(10)})",
            [
                c.id,
                c.claim_a,
                c.claim_b,
                c.subject,
                c.predicate,
                c.status.value,
                c.winner,
                c.reason,
                _db_ts(c.created_at),
                None if c.resolved_at is None else _db_ts(c.resolved_at),
            ],
        )
