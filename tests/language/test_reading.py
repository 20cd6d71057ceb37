"""Reading household talk (issue 14): clause-level statements, chit-chat that stores nothing,
corrections only against held claims, questions matched to held claims, time, threads, and the
README's transcript, run through a real Resident on a real DuckDB graph."""

from __future__ import annotations

import re
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

from resident.config import Settings
from resident.language import when as timewords
from resident.language.phrases import third_person
from resident.language.statement import base_form
from tests.language.test_conversation import Max

README = Path(__file__).resolve().parents[2] / "README.md"


def _stored(m: Max, turn_claims: list[dict]) -> set[tuple[str, str, str]]:
    out = set()
    for c in turn_claims:
        obj = (
            m.graph.get_entity(c["object_entity"]).label
            if c["object_entity"]
            else c["object_literal"]
        )
        out.add((m.graph.get_entity(c["subject"]).label, c["predicate"], obj))
    return out


def test_possessives_pronouns_and_several_statements_in_one_turn(max_: Max) -> None:
    ana = max_.say("I'm Ana.").person_id
    turn = max_.say("My sister Lena lives in Porto and she loves jazz.", ana)
    assert _stored(max_, turn.claims) == {
        ("Lena", "sister_of", "Ana"),
        ("Lena", "lives_in", "Porto"),
        ("Lena", "loves", "jazz"),
    }
    assert all(c["provenance"] == "interaction:person:ana" for c in turn.claims)
    # Lena is a person entity, and an introduction later lands on the same one.
    assert max_.graph.get_entity("person:lena").kind == "person"
    assert max_.say("i'm Lena").person_id == "person:lena"
    both = max_.say("I'm Omar. Lena likes coffee")
    assert both.person_id == "person:omar"
    assert ("Lena", "likes", "coffee") in _stored(max_, both.claims)


def test_chit_chat_thanks_and_questions_between_people_store_nothing(max_: Max) -> None:
    ana = max_.say("I'm Ana.").person_id
    sam = max_.say("I'm Sam.").person_id
    before = max_.graph.counts()
    for text, who in [
        ("Thanks, Sam! I appreciate your support.", ana),
        ("No worries!", sam),
        ("No problem, happy to help.", ana),
        ("Nope, still busy.", sam),
        ("Haha, that's so true.", ana),
        ("Have you tried the new cafe?", sam),
        ("Wow, I had no idea!", ana),
    ]:
        turn = max_.say(text, who)
        assert turn.intent != "correction" and turn.claims == [], text
    after = max_.graph.counts()
    assert (after["claims"], after["curiosity_gaps"]) == (
        before["claims"],
        before["curiosity_gaps"],
    )


def test_short_replies_and_help_on_request(max_: Max) -> None:
    assert max_.say("blah blah").reply == "I didn't understand that."
    assert max_.say("help").reply.startswith("I can note a fact")


def test_this_is_rex_is_not_a_person(max_: Max) -> None:
    ana = max_.say("I'm Ana.").person_id
    turn = max_.say("This is Rex, he's so playful.", ana)
    assert turn.intent != "introduction" and turn.person_id == ana
    assert [p.name for p in max_.resident.people.all()] == ["Ana"]
    pet = max_.say("My dog Pixel hates the rain.", ana)
    assert ("Pixel", "is_a", "dog") in _stored(max_, pet.claims)
    assert max_.graph.get_entity("concept:pixel").kind == "animal"


def test_negation_is_a_polarity_and_a_no_answer(max_: Max) -> None:
    ana = max_.say("I'm Ana.").person_id
    turn = max_.say("I don't like coffee.", ana)
    assert _stored(max_, turn.claims) == {("Ana", "not_likes", "coffee")}
    asked = max_.say("Does Ana like coffee?", ana)
    assert asked.answer == "No" and asked.reply.startswith("No")


