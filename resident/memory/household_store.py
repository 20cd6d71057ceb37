"""The graph owner's side of household truth maintenance (migration 010): the end of a claim's
valid time, and the questions MAX means to ask his people. Mixed into DuckStore, so the daemon
serves these like every GraphStore method. Nothing here deletes a row."""

from __future__ import annotations

from collections.abc import Sequence
from contextlib import AbstractContextManager
from datetime import datetime
from typing import Any

import duckdb
import pyarrow as pa

from resident.cognition import epistemic
from resident.config import Settings
from resident.errors import GraphMoved, InvalidInput, NotFound
from resident.memory.cursors import _count
from resident.memory.learning_store import (
    _trim,
    experience_of,
    experiences_table,
    gap_closed_experience,
)
from resident.memory.rows import (
    CONFLICT_COLUMNS,
    GAP_COLUMNS,
    _claim,
    _conflict,
    _db_ts,
    _gap,
    _py_ts,
    _rung,
)
from resident.memory.sql_rules import _level_sql
from resident.memory.statement_store import add_qualifiers
from resident.records import (
    Claim,
    ClaimWrite,
    Conflict,
    CuriosityGap,
    Experience,
    GapAttempt,
    GapContext,
    GapSettlement,
    HouseQuestion,
    Qualifier,
    QuestionStatus,
)

QUESTION_COLUMNS = (
    "id, gap_id, person_id, subject, predicate, claim_ids, first_hand, text, status, "
    "created_at, asked_at, answered_at, answer"
)


def _question(row: Sequence[Any]) -> HouseQuestion:
    return HouseQuestion(
        id=row[0],
        gap_id=row[1],
        person_id=row[2],
        subject=row[3],
        predicate=row[4],
        claim_ids=list(row[5]),
        first_hand=row[6],
        text=row[7],
        status=QuestionStatus(row[8]),
        created_at=_py_ts(row[9]),
        asked_at=_py_ts(row[10]),
        answered_at=_py_ts(row[11]),
        answer=row[12],
    )


