"""Long chatty turns between friends (issue 21, long talk, long18), through real turns on a
real DuckDB graph: a subject pronoun repeated in a clause hung on the first, a name said in a
subordinate clause against the main clause's subject, why-questions about someone's deed, and
a companion named beside its relation noun. Each sentence is written for this file, with a
trap beside it."""

from __future__ import annotations

from datetime import UTC

from tests.language.test_conversation import Max
from tests.language.test_conversation import answer_of as _answer
from tests.language.test_conversation import person as _person
from tests.language.test_reading import _stored


def test_a_repeated_subject_pronoun_names_whom_the_first_names(max_: Max) -> None:
    ines = _person(max_, "Ines")
    max_.say("My friend Priya lives in Perth.", ines)
    turn = max_.say(
        "She's moving to Dundee next month because she got a teaching post at the college.", ines
    )
    stored = _stored(max_, turn.claims)
    assert ("Priya", "gets", "teaching post") in stored
    # The trap: the place said between the two pronouns is never their subject.
    assert not any(s in ("Dundee", "college") for s, _, _ in stored)
    turn = max_.say("She sold her van to Gemma Hughes and she bought a tandem.", ines)
    stored = _stored(max_, turn.claims)
    assert ("Priya", "buys", "tandem") in stored
    assert not any(s.startswith("Gemma") for s, _, _ in stored)
    # A name the first pronoun is given in its own clause is whom the second one names.
    oli = _person(max_, "Oli")
    max_.say("Yesterday Tom and I adopted a collie.", oli)
    turn = max_.say("She's called Bella and she's two.", oli)
    stored = _stored(max_, turn.claims)
    assert ("Bella", "age", "two") in stored or ("Bella", "age", "2") in stored
    assert not any(s == "Tom" for s, _, _ in stored)


def test_a_name_in_a_subordinate_clause_does_not_outrank_the_main_subject(max_: Max) -> None:
    ines, oli = _person(max_, "Ines"), _person(max_, "Oli")
    turn = max_.say("Marek repainted the shed so Oskar could keep his bikes dry.", ines)
    assert ("Marek", "repaints", "shed") in _stored(max_, turn.claims)
    # "He" may be either man: nothing is said of the last one named.
    turn = max_.say("He is a carpenter.", ines)
    assert not any(s == "Oskar" for s, _, _ in _stored(max_, turn.claims))
    assert "carpenter" not in _answer(max_.say("What does Oskar do?", oli))
    # With no name in the main clause the last name is still whom "he" names.
    max_.say("I met Daniel at the climbing wall.", ines)
    turn = max_.say("He is a plumber.", ines)
    assert ("Daniel", "works_as", "plumber") in _stored(max_, turn.claims)


def test_why_about_a_deed_is_answered_by_the_reason_said(max_: Max) -> None:
    ines, oli = _person(max_, "Ines"), _person(max_, "Oli")
    max_.say("Lena sold her car because she wanted to cycle more.", ines)
    assert "cycle more" in _answer(max_.say("Why did Lena sell her car?", oli))
    # The trap: a deed never said, or said with no reason, has no reason to give.
    assert max_.say("Why did Lena paint the fence?", oli).answer is None
    max_.say("Jonah took his nephews to Whitby last week.", ines)
    assert max_.say("Why did Jonah take his nephews to Whitby?", oli).answer is None
    # Asking why MAX holds it is still answered by where he learned it.
    reply = max_.say("Why do you think Lena sold her car?", oli).reply
    assert "Ines" in reply and "cycle" not in reply.splitlines()[0]


def test_a_companion_said_with_its_relation_noun_is_the_name(max_: Max) -> None:
    ines, oli = _person(max_, "Ines"), _person(max_, "Oli")
    turn = max_.say("I drove to Bath with my cousin Farah on Saturday.", ines)
    drove = next(c for c in turn.claims if c["predicate"] == "drives_to")
    assert drove["qualifiers"]["companion"] == "Farah"
    assert ("Farah", "cousin_of", "Ines") in _stored(max_, turn.claims)
    assert "farah" in _answer(max_.say("Who did Ines drive to Bath with?", oli))
    # The trap: another trip has no companion to borrow.
    assert max_.say("Who did Ines drive to Leeds with?", oli).answer is None
    # A relation noun with no name keeps its words.
    turn = max_.say("Oli went to the cinema with his neighbour.", ines)
    went = next(c for c in turn.claims if c["predicate"] == "goes_to")
    assert "neighbour" in str(went["qualifiers"].get("companion", ""))


def test_have_got_is_have_and_its_month_is_ahead(max_: Max) -> None:
    ines, oli = _person(max_, "Ines"), _person(max_, "Oli")
    turn = max_.say("I've got a pottery class in March.", ines)
    assert ("Ines", "has", "pottery class") in _stored(max_, turn.claims)
    # "I've got a trip in March" said before March: the March ahead, not the one gone.
    turn = max_.say("I've got a field trip to the coast in March.", oli)
    trip = next(c for c in turn.claims if c["predicate"] == "has")
    said = max_.clock.now()
    assert str(trip["occurred_at"])[:4] >= str(said.year)
    # The trap: a getting said in the simple past stays a past getting.
    turn = max_.say("I got a bike in March.", oli)
    assert ("Oli", "gets", "bike") in _stored(max_, turn.claims)


def test_next_weekend_said_on_a_saturday_is_the_one_after(max_: Max) -> None:
    from datetime import datetime

    from resident.language.when_days import _weekend

    saturday = datetime(2026, 4, 25, tzinfo=UTC)
    assert _weekend(["next", "weekend"], saturday, False).day == 2
    # The trap: "this weekend" on a Saturday is today, "last weekend" the one before.
    assert _weekend(["this", "weekend"], saturday, False).day == 25
    assert _weekend(["last", "weekend"], saturday, True).day == 18


def test_a_relative_clause_with_the_pronoun_as_first_object(max_: Max) -> None:
    ines, oli = _person(max_, "Ines"), _person(max_, "Oli")
    turn = max_.say("I'm reading Salt Houses, which my neighbour Priya lent me.", ines)
    stored = _stored(max_, turn.claims)
    assert ("Priya", "lends", "Salt Houses") in stored
    # The trap: the one it was lent to is never what was lent.
    assert ("Priya", "lends", "Ines") not in stored
    assert "salt houses" in _answer(max_.say("What book did Priya lend Ines?", oli))
    turn = max_.say("My aunt sent me a postcard from Crete.", oli)
    sent = next(c for c in turn.claims if c["predicate"] == "sends")
    assert sent["qualifiers"].get("recipient") == "Oli"