def test_only_a_contradiction_of_a_held_claim_is_a_correction(max_: Max) -> None:
    ana = max_.say("I'm Ana.").person_id
    bob = max_.say("I'm Bob.").person_id
    # Nothing held on Zed's birthday: this is a statement, not a correction.
    first = max_.say("No, Zed's birthday is 5 June", ana)
    assert first.intent == "statement" and first.claims[0]["provenance"] == (
        "interaction:person:ana"
    )
    assert max_.graph.counts()["curiosity_gaps"] == 0
    turn = max_.say("No, that's wrong: Zed's birthday is 6 June", bob)
    hypothesis = next(c for c in turn.claims if c["provenance"].startswith("user_correction"))
    assert hypothesis["provenance"] == "user_correction:person:bob"
    assert (
        "a correction Bob gave me"
        in max_.say("Why do you think Zed's birthday is 6 June?", ana).reply
    )


def test_questions_are_matched_to_held_claims_or_get_i_dont_know(max_: Max) -> None:
    omar = max_.say("I'm Omar.").person_id
    sam = max_.say("I'm Sam.").person_id
    max_.say("I get into classic rock.", omar)
    max_.say("I'm reading Walden.", sam)
    assert max_.say("What does Omar get into?", sam).answer == "classic rock"
    assert max_.say("What book is Sam currently reading?", omar).answer == "Walden"
    for question in (
        "What does Omar play?",
        "When did Sam go to Paris?",
        "What is Omar's favourite film?",
    ):
        turn = max_.say(question, sam)
        assert turn.answer is None and "I don't know" in turn.reply, question


def test_relative_dates_resolve_against_the_turns_time(max_: Max) -> None:
    lea = max_.say("I'm Lea.").person_id
    said = datetime(2026, 11, 12, 18, tzinfo=UTC)  # a Thursday
    turn = max_.say("I went to the support group last Saturday.", lea, said_at=said)
    claim = max_.graph.peek_claim(turn.claims[0]["id"])
    assert claim.occurred_at == datetime(2026, 11, 7, tzinfo=UTC)
    asked = max_.say("When did Lea go to the support group?", lea)
    assert asked.answer == "7 November 2026"
    assert "on Saturday 7 November 2026" in asked.reply


@pytest.mark.parametrize(
    ("phrase", "past", "day"),
    [
        ("yesterday", True, "2026-11-11"),
        ("last Saturday", True, "2026-11-07"),
        ("next month", False, "2026-12-12"),
        ("in two weeks", False, "2026-11-26"),
        ("three days ago", True, "2026-11-09"),
        ("on Saturday", False, "2026-11-14"),
        ("tomorrow", False, "2026-11-13"),
        ("last week", True, "2026-11-05"),
    ],
)
def test_time_phrases(phrase: str, past: bool, day: str) -> None:
    now = datetime(2026, 11, 12, 18, tzinfo=UTC)
    got = timewords.resolve(phrase, now, past=past)
    assert got is not None and got.date().isoformat() == day


def test_verb_forms_round_trip() -> None:
    for verb in ("like", "go", "watch", "study", "organize", "use", "fix", "have", "miss"):
        assert base_form(third_person(verb)) == verb


def test_a_plan_is_picked_up_once_at_the_next_greeting_and_survives_a_restart(
    settings: Settings,
) -> None:
    m = Max(settings)
    ana = m.say("I'm Ana.").person_id
    m.say("I'm going to visit my mom next week.", ana)
    m.close()
    again = Max(settings)  # a new boot: the thread comes back from threads.json
    try:
        hello = again.say("Hello", ana)
        assert hello.reply.startswith("Welcome back, Ana. Last time you were going to visit")
        assert "how did it go?" in hello.reply
        assert again.say("Hello", ana).reply == "Hello, Ana. Good to see you."
    finally:
        again.close()


