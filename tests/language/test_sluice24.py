"""A verbless wh-question asked of the statement before it, answered by a fragment (sluicing),
and the guard every fragment path goes through (issue 21, sluice24): "I started rowing this
spring." / "Where?" / "At the boat club in Newburn." puts where on the rowing; "Since when?"
takes a point in time, never a length; "Who with?" takes someone, never a shop; and a filled
statement whose filler is not in the gap (or not of its kind) stores nothing. Real turns on a
real DuckDB graph, in words of their own, each with a trap."""

from __future__ import annotations

from typing import Any

from tests.language.test_conversation import Max
from tests.language.test_conversation import person as _person
from tests.language.test_reading import _stored


def _said_too(turn_claims: list[dict[str, Any]]) -> str:
    """Every qualifier's text and time the turn's claims carry, lower-cased."""
    out = []
    for c in turn_claims:
        out += [str(v) for v in (c.get("qualifiers") or {}).values()]
        out.append(str(c.get("occurred_at") or ""))
    return " ".join(out).lower()


def test_where_takes_its_clause_from_the_statement_before(max_: Max) -> None:
    gwen, olu = _person(max_, "Gwen"), _person(max_, "Olu")
    max_.say("I started rowing this spring.", gwen)
    max_.say("Rowing! Where?", olu)
    turn = max_.say("At the boat club in Newburn.", gwen)
    assert "newburn" in _said_too(turn.claims)
    # Trap: a time is no place.
    max_.say("I started pottery this spring.", gwen)
    max_.say("Where?", olu)
    assert "tuesday" not in _said_too(max_.say("Every Tuesday.", gwen).claims)


def test_only_the_teller_fills_the_gap(max_: Max) -> None:
    gwen, olu, ravi = _person(max_, "Gwen"), _person(max_, "Olu"), _person(max_, "Ravi")
    max_.say("I started rowing this spring.", gwen)
    max_.say("Where?", olu)
    # Trap: Ravi's fragment would make Gwen's "I" his own.
    assert "derwent" not in _said_too(max_.say("At Derwent Water.", ravi).claims)
    # Trap: of two sentences that state something, which one "Since when?" asks of is not
    # known (the seeing, not the job): nothing is put on either.
    max_.say("I'm seeing someone. He's a paramedic.", gwen)
    max_.say("Since when?", olu)
    assert "march" not in _said_too(max_.say("Since March.", gwen).claims)


def test_who_with_takes_someone_and_since_when_a_point(max_: Max) -> None:
    gwen, olu = _person(max_, "Gwen"), _person(max_, "Olu")
    max_.say("We went to the cinema on Friday.", olu)
    max_.say("Who with?", gwen)
    # The companion by her noun, or, typed a person since names48, by her name.
    said = _said_too(max_.say("My neighbour Sandra.", olu).claims)
    assert "neighbour" in said or "sandra" in said
    # Trap: a shop is no one.
    max_.say("We went to the races on Saturday.", olu)
    max_.say("Who with?", gwen)
    assert "tesco" not in _said_too(max_.say("Tesco.", olu).claims)
    # Trap: "since" takes a point in time; "three weeks" is a length.
    max_.say("I'm living in Hexham now.", gwen)
    max_.say("Since when?", olu)
    assert "week" not in _said_too(max_.say("Three weeks or so.", gwen).claims)


def test_a_filled_statement_is_kept_only_with_its_filler_in_the_gap(max_: Max) -> None:
    gwen, olu = _person(max_, "Gwen"), _person(max_, "Olu")
    # Still stored: the filler is the place of the growing up.
    max_.say("Where did you grow up?", gwen)
    stored = _stored(max_, max_.say("Keswick.", olu).claims)
    assert any(o == "Keswick" for _, _, o in stored)
    # Trap: "far too long" is no length of time; nothing is stored of it.
    max_.say("How long has it been since you saw your uncle?", gwen)
    assert not max_.say("Far too long, honestly.", olu).claims
    # Trap: "Who did you go with?" put back as "I did go my cousin with" reads the cousin as
    # what was gone, not who came along: nothing is stored.
    max_.say("Who did you go with?", gwen)
    stored = _stored(max_, max_.say("My cousin.", olu).claims)
    assert not any(p.startswith("go") and "cousin" in o for _, p, o in stored)


def test_a_fragment_that_says_the_asked_thing_and_more_is_a_yes(max_: Max) -> None:
    gwen, olu = _person(max_, "Gwen"), _person(max_, "Olu")
    max_.say("Is Tomasz still doing karate?", gwen)
    stored = _stored(max_, max_.say("Karate and judo these days.", olu).claims)
    assert any(s == "Tomasz" and o == "judo" for s, _, o in stored)
    # Trap: the thing alone says nothing more, and is no yes either way.
    max_.say("Does Ilse still play the oboe?", gwen)
    assert not max_.say("The oboe.", olu).claims
    # Trap: the question's subject said again with another is no yes to its words.
    max_.say("Is Marek coming to the barbecue?", gwen)
    stored = _stored(max_, max_.say("Marek and his brother.", olu).claims)
    assert not any("barbecue" in o for _, _, o in stored)


def test_a_thing_glued_to_another_word_or_done_by_a_bare_do_is_not_stored(max_: Max) -> None:
    gwen, olu = _person(max_, "Gwen"), _person(max_, "Olu")
    # Trap: put back as "I am going to do with all those plums Jam", the jam is read into
    # "plums Jam" (or as what a bare "do" does): nothing is stored of it.
    max_.say("What are you going to do with all those plums?", gwen)
    stored = _stored(max_, max_.say("Jam, mostly.", olu).claims)
    assert not any("jam" in o.lower() for _, _, o in stored)
    # Still stored: a job said alone.
    max_.say("What do you do these days?", gwen)
    stored = _stored(max_, max_.say("A nurse at the Freeman.", olu).claims)
    assert any(s == "Olu" and "nurse" in o for s, _, o in stored)
