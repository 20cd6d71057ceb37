"""Purpose, reason and beneficiary (issue 21, why20): what a clause was done for is a deed of
its own, said as the clause is; a reason is the clause's qualifier; "for my mum" is whom it
was done for. Sentences written for this test, each with a trap, through real turns on a real
DuckDB graph."""

from __future__ import annotations

from tests.language.test_conversation import Max
from tests.language.test_conversation import answer_of as _answer
from tests.language.test_conversation import person as _person
from tests.language.test_reading import _stored


def _dont_know(said: str) -> bool:
    return said == "" or said.lower().startswith("i don't know")


def test_a_trip_planned_to_see_someone_plans_the_visit(max_: Max) -> None:
    ines, oli = _person(max_, "Ines"), _person(max_, "Oli")
    turn = max_.say("I'm driving up to Durham to visit my mum.", ines)
    stored = _stored(max_, turn.claims)
    seen = next(c for c in turn.claims if c["predicate"] == "visits")
    assert seen["qualifiers"]["modality"] == "plan"
    assert any(p == "visits" and "mum" in o.lower() for _, p, o in stored)
    assert "mum" in _answer(max_.say("Who is Ines visiting?", oli)).lower()
    assert "visit" in _answer(max_.say("Why is Ines driving to Durham?", oli)).lower()
    assert "visit" in _answer(max_.say("What is Ines driving to Durham for?", oli)).lower()
    # Trap: "to" before a place is where, never what for.
    turn = max_.say("Oli is flying to Oslo in March.", ines)
    assert not any(p not in ("flies_to", "goes_to") for _, p, _ in _stored(max_, turn.claims))
    assert _dont_know(_answer(max_.say("Why is Oli flying to Oslo?", ines)))


def test_a_past_errand_did_what_it_was_for(max_: Max) -> None:
    ines, oli = _person(max_, "Ines"), _person(max_, "Oli")
    turn = max_.say("On Tuesday Oli popped into the bakery to pick up a loaf.", ines)
    picked = [c for c in turn.claims if c["predicate"].startswith("picks")]
    assert picked and picked[0].get("qualifiers", {}).get("modality") != "plan"
    assert "loaf" in _answer(max_.say("What did Oli pick up?", ines)).lower()
    turn = max_.say("I took the bus in order to save money.", oli)
    assert any(p == "saves" for _, p, _ in _stored(max_, turn.claims))
    assert "save money" in _answer(max_.say("Why did Oli take the bus?", ines)).lower()


def test_for_a_relative_is_whom_it_was_for(max_: Max) -> None:
    ines, oli = _person(max_, "Ines"), _person(max_, "Oli")
    turn = max_.say("I knitted a scarf for my mum.", ines)
    knit = next(c for c in turn.claims if c["predicate"] == "knits")
    assert "mum" in knit["qualifiers"]["recipient"].lower()
    assert "mum" in _answer(max_.say("Who did Ines knit a scarf for?", oli)).lower()
    # Traps: "for" before a span of time or a sum is how long or how much, never what for.
    max_.say("I hired a van for three days.", oli)
    assert _dont_know(_answer(max_.say("Why did Oli hire a van?", ines)))
    turn = max_.say("I sold my old guitar for 90 pounds.", oli)
    sold = next(c for c in turn.claims if c["predicate"] == "sells")
    assert "purpose" not in sold.get("qualifiers", {})
    assert _dont_know(_answer(max_.say("Why did Oli sell the guitar?", ines)))


def test_a_reason_is_the_reason_of_its_own_clause(max_: Max) -> None:
    ines, oli = _person(max_, "Ines"), _person(max_, "Oli")
    max_.say("My brother Karl quit the choir because he was too busy.", ines)
    assert "busy" in _answer(max_.say("Why did Karl quit the choir?", oli)).lower()
    # Trap: the reason is Karl's, not Ines's.
    assert _dont_know(_answer(max_.say("Why did Ines quit the choir?", oli)))
    turn = max_.say("We left Bristol because of the rent.", oli)
    assert not any(p.endswith("because") for _, p, _ in _stored(max_, turn.claims))
    assert "rent" in _answer(max_.say("Why did Oli leave Bristol?", ines)).lower()
    # A move told with its reason is a deed, whose reason answers why (and names no place).
    max_.say("I moved because of the noise.", ines)
    assert "noise" in _answer(max_.say("Why did Ines move?", oli)).lower()
    assert _dont_know(_answer(max_.say("Where did Ines move?", oli)))


