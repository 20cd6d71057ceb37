"""Later clauses that were read and then dropped (issue 21, later22), through real turns on a
real DuckDB graph: the copula written without its apostrophe ("hes a welder"), an -ing clause
that goes on with its clause's subject ("..., mostly making wedding cakes"), and a run-on
piece after a comma with no subject of its own ("..., got a flat near the docks")."""

from __future__ import annotations

from tests.language.test_conversation import Max
from tests.language.test_conversation import person as _person
from tests.language.test_reading import _stored


def _objects_of(stored: set[tuple[str, str, str]], subject: str) -> set[str]:
    return {o.lower() for s, _, o in stored if s == subject}


def test_a_copula_without_its_apostrophe_is_read_in_a_later_clause(max_: Max) -> None:
    gwen = _person(max_, "Gwen")
    stored = _stored(max_, max_.say("My cousin Dev lives in Hull, hes a welder.", gwen).claims)
    assert "welder" in _objects_of(stored, "Dev"), stored
    stored = _stored(max_, max_.say("Our lodger Femi moved in last week, hes 27.", gwen).claims)
    assert any(s == "Femi" and "27" in o for s, _, o in stored), stored


def test_ages_said_without_apostrophes_in_one_run_on(max_: Max) -> None:
    zac = _person(max_, "Zac")
    stored = _stored(max_, max_.say("me and Kit are cousins, im 19 hes 16", zac).claims)
    assert any(s == "Zac" and "19" in o for s, _, o in stored), stored


def test_an_auxiliary_s_without_its_apostrophe_stays_has(max_: Max) -> None:
    # "shes got a salon": the "s" is "has" there, not a copula (one mechanism reads both:
    # clitics.with_apostrophes parses the sentence again with the apostrophe put back).
    gwen = _person(max_, "Gwen")
    said = "My sister Lou is 30 and shes got her own salon now."
    stored = _stored(max_, max_.say(said, gwen).claims)
    assert any(s == "Lou" and "30" in o for s, _, o in stored), stored
    assert ("Lou", "gets", "salon") in stored, stored
    assert not any(p == "is_a" for s, p, _ in stored if s == "Lou"), stored


def test_an_ing_clause_after_its_clause_is_done_by_its_subject(max_: Max) -> None:
    gwen = _person(max_, "Gwen")
    said = "Aunt Bryony runs a bakery in Ludlow, mostly making wedding cakes."
    stored = _stored(max_, max_.say(said, gwen).claims)
    assert "wedding cakes" in _objects_of(stored, "Bryony"), stored
    said = "We sat in the garden all afternoon watching the swifts."
    stored = _stored(max_, max_.say(said, gwen).claims)
    assert "swifts" in _objects_of(stored, "Gwen"), stored


def test_an_ing_right_after_its_verb_is_not_a_deed_of_its_own(max_: Max) -> None:
    gwen = _person(max_, "Gwen")
    stored = _stored(max_, max_.say("Nia quit her job, went travelling round Peru.", gwen).claims)
    assert not any(p.startswith("travels") for s, p, _ in stored if s == "Nia"), stored


def test_a_run_on_piece_after_a_comma_keeps_the_clause_subject(max_: Max) -> None:
    ines = _person(max_, "Ines")
    said = "i dont drive buses anymore, got a job at the council"
    stored = _stored(max_, max_.say(said, ines).claims)
    assert "job" in _objects_of(stored, "Ines"), stored


def test_a_clause_with_its_own_subject_is_no_run_on_piece() -> None:
    import spacy

    from resident.language.pipeline import installed_trained_pipeline
    from resident.language.spliced import run_on_piece

    nlp = spacy.load(installed_trained_pipeline() or "en_core_web_sm")
    doc = nlp("Tom sold the van last year, he bought a bike.")
    assert not any(run_on_piece(t) for t in doc)


def test_an_ing_after_the_verbs_object_may_be_that_nouns_modifier(max_: Max) -> None:
    gwen = _person(max_, "Gwen")
    stored = _stored(max_, max_.say("Kai lost his lorry driving licence last year.", gwen).claims)
    assert not any(p.startswith("drives") for _, p, _ in stored), stored
    stored = _stored(max_, max_.say("Sam booked her boat handling course.", gwen).claims)
    assert not any(p.startswith("handles") for _, p, _ in stored), stored


def test_a_feeling_or_a_part_of_a_body_is_no_place_and_no_kind(max_: Max) -> None:
    gwen = _person(max_, "Gwen")
    said = "Grandad tripped on the stairs yesterday but he's okay, just a bruised knee"
    stored = _stored(max_, max_.say(said, gwen).claims)
    assert not any("knee" in o for _, p, o in stored if p == "is_a"), stored
    said = "My sister says she hates the new puppy but she's secretly in love with him."
    stored = _stored(max_, max_.say(said, gwen).claims)
    assert not any(o == "love" for _, _, o in stored), stored


def test_a_part_heading_something_is_still_a_post(max_: Max) -> None:
    gwen = _person(max_, "Gwen")
    said = "My aunt Lowri moved to Swansea, she's head of music at a comprehensive there."
    stored = _stored(max_, max_.say(said, gwen).claims)
    assert any(s == "Lowri" and "head of music" in o for s, _, o in stored), stored
