"""A filler of the wrong kind for its gap is no answer (issue 21, type44; answer_kinds.py): each
test is one mechanism of "this filler can be the answer to this gap", with its twin of the
right kind that must stay answered. Fail on main (8514cb2): it answers each gap with the
filler of the wrong kind."""

from __future__ import annotations

from tests.language.test_conversation import Max, answer_of, person


def test_a_breed_is_no_bare_species(max_: Max) -> None:
    # "police dog" says the dog's work; a breed is a kind below the species.
    a = person(max_, "Hollis")
    max_.say("Our dog Juniper is a police dog.", a)
    max_.say("Our other dog Fennel is a beagle.", a)
    assert answer_of(max_.say("What breed is Juniper?", a)) == ""
    assert "beagle" in answer_of(max_.say("What breed is Fennel?", a))


def test_what_someone_does_is_no_sex_or_age(max_: Max) -> None:
    a = person(max_, "Hollis")
    max_.say("Caspian is a lovely boy.", a)
    max_.say("Perpetua is an electrician.", a)
    assert answer_of(max_.say("What does Caspian do?", a)) == ""
    assert "electrician" in answer_of(max_.say("What does Perpetua do?", a))


def test_how_much_is_no_count_of_things(max_: Max) -> None:
    a = person(max_, "Hollis")
    max_.say("Leopold bought four tyres.", a)
    max_.say("Leopold paid ninety pounds for the exhaust.", a)
    assert answer_of(max_.say("How much did Leopold pay for the tyres?", a)) == ""
    assert "ninety" in answer_of(max_.say("How much did Leopold pay for the exhaust?", a))
    assert "four" in answer_of(max_.say("How many tyres did Leopold buy?", a))


def test_a_when_asks_the_time_of_that_event(max_: Max) -> None:
    # A shop that opened in 1998 does not open in 1998 now: asked in the present, an earlier
    # year is another event's time.
    a = person(max_, "Hollis")
    max_.say("Tormod's shop opened in 1998.", a)
    assert answer_of(max_.say("When does Tormod's shop open?", a)) == ""
    assert "1998" in answer_of(max_.say("When did Tormod's shop open?", a))


def test_a_name_asked_is_not_the_residents_own(max_: Max) -> None:
    # "..., MAX, ..." is said to him: the dog held as "MAX" names no dog.
    a = person(max_, "Hollis")
    b = person(max_, "Petronella")
    max_.say("Sausages and mash with Crumble tonight. Only man in my life.", a)
    max_.say("Crumble's the dog, MAX, before you get excited. Bites postmen.", b)
    assert answer_of(max_.say("What's my dog called?", a)) != "max"
