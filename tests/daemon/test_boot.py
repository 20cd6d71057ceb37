"""The boot sequence and restart continuity: after a restart only the session_id is new."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from resident.body.model import default_probes
from resident.clock import ManualClock
from resident.config import Settings
from resident.daemon.boot import BOOT_ORDER, Resident, boot
from resident.events import Event, read_events
from resident.memory.duck_store import DuckStore

T0 = datetime(2026, 3, 1, 18, 0, tzinfo=UTC)


def _boot(settings: Settings, store: DuckStore, clock: ManualClock) -> Resident:
    # Real probes of this machine's disk, Python and graph file (no network parts).
    probes = default_probes(settings, store, None)
    return boot(settings, store, clock, probes={k: probes[k] for k in ("disk", "python", "graph")})


def _events(resident: Resident) -> list[Event]:
    return list(read_events(resident.events.path))


def _live_a_day(resident: Resident, clock: ManualClock) -> None:
    ana = resident.people.introduce("Ana", clock.now(), relationship="resident", aliases=("Annie",))
    resident.people.set_preference(ana.id, "tea", "green", clock.now())
    resident.appraise("person_arrived", clock.advance(minutes=5), person_id=ana.id)
    for _ in range(6):
        resident.appraise("hostility", clock.advance(minutes=7), person_id=ana.id)
    resident.appraise("gap_resolved", clock.advance(minutes=1))
    resident.check_body(clock.advance(seconds=30))
    resident.tick(clock.advance(hours=2))
    resident.appraise("corrected", clock.advance(seconds=20))  # an emotion still fading


def test_first_boot_writes_every_state_file_and_says_so(
    settings: Settings, store: DuckStore
) -> None:
    clock = ManualClock(T0)
    resident = _boot(settings, store, clock)
    names = sorted(p.name for p in settings.state_dir.iterdir())
    assert names == ["body.json", "born.json", "drives.json", "mood.json", "people.json"]
    [event] = [e for e in _events(resident) if e.kind == "boot"]
    assert event.session_id == resident.session.session_id
    assert event.payload["order"] == list(BOOT_ORDER)
    assert BOOT_ORDER.index("mood") < BOOT_ORDER.index("drives")
    assert event.payload["first_boot"] is True
    assert event.payload["restored"]["mood"] == {
        "file": "state/mood.json",
        "source": "first_boot",
        "seq": 1,
        "format": 1,
        "written_at": T0.isoformat(),
        "problems": [],
    }
    report = resident.state(T0)
    assert report.mood.label == "steady" and report.disposition.label == "even"
    assert all(d.in_band for d in report.drives.values())


def test_restart_changes_only_the_session_id(settings: Settings, store: DuckStore) -> None:
    clock = ManualClock(T0)
    first = _boot(settings, store, clock)
    _live_a_day(first, clock)
    shutdown_at = clock.advance(seconds=10)
    first.shutdown(shutdown_at)
    before = first.dump()
    said_before = first.state(shutdown_at)
    assert before["mood"]["emotions"], "an emotion should still be fading at shutdown"

    clock.advance(hours=9)  # the night: MAX is down
    second = _boot(settings, store, clock)
    after = second.dump()
    assert after["session_id"] != before["session_id"]
    assert {k: v for k, v in after.items() if k != "session_id"} == {
        k: v for k, v in before.items() if k != "session_id"
    }
    said_after = second.state(clock.now())
    assert said_after.model_dump(exclude={"session_id", "at"}) == said_before.model_dump(
        exclude={"session_id", "at"}
    )
    assert second.people.find("annie") == first.people.find("Ana")
    assert store.get_entity("person:ana").label == "Ana"

    [event] = [e for e in _events(second) if e.kind == "boot"]
    assert event.payload["first_boot"] is False
    assert event.payload["unknown"] == []
    for part in ("mood", "drives", "body", "people"):
        restored = event.payload["restored"][part]
        on_disk = json.loads((settings.state_dir / f"{part}.json").read_text())
        assert restored["source"] == "primary"
        assert restored["file"] == f"state/{part}.json"
        assert (restored["seq"], restored["format"]) == (on_disk["seq"], on_disk["format"])


def test_downtime_does_not_move_the_mood(
    settings: Settings, store: DuckStore, tmp_path: Path
) -> None:
    # One MAX stays up for two hours; the other is down for ten hours in the middle. Both have
    # been awake two hours: same mood, same drives.
    clock = ManualClock(T0)
    resident = _boot(settings, store, clock)
    for _ in range(5):
        resident.appraise("hostility", clock.advance(minutes=1))
    resident.appraise("praise", clock.advance(minutes=1))
    split = clock.now()
    resident.tick(split + timedelta(hours=1))
    resident.shutdown(split + timedelta(hours=1))
    clock.advance(hours=11)
    rebooted = _boot(settings, store, clock)
    after_downtime = rebooted.state(clock.now() + timedelta(hours=1))

    other = Settings.model_validate({**settings.model_dump(), "data_dir": tmp_path / "other"})
    other.data_dir.mkdir()
    other_store = DuckStore.open(other, create=True)
    try:
        clock2 = ManualClock(T0)
        awake = _boot(other, other_store, clock2)
        for _ in range(5):
            awake.appraise("hostility", clock2.advance(minutes=1))
        awake.appraise("praise", clock2.advance(minutes=1))
        straight = awake.state(clock2.now() + timedelta(hours=2))
    finally:
        other_store.close()
    assert after_downtime.mood.vector is not None and straight.mood.vector is not None
    assert after_downtime.mood.vector.model_dump() == pytest.approx(
        straight.mood.vector.model_dump(), abs=1e-12
    )
    assert {k: d.level for k, d in after_downtime.drives.items()} == pytest.approx(
        {k: d.level for k, d in straight.drives.items()}, abs=1e-12
    )
    assert after_downtime.mood.label == straight.mood.label


def test_a_missing_state_file_beside_others_is_a_loss_not_a_first_boot(
    settings: Settings, store: DuckStore
) -> None:
    clock = ManualClock(T0)
    first = _boot(settings, store, clock)
    first.appraise("hostility", clock.advance(minutes=1))
    first.shutdown(clock.now())
    (settings.state_dir / "drives.json").unlink()
    (settings.state_dir / "drives.json.last-good").unlink()
    second = _boot(settings, store, clock)
    report = second.state(clock.now())
    assert report.unknown == ["drives"] and report.known is False
    assert report.drives == {}
    assert report.mood.label == first.state(clock.now()).mood.label
    kinds = [e.kind for e in _events(second)]
    assert kinds.index("state_unknown") < kinds.index("boot")
    # Mood still works while the drives are unknown; nothing fills them in by itself.
    second.appraise("praise", clock.advance(minutes=1))
    assert second.drives.state is None
    assert not (settings.state_dir / "drives.json").exists()
    # A person can ask for a reset; it is logged.
    assert second.reset_unknown(clock.now()) == ["drives"]
    assert second.state(clock.now()).known
    assert "state_reset" in [e.kind for e in _events(second)]


def test_appraisal_events_carry_session_correlation_and_ids_only(
    settings: Settings, store: DuckStore
) -> None:
    clock = ManualClock(T0)
    resident = _boot(settings, store, clock)
    ana = resident.people.introduce("Ana Lopez", clock.now())
    corr = resident.session.new_correlation_id()
    resident.appraise("praise", clock.advance(seconds=1), corr, person_id=ana.id)
    [event] = [e for e in _events(resident) if e.kind == "appraisal"]
    assert (event.session_id, event.correlation_id) == (resident.session.session_id, corr)
    assert event.payload["person_id"] == "person:ana-lopez"
    assert event.payload["appraised"] == "praise"
    assert "Lopez" not in resident.events.path.read_text()
    with pytest.raises(Exception, match="person_id"):
        resident.appraise("praise", clock.now(), person_id="Ana Lopez")


def test_shutdown_is_logged_and_closes_the_log(settings: Settings, store: DuckStore) -> None:
    clock = ManualClock(T0)
    resident = _boot(settings, store, clock)
    resident.shutdown(clock.advance(minutes=30))
    resident.shutdown(clock.advance(minutes=30))  # idempotent
    kinds = [e.kind for e in _events(resident)]
    assert kinds[-1] == "shutdown" and kinds.count("shutdown") == 1
    assert resident.emotions.state is not None
    assert resident.emotions.state.awake_s == 30 * 60
