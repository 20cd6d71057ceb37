"""What a statement may write (issue 21, the storing side): the predicate a clause means, not
the verb it happens to use, and nothing where the clause states nothing. Each case is a
mechanism over the parse and WordNet (resident/language/objects.py), not a sentence: an
occupation said with the copula is what someone works as; a time clause is its clause's
time; a question said inside another asks; a light verb and its eventive noun are one
predicate; an adjective is no object; praise of a thing is no attribute of its owner; a
past-tense statement without "I" is the teller's."""

from __future__ import annotations

from typing import Any

import pytest

from resident.language.pipeline import installed_trained_pipeline, load_pipeline
from resident.language.reading import read
from resident.language.statement import Context
from tests.language.test_conversation import Max

pytestmark = pytest.mark.skipif(
    installed_trained_pipeline() is None, reason="the statement reader needs a trained pipeline"
)


@pytest.fixture(scope="module")
def nlp() -> Any:
    return load_pipeline("auto")


def _read(nlp: Any, text: str) -> set[tuple[str, str, str]]:
    statements, _ = read(nlp(text), Context(), reparse=nlp)
    return {
        (st.subject.name or st.subject.role, st.stored_predicate, st.object) for st in statements
    }


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # An occupation (WordNet: a worker, a professional ...) is what someone works as.
        ("Sam is a nurse.", ("Sam", "works_as", "nurse")),
        ("Grandpa was a headteacher.", ("kin", "works_as", "headteacher")),
        ("Duncan is a goose.", ("Duncan", "is_a", "goose")),
        # A light verb and its eventive noun are one predicate; a thing stays the object.
        ("I took a look at the car.", ("speaker", "takes_look_at", "car")),
        ("I gave Mum a call.", ("speaker", "gives_call", "Mum")),
        ("Tom gave me a book.", ("Tom", "gives", "book")),
        ("I have a cold.", ("speaker", "has", "cold")),
        # What the clause means, not its verb.
        ("Mum turned thirty-five.", ("kin", "age", "thirty-five")),
        ("I've had my cataract done.", ("speaker", "has_done", "cataract")),
        ("I got my ears pierced on Saturday.", ("speaker", "gets_pierced", "ears")),
        ("We have a cat called Pistachio.", ("Pistachio", "is_a", "cat")),
        ("I switched to teaching law at the college.", ("speaker", "teaches", "law")),
        ("Three months ago we got back from Lagos.", ("speaker", "gets_back_from", "Lagos")),
        ("I swam a whole length yesterday.", ("speaker", "swims", "whole length")),
        ("Mira finished translating a trilogy.", ("Mira", "finishes_translating", "trilogy")),
        ("Sam has been trying to give up soda.", ("Sam", "tries_give_up", "soda")),
        # A condition said with "will" is courtesy, not a condition.
        ("I'm doing the triathlon next year, if you'll have me.", ("speaker", "does", "triathlon")),
        # The teller's own news, said without "I".
        ("I did it! Finished the triathlon on Saturday!", ("speaker", "finishes", "triathlon")),
        # ... but a made-up name the tagger calls a past verb is no news of the teller's.
        ("flo826xdrug56 treats fever", ("flo826xdrug56", "treats", "fever")),
        ("My favourite colour is blue.", ("speaker", "favourite_colour", "blue")),
        ("I hate coriander and maths tests.", ("speaker", "hates", "maths tests")),
        ("Statins lower cholesterol.", ("Statins", "lowers", "cholesterol")),
    ],
)
def test_a_clause_is_stored_as_what_it_means(nlp: Any, text: str, expected: tuple) -> None:
    assert expected in _read(nlp, text)


@pytest.mark.parametrize(
    "text",
    [
        "Sam gave it a try last week.",  # what was tried is no entity
        "I also got some news.",  # "some" abstract thing
        "I said yes before he finished the question.",  # a time clause
        "I don't know how you do nights.",  # a question inside a statement
        "I'm trying to eat healthier these days.",  # an adjective is no object
        "I never learned as a kid.",  # "as a kid" is no object
        "Your family is ridiculously successful.",  # praise of a thing, not an attribute
        "Their halloumi is amazing.",
        "Open water in Salford Quays every Wednesday.",  # no verb: "Open" is no subject
        "Best mark in my group.",
        "Every morning I do tai chi in the park.",  # a name the parser made the verb
        "If it rains we will stay home.",  # what a condition holds on is no fact
    ],
)
def test_a_clause_that_states_nothing_writes_nothing(nlp: Any, text: str) -> None:
    assert _read(nlp, text) == set()


