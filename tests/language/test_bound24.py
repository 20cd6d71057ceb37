"""A time bound on a turn's reading (issue 21, language/read_bound.py, language/turn_bound.py):
a reader made to loop, through a test-only subclass of the real language layer on a real booted
resident and DuckDB graph, costs one turn: the turn is answered honestly within the budget
(plus generous slack for a loaded machine), nothing of it is half-written, no lock stays held,
no thread spins on, and the next turn is served as usual."""

from __future__ import annotations

import contextlib
import threading
import time
from collections.abc import Iterator
from datetime import datetime
from pathlib import Path
from typing import Any

import duckdb
import pytest

from resident.config import Settings, load_settings
from resident.errors import InvalidInput
from resident.language import Language
from resident.language.read_bound import (
    AGAIN_S,
    ReadingAbandoned,
    ReadingOverrun,
    Watchdog,
    bounded,
    unbounded,
)
from resident.language.turn import _Ctx, _Reply
from resident.language.turn_bound import ABANDONED_REPLY, reading_budget
from tests.language.test_conversation import Max

#: The budget in these tests: long enough for a sound turn on a loaded two-core machine.
BUDGET_S = 3.0
#: Slack on top of the budget for an abandoned turn to be answered (a loaded machine, the
#: abandoned turn's rollback and its one durable write). A bound, not a client timeout.
SLACK_S = 30.0


class LoopingLanguage(Language):
    """The real language layer with reader defects a word in the text triggers: an endless
    loop before the parse ("Zorblax"), inside the pipeline's lock ("Glimmock"), after the
    turn's statements were written ("Quorbel"), and one that swallows the first overrun and
    loops on ("Snarfle")."""

    spins = 0

    def _spin(self) -> None:
        while True:
            self.spins += 1

    def _reading(self, text: str, now: datetime) -> Any:
        if "Zorblax" in text:
            self._spin()
        if "Snarfle" in text:
            with contextlib.suppress(ReadingOverrun):
                self._spin()
            self._spin()
        return super()._reading(text, now)

    def _parse_doc(self, text: str) -> Any:
        if "Glimmock" in text:
            with self._nlp_lock:
                self._spin()
        return super()._parse_doc(text)

    def _household_reply(self, ctx: _Ctx, doc: Any, text: str) -> tuple[_Reply, Any]:
        done = super()._household_reply(ctx, doc, text)
        if "Quorbel" in text:
            self._spin()
        return done


@pytest.fixture
def settings(data_dir: Path) -> Settings:
    return load_settings(
        data_dir=data_dir,
        env={
            "RESIDENT_CONVERSATION__READ_BUDGET_S": str(BUDGET_S),
            "RESIDENT_CONVERSATION__READ_BUDGET_S_PER_1000_CHARS": "0",
        },
    )


@pytest.fixture
def looping(max_: Max) -> Iterator[tuple[Max, LoopingLanguage]]:
    lang = LoopingLanguage(max_.settings, max_.graph)
    yield max_, lang
    lang.close()


def _timed(m: Max, lang: Language, text: str, pid: str | None) -> tuple[Any, float]:
    started = time.monotonic()
    turn = m.say(text, pid, language=lang)
    return turn, time.monotonic() - started


