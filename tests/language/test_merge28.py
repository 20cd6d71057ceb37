"""What the wave-22 merge mended (issue 21), on a real booted resident and a real DuckDB graph,
in sentences of their own: a span spent doing a thing keeps the rest of its sentence
(spent_time.py), and a relative reached through the owner's tie to someone is an answer
(answer_fit.about_owner)."""

from __future__ import annotations

from tests.language.test_conversation import Max, answer_of, person


def _told(m: Max, lines: list[tuple[str, str]], asked: list[str]) -> dict[str, str]:
    people = {who: person(m, who) for who in dict.fromkeys([w for w, _ in lines] + ["Odile"])}
    for who, text in lines:
        m.say(text, people[who])
    return {q.lower(): answer_of(m.say(q, people["Odile"])).lower() for q in asked}


def test_time_spent_keeps_what_the_sentence_says_after_it(max_: Max) -> None:
    said = _told(
        max_,
        [
            (
                "Priya",
                "Six weeks waiting for a visa, so I never got to Toronto in the end, "
                "I stayed in Leicester instead.",
            )
        ],
        ["Did Priya get to Toronto?", "Where did Priya stay?"],
    )
    assert said["did priya get to toronto?"].startswith("no")
    assert "leicester" in said["where did priya stay?"]


def test_an_ex_through_a_parting_either_way(max_: Max) -> None:
    said = _told(
        max_,
        [("Bastian", "My boyfriend Lior and I broke up in the spring.")],
        ["Who is Lior's ex?", "Who is Bastian's ex?"],
    )
    assert "bastian" in said["who is lior's ex?"]
    assert "lior" in said["who is bastian's ex?"]
