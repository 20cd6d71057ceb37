"""Statements in the graph (migration 009): a claim and its qualifiers in one transaction."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from resident.errors import InvalidInput
from resident.memory.duck_store import DuckStore
from resident.people.privacy import graph_for
from resident.records import Entity, NewClaim, Qualifier, StatementWrite

T0 = datetime(2026, 3, 31, 12, tzinfo=UTC)
EVAN = Entity(id="person:evan", kind="person", label="Evan")
FAMILY = Entity(id="concept:evan_s_family", kind="thing", label="Evan's family")
JASPER = Entity(id="concept:jasper", kind="place", label="Jasper")


def trip() -> StatementWrite:
    return StatementWrite(
        claim=NewClaim(
            subject=EVAN.id,
            predicate="take",
            object_entity=FAMILY.id,
            confidence=0.4,
            provenance="interaction:person:evan",
        ),
        qualifiers=(
            Qualifier(role="destination", value="Jasper", entity_id=JASPER.id),
            Qualifier(role="purpose", value="road trip"),
        ),
    )


def test_a_statement_is_its_claim_and_qualifiers_written_together(store: DuckStore) -> None:
    [claim] = store.write_statements([EVAN, FAMILY, JASPER], [trip()], T0)
    held = store.qualifiers_of([claim.id])[claim.id]
    assert {(q.role, q.value, q.entity_id) for q in held} == {
        ("destination", "Jasper", JASPER.id),
        ("purpose", "road trip", None),
    }
    # Said again: one claim, the qualifiers kept once.
    [again] = store.write_statements([EVAN, FAMILY, JASPER], [trip()], T0)
    assert again.id == claim.id
    assert len(store.qualifiers_of([claim.id])[claim.id]) == 2


def test_a_bad_statement_refuses_the_whole_turn(store: DuckStore) -> None:
    bad = StatementWrite(
        claim=NewClaim(
            subject="person:nobody",
            predicate="take",
            object_literal="x",
            confidence=0.4,
            provenance="interaction:person:evan",
        )
    )
    with pytest.raises(InvalidInput):
        store.write_statements([EVAN, FAMILY, JASPER], [trip(), bad], T0)
    # Nothing half-written: neither the entities nor the first claim.
    assert store.find_entities("Evan") == []
    assert store.counts()["claims"] == 0


def test_an_unknown_role_is_refused_at_the_edge() -> None:
    with pytest.raises(ValueError):
        Qualifier(role="mood_of_the_day", value="x")


def test_a_private_claims_qualifiers_stay_private(store: DuckStore) -> None:
    # What Evan told about himself is his (people/privacy.py): Tom reads neither the claim
    # nor where it went.
    [claim] = store.write_statements([EVAN, FAMILY, JASPER], [trip()], T0)
    assert store.qualifiers_of([claim.id])
    assert graph_for(store, "person:evan").qualifiers_of([claim.id])
    assert graph_for(store, "person:tom").qualifiers_of([claim.id]) == {}
