"""The things the household talked about outlive a restart (continuity): "What broke on
Tuesday?" is asked of the things said of before, which the store gives back at boot, not of a
list the process held and lost."""

from __future__ import annotations

from datetime import UTC, datetime

from resident.clock import ManualClock
from resident.config import Settings
from resident.daemon.boot import boot
from resident.language import Turn, converse
from resident.memory.duck_store import DuckStore
from resident.people.privacy import PrivateGraph
from resident.records import Entity, NewClaim

T0 = datetime(2026, 3, 5, 9, tzinfo=UTC)  # a Thursday


class Max:
    def __init__(self, settings: Settings, clock: ManualClock, create: bool) -> None:
        self.graph = DuckStore.open(settings, create=create)
        self.clock = clock
        self.resident = boot(settings, self.graph, clock, probes={})

    def say(self, text: str, person_id: str | None = None) -> Turn:
        now = self.clock.advance(minutes=1)
        cid = self.resident.session.new_correlation_id()
        return converse(self.resident, text, person_id, now, cid, said_at=now)

    def close(self) -> None:
        self.resident.shutdown(self.clock.now())
        self.graph.close()


def test_what_befell_a_thing_is_answered_after_a_restart(settings: Settings) -> None:
    clock = ManualClock(T0)
    first = Max(settings, clock, create=True)
    try:
        ana = first.say("Hi, I'm Ana.").person_id
        first.say("Our washing machine broke on Tuesday.", ana)
        first.say("The garden fence blew down on Sunday.", ana)
    finally:
        first.close()
    again = Max(settings, clock, create=False)
    try:
        broke = again.say("What broke on Tuesday?", ana).reply
        assert "washing machine" in broke.lower() and "fence" not in broke.lower()
        blew = again.say("What blew down on Sunday?", ana).reply
        assert "fence" in blew.lower() and "washing" not in blew.lower()
        # Nothing was said to have broken on Sunday: no guess from the things held.
        sunday = again.say("What broke on Sunday?", ana).reply
        assert sunday.startswith("I don't know"), sunday
    finally:
        again.close()


def test_told_subjects_are_the_things_talk_was_about_latest_last(settings: Settings) -> None:
    store = DuckStore.open(settings, create=True)
    try:
        store.upsert_entities(
            [
                Entity(id="concept:kettle", kind="concept", label="kettle"),
                Entity(id="concept:roof", kind="concept", label="roof"),
                Entity(id="concept:aspirin", kind="concept", label="aspirin"),
                Entity(id="person:ana", kind="person", label="Ana"),
            ],
            T0,
        )

        def told(subject: str, provenance: str, minutes: int) -> None:
            claim = NewClaim(
                subject=subject,
                predicate="does",
                object_literal="breaking",
                confidence=0.3,
                provenance=provenance,
            )
            store.add_claim(claim, T0.replace(minute=minutes))

        told("concept:roof", "interaction:person:ana", 5)
        told("concept:kettle", "interaction:person:ana", 1)
        told("concept:aspirin", "literature:pubmed-123", 9)  # read, not told: no thing of the talk
        told("person:ana", "interaction:person:ana", 7)  # a person, not a thing
        assert store.told_subjects("concept") == ["kettle", "roof"]
        assert store.told_subjects("concept", limit=1) == ["roof"]
        assert store.told_subjects("concept", predicate="does") == ["kettle", "roof"]
        assert store.told_subjects("concept", predicate="costs") == []
        # A person's view of the graph does not offer the household's list.
        assert not hasattr(PrivateGraph(store, "person:ana"), "told_subjects")
    finally:
        store.close()


def test_a_bare_new_price_of_a_thing_priced_before_a_restart(settings: Settings) -> None:
    # "Full groom is fifty now" says no currency: it is a price only because the groom's price
    # was said before, which must outlive the process as the price itself does.
    clock = ManualClock(T0)
    first = Max(settings, clock, create=True)
    try:
        ana = first.say("Hi, I'm Ana.").person_id
        first.say("A full groom is forty-five pounds at the salon.", ana)
    finally:
        first.close()
    again = Max(settings, clock, create=False)
    try:
        again.say("Full groom is fifty now.", ana)
        cost = again.say("How much is a full groom?", ana).reply
        assert cost.lower().startswith("fifty"), cost
    finally:
        again.close()
