"""Conversation turns through a real Resident (resident.daemon.boot) on a real DuckDB graph:
what each intent writes, what MAX answers, and that every number he states comes from the graph
or the state."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

import pytest

from resident.clock import ManualClock
from resident.config import Settings, load_settings
from resident.daemon.boot import Resident, boot
from resident.errors import InvalidInput
from resident.events import read_events
from resident.language import Dictionary, Language, Turn, converse, facts_about, why
from resident.memory.duck_store import DuckStore
from resident.records import Entity, Level, NewClaim

T0 = datetime(2026, 1, 1, tzinfo=UTC)


class Max:
    """A booted resident, its graph and clock, and a helper to talk to him."""

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self.graph = DuckStore.open(settings, create=True)
        self.clock = ManualClock(T0)
        self.resident: Resident = boot(settings, self.graph, self.clock, probes={})

    def say(self, text: str, person_id: str | None = None, **kw: Any) -> Turn:
        now = self.clock.advance(minutes=1)
        return converse(
            self.resident, text, person_id, now, self.resident.session.new_correlation_id(), **kw
        )

    def events(self, correlation_id: str | None = None) -> list[Any]:
        found = list(read_events(self.resident.events.path))
        return [e for e in found if correlation_id is None or e.correlation_id == correlation_id]

    def close(self) -> None:
        self.resident.shutdown(self.clock.now())
        self.graph.close()


def person(m: Max, name: str) -> str:
    """The id of `name`, who has just introduced themself."""
    turn = m.say(f"Hi, I'm {name}.")
    assert turn.person_id is not None
    return turn.person_id


def answer_of(turn: Turn) -> str:
    """The turn's answer in lower case ("" when he did not know)."""
    return (turn.answer or "").lower()


def _ana(m: Max) -> str:
    turn = m.say("Hi, I'm Ana.")
    assert turn.person_id == "person:ana"
    return turn.person_id


# -- greeting, how are you, introductions --------------------------------------------------------


def test_greeting(max_: Max) -> None:
    turn = max_.say("Hello!")
    assert turn.intent == "greeting" and turn.reply.startswith("Hello")
    pid = _ana(max_)
    assert max_.say("good morning", pid).reply.startswith("Hello, Ana.")


def test_how_are_you_is_the_live_state(max_: Max) -> None:
    turn = max_.say("How are you?")
    report = max_.resident.state(max_.clock.now())
    assert turn.intent == "how_are_you"
    assert turn.state == report.model_dump(mode="json")
    assert turn.reply == report.sentence and turn.plain == report.sentence
    before = report.mood.vector
    for _ in range(3):
        max_.say("You are useless")
    turn = max_.say("How are you doing today?")
    after = max_.resident.state(max_.clock.now())
    assert turn.reply == after.sentence
    assert after.mood.vector is not None and before is not None
    assert after.mood.vector.valence < before.valence
    assert turn.state is not None and turn.state["mood"]["label"] == after.mood.label
    assert turn.state["mood"]["label"] in turn.reply


def test_introduction_uses_the_identity_manager(max_: Max) -> None:
    turn = max_.say("Hi, I'm Ana.")
    assert (turn.intent, turn.person_id) == ("introduction", "person:ana")
    assert turn.reply.count("Ana") == 1 and "nice to meet you" in turn.reply
    person = max_.resident.people.find("Ana")
    assert person is not None and person.id == "person:ana"
    assert max_.graph.get_entity("person:ana").kind == "person"
    kinds = [(e.kind, e.payload.get("appraised")) for e in max_.events(turn.correlation_id)]
    assert ("appraisal", "person_arrived") in kinds
    again = max_.say("my name is ana")
    assert again.person_id == "person:ana" and again.reply.startswith("Welcome back")
    assert len(max_.resident.people.all()) == 1


# -- statements ----------------------------------------------------------------------------------


