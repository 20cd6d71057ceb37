"""A turn whose parse has no verb at its root, with a his/her in it, is read and answered: the
walk up to a clause's verb stops at the root instead of looping for ever (a turn of the
gate22 batch hung the conversation for 44 minutes)."""

from __future__ import annotations

import threading

from tests.language.test_conversation import Max
from tests.language.test_conversation import person as _person


def _replies(max_: Max, said: str, who: str) -> bool:
    """Says `said` in a thread; does a reply come back? Ten minutes is far beyond any turn on a
    loaded machine: the join only turns a hang into a failure instead of a stalled suite."""
    done: list[str] = []
    worker = threading.Thread(target=lambda: done.append(max_.say(said, who).reply), daemon=True)
    worker.start()
    worker.join(timeout=600)
    return bool(done)


def test_a_his_or_her_under_a_root_that_is_no_verb_gets_a_reply(max_: Max) -> None:
    ana = _person(max_, "Ana")
    for said in (
        "His income's too up and down for a mortgage.",
        "Her moods are all over the place lately.",
        "Their schedule's too up and down for a dog.",
    ):
        assert _replies(max_, said, ana), said
    assert max_.say("I'm a nurse.", ana).claims  # the conversation goes on after them
