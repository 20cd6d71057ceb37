"""The morning quiz: a night may not change what MAX answers without new evidence.

A night runs on a copy of the graph (a snapshot) and its own copy of the learner's files. The
quiz, a fixed sample of questions about what MAX holds (`make_quiz`: the same claims every night
while they stand, chosen by a hash of their ids), is asked through the conversation layer before
and after the night, as a person would ask. The night's graph writes are journaled; only when no
answer changed are they replayed on the live graph and the learner's files put in place. Any
changed answer fails the night: nothing it wrote reaches the live graph (rolled back), and the
report shows which questions changed.

The one call into the conversation layer is resident.daemon.morning_quiz.ask (the reader is being
rewritten elsewhere: it is re-pointed there and nowhere else; it lives above this layer, as
booting MAX does).
"""

from __future__ import annotations

import hashlib
import shutil
import tempfile
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any, BinaryIO

from pydantic import BaseModel

from resident.cognition.epistemic import HINT_CLASSES, parse_provenance
from resident.config import Settings
from resident.errors import NotFound
from resident.learning.checkpoint import CHECKPOINT_DIR
from resident.memory.client import GraphStore
from resident.records import Claim, Level

#: GraphStore methods a night calls that write; the journal records them for the replay.
WRITES = (
    "add_claim",
    "file_gap",
    "attempt_gap",
    "record_conflict",
    "resolve_conflict",
    "record_experiences",
    "record_duplicate_candidates",
)


class QuizItem(BaseModel):
    question: str
    subject: str


class QuizAnswer(BaseModel):
    """What MAX said, reduced to what he stated as held: the reply's short answer and the
    statements (non-hint claims) it rests on. Confidence is left out: the first asking may
    itself count as a retrieval, which is not a change of mind."""

    answer: str | None
    held: list[str]


class QuizResult(BaseModel):
    asked: int
    changed: list[str]
    before: dict[str, QuizAnswer] = {}
    after: dict[str, QuizAnswer] = {}

    @property
    def stable(self) -> bool:
        return not self.changed


def make_quiz(
    claims: Iterable[Claim], label: Callable[[str], str | None], n: int, seed: int
) -> list[QuizItem]:
    """n questions about the subjects of held (non-hint, non-opinion) claims, the same subjects
    every night while their claims stand: the lowest hashes of (seed, subject) that have a
    label win."""
    subjects = {
        c.subject
        for c in claims
        if c.level is not Level.OPINION and parse_provenance(c.provenance).klass not in HINT_CLASSES
    }
    ranked = sorted(subjects, key=lambda s: hashlib.sha256(f"{seed}\x1f{s}".encode()).hexdigest())
    out: list[QuizItem] = []
    for s in ranked:
        if len(out) == n:
            break
        name = label(s)
        if name:
            out.append(QuizItem(question=f"What is {name}?", subject=s))
    return sorted(out, key=lambda q: q.subject)


def compare(before: dict[str, QuizAnswer], after: dict[str, QuizAnswer]) -> list[str]:
    return sorted(q for q in before if after.get(q) != before[q])


@dataclass
class Journal:
    """A GraphStore that forwards to `inner` and records every write, to replay elsewhere."""

    inner: Any
    calls: list[tuple[str, tuple[Any, ...], dict[str, Any]]] = field(default_factory=list)

    def __getattr__(self, name: str) -> Any:
        target = getattr(self.inner, name)
        if name not in WRITES:
            return target

        def record(*args: Any, **kwargs: Any) -> Any:
            self.calls.append((name, args, kwargs))
            return target(*args, **kwargs)

        return record

    def replay_on(self, graph: GraphStore) -> int:
        for name, args, kwargs in self.calls:
            getattr(graph, name)(*args, **kwargs)
        return len(self.calls)


@dataclass
class Guarded:
    """A night run on a copy, quizzed before and after, applied only when stable."""

    report: Any
    quiz: QuizResult
    applied: int


