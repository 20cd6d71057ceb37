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
