"""A fact held under another predicate than the question's, met through WordNet (issue 21,
verb32): a light verb's object that is the asked verb's deed, a phrasal verb's plain verb, an
-ing form's base, a deed asked as a noun of its doer. Each on a real booted resident."""

from __future__ import annotations

from tests.language.test_conversation import Max, answer_of, person


def _said(m: Max, who: str, *lines: str) -> str:
    pid = person(m, who)
    for line in lines:
        m.say(line, pid)
    return person(m, "Odile")


def test_a_light_verb_with_the_deed_of_the_verb_asked(max_: Max) -> None:
    asker = _said(
        max_, "Marisol", "My sister Inés had her wedding in Ronda.", "I have a garden in Leeds."
    )
    assert "ronda" in answer_of(max_.say("Where did Inés get married?", asker))
    # A garden is a thing had, no gardening: the noun's sense decides, not its spelling.
    assert answer_of(max_.say("Where does Marisol garden?", asker)) == ""


def test_have_with_a_noun_of_a_deed_says_the_deed(max_: Max) -> None:
    asker = _said(
        max_, "Isla", "I've got a Saturday job at Waterstones.", "I have a house in Kendal."
    )
    assert "waterstones" in answer_of(max_.say("Where does Isla work?", asker))
    assert answer_of(max_.say("Where does Isla live?", asker)) == ""


def test_a_phrasal_verb_says_its_plain_verb(max_: Max) -> None:
    asker = _said(
        max_, "Arjun", "I signed up for the choir in October.", "I gave up smoking in 2019."
    )
    assert "october" in answer_of(max_.say("When did Arjun join the choir?", asker))
    assert "2019" in answer_of(max_.say("When did Arjun quit smoking?", asker))
    assert answer_of(max_.say("When did Arjun leave the choir?", asker)) == ""
    assert answer_of(max_.say("When did Arjun start smoking?", asker)) == ""


def test_an_ing_form_whose_base_no_suffix_rule_makes(max_: Max) -> None:
    asker = _said(max_, "Owen", "Ifor died six years ago.")
    assert "2020" in answer_of(max_.say("When did Ifor die?", asker))


def test_a_deed_asked_as_a_noun_of_its_doer(max_: Max) -> None:
    asker = _said(max_, "Tariq", "My sister Amina got married in Bradford in June.")
    assert "bradford" in answer_of(max_.say("Where was Amina's wedding?", asker))
    assert answer_of(max_.say("When was Amina's divorce?", asker)) == ""
    assert answer_of(max_.say("When was Tariq's wedding?", asker)) == ""
