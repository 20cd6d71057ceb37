"""Kin seen from another relative's side (issue 21, kin30): a relative named only in the next
sentence or turn, ties said with a contracted copula or a plural family noun, a relative's name
as a copula's value, and a relative reached through ties held on others. Households in words
of their own, through real turns on a real DuckDB graph."""

from __future__ import annotations

from tests.language.test_conversation import Max
from tests.language.test_conversation import answer_of as _answer
from tests.language.test_conversation import person as _person
from tests.language.test_reading import _stored


def test_a_relative_named_in_the_next_turn(max_: Max) -> None:
    # A grandfather spoken of by his son, named by the son's wife in the next turn.
    ravi, meena, kiran = _person(max_, "Ravi"), _person(max_, "Meena"), _person(max_, "Kiran")
    max_.say("My father is visiting next week. He lives in Leicester.", ravi)
    turn = max_.say("Suresh is a retired engineer.", meena)
    assert ("Suresh", "father_of", "Ravi") in _stored(max_, turn.claims)
    assert "leicester" in _answer(max_.say("Where does Suresh live?", kiran))
    assert "suresh" in _answer(max_.say("Who is Ravi's father?", kiran))


def test_a_new_name_after_a_relative_already_named_is_no_tie(max_: Max) -> None:
    # The mother is held by name already: a name said next is someone else.
    lola, odile = _person(max_, "Lola"), _person(max_, "Odile")
    max_.say("My mother Carmen lives in Cadiz.", lola)
    max_.say("My mother is coming for Easter.", lola)
    turn = max_.say("Beatriz is a lovely neighbour.", lola)
    assert not any(p.endswith("_of") and s == "Beatriz" for s, p, _ in _stored(max_, turn.claims))
    assert "carmen" in _answer(max_.say("Who is Lola's mother?", odile))


def test_a_contracted_copula_before_a_possessive(max_: Max) -> None:
    ewa, odile = _person(max_, "Ewa"), _person(max_, "Odile")
    turn = max_.say("Zofia's my cousin.", ewa)
    assert ("Zofia", "cousin_of", "Ewa") in _stored(max_, turn.claims)
    turn = max_.say("Kuba's my uncle Marek's son.", ewa)
    stored = _stored(max_, turn.claims)
    assert ("Kuba", "son_of", "Marek") in stored
    assert ("Marek", "uncle_of", "Ewa") in stored
    assert ("Marek", "uncle_of", "Kuba") not in stored
    assert "marek" in _answer(max_.say("Who is Kuba's father?", odile))


def test_twins_are_each_others_sibling(max_: Max) -> None:
    tariq, odile = _person(max_, "Tariq"), _person(max_, "Odile")
    turn = max_.say("Yusra and I are twins.", tariq)
    stored = _stored(max_, turn.claims)
    assert ("Yusra", "twin_of", "Tariq") in stored
    assert ("Tariq", "twin_of", "Yusra") in stored
    assert not any(p == "is_a" for _, p, _ in stored)
    max_.say("Yusra lives in Cairo.", tariq)
    assert "cairo" in _answer(max_.say("Where does Tariq's twin live?", odile))


def test_a_relatives_name_as_the_copulas_value(max_: Max) -> None:
    # A grandmother telling of her grandson's mother, her own daughter.
    moira, odile = _person(max_, "Moira"), _person(max_, "Odile")
    max_.say("Finn stays with us in term time.", moira)
    turn = max_.say("His mum is our daughter Catriona.", moira)
    stored = _stored(max_, turn.claims)
    assert ("Catriona", "mum_of", "Finn") in stored
    assert ("Catriona", "daughter_of", "Moira") in stored
    assert "catriona" in _answer(max_.say("Who is Finn's mum?", odile))


def test_a_parent_of_unknown_sex_is_no_dad(max_: Max) -> None:
    # Held only as the object of "my son" ties, of a sex no tie said: not "Deio's dad".
    gwen, huw, odile = _person(max_, "Gwen"), _person(max_, "Huw"), _person(max_, "Odile")
    max_.say("My son Huw is a joiner.", gwen)
    max_.say("My son Deio is at college.", huw)
    assert "gwen" not in _answer(max_.say("Who is Huw's dad?", odile))


def test_a_mother_in_law_is_the_husbands_mother(max_: Max) -> None:
    nia, sion = _person(max_, "Nia"), _person(max_, "Sion")
    max_.say("My husband Sion drives a taxi.", nia)
    max_.say("My mother-in-law Eirlys lives in Bala.", nia)
    assert "bala" in _answer(max_.say("Where does my mum live?", sion))


def test_a_stepmother_is_her_own_kin_noun(max_: Max) -> None:
    # "stepmother" is a family noun of its own, never walked to as "mother".
    lily, odile = _person(max_, "Lily"), _person(max_, "Odile")
    turn = max_.say("My stepmother Gail runs a bakery in Ripon.", lily)
    assert ("Gail", "stepmother_of", "Lily") in _stored(max_, turn.claims)
    assert "gail" in _answer(max_.say("Who is Lily's stepmother?", odile))
    assert "gail" not in _answer(max_.say("Who is Lily's mother?", odile))


def test_a_relative_told_apart_by_a_place_then_a_step(max_: Max) -> None:
    # "my brother in Oslo's wife": the wife is asked about, never the brother's own job.
    omar, odile = _person(max_, "Omar"), _person(max_, "Odile")
    max_.say("My brother Idris works as an architect in Oslo.", omar)
    assert _answer(max_.say("What does my brother in Oslo's wife do?", omar)) == ""
    max_.say("His wife Ingrid is a midwife.", omar)
    assert "midwife" in _answer(max_.say("What does my brother in Oslo's wife do?", omar))
    assert "architect" in _answer(max_.say("What does Omar's brother do?", odile))
