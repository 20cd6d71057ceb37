"""A plan said to be due at another time (issue 21, change36): the new time said without the
plan said again ("got pushed back to the 10th", "moved to the 9th of May", "in June now, not
May") moves the plan held; the time said before stays with it; a move of home is no such
change."""

from __future__ import annotations

from tests.language.test_conversation import Max, answer_of, person


def test_a_new_time_said_alone_moves_the_plan_held(max_: Max) -> None:
    mireille = person(max_, "Mireille")
    max_.say("We are going to Porto on the 3rd of October.", mireille)
    max_.say("The Porto trip got pushed back to the 10th of October.", mireille)
    said = answer_of(max_.say("When is Mireille going to Porto?", mireille))
    assert "10" in said and "3 october" not in said


def test_a_day_read_as_an_ordinal_is_a_time_and_the_old_one_is_kept(max_: Max) -> None:
    benedetta = person(max_, "Benedetta")
    max_.say("The christening is on the 2nd of May at St Anne's.", benedetta)
    max_.say("The christening's been moved to the 9th of May.", benedetta)
    assert "9" in answer_of(max_.say("When is the christening?", benedetta))
    # Nothing is deleted: the time said before is still among the plan's qualifiers.
    rows = max_.graph._cur.execute(
        "SELECT value FROM claim_qualifiers WHERE role = 'time' ORDER BY recorded_at"
    ).fetchall()
    assert [r[0] for r in rows][-1] == "on 9th of May"


def test_a_move_of_home_moves_no_plan(max_: Max) -> None:
    niamh = person(max_, "Niamh")
    max_.say("We are going to Leeds on the 14th of March for the match.", niamh)
    max_.say("My cousin is moving to Leeds on the 2nd of June.", niamh)
    assert "14 march" in answer_of(max_.say("When is Niamh going to Leeds?", niamh))
