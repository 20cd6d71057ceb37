"""Loaded at start-up by the daemon of tests/daemon/test_bound24.py only (its PYTHONPATH names
this folder): a reader defect, triggered by one made-up name, in the daemon's real language
layer. "Quorbel" makes the reader loop forever after the turn's statements were written in its
transaction; the daemon itself is untouched."""

from __future__ import annotations

from typing import Any

from resident.language.conversation import Language

_reply = Language._household_reply


def _looping_reply(self: Language, ctx: Any, doc: Any, text: str) -> Any:
    done = _reply(self, ctx, doc, text)
    n = 0
    while "Quorbel" in text:
        n += 1
    return done


Language._household_reply = _looping_reply  # type: ignore[method-assign]
