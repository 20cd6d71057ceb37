"""The asking side, wave 13 (issue 21, ask14): a question's modifiers of the noun it asks
("piano" of "Bram's piano teacher") must be evidenced before a weaker link than a relation held
answers it. Each through a real Resident on a real DuckDB graph, with sentences not from the
corpus, each with a trap that must get "I don't know"."""

from __future__ import annotations

from tests.language.test_conversation import Max, answer_of, person


def test_a_teacher_of_another_kind_is_no_answer(max_: Max) -> None:
    odile = person(max_, "Odile")
    bram = person(max_, "Bram")
    max_.say("Pottery went well. The teacher, Henrike, showed me the wheel.", bram)
    # Nothing Bram said is piano, nor is pottery said as something he does.
    assert answer_of(max_.say("Who is Bram's piano teacher?", odile)) == ""
    assert answer_of(max_.say("Who is Bram's pottery teacher?", odile)) == ""
    # Unnarrowed, the one teacher Bram named still answers.
    assert answer_of(max_.say("Who is Bram's teacher?", odile)) == "henrike"


def test_a_modifier_the_owner_said_he_does_is_evidence(max_: Max) -> None:
    odile = person(max_, "Odile")
    lars = person(max_, "Lars")
    max_.say("I do pottery on Thursdays. The teacher, Miriam, helped me with the glaze.", lars)
    assert answer_of(max_.say("Who is Lars's pottery teacher?", odile)) == "miriam"
    # Lars said nothing of the violin.
    assert answer_of(max_.say("Who is Lars's violin teacher?", odile)) == ""


def test_a_modifier_held_by_the_one_named(max_: Max) -> None:
    odile = person(max_, "Odile")
    mina = person(max_, "Mina")
    max_.say("The coach, Tobias, trains the rowing squad.", mina)
    assert answer_of(max_.say("Who is Mina's rowing coach?", odile)) == "tobias"
    assert answer_of(max_.say("Who is Mina's tennis coach?", odile)) == ""


def test_a_verb_the_parser_read_as_a_noun_after_a_name(max_: Max) -> None:
    odile = person(max_, "Odile")
    # The parser reads "Ravi cycle" as one noun and "did" as the only verb.
    max_.say("My nephew Ravi cycled 30 kilometres on Saturday.", odile)
    assert "30 kilometre" in answer_of(max_.say("How far did Ravi cycle?", odile))
    # Not on the day asked.
    assert answer_of(max_.say("How far did Ravi cycle on Sunday?", odile)) == ""
    # Cycling is not swimming, read either way.
    assert answer_of(max_.say("How far did Ravi swim?", odile)) == ""


def test_an_elder_a_sibling_named_is_the_askers_too(max_: Max) -> None:
    odile = person(max_, "Odile")
    callum = person(max_, "Callum")
    isla = person(max_, "Isla")
    max_.say("My brother Callum is nine.", isla)
    max_.say("Grandad crossed the Sahara twice when he was young.", isla)
    asked = "How many times did Callum's grandad cross the Sahara?"
    assert answer_of(max_.say(asked, callum)) == "2"
    # Odile is no sibling of Isla: Isla's grandad is not hers.
    assert answer_of(max_.say("How many times did Odile's grandad cross the Sahara?", odile)) == ""
    # A sibling shares elders, not a grandmother nobody named.
    assert (
        answer_of(max_.say("How many times did Callum's grandmother cross the Sahara?", odile))
        == ""
    )


def test_an_owned_thing_of_another_kind_is_no_answer(max_: Max) -> None:
    odile = person(max_, "Odile")
    kofi = person(max_, "Kofi")
    max_.say("I have a recital on Friday.", kofi)
    assert answer_of(max_.say("When is Kofi's recital?", odile)) == "2 january 2026"
    # Nothing held of Kofi says cello.
    assert answer_of(max_.say("When is Kofi's cello recital?", odile)) == ""
    max_.say("I play the cello every evening.", kofi)
    assert answer_of(max_.say("When is Kofi's cello recital?", odile)) == "2 january 2026"
