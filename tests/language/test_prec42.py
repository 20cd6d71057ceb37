"""What a clause another person said may store (issue 21, claim precision on long talk,
prec42, language/reported.py), through real turns on a real DuckDB graph. Every sentence here
was written for these tests, in words of its own."""

from __future__ import annotations

from tests.language.test_conversation import Max
from tests.language.test_conversation import answer_of as _answer
from tests.language.test_conversation import person as _person
from tests.language.test_reading import _stored


def test_another_persons_remark_passed_on_stores_nothing(max_: Max) -> None:
    ines = _person(max_, "Ines")
    for said in (
        "Bram says the council will fix our road.",  # his word on others
        "Oskar told me the bakery on Kerkstraat is closing.",  # his word on the world
        "Wout says I owe him a pint for life.",  # a joke about the speaker
        "Says he can fix the boiler himself.",  # the holder left unsaid
    ):
        assert _stored(max_, max_.say(said, ines).claims) == set(), said


def test_a_trade_the_speaker_and_ones_own_news_say_what_is_so(max_: Max) -> None:
    ines = _person(max_, "Ines")
    stored = _stored(max_, max_.say("Femke told me she's learning Welsh.", ines).claims)
    assert any(s == "Femke" and "learn" in p for s, p, _ in stored), stored
    stored = _stored(max_, max_.say("The dentist says Lotte needs a filling.", ines).claims)
    assert ("Lotte", "needs", "filling") in stored
    stored = _stored(max_, max_.say("I told Bram I'm learning the harp.", ines).claims)
    assert any(s == "Ines" and "harp" in o for s, _, o in stored), stored
    # An order to pass a message on: the message is the speaker's own.
    stored = _stored(max_, max_.say("Tell Bram I want a new kettle.", ines).claims)
    assert any(s == "Ines" and "kettle" in o for s, _, o in stored), stored


def test_a_remark_passed_on_answers_no_question(max_: Max) -> None:
    ines = _person(max_, "Ines")
    max_.say("My brother Joris says Lien won the chess tournament.", ines)
    max_.say("Joris works at the harbour in Ghent.", ines)
    assert _answer(max_.say("What did Lien win?", ines)) == ""
    assert "harbour" in _answer(max_.say("Where does Joris work?", ines))
