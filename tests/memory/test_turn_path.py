"""The graph calls a conversation turn makes, kept off whole-table scans (issue 21): a turn's
few entities take the id-probe path and land exactly as the bulk path lands them; a retrieval
by subject and predicate finds, and bumps, only that predicate's claims."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import timedelta
from pathlib import Path

import pytest

from resident.config import load_settings
from resident.memory.duck_store import DuckStore
from resident.records import Entity, HouseQuestion, NewClaim
from tests.memory.test_duck_store import T0, arrow_entities

FEW = [
    Entity(id="person:tom", kind="person", label="Tom", aliases=("Tommy", "TOM")),
    Entity(id="concept:violin", kind="concept", label="violin"),
    Entity(id="concept:violin", kind="concept", label="Violin", aliases=("fiddle",)),
    Entity(id="person:\u0130lke", kind="person", label="\u0130lke"),
]


def _store(root: Path, name: str) -> DuckStore:
    settings = load_settings(data_dir=root / name, env={})
    settings.data_dir.mkdir(parents=True)
    return DuckStore.open(settings, create=True)


@pytest.fixture
def two(tmp_path: Path) -> Iterator[tuple[DuckStore, DuckStore]]:
    a, b = _store(tmp_path, "few"), _store(tmp_path, "bulk")
    yield a, b
    a.close()
    b.close()


def test_a_few_entities_land_as_the_bulk_path_lands_them(
    two: tuple[DuckStore, DuckStore],
) -> None:
    few, bulk = two
    # The bulk path keeps one row of a repeated id; give it the same one the few path keeps.
    last = list({e.id: e for e in FEW}.values())
    got = few.upsert_entities(FEW, T0)
    want = bulk.upsert_entities(arrow_entities(last), T0)
    assert got == want
    assert few.checksum() == bulk.checksum()
    for name in ("tommy", "Tom", "FIDDLE", "violin", "\u0130lke"):
        assert few.find_entities(name) == bulk.find_entities(name), name
    renamed = [Entity(id="person:tom", kind="person", label="Thomas", aliases=("Tom",))]
    later = T0 + timedelta(days=1)
    want = bulk.upsert_entities(arrow_entities(renamed), later)
    assert few.upsert_entities(renamed, later) == want
    assert few.checksum() == bulk.checksum()
    assert few.find_entities("tommy") == [] and few.find_entities("thomas")[0].id == "person:tom"
    again = few.upsert_entities(renamed, later + timedelta(days=1))
    assert (again.inserted, again.updated, again.unchanged) == (0, 0, 1)


def test_a_retrieval_by_predicate_bumps_only_that_predicate(
    two: tuple[DuckStore, DuckStore],
) -> None:
    store, _ = two
    store.upsert_entities(FEW[:2], T0)
    for predicate, obj in (("plays", "concept:violin"), ("loves", None)):
        store.add_claim(
            NewClaim(
                subject="person:tom",
                predicate=predicate,
                object_entity=obj,
                object_literal=None if obj else "hiking",
                confidence=0.2,
                provenance="interaction:person:tom",
            ),
            T0,
        )
    later = T0 + timedelta(days=30)
    [plays] = store.claims_by_subject("person:tom", later, "plays")
    assert plays.predicate == "plays" and plays.retrieved_at == later
    [loves] = store.peek_claims("person:tom", "loves")
    assert loves.retrieved_at == T0, "the other predicate's claim was not retrieved"
    assert store.claims_by_subject("person:tom", later, "hates") == []
    [by_object] = store.claims_by_object("concept:violin", later, "plays")
    assert by_object.id == plays.id
    assert store.claims_by_object("concept:violin", later, "loves") == []


def test_a_speaker_without_questions_costs_no_query_and_a_new_question_is_seen(
    two: tuple[DuckStore, DuckStore], monkeypatch: pytest.MonkeyPatch
) -> None:
    store, _ = two
    assert store.questions(person_id="person:tom") == []  # loads who has questions, once
    calls: list[str] = []
    real = store._cur.execute

    class Counting:
        def __getattr__(self, name: str) -> object:
            return getattr(real.__self__, name)

        def execute(self, sql: str, *args: object) -> object:
            calls.append(sql)
            return real(sql, *args)

    monkeypatch.setattr(type(store), "_cur", property(lambda self: Counting()))
    assert store.questions(person_id="person:tom", status="asked") == []
    assert calls == [], "no query for a speaker nobody filed a question for"
    monkeypatch.undo()
    q = HouseQuestion(
        id="q_1",
        gap_id="g_1",
        person_id="person:tom",
        subject="person:tom",
        predicate="plays",
        claim_ids=[],
        first_hand=True,
        text="Do you still play the violin?",
        created_at=T0,
    )
    assert store.add_questions([q], T0) == 1
    assert [x.id for x in store.questions(person_id="person:tom")] == ["q_1"]
