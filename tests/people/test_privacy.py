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
