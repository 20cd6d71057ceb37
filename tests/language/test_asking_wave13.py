"""The asking side, wave 12 follow-ups (issue 21, ask13): what store13 now keeps, read back.
How often something happens is the claim's manner ("twice a week"); a habit said alone is
`does <gerund>` with its measure; a motion verb's destination; each through a real Resident on
a real DuckDB graph, with sentences not from the corpus, each with a trap that must get "I don't
know"."""

from __future__ import annotations

from tests.language.test_conversation import Max, answer_of, person


def test_how_many_times_reads_the_count_said_as_manner(max_: Max) -> None:
    odile = person(max_, "Odile")
    max_.say("My brother Tomas bakes rye bread three times a week.", odile)
    max_.say("I climbed Ben Nevis twice.", odile)
    assert answer_of(max_.say("How many times a week does Tomas bake rye bread?", odile)) == "three"
    assert answer_of(max_.say("How many times did Odile climb Ben Nevis?", odile)) == "2"
    assert "three times a week" in answer_of(
        max_.say("How often does Tomas bake rye bread?", odile)
    )
    # A week is not a month: the rate asked must be the rate said.
    assert answer_of(max_.say("How many times a month does Tomas bake rye bread?", odile)) == ""
    # Nothing said of croissants.
    assert answer_of(max_.say("How many times a week does Tomas bake croissants?", odile)) == ""


def test_an_activity_asked_by_its_verb(max_: Max) -> None:
    odile = person(max_, "Odile")
    max_.say("My son Lucas swims 2 kilometres every evening.", odile)
    assert "2 kilometre" in answer_of(max_.say("How far does Lucas swim every evening?", odile))
    assert answer_of(max_.say("Does Lucas swim?", odile)) == "yes"
    # Swimming is not cycling.
    assert answer_of(max_.say("How far does Lucas cycle every evening?", odile)) == ""


def test_where_a_mover_goes_without_to(max_: Max) -> None:
    odile = person(max_, "Odile")
    max_.say("My neighbour Ingrid is moving to Bergen in March.", odile)
    assert answer_of(max_.say("Where is Ingrid moving?", odile)) == "bergen"
    assert answer_of(max_.say("Where is Ingrid moving to?", odile)) == "bergen"
    # Nothing said of where Ingrid works.
    assert answer_of(max_.say("Where does Ingrid work?", odile)) == ""


def test_where_a_move_goes_whatever_preposition_says_it(max_: Max) -> None:
    odile = person(max_, "Odile")
    # "into" says where the move goes as "to" does.
    max_.say("My aunt Rosa is moving into a care home next week.", odile)
    assert "care home" in answer_of(max_.say("Where is Rosa moving?", odile))
    # Where she moves is not where she lives now.
    assert answer_of(max_.say("Where does Rosa work?", odile)) == ""


def test_a_distance_is_no_count_of_times(max_: Max) -> None:
    odile = person(max_, "Odile")
    max_.say("I swim 40 lengths every morning.", odile)
    # Lengths are no unit of distance WordNet knows: "how far" is not answered by them.
    assert answer_of(max_.say("How far does Odile swim?", odile)) == ""
    assert answer_of(max_.say("How many times a week does Odile swim?", odile)) == ""


def test_whose_instructor_from_what_the_owner_said_someone_is(max_: Max) -> None:
    odile = person(max_, "Odile")
    bram = person(max_, "Bram")
    # "pottery" must be evidenced (ask14): said as something Bram does, not only "went well".
    max_.say("I've started pottery. The teacher, Henrike, showed me the wheel.", bram)
    assert answer_of(max_.say("Who is Bram's pottery teacher?", odile)) == "henrike"
    # Nothing of the piano was said.
    assert answer_of(max_.say("Who is Bram's piano teacher?", odile)) == ""
    # Odile said no teacher: Bram's is not hers.
    assert answer_of(max_.say("Who is Odile's teacher?", odile)) == ""
    # Two coaches Bram named: neither is the one asked.
    max_.say("The coach, Wim, is strict.", bram)
    max_.say("At the away game the coach, Joris, was in charge.", bram)
    assert answer_of(max_.say("Who is Bram's coach?", odile)) == ""
