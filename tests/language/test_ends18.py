"""Endings and "not anymore" (issue 21, household truth maintenance): an ending said by a
person closes the matching claim's validity, with the time it ended when said; nothing is
deleted. Each case has a trap: another doing still held, or another person. Real turns on a
real DuckDB graph."""

from __future__ import annotations

from tests.language.test_conversation import Max
from tests.language.test_conversation import answer_of as _answer
from tests.language.test_conversation import person as _person


def _claim(max_: Max, subject: str, predicate: str, value: str):  # type: ignore[no-untyped-def]
    """The one claim held of `subject` with that predicate and object, ended or not."""
    found = [
        c
        for c in max_.graph.peek_claims(subject, predicate)
        if (
            max_.graph.get_entity(c.object_entity).label if c.object_entity else c.object_literal
        ).lower()
        == value
    ]
    assert len(found) == 1, (subject, predicate, value, found)
    return found[0]


def test_a_habit_said_with_used_to_is_over(max_: Max) -> None:
    priya, dev = _person(max_, "Priya"), _person(max_, "Dev")
    max_.say("I play the guitar.", priya)
    max_.say("I play the violin.", dev)  # another person's violin stays
    turn = max_.say("I used to play the violin but I gave up last year.", priya)
    assert any(c["predicate"] == "plays" for c in turn.claims)
    violin = _claim(max_, priya, "plays", "violin")
    assert violin.valid_to is not None and violin.valid_to.year == max_.clock.now().year - 1
    assert _answer(max_.say("Does Priya still play the violin?", dev)).startswith("no")
    assert _answer(max_.say("Did Priya use to play the violin?", dev)).startswith("yes")
    # The ending is a statement of its own, with its time.
    assert "2025" in _answer(max_.say("When did Priya give up the violin?", dev))
    assert _answer(max_.say("Does Priya play the guitar?", dev)).startswith("yes")
    assert _answer(max_.say("Does Dev play the violin?", priya)).startswith("yes")
    # A past habit with no ending said is over from when it was said.
    max_.say("I used to teach at a primary school.", dev)
    taught = [c for c in max_.graph.peek_claims(dev) if c.predicate.startswith("teaches")]
    assert taught and all(c.valid_to is not None for c in taught)
    # "used" with an object of its own is a using, not a habit.
    turn = max_.say("I used the van to move the piano.", dev)
    assert all(c["predicate"] != "moves" or c.get("valid_to") is None for c in turn.claims)


def test_quitting_ends_the_doing_of_that_thing_only(max_: Max) -> None:
    omar, bea = _person(max_, "Omar"), _person(max_, "Bea")
    max_.say("I go to the climbing wall.", omar)
    max_.say("I go to the pool.", omar)
    max_.say("I go to the climbing wall.", bea)
    max_.say("I gave up the climbing wall in March.", omar)
    wall = _claim(max_, omar, "goes_to", "climbing wall")
    assert wall.valid_to is not None and wall.valid_to.month == 3
    assert _claim(max_, omar, "goes_to", "pool").valid_to is None
    assert _claim(max_, bea, "goes_to", "climbing wall").valid_to is None
    assert _answer(max_.say("Does Omar still go to the climbing wall?", bea)).startswith("no")
    assert _answer(max_.say("Does Omar go to the pool?", bea)).startswith("yes")
    assert _answer(max_.say("Does Bea go to the climbing wall?", omar)).startswith("yes")


def test_selling_ends_having_and_leaving_a_thing_somewhere_does_not(max_: Max) -> None:
    gwen, ray = _person(max_, "Gwen"), _person(max_, "Ray")
    max_.say("We have a canoe and a trailer.", gwen)
    max_.say("I have a bike.", ray)
    max_.say("We sold the canoe.", gwen)
    max_.say("I left my bike at the station.", ray)
    assert _claim(max_, gwen, "has", "canoe").valid_to is not None
    assert _claim(max_, gwen, "has", "trailer").valid_to is None
    assert _claim(max_, ray, "has", "bike").valid_to is None
    assert _answer(max_.say("Does Gwen still have the canoe?", ray)).startswith("no")
    assert _answer(max_.say("Does Gwen have a trailer?", ray)).startswith("yes")
    assert not _answer(max_.say("Does Ray have a bike?", gwen)).startswith("no")


def test_stopping_a_doing_named_by_its_gerund(max_: Max) -> None:
    kofi, ines = _person(max_, "Kofi"), _person(max_, "Ines")
    max_.say("I eat meat and fish.", kofi)
    max_.say("I eat meat.", ines)
    max_.say("I stopped eating meat.", kofi)
    assert _claim(max_, kofi, "eats", "meat").valid_to is not None
    assert _claim(max_, kofi, "eats", "fish").valid_to is None
    assert _claim(max_, ines, "eats", "meat").valid_to is None
    assert _answer(max_.say("Does Kofi still eat meat?", ines)).startswith("no")
    assert not _answer(max_.say("Does Kofi eat fish?", ines)).startswith("no")