def test_a_statement_is_a_claim_at_the_hint_cap(max_: Max) -> None:
    pid = _ana(max_)
    turn = max_.say("Aspirin treats headache", pid)
    assert turn.intent == "statement" and len(turn.claims) == 1
    claim = max_.graph.peek_claim(turn.claims[0]["id"])
    assert (claim.subject, claim.predicate, claim.object_entity) == (
        "concept:aspirin",
        "treats",
        "concept:headache",
    )
    assert claim.provenance == "interaction:person:ana"
    assert claim.confidence == max_.settings.epistemic.hint_cap == 0.3
    assert claim.level is Level.HYPOTHESIS
    assert claim.correlation_id == turn.correlation_id
    assert claim.session_id == max_.resident.session.session_id
    assert "0.30" in turn.reply and "interaction:person:ana" in turn.reply
    assert max_.graph.get_entity("concept:aspirin").label == "Aspirin"
    kinds = [e.kind for e in max_.events(turn.correlation_id)]
    assert kinds == ["turn_heard", "turn_replied"]
    replied = max_.events(turn.correlation_id)[-1].payload
    assert replied["wrote"]["claim"]["claim_id"] == claim.id
    assert sorted(replied["wrote"]["entities"]) == ["concept:aspirin", "concept:headache"]
    # Said again: the same claim, nothing new.
    again = max_.say("aspirin treats headache", pid)
    assert again.claims[0]["id"] == claim.id and again.reply.startswith("I had that already")
    assert max_.graph.counts()["claims"] == 1


def test_a_statement_without_a_person_is_interaction_unknown(max_: Max) -> None:
    turn = max_.say("Aspirin treats headache")
    assert turn.claims[0]["provenance"] == "interaction:unknown"
    assert "someone I did not know" in turn.reply


def test_names_match_existing_entities_before_new_concepts(max_: Max) -> None:
    now = max_.clock.now()
    max_.graph.upsert_entities(
        [
            Entity(id="hp:0002315", kind="phenotype", label="Headache", aliases=("Cephalgia",)),
            Entity(id="rxnorm:1191", kind="drug", label="aspirin"),
        ],
        now,
    )
    turn = max_.say("Aspirin treats cephalgia")
    assert (turn.claims[0]["subject"], turn.claims[0]["object_entity"]) == (
        "rxnorm:1191",
        "hp:0002315",
    )
    plural = max_.say("Aspirins treat headaches")
    assert plural.claims[0]["object_entity"] == "hp:0002315"
    assert max_.graph.counts()["entities"] == 2


def test_a_literal_attribute_and_questions_about_it(max_: Max) -> None:
    pid = _ana(max_)
    said = max_.say("Ana's birthday is 3 May", pid)
    claim = said.claims[0]
    assert (claim["subject"], claim["predicate"], claim["object_literal"]) == (
        "person:ana",
        "birthday",
        "3 May",
    )
    learned = "2026-01-01 00:02 UTC"
    for question in ("When is Ana's birthday?", "What is my birthday?", "When was Ana born?"):
        turn = max_.say(question, pid)
        assert turn.intent == "question" and [c["id"] for c in turn.claims] == [claim["id"]]
        for part in (
            "3 May",
            "hypothesis",
            "confidence 0.30",
            "interaction:person:ana",
            f"learned {learned}",
        ):
            assert part in turn.reply, (part, turn.reply)


def test_a_question_is_a_retrieval(max_: Max) -> None:
    max_.graph.upsert_entities(
        [
            Entity(id="concept:gout", kind="concept", label="gout"),
            Entity(id="concept:colchicine", kind="concept", label="colchicine"),
        ],
        max_.clock.now(),
    )
    stored = max_.graph.add_claim(
        NewClaim(
            subject="concept:colchicine",
            predicate="treats",
            object_entity="concept:gout",
            confidence=0.7,
            provenance="ingest:drugs@2025",
            locator="row 12",
        ),
        max_.clock.now(),
    )
    max_.clock.advance(days=1)  # a retrieval raises confidence at most once a day
    turn = max_.say("What treats gout?")
    after = max_.graph.peek_claim(stored.id)
    assert after.confidence == pytest.approx(0.72) and after.retrieved_at > stored.retrieved_at
    assert "colchicine treats gout: a belief at confidence 0.72" in turn.reply.lower()
    assert "the drugs dataset, version 2025 (ingest:drugs@2025)" in turn.reply


