"""What the wave-23 merge mended (issue 21), on a real booted resident and a real DuckDB graph,
in sentences of their own: what was studied said with "study" itself answers "What does X
study?" whatever WordNet files it under; an owner after a preposition names a place ("at St
Peter's for ..."), no copula; a turn typed in lower case keeps its function words and family
nouns as typed; a person's place said with "is" is left by a later move; an ordinal is no
count."""

from __future__ import annotations

from tests.language.test_conversation import Max, answer_of, person


def _told(m: Max, lines: list[tuple[str, str]], asked: list[str]) -> dict[str, str]:
    names = [w for w, _ in lines if w != "+days"]
    people = {who: person(m, who) for who in dict.fromkeys([*names, "Odile"])}
    for who, text in lines:
        if who == "+days":
            m.clock.advance(days=int(text))
            continue
        m.say(text, people[who])
    return {q.lower(): answer_of(m.say(q, people["Odile"])).lower() for q in asked}


def test_what_is_studied_said_with_study_itself(max_: Max) -> None:
    said = _told(
        max_,
        [
            ("Gwen", "My nephew Tomos is studying public health in Bangor."),
            ("Gwen", "My niece Carys took the spare room."),
        ],
        ["What does Tomos study?", "What does Carys study?"],
    )
    assert "public health" in said["what does tomos study?"]
    assert "room" not in said["what does carys study?"]


def test_an_owner_after_a_preposition_is_a_place_not_a_copula(max_: Max) -> None:
    said = _told(
        max_,
        [("Hamish", "I taught music at St Bride's for twenty-two years.")],
        ["How long did Hamish teach music?"],
    )
    assert "twenty-two" in said["how long did hamish teach music?"]


def test_lower_case_keeps_family_nouns_and_function_words(max_: Max) -> None:
    said = _told(
        max_,
        [("Aoife", "my mam lives in dungarvan shes seventy and still drives")],
        ["Where does Aoife's mam live?"],
    )
    assert "dungarvan" in said["where does aoife's mam live?"]


def test_a_place_said_with_is_is_left_by_a_later_move(max_: Max) -> None:
    said = _told(
        max_,
        [
            ("Priti", "My cousin Dev is in Galway, he cooks at a hotel."),
            ("+days", "5"),
            ("Priti", "Dev's moved to Cork, he missed the city."),
        ],
        ["Is Dev still in Galway?"],
    )
    assert said["is dev still in galway?"].startswith("no")


def test_an_ordinal_is_no_count(max_: Max) -> None:
    said = _told(
        max_,
        [("Noor", "ye and my brother sami finally got his black belt on his 4th go lol")],
        ["How many goes did Sami need to get his black belt?"],
    )
    assert "4th" not in said["how many goes did sami need to get his black belt?"]
