"""Passives stored (issue 21, the storing side, wave 17, store17): a deed said in the passive
is stored as what befell its subject, or, with a named doer, as the active clause, through
real turns on a real DuckDB graph. Each has a trap where nothing may be stored."""

from __future__ import annotations

from tests.language.test_conversation import Max
from tests.language.test_conversation import answer_of as _answer
from tests.language.test_conversation import person as _person
from tests.language.test_reading import _stored


def test_a_passive_with_no_doer_is_what_befell_a_person(max_: Max) -> None:
    ines, oli = _person(max_, "Ines"), _person(max_, "Oli")
    turn = max_.say("My brother Ravi was arrested in Lyon last week.", ines)
    assert ("Ravi", "is", "arrested") in _stored(max_, turn.claims)
    assert "lyon" in _answer(max_.say("Where was Ravi arrested?", oli))
    turn = max_.say("Oli got selected for the county squad.", ines)
    assert ("Oli", "gets", "selected") in _stored(max_, turn.claims)
    assert _answer(max_.say("Was Oli selected?", ines)).lower().startswith(("yes", "possibly"))


def test_a_passive_that_says_no_deed_done_stores_nothing(max_: Max) -> None:
    ines = _person(max_, "Ines")
    for said in (
        "Oli wasn't chosen for the team.",  # negated
        "If Oli got chosen, we would celebrate.",  # a condition
        "I think Oli got chosen.",  # a belief, not a fact said
        "Oli hopes to get chosen.",  # a wish
        "Oli was asked to sing at the party.",  # a clause asked of him
    ):
        stored = _stored(max_, max_.say(said, ines).claims)
        assert not any(o == "chosen" or o == "asked" for _, _, o in stored), said


def test_a_passive_of_a_thing_with_a_named_doer_is_the_active_deed(max_: Max) -> None:
    ines, oli = _person(max_, "Ines"), _person(max_, "Oli")
    turn = max_.say("The bookcase in the hall was made by my grandad.", ines)
    assert ("Ines's grandad", "makes", "bookcase") in _stored(max_, turn.claims)
    assert "grandad" in _answer(max_.say("Who made the bookcase?", oli))
    turn = max_.say("The apple trees were planted by Oli in 2015.", ines)
    assert ("Oli", "plants", "apple trees") in _stored(max_, turn.claims)
    assert "2015" in _answer(max_.say("When were the apple trees planted?", ines))
    # No one MAX can name did it ("a storm"), or it was not done: nothing stored.
    turn = max_.say("The fence was knocked down by a storm.", ines)
    assert not any(p == "knocks_down" for _, p, _ in _stored(max_, turn.claims))
    turn = max_.say("The pie wasn't baked by Oli.", ines)
    assert not any(p == "bakes" for _, p, _ in _stored(max_, turn.claims))


def test_a_deed_of_a_they_no_one_named_is_what_befell_its_object(max_: Max) -> None:
    ines, oli = _person(max_, "Ines"), _person(max_, "Oli")
    turn = max_.say("Big news, they hired me at the observatory on Tuesday.", ines)
    assert ("Ines", "gets", "hired") in _stored(max_, turn.claims)
    assert (
        "tuesday" in _answer(max_.say("When was Ines hired?", oli)).lower()
        or _answer(max_.say("When was Ines hired?", oli))[:1].isdigit()
    )
    turn = max_.say("They transferred my brother Sol to the Leeds office.", oli)
    assert ("Sol", "gets", "transferred") in _stored(max_, turn.claims)


def test_a_they_deed_that_says_more_or_less_stores_nothing_befallen(max_: Max) -> None:
    ines = _person(max_, "Ines")
    for said in (
        "They didn't hire me.",  # negated
        "If they hired me I would move.",  # a condition
        "They say they sacked Oli.",  # hearsay
        "They threw Oli out of the club.",  # a phrasal verb: expelled, no throwing
        "They offered me a contract.",  # a second object: more than befell me
    ):
        stored = _stored(max_, max_.say(said, ines).claims)
        assert not any(p == "gets" for _, p, _ in stored), said


def test_a_field_of_study_or_a_degree_done_is_what_someone_studies(max_: Max) -> None:
    ines, oli = _person(max_, "Ines"), _person(max_, "Oli")
    turn = max_.say("These days I'm doing geography at Exeter.", ines)
    assert ("Ines", "studies", "geography") in _stored(max_, turn.claims)
    assert "geography" in _answer(max_.say("What does Ines study?", oli))
    turn = max_.say("My brother Sol is doing a PhD in medieval history.", oli)
    assert ("Sol", "studies", "medieval history") in _stored(max_, turn.claims)
    assert "history" in _answer(max_.say("What is Sol studying?", ines))


def test_doing_what_is_no_field_of_study_or_not_now_stores_no_study(max_: Max) -> None:
    ines = _person(max_, "Ines")
    for said in (
        "I'm doing the washing up.",  # a chore
        "Oli is doing dance on Fridays.",  # an activity WordNet knows first as one
        "I did a degree in physics years ago.",  # studied once, not now
        "I'd do chemistry if I could.",  # a wish
    ):
        stored = _stored(max_, max_.say(said, ines).claims)
        assert not any(p == "studies" for _, p, _ in stored), said


def test_a_student_in_a_field_studies_it(max_: Max) -> None:
    ines, oli = _person(max_, "Ines"), _person(max_, "Oli")
    turn = max_.say("My niece Bea is a second-year student in economics.", ines)
    assert ("Bea", "studies", "economics") in _stored(max_, turn.claims)
    assert "economics" in _answer(max_.say("What does Bea study?", oli))
    # A place after "student in" is where, no field; a student once studies nothing now.
    for said in ("Oli is a student in Bristol.", "I was a student in physics long ago."):
        stored = _stored(max_, max_.say(said, oli).claims)
        assert not any(p == "studies" for _, p, _ in stored), said


def test_how_long_said_without_for_is_a_duration(max_: Max) -> None:
    ines, oli = _person(max_, "Ines"), _person(max_, "Oli")
    turn = max_.say("My sister has volunteered at the food bank two years now.", ines)
    helped = next(c for c in turn.claims if c["predicate"] == "volunteers_at")
    assert helped["qualifiers"]["duration"] == "two years"
    max_.say("I've worked at the bakery five years now.", oli)
    assert "five years" in _answer(max_.say("How long has Oli worked at the bakery?", ines))
    # When, not how long: "ago", "every", a past said without the perfect.
    for said in (
        "Oli moved to Cardiff eight years ago now.",
        "I visit my aunt every two years.",
        "Oli lived in Bath two years.",
    ):
        turn = max_.say(said, oli)
        assert not any("duration" in c.get("qualifiers", {}) for c in turn.claims), said
