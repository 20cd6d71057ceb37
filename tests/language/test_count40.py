"""A "how many" answered by a number said before its noun in another role of a statement
(resident/language/said_counts.py, issue 21), only from a statement of the act asked, and
the near misses that stay unknown."""

from __future__ import annotations

from tests.language.test_conversation import Max, answer_of, person


def test_a_length_asked_with_a_copula_is_the_one_said_of_its_place(max_: Max) -> None:
    hyacinth = person(max_, "Hyacinth")
    max_.say("My brother Florian went to Lisbon for four nights.", hyacinth)
    assert "four" in answer_of(max_.say("How many nights was Florian in Lisbon?", hyacinth))
    # Another place asked is not the one held.
    assert answer_of(max_.say("How many nights was Florian in Porto?", hyacinth)) == ""


def test_a_count_in_another_role_answers_only_its_own_act(max_: Max) -> None:
    ines = person(max_, "Ines")
    max_.say("Teodor got his cycling badge on Saturday, the 10 miles one.", ines)
    max_.say("Teodor sold thirty tickets for the raffle.", ines)
    # The badge's count is the cycling asked (the act said by its gerund, answer_sense).
    assert "10" in answer_of(max_.say("How many miles did Teodor cycle for his badge?", ines))
    # The tickets he sold are not tickets he bought (a deal's other side).
    assert answer_of(max_.say("How many tickets did Teodor buy?", ines)) == ""
    # Miles said of no running: the act asked must be the one said.
    assert answer_of(max_.say("How many miles did Teodor run for his badge?", ines)) == ""


def test_a_verbless_count_of_kin_is_what_the_clause_subject_has(max_: Max) -> None:
    teodor = person(max_, "Teodor")
    max_.say("I married Ilse in 2003. Four kids.", teodor)
    odile = person(max_, "Odile")
    assert "four" in answer_of(max_.say("How many children does Teodor have?", odile))
    # A count of kin is no count of his animals.
    assert answer_of(max_.say("How many dogs does Teodor have?", odile)) == ""