#: Asks every question of the quiz of MAX booted on a graph (resident.daemon.morning_quiz: the
#: boot lives above this layer).
QuizTaker = Callable[[GraphStore, Settings, list[QuizItem], datetime], dict[str, QuizAnswer]]


def guarded_night(
    graph: GraphStore,
    settings: Settings,
    now: datetime,
    night: Callable[[GraphStore, Settings, datetime], Any],
    take_quiz: QuizTaker,
) -> Guarded:
    """Run `night` on a snapshot of `graph` with a copy of the learner's files; quiz before and
    after; on a stable quiz replay its writes on `graph` and keep its files, else drop both."""
    with scratch_copy(graph, settings, now, "night") as (scratch, scratch_settings):
        items = quiz_items(scratch, settings)
        before = take_quiz(scratch, scratch_settings, items, now)
        journal = Journal(scratch)
        report = night(journal, scratch_settings, now)
        after = take_quiz(scratch, scratch_settings, items, now)
        result = QuizResult(
            asked=len(items), changed=compare(before, after), before=before, after=after
        )
        applied = 0
        if result.stable:
            applied = journal.replay_on(graph)
            install(scratch_settings.data_dir / CHECKPOINT_DIR, settings.data_dir / CHECKPOINT_DIR)
        return Guarded(report, result, applied)


@contextmanager
def scratch_copy(
    graph: GraphStore, settings: Settings, now: datetime, prefix: str
) -> Iterator[tuple[GraphStore, Settings]]:
    """MAX's graph (a snapshot) and the learner's files copied into a scratch data directory
    under the data directory, opened there: what is asked or done on the copy never reaches the
    live graph (asking is a retrieval). The copy is removed however the block ends."""
    from resident.memory.duck_store import DuckStore

    with (
        scratch_files(graph, settings, now, prefix) as scratch_settings,
        DuckStore.open(scratch_settings) as scratch,
    ):
        yield scratch, scratch_settings


@contextmanager
def scratch_files(
    graph: GraphStore, settings: Settings, now: datetime, prefix: str
) -> Iterator[Settings]:
    """The scratch data directory of scratch_copy, not opened (a child process opens it: one
    DuckDB file has one writer); its settings. Removed however the block ends."""
    settings.snapshots_dir.mkdir(parents=True, exist_ok=True)
    snap = graph.snapshot(settings.snapshots_dir / f"{prefix}-{now:%Y%m%dT%H%M%SZ}.duckdb")  # type: ignore[attr-defined]
    work = Path(tempfile.mkdtemp(prefix=f"{prefix}-", dir=settings.data_dir))
    try:
        # A daemon publishes snapshots only under snapshots/: made there, then moved in.
        shutil.move(str(snap), work / settings.graph.file)
        learning = settings.data_dir / CHECKPOINT_DIR
        if learning.exists():
            shutil.copytree(learning, work / CHECKPOINT_DIR)
        yield settings.model_copy(update={"data_dir": work})
    finally:
        shutil.rmtree(work, ignore_errors=True)


def quiz_items(graph: GraphStore, settings: Settings) -> list[QuizItem]:
    from resident.learning.consolidation import all_claims

    def label(entity_id: str) -> str | None:
        try:
            return graph.get_entity(entity_id).label
        except NotFound:  # a subject without an entity row is not asked about
            return None

    return make_quiz(
        all_claims(graph), label, settings.consolidation.quiz_size, settings.learning.seed
    )


def install(src: Path, dest: Path) -> None:
    """The night's learner files replace the live ones, each atomically."""
    from resident.state.atomic import replace_with

    dest.mkdir(parents=True, exist_ok=True)
    for f in sorted(src.iterdir()):
        if f.is_file():
            body = f.read_bytes()

            def write(fh: BinaryIO, b: bytes = body) -> None:
                fh.write(b)

            replace_with(dest / f.name, write)
