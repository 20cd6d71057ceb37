"""The graph API's wire format: derived from GraphStore itself, so no method can be left out."""

from __future__ import annotations

import inspect

import pyarrow as pa
import pytest

from resident import errors
from resident.errors import InvalidInput, ResidentError
from resident.memory.client import GraphStore
from resident.memory.remote import RemoteGraph
from resident.memory.wire import (
    NOT_SERVED,
    decode_tables,
    encode_tables,
    error_from_wire,
    graph_methods,
    protocol_methods,
)


def test_every_graphstore_method_is_served() -> None:
    assert set(graph_methods()) == set(protocol_methods()) - NOT_SERVED
    assert "add_claim" in graph_methods() and "close" not in graph_methods()


@pytest.mark.parametrize("name", protocol_methods())
def test_remote_graph_has_the_same_signature(name: str) -> None:
    assert name in vars(RemoteGraph), f"RemoteGraph lacks {name}"
    want = inspect.signature(getattr(GraphStore, name))
    have = inspect.signature(getattr(RemoteGraph, name))
    assert list(have.parameters) == list(want.parameters)
    assert [p.default for p in have.parameters.values()] == [
        p.default for p in want.parameters.values()
    ]
    assert have.return_annotation == want.return_annotation


def test_table_arguments_are_known() -> None:
    tables = {
        n: [p.name for p in s.table_params] for n, s in graph_methods().items() if s.table_params
    }
    assert tables == {
        "upsert_entities": ["entities"],
        "upsert_claims": ["claims"],
        "upsert_bulk": ["entities", "claims"],
    }


def test_arrow_streams_back_to_back() -> None:
    a = pa.table({"id": ["person:ana"], "n": [1]})
    b = pa.table({"subject": ["x", "y"]})
    body = encode_tables([a, b])
    got = decode_tables(body, 2)
    assert got[0].equals(a) and got[1].equals(b)
    with pytest.raises(InvalidInput, match="more than"):
        decode_tables(body, 1)
    with pytest.raises(InvalidInput):
        decode_tables(body[:-20], 2)
    with pytest.raises(InvalidInput):
        decode_tables(b"not arrow", 1)


def _codes() -> list[type[ResidentError]]:
    return [
        obj
        for obj in vars(errors).values()
        if isinstance(obj, type) and issubclass(obj, ResidentError)
    ]


@pytest.mark.parametrize("cls", _codes(), ids=lambda c: c.__name__)
def test_typed_errors_come_back_typed(cls: type[ResidentError]) -> None:
    rebuilt = error_from_wire(cls.code, "as the daemon said it")
    assert type(rebuilt) is cls
    assert str(rebuilt) == "as the daemon said it"


def test_unknown_error_code_stays_readable() -> None:
    rebuilt = error_from_wire("some_new_code", "what happened")
    assert isinstance(rebuilt, ResidentError)
    assert rebuilt.code == "some_new_code" and "what happened" in str(rebuilt)


def test_forwarding_generates_the_protocols_methods() -> None:
    """RemoteGraph's and the guard's methods come from `forwarding`: each has the Protocol's
    signature, binds its defaults before the call leaves, refuses a wrong call at once, and
    leaves alone what a class writes itself."""
    from datetime import UTC, datetime

    from resident.memory.client import forwarding, graph_method_names

    now = datetime(2026, 1, 1, tzinfo=UTC)

    @forwarding("_call", by_keyword=True)
    class Keywords:
        def _call(self, name: str, /, **kwargs: object) -> object:
            return name, kwargs

        def counts(self) -> dict[str, int]:
            return {"own": 1}

    @forwarding("call")
    class Positional:
        def call(self, name: str, /, *args: object, **kwargs: object) -> object:
            return name, args, kwargs

    k, p = Keywords(), Positional()
    assert k.claims_by_subject("hp:1", now) == (  # type: ignore[attr-defined]
        "claims_by_subject",
        {"subject": "hp:1", "now": now, "predicate": None},
    )
    assert p.claims_by_subject("hp:1", now) == (  # type: ignore[attr-defined]
        "claims_by_subject",
        ("hp:1", now),
        {},
    )
    with pytest.raises(TypeError):
        k.claims_by_subject()  # type: ignore[attr-defined]
    assert k.counts() == {"own": 1}
    for name in graph_method_names():
        assert name in vars(Keywords) and name in vars(Positional)
        assert inspect.signature(getattr(Keywords, name)) == inspect.signature(
            getattr(GraphStore, name)
        )
