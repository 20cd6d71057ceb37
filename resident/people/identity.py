"""The identity manager: one profile per person MAX knows, each a graph entity `person:<slug>`.

Profiles live in people.json (written through on every change). Each person also gets a
private area, <data dir>/private/<slug>/, reserved for biometrics (Rule 8: private to that person,
outside the shared graph and its snapshots). The event log carries a person's id, nothing more.
"""

from __future__ import annotations

import functools
import hashlib
import os
import re
import threading
import unicodedata
from collections.abc import Callable
from datetime import datetime
from importlib import resources
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from resident.config import Settings
from resident.errors import InvalidInput, NotFound
from resident.events import EVENTS_DIR
from resident.memory.client import GraphStore
from resident.records import Entity
from resident.state.statefile import Held, Loaded, StateFile

PEOPLE_FILE = "people.json"
PRIVATE_DIR = "private"
PERSON_PREFIX = "person:"
MAX_NAME_CHARS = 200
RELATIONSHIPS = ("resident", "family", "friend", "guest", "neighbour", "unknown")


class Person(BaseModel):
    """One profile."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    id: str = Field(pattern=r"^person:[a-z0-9][a-z0-9-]*$")
    name: str = Field(min_length=1, max_length=MAX_NAME_CHARS)
    aliases: tuple[str, ...] = ()
    #: Their relationship to the house, one of RELATIONSHIPS.
    relationship: str = "unknown"
    first_seen: datetime
    last_seen: datetime
    preferences: dict[str, str] = Field(default_factory=dict)

    @property
    def slug(self) -> str:
        return self.id.removeprefix(PERSON_PREFIX)

    def names(self) -> tuple[str, ...]:
        return (self.name, *self.aliases)


class PeopleState(BaseModel):
    """Everything in people.json."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    people: dict[str, Person] = Field(default_factory=dict)


def people_file(settings: Settings) -> StateFile[PeopleState]:
    # Private: a turn's graph transaction carries its new version, never the log (Rule 8).
    return StateFile(
        settings.state_dir / PEOPLE_FILE,
        PeopleState,
        "people",
        journal=settings.data_dir / EVENTS_DIR,
        private=True,
    )


def slugify(name: str) -> str:
    """A stable, ASCII id part for a name: "Ana María" -> "ana-maria". Names with no Latin
    letters or digits get a short hash, so every name has a slug."""
    folded = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode()
    slug = re.sub(r"[^a-z0-9]+", "-", folded.lower()).strip("-")
    if not slug:
        slug = "p-" + hashlib.sha256(name.strip().casefold().encode()).hexdigest()[:10]
    return slug[:64].rstrip("-")


@functools.cache
def _titles() -> frozenset[str]:
    """data/name_titles.txt: words said before a name that are not a part of it."""
    text = resources.files("resident.people").joinpath("data/name_titles.txt").read_text("utf-8")
    return frozenset(
        w for line in text.splitlines() if (w := line.split("#", 1)[0].strip().lower())
    )


def name_parts(name: str) -> frozenset[str]:
    """The words of a name without a title before it, folded: "Dr. Ambrose Whitfield" ->
    {ambrose, whitfield}."""
    words = [w.strip(".").casefold() for w in name.split()]
    while len(words) > 1 and words[0] in _titles():
        words = words[1:]
    return frozenset(w for w in words if w)


def _clean_name(name: str) -> str:
    cleaned = " ".join(name.split())
    if not cleaned:
        raise InvalidInput("a person's name cannot be empty")
    if len(cleaned) > MAX_NAME_CHARS:
        raise InvalidInput(f"a name is at most {MAX_NAME_CHARS} characters")
    return cleaned


