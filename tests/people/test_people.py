"""The identity manager: profiles, graph entities `person:<slug>`, private areas, restarts."""

from __future__ import annotations

import stat
from datetime import UTC, datetime, timedelta

import pytest

from resident.clock import ManualClock
from resident.config import Settings
from resident.daemon.boot import boot
from resident.errors import InvalidInput, NotFound
from resident.memory.duck_store import DuckStore
from resident.people import people_file, slugify

T0 = datetime(2026, 3, 1, 9, 0, tzinfo=UTC)


@pytest.mark.parametrize(
    ("name", "slug"),
    [
        ("Ana", "ana"),
        ("Ana María López", "ana-maria-lopez"),
        ("  O'Brien  ", "o-brien"),
        ("José-Luis", "jose-luis"),
    ],
)
def test_slugs_are_stable_ascii(name: str, slug: str) -> None:
    assert slugify(name) == slug


def test_a_name_without_latin_letters_still_gets_a_stable_slug() -> None:
    assert slugify("李明") == slugify("李明") != slugify("王芳")
    assert slugify("李明").startswith("p-")


def test_introduce_makes_a_profile_an_entity_and_a_private_area(
    settings: Settings, store: DuckStore
) -> None:
    clock = ManualClock(T0)
    resident = boot(settings, store, clock, probes={})
    ana = resident.people.introduce(
        "Ana María", clock.now(), relationship="resident", aliases=("Annie",)
    )
    assert ana.id == "person:ana-maria"
    assert (ana.first_seen, ana.last_seen, ana.relationship) == (T0, T0, "resident")
    entity = store.get_entity("person:ana-maria")
    assert (entity.kind, entity.label, entity.aliases) == ("person", "Ana María", ("Annie",))
    private = settings.data_dir / "private" / "ana-maria"
    assert private.is_dir() and stat.S_IMODE(private.stat().st_mode) == 0o700
    assert resident.people.private_dir(ana.id) == private

    # Meeting her again is the same person, seen later; nothing is duplicated.
    later = resident.people.introduce("ana maría", clock.advance(hours=3))
    assert later.id == ana.id and later.first_seen == T0 and later.last_seen == clock.now()
    assert resident.people.find("ANNIE") == later
    assert len(resident.people.all()) == 1
    assert store.counts()["entities"] == 1


def test_two_people_whose_names_slug_alike_get_distinct_ids(
    settings: Settings, store: DuckStore
) -> None:
    clock = ManualClock(T0)
    people = boot(settings, store, clock, probes={}).people
    first = people.introduce("Jo", clock.now())
    second = people.introduce("Jó", clock.now())  # a different name, the same slug
    assert (first.id, second.id) == ("person:jo", "person:jo-2")
    assert store.get_entity("person:jo-2").label == "Jó"


def test_profiles_come_back_after_a_restart(settings: Settings, store: DuckStore) -> None:
    clock = ManualClock(T0)
    first = boot(settings, store, clock, probes={})
    ana = first.people.introduce("Ana", clock.now(), relationship="family")
    first.people.set_preference(ana.id, "music", "jazz", clock.advance(minutes=1))
    first.people.seen(ana.id, clock.advance(hours=1))
    profiles = first.people.all()
    first.shutdown(clock.now())

    clock.advance(days=2)
    second = boot(settings, store, clock, probes={})
    assert second.people.all() == profiles
    assert second.people.get(ana.id).preferences == {"music": "jazz"}
    assert second.people.get(ana.id).last_seen == T0 + timedelta(hours=1, minutes=1)
    on_disk = people_file(settings).load().value
    assert on_disk is not None and list(on_disk.people) == [ana.id]


def test_logs_carry_the_id_and_nothing_more(settings: Settings, store: DuckStore) -> None:
    clock = ManualClock(T0)
    resident = boot(settings, store, clock, probes={})
    ana = resident.people.introduce("Anastasia Quimby", clock.now(), aliases=("Stasi",))
    resident.people.set_preference(ana.id, "allergy", "penicillin", clock.now())
    resident.appraise("person_arrived", clock.advance(seconds=5), person_id=ana.id)
    resident.shutdown(clock.advance(seconds=5))
    log = resident.events.path.read_text()
    assert ana.id in log
    for private in ("Anastasia", "Quimby", "Stasi", "penicillin", "allergy"):
        assert private not in log


def test_bad_input_is_refused_and_nothing_is_written(settings: Settings, store: DuckStore) -> None:
    clock = ManualClock(T0)
    people = boot(settings, store, clock, probes={}).people
    for bad in ("", "   ", "x" * 201):
        with pytest.raises(InvalidInput):
            people.introduce(bad, clock.now())
    with pytest.raises(InvalidInput, match="relationship"):
        people.introduce("Ana", clock.now(), relationship="overlord")
    with pytest.raises(NotFound):
        people.get("person:nobody")
    assert people.all() == [] and store.counts()["entities"] == 0


def test_a_fuller_name_or_a_title_is_another_name_of_the_same_person(
    settings: Settings, store: DuckStore
) -> None:
    """ "Ambrose", then "Ambrose Whitfield", then "Dr. Whitfield": one person, one entity, three
    names; "Ambrose Pugh" is someone else (another surname), and a name two people could be
    is left to the speaker."""
    clock = ManualClock(T0)
    people = boot(settings, store, clock, probes={}).people
    ambrose = people.introduce("Ambrose", clock.now())
    fuller = people.introduce("Ambrose Whitfield", clock.advance(minutes=1), speaker=ambrose.id)
    titled = people.introduce("Dr. Whitfield", clock.advance(minutes=1))
    assert fuller.id == titled.id == ambrose.id
    assert titled.names() == ("Ambrose", "Ambrose Whitfield", "Dr. Whitfield")
    assert store.get_entity(ambrose.id).aliases == ("Ambrose Whitfield", "Dr. Whitfield")
    pugh = people.introduce("Ambrose Pugh", clock.now())
    assert pugh.id != ambrose.id
    # "Ambrose" is both now: the very name wins; a bare "Mr Ambrose"-like part of both is
    # nobody's to take but the speaker's.
    assert people.introduce("Ambrose", clock.now()).id == ambrose.id
    assert people.match("Mr Ambrose") is None
    assert people.match("Mr Ambrose", speaker=pugh.id) == people.get(pugh.id)
    assert store.counts()["entities"] == 2