def test_a_doing_said_to_be_over_with_anymore_or_no_longer(max_: Max) -> None:
    lars, mia = _person(max_, "Lars"), _person(max_, "Mia")
    max_.say("I cycle every day.", lars)
    max_.say("I swim every day.", lars)
    max_.say("I drive to the allotment on Saturdays.", mia)
    max_.say("I walk to the market.", mia)
    turn = max_.say("I don't cycle anymore.", lars)
    assert any(c["predicate"] == "not_does" for c in turn.claims)
    assert _answer(max_.say("Does Lars still cycle?", mia)).startswith("no")
    assert _answer(max_.say("Did Lars use to cycle?", mia)).startswith("yes")
    assert _answer(max_.say("Does Lars swim?", mia)).startswith("yes")
    # "no longer" negates the clause: never stored as its positive.
    turn = max_.say("I no longer drive.", mia)
    assert all(c["predicate"].startswith("not_") for c in turn.claims)
    assert _claim(max_, mia, "drives_to", "allotment").valid_to is not None
    assert _claim(max_, mia, "walks_to", "market").valid_to is None
    max_.say("I work at the bakery.", lars)
    turn = max_.say("I no longer work at the bakery.", lars)
    assert any(c["predicate"] == "not_works_at" for c in turn.claims)
    assert not any(c["predicate"] == "works_at" for c in turn.claims)
    assert _claim(max_, lars, "works_at", "bakery").valid_to is not None


def test_not_anymore_as_a_reply_and_a_question_with_now(max_: Max) -> None:
    ada, tom = _person(max_, "Ada"), _person(max_, "Tom")
    max_.say("I work at the garage.", ada)
    max_.say("I work at the garage.", tom)
    max_.say("Do you still work at the garage?", tom)
    max_.say("Not any more, actually. I work at a florist now.", ada)
    assert _claim(max_, ada, "works_at", "garage").valid_to is not None
    assert _claim(max_, tom, "works_at", "garage").valid_to is None
    # A question that says "now" ends nothing.
    assert "florist" in _answer(max_.say("Where does Ada work now?", tom))
    assert _claim(max_, ada, "works_at", "florist").valid_to is None
    assert "florist" in _answer(max_.say("Where does Ada work?", tom))
    assert _answer(max_.say("Does Ada still work at the garage?", tom)).startswith("no")
    assert "garage" in _answer(max_.say("Where does Tom work now?", ada))


def test_talk_of_stopping_that_ends_nothing(max_: Max) -> None:
    jo, al = _person(max_, "Jo"), _person(max_, "Al")
    max_.say("I take the kids to school.", al)
    max_.say("I dropped the kids at school.", al)
    assert _claim(max_, al, "takes", "kids").valid_to is None
    assert not _answer(max_.say("Does Al take the kids to school?", jo)).startswith("no")
    max_.say("I play the drums.", jo)
    max_.say("I have a dog.", jo)
    for said in ("I couldn't stop laughing.", "Stop by later.", "I left my keys at home."):
        max_.say(said, jo)
    held = [c for c in max_.graph.peek_claims(jo) if c.predicate in ("plays", "has")]
    assert len(held) == 2 and all(c.valid_to is None for c in held)
    assert not any("laugh" in c.object_value for c in max_.graph.peek_claims(jo))


def test_retiring_ends_the_job_and_a_habit_ended_in_the_same_breath(max_: Max) -> None:
    nora, eli = _person(max_, "Nora"), _person(max_, "Eli")
    max_.say("My aunt is a pharmacist.", nora)
    max_.say("My uncle is a pharmacist.", nora)
    max_.say("My aunt retired last year.", nora)
    assert _answer(max_.say("Is Nora's aunt still a pharmacist?", eli)).startswith("no")
    assert _answer(max_.say("Is Nora's uncle a pharmacist?", eli)).startswith("yes")
    max_.say("Greta used to work at the library but she retired in 2024.", eli)
    library = [c for c in max_.graph.peek_claims("person:greta") if c.predicate == "works_at"]
    assert library and all(c.valid_to is not None for c in library)
    assert _answer(max_.say("Does Greta still work at the library?", nora)).startswith("no")
    max_.say("I used to be a vegan but I gave up last year.", eli)
    assert _answer(max_.say("Did Eli use to be a vegan?", nora)).startswith("yes")
    assert _answer(max_.say("Is Eli still a vegan?", nora)).startswith("no")


def test_moving_out_ends_living_there_only_and_a_pet_once_had(max_: Max) -> None:
    rhys, cat = _person(max_, "Rhys"), _person(max_, "Cat")
    max_.say("I live in Derby.", rhys)
    max_.say("I work in Derby.", rhys)
    max_.say("I live in Derby.", cat)
    max_.say("I moved out of Derby last year.", rhys)
    assert _claim(max_, rhys, "lives_in", "derby").valid_to is not None
    assert _claim(max_, rhys, "works_in", "derby").valid_to is None
    assert _claim(max_, cat, "lives_in", "derby").valid_to is None
    assert _answer(max_.say("Does Rhys still live in Derby?", cat)).startswith("no")
    # A pet had once is no pet now; one had now still is.
    max_.say("I used to have a rabbit called Clover.", cat)
    max_.say("I have a dog called Pip.", cat)
    assert "clover" not in _answer(max_.say("What is Cat's rabbit called?", rhys))
    assert "pip" in _answer(max_.say("What is Cat's dog called?", rhys))
