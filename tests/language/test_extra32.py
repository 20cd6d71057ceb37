"""Questions that miss a held claim (issue 21, extra32): a name the tagger misreads in a short
question, a cleft question, and a relative asked by another word of the same relation. Each
drives a real booted resident."""

from __future__ import annotations

from tests.language.test_conversation import Max, answer_of, person


def test_a_name_read_as_an_adjective_is_the_person_the_talk_knows(max_: Max) -> None:
    # "How old is Hafsa?" parses Hafsa as an adjective and the question with no subject.
    zainab, harvey = person(max_, "Zainab"), person(max_, "Harvey")
    max_.say("My sister Hafsa is coming to stay next weekend. She's seventeen.", zainab)
    assert "seventeen" in answer_of(max_.say("How old is Hafsa?", harvey))
    assert answer_of(max_.say("How old is Zainab?", harvey)) == ""


def test_a_cleft_question_asks_its_relative_clause(max_: Max) -> None:
    lorcan, odile = person(max_, "Lorcan"), person(max_, "Odile")
    max_.say("Declan fixed the fence last week.", lorcan)
    assert "declan" in answer_of(max_.say("Who was the one who fixed the fence?", odile))
    assert answer_of(max_.say("Who was the one who painted the fence?", odile)) == ""


def test_a_relative_asked_by_another_word_of_the_same_relation(max_: Max) -> None:
    # Held as "Harvey's mum", an unnamed relative: "mother" is the same relation and sex.
    harvey, odile = person(max_, "Harvey"), person(max_, "Odile")
    max_.say("Mum left the library in June. She runs a cafe in Bury now.", harvey)
    assert "cafe" in answer_of(max_.say("What does Harvey's mother run?", odile))
    assert answer_of(max_.say("What does Harvey's father run?", odile)) == ""
