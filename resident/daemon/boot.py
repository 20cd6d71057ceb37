"""The boot sequence and the live Resident it returns.

Boot mints the `session_id` (the one thing that is new), takes the loaded configuration, hydrates
the mood, then the drives, the body model and the people, and says in a `boot` event what it
restored, from which file and which version. Time only counts while MAX is awake: the mood and the
drives pick up exactly where they were written, however long he was down.
"""

from __future__ import annotations

import hashlib
import json
import threading
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any, Generic, TypeVar

from pydantic import BaseModel

from resident.affect.drives import Drives, drives_file
from resident.affect.dynamics import appraise_mood, evolve, impulse_for, satiate
from resident.affect.emotions import EmotionManager, mood_file
from resident.affect.models import DriveState, MoodState
from resident.awareness.report import StateReport, build_report
from resident.body.model import Body, BodyState, Change, body_file, default_probes
from resident.body.probes import Probe
from resident.clock import Clock, SystemClock
from resident.config import Settings
from resident.errors import InvalidInput
from resident.events import EVENTS_DIR, EventLog
from resident.memory.client import GraphStore
from resident.memory.turn_store import reconcile_turn_events, restore_turn_state
from resident.people.identity import People, PeopleState, people_file
from resident.session import Session
from resident.state.atomic import write_atomic
from resident.state.statefile import Loaded, Source, StateFile

#: The order boot brings MAX's parts up in; mood comes before the drives (docs/architecture.md).
BOOT_ORDER = ("session", "config", "mood", "drives", "body", "people")
#: Written once every first state file is: from then on a missing state file is a loss.
BORN_FILE = "born.json"

M = TypeVar("M", bound=BaseModel)


@dataclass(frozen=True)
class Hydrated(Generic[M]):
    loaded: Loaded[M]
    #: How the boot event describes this file.
    report: dict[str, Any]


def _hydrate(
    part: str,
    file: StateFile[M],
    first_boot: bool,
    first: Callable[[], M],
    settings: Settings,
    events: EventLog,
    now: datetime,
) -> Hydrated[M]:
    """Load one state file; on a brand-new data directory write its first state instead."""
    loaded = file.load()
    source = loaded.source.value
    if loaded.source is Source.ABSENT:
        if first_boot:
            file.write(first(), now)
            loaded, source = file.load(), "first_boot"
        else:
            problem = f"{file.path.name}: missing after the first boot (a loss)"
            loaded = Loaded(Source.UNKNOWN, file.path, problems=(problem,))
            source = loaded.source.value
    report = {
        **loaded.describe(),
        "source": source,
        "file": str(file.path.relative_to(settings.data_dir)),
    }
    if loaded.source is Source.LAST_GOOD:
        events.emit(
            "state_recovered",
            {
                "part": part,
                "file": report["file"],
                "from": file.last_good.name,
                "seq": loaded.seq,
                "problems": list(loaded.problems),
            },
        )
    elif loaded.source is Source.JOURNAL:
        # A turn's commit reached the log and the process died before the file was replaced.
        events.emit(
            "state_recovered",
            {
                "part": part,
                "file": report["file"],
                "from": EVENTS_DIR,
                "seq": loaded.seq,
                "problems": list(loaded.problems),
            },
        )
    elif loaded.source is Source.UNKNOWN:
        events.emit(
            "state_unknown",
            {"part": part, "file": report["file"], "problems": list(loaded.problems)},
        )
    return Hydrated(loaded, report)


def _write_born(path: Path, session: Session, now: datetime) -> None:
    born = {"session_id": session.session_id, "at": now.isoformat()}
    write_atomic(path, (json.dumps(born) + "\n").encode(), mode=0o644)


def _config_digest(settings: Settings) -> str:
    return hashlib.sha256(settings.model_dump_json().encode()).hexdigest()


