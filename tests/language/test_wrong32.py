"""Answers about something else and claims no one stated (issue 21, wrong32): the type a
question's gap asks is read from the verb it asks about, a job is what "for a living" asks, an
answer's own noun of another kind outweighs a word WordNet lacks, and a forecast for the one
spoken to, a clitic "would", or the yes of an answer taken for a subject, stores nothing."""

from __future__ import annotations

from tests.language.test_conversation import Max, answer_of, person


def test_the_verb_asked_is_the_one_the_what_belongs_to(max_: Max) -> None:
    # "What is X applying to study?": "what" is study's object, so "the wheel" he took is no
    # subject of study; "What is X studying?" likewise.
    ines = person(max_, "Ines")
    max_.say("Rhodri took the wheel on the way home from Leeds.", ines)
    assert answer_of(max_.say("What is Rhodri applying to study?", ines)) == ""
    assert answer_of(max_.say("What is Rhodri studying?", ines)) == ""


def test_for_a_living_asks_a_job(max_: Max) -> None:
    ines = person(max_, "Ines")
    max_.say("Carys took the lead in the village panto.", ines)
    max_.say("Gethin works as a plumber in Neath.", ines)
    assert answer_of(max_.say("What does Carys do for a living?", ines)) == ""
    assert "plumber" in answer_of(max_.say("What does Gethin do for a living?", ines))


def test_a_noun_of_another_kind_outweighs_an_unknown_word(max_: Max) -> None:
    ines = person(max_, "Ines")
    # A run-on typed in lower case: "staffy" is a word WordNet lacks, "dogs" one it knows.
    max_.say("anyway we got 2 dogs a staffy called bruno hes 4", ines)
    assert answer_of(max_.say("What car does Ines have?", ines)) == ""


def test_a_forecast_for_the_listener_stores_nothing(max_: Max) -> None:
    ines = person(max_, "Ines")
    bryn = person(max_, "Bryn")
    turn = max_.say("You'll pass your driving test in August, honestly.", ines)
    assert turn.claims == []
    assert answer_of(max_.say("What did Bryn pass?", ines)) == ""
    assert bryn


def test_an_answers_yes_is_no_subject(max_: Max) -> None:
    ines = person(max_, "Ines")
    turn = max_.say("Yep, still going with Amy.", ines)
    assert all("yep" not in str(c.get("subject", "")).lower() for c in turn.claims)


def test_a_clitic_would_is_a_hypothetical(max_: Max) -> None:
    # "I'd" tagged as a modal is "would": a wish or a supposition, no liking held now.
    ines = person(max_, "Ines")
    max_.say("I'd love a whippet.", ines)
    max_.say("If Owain moved, he'd lose his allotment.", ines)
    assert answer_of(max_.say("What does Ines love?", ines)) == ""
    assert answer_of(max_.say("What did Owain lose?", ines)) == ""
