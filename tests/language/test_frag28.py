"""A value the asker offered by name, confirmed by the one asked ("What's his name again,
Graham?" / "Graham, yes."), and a verbless name or kind said after a statement of the same turn
("I sold my car. The old Fiesta."): issue 21, frag28. Talk of its own, not the corpus's; each
through a real Resident on a real DuckDB graph."""

from __future__ import annotations

from tests.language.test_conversation import Max, answer_of, person


def _talk(m: Max, lines: list[tuple[str, str]]) -> dict[str, str]:
    people: dict[str, str] = {}
    for who, _ in lines:
        people.setdefault(who, person(m, who))  # all met first: the talk's turns stay adjacent
    for who, text in lines:
        m.say(text, people[who])
    return people


def test_a_name_offered_and_confirmed_is_the_answer(max_: Max) -> None:
    p = _talk(
        max_,
        [
            ("Nadia", "What's your sister called again, Farah?"),
            ("Yusuf", "Farah, yes. She's studying in Glasgow."),
        ],
    )
    assert "farah" in answer_of(max_.say("What is Yusuf's sister called?", p["Nadia"]))
    assert answer_of(max_.say("What is Yusuf's brother called?", p["Nadia"])) == ""


def test_a_yes_before_the_name_confirms_it_too(max_: Max) -> None:
    p = _talk(
        max_,
        [("Nadia", "What's your uncle called, Tomas?"), ("Yusuf", "Yes, Tomas.")],
    )
    assert "tomas" in answer_of(max_.say("What is Yusuf's uncle called?", p["Nadia"]))


def test_a_correction_or_another_name_confirms_nothing(max_: Max) -> None:
    p = _talk(
        max_,
        [
            ("Nadia", "What's your sister called again, Farah?"),
            ("Yusuf", "No, Farida."),
            ("Nadia", "What's your cousin called, Imran?"),
            ("Yusuf", "Bilal."),
        ],
    )
    assert "farah" not in answer_of(max_.say("What is Yusuf's sister called?", p["Nadia"]))
    assert "imran" not in answer_of(max_.say("What is Yusuf's cousin called?", p["Nadia"]))


def test_a_name_after_a_made_thing_is_its_make(max_: Max) -> None:
    p = _talk(max_, [("Colm", "I sold my van in March. The old Transit.")])
    assert "transit" in answer_of(max_.say("What van did Colm sell?", p["Colm"]))


def test_a_kind_after_a_thing_is_that_thing_more_exactly(max_: Max) -> None:
    p = _talk(max_, [("Colm", "We bought a dog at Easter. A spaniel.")])
    assert "spaniel" in answer_of(max_.say("What dog did Colm buy?", p["Colm"]))


def test_another_noun_or_a_place_after_a_thing_adds_nothing(max_: Max) -> None:
    p = _talk(
        max_,
        [
            ("Colm", "I sold my flat last year. Brompton."),
            ("Colm", "I bought a scooter. A nightmare."),
        ],
    )
    assert "brompton" not in answer_of(max_.say("What did Colm sell?", p["Colm"]))
    assert "nightmare" not in answer_of(max_.say("What did Colm buy?", p["Colm"]))


def test_an_answer_to_a_stranded_preposition_is_its_object() -> None:
    from resident.language.ellipsis import read_answer
    from resident.language.pipeline import load_pipeline

    nlp = load_pipeline()
    said = read_answer(nlp("My cousin Ada."), "Who are you going with?", nlp)
    assert said == "I am going with my cousin Ada."
    said = read_answer(nlp("Kendal."), "What town did they move to?", nlp)
    assert said == "they did move to Kendal town."


def test_a_bare_amount_answering_how_much_of_a_thing_is_its_price() -> None:
    from resident.language.ellipsis import read_answer
    from resident.language.pipeline import load_pipeline

    nlp = load_pipeline()
    said = read_answer(nlp("Forty pounds."), "How much is the dress?", nlp)
    assert said == "the dress costs forty pounds."
    said = read_answer(nlp("Two thousand."), "How much was the new boiler?", nlp)
    assert said == "the new boiler cost two thousand."
    assert "costs" not in read_answer(nlp("Nine hundred."), "How much is he?", nlp)


def test_a_price_answer_is_stored_and_answered(max_: Max) -> None:
    p = _talk(max_, [("Ines", "How much is the dress?"), ("Jude", "Sixty pounds.")])
    assert "60" in answer_of(max_.say("How much is the dress?", p["Ines"])) or "sixty" in (
        answer_of(max_.say("How much is the dress?", p["Ines"]))
    )
