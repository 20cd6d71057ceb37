"""What a turn stores (issue 21, the storing side, wave 10), through real turns on a real
DuckDB graph: a name given with "called" inside a clause's phrase is who or what the phrase
names, and the kind of thing it is."""

from __future__ import annotations

from tests.language.test_conversation import Max
from tests.language.test_conversation import answer_of as _answer
from tests.language.test_conversation import person as _person
from tests.language.test_reading import _stored


def test_a_name_called_inside_a_phrase_is_what_the_phrase_names(max_: Max) -> None:
    tayo = _person(max_, "Tayo")
    turn = max_.say("I play drums in a band called Static Fox.", tayo)
    stored = _stored(max_, turn.claims)
    assert ("Static Fox", "is_a", "band") in stored
    assert ("Tayo", "plays", "drums") in stored
    drums = next(c for c in turn.claims if c["predicate"] == "plays")
    assert "Static Fox" in str(drums)  # where he plays them
    turn = max_.say("My dad has physio with a lovely man called Marcus.", tayo)
    assert "Marcus" in str(turn.claims)
    # A person so named is someone, no kind of thing; an apposition is not a name "called".
    assert not any(p == "is_a" and o == "man" for _, p, o in _stored(max_, turn.claims))
    turn = max_.say("My sister works at a cafe called Beanies.", tayo)
    assert ("Beanies", "is_a", "cafe") in _stored(max_, turn.claims)


def test_a_counted_item_set_beside_a_place_is_another_item_of_the_list(max_: Max) -> None:
    morag = _person(max_, "Morag")
    turn = max_.say(
        "We've a farm near Oban, forty goats, two donkeys and a dog called Bran.", morag
    )
    stored = _stored(max_, turn.claims)
    assert ("Morag", "has", "forty goats") in stored
    assert ("Morag", "has", "two donkeys") in stored
    assert _answer(max_.say("How many goats do we have?", morag)) in ("40", "forty")


def test_a_year_said_alone_is_when_it_happened(max_: Max) -> None:
    carys = _person(max_, "Carys")
    turn = max_.say("The pit closed in 1986.", carys)
    assert "1986" in str(turn.claims)
    assert "1986" in _answer(max_.say("When did the pit close?", carys))


def test_because_of_says_why_with_the_inner_phrase(max_: Max) -> None:
    ruth = _person(max_, "Ruth")
    turn = max_.say("I sold the car because of the cost.", ruth)
    sold = next(c for c in turn.claims if c["predicate"] == "sells")
    assert "cost" in str(sold) and "'of'" not in str(sold)


def test_a_hyphenated_count_before_a_named_noun_is_what_it_has(max_: Max) -> None:
    priti = _person(max_, "Priti")
    turn = max_.say("We now have a three-legged cat named Tripod.", priti)
    assert ("Tripod", "has", "three legs") in _stored(max_, turn.claims)
    assert _answer(max_.say("How many legs does Tripod have?", priti)) in ("3", "three")
    turn = max_.say("We have a one-eyed dog called Patch.", priti)
    assert ("Patch", "has", "one eye") in _stored(max_, turn.claims)
    # A count that is no part ("a two-hour walk") or a thing with no name stores no part.
    turn = max_.say("We took a two-hour walk with a three-legged dog.", priti)
    assert not any(p == "has" and "legs" in o for _, p, o in _stored(max_, turn.claims))


def test_a_measure_set_off_after_a_clause_is_how_much_it_did(max_: Max) -> None:
    gethin = _person(max_, "Gethin")
    turn = max_.say("i cycled to brecon and back on saturday, 120 km, legs are dead", gethin)
    ride = next(c for c in turn.claims if c["predicate"] == "cycles_to")
    assert "120 km" in str(ride)
    assert _answer(max_.say("How many kilometres did I cycle?", gethin)) == "120"
