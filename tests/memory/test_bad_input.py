"""Bad input at the graph's edge: a clear typed error each time, and the graph unchanged."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from typing import Any

import pyarrow as pa
import pytest
from pydantic import ValidationError

from resident.errors import (
    ConflictRefused,
    InvalidInput,
    LiteralTooLarge,
    PromotionRefused,
    ResidentError,
    UnknownProvenance,
)
from resident.memory.duck_store import DuckStore
from resident.records import Entity, NewClaim

T0 = datetime(2026, 1, 1, tzinfo=UTC)
GOOD = dict(
    subject="hp:1",
    predicate="is_a",
    object_entity="hp:2",
    object_literal=None,
    confidence=0.6,
    provenance="ingest:hpo@1",
    opinion=False,
    locator=None,
)
SQLISH = "x'); DROP TABLE claims; --"


@pytest.fixture
def graph(store: DuckStore) -> DuckStore:
    store.upsert_entities(
        [Entity(id=f"hp:{n}", kind="phenotype", label=f"p{n}") for n in range(1, 4)], T0
    )
    store.add_claim(NewClaim(**GOOD), T0)
    return store


@contextmanager
def unchanged(graph: DuckStore) -> Iterator[None]:
    before = graph.counts(), graph.checksum()
    yield
    assert (graph.counts(), graph.checksum()) == before, "a refused write changed the graph"


def row(**changes: Any) -> dict[str, Any]:
    return {**GOOD, **changes}


def batch(rows: list[dict[str, Any]]) -> pa.Table:
    schema = pa.schema(
        [
            ("subject", pa.string()),
            ("predicate", pa.string()),
            ("object_entity", pa.string()),
            ("object_literal", pa.string()),
            ("confidence", pa.float64()),
            ("provenance", pa.string()),
            ("opinion", pa.bool_()),
            ("locator", pa.string()),
        ]
    )
    return pa.Table.from_pylist(rows, schema=schema)


def good_rows(n: int) -> list[dict[str, Any]]:
    return [row(object_entity=None, object_literal=f"value {i}") for i in range(n)]


# -- confidence ------------------------------------------------------------------------------------


@pytest.mark.parametrize("value", [1.5, -0.1, float("nan"), float("inf")])
def test_confidence_out_of_range(graph: DuckStore, value: float) -> None:
    with pytest.raises(ValidationError, match="confidence"):
        NewClaim(**row(confidence=value))
    with unchanged(graph), pytest.raises(InvalidInput, match="confidence"):
        graph.upsert_claims(batch([row(confidence=value)]), T0)


def test_confidence_of_the_wrong_type(graph: DuckStore) -> None:
    table = pa.table(
        {
            k: [str(v) if k == "confidence" else v]
            for k, v in row().items()
            if k not in ("opinion", "locator")
        }
    )
    table = table.set_column(
        table.column_names.index("confidence"), "confidence", pa.array(["very high"])
    )
    with unchanged(graph), pytest.raises(InvalidInput, match="confidence"):
        graph.upsert_claims(table, T0)


# -- provenance ------------------------------------------------------------------------------------


@pytest.mark.parametrize("prov", ["gossip:neighbour", "ingest:hpo", "peer:", "Peer:gpt"])
def test_unknown_provenance(graph: DuckStore, prov: str) -> None:
    with unchanged(graph):
        with pytest.raises(UnknownProvenance):
            graph.add_claim(NewClaim(**row(provenance=prov)), T0)
        with pytest.raises(UnknownProvenance):
            graph.upsert_claims([NewClaim(**row(provenance=prov))], T0)
        with pytest.raises(UnknownProvenance):
            graph.upsert_claims(batch([*good_rows(3), row(provenance=prov)]), T0)
        with pytest.raises(UnknownProvenance):
            graph.record_correction(NewClaim(**row(provenance=prov)), None, T0)


def test_a_correction_must_be_a_user_correction_and_no_opinion(graph: DuckStore) -> None:
    with unchanged(graph):
        with pytest.raises(UnknownProvenance):
            graph.record_correction(NewClaim(**row(provenance="interaction:person:anna")), None, T0)
        opinion = row(provenance="user_correction", opinion=True)
        with pytest.raises(InvalidInput):
            graph.record_correction(NewClaim(**opinion), None, T0)
        with pytest.raises(InvalidInput):
            graph.add_claim(NewClaim(**opinion), T0)
        with pytest.raises(InvalidInput, match="user_correction"):
            graph.upsert_claims(batch([opinion]), T0)


# -- subjects, predicates, objects and entities ----------------------------------------------------


@pytest.mark.parametrize("subject", ["", "   ", "hp", "1", "unknownprefix:1", "hp:has space"])
def test_bad_subject(graph: DuckStore, subject: str) -> None:
    with pytest.raises(ValidationError, match="subject"):
        NewClaim(**row(subject=subject))
    with unchanged(graph), pytest.raises(InvalidInput, match="subject"):
        graph.upsert_claims(batch([*good_rows(2), row(subject=subject)]), T0)


def test_missing_subject_in_a_batch(graph: DuckStore) -> None:
    with unchanged(graph), pytest.raises(InvalidInput, match="row 1 "):
        graph.upsert_claims(batch([row(), row(subject=None)]), T0)


@pytest.mark.parametrize(
    "changes",
    [
        {"predicate": "Is A"},
        {"predicate": ""},
        {"object_entity": None},
        {"object_literal": "both"},
        {"object_entity": None, "object_literal": "  "},
        {"object_entity": "not an id"},
    ],
)
def test_bad_statement_shape(graph: DuckStore, changes: dict[str, Any]) -> None:
    with pytest.raises(ValidationError):
        NewClaim(**row(**changes))
    with unchanged(graph), pytest.raises(InvalidInput):
        graph.upsert_claims(batch([row(**changes)]), T0)


@pytest.mark.parametrize("changes", [{"subject": "hp:404"}, {"object_entity": "hp:404"}])
def test_unknown_entity(graph: DuckStore, changes: dict[str, Any]) -> None:
    new = NewClaim(**row(**changes))
    with unchanged(graph):
        with pytest.raises(InvalidInput, match="hp:404"):
            graph.add_claim(new, T0)
        with pytest.raises(InvalidInput, match="hp:404"):
            graph.upsert_claims([new], T0)
        with pytest.raises(InvalidInput, match="hp:404"):
            graph.record_correction(
                new.model_copy(update={"provenance": "user_correction"}), None, T0
            )


@pytest.mark.parametrize(
    "changes", [{"id": ""}, {"id": "nope"}, {"kind": ""}, {"label": ""}, {"label": "x" * 1001}]
)
def test_bad_entity(graph: DuckStore, changes: dict[str, Any]) -> None:
    good = {"id": "hp:9", "kind": "phenotype", "label": "nine", "aliases": ()}
    with pytest.raises(ValidationError):
        Entity(**{**good, **changes})
    rows = [{**good, "id": f"hp:{n}0"} for n in range(5)] + [{**good, **changes}]
    table = pa.table({k: [r[k] for r in rows] for k in ("id", "kind", "label")})
    with unchanged(graph), pytest.raises(InvalidInput, match="entity refused"):
        graph.upsert_entities(table, T0)


@pytest.mark.parametrize(
    "table",
    [
        pa.table({"id": ["hp:9"], "label": ["nine"]}),
        pa.table({"id": [9], "kind": ["phenotype"], "label": ["nine"]}),
        pa.table({"id": ["hp:9"], "kind": ["phenotype"], "label": ["nine"], "aliases": [7]}),
    ],
)
def test_entity_batch_of_the_wrong_shape(graph: DuckStore, table: pa.Table) -> None:
    with unchanged(graph), pytest.raises(InvalidInput):
        graph.upsert_entities(table, T0)


def test_claim_batch_missing_a_column(graph: DuckStore) -> None:
    with unchanged(graph), pytest.raises(InvalidInput, match="provenance"):
        graph.upsert_claims(batch([row()]).drop_columns(["provenance"]), T0)


# -- one bad row refuses the whole batch -----------------------------------------------------------


@pytest.mark.parametrize(
    "bad",
    [
        {"confidence": 1.5},
        {"predicate": "Not Snake"},
        {"subject": ""},
        {"object_entity": "hp:404"},
        {"provenance": "rumour:x"},
        {"object_entity": None, "object_literal": "y" * 70_000},
    ],
)
def test_a_bad_row_inside_a_bulk_batch(graph: DuckStore, bad: dict[str, Any]) -> None:
    rows = good_rows(100)
    rows[57] = row(**bad)
    with unchanged(graph), pytest.raises(ResidentError) as info:
        graph.upsert_claims(batch(rows), T0)
    assert isinstance(info.value, InvalidInput)
    if isinstance(info.value, InvalidInput) and "row" in str(info.value):
        assert "row 57 " in str(info.value)
    # The good rows alone still land.
    del rows[57]
    assert graph.upsert_claims(batch(rows), T0).inserted == 99


# -- SQL-looking text is data ----------------------------------------------------------------------


def test_sql_looking_text_is_stored_literally(graph: DuckStore) -> None:
    tables = graph.counts()
    single = graph.add_claim(NewClaim(**row(object_entity=None, object_literal=SQLISH)), T0)
    graph.upsert_claims(
        batch(
            [
                row(
                    object_entity=None,
                    object_literal=SQLISH + " 2",
                    provenance="literature:');DROP_TABLE_claims;--",
                    locator=SQLISH,
                )
            ]
        ),
        T0,
    )
    graph.upsert_entities(
        [Entity(id="concept:x'--", kind="concept", label=SQLISH, aliases=(SQLISH,))], T0
    )
    assert graph.find_entities("'; DROP TABLE entities; --") == []
    assert [e.id for e in graph.find_entities(SQLISH)] == ["concept:x'--"]
    literals = {c.object_literal: c for c in graph.peek_claims("hp:1")}
    assert literals[SQLISH] == single
    stored = literals[SQLISH + " 2"]
    assert stored.provenance == "literature:');DROP_TABLE_claims;--"
    assert [e.locator for e in graph.evidence_for(stored.id)] == [SQLISH]
    after = graph.counts()
    assert set(after) == set(tables)
    assert (after["claims"], after["entities"]) == (tables["claims"] + 2, tables["entities"] + 1)


# -- the literal limit (documented: graph.max_literal_bytes) ---------------------------------------


def test_a_one_megabyte_literal_is_refused(graph: DuckStore) -> None:
    big = "a" * 1_000_000
    new = NewClaim(**row(object_entity=None, object_literal=big))
    with unchanged(graph):
        with pytest.raises(LiteralTooLarge, match="max_literal_bytes"):
            graph.add_claim(new, T0)
        with pytest.raises(LiteralTooLarge):
            graph.upsert_claims([new], T0)
        with pytest.raises(LiteralTooLarge):
            graph.upsert_claims(batch([row(object_entity=None, object_literal=big)]), T0)
        with pytest.raises(LiteralTooLarge):
            graph.record_correction(
                new.model_copy(update={"provenance": "user_correction"}), None, T0
            )


def test_the_literal_limit_counts_bytes(graph: DuckStore) -> None:
    limit = graph.settings.graph.max_literal_bytes
    assert limit == 65536
    at_limit = "é" * (limit // 2)
    graph.add_claim(NewClaim(**row(object_entity=None, object_literal=at_limit)), T0)
    over = at_limit + "x"
    with unchanged(graph):
        with pytest.raises(LiteralTooLarge):
            graph.add_claim(NewClaim(**row(object_entity=None, object_literal=over)), T0)
        with pytest.raises(LiteralTooLarge):
            graph.upsert_claims(batch([row(object_entity=None, object_literal=over)]), T0)


# -- refused epistemic operations write nothing ----------------------------------------------------


def test_refused_rules_write_nothing(graph: DuckStore) -> None:
    (claim,) = graph.peek_claims("hp:1")
    peer = graph.add_claim(NewClaim(**row(object_entity="hp:3", provenance="peer:gpt")), T0)
    with unchanged(graph):
        with pytest.raises(PromotionRefused):
            graph.promote_to_fact(claim.id, T0)
        with pytest.raises(ConflictRefused):
            graph.record_conflict(claim.id, claim.id, T0)
    conflict = graph.record_conflict(claim.id, peer.id, T0)
    with unchanged(graph), pytest.raises(ConflictRefused):
        graph.resolve_conflict(conflict.id, peer.id, T0)
    assert graph.open_conflicts() == [conflict]


def test_naive_datetimes_are_refused(graph: DuckStore) -> None:
    with unchanged(graph), pytest.raises(InvalidInput, match="timezone"):
        graph.add_claim(NewClaim(**row(object_entity="hp:3")), datetime(2026, 1, 1))