def test_what_treats_and_what_does_it_treat(max_: Max) -> None:
    pid = _ana(max_)
    max_.say("Aspirin treats headache", pid)
    max_.say("Ibuprofen treats headache", pid)
    subject_q = max_.say("What treats headache?", pid)
    assert {c["subject"] for c in subject_q.claims} == {"concept:aspirin", "concept:ibuprofen"}
    object_q = max_.say("What does aspirin treat?", pid)
    assert [c["object_entity"] for c in object_q.claims] == ["concept:headache"]
    about = max_.say("What do you know about headache?", pid)
    assert len(about.claims) == 2 and about.reply.startswith("What I know about headache:")
    check = max_.say("Does aspirin treat headache?", pid)
    # The hedge follows the rung: a 0.30 hypothesis is not "Yes, as far as I know" (issue 14).
    assert check.reply.startswith("Possibly: I have been told so") and check.answer == "Yes"


def test_i_dont_know(max_: Max) -> None:
    before = max_.graph.counts()
    for question, answer in [
        ("What treats gout?", "I don't know what treats gout."),
        ("What do you know about Zed?", "I don't know anything about Zed."),
        ("When is Bob's birthday?", "I don't know Bob's birthday."),
        ("Does aspirin treat gout?", "I don't know what aspirin treats."),
    ]:
        turn = max_.say(question)
        assert (turn.intent, turn.reply, turn.claims) == ("question", answer, [])
    assert max_.graph.counts() == before


def test_statements_about_the_speaker_need_a_known_speaker(max_: Max) -> None:
    before = max_.graph.counts()
    turn = max_.say("My birthday is 3 May")
    assert "Tell me your name first" in turn.reply and turn.claims == []
    assert max_.graph.counts() == before
    pid = _ana(max_)
    turn = max_.say("I live in Lisbon", pid)
    assert (turn.claims[0]["subject"], turn.claims[0]["predicate"]) == ("person:ana", "lives_in")


def test_a_second_value_of_a_one_valued_attribute_is_a_conflict(max_: Max) -> None:
    pid = _ana(max_)
    first = max_.say("Ana's birthday is 3 May", pid).claims[0]
    second = max_.say("Ana's birthday is 4 May").claims[0]
    conflicts = max_.graph.conflicts_for(first["id"])
    assert len(conflicts) == 1 and {conflicts[0].claim_a, conflicts[0].claim_b} == {
        first["id"],
        second["id"],
    }
    # Many-valued relations do not conflict.
    max_.say("Aspirin treats headache", pid)
    max_.say("Aspirin treats fever", pid)
    assert len(max_.graph.open_conflicts()) == 1


# -- corrections and why -------------------------------------------------------------------------


def test_a_correction_makes_the_three_writes(max_: Max) -> None:
    bob = max_.say("I'm Bob").person_id
    old = max_.say("The capital of Australia is Sydney", bob).claims[0]
    before = max_.graph.counts()
    pid = _ana(max_)
    turn = max_.say("No, that's wrong: the capital of Australia is Canberra", pid)
    assert turn.intent == "correction"
    after = max_.graph.counts()
    assert (
        after["claims"] - before["claims"],
        after["conflicts"] - before["conflicts"],
        after["curiosity_gaps"] - before["curiosity_gaps"],
    ) == (1, 1, 1)
    new = next(c for c in turn.claims if c["id"] != old["id"])
    # The correction names who made it (issue 14).
    assert (new["provenance"], new["level"], new["confidence"]) == (
        "user_correction:person:ana",
        "hypothesis",
        max_.settings.epistemic.correction_confidence,
    )
    assert (new["subject"], new["predicate"], new["object_entity"]) == (
        "concept:australia",
        "capital",
        "concept:canberra",
    )
    conflict = max_.graph.conflicts_for(old["id"])[0]
    assert conflict.status.value == "open" and conflict.reason == "user_correction"
    assert {conflict.claim_a, conflict.claim_b} == {old["id"], new["id"]}
    gap = max_.graph.due_gaps(max_.clock.now())[0]
    assert gap.priority == max_.settings.curiosity.correction_priority and gap.claim_id == new["id"]
    # The old claim keeps its row, untouched.
    assert max_.graph.peek_claim(old["id"]).confidence == old["confidence"]
    appraised = [
        e.payload.get("appraised")
        for e in max_.events(turn.correlation_id)
        if e.kind == "appraisal"
    ]
    assert appraised == ["corrected"]
    assert "priority 100" in turn.reply and "user_correction" in turn.reply


