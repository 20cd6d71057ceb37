"""The later clauses of a run-on turn (issue 21, clause21): a comma splice the parser hung on a
noun as a relative clause is read as a clause of the sentence, through real turns on a real
DuckDB graph."""

from __future__ import annotations

from tests.language.test_conversation import Max
from tests.language.test_conversation import person as _person
from tests.language.test_reading import _stored


def test_a_comma_splice_hung_on_a_noun_is_read(max_: Max) -> None:
    ines = _person(max_, "Ines")
    turn = max_.say("hey MAX, three of us in Roath, I'm doing nursing, Bea's doing drama", ines)
    stored = _stored(max_, turn.claims)
    assert any(s == "Ines" and o == "nursing" for s, _, o in stored), stored


def test_a_relative_word_keeps_a_clause_relative() -> None:
    # "Bea who lives upstairs": a relative word opens it, so it is no splice of the sentence.
    import spacy

    from resident.language.pipeline import installed_trained_pipeline
    from resident.language.spliced import spliced_clauses

    nlp = spacy.load(installed_trained_pipeline() or "en_core_web_sm")
    doc = nlp("hey MAX, three of us in Roath, I'm doing nursing, Bea who lives upstairs is nice")
    assert all(t.lower_ != "lives" for s in doc.sents for t in spliced_clauses(s))


def test_a_condition_in_a_run_on_stores_nothing_of_it(max_: Max) -> None:
    ines = _person(max_, "Ines")
    said = "hey MAX, three of us in Roath, if Bea's doing drama she will move out"
    assert not any(o == "drama" for _, _, o in _stored(max_, max_.say(said, ines).claims))


def test_a_question_inside_a_run_on_is_asked_not_stored(max_: Max) -> None:
    ines = _person(max_, "Ines")
    turn = max_.say("hey MAX, three of us in Roath, who's doing drama?", ines)
    assert not any(o == "drama" for _, _, o in _stored(max_, turn.claims))
