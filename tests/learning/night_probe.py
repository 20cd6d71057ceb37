"""Nights a child process of resident.learning.night_process runs by name in the tests: one that
notes its process id, one that changes a quizzed answer without evidence, one that fails with a
typed error, one killed with SIGKILL after writing to the scratch graph, one that waits."""

from __future__ import annotations

import os
import signal
import time
from datetime import datetime
from pathlib import Path
from typing import Any

from resident.config import Settings
from resident.errors import InvalidInput
from resident.learning.consolidation import consolidate
from resident.learning.quiz import quiz_items
from resident.records import NewClaim

#: Where noting_night writes its process id (the test sets it; children inherit it).
PID_FILE = "MAX_TEST_NIGHT_PID_FILE"


def noting_night(graph: Any, s: Settings, now: datetime) -> Any:
    Path(os.environ[PID_FILE]).write_text(str(os.getpid()))
    return consolidate(graph, s, now)


def _unfounded(graph: Any, s: Settings, now: datetime) -> None:
    """A grounded-looking statement of what a quizzed subject is, written without evidence
    ("What is X?" is answered by what X is: a kind it belongs to)."""
    graph.add_claim(
        NewClaim(
            subject=quiz_items(graph, s)[0].subject,
            predicate="is_a",
            object_entity="concept:c5m4",
            confidence=0.9,
            provenance="ingest:nowhere@1",
        ),
        now,
    )


def careless_night(graph: Any, s: Settings, now: datetime) -> Any:
    report = consolidate(graph, s, now)
    _unfounded(graph, s, now)
    return report


def failing_night(graph: Any, s: Settings, now: datetime) -> Any:
    consolidate(graph, s, now)
    raise InvalidInput("the night's probe refuses to finish")


def killed_night(graph: Any, s: Settings, now: datetime) -> Any:
    consolidate(graph, s, now)
    _unfounded(graph, s, now)
    os.kill(os.getpid(), signal.SIGKILL)


def waiting_night(graph: Any, s: Settings, now: datetime) -> Any:
    """Writes to the scratch graph, says so (its process id), then waits to be ended."""
    _unfounded(graph, s, now)
    Path(os.environ[PID_FILE]).write_text(str(os.getpid()))
    while True:
        time.sleep(0.1)
