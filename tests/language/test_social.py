"""Short social turns read at the tokenizer (language/social.py): "Thanks!", "Hi, Max" and
"Good night" skip the full spaCy parse and are read exactly as the full parse reads them; a
turn with any content, or a question, goes to the full reader."""

from __future__ import annotations

from typing import Any

import pytest

from resident.language import language_for
from resident.language.intents import Intent, parse
from resident.language.pipeline import is_trained, load_pipeline
from resident.language.social import QUICK_INTENTS, quick_social
from tests.language.test_conversation import Max

SOCIAL = [
    "Thanks!",
    "thanks",
    "Thank you so much, Max.",
    "Thanks a lot!!",
    "thx",
    "Cheers!",
    "Well done!",
    "Good job, Max",
    "Hi",
    "Hello, Max!",
    "Hey there",
    "Good morning!",
    "Hi everyone",
    "Bye!",
    "Goodbye.",
    "See you later.",
    "Good night, Max",
    "bye bye",
    "Thanks! 🙂",
]

CONTENT = [
    "Thanks, Tom plays chess.",
    "Thanks for the tip about Lisbon.",
    "Thank you Ana",
    "Hi, I'm Ana.",
    "Hello Lisbon",
    "Good morning, Tom loves hiking.",
    "Bye, Tom",
    "Thanks?",
    "Good?",
    "Great work on the garden",
    "Morning run was great",
    "Very good",
    "See you at the museum",
]


@pytest.fixture(scope="module")
def nlp() -> Any:
    pipeline = load_pipeline("auto")
    if not is_trained(pipeline):
        pytest.skip("no trained spaCy pipeline installed")
    return pipeline


@pytest.mark.parametrize("text", SOCIAL)
def test_a_social_turn_is_read_as_the_full_parse_reads_it(nlp: Any, text: str) -> None:
    quick = quick_social(nlp, text)
    assert quick is not None, f"{text!r} went to the full parse"
    doc, parsed = quick
    assert parsed.intent in QUICK_INTENTS
    assert parsed == parse(nlp(text))
    assert doc.text == text


@pytest.mark.parametrize("text", CONTENT)
def test_a_turn_with_content_goes_to_the_full_reader(nlp: Any, text: str) -> None:
    assert quick_social(nlp, text) is None


def test_thanks_skips_the_pipeline_and_answers_as_before(
    max_: Max, monkeypatch: pytest.MonkeyPatch
) -> None:
    pid = max_.say("Hi, I'm Ana.").person_id
    lang = language_for(max_.resident)
    if not is_trained(lang.nlp):
        pytest.skip("no trained spaCy pipeline installed")
    parsed: list[str] = []
    full = type(lang.nlp).__call__

    def counting(self: Any, text: Any, *args: Any, **kwargs: Any) -> Any:
        parsed.append(str(text))
        return full(self, text, *args, **kwargs)

    monkeypatch.setattr(type(lang.nlp), "__call__", counting)
    mood = max_.resident.emotions.file
    seq = mood.seq
    thanks = max_.say("Thanks!", pid)
    assert (thanks.intent, thanks.reply) == (Intent.PRAISE.value, "Thank you, Ana.")
    assert mood.seq == seq + 1, "the praise moved the mood as a parsed one does"
    bye = max_.say("Good night, Max", pid)
    assert (bye.intent, bye.reply) == (Intent.FAREWELL.value, "Goodbye, Ana.")
    assert parsed == []
    # Content is read by the full pipeline, and stored.
    told = max_.say("Thanks, Tom plays chess.", pid)
    assert parsed == ["Thanks, Tom plays chess."]
    assert told.intent == Intent.STATEMENT.value and told.claims