def boot(
    settings: Settings,
    graph: GraphStore,
    clock: Clock | None = None,
    probes: dict[str, Probe] | None = None,
) -> Resident:
    """Bring MAX up on `settings` (already loaded and validated) and `graph`.

    `probes` replaces the body's parts (tests and other machines); by default every part of
    this machine is watched. Raises OSError if the data directory cannot be written.
    """
    clock = clock or SystemClock()
    # The one folder flows read from without configuration exists from the first boot.
    (settings.data_dir / settings.literature.inbox).mkdir(parents=True, exist_ok=True)
    session = Session.mint(clock)
    now = session.started_at
    # Turns committed to the graph whose lines a kill kept from their log get them back first:
    # the state files' newest journalled versions are read from the logs next. The private
    # files (people.json ...) get the versions the graph carried before that.
    restored = restore_turn_state(graph, settings.state_dir)
    appended = reconcile_turn_events(graph, settings.data_dir / EVENTS_DIR)
    events = EventLog(settings.data_dir / EVENTS_DIR, session, settings.events, clock)
    if appended:
        events.emit("turn_events_restored", {"lines": appended})
    if restored:
        events.emit("turn_state_restored", {"files": restored})
    files: dict[str, StateFile[Any]] = {
        "mood": mood_file(settings),
        "drives": drives_file(settings),
        "body": body_file(settings),
        "people": people_file(settings),
    }
    born = settings.state_dir / BORN_FILE
    # A first boot cut short (a crash between two first writes) is finished by the next boot.
    first_boot = not born.exists()

    mood = _hydrate(
        "mood",
        files["mood"],
        first_boot,
        lambda: MoodState.first(settings.affect),
        settings,
        events,
        now,
    )
    emotions = EmotionManager(settings.affect, files["mood"], mood.loaded)
    drive_h = _hydrate(
        "drives",
        files["drives"],
        first_boot,
        lambda: DriveState.first(settings.drives),
        settings,
        events,
        now,
    )
    drives = Drives(settings.drives, files["drives"], drive_h.loaded)
    body_h = _hydrate("body", files["body"], first_boot, BodyState, settings, events, now)
    body = Body(
        settings,
        files["body"],
        body_h.loaded,
        probes if probes is not None else default_probes(settings, graph, session.session_id),
    )
    people_h = _hydrate("people", files["people"], first_boot, PeopleState, settings, events, now)
    people = People(
        files["people"], people_h.loaded, graph, settings.data_dir, on_event=events.emit
    )
    people.sync_graph(now)
    if first_boot:
        _write_born(born, session, now)

    hydrated = {"mood": mood, "drives": drive_h, "body": body_h, "people": people_h}
    problems = [p for h in hydrated.values() for p in h.report["problems"]]
    resident = Resident(
        settings,
        clock,
        session,
        events,
        emotions,
        drives,
        body,
        people,
        graph,
        awake_from=now,
        problems=problems,
    )
    events.emit(
        "boot",
        {
            "order": list(BOOT_ORDER),
            "first_boot": first_boot,
            "config_sha256": _config_digest(settings),
            "restored": {part: h.report for part, h in hydrated.items()},
            "unknown": [part for part, h in hydrated.items() if h.loaded.source is Source.UNKNOWN],
            "people": len(people.all()),
        },
    )
    return resident