def test_a_correction_of_a_grounded_claim_and_of_nothing(max_: Max) -> None:
    now = max_.clock.now()
    max_.graph.upsert_entities([Entity(id="concept:water", kind="concept", label="water")], now)
    fact = max_.graph.add_claim(
        NewClaim(
            subject="concept:water",
            predicate="boiling_point",
            object_literal="100 C",
            confidence=0.8,
            provenance="ingest:physics@1",
        ),
        now,
    )
    turn = max_.say("Actually, the boiling point of water is 90 C")
    assert turn.intent == "correction"
    conflict = max_.graph.conflicts_for(fact.id)
    assert len(conflict) == 1
    assert max_.graph.peek_claim(fact.id).confidence == 0.8
    nothing = max_.say("No, Zed's birthday is 5 June")
    assert "I recorded the conflict" not in nothing.reply
    assert max_.graph.counts()["conflicts"] == 1


def test_a_correction_without_a_value_writes_nothing(max_: Max) -> None:
    before = max_.graph.counts()
    turn = max_.say("That's wrong")
    assert turn.intent == "correction" and "What is right" in turn.reply
    assert max_.graph.counts() == before


def test_why_gives_the_provenance_trail_and_open_conflicts(max_: Max) -> None:
    bob = max_.say("I'm Bob").person_id
    old = max_.say("The capital of Australia is Sydney", bob).claims[0]
    max_.say("No, that's wrong: the capital of Australia is Canberra")
    turn = max_.say("Why do you think the capital of Australia is Sydney?")
    assert turn.intent == "why"
    assert turn.reply.startswith("Why I think Australia's capital is Sydney:")
    assert "Bob told me (interaction:person:bob)" in turn.reply
    assert "Open conflict" in turn.reply and "user_correction" in turn.reply
    assert {c["id"] for c in turn.claims} >= {old["id"]}
    # The same trail from the function the CLI and the API call.
    answer = why(max_.graph, old["id"], max_.clock.now())
    assert answer.matched and answer.trails[0].claim.claim.id == old["id"]
    assert answer.trails[0].conflicts[0].conflict.status.value == "open"
    assert answer.trails[0].conflicts[0].other is not None
    assert answer.trails[0].conflicts[0].other.claim.provenance == "user_correction"
    text_answer = why(max_.graph, "the capital of Australia is Sydney", max_.clock.now())
    assert text_answer.matched and text_answer.trails[0].claim.claim.id == old["id"]
    # Not held as asked: the claims on the same subject and predicate are shown.
    other = why(max_.graph, "why do you think the capital of Australia is Perth?", max_.clock.now())
    assert not other.matched and other.text.startswith("I hold no claim that")
    assert len(other.trails) == 2
    # why is an audit: nothing was bumped.
    assert (
        max_.graph.peek_claim(old["id"]).retrieved_at == max_.graph.peek_claim(old["id"]).created_at
    )


def test_why_shows_evidence_rows(max_: Max) -> None:
    now = max_.clock.now()
    max_.graph.upsert_entities(
        [
            Entity(id="concept:gout", kind="concept", label="gout"),
            Entity(id="concept:colchicine", kind="concept", label="colchicine"),
        ],
        now,
    )
    max_.graph.add_claim(
        NewClaim(
            subject="concept:colchicine",
            predicate="treats",
            object_entity="concept:gout",
            confidence=0.7,
            provenance="ingest:drugs@2025",
            locator="row 12",
        ),
        now,
    )
    turn = max_.say("Why do you think colchicine treats gout?")
    assert "Evidence: the drugs dataset (ingest:drugs) at row 12" in turn.reply


def test_why_that_refers_to_the_last_answer(max_: Max) -> None:
    pid = _ana(max_)
    nothing = max_.say("why?", pid)
    assert "Why do I think what?" in nothing.reply and nothing.claims == []
    said = max_.say("Aspirin treats headache", pid)
    turn = max_.say("Why do you think that?", pid)
    assert [c["id"] for c in turn.claims] == [said.claims[0]["id"]]
    assert "Ana told me" in turn.reply
    unknown = max_.say("Why do you think Zed likes tea?", pid)
    assert unknown.reply.startswith("I don't know") and unknown.claims == []