def test_a_purpose_in_a_hypothetical_or_a_question_stores_nothing(max_: Max) -> None:
    ines, oli = _person(max_, "Ines"), _person(max_, "Oli")
    turn = max_.say("If I had a car I would drive to Hull to see my sister.", ines)
    assert not any(p == "sees" for _, p, _ in _stored(max_, turn.claims))
    turn = max_.say("Are you going to Hull to see your sister?", oli)
    assert turn.claims == [] or not any(p == "sees" for _, p, _ in _stored(max_, turn.claims))
    # A trip denied says nothing of what it would have been for.
    turn = max_.say("I didn't go to Hull to see my sister.", ines)
    assert not any(p == "sees" for _, p, _ in _stored(max_, turn.claims))


def test_a_purpose_whose_doer_is_unsure_or_undone_stores_no_deed(max_: Max) -> None:
    ines = _person(max_, "Ines")
    # Sent someone: the errand may be theirs, not the sender's.
    turn = max_.say("I sent my son to the chemist to collect a prescription.", ines)
    assert not any(p.startswith("collects") for _, p, _ in _stored(max_, turn.claims))
    # "too late to": what was not done.
    turn = max_.say("I set off too late to catch the ferry.", ines)
    assert not any(p.startswith("catches") for _, p, _ in _stored(max_, turn.claims))


def test_so_that_one_could_is_what_it_was_done_for(max_: Max) -> None:
    ines, oli = _person(max_, "Ines"), _person(max_, "Oli")
    turn = max_.say(
        "Last spring my cousin Petra sold her car so she could pay off her debts.", ines
    )
    paid = [c for c in turn.claims if c["predicate"].startswith("pays")]
    assert paid and paid[0].get("qualifiers", {}).get("modality") != "plan"
    assert "debts" in _answer(max_.say("What did Petra pay off?", oli)).lower()
    assert "pay off" in _answer(max_.say("Why did Petra sell her car?", oli)).lower()
    # Traps: what could not be done after the weather, and an aim of someone else's.
    turn = max_.say("It was pouring so we could not play tennis.", oli)
    assert not any(p.startswith("plays") for _, p, _ in _stored(max_, turn.claims))
    turn = max_.say("My boss stayed late so I could finish the slides.", oli)
    assert not any(p.startswith("finishes") for _, p, _ in _stored(max_, turn.claims))


def test_the_aim_of_a_habit_is_a_habit_and_a_span_stays_a_span(max_: Max) -> None:
    ines = _person(max_, "Ines")
    turn = max_.say("My flatmate Rosa goes out at seven to walk her dog.", ines)
    walked = [c for c in turn.claims if c["predicate"].startswith("walks")]
    assert walked and walked[0]["qualifiers"]["modality"] == "habit"
    turn = max_.say("My uncle drove a taxi for twenty years.", ines)
    drove = next(c for c in turn.claims if c["predicate"] == "drives")
    assert drove["qualifiers"].get("duration") == "for twenty years"
    assert "purpose" not in drove["qualifiers"]


def test_a_relative_in_the_aim_is_one_of_the_doers(max_: Max) -> None:
    ines = _person(max_, "Ines")
    # "her" names no place: a relative owned by anyone but who went is left unread.
    turn = max_.say("Zara took the train to Sheffield to visit her brother.", ines)
    assert not any(
        p == "visits" and "sheffield" in o.lower() for _, p, o in _stored(max_, turn.claims)
    )
    # "so I can": the aim is still ahead, whatever the tense of the clause it is for.
    turn = max_.say("I joined a choir so I can sing at my sister's wedding.", ines)
    sung = [c for c in turn.claims if c["predicate"].startswith("sings")]
    assert all(c["qualifiers"].get("modality") == "plan" for c in sung)
