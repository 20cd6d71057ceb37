"""A turn whose reading ran past `conversation.read_budget_s` (issue 21): abandoned whole, and
answered honestly, so that one reader defect costs one turn and never the daemon.

The reading (language/read_bound.py) runs inside the turn's one durable write
(turn.one_commit): when it is abandoned, the turn's graph transaction rolls back (nothing of it
half-written) and the events it had emitted reach the log as a failed turn's do. The turn is
then answered in a second, small durable write: a `turn_abandoned` event (ids and sizes only,
Rule 8) that says the turn was heard and not taken in, and a reply that says so. The caches the
abandoned reading may have filled from its rolled-back writes are dropped.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Protocol

from cachetools import LRUCache

from resident.config import ConversationSettings, Settings
from resident.language.dictionary import Dictionary
from resident.language.read_bound import ReadingAbandoned, bounded
from resident.language.turn import _LAST_CLAIMS_PEOPLE, ResidentLike, Turn, one_commit
from resident.memory.client import GraphStore


class Layer(Protocol):
    """What of the language layer (conversation.Language) an abandoned turn touches: named
    here, so this module need not import conversation.py back."""

    settings: Settings
    graph: GraphStore
    dictionary: Dictionary
    _last: LRUCache[str, tuple[str, ...]]
    _last_lock: threading.Lock


#: What MAX says of a turn he could not take in: true (he kept nothing of it) and useful.
ABANDONED_REPLY = (
    "That was more than I could take in at once, so I have kept none of it. "
    "Could you tell me again, a little at a time?"
)


def bounded_turn(
    lang: Layer,
    resident: ResidentLike,
    chars: int,
    person_id: str | None,
    correlation_id: str,
    converse: Callable[[], Turn],
) -> Turn:
    """`converse()` as one durable write whose reading is bounded by the layer's
    `conversation.read_budget_s`; past it, the turn is abandoned and answered honestly."""
    budget = reading_budget(lang.settings.conversation, chars)
    try:
        return one_commit(resident, lang.graph, lambda: bounded(budget, converse))
    except ReadingAbandoned as exc:
        abandoned = exc
    _forget_unkept(lang)
    return one_commit(
        resident,
        lang.graph,
        lambda: _abandoned(resident, abandoned, chars, person_id, correlation_id),
    )


def reading_budget(conversation: ConversationSettings, chars: int) -> float:
    """Seconds a turn of `chars` characters may read: a turn of a few sentences the flat
    budget, a long one more, as its reading grows with the claims it files."""
    return conversation.read_budget_s + conversation.read_budget_s_per_1000_chars * chars / 1000


def _forget_unkept(lang: Layer) -> None:
    """Drop what the abandoned reading may have cached of writes it rolled back (an entity
    made and found in the turn), and the caches it may have left mid-update."""
    lang.dictionary.reset()
    with lang._last_lock:
        lang._last = LRUCache(maxsize=_LAST_CLAIMS_PEOPLE)


def _abandoned(
    resident: ResidentLike,
    abandoned: ReadingAbandoned,
    chars: int,
    person_id: str | None,
    correlation_id: str,
) -> Turn:
    resident.events.emit(
        "turn_abandoned",
        {
            "person_id": person_id,
            "chars": chars,
            "budget_s": abandoned.budget_s,
            "spent_s": round(abandoned.spent_s, 3),
        },
        correlation_id,
    )
    return Turn(
        correlation_id=correlation_id,
        intent="unknown",
        reply=ABANDONED_REPLY,
        person_id=person_id,
        plain=ABANDONED_REPLY,
        abandoned=True,
    )
