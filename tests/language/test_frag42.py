"""A verbless fragment after a statement says what the frame's thing is (issue 21, frag42):
about the statement's one person, a copula clause read by the one reader (fragment_is.py);
about its one object, the object said again more exactly (splice.py). Real turns on a real
DuckDB graph, in words of their own, each with a trap."""

from __future__ import annotations

from tests.language.test_conversation import Max, answer_of
from tests.language.test_conversation import person as _person


def test_a_persons_noun_after_a_statement_says_what_its_subject_is(max_: Max) -> None:
    bronwen, ada = (_person(max_, n) for n in ("Bronwen", "Ada"))
    max_.say("I'm at the ambulance station most days.", bronwen)
    max_.say("Paramedic, eleven years.", bronwen)
    assert "paramedic" in answer_of(max_.say("What does Bronwen do for a living?", ada))
    # Trap: with another person in the statement, whom the fragment is about is not known.
    max_.say("I had lunch with my friend Ines. Dentist.", ada)
    assert answer_of(max_.say("What does Ada do for a living?", bronwen)) == ""


def test_a_kind_of_the_object_says_the_object_again(max_: Max) -> None:
    ivo, ada = (_person(max_, n) for n in ("Ivo", "Ada"))
    max_.say("We got a dog from the rescue. A whippet.", ivo)
    assert "whippet" in answer_of(max_.say("What kind of dog did Ivo get?", ada))
    # Trap: after a denial there is no dog to be a kind of.
    max_.say("We never got a cat. A Siamese.", ada)
    assert answer_of(max_.say("What kind of cat did Ada get?", ivo)) == ""


def test_the_name_of_the_one_who_spoke_before_calls_to_them(max_: Max) -> None:
    oisin, maeve, ada = (_person(max_, n) for n in ("Oisin", "Maeve", "Ada"))
    max_.say("maeve's got a new boyfriend", oisin)
    max_.say("OISIN", maeve)
    assert "oisin" not in answer_of(max_.say("What is Maeve's boyfriend called?", ada))
    # Its kin: another name said after it is the boyfriend's.
    max_.say("Maeve adopted a puppy.", oisin)
    max_.say("Biscuit.", maeve)
    assert "biscuit" in answer_of(max_.say("What is Maeve's puppy called?", ada))
