"""The reading rule of Rule 8, value by value (people/privacy.py)."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from resident.people.privacy import readable_by
from resident.records import Claim

T = datetime(2026, 3, 1, tzinfo=UTC)


def _claim(subject: str, provenance: str, obj: str | None = None) -> Claim:
    return Claim.model_validate(
        {
            "id": "c_1",
            "subject": subject,
            "predicate": "has_birthday",
            "object_entity": obj,
            "object_literal": None if obj else "May 3",
            "confidence": 0.3,
            "level": "hypothesis",
            "provenance": provenance,
            "created_at": T,
            "retrieved_at": T,
        }
    )


@pytest.mark.parametrize(
    ("claim", "viewer", "ok"),
    [
        (_claim("person:ana", "interaction:person:ana"), None, True),  # the owner
        (_claim("person:ana", "interaction:person:ana"), "person:ana", True),
        (_claim("person:ana", "interaction:person:ana"), "person:bob", False),
        (_claim("person:ana", "interaction:person:bob"), "person:ana", True),  # about her
        (_claim("person:ana", "interaction:person:bob"), "person:bob", True),  # he said it
        (_claim("person:ana", "interaction:person:bob"), "person:cy", False),
        (_claim("person:ana", "user_correction"), "person:bob", False),
        (_claim("person:ana", "interaction:unknown"), "person:bob", False),
        (_claim("concept:x", "interaction:person:bob", "person:ana"), "person:cy", False),
        (_claim("person:ana", "ingest:registry@1"), "person:bob", True),  # grounded: shared
        (_claim("concept:aspirin", "interaction:person:ana"), "person:bob", True),  # the world
        (_claim("concept:aspirin", "peer:model"), "person:bob", True),
    ],
)
def test_readable_by(claim: Claim, viewer: str | None, ok: bool) -> None:
    assert readable_by(claim, viewer) is ok


def test_a_correction_is_its_giver_s_own() -> None:
    """Marta's "No, Lena lives in Lisbon" is hers to read back (issue 26, point 3)."""
    fixed = _claim("person:lena", "user_correction:person:marta")
    assert readable_by(fixed, "person:marta")
    assert readable_by(fixed, "person:lena")
    assert not readable_by(fixed, "person:ben")
    assert not readable_by(_claim("person:lena", "user_correction"), "person:marta")


def test_every_graph_method_is_filtered_safe_or_withheld_in_a_person_s_view() -> None:
    """A method added to GraphStore is not readable through a view until someone decides."""
    from resident.memory.wire import protocol_methods
    from resident.people.privacy import (
        FILTERED_METHODS,
        SAFE_METHODS,
        WITHHELD_METHODS,
        PrivateGraph,
    )

    assert not (SAFE_METHODS & FILTERED_METHODS)
    assert not ((SAFE_METHODS | FILTERED_METHODS) & WITHHELD_METHODS)
    for name in protocol_methods():
        assert name in SAFE_METHODS | FILTERED_METHODS | WITHHELD_METHODS, name
        if name in FILTERED_METHODS:
            assert name in vars(PrivateGraph), f"{name} is listed as filtered but not defined"


def test_a_view_does_not_forward_what_it_was_not_told_to(store: object) -> None:
    from resident.people.privacy import PrivateGraph

    view = PrivateGraph(store, "person:ana")  # type: ignore[arg-type]
    with pytest.raises(AttributeError):
        view.replay  # noqa: B018
    with pytest.raises(AttributeError):
        view.export_table  # noqa: B018
    assert view.counts() == store.counts()  # type: ignore[attr-defined]
