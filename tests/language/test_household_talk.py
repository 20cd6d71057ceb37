"""The README's household as a new user talks to him (issue 21), run through a real Resident
on a real DuckDB graph: coordinated people and pets, an age, pronouns across clauses, a trip's
qualifiers answering "where", and "I don't know" for what was never said."""

from __future__ import annotations

import re
from pathlib import Path

from tests.language.test_conversation import Max

README = Path(__file__).resolve().parents[2] / "README.md"


def _transcript() -> list[tuple[str, str, str]]:
    text = README.read_text(encoding="utf-8")
    block = re.search(r"A household as a new user talks to him.*?```text\n(.*?)```", text, re.S)
    assert block, "the README lost its new-user household transcript"
    lines = block.group(1).splitlines()
    turns = []
    for i, line in enumerate(lines):
        said = re.match(r"^(\w+)> (.*)$", line)
        if said:
            reply = lines[i + 1].removeprefix("MAX: ") if i + 1 < len(lines) else ""
            turns.append((said.group(1), said.group(2), reply))
    return turns


def test_the_readme_new_user_household_runs(max_: Max) -> None:
    turns = _transcript()
    assert len(turns) >= 12
    people: dict[str, str] = {}
    for who, text, expected in turns:
        turn = max_.say(text, people.get(who))
        if turn.person_id and who not in people:
            people[who] = turn.person_id
        first = turn.reply.splitlines()[0]
        assert first.startswith(expected.removesuffix("...").rstrip()), (text, turn.reply)


def test_every_clause_and_coordinated_item_is_stored(max_: Max) -> None:
    pid = max_.say("Hi, I'm Marta.").person_id
    assert pid == "person:marta"
    turn = max_.say("This is my husband Tom and our daughter Lena.", pid)
    lines = turn.reply
    assert "Tom is Marta's husband" in lines and "Lena is Marta's daughter" in lines
    turn = max_.say("We have a dog called Rex and a cat called Mochi.", pid)
    assert "Rex is a dog" in turn.reply and "Mochi is a cat" in turn.reply
    turn = max_.say("Tom loves hiking and he hates cilantro.", pid)
    assert "Tom loves hiking" in turn.reply and "Tom hates cilantro" in turn.reply


def test_a_trip_keeps_where_and_when_as_qualifiers(max_: Max) -> None:
    pid = max_.say("Hi, I'm Marta.").person_id
    turn = max_.say("Evan took his family on a road trip to Jasper last summer.", pid)
    [claim] = [c for c in turn.claims if c["predicate"] == "takes"]
    held = {(q.role, q.value) for q in max_.graph.qualifiers_of([claim["id"]])[claim["id"]]}
    assert ("destination", "Jasper") in held and ("time", "last summer") in held
    assert max_.say("Where did Evan take his family?", pid).answer == "Jasper"
    # Nothing held says with whom or why: "I don't know", never an answer about something else.
    assert max_.say("Why did Evan take his family to Jasper?", pid).answer is None


def test_a_hypothetical_stores_nothing(max_: Max) -> None:
    pid = max_.say("Hi, I'm Marta.").person_id
    before = max_.graph.counts()["claims"]
    max_.say("If I had a boat I would sail to Cuba.", pid)
    assert max_.graph.counts()["claims"] == before


def test_a_change_of_state_is_marked_for_the_household_work(max_: Max) -> None:
    pid = max_.say("Hi, I'm Marta.").person_id
    turn = max_.say("Not anymore, actually. I work at a bookshop now.", pid)
    [claim] = [c for c in turn.claims if c["predicate"] == "works_at"]
    held = {(q.role, q.value) for q in max_.graph.qualifiers_of([claim["id"]])[claim["id"]]}
    assert ("change", "declared") in held


def _works_at(max_: Max, pid: str) -> dict[str, object]:
    """Where the person works, by each claim's object, and whether it holds now."""
    now = max_.clock.now()
    return {c.object_value: c.valid_at(now) for c in max_.graph.peek_claims(pid, "works_at")}


def test_a_plan_to_work_elsewhere_ends_nothing_today(max_: Max) -> None:
    """A plan or a wish is a claim of its own: the job held now stays valid (it was ended at
    once by the change words 'new' and 'move', or by 'switch jobs' read as a noun)."""
    pid = max_.say("Hi, I'm Marta.").person_id
    assert pid is not None
    max_.say("I work at the bookshop.", pid)
    for plan in (
        "I'm going to start at the bakery next month.",
        "I'm moving to a new job at the bakery next month.",
        "I'm going to switch jobs next month.",
        "I want to change jobs.",
    ):
        max_.say(plan, pid)
        assert _works_at(max_, pid) == {"concept:bookshop": True}, plan
    turn = max_.say("Where do I work?", pid)
    assert turn.answer is not None and "bookshop" in turn.answer
    # Said as done, the same change ends the bookshop at once.
    max_.say("I work at the bakery now.", pid)
    assert _works_at(max_, pid) == {"concept:bookshop": False, "concept:bakery": True}
