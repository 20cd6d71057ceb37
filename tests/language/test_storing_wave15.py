"""What a turn stores (issue 21, the storing side, wave 13, store15), through real turns on a
real DuckDB graph."""

from __future__ import annotations

from tests.language.test_conversation import Max
from tests.language.test_conversation import answer_of as _answer
from tests.language.test_conversation import person as _person
from tests.language.test_reading import _stored


def test_the_speaker_as_the_object_of_a_deed(max_: Max) -> None:
    # "me" is the speaker: the deed is stored with its roles and time.
    ines, oli = _person(max_, "Ines"), _person(max_, "Oli")
    turn = max_.say("My cousin Ravi beat me at darts on Saturday.", ines)
    assert ("Ravi", "beats", "Ines") in _stored(max_, turn.claims)
    beat = next(c for c in turn.claims if c["predicate"] == "beats")
    assert beat["occurred_at"] is not None
    assert _answer(max_.say("Did Ravi beat Ines?", oli)).startswith("yes")
    turn = max_.say("Ravi drove me to the station.", ines)
    drove = next(c for c in turn.claims if c["predicate"] == "drives")
    assert drove["qualifiers"]["destination"] == "station"


def test_talk_to_the_speaker_stays_talk(max_: Max) -> None:
    ines = _person(max_, "Ines")
    for said in ("Let me know.", "Tell me about it.", "It really bugs me.", "Trust me."):
        assert max_.say(said, ines).claims == [], said


def test_a_wish_to_be_something_is_a_wish_not_a_fact(max_: Max) -> None:
    ines, oli = _person(max_, "Ines"), _person(max_, "Oli")
    turn = max_.say("My nephew wants to be a pilot.", ines)
    assert ("Ines's nephew", "wants_to_be", "pilot") in _stored(max_, turn.claims)
    assert all(c.get("qualifiers", {}).get("modality") == "wish" for c in turn.claims)
    # A wish is never answered as what he is or does.
    assert not _answer(max_.say("Is Ines's nephew a pilot?", oli)).startswith("yes")
    assert "pilot" not in _answer(max_.say("What does Ines's nephew do?", oli))
    turn = max_.say("I hope to become a vet.", oli)
    assert ("Oli", "hopes_to_become", "vet") in _stored(max_, turn.claims)
    assert not _answer(max_.say("Is Oli a vet?", ines)).startswith("yes")


def test_a_relative_clause_on_a_name_set_beside_a_noun(max_: Max) -> None:
    # "one son, Matteo, who ...": the clause is said of Matteo, not of "one son Matteo".
    ines, oli = _person(max_, "Ines"), _person(max_, "Oli")
    turn = max_.say("I have one son, Matteo, who studies medicine.", ines)
    stored = _stored(max_, turn.claims)
    assert ("Matteo", "studies", "medicine") in stored
    assert ("Matteo", "son_of", "Ines") in stored
    assert "medicine" in _answer(max_.say("What does Matteo study?", oli))
    # Several names beside the noun: the clause may say each one's own, so nothing is read.
    turn = max_.say("I have two nieces, Ada and Liv, who are six and nine.", ines)
    assert not any(p == "age" for _, p, _ in _stored(max_, turn.claims))
    # A clause on a noun with no name beside it reads nothing the parse does not give.
    turn = max_.say("Oli knows a cafe near the harbour that opens at seven.", ines)
    assert not any(s == "harbour" for s, _, _ in _stored(max_, turn.claims))


def test_a_second_clause_the_parser_hung_under_the_first(max_: Max) -> None:
    # The parse makes "Greta" a conjunct of "Danish" and "stories" the subject of "is".
    ines, oli = _person(max_, "Ines"), _person(max_, "Oli")
    turn = max_.say("I translate short stories from Danish and Greta is a bus driver.", ines)
    stored = _stored(max_, turn.claims)
    assert ("Greta", "works_as", "bus driver") in stored
    assert any(s == "Ines" and p == "translates" for s, p, _ in stored)
    assert "bus driver" in _answer(max_.say("What does Greta do?", oli))
    # Two subjects of one verb stay one clause.
    turn = max_.say("Greta and I went to Bergen.", ines)
    assert all(p == "goes_to" for _, p, _ in _stored(max_, turn.claims))