class Resident:
    """MAX, awake. Every change to mood and drives is written through before a method returns;
    the methods are safe to call from several threads."""

    def __init__(
        self,
        settings: Settings,
        clock: Clock,
        session: Session,
        events: EventLog,
        emotions: EmotionManager,
        drives: Drives,
        body: Body,
        people: People,
        graph: GraphStore,
        *,
        awake_from: datetime,
        problems: Iterable[str] = (),
    ) -> None:
        self.settings = settings
        self.clock = clock
        self.session = session
        self.events = events
        self.emotions = emotions
        self.drives = drives
        self.body = body
        self.people = people
        self.graph = graph
        self.problems = list(problems)
        self._lock = threading.RLock()
        #: Mood and drives are evolved up to this moment; only awake time is ever added.
        self._awake_at = awake_from
        self._down = False

    # time

    def _evolved(self, now: datetime) -> tuple[MoodState | None, DriveState | None]:
        """Mood and drives evolved to `now` (not written). A clock that steps back adds nothing."""
        dt = (now - self._awake_at).total_seconds()
        mood, drives = self.emotions.state, self.drives.state
        if dt <= 0:
            return mood, drives
        return evolve(mood, drives, dt, self.settings.affect, self.settings.drives)

    def _commit(
        self,
        mood: MoodState | None,
        drives: DriveState | None,
        now: datetime,
        correlation_id: str | None,
    ) -> None:
        before = set(self.drives.out_of_band())
        if mood is not None:
            self.emotions.commit(mood, now)
        if drives is not None:
            self.drives.commit(drives, now)
        self._awake_at = max(self._awake_at, now)
        after = set(self.drives.out_of_band())
        for name in sorted(after - before):
            self.events.emit(
                "drive_out_of_band",
                {"drive": name, "level": self.drives.level(name)},
                correlation_id,
            )
        for name in sorted(before - after):
            self.events.emit(
                "drive_in_band", {"drive": name, "level": self.drives.level(name)}, correlation_id
            )

    def tick(self, now: datetime) -> None:
        """Let awake time act on mood and drives up to `now`, and write them through."""
        with self._lock:
            mood, drives = self._evolved(now)
            self._commit(mood, drives, now, None)

    # experience

    def appraise(
        self,
        kind: str,
        now: datetime,
        correlation_id: str | None = None,
        **detail: str | int | float | bool | None,
    ) -> None:
        """Appraise an event of `kind` (praise, hostility, corrected, gap_resolved,
        person_arrived, person_left, body_trouble, body_recovered, rested): it lands on the mood
        and the drives, both are written through, and an `appraisal` event records it.

        `detail` goes into the event as it is, so it carries ids only (person_id, part), never
        what MAX knows about a person.
        """
        impulse = impulse_for(kind, self.settings.affect)
        person = detail.get("person_id")
        if person is not None and not (isinstance(person, str) and person.startswith("person:")):
            raise InvalidInput(f"person_id must be a person: id, not {person!r}")
        with self._lock:
            mood, drives = self._evolved(now)
            if mood is not None:
                mood = appraise_mood(mood, kind, self.settings.affect)
            if drives is not None:
                drives = satiate(drives, kind, self.settings.drives)
            self._commit(mood, drives, now, correlation_id)
            report = self.state(now)
            self.events.emit(
                "appraisal",
                {
                    "appraised": kind,
                    "impulse": list(impulse),
                    **detail,
                    "mood": report.mood.model_dump(mode="json"),
                    "disposition": report.disposition.model_dump(mode="json"),
                    "drives": None if drives is None else drives.levels,
                },
                correlation_id,
            )

    def check_body(
        self, now: datetime, parts: Iterable[str] | None = None, correlation_id: str | None = None
    ) -> list[Change]:
        """Probe the body (every part by default); a part that falls into trouble is appraised
        as body_trouble (safety and energy drop), one that recovers as body_recovered."""
        names = sorted(self.body.probes) if parts is None else list(parts)
        changes = self.body.probe(now, names)
        for change in changes:
            kind = "body_trouble" if change.change == "troubled" else "body_recovered"
            self.appraise(kind, now, correlation_id, part=change.part, failure=change.kind)
        self.events.emit(
            "body_probe",
            {
                "parts": names,
                "changes": [c.model_dump(mode="json") for c in changes],
                "troubled": sorted(
                    p for p, s in self.body.summary().items() if s in ("degraded", "failed")
                ),
            },
            correlation_id,
        )
        return changes

    def check_due(self, now: datetime) -> list[Change]:
        """The scheduled round: probe only the parts that are due."""
        due = self.body.due(now)
        return self.check_body(now, due) if due else []

    # transparency

    def state(self, now: datetime) -> StateReport:
        """awareness:state-transparency: the live state at `now` and its plain sentence."""
        with self._lock:
            mood, drives = self._evolved(now)
            return build_report(
                self.settings,
                mood,
                drives,
                session_id=self.session.session_id,
                live=True,
                at=now,
                problems=self.problems,
            )

    def dump(self) -> dict[str, Any]:
        """Everything that makes MAX himself, as held now: for continuity checks and debugging."""
        with self._lock:
            return {
                "session_id": self.session.session_id,
                "mood": None
                if self.emotions.state is None
                else self.emotions.state.model_dump(mode="json"),
                "drives": None
                if self.drives.state is None
                else self.drives.state.model_dump(mode="json"),
                "body": None
                if self.body.state is None
                else self.body.state.model_dump(mode="json"),
                "people": None
                if self.people.state is None
                else self.people.state.model_dump(mode="json"),
            }

    # life cycle

    def reset_unknown(self, now: datetime, correlation_id: str | None = None) -> list[str]:
        """Start mood and drives over from their first-boot values, but only where they are
        unknown, and only when a person asks for it: the reset is logged as `state_reset`."""
        with self._lock:
            reset = []
            if not self.emotions.known:
                self.emotions.reset(now)
                reset.append("mood")
            if not self.drives.known:
                self.drives.reset(now)
                reset.append("drives")
            self._awake_at = max(self._awake_at, now)
            if reset:
                self.events.emit("state_reset", {"parts": reset}, correlation_id)
            return reset

    def shutdown(self, now: datetime) -> None:
        """Write mood and drives as of `now`, log `shutdown` and close the event log. Idempotent."""
        with self._lock:
            if self._down:
                return
            mood, drives = self._evolved(now)
            self._commit(mood, drives, now, None)
            self.events.emit(
                "shutdown",
                {
                    "awake_s": None if mood is None else mood.awake_s,
                    "mood": self.emotions.label,
                },
            )
            self.events.close()
            self._down = True
