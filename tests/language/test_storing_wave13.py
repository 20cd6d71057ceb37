"""What a turn stores (issue 21, the storing side, wave 12 second pass), through real turns on a
real DuckDB graph: a negated can/must as a standing fact, how often something happens, and a
person's noun with their name set beside it."""

from __future__ import annotations

from tests.language.test_conversation import Max
from tests.language.test_conversation import answer_of as _answer
from tests.language.test_conversation import person as _person
from tests.language.test_reading import _stored


def _held(max_: Max, claim: dict) -> set[tuple[str, str]]:
    held = max_.graph.qualifiers_of([claim["id"]]).get(claim["id"], [])
    return {(q.role, q.value) for q in held}


def test_a_second_verb_said_with_cant_stand_is_the_dislike(max_: Max) -> None:
    ana = _person(max_, "Ana")
    turn = max_.say("My friend Ivo loves chess and crosswords and can't stand football.", ana)
    assert ("Ivo", "hates", "football") in _stored(max_, turn.claims)
    assert "football" in _answer(max_.say("What does Ivo hate?", ana))


def test_cant_and_mustnt_state_what_someone_does_not_eat(max_: Max) -> None:
    dev, ana = _person(max_, "Dev"), _person(max_, "Ana")
    turn = max_.say("I can't eat walnuts and I hate olives.", dev)
    assert ("Dev", "not_eats", "walnuts") in _stored(max_, turn.claims)
    assert _answer(max_.say("Does Dev eat walnuts?", ana)).startswith("no")
    # "have" eats when its object is food (WordNet): "mustn't have sugar".
    max_.say("My uncle Ravi came for dinner.", ana)
    turn = max_.say("He is diabetic, so he mustn't have sugar.", ana)
    assert ("Ravi", "not_has", "sugar") in _stored(max_, turn.claims)


def test_a_negated_modal_of_a_moment_or_a_guess_stores_nothing(max_: Max) -> None:
    ana = _person(max_, "Ana")
    for said in (
        "I can't find my keys.",  # a moment, not a fact about Ana
        "I can't come to the party on Friday.",  # one day
        "I couldn't eat another thing.",  # could: hypothetical
        "We can't have children in the flat.",  # no food: "have" is not eating
    ):
        assert not max_.say(said, ana).claims, said


def test_whose_salt_stays_unsaid_when_he_may_be_several_people(max_: Max) -> None:
    ana = _person(max_, "Ana")
    turn = max_.say(
        "Dad has physio with a lovely man called Marcus, and his speech therapist Anne comes "
        "on Mondays, and he mustn't have salt.",
        ana,
    )
    assert not any(o == "salt" for _, _, o in _stored(max_, turn.claims))


def test_how_often_is_kept_as_the_manner_and_answers_how_often(max_: Max) -> None:
    nisha = _person(max_, "Nisha")
    turn = max_.say("My mother Kamala makes lime pickle twice a month.", nisha)
    made = next(c for c in turn.claims if c["predicate"] == "makes")
    assert ("manner", "twice a month") in _held(max_, made)
    assert "twice a month" in _answer(max_.say("How often does Kamala make lime pickle?", nisha))


def test_a_count_of_days_a_week_is_how_often_not_what_is_done(max_: Max) -> None:
    ken = _person(max_, "Ken")
    turn = max_.say("My son Aidan trains five days a week.", ken)
    assert not any(o in ("week", "days", "five days") for _, _, o in _stored(max_, turn.claims))
    trains = next(c for c in turn.claims if c["predicate"] != "son_of")
    assert ("manner", "five days a week") in _held(max_, trains)
    turn = max_.say("Grandad sailed the Atlantic twice.", ken)
    sailed = next(c for c in turn.claims if c["predicate"].startswith("sails"))
    assert ("manner", "twice") in _held(max_, sailed)


def test_a_person_noun_with_their_name_beside_it_is_that_person(max_: Max) -> None:
    marisol = _person(max_, "Marisol")
    turn = max_.say(
        "The instructor at my spin class, Jenny, is moving to Denver in December.", marisol
    )
    stored = _stored(max_, turn.claims)
    assert ("Jenny", "is_a", "instructor") in stored
    assert any(s == "Jenny" and o == "Denver" for s, _, o in stored)
    assert "denver" in _answer(max_.say("Where is Jenny moving to?", marisol))
    # A place with its name beside it is no person.
    turn = max_.say("The city, Leeds, is lovely in spring.", marisol)
    assert not any(p == "is_a" for _, p, _ in _stored(max_, turn.claims))


def test_a_count_said_in_several_words_is_kept_whole(max_: Max) -> None:
    iain = _person(max_, "Iain")
    turn = max_.say("We have forty-five sheep on the croft.", iain)
    sheep = next(c for c in turn.claims if c["predicate"] == "has")
    assert ("quantity", "forty-five") in _held(max_, sheep)
    assert "45" in _answer(max_.say("How many sheep do we have?", iain)) or "forty-five" in _answer(
        max_.say("How many sheep do we have?", iain)
    )


def test_a_verb_said_as_a_habit_alone_is_an_activity_with_its_measure(max_: Max) -> None:
    galina = _person(max_, "Galina")
    turn = max_.say("my knee is better, i walk 3 kilometre every morning", galina)
    walked = next(c for c in turn.claims if c["object_literal"] == "walking")
    assert ("quantity", "3 kilometre") in _held(max_, walked)
    # A verb that names no activity alone, or one said with its place, is no habit of doing.
    assert not max_.say("we go there every easter", galina).claims
    turn = max_.say("I start at five every morning.", galina)
    assert not any(p == "does" for _, p, _ in _stored(max_, turn.claims))


def test_every_other_day_is_how_often_too(max_: Max) -> None:
    harjit = _person(max_, "Harjit")
    turn = max_.say("I go to the temple every other Sunday.", harjit)
    went = next(c for c in turn.claims if c["predicate"].startswith("goes"))
    assert ("manner", "every other Sunday") in _held(max_, went)
    assert "every other sunday" in _answer(
        max_.say("How often does Harjit go to the temple?", harjit)
    )


def test_anything_with_a_thing_is_what_is_liked(max_: Max) -> None:
    ana = _person(max_, "Ana")
    turn = max_.say("Ana's brother Ivo likes anything with cheese.", ana)
    assert ("Ivo", "likes", "anything with cheese") in _stored(max_, turn.claims)
    turn = max_.say("Ivo likes anything.", ana)
    assert not any(p == "likes" for _, p, _ in _stored(max_, turn.claims))


def test_a_clause_hung_under_a_time_is_no_frequency_of_the_verb(max_: Max) -> None:
    linh = _person(max_, "Linh")
    turn = max_.say(
        "my mother Bao she live with us, she is 80 years old but still very strong, every "
        "morning she do tai chi in the park",
        linh,
    )
    for claim in turn.claims:
        assert not any(role == "manner" for role, _ in _held(max_, claim)), claim