@pytest.mark.parametrize(
    "text",
    [
        "Zorblax keeps bees in the garden.",
        "Glimmock keeps bees in the garden.",
        "Snarfle keeps bees in the garden.",
    ],
)
def test_a_looping_reader_costs_one_turn(looping: tuple[Max, LoopingLanguage], text: str) -> None:
    m, lang = looping
    pid = m.say("Hi, I'm Marta.", language=lang).person_id
    m.say("Tom loves hiking.", pid, language=lang)
    before = m.graph.checksum()
    turn, took = _timed(m, lang, text, pid)
    assert turn.abandoned and turn.reply == ABANDONED_REPLY and turn.claims == []
    assert BUDGET_S <= took < BUDGET_S + AGAIN_S + SLACK_S
    assert m.graph.checksum() == before
    # Heard and abandoned, in the log, with sizes only (Rule 8).
    kinds = {e.kind: e.payload for e in m.events(turn.correlation_id)}
    assert kinds["turn_abandoned"]["chars"] == len(text)
    assert kinds["turn_abandoned"]["person_id"] == pid
    assert kinds["turn_abandoned"]["budget_s"] == BUDGET_S
    assert text not in str(kinds)
    # The loop stopped with the turn: no thread spins on.
    spins = lang.spins
    time.sleep(2 * AGAIN_S)
    assert lang.spins == spins
    # The pipeline's lock is free and the next turns are served as before.
    assert lang._nlp_lock.acquire(blocking=False)
    lang._nlp_lock.release()
    assert not m.say("Lena plays the cello.", pid, language=lang).abandoned
    assert m.say("What does Tom love?", pid, language=lang).answer == "hiking"
    assert m.say("What does Lena play?", pid, language=lang).answer == "cello"


def test_an_abandoned_turn_keeps_none_of_what_it_wrote(
    looping: tuple[Max, LoopingLanguage],
) -> None:
    m, lang = looping
    pid = m.say("Hi, I'm Marta.", language=lang).person_id
    before = m.graph.checksum()
    counts = m.graph.counts()
    # The statement is read and written inside the turn's transaction, then the reader loops.
    turn, _ = _timed(m, lang, "Quorbel collects maps.", pid)
    assert turn.abandoned
    assert m.graph.checksum() == before and m.graph.counts() == counts
    assert not m.graph.find_entities("Quorbel")
    # Nothing of it is remembered from a cache either: the same name, said again in a sound
    # turn, is filed afresh and answered from the graph.
    assert m.say("What does Quorbel collect?", pid, language=lang).answer is None
    lang_ok = Language(m.settings, m.graph)
    try:
        assert not m.say("Quorbel collects stamps.", pid, language=lang_ok).abandoned
        assert m.graph.find_entities("Quorbel")
        assert m.say("What does Quorbel collect?", pid, language=lang_ok).answer == "stamps"
    finally:
        lang_ok.close()


def test_the_turn_after_an_abandoned_one_reads_he_and_she(
    looping: tuple[Max, LoopingLanguage],
) -> None:
    m, lang = looping
    pid = m.say("Hi, I'm Marta.", language=lang).person_id
    assert _timed(m, lang, "Zorblax said something long.", pid)[0].abandoned
    m.say("My brother Karim is a nurse.", pid, language=lang)
    assert m.say("What does Karim do?", pid, language=lang).answer is not None


def test_one_watchdog_thread_however_many_turns(looping: tuple[Max, LoopingLanguage]) -> None:
    m, lang = looping
    pid = m.say("Hi, I'm Marta.", language=lang).person_id
    for _ in range(2):
        assert _timed(m, lang, "Zorblax hums.", pid)[0].abandoned
    for i in range(5):
        m.say(f"Tom has {i + 2} cats.", pid, language=lang)
    names = [t.name for t in threading.enumerate()]
    assert names.count("reading-watchdog") == 1


def test_a_turn_over_the_size_bound_is_refused_typed(max_: Max) -> None:
    pid = max_.say("Hi, I'm Marta.").person_id
    with pytest.raises(InvalidInput, match="max_turn_chars"):
        max_.say("word " * 50_000, pid)
    assert max_.say("Tom loves hiking.", pid).claims


def test_a_long_turn_may_read_longer(data_dir: Path) -> None:
    defaults = load_settings(data_dir=data_dir, env={}).conversation
    assert reading_budget(defaults, 60) == pytest.approx(5.3)
    # The longest turn allowed (language.max_turn_chars) files claim after claim.
    assert reading_budget(defaults, 4000) == pytest.approx(25.0)