def test_facts_about(max_: Max) -> None:
    pid = _ana(max_)
    max_.say("Ana's birthday is 3 May", pid)
    max_.say("Ana likes green tea", pid)
    max_.say("Bob loves Ana", pid)
    answer = facts_about(max_.graph, "ana", max_.clock.now())
    assert answer.known and [e.id for e in answer.entities] == ["person:ana"]
    assert {(v.claim.predicate, v.subject_label) for v in answer.claims} == {
        ("birthday", "Ana"),
        ("likes", "Ana"),
        ("loves", "Bob"),
    }
    assert answer.text.splitlines()[0] == "What I know about Ana:"
    assert len(answer.text.splitlines()) == 4
    by_id = facts_about(max_.graph, "person:ana", max_.clock.now(), limit=1)
    assert len(by_id.claims) == 1 and "(2 more not listed.)" in by_id.text
    none = facts_about(max_.graph, "Zed", max_.clock.now())
    assert (none.known, none.claims, none.text) == (False, [], "I don't know anything about Zed.")


# -- affect --------------------------------------------------------------------------------------


def test_praise_and_hostility_are_appraised(max_: Max) -> None:
    pid = _ana(max_)
    start = max_.resident.state(max_.clock.now()).mood.vector
    praise = max_.say("Thank you, Max", pid)
    assert praise.intent == "praise" and praise.reply == "Thank you, Ana."
    up = max_.resident.state(max_.clock.now()).mood.vector
    hostile = max_.say("Shut up", pid)
    down = max_.resident.state(max_.clock.now()).mood.vector
    assert start is not None and up is not None and down is not None
    assert up.valence > start.valence and down.valence < up.valence
    for turn, kind in ((praise, "praise"), (hostile, "hostility")):
        appraisals = [e for e in max_.events(turn.correlation_id) if e.kind == "appraisal"]
        assert [e.payload["appraised"] for e in appraisals] == [kind]
        assert appraisals[0].payload["person_id"] == pid
    bye = max_.say("bye", pid)
    assert [
        e.payload.get("appraised") for e in max_.events(bye.correlation_id) if e.kind == "appraisal"
    ] == ["person_left"]


# -- edges -----------------------------------------------------------------------------------------


def test_bad_input_is_refused_and_nothing_is_written(max_: Max) -> None:
    before = max_.graph.counts()
    events = len(max_.events())
    for text in ("", "   \n", "x" * (max_.settings.language.max_turn_chars + 1)):
        with pytest.raises(InvalidInput):
            max_.say(text)
    assert max_.graph.counts() == before and len(max_.events()) == events
    turn = max_.say("blah blah")
    assert turn.intent == "unknown" and "I didn't understand" in turn.reply
    assert max_.graph.counts() == before
    # Negation is kept as a polarity on the claim, not refused (issue 14).
    negated = max_.say("Aspirin doesn't treat headache")
    assert [c["predicate"] for c in negated.claims] == ["not_treats"]
    assert "Aspirin does not treat headache" in negated.reply


def test_every_turn_emits_events_under_its_correlation_id(max_: Max) -> None:
    turns = [max_.say(t) for t in ("Hello", "How are you?", "What treats gout?", "blah")]
    for turn in turns:
        kinds = [e.kind for e in max_.events(turn.correlation_id)]
        assert kinds[0] == "turn_heard" and kinds[-1] == "turn_replied"
        assert all(
            e.session_id == max_.resident.session.session_id
            for e in max_.events(turn.correlation_id)
        )
        heard = max_.events(turn.correlation_id)[0].payload
        # Ids and sizes only: the text itself is not logged.
        assert "text" not in heard and heard["intent"] == turn.intent


# -- the optional language model in a turn ---------------------------------------------------------


def _with_model(settings: Settings, url: str) -> Settings:
    return load_settings(
        data_dir=settings.data_dir,
        env={
            "RESIDENT_LANGUAGE_MODEL__BASE_URL": url,
            "RESIDENT_LANGUAGE_MODEL__MODEL": "tiny",
            "RESIDENT_LANGUAGE_MODEL__TIMEOUT_SECONDS": "0.5",
        },
    )


def test_no_model_means_plain_renderings(max_: Max) -> None:
    lang = Language.from_settings(max_.settings, max_.graph)
    assert lang.model is None
    turn = max_.say("How are you?", language=lang)
    assert turn.reply == turn.plain and not turn.phrased_by_model


