"""The graph owner's side of the model council: sittings (migration 006). Mixed into DuckStore
so the daemon serves these like every GraphStore method; a sitting row is only ever added, never
changed or deleted."""

from __future__ import annotations

import json
from collections.abc import Sequence
from datetime import UTC, datetime
from typing import Any

import duckdb
from pydantic import TypeAdapter

from resident.records import PanelAnswer, Sitting

SITTING_COLUMNS = (
    "id, question_key, kind, subject, predicate, object, claim_id, gap_id, question, answers, "
    "agreement, verdict, outcome, applied, note, calls, tokens, cost_usd, seconds, sat_at, "
    "session_id, correlation_id"
)
_ANSWERS = TypeAdapter(list[PanelAnswer])


def _ts(value: datetime) -> datetime:
    return value.astimezone(UTC).replace(tzinfo=None)


class CouncilStoreMixin:
    @property
    def _cur(self) -> duckdb.DuckDBPyConnection:  # DuckStore's per-thread cursor
        raise NotImplementedError

    def record_sitting(self, sitting: Sitting) -> Sitting:
        """Add one sitting (same id again: kept once) and return it."""
        s = sitting
        self._cur.execute(
            f"INSERT INTO council_sittings ({SITTING_COLUMNS}) VALUES "
            f"({', '.join('?' * 22)}) ON CONFLICT (id) DO NOTHING",
            [
                s.id,
                s.question_key,
                s.kind.value,
                s.subject,
                s.predicate,
                s.object,
                s.claim_id,
                s.gap_id,
                s.question,
                _ANSWERS.dump_json(s.answers).decode(),
                s.agreement.value,
                s.verdict,
                s.outcome.value,
                json.dumps(s.applied),
                s.note,
                s.calls,
                s.tokens,
                s.cost_usd,
                s.seconds,
                _ts(s.sat_at),
                s.session_id,
                s.correlation_id,
            ],
        )
        return sitting

    def sittings(
        self,
        subject: str | None = None,
        predicate: str | None = None,
        claim_id: str | None = None,
        gap_id: str | None = None,
        limit: int = 100,
    ) -> list[Sitting]:
        """Sittings matching every filter given, newest first."""
        where, params = [], []
        for column, value in (
            ("subject", subject),
            ("predicate", predicate),
            ("claim_id", claim_id),
            ("gap_id", gap_id),
        ):
            if value is not None:
                where.append(f"{column} = ?")
                params.append(value)
        sql = (
            f"SELECT {SITTING_COLUMNS} FROM council_sittings "
            f"{'WHERE ' + ' AND '.join(where) if where else ''} "
            "ORDER BY sat_at DESC, id LIMIT ?"
        )
        rows = self._cur.execute(sql, [*params, limit]).fetchall()
        return [_sitting(r) for r in rows]


def _sitting(r: Sequence[Any]) -> Sitting:
    return Sitting(
        id=r[0],
        question_key=r[1],
        kind=r[2],
        subject=r[3],
        predicate=r[4],
        object=r[5],
        claim_id=r[6],
        gap_id=r[7],
        question=r[8],
        answers=_ANSWERS.validate_json(r[9]),
        agreement=r[10],
        verdict=r[11],
        outcome=r[12],
        applied=json.loads(r[13]),
        note=r[14],
        calls=r[15],
        tokens=r[16],
        cost_usd=r[17],
        seconds=r[18],
        sat_at=r[19].replace(tzinfo=UTC),
        session_id=r[20],
        correlation_id=r[21],
    )