class HouseholdStoreMixin:
    @property
    def _cur(self) -> duckdb.DuckDBPyConnection:  # DuckStore's per-thread cursor
        raise NotImplementedError

    def _tx(self) -> AbstractContextManager[duckdb.DuckDBPyConnection]:  # DuckStore's
        raise NotImplementedError

    def _claim_by_id(self, cur: duckdb.DuckDBPyConnection, claim_id: str) -> Claim | None:
        raise NotImplementedError

    settings: Settings
    claim_select: str

    def _replay_capacity(self) -> int:  # LearningStoreMixin's
        raise NotImplementedError

    # -- the exploration loop in batches -------------------------------------------------------

    def gap_context(self, gaps: Sequence[CuriosityGap]) -> list[GapContext]:
        """For each gap: its claims, the conflicts touching them and their evidence sources, read
        in three set-based queries for the whole batch rather than a few per gap."""
        if not gaps:
            return []
        cur = self._cur
        cur.complete()  # register refuses while an earlier result on this cursor is unread
        keys = sorted({(g.subject, g.predicate) for g in gaps})
        cur.register(
            "gap_keys",
            pa.table({"subject": [k[0] for k in keys], "predicate": [k[1] for k in keys]}),
        )
        try:
            claims = [
                _claim(r)
                for r in cur.execute(
                    f"SELECT {self.claim_select} FROM claims "
                    "SEMI JOIN gap_keys USING (subject, predicate) ORDER BY id"
                ).fetchall()
            ]
        finally:
            cur.unregister("gap_keys")
        ids = [c.id for c in claims]
        evidence: dict[str, list[str]] = {i: [] for i in ids}
        conflicts: dict[str, list[Any]] = {i: [] for i in ids}
        if ids:
            cur.register("gap_claims", pa.table({"id": ids}))
            try:
                for cid, source in cur.execute(
                    "SELECT claim_id, source FROM claim_evidence "
                    "WHERE claim_id IN (SELECT id FROM gap_claims) ORDER BY claim_id, source"
                ).fetchall():
                    evidence[cid].append(source)
                rows = cur.execute(
                    f"SELECT {CONFLICT_COLUMNS} FROM conflicts WHERE claim_a IN "
                    "(SELECT id FROM gap_claims) OR claim_b IN (SELECT id FROM gap_claims) "
                    "ORDER BY created_at, id"
                ).fetchall()
            finally:
                cur.unregister("gap_claims")
            for row in rows:
                x = _conflict(row)
                for side in (x.claim_a, x.claim_b):
                    if side in conflicts:
                        conflicts[side].append(x)
        by_key: dict[tuple[str, str], list[Claim]] = {}
        for c in claims:
            by_key.setdefault((c.subject, c.predicate), []).append(c)
        out = []
        for g in gaps:
            mine = by_key.get((g.subject, g.predicate), [])
            seen = {x.id: x for c in mine for x in conflicts[c.id]}
            out.append(
                GapContext(
                    gap_id=g.id,
                    claims=mine,
                    conflicts=list(seen.values()),
                    evidence={c.id: evidence[c.id] for c in mine},
                )
            )
        return out

    def attempt_gaps(self, items: Sequence[GapAttempt], now: datetime) -> list[CuriosityGap]:
        """attempt_gap for a batch, in one transaction: each gap answered (closed) or open again
        after its backoff, with its note; closed gaps enter the replay buffer as one does."""
        if not items:
            return []
        with self._tx() as cur:
            updated, closed = self._attempt(cur, items, now)
            self._experiences_in(cur, closed, now)
        return updated

    def settle_gaps(self, settlement: GapSettlement, now: datetime) -> list[CuriosityGap]:
        """Write what one batch of the exploration loop decided, in one transaction and a few
        set-based statements: the claims promoted or lowered, the conflicts resolved, the
        questions filed, the replay buffer's experiences (each resolution's winner, then the
        closed gaps) and every gap's attempt. The rules were applied by the loop
        (resident.cognition.settling); the store checks that every claim it writes still has
        the confidence and level the decision read and every conflict it resolves is still
        open, else GraphMoved and nothing is written. Returns the gaps as attempt_gaps does.

        The store applies decided rows and does not derive the rules again (the loop's Ledger
        did, on these very rows): only the owner's and the service token reach it over the graph
        API, as for the other writes there. Applying the decisions again on a Ledger read inside
        this transaction cost half as much CPU again (RESULTS-household.md)."""
        if not settlement.attempts:
            return []
        with self._tx() as cur:
            cur.complete()  # register refuses while an earlier result on this cursor is unread
            self._write_claims(cur, settlement.claims)
            self._resolve_conflicts(cur, settlement.conflicts, now)
            self._file_questions(cur, settlement.questions)
            updated, closed = self._attempt(cur, settlement.attempts, now)
            won = [
                experience_of(w, "conflict_resolved", 1.0 - w.confidence, now)
                for w in settlement.winners
            ]
            self._experiences_in(cur, [*won, *closed], now)
        return updated

    def entity_labels(self, ids: Sequence[str]) -> dict[str, str]:
        """The labels of these entities, by id, in one read; unknown ids are left out."""
        if not ids:
            return {}
        rows = _with_table(
            self._cur,
            "label_ids",
            pa.table({"id": pa.array(sorted(set(ids)), pa.string())}),
            "SELECT id, label FROM entities WHERE id IN (SELECT id FROM label_ids)",
        )
        return {r[0]: r[1] for r in rows}

    def _write_claims(self, cur: duckdb.DuckDBPyConnection, writes: Sequence[ClaimWrite]) -> None:
        if not writes:
            return
        staged = pa.table(
            {
                "id": [w.id for w in writes],
                "new_confidence": pa.array([w.confidence for w in writes], pa.float64()),
                "new_rung": pa.array([_rung(w.level) for w in writes], pa.string()),
                "read_confidence": pa.array([w.read_confidence for w in writes], pa.float64()),
                "read_level": [w.read_level.value for w in writes],
            }
        )
        cur.register("claim_writes", staged)
        try:
            # One statement checks and writes: a row that moved since the read is not updated,
            # the count falls short and the whole transaction rolls back.
            written = _count(
                cur.execute(
                    "UPDATE claims SET confidence = u.new_confidence, rung = u.new_rung "
                    "FROM claim_writes u WHERE claims.id = u.id "
                    "AND claims.confidence = u.read_confidence "
                    f"AND ({_level_sql(self.settings)}) = u.read_level"
                )
            )
        finally:
            cur.unregister("claim_writes")
        if written != len(writes):
            raise GraphMoved(
                f"{len(writes) - written} of the batch's claims changed since it read them"
            )

    def _resolve_conflicts(
        self, cur: duckdb.DuckDBPyConnection, settled: Sequence[Conflict], now: datetime
    ) -> None:
        if not settled:
            return
        staged = pa.table(
            {
                "id": [x.id for x in settled],
                "status": [x.status.value for x in settled],
                "winner": pa.array([x.winner for x in settled], pa.string()),
            }
        )
        cur.register("conflict_writes", staged)
        try:
            written = _count(
                cur.execute(
                    "UPDATE conflicts SET status = u.status, winner = u.winner, "
                    "resolved_at = $now FROM conflict_writes u "
                    "WHERE conflicts.id = u.id AND conflicts.status = 'open'",
                    {"now": _db_ts(now)},
                )
            )
        finally:
            cur.unregister("conflict_writes")
        if written != len(settled):
            raise GraphMoved(
                f"{len(settled) - written} of the batch's conflicts are no longer open"
            )

    def _file_questions(
        self, cur: duckdb.DuckDBPyConnection, items: Sequence[HouseQuestion]
    ) -> None:
        """add_questions inside the caller's transaction, with one insert."""
        unique = list({q.id: q for q in reversed(items)}.values())[::-1]  # the first of an id
        if not unique:
            return
        staged = pa.table(
            {
                "id": [q.id for q in unique],
                "gap_id": [q.gap_id for q in unique],
                "person_id": [q.person_id for q in unique],
                "subject": [q.subject for q in unique],
                "predicate": [q.predicate for q in unique],
                "claim_ids": pa.array([q.claim_ids for q in unique], pa.list_(pa.string())),
                "first_hand": pa.array([q.first_hand for q in unique], pa.bool_()),
                "text": [q.text for q in unique],
                "status": [q.status.value for q in unique],
                "created_at": _timestamps([q.created_at for q in unique]),
                "asked_at": _timestamps([q.asked_at for q in unique]),
                "answered_at": _timestamps([q.answered_at for q in unique]),
                "answer": pa.array([q.answer for q in unique], pa.string()),
            }
        )
        self._asking().update(q.person_id for q in unique)
        cur.register("question_batch", staged)
        try:
            cur.execute(
                f"INSERT INTO questions ({QUESTION_COLUMNS}) SELECT {QUESTION_COLUMNS} "
                "FROM question_batch ON CONFLICT (id) DO NOTHING"
            )
        finally:
            cur.unregister("question_batch")

    def _attempt(
        self, cur: duckdb.DuckDBPyConnection, items: Sequence[GapAttempt], now: datetime
    ) -> tuple[list[CuriosityGap], list[Experience]]:
        """The gaps after these attempts, written; and the closed ones' experiences."""
        wanted = {i.gap_id: i for i in items}
        cur.complete()
        rows = _with_table(
            cur,
            "gap_ids",
            pa.table({"id": list(wanted)}),
            f"SELECT {GAP_COLUMNS} FROM curiosity_gaps WHERE id IN (SELECT id FROM gap_ids)",
        )
        found = {r[0]: _gap(r) for r in rows}
        missing = sorted(set(wanted) - set(found))
        if missing:
            raise NotFound(f"no gap {missing[0]!r}")
        updated = [
            epistemic.gap_attempted(
                found[gid], now, self.settings.curiosity, item.resolved, item.note
            )
            for gid, item in wanted.items()
        ]
        staged = pa.table(
            {
                "id": [g.id for g in updated],
                "attempts": pa.array([g.attempts for g in updated], pa.int32()),
                "status": [g.status.value for g in updated],
                "next_attempt_at": _timestamps([g.next_attempt_at for g in updated]),
                "note": [g.note for g in updated],
            }
        )
        cur.register("gap_updates", staged)
        try:
            cur.execute(
                "UPDATE curiosity_gaps SET attempts = u.attempts, status = u.status, "
                "next_attempt_at = u.next_attempt_at, updated_at = $now, note = u.note "
                "FROM gap_updates u WHERE curiosity_gaps.id = u.id",
                {"now": _db_ts(now)},
            )
        finally:
            cur.unregister("gap_updates")
        closed = [g for g in updated if g.status.value == "resolved"]
        named = sorted({g.claim_id for g in closed if g.claim_id is not None})
        claims = {}
        if named:
            claims = {
                c.id: c
                for c in map(
                    _claim,
                    _with_table(
                        cur,
                        "closed_claims",
                        pa.table({"id": named}),
                        f"SELECT {self.claim_select} FROM claims "
                        "WHERE id IN (SELECT id FROM closed_claims)",
                    ),
                )
            }
        return updated, [
            gap_closed_experience(g, None if g.claim_id is None else claims.get(g.claim_id), now)
            for g in closed
        ]

    def _experiences_in(
        self, cur: duckdb.DuckDBPyConnection, items: Sequence[Experience], now: datetime
    ) -> None:
        """_buffer_in with one insert: the first experience of an id is kept, as a row at a
        time with ON CONFLICT DO NOTHING keeps it; then the buffer is trimmed once (the
        highest-priority rows of a set are the same trimmed once or after every insert)."""
        unique = list({e.id: e for e in reversed(items)}.values())[::-1]
        if not unique:
            return
        cur.complete()
        cur.register("replay_batch", experiences_table(unique))
        try:
            cur.execute(
                "INSERT INTO replay_buffer SELECT * FROM replay_batch ON CONFLICT (id) DO NOTHING"
            )
        finally:
            cur.unregister("replay_batch")
        _trim(cur, self._replay_capacity(), now)

    def end_validity(self, claim_id: str, valid_to: datetime | None, now: datetime) -> Claim:
        """Say that what a claim says stopped being true at `valid_to` (None: it holds again,
        as when someone is back at a job). Confidence, rung and the row are untouched: the
        claim was true then, and "Where did Ben work before?" still reads it."""
        if valid_to is not None and valid_to > now:
            raise InvalidInput("a claim's validity cannot end in the future")
        with self._tx() as cur:
            claim = self._claim_by_id(cur, claim_id)
            if claim is None:
                raise NotFound(f"no claim {claim_id!r}")
            cur.execute(
                "UPDATE claims SET valid_to = ? WHERE id = ?",
                [None if valid_to is None else _db_ts(valid_to), claim_id],
            )
        return claim.model_copy(update={"valid_to": valid_to})

    def reschedule(
        self, claim_id: str, occurred_at: datetime, said: Sequence[Qualifier], now: datetime
    ) -> Claim:
        """Move when what a planned claim says is due ("the christening's been moved to the
        9th"): a claim is its content, so the new time is the same claim's valid time, not a
        second row. What it was due on before stays with it as the qualifiers recorded
        earlier; `said` (the new time as said, and that it changed) is recorded after them."""
        with self._tx() as cur:
            claim = self._claim_by_id(cur, claim_id)
            if claim is None:
                raise NotFound(f"no claim {claim_id!r}")
            cur.execute(
                "UPDATE claims SET occurred_at = ? WHERE id = ?", [_db_ts(occurred_at), claim_id]
            )
            add_qualifiers(cur, claim_id, said, now)
        return claim.model_copy(update={"occurred_at": occurred_at})

    def add_questions(self, items: Sequence[HouseQuestion], now: datetime) -> int:
        """File planned questions; one already filed (same id) is kept as it is. Returns how
        many were new."""
        added = 0
        self._asking().update(q.person_id for q in items)
        with self._tx() as cur:
            for q in items:
                before = cur.execute("SELECT 1 FROM questions WHERE id = ?", [q.id]).fetchall()
                if before:
                    continue
                cur.execute(
                    f"INSERT INTO questions ({QUESTION_COLUMNS}) VALUES ({', '.join('?' * 13)})",
                    [
                        q.id,
                        q.gap_id,
                        q.person_id,
                        q.subject,
                        q.predicate,
                        q.claim_ids,
                        q.first_hand,
                        q.text,
                        q.status.value,
                        _db_ts(q.created_at),
                        None if q.asked_at is None else _db_ts(q.asked_at),
                        None if q.answered_at is None else _db_ts(q.answered_at),
                        q.answer,
                    ],
                )
                added += 1
        return added

    #: Who has questions filed, loaded once (see _asking).
    _question_people: set[str] | None = None

    def _asking(self) -> set[str]:
        """The people with questions filed. Every conversation turn asks whether a question
        waits for its speaker (twice); for most speakers none ever was, and the answer then
        costs no query. Filled before an insert, so a rolled-back one only costs a query."""
        people = self._question_people
        if people is None:
            rows = self._cur.execute("SELECT DISTINCT person_id FROM questions").fetchall()
            people = self._question_people = {r[0] for r in rows}
        return people

    def questions(
        self,
        person_id: str | None = None,
        status: str | None = None,
        gap_id: str | None = None,
        limit: int = 100,
    ) -> list[HouseQuestion]:
        """Questions filed, oldest first, narrowed by whom they are for, status and gap."""
        if person_id is not None and person_id not in self._asking():
            return []  # the usual turn: nothing was ever filed for this speaker, no query
        where, params = _filters(person_id=person_id, status=status, gap_id=gap_id)
        rows = self._cur.execute(
            f"SELECT {QUESTION_COLUMNS} FROM questions{where} ORDER BY created_at, id LIMIT ?",
            [*params, limit],
        ).fetchall()
        return [_question(r) for r in rows]

    def set_question_status(
        self, question_id: str, status: str, now: datetime, answer: str | None = None
    ) -> HouseQuestion:
        """Move a question on: asked (now), answered (now, with the answer) or unanswered."""
        new = QuestionStatus(status)
        with self._tx() as cur:
            rows = cur.execute(
                f"SELECT {QUESTION_COLUMNS} FROM questions WHERE id = ?", [question_id]
            ).fetchall()
            if not rows:
                raise NotFound(f"no question {question_id!r}")
            q = _question(rows[0])
            update: dict[str, Any] = {"status": new}
            if new is QuestionStatus.ASKED:
                update["asked_at"] = now
            if new is QuestionStatus.ANSWERED:
                update |= {"answered_at": now, "answer": answer}
            q = q.model_copy(update=update)
            cur.execute(
                "UPDATE questions SET status = ?, asked_at = ?, answered_at = ?, answer = ? "
                "WHERE id = ?",
                [
                    q.status.value,
                    None if q.asked_at is None else _db_ts(q.asked_at),
                    None if q.answered_at is None else _db_ts(q.answered_at),
                    q.answer,
                    q.id,
                ],
            )
        return q


def _timestamps(values: Sequence[datetime | None]) -> pa.Array:
    return pa.array([None if v is None else _db_ts(v) for v in values], pa.timestamp("us"))


def _with_table(cur: duckdb.DuckDBPyConnection, name: str, table: pa.Table, sql: str) -> list[Any]:
    """Rows of `sql`, which reads the Arrow `table` registered as `name` for the query."""
    cur.complete()
    cur.register(name, table)
    try:
        return cur.execute(sql).fetchall()
    finally:
        cur.unregister(name)


def _filters(**given: str | None) -> tuple[str, list[Any]]:
    parts = [(f"{k} = ?", v) for k, v in given.items() if v is not None]
    if not parts:
        return "", []
    return " WHERE " + " AND ".join(p for p, _ in parts), [v for _, v in parts]