def test_an_honest_model_phrases_the_turn(settings: Settings, chat_server: Any) -> None:
    chat_server.respond = lambda plain: f"Here you go. {plain}"
    m = Max(_with_model(settings, chat_server.url))
    try:
        turn = m.say("How are you?")
        assert turn.phrased_by_model and turn.reply == f"Here you go. {turn.plain}"
        assert turn.plain == m.resident.state(m.clock.now()).sentence
        replied = m.events(turn.correlation_id)[-1].payload
        assert replied["phrased_by_model"] is True
    finally:
        m.close()


def test_a_model_lying_about_the_mood_loses_to_the_plain_rendering(
    settings: Settings, chat_server: Any
) -> None:
    chat_server.respond = lambda plain: "I'm feeling ecstatic and full of energy today!"
    m = Max(_with_model(settings, chat_server.url))
    try:
        turn = m.say("How are you?")
        report = m.resident.state(m.clock.now())
        assert not turn.phrased_by_model
        assert turn.reply == turn.plain == report.sentence
        assert "ecstatic" in m.events(turn.correlation_id)[-1].payload["plain_used_because"]
        assert len(chat_server.requests) == 1
    finally:
        m.close()


def test_a_model_adding_a_claim_loses_to_the_plain_rendering(
    settings: Settings, chat_server: Any
) -> None:
    m = Max(_with_model(settings, chat_server.url))
    try:
        m.say("Aspirin treats fever")
        chat_server.respond = lambda plain: plain.replace("headache", "headache and fever")
        turn = m.say("Aspirin treats headache")
        assert not turn.phrased_by_model and turn.reply == turn.plain
        assert "fever" not in turn.reply
    finally:
        m.close()


def test_a_model_that_errors_or_hangs_leaves_max_plain(
    settings: Settings, chat_server: Any
) -> None:
    m = Max(_with_model(settings, chat_server.url))
    try:
        chat_server.status = 503
        assert m.say("Hello").reply.startswith("Hello. I don't think we have met")
        chat_server.status, chat_server.delay_s = 200, 2.0
        turn = m.say("What treats gout?")
        assert turn.reply == "I don't know what treats gout." and not turn.phrased_by_model
    finally:
        m.close()


def test_the_dictionary_is_an_lru_of_the_configured_size(max_: Max) -> None:
    lang = Language.from_settings(max_.settings, max_.graph)
    assert lang.dictionary.maxsize == max_.settings.caches.dictionary == 500
    now = max_.clock.now()
    max_.graph.upsert_entities(
        [Entity(id=f"concept:n{i}", kind="concept", label=f"n{i}") for i in range(5)], now
    )
    small = Dictionary(max_.graph, 3)
    for i in range(5):
        assert [e.id for e in small.find(f"N{i}")] == [f"concept:n{i}"]
    assert len(small) == 3
    # Misses are not cached: a name filed later is found at once.
    assert small.find("n9") == []
    max_.graph.upsert_entities([Entity(id="concept:n9", kind="concept", label="n9")], now)
    assert [e.id for e in small.find("n9")] == ["concept:n9"]


def test_a_failing_turn_is_logged_and_raises_typed(max_: Max) -> None:
    # A name longer than the identity manager takes: people.introduce refuses it.
    with pytest.raises(InvalidInput, match="at most"):
        max_.say("I'm A" + "a" * 250)
    last = max_.events()[-1]
    assert last.kind == "turn_failed" and last.payload["error"] == "invalid_input"
    assert max_.resident.people.all() == []


def test_an_introduction_with_a_surname_a_title_or_a_nickname_names_the_person_met_before(
    settings: Settings,
) -> None:
    m = Max(settings)
    try:
        ambrose = m.say("Hi, I'm Ambrose.").person_id
        again = m.say("My name is Ambrose Whitfield.", ambrose)
        titled = m.say("Hello, I'm Dr. Whitfield.")
        assert again.intent == titled.intent == "introduction"
        assert again.person_id == titled.person_id == ambrose
        assert [p.id for p in m.resident.people.all()] == [ambrose]
        assert "Welcome back" in titled.reply
        # A nickname shares no word with the name: "call me" says it is the speaker's.
        assert m.say("Call me Bram.", ambrose).person_id == ambrose
        assert m.say("Hi, I'm Bram.").person_id == ambrose
        assert m.graph.get_entity(ambrose).aliases == (
            "Ambrose Whitfield",
            "Dr. Whitfield",
            "Bram",
        )
    finally:
        m.close()
