"""Yes/no questions, wave 20 (issue 21, yesno20): a yes/no question read as the statement it
asks (declared.py), its tag dropped or its frame put to MAX left off; a thing parted with is no
longer had. Each through a real Resident on a real DuckDB graph, with sentences not from the
corpus, each with a trap: what nothing held says is "I don't know", never "no"."""

from __future__ import annotations

from tests.language.test_conversation import Max, answer_of, person


def test_an_adjective_the_parser_reads_into_the_name(max_: Max) -> None:
    wen = person(max_, "Wen")
    rui = person(max_, "Rui")
    # The small parser may read "Is Dandy piebald?" as one noun "Dandy piebald".
    max_.say("Our horse Dandy is a piebald.", wen)
    assert answer_of(max_.say("Is Dandy piebald?", rui)) == "yes"
    # Nothing held says what else he is.
    assert answer_of(max_.say("Is Dandy grey?", rui)) == ""


def test_a_tagged_statement_is_asked_as_said(max_: Max) -> None:
    wen = person(max_, "Wen")
    rui = person(max_, "Rui")
    max_.say("My neighbour Oskar is a carpenter.", wen)
    assert answer_of(max_.say("Oskar is a carpenter, isn't he?", rui)) == "yes"
    # Another trade is not held, nor denied: no job is said to be his only one.
    assert answer_of(max_.say("Oskar is a roofer, isn't he?", rui)) == ""


def test_a_frame_put_to_max_asks_its_clause(max_: Max) -> None:
    wen = person(max_, "Wen")
    rui = person(max_, "Rui")
    max_.say("My neighbour Oskar is a carpenter.", wen)
    max_.say("Oskar doesn't drink coffee.", wen)
    assert answer_of(max_.say("Is it true that Oskar is a carpenter?", rui)) == "yes"
    assert answer_of(max_.say("Do you know if Oskar drinks coffee?", rui)) == "no"
    # Tea was never said either way.
    assert answer_of(max_.say("Is it true that Oskar drinks tea?", rui)) == ""


def test_a_thing_sold_is_no_longer_had(max_: Max) -> None:
    wen = person(max_, "Wen")
    rui = person(max_, "Rui")
    max_.say("Oskar sold his motorbike in April.", wen)
    assert answer_of(max_.say("Does Oskar still have the motorbike?", rui)) == "no"
    assert answer_of(max_.say("Did Oskar sell his motorbike?", rui)) == "yes"
    # Selling the motorbike says nothing of a van.
    assert answer_of(max_.say("Does Oskar still have the van?", rui)) == ""


def test_a_stated_negation_is_a_no_and_nothing_else(max_: Max) -> None:
    wen = person(max_, "Wen")
    rui = person(max_, "Rui")
    max_.say("My brother Idris doesn't eat mushrooms.", wen)
    assert answer_of(max_.say("Does Idris eat mushrooms?", rui)) == "no"
    # What he does not eat says nothing of what else he eats.
    assert answer_of(max_.say("Does Idris eat onions?", rui)) == ""


def test_a_new_home_said_as_a_change_replaces_the_one_held(max_: Max) -> None:
    wen = person(max_, "Wen")
    rui = person(max_, "Rui")
    max_.say("My son Bastian is a postman, he's in Hull.", wen)
    max_.say("Bastian lives in Leeds now with his girlfriend.", wen)
    assert answer_of(max_.say("Does Bastian still live in Hull?", rui)) == "no"
    assert answer_of(max_.say("Does Bastian live in Leeds?", rui)) == "yes"
    # A place never held as his home is not denied (Leeds may be in it).
    assert answer_of(max_.say("Does Bastian live in Yorkshire?", rui)) == ""


def test_not_located_any_more_answers_where_one_lives(max_: Max) -> None:
    wen = person(max_, "Wen")
    rui = person(max_, "Rui")
    max_.say("My cousin Ivo is a baker in Bath.", wen)
    max_.say("Ivo isn't in Bath any more, he moved to Derby in March.", wen)
    assert answer_of(max_.say("Does Ivo still live in Bath?", rui)) == "no"
    # Nothing said of Leeds either way.
    assert answer_of(max_.say("Does Ivo live in Leeds?", rui)) == ""
