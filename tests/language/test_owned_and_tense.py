"""Questions through a thing someone has, particles, places kept as roles, light verbs, tense
(issue 21, the asking side), through real turns on a real DuckDB graph: each answer is a held
statement's role, and a near miss (another thing, another particle, a plan still ahead) stays
"I don't know"."""

from __future__ import annotations

from resident.language.owned import is_group
from tests.language.test_conversation import Max
from tests.language.test_conversation import answer_of as _answer
from tests.language.test_conversation import person as _person


def test_a_thing_asked_through_its_owner(max_: Max) -> None:
    conor, sinead = _person(max_, "Conor"), _person(max_, "Sinead")
    max_.say("I have a garage in Ennis.", conor)
    assert _answer(max_.say("Where is Conor's garage?", sinead)) == "ennis"
    # Conor has no boat that anyone told of.
    assert max_.say("Where is Conor's boat?", sinead).answer is None
    max_.say("I finished my book on West African trade.", conor)
    assert _answer(max_.say("What is Conor's book about?", sinead)) == "west african trade"
    assert max_.say("What is Conor's garage about?", sinead).answer is None


def test_a_team_speaks_for_its_member(max_: Max) -> None:
    kyle, jade = _person(max_, "Kyle"), _person(max_, "Jade")
    max_.say("We won the county final on Thursday!", kyle)
    won = max_.say("When did Kyle's team win the county final?", jade)
    assert "25 december 2025" in _answer(won) and "on Thursday 25 December 2025" in won.reply
    assert is_group("team") and is_group("band")
    assert not is_group("garage")


def test_a_particle_is_not_another_preposition_and_a_plan_is_not_done(max_: Max) -> None:
    maya, kofi = _person(max_, "Maya"), _person(max_, "Kofi")
    max_.say("Noelle and I are moving to Montreal next February.", maya)
    # Moving to Montreal is not moving in, and it has not happened yet.
    assert max_.say("When did Maya move in?", kofi).answer is None
    max_.say("Next year I am doing the triathlon with Maya.", kofi)
    assert max_.say("Did Kofi come to the triathlon?", maya).answer is None


def test_been_to_a_place_kept_as_where_it_happened(max_: Max) -> None:
    mira, felix = _person(max_, "Mira"), _person(max_, "Felix")
    max_.say("We visited Jonathan in Graz on Saturday.", mira)
    # Felix's "we" takes in the household: Mira said they were in Graz.
    assert _answer(max_.say("Have we ever been to Graz?", felix)) == "yes"
    assert max_.say("Have we ever been to Vienna?", felix).answer is None


def test_a_light_verb_answers_the_verb_asked_by_its_object(max_: Max) -> None:
    ming, lin = _person(max_, "Ming"), _person(max_, "Lin")
    max_.say("I stopped piano lessons, I'm doing guitar now.", ming)
    assert _answer(max_.say("Does Ming play guitar?", lin)) == "yes"
    assert max_.say("Does Ming play the violin?", lin).answer is None


def test_since_when_is_a_when_question(max_: Max) -> None:
    piotr = _person(max_, "Piotr")
    max_.say("We live in Ealing since 2019.", piotr)
    assert "2019" in _answer(max_.say("Since when do we live in Ealing?", piotr))


def test_a_yes_holds_every_word_asked_and_an_opposite_feeling_is_a_no(max_: Max) -> None:
    conor, aoife = _person(max_, "Conor"), _person(max_, "Aoife")
    max_.say("I love hurling and I hate mornings.", conor)
    assert _answer(max_.say("Does Conor like hurling?", aoife)) == "yes"
    # He said he loves it: hating it is denied (WordNet: hate is love's antonym).
    assert _answer(max_.say("Does Conor hate hurling?", aoife)) == "no"
    # Hating mornings says nothing of cycling, nor liking hurling of avocado.
    assert max_.say("Does Conor hate cycling?", aoife).answer is None
    assert max_.say("Does Conor like avocado?", aoife).answer is None


def test_our_child_is_the_one_the_household_told_of(max_: Max) -> None:
    margaret, alun = _person(max_, "Margaret"), _person(max_, "Alun")
    max_.say("Our daughter Carys lives in Swansea.", margaret)
    # Nobody said Alun is Margaret's husband: "our" still takes in what the household said.
    assert _answer(max_.say("Where does our daughter live?", alun)) == "swansea"
    # "my daughter" is his own, and nobody told of one; nor of a son.
    assert max_.say("Where does my daughter live?", alun).answer is None
    assert max_.say("Where does our son live?", alun).answer is None