# -- the bound itself ----------------------------------------------------------------------------


def _spin_forever() -> None:
    n = 0
    while True:
        n += 1


def test_bounded_returns_what_the_reading_returns() -> None:
    watchdog = Watchdog()
    assert bounded(5.0, lambda: 42, watchdog) == 42
    assert watchdog.current() is None


def test_bounded_abandons_a_loop_and_leaves_nothing_pending() -> None:
    watchdog = Watchdog()
    started = time.monotonic()
    with pytest.raises(ReadingAbandoned) as raised:
        bounded(0.2, _spin_forever, watchdog)
    assert 0.2 <= time.monotonic() - started < 0.2 + SLACK_S
    assert raised.value.budget_s == 0.2
    # Long after the deadline, the thread works on untouched: the bound is gone.
    ends = time.monotonic() + 3 * AGAIN_S
    n = 0
    while time.monotonic() < ends:
        n += 1
    assert watchdog.current() is None


def test_an_overrun_a_library_wraps_in_its_own_error_is_still_abandoned() -> None:
    # DuckDB runs a Python function (as it counts a registered Arrow table's rows) in the
    # calling thread and raises its own error for the overrun raised inside it: the reading is
    # abandoned all the same, never a crash of the turn.
    con = duckdb.connect()
    con.execute("SET threads = 1")  # the function runs in the reading thread itself
    con.create_function("spin", lambda _: _spin_forever(), ["BIGINT"], "BIGINT")
    watchdog = Watchdog()
    with pytest.raises(ReadingAbandoned):
        bounded(0.2, lambda: con.execute("SELECT spin(1)").fetchall(), watchdog)
    assert watchdog.current() is None
    # An error of the reading's own, before any deadline, stays what it is.
    with pytest.raises(duckdb.Error):
        bounded(5.0, lambda: con.execute("SELECT * FROM no_such_table").fetchall(), watchdog)


def test_a_deadline_that_falls_as_reading_ends_is_cancelled() -> None:
    watchdog = Watchdog()
    for _ in range(20):
        # Reading that ends about when the deadline falls: either outcome is whole, and
        # nothing is left to land in the work after it.
        ends = time.monotonic() + 0.01
        with contextlib.suppress(ReadingAbandoned):
            bounded(0.01, lambda e=ends: _until(e), watchdog)  # type: ignore[misc]
        until = time.monotonic() + 0.05
        while time.monotonic() < until:
            pass


def _until(ends: float) -> None:
    while time.monotonic() < ends:
        pass


def test_a_bound_inside_a_bound_is_the_outer_one() -> None:
    watchdog = Watchdog()
    assert bounded(5.0, lambda: bounded(0.01, lambda: "inner", watchdog), watchdog) == "inner"


def test_shielded_work_is_never_cut_part_way() -> None:
    # Work in a shielded module (the event log, a cache) ends before the overrun is raised;
    # the reading is abandoned as soon as it is back in the reader.
    watchdog = Watchdog(shielded=(__name__,), readers=("a_reader",))
    elsewhere: dict[str, Any] = {"__name__": "a_reader"}
    exec("def spin():\n    while True:\n        pass\n", elsewhere)  # noqa: S102
    finished: list[float] = []

    def reads() -> None:
        _until(time.monotonic() + 0.6)
        finished.append(time.monotonic())
        elsewhere["spin"]()

    started = time.monotonic()
    with pytest.raises(ReadingAbandoned):
        bounded(0.05, reads, watchdog)
    assert finished and finished[0] - started >= 0.6
    assert time.monotonic() - started < 0.6 + SLACK_S


def test_unbounded_work_is_not_counted() -> None:
    watchdog = Watchdog()

    def waits() -> str:
        with unbounded(watchdog):
            time.sleep(0.5)  # the model's phrasing: its own timeout bounds it
        return "phrased"

    assert bounded(0.3, waits, watchdog) == "phrased"