def test_a_time_clause_is_kept_as_the_time_of_its_clause(nlp: Any) -> None:
    statements, _ = read(nlp("When I was young I lived in Paris."), Context(), reparse=nlp)
    assert [(st.stored_predicate, st.object) for st in statements] == [("lives_in", "Paris")]
    assert ("time", "When I was young") in {(r.role, r.text) for r in statements[0].roles}


def test_an_introduction_stores_who_was_introduced_not_the_introducing(nlp: Any) -> None:
    read_ = _read(nlp, "Hi MAX, let me introduce my husband Karim and our kids Nour and Sami.")
    assert {p for _, p, _ in read_} == {"husband_of", "kid_of"}
    assert {s for s, _, _ in read_} == {"Karim", "Nour", "Sami"}


def test_an_aside_is_no_second_object_but_a_list_is_read_whole(nlp: Any) -> None:
    assert _read(nlp, "I quit the whisky shop, too many hen parties.") == {
        ("speaker", "quits", "whisky shop")
    }
    croft = _read(nlp, "We've a croft on Skye, sixty sheep, a few Highland cows and a goose.")
    assert {"croft", "few Highland cows", "goose"} <= {o for _, _, o in croft}


def test_a_measure_hung_on_the_verb_is_kept_as_the_quantity(nlp: Any) -> None:
    statements, _ = read(nlp("Also, I swam four hundred metres last week."), Context(), reparse=nlp)
    roles = {(r.role, r.text) for st in statements for r in st.roles}
    assert ("quantity", "four hundred metres") in roles


def test_the_nearer_of_two_subjects_is_the_clauses_own(nlp: Any) -> None:
    # "im" is read as "i'm" (clitics.py), which the parser then reads as two clauses; Ronan
    # was named before, as in the talk this comes from ("Aoife and Ronan").
    ctx = Context()
    ctx.remember("Ronan", "person")
    said, _ = read(nlp("im 15 and ronan is 10 and we have loads of pets"), ctx, reparse=nlp)
    read_ = {(st.subject.name or st.subject.role, st.stored_predicate, st.object) for st in said}
    assert ("Ronan", "age", "10") in read_
    assert ("speaker", "age", "15") in read_
    assert not any(p == "age" and o == "10" and s == "speaker" for s, p, o in read_)


def test_a_relative_said_with_the_copula_is_the_relation(max_: Max) -> None:
    ana = max_.say("Hi, I'm Ana.").person_id
    max_.say("Tom is my brother.", ana)
    assert (max_.say("Who is my brother?", ana).answer or "").lower() == "tom"
    turn = max_.say("Lena is Tom's sister.", ana)
    assert [c["predicate"] for c in turn.claims] == ["sister_of"]
    assert "Lena is Tom's sister" in turn.reply


def test_a_turn_reports_each_claim_with_what_else_its_clause_said(max_: Max) -> None:
    iain = max_.say("Hi, I'm Iain.").person_id
    turn = max_.say("Our daughter Kirsty is a doctor in Glasgow.", iain)
    job = next(c for c in turn.claims if c["predicate"] == "works_as")
    assert job["qualifiers"] == {"location": "Glasgow"}
    assert (max_.say("What does Kirsty do?", iain).answer or "").lower() == "doctor"
    # Said to the one it is about, in words.
    max_.resident.people.introduce("Kirsty", max_.clock.now())
    hello = max_.say("Hello, I'm Kirsty.", "person:kirsty")
    assert "Iain told me you work as a doctor." in hello.reply


