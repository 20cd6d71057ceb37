"""Relatives reached through other relatives, ages said in passing, he/she within a sentence and
the answer's type checked per candidate, through real turns on a real DuckDB graph (issue 21,
wave 6): the household asks about people the way families talk about them."""

from __future__ import annotations

import pytest

from tests.language.test_conversation import Max
from tests.language.test_conversation import answer_of as _answer
from tests.language.test_conversation import person as _person


def test_a_grandfather_is_a_parents_father_and_a_father_in_law_a_spouses(max_: Max) -> None:
    conor, aoife, sinead = (_person(max_, n) for n in ("Conor", "Aoife", "Sinead"))
    max_.say("My father Tadhg is moving in with us next month, he's eighty-four.", conor)
    max_.say("My daughter Aoife is 15 and my wife Sinead is a teacher.", conor)
    assert "tadhg" in _answer(max_.say("Who is my grandfather?", aoife))
    assert _answer(max_.say("How old is my father-in-law?", sinead)) == "eighty-four"
    assert _answer(max_.say("How old is Grandpa?", aoife)) == "eighty-four"
    # Nobody said who Aoife's grandmother is: no guess.
    assert max_.say("Who is my grandmother?", aoife).answer is None


def test_a_mother_is_a_fathers_wife_when_only_that_was_said(max_: Max) -> None:
    ernst, ruth = _person(max_, "Ernst"), _person(max_, "Ruth")
    max_.say("My late wife Hanne grew roses.", ernst)
    max_.say("My daughter Ruth helps me in the garden.", ernst)
    assert "roses" in _answer(max_.say("What did my mother grow?", ruth))
    # A son is no daughter: the sex a kin noun says is kept.
    assert max_.say("Who is my brother?", ruth).answer is None


def test_ages_said_in_passing(max_: Max) -> None:
    karim = _person(max_, "Karim")
    max_.say("Nour is nine and Sami is six, and Sami plays the trumpet.", karim)
    max_.say("Our baby Ivy is five months old.", karim)
    max_.say(
        "We have a cat called Tripod. Tripod had a check-up at the vet, he's eight and healthy.",
        karim,
    )
    assert _answer(max_.say("How old is Nour?", karim)) == "nine"
    assert _answer(max_.say("How old is Sami?", karim)) == "six"
    assert _answer(max_.say("How old is Ivy?", karim)) == "five months"
    assert _answer(max_.say("How old is Tripod?", karim)) == "eight"
    # Someone else's age is not Ivy's.
    assert max_.say("How old is Ivy's great-granny?", karim).answer is None


def test_he_and_her_are_the_name_said_before_them_in_the_sentence(max_: Max) -> None:
    morag = _person(max_, "Morag")
    max_.say("We have a goose called Duncan.", morag)
    max_.say("Kirsty came home on Monday with her partner Ruairidh, he's a vet.", morag)
    assert _answer(max_.say("Who is Kirsty's partner?", morag)) == "ruairidh"
    assert _answer(max_.say("What does Ruairidh do?", morag)) == "vet"


@pytest.mark.parametrize(
    ("said", "asked", "expected"),
    [
        ("I'm from Pune originally.", "Where is Priti from?", "pune"),
        ("Ivy loves the washing machine and hates her pram.", "What does Ivy hate?", "pram"),
    ],
)
def test_questions_read_by_meaning(max_: Max, said: str, asked: str, expected: str) -> None:
    priti = _person(max_, "Priti")
    max_.say(said, priti)
    assert _answer(max_.say(asked, priti)) == expected


def test_a_relative_held_beside_a_job_does_not_answer_what_someone_does(max_: Max) -> None:
    iain = _person(max_, "Iain")
    max_.say("Our daughter Kirsty is a doctor in Glasgow.", iain)
    assert _answer(max_.say("What does Kirsty do?", iain)) == "doctor"
    assert _answer(max_.say("What does my daughter do?", iain)) == "doctor"


def test_every_item_of_a_list_of_things_had_is_read(max_: Max) -> None:
    iain = _person(max_, "Iain")
    max_.say(
        "We've a croft on Skye, sixty sheep, a few Highland cows and a very bossy goose "
        "called Duncan.",
        iain,
    )
    # "terrier" tagged an adjective still names a kind of dog (WordNet).
    max_.say("We have a little terrier called Dai who barks at the postman.", iain)
    assert _answer(max_.say("What is the goose called?", iain)) == "duncan"
    assert _answer(max_.say("What is our dog called?", iain)) == "dai"


def test_a_grandson_through_a_daughters_little_boy(max_: Max) -> None:
    ruth = _person(max_, "Ruth")
    max_.say("My daughter Leah lives in Leeds with her little boy Sol, who is two.", ruth)
    assert _answer(max_.say("How old is my grandson?", ruth)) == "two"
    # "her little boy is two" is Sol's age, not an attribute "little boy" of Leah.
    assert not [c for c in max_.graph.peek_claims("person:leah") if "boy" in c.predicate]


def test_we_includes_what_the_partner_said_and_been_to_is_a_visit(max_: Max) -> None:
    agnieszka, piotr = _person(max_, "Agnieszka"), _person(max_, "Piotr")
    max_.say("My husband Piotr is an electrician.", agnieszka)
    max_.say("We drove to Brighton with Kuba and I drove buses for twenty years.", piotr)
    assert _answer(max_.say("Have we ever been to Brighton?", agnieszka)) == "yes"
    assert _answer(max_.say("Did Piotr drive buses?", agnieszka)) == "yes"
    # Another place, or another preposition, is not what was said.
    assert max_.say("Has Piotr ever been to Paris?", agnieszka).answer is None
    assert max_.say("Is Piotr from Brighton?", agnieszka).answer is None


def test_what_an_elder_is_called_is_read_from_the_kin_paths_once() -> None:
    """The names a family calls an elder by are the kin nouns of one sex and the same paths:
    "Nan" is a grandmother wherever kin nouns are read (it was a second list before)."""
    from resident.language.kin_answers import address_forms
    from resident.language.kin_nouns import kin_nouns
    from resident.language.kinship import address_groups

    assert address_forms("grandmother") == ["gran", "grandma", "granny", "nan", "nana", "nanna"]
    assert address_forms("father") == ["dad", "daddy", "papa"]
    assert "mam" in address_forms("mother") and "gramps" in address_forms("grandfather")
    # A son or a wife is not called by the kin word; a kin noun of either sex is no form.
    assert address_forms("son") == address_forms("wife") == address_forms("parent") == []
    nouns = kin_nouns()
    for group in address_groups():
        assert len({(nouns[n].sex, nouns[n].paths) for n in group}) == 1
    assert nouns["nanna"] == nouns["grandmother"] and nouns["mama"] == nouns["mother"]
