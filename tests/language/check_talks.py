"""Check sets (issue 21): talks written before the code they judge, each its lines and its
questions with the answer expected ("" where he must not know). Played on a real booted
resident: everyone in the talk introduces themself once first, so the lines follow one another
as they were said (a greeting between two lines would cut the pronouns' reach)."""

from __future__ import annotations

from tests.language.test_conversation import Max, answer_of, person

#: (lines as (speaker, text), questions as (asker, question, expected))
Talk = tuple[list[tuple[str, str]], list[tuple[str, str, str]]]


def played(m: Max, talk: Talk) -> list[tuple[str, str, str]]:
    """(question, expected, said) for each question of the talk, after its lines."""
    lines, asked = talk
    people: dict[str, str] = {}
    for who in [w for w, _ in lines] + [w for w, _, _ in asked]:
        if who not in people:
            people[who] = person(m, who)
    for who, text in lines:
        m.say(text, people[who])
    return [(q, expected, answer_of(m.say(q, people[who]))) for who, q, expected in asked]


def mismatches(m: Max, talk: Talk) -> list[str]:
    """The talk's questions not answered as expected: the expected words in the answer, or
    "I don't know" where "" is expected."""
    wrong = []
    for question, expected, said in played(m, talk):
        ok = said == "" if not expected else expected in said
        if not ok:
            wrong.append(f"{question!r}: expected {expected!r}, said {said!r}")
    return wrong


def fits(said: str, expected: str) -> bool:
    """Does the answer hold the expected words, case aside ("yes" and "no" as its first word;
    "I don't know", said as "", where "" is expected)?"""
    if not expected:
        return said == ""
    if expected.lower() in ("yes", "no"):
        return said.lower().split(",")[0].strip(" .!:") == expected.lower()
    return expected.lower() in said.lower()


def scored(m: Max, talk: Talk) -> tuple[list[str], list[str], int]:
    """The talk's questions answered wrong (another answer than expected), those left
    unknown, and how many were right."""
    wrong, unknown, right = [], [], 0
    for question, expected, said in played(m, talk):
        if expected and said == "":
            unknown.append(question)
        elif not fits(said, expected):
            wrong.append(f"{question!r}: expected {expected!r}, said {said!r}")
        else:
            right += 1
    return wrong, unknown, right
