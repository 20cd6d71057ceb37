"""Plain clauses with a verb that stored nothing (issue 21, plain30), through real turns on a real
DuckDB graph, in words of their own: someone described, not named, as the subject ("A
plumber from Ripon fixed it"); "it" for a vehicle or a machine WordNet lists first as a group;
"us" as a deed's object; a plain past event of a named subject said without its time; a
common noun the tagger took for a name ("we caught two mackerel")."""

from __future__ import annotations

from tests.language.test_conversation import Max
from tests.language.test_conversation import answer_of as _answer
from tests.language.test_conversation import person as _person
from tests.language.test_reading import _stored


def test_someone_described_as_the_subject_and_it_the_van(max_: Max) -> None:
    wyn, odile = _person(max_, "Wyn"), _person(max_, "Odile")
    turn = max_.say("We sold the van in June. A builder from Ripon bought it.", wyn)
    assert ("builder from Ripon", "buys", "van") in _stored(max_, turn.claims)
    assert "builder from ripon" in _answer(max_.say("Who bought the van?", odile))


def test_a_bare_noun_or_a_pronoun_subject_is_no_one_described(max_: Max) -> None:
    wyn = _person(max_, "Wyn")
    turn = max_.say("The man bought it.", wyn)
    assert not any(s[0] == "man" for s in _stored(max_, turn.claims))


def test_us_as_the_object_is_the_speaker(max_: Max) -> None:
    wyn, odile = _person(max_, "Wyn"), _person(max_, "Odile")
    turn = max_.say("Gwilym trained us for the marathon.", wyn)
    assert ("Gwilym", "trains", "Wyn") in _stored(max_, turn.claims)
    assert "gwilym" in _answer(max_.say("Who trained Wyn?", odile))


def test_a_common_noun_the_tagger_took_for_a_name(max_: Max) -> None:
    wyn, odile = _person(max_, "Wyn"), _person(max_, "Odile")
    turn = max_.say("We caught three trout and Dad threw one back.", wyn)
    assert any(s[1] == "catches" and "trout" in s[2] for s in _stored(max_, turn.claims))
    assert "three" in _answer(max_.say("How many trout did Wyn catch?", odile))
