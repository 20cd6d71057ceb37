"""Learning functions the learner's stage of a night (resident.learning.night_learn) runs by name
in the tests: one that notes its process id and the modules its process loaded, one that fails
with a typed error, one that waits to be ended. Imports only what the learner's stage imports."""

from __future__ import annotations

import json
import os
import sys
import time
from datetime import datetime
from pathlib import Path

from resident.config import Settings
from resident.errors import InvalidInput
from resident.learning.night_learn import Learned, NightInput, learn

#: Where noting_learn writes its process id and loaded modules (the test sets it).
NOTE_FILE = "MAX_TEST_LEARN_NOTE_FILE"


def noting_learn(inp: NightInput, s: Settings, now: datetime) -> Learned:
    learned = learn(inp, s, now)
    note = {"pid": os.getpid(), "modules": sorted(sys.modules)}
    Path(os.environ[NOTE_FILE]).write_text(json.dumps(note))
    return learned


def failing_learn(inp: NightInput, s: Settings, now: datetime) -> Learned:
    raise InvalidInput("the learner's probe refuses to train")


def waiting_learn(inp: NightInput, s: Settings, now: datetime) -> Learned:
    """Says it is running (its process id), then waits to be ended."""
    Path(os.environ[NOTE_FILE]).write_text(json.dumps({"pid": os.getpid()}))
    while True:
        time.sleep(0.1)
