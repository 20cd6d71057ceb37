"""Facts given as answers in talk between people (issue 21, wave 16), through real turns on a
real DuckDB graph: the question between people stores nothing, the next turn by the one asked
fills its gap (a fragment, a short yes/no, or a whole sentence naming the relative asked
about), and an answer that hedges, jokes, defers or takes its yes back fills nothing."""

from __future__ import annotations

from tests.language.test_conversation import Max
from tests.language.test_conversation import answer_of as _answer
from tests.language.test_conversation import person as _person
from tests.language.test_reading import _stored


def _objects(max_: Max, turn: object) -> list[tuple[str, str, str]]:
    return list(_stored(max_, turn.claims))  # type: ignore[attr-defined]


def test_a_whole_sentence_naming_the_relative_asked_about_says_who_they_are(max_: Max) -> None:
    nia, sol = _person(max_, "Nia"), _person(max_, "Sol")
    asked = max_.say("How is your sister getting on?", nia)
    assert not asked.claims
    turn = max_.say("Marisa started at the hospital in Leeds last month.", sol)
    stored = _objects(max_, turn)
    assert any(s == "Marisa" and p == "sister_of" and o == "Sol" for s, p, o in stored)
    # "my" of the question is the asker's own relative.
    max_.say("Have you met my cousin yet?", sol)
    turn = max_.say("Dario? Briefly, at the party.", nia)
    assert any(s == "Dario" and p == "cousin_of" and o == "Sol" for s, p, o in _objects(max_, turn))
    # A relative asked about as the object is named only by a name said back alone.
    max_.say("Did you ring your uncle?", nia)
    turn = max_.say("Joaquin did, last night.", sol)
    assert not any(p == "uncle_of" for _, p, _ in _objects(max_, turn))


def test_a_sentence_about_someone_else_names_no_relative(max_: Max) -> None:
    nia, sol = _person(max_, "Nia"), _person(max_, "Sol")
    # Someone reports on the relative, looks after them, or a place is said: none is the sister.
    for answer in (
        "Priya says she is doing fine.",
        "Priya is looking after her this week.",
        "Lisbon was lovely, thanks.",
        "Maybe Priya knows, I have not heard.",
    ):
        max_.say("How's your sister?", nia)
        turn = max_.say(answer, sol)
        assert not any(p == "sister_of" for _, p, _ in _objects(max_, turn)), answer
    # A kin word said as the subject is no name for the relative.
    max_.say("How's your mum?", nia)
    turn = max_.say("Mum started pottery classes on Monday.", sol)
    assert not any(p == "mum_of" or p == "mother_of" for _, p, _ in _objects(max_, turn))
    # A plural relation is no one person.
    max_.say("How are your parents?", nia)
    turn = max_.say("Hugo retired in March.", sol)
    assert not any(p.endswith("_of") for _, p, _ in _objects(max_, turn))


def test_a_short_echo_answers_yes_or_no_of_the_one_asked(max_: Max) -> None:
    nia, sol = _person(max_, "Nia"), _person(max_, "Sol")
    max_.say("Did you sell your old car?", nia)
    turn = max_.say("I did!", sol)
    assert any(s == "Sol" and o.endswith("car") for s, _, o in _objects(max_, turn))
    max_.say("Did you pass your driving test?", sol)
    turn = max_.say("I didn't, sadly.", nia)
    assert any(s == "Nia" and p.startswith("not_") for s, p, _ in _objects(max_, turn))
    # The echo's subject must be the one asked about: "she did" does not answer "did you".
    max_.say("Did you book the tickets?", nia)
    turn = max_.say("She did.", sol)
    assert not any(s == "Sol" and "book" in p for s, p, _ in _objects(max_, turn))


def test_hedges_jokes_and_a_yes_taken_back_fill_nothing(max_: Max) -> None:
    nia, sol = _person(max_, "Nia"), _person(max_, "Sol")
    for answer in ("Not sure yet.", "Yes. Well, no, not really.", "Yes! Just kidding.", "Ask mum."):
        max_.say("Did you get the promotion?", nia)
        turn = max_.say(answer, sol)
        assert not any("promotion" in o for _, _, o in _objects(max_, turn)), answer
    max_.say("Where is Dario living now?", nia)
    turn = max_.say("Probably Glasgow.", sol)
    assert not any(o == "Glasgow" for _, _, o in _objects(max_, turn))


def test_a_fragment_that_is_a_verb_phrase_is_said_of_the_questions_subject(max_: Max) -> None:
    nia, sol = _person(max_, "Nia"), _person(max_, "Sol")
    max_.say("What are you doing on Saturday?", nia)
    turn = max_.say("Visiting my grandad in Hull.", sol)
    assert any(s == "Sol" and p.startswith("visits") for s, p, _ in _objects(max_, turn))
    # "What did you do?" asks for a doing: a thing said alone fills nothing.
    max_.say("What did you do after school?", nia)
    turn = max_.say("Chemistry.", sol)
    assert not any(o.lower() == "chemistry" for _, _, o in _objects(max_, turn))


def test_a_place_of_a_going_and_an_aside_after_it(max_: Max) -> None:
    nia, sol = _person(max_, "Nia"), _person(max_, "Sol")
    max_.say("Where are you flying in August?", nia)
    max_.say("Reykjavik, as it turns out.", sol)
    assert "reykjavik" in _answer(max_.say("Where is Sol flying?", nia))


def test_only_the_one_the_question_was_put_to_answers_it(max_: Max) -> None:
    nia, sol, ravi = _person(max_, "Nia"), _person(max_, "Sol"), _person(max_, "Ravi")
    max_.say("Sol, where did you grow up?", nia)
    turn = max_.say("Dundee.", ravi)
    assert not any(o == "Dundee" for _, _, o in _objects(max_, turn))
    max_.say("Sol, where did you grow up?", nia)
    turn = max_.say("Dundee.", sol)
    assert any(s == "Sol" and o == "Dundee" for s, _, o in _objects(max_, turn))


def test_a_statement_asked_with_a_tag_is_told_by_a_yes_and_not_by_a_no(max_: Max) -> None:
    nia, sol = _person(max_, "Nia"), _person(max_, "Sol")
    max_.say("You're moving to Leeds, right?", nia)
    turn = max_.say("Yep, in June.", sol)
    assert any(s == "Sol" and o == "Leeds" for s, _, o in _objects(max_, turn))
    max_.say("Marek works at the bank, doesn't he?", nia)
    turn = max_.say("He does.", sol)
    assert any(s == "Marek" and o == "bank" for s, _, o in _objects(max_, turn))
    # A no says only that the statement does not hold: nothing of it is stored.
    max_.say("You're moving to Hull?", nia)
    turn = max_.say("No.", sol)
    assert not any(o == "Hull" for _, _, o in _objects(max_, turn))
    # A question closed by someone's name is theirs to answer.
    ravi = _person(max_, "Ravi")
    max_.say("You're a vet now, Sol?", nia)
    turn = max_.say("Yes.", ravi)
    assert not turn.claims
