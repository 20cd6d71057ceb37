"""Joined subjects (issue 21, coord19): "Noor and I", "me and my cousin", "Kemal and Sofia"
say the clause of each of them, and a verb two people do to each other says the relation
between them; through real turns on a real DuckDB graph."""

from __future__ import annotations

from tests.language.test_conversation import Max
from tests.language.test_conversation import answer_of as _answer
from tests.language.test_conversation import person as _person
from tests.language.test_reading import _stored


def test_a_passive_clause_holds_for_each_joined_subject(max_: Max) -> None:
    ines, oli = _person(max_, "Ines"), _person(max_, "Oli")
    turn = max_.say("Noor and I are getting married in August.", ines)
    stored = _stored(max_, turn.claims)
    assert ("Noor", "gets", "married") in stored
    assert ("Ines", "gets", "married") in stored
    assert ("Noor", "marries", "Ines") in stored
    # The trap: "I" is the speaker, never a person of its own.
    assert not any(s == "I" or o == "I" for s, _, o in stored)
    assert "ines" in _answer(max_.say("Who is Noor marrying?", oli))
    assert "august" in _answer(max_.say("When is Ines getting married?", oli))


def test_a_reciprocal_verb_says_the_relation_between_two(max_: Max) -> None:
    ines = _person(max_, "Ines")
    turn = max_.say("Kemal and Sofia broke up in April.", ines)
    assert ("Kemal", "breaks_up_with", "Sofia") in _stored(max_, turn.claims)
    # The traps: a verb with an object of its own, or three people, say no relation.
    turn = max_.say("Kemal and Sofia painted the fence.", ines)
    stored = _stored(max_, turn.claims)
    assert ("Kemal", "paints", "fence") in stored and ("Sofia", "paints", "fence") in stored
    assert not any(o in ("Kemal", "Sofia") for _, _, o in stored)
    turn = max_.say("Kemal, Sofia and Bruno met in Lyon.", ines)
    assert not any(p == "meets" for _, p, _ in _stored(max_, turn.claims))


def test_a_first_person_the_parser_hung_apart(max_: Max) -> None:
    ines, oli = _person(max_, "Ines"), _person(max_, "Oli")
    turn = max_.say("Granny and I baked a lemon cake.", ines)
    stored = _stored(max_, turn.claims)
    assert ("Ines", "bakes", "lemon cake") in stored
    assert ("Ines's granny", "bakes", "lemon cake") in stored
    assert _answer(max_.say("Did Ines's granny bake a lemon cake?", oli)).startswith("yes")
    # The trap: a listed object is still read as before, and no noun becomes a subject.
    turn = max_.say("We have a dog called Pip and a cat called Suki.", oli)
    stored = _stored(max_, turn.claims)
    assert any(s == "Pip" for s, _, _ in stored) and any(s == "Suki" for s, _, _ in stored)


def test_the_other_one_of_a_joined_subject_is_the_companion(max_: Max) -> None:
    ines, oli = _person(max_, "Ines"), _person(max_, "Oli")
    max_.say("Me and my cousin Dara went to Porto in May.", ines)
    assert "ines" in _answer(max_.say("Who did Dara go to Porto with?", oli))
    assert "may" in _answer(max_.say("When did Ines go to Porto?", oli))


def test_parting_ends_the_relation_between_the_two(max_: Max) -> None:
    ines = _person(max_, "Ines")
    dating = next(
        c for c in max_.say("Kemal dates Sofia.", ines).claims if c["predicate"] == "dates"
    )
    other = next(
        c for c in max_.say("Bruno dates Clara.", ines).claims if c["predicate"] == "dates"
    )
    max_.say("Kemal and Sofia broke up.", ines)
    assert max_.graph.peek_claim(dating["id"]).valid_to is not None
    # The trap: the parting of two people ends no one else's relation.
    assert max_.graph.peek_claim(other["id"]).valid_to is None
