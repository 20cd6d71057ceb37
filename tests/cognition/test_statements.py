"""What a statement may write: the pure rules shared by every reader (resident/cognition)."""

from __future__ import annotations

from resident.cognition.statements import is_one_valued, may_store, told_by


def test_what_a_person_says_enters_under_their_name() -> None:
    assert told_by("person:ana") == "interaction:person:ana"
    assert told_by(None) == "interaction:unknown"


def test_a_hypothetical_or_a_question_writes_nothing() -> None:
    assert not may_store("hypothetical") and not may_store("question")
    assert all(may_store(m) for m in ("state", "done", "habit", "plan", "wish"))


def test_one_valued_attributes() -> None:
    assert is_one_valued("age") and is_one_valued("birthday")
    assert not is_one_valued("likes")