class People(Held[PeopleState]):
    """Profiles by id, found by name or alias (ignoring case). With people.json unknown, MAX
    knows nobody until people introduce themselves again (the boot event says so)."""

    def __init__(
        self,
        file: StateFile[PeopleState],
        loaded: Loaded[PeopleState],
        graph: GraphStore,
        data_dir: Path,
        on_event: Callable[[str, dict[str, Any]], object] | None = None,
    ) -> None:
        super().__init__(file, loaded)
        self.graph = graph
        self._on_event = on_event
        self.private_root = data_dir / PRIVATE_DIR
        self._lock = threading.RLock()

    def _current(self) -> PeopleState:
        return self.state if self.state is not None else PeopleState()

    def all(self) -> list[Person]:
        return sorted(self._current().people.values(), key=lambda p: p.id)

    def get(self, person_id: str) -> Person:
        try:
            return self._current().people[person_id]
        except KeyError:
            raise NotFound(f"no person {person_id!r}") from None

    def find(self, name: str) -> Person | None:
        """The person with this name or alias, ignoring case and spacing; None if nobody."""
        wanted = " ".join(name.split()).casefold()
        for person in self.all():
            if any(n.casefold() == wanted for n in person.names()):
                return person
        return None

    def match(self, name: str, speaker: str | None = None) -> Person | None:
        """Whom an introduction by `name` means: the person of that very name, else one whose
        names' words hold all of its words or are all among them ("Ambrose Whitfield" and
        "Ambrose", "Dr. Whitfield" and "Ambrose Whitfield"; not "Ambrose Pugh" and "Ambrose
        Whitfield"): the speaker when they are such a one, else the only such person; None
        when there is none, or more than one to choose from."""
        exact = self.find(name)
        if exact is not None:
            return exact
        said = name_parts(name)
        if not said:
            return None
        sharing = []
        for person in self.all():
            mine = frozenset().union(*(name_parts(n) for n in person.names()))
            if said <= mine or mine <= said:
                sharing.append(person)
        if speaker is not None and any(p.id == speaker for p in sharing):
            return next(p for p in sharing if p.id == speaker)
        return sharing[0] if len(sharing) == 1 else None

    def private_dir(self, person_id: str) -> Path:
        """The person's private area (reserved for biometrics); created with mode 0700."""
        path = self.private_root / self.get(person_id).slug
        path.mkdir(mode=0o700, parents=True, exist_ok=True)
        os.chmod(path, 0o700)
        return path

    def _entity(self, person: Person) -> Entity:
        return Entity(id=person.id, kind="person", label=person.name, aliases=person.aliases)

    def introduce(
        self,
        name: str,
        now: datetime,
        *,
        relationship: str | None = None,
        aliases: tuple[str, ...] = (),
        speaker: str | None = None,
        nickname: bool = False,
    ) -> Person:
        """Meet someone: the known person of that name (seen again now; a fuller name, a title
        or a part of the name joins their aliases: `match`, `speaker` being whoever says it; a
        `nickname` the speaker gives themselves joins theirs), or a new profile with a fresh
        `person:<slug>` id, an entity in the graph and a private area."""
        name = _clean_name(name)
        if relationship is not None and relationship not in RELATIONSHIPS:
            raise InvalidInput(
                f"relationship {relationship!r} is not one of {', '.join(RELATIONSHIPS)}"
            )
        extra = tuple(_clean_name(a) for a in aliases)
        with self._lock:
            people = self._current().people
            known = people[speaker] if nickname and speaker in people else self.match(name, speaker)
            if known is not None:
                merged = tuple(
                    dict.fromkeys(
                        known.aliases
                        + tuple(
                            a
                            for a in (name, *extra)
                            if a.casefold() not in {n.casefold() for n in known.names()}
                        )
                    )
                )
                person = known.model_copy(
                    update={
                        "last_seen": max(known.last_seen, now),
                        "aliases": merged,
                        "relationship": relationship or known.relationship,
                    }
                )
            else:
                person = Person(
                    id=self._free_id(slugify(name)),
                    name=name,
                    aliases=extra,
                    relationship=relationship or "unknown",
                    first_seen=now,
                    last_seen=now,
                )
            self._save(person, now)
            if known is None:
                self.private_dir(person.id)
                if self._on_event is not None:
                    # The id only: names and preferences stay in people.json.
                    self._on_event("person_introduced", {"person_id": person.id})
            return person

    def _free_id(self, slug: str) -> str:
        taken = self._current().people
        candidate, n = f"{PERSON_PREFIX}{slug}", 2
        while candidate in taken:
            candidate, n = f"{PERSON_PREFIX}{slug}-{n}", n + 1
        return candidate

    def seen(self, person_id: str, now: datetime) -> Person:
        with self._lock:
            person = self.get(person_id)
            updated = person.model_copy(update={"last_seen": max(person.last_seen, now)})
            self._save(updated, now)
            return updated

    def set_preference(self, person_id: str, key: str, value: str, now: datetime) -> Person:
        if not key.strip() or len(key) > 100 or len(value) > 1000:
            raise InvalidInput("a preference needs a key (1-100 chars) and a value (<= 1000)")
        with self._lock:
            person = self.get(person_id)
            updated = person.model_copy(
                update={"preferences": {**person.preferences, key.strip(): value}}
            )
            self._save(updated, now)
            return updated

    def _save(self, person: Person, now: datetime) -> None:
        current = self._current()
        before = current.people.get(person.id)
        # The graph first: if it refuses, people.json is unchanged and the caller sees the error.
        if before is None or (before.name, before.aliases) != (person.name, person.aliases):
            self.graph.upsert_entities([self._entity(person)], now)
        self.commit(PeopleState(people={**current.people, person.id: person}), now)

    def sync_graph(self, now: datetime) -> int:
        """Make sure every known person is an entity in the graph (boot calls this; idempotent)."""
        people = self.all()
        if people:
            self.graph.upsert_entities([self._entity(p) for p in people], now)
        return len(people)