@pytest.mark.parametrize(
    ("text", "predicate", "modality"),
    [
        # The present perfect takes no definite past time: a point in time said with it is
        # ahead ("have got" is then "have").
        ("We've got a concert at the town hall on Saturday.", "has", "plan"),
        ("I've booked a table on Friday.", "books", "plan"),
        ("I've got the keys!", "gets", "done"),
        ("I fixed the bike on Friday.", "fixes", "done"),
        # A present clause with a time ahead, or a progressive with a point in time, is an
        # arrangement; one with a time of now is a state; a past form the tagger called
        # present is past.
        ("We're flying to Oslo next week.", "flies_to", "plan"),
        ("I'm starting at the hospital in March.", "starts_at", "plan"),
        ("I'm working at the library these days.", "works_at", "state"),
        ("I swam two lengths yesterday.", "swims", "done"),
    ],
)
def test_the_perfect_with_a_point_in_time_is_a_plan(
    nlp: Any, text: str, predicate: str, modality: str
) -> None:
    statements, _ = read(nlp(text), Context(), reparse=nlp)
    found = [st for st in statements if st.predicate == predicate]
    assert found and found[0].modality == modality, statements


def test_a_light_verbs_time_noun_is_no_thing(nlp: Any) -> None:
    assert not _read(nlp, "We finally set a date.")
    assert not any(p == "has" for _, p, _ in _read(nlp, "I had a lovely day."))


def test_what_a_clause_is_for_is_kept_as_its_purpose(nlp: Any) -> None:
    statements, _ = read(nlp("Tariq is training to be a pilot."), Context(), reparse=nlp)
    roles = {(r.role, r.text) for st in statements for r in st.roles}
    assert any(role == "purpose" and "pilot" in text for role, text in roles), statements


def test_a_noun_restating_the_object_gives_its_count_not_a_second_thing(nlp: Any) -> None:
    statements, _ = read(nlp("Dora grew tulips, two hundred bulbs."), Context(), reparse=nlp)
    grown = [st for st in statements if st.predicate == "grows"]
    assert [st.object for st in grown] == ["tulips"]
    assert ("quantity", "two hundred") in {(r.role, r.text) for r in grown[0].roles}


def test_how_often_a_later_clause_happens_is_not_this_ones(nlp: Any) -> None:
    statements, _ = read(
        nlp("My son Ivo lives in Lyon, and we visit him every summer."), Context(), reparse=nlp
    )
    lives = next(st for st in statements if st.predicate == "lives_in")
    assert lives.modality == "state"


def test_an_arranged_event_keeps_its_particle(nlp: Any) -> None:
    statements, _ = read(nlp("Jo and I are moving in together in May."), Context(), reparse=nlp)
    assert {(st.predicate, st.object, st.modality) for st in statements} == {
        ("does", "moving in", "plan")
    }


def test_with_you_names_the_listener(max_: Max) -> None:
    """A qualifier said as a personal pronoun is stored as whom it names."""
    ana = max_.say("Hi, I'm Ana.").person_id
    max_.resident.people.introduce("Ben", max_.clock.now())
    max_.say("Hello, I'm Ben.", "person:ben")
    turn = max_.say("I'm running the marathon with you next year.", ana)
    run = next(c for c in turn.claims if c["predicate"] == "runs")
    assert run["qualifiers"].get("companion") == "Ben"


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # A verb of coming arranged for a time is an event, not talk; a place by name the
        # tagger calls an organisation is still where someone comes from.
        ("My aunt Vera is coming for dinner on Friday.", ("Vera", "comes_for", "dinner")),
        ("Our cousin Tibor is coming from Szeged next month.", ("Tibor", "comes_from", "Szeged")),
    ],
)
def test_a_coming_arranged_for_a_time_is_an_event(nlp: Any, text: str, expected: tuple) -> None:
    assert expected in _read(nlp, text)


def test_a_persons_role_of_something_is_theirs_and_a_degree_is_no_part_of_the_object(
    nlp: Any,
) -> None:
    # "X is <a person's role> of Y" says what X is, not Y's attribute ("the capital of").
    read_ = _read(nlp, "Marta is translator of Polish novels.")
    assert not any(s != "Marta" for s, _, _ in read_), read_
    # The role's head is the noun before its "of"; a short one ("vet") is read as it is.
    assert ("Marta", "works_as", "translator of Polish novels") in read_
    assert ("Ruth", "works_as", "vet") in _read(nlp, "Ruth is a vet.")
    assert ("speaker", "likes", "gardening") in _read(nlp, "I like very much gardening.")


@pytest.mark.parametrize("text", ["We are in Leeds.", "I am a nurse.", "We live in Ealing."])
def test_a_present_copula_or_verb_is_no_past(nlp: Any, text: str) -> None:
    statements, _ = read(nlp(text), Context(), reparse=nlp)
    assert statements and all(st.mood == "fact" for st in statements), statements
