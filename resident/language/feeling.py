"""Reading "Why do you feel like that?", "Why are you tired?" (issue 26, point 5) and answering
it from the live state and the appraisal events (resident/awareness/causes.py)."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path
from typing import Any

from spacy.tokens import Doc

from resident.awareness.causes import Appraised, explain
from resident.config import Settings
from resident.events import read_events


def asks_why_feeling(doc: Doc | None) -> bool:
    """A why-question about MAX's own state: "why" ... "you" ... "feel", or "why are you" with
    an adjective ("tired", "so cheerful")."""
    if doc is None:
        return False
    toks = [t for t in doc if not t.is_punct]
    if len(toks) < 3 or toks[0].lower_ != "why":
        return False
    words = [t.lower_ for t in toks]
    if "you" not in words:
        return False
    lemmas = {t.lemma_.lower() for t in toks}
    if "feel" in lemmas or "mood" in lemmas:
        return True
    after_you = toks[words.index("you") + 1 :]
    return words[1] in ("are", "were") and any(t.pos_ == "ADJ" for t in after_you)


def appraisals(path: Path | None, since: datetime | None = None) -> list[Appraised]:
    """The appraisal events of the log (after `since`, when given)."""
    if path is None or not path.exists():
        return []
    return [
        Appraised.from_event(e.occurred_at, e.payload)
        for e in read_events(path)
        if e.kind == "appraisal" and (since is None or e.occurred_at >= since)
    ]


def why_i_feel(resident: Any, settings: Settings, now: datetime) -> tuple[str, dict[str, Any]]:
    """The answer and the state report it rests on."""
    report = resident.state(now)
    path = getattr(resident.events, "path", None)
    text = explain(report, appraisals(path), dict(settings.drives.items()))
    return text, report.model_dump(mode="json")