def _readme_transcript() -> list[tuple[str, str, str]]:
    text = README.read_text(encoding="utf-8")
    block = re.search(r"A household evening, as a test replays it:\s*```text\n(.*?)```", text, re.S)
    assert block, "the README lost its household transcript"
    turns = []
    lines = block.group(1).splitlines()
    for i, line in enumerate(lines):
        said = re.match(r"^(\w+)> (.*)$", line)
        if said:
            reply = lines[i + 1].removeprefix("MAX: ") if i + 1 < len(lines) else ""
            turns.append((said.group(1), said.group(2), reply))
    return turns


def test_the_readme_household_transcript_runs(max_: Max) -> None:
    turns = _readme_transcript()
    assert len(turns) >= 8
    people: dict[str, str] = {}
    for who, text, expected in turns:
        turn = max_.say(text, people.get(who))
        if turn.person_id and who not in people:
            people[who] = turn.person_id
        first = turn.reply.splitlines()[0]
        assert first.startswith(expected.removesuffix("...")), (text, turn.reply)


def test_model_extraction_is_checked_against_the_text(settings: Settings, chat_server: Any) -> None:
    """A real 127.0.0.1 server speaking the chat-completions wire format: a fact the text
    grounds is kept (at the hint cap, the speaker's provenance); a made-up one is dropped; a
    reply that is not the JSON asked for leaves the turn to the rules."""
    import json

    from resident.config import load_settings

    def respond(user: str) -> str:
        if "visit" in user:
            return "not json at all"
        return json.dumps(
            {
                "facts": [
                    {"subject": "I", "verb": "bake", "object": "sourdough bread", "negated": False},
                    {"subject": "Lena", "verb": "own", "object": "a boat"},
                ]
            }
        )

    chat_server.respond = respond
    tuned = load_settings(
        data_dir=settings.data_dir,
        env={
            "RESIDENT_LANGUAGE_MODEL__BASE_URL": chat_server.url,
            "RESIDENT_LANGUAGE_MODEL__MODEL": "tiny",
            "RESIDENT_CONVERSATION__MODEL_EXTRACTION": "true",
        },
    )
    m = Max(tuned)
    try:
        ana = m.say("I'm Ana.").person_id
        turn = m.say("I bake sourdough bread on Sundays.", ana)
        assert {(c["predicate"], c["provenance"], c["confidence"]) for c in turn.claims} == {
            ("bakes", "interaction:person:ana", 0.3)
        }
        asked = [r["body"]["messages"][0]["content"] for r in chat_server.requests]
        assert any(a.startswith("Read what Ana said") for a in asked)
        fallback = m.say("I'm going to visit my mom next week.", ana)
        assert [c["predicate"] for c in fallback.claims] == ["visits"]
    finally:
        m.close()


@pytest.mark.parametrize(
    ("said", "phrase", "expected"),
    [
        # A day the target month has stays; the 31 March "a year ago" was 28 March.
        (datetime(2026, 3, 31, tzinfo=UTC), "a year ago", datetime(2025, 3, 31, tzinfo=UTC)),
        (datetime(2026, 3, 31, tzinfo=UTC), "a month ago", datetime(2026, 2, 28, tzinfo=UTC)),
        (datetime(2024, 3, 31, tzinfo=UTC), "a month ago", datetime(2024, 2, 29, tzinfo=UTC)),
        (datetime(2026, 1, 30, tzinfo=UTC), "two months ago", datetime(2025, 11, 30, tzinfo=UTC)),
        (datetime(2024, 2, 29, tzinfo=UTC), "a year ago", datetime(2023, 2, 28, tzinfo=UTC)),
        (datetime(2026, 5, 31, tzinfo=UTC), "in a month", datetime(2026, 6, 30, tzinfo=UTC)),
    ],
)
def test_months_and_years_keep_the_day_and_clamp_at_month_ends(
    said: datetime, phrase: str, expected: datetime
) -> None:
    got = timewords.resolve(phrase, said, past=phrase.endswith("ago"))
    assert got is not None and got.date() == expected.date()
