"""Counts said the way people say them (issue 21, count44): a number with its noun in a reply
or a verbless list is how many of that noun the one the talk is about has. Each test drives a
real booted resident; each fails on the reader before count44."""

from __future__ import annotations

from tests.language.test_conversation import Max, answer_of, person


def test_a_count_reply_is_the_number_it_opens_with(max_: Max) -> None:
    """ "How many grandchildren have you got now?" / "Seven, and another on the way.": the count
    is seven; the aside after it is said of it, not counted."""
    odile, bernard = person(max_, "Odile"), person(max_, "Bernard")
    max_.say("How many grandchildren have you got now, Bernard?", odile)
    max_.say("Seven, and another one on the way.", bernard)
    assert "seven" in answer_of(max_.say("How many grandchildren does Bernard have?", odile))


def test_a_count_reply_to_a_yes_no_question_counts_what_it_asked(max_: Max) -> None:
    """ "Does Callum have any kids?" / "Two boys, Finn and Rory.": Callum's two children; a
    length of time in reply ("Twenty years this June.") is no count of them."""
    odile, maeve = person(max_, "Odile"), person(max_, "Maeve")
    max_.say("Does Callum have any kids, Maeve?", odile)
    max_.say("Two boys, Finn and Rory.", maeve)
    max_.say("Does Tariq have any cats?", odile)
    max_.say("Twenty years this June.", maeve)
    assert "two" in answer_of(max_.say("How many children does Callum have?", odile))
    assert answer_of(max_.say("How many children does Maeve have?", odile)) == ""
    assert answer_of(max_.say("How many cats does Tariq have?", odile)) == ""


def test_a_count_asked_with_no_verb_is_the_answerers_latest(max_: Max) -> None:
    """ "How many pupils now?" / "Twenty-two.": a count asked with no verb asks what the one it
    is put to has; the latest said stands."""
    ade, carys = person(max_, "Ade"), person(max_, "Carys")
    max_.say("How many pupils now?", ade)
    max_.say("Fourteen.", carys)
    max_.say("Lovely. Busy?", ade)
    max_.say("Very, the marking never stops.", carys)
    max_.say("How many pupils now?", ade)
    max_.say("Twenty-two.", carys)
    assert "twenty-two" in answer_of(max_.say("How many pupils does Carys have?", ade))


def test_the_subject_after_the_auxiliary_has_the_count(max_: Max) -> None:
    """ "How many sisters has Ines got?" / "Three.": the parser reads "sisters" as a second
    subject; the count is Ines's, not the asker's or the answerer's."""
    odile, yusra = person(max_, "Odile"), person(max_, "Yusra")
    max_.say("How many sisters has Ines got?", odile)
    max_.say("Three, all older than her.", yusra)
    assert "three" in answer_of(max_.say("How many sisters does Ines have?", odile))
    assert answer_of(max_.say("How many sisters does Yusra have?", odile)) == ""


def test_each_count_of_a_verbless_list_is_the_speakers(max_: Max) -> None:
    """ "Three kids, two dogs and one very patient husband.": each member of the list is a
    count of the speaker's household."""
    priya = person(max_, "Priya")
    max_.say("Three kids, two dogs and one very patient husband.", priya)
    assert "two" in answer_of(max_.say("How many dogs does Priya have?", priya))
    assert "three" in answer_of(max_.say("How many children does Priya have?", priya))
    assert answer_of(max_.say("How many cats does Priya have?", priya)) == ""
