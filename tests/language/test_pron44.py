"""A pronoun names only what agrees with it (issue 21, pron44), on a real booted resident and a
real DuckDB graph: a he never names a relative a family noun shows to be a woman ("Mum" said
as a name), a "they" said after a plural in its turn is no one person and no place, and a word
in lower case the tagger took for a name ("seventieth") is no one a she names. Where nothing
that agrees is left, the clause stores nothing: a claim about the wrong one is worse than none.
Sentences of their own, not the corpus's."""

from __future__ import annotations

from tests.language.test_conversation import Max, answer_of, person


def _told(m: Max, lines: list[tuple[str, str]], asked: list[str]) -> dict[str, str]:
    people = {who: person(m, who) for who in dict.fromkeys([w for w, _ in lines] + ["Odile"])}
    for who, text in lines:
        m.say(text, people[who])
    return {q: answer_of(m.say(q, people["Odile"])) for q in asked}


def test_he_never_names_a_mother(max_: Max) -> None:
    said = _told(
        max_,
        [
            ("Dilys", "How did the visit go?"),
            ("Amara", "Mum adored him, Dad grilled him about pensions for an hour."),
            (
                "Dilys",
                "Classic dads. Mine spent Easter mending the same bike he mends every spring.",
            ),
        ],
        ["Who mends the same bike every spring?"],
    )
    assert "mum" not in said["Who mends the same bike every spring?"]


def test_they_after_a_plural_is_not_the_one_before_it(max_: Max) -> None:
    said = _told(
        max_,
        [
            ("Lina", "Is Bronwen coming down from Perth for it?"),
            ("Omar", "She is, with the triplets. They're six now and they break everything."),
        ],
        ["How old is Perth?", "How old is Bronwen?"],
    )
    assert said["How old is Perth?"] == ""
    assert said["How old is Bronwen?"] == ""
