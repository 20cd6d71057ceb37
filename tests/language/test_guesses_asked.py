"""MAX's own guesses asked in conversation, not written (issue 23), through real turns on a real
DuckDB graph: a night keeps a candidate below any calibrated threshold as a question (no claim),
MAX asks it at a natural moment as a person would, and the answer closes it in the learner's
ledger with the person as its source: no refutes it for good, yes is the person's told claim,
"I'm not sure" leaves it for someone else; never more than the day's allowance of questions."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from resident.config import Settings
from resident.learning.answers import answers_of, heard
from resident.learning.checkpoint import load_ledger, save_ledger
from resident.learning.consolidation import _said, _write
from resident.learning.proposals import Calibration, Ledger, Proposal
from resident.records import Entity, GapStatus
from tests.language.test_conversation import Max

LABELS = {
    "hp:tremor": "Tremor",
    "hp:movement": "Abnormality of movement",
    "hp:ataxia": "Ataxia",
    "hp:gait": "Abnormality of gait",
    "hp:chorea": "Chorea",
    "hp:spasm": "Spasm",
}
GUESSES = [
    (0.9, "hp:tremor", "is_a", "hp:movement"),
    (0.8, "hp:ataxia", "is_a", "hp:gait"),
    (0.7, "hp:chorea", "is_a", "hp:spasm"),
]
EXPLORING = Calibration(0.7, 0.12, 5, 40, 1, rule="exploration", scorer="names with the learner")


@pytest.fixture
def house(max_: Max, settings: Settings) -> Iterator[Max]:
    """MAX after a night that found no calibrated threshold and kept three guesses to ask."""
    now = max_.clock.now()
    max_.graph.upsert_entities(
        [Entity(id=i, kind="concept", label=lbl) for i, lbl in LABELS.items()], now
    )
    chosen = [(s, h, r, t, EXPLORING) for s, h, r, t in GUESSES]
    written = _write(max_.graph, chosen, "inference:ff@1", 1, 0.3, now)
    save_ledger(settings.data_dir, Ledger(proposals=written))
    yield max_


def _ledger(settings: Settings, triple: tuple[str, str, str]) -> Proposal:
    return next(p for p in load_ledger(settings.data_dir).proposals if p.triple == triple)


def test_a_guess_below_any_threshold_is_asked_not_written(house: Max, settings: Settings) -> None:
    # A calibrated rule's proposal is still written as an inference hypothesis.
    now = house.clock.now()
    held_out = Calibration(0.5, 0.4, 5, 40, 2, scorer="names with the learner")
    (p,) = _write(
        house.graph,
        [(0.6, "hp:spasm", "is_a", "hp:movement", held_out)],
        "inference:ff@1",
        1,
        0.3,
        now,
    )
    assert not p.question and p.claim_id
    assert house.graph.peek_claim(p.claim_id).provenance == "inference:ff@1"
    for _, h, r, t in GUESSES:
        assert not [c for c in house.graph.peek_claims(h, r) if c.object_entity == t]
        p = _ledger(settings, (h, r, t))
        assert p.question and p.status == "open" and p.claim_id == ""
        assert "asked, not written" in p.trail[0]


def test_no_closes_the_guess_in_the_ledger_and_it_is_never_asked_again(
    house: Max, settings: Settings
) -> None:
    ana = house.say("Hi, I'm Ana.")
    # The best guess first, as a person would ask it.
    assert ana.reply.endswith("Is Tremor a kind of Abnormality of movement?")
    reply = house.say("No, it isn't.", ana.person_id).reply
    assert "guess was wrong" in reply
    triple = ("hp:tremor", "is_a", "hp:movement")
    p = _ledger(settings, triple)
    assert p.status == "refuted" and "Ana (person:ana) answered no" in p.trail[-1]
    assert not [c for c in house.graph.peek_claims("hp:tremor", "is_a")]
    assert house.graph.get_gap(p.gap_id).status is GapStatus.RESOLVED
    # The learner counts the answer, and never proposes it again (Ledger.ever).
    ledger = load_ledger(settings.data_dir)
    assert triple in ledger.ever()
    assert answers_of(ledger, "is_a").answered == 1
    assert answers_of(ledger, "is_a").confirmed == 0
    # Nobody is asked it again: Ben gets the next guess.
    ben = house.say("Hi, I'm Ben.")
    assert "Tremor" not in ben.reply
    assert ben.reply.endswith("Is Ataxia a kind of Abnormality of gait?")


def test_yes_becomes_the_persons_told_claim(house: Max, settings: Settings) -> None:
    ana = house.say("Hi, I'm Ana.")
    assert "Is Tremor a kind of Abnormality of movement?" in ana.reply
    reply = house.say("Yes, it is.", ana.person_id).reply
    assert reply.startswith("Thank you, Ana. I have noted it")
    told = house.graph.peek_claims("hp:tremor", "is_a")
    assert len(told) == 1 and told[0].object_entity == "hp:movement"
    # What Ana told, with her provenance and the rung any interaction gets, not an inference.
    assert told[0].provenance == "interaction:person:ana"
    assert told[0].confidence == pytest.approx(settings.epistemic.hint_cap)
    p = _ledger(settings, ("hp:tremor", "is_a", "hp:movement"))
    assert p.status == "confirmed" and "Ana (person:ana) answered yes" in p.trail[-1]
    assert answers_of(load_ledger(settings.data_dir), "is_a").confirmed == 1


def test_unsure_leaves_the_guess_for_someone_else(house: Max, settings: Settings) -> None:
    ana = house.say("Hi, I'm Ana.")
    assert "Is Tremor a kind" in ana.reply
    house.say("I'm not sure.", ana.person_id)
    assert _ledger(settings, ("hp:tremor", "is_a", "hp:movement")).status == "open"
    # Ben is first asked the guesses nobody was asked, then the one Ana did not know.
    ben = house.say("Hi, I'm Ben.")
    assert ben.reply.endswith("Is Ataxia a kind of Abnormality of gait?")
    house.say("No, it isn't.", ben.person_id)
    assert house.say("I like chess.", ben.person_id).reply.endswith("Is Chorea a kind of Spasm?")
    house.say("Yes, it is.", ben.person_id)
    carla = house.say("Hi, I'm Carla.")
    assert carla.reply.endswith("Is Tremor a kind of Abnormality of movement?")


def test_each_person_of_the_household_is_asked_guesses_of_their_own(
    house: Max, settings: Settings
) -> None:
    """Three people talk to MAX on the same day, none answering yet: each is asked a different
    guess, not the best one asked of everyone."""
    asked = [house.say(f"Hi, I'm {name}.") for name in ("Ana", "Ben", "Carla")]
    assert asked[0].reply.endswith("Is Tremor a kind of Abnormality of movement?")
    assert asked[1].reply.endswith("Is Ataxia a kind of Abnormality of gait?")
    assert asked[2].reply.endswith("Is Chorea a kind of Spasm?")


def test_a_guess_someone_answered_is_never_asked_even_if_the_ledger_missed_it(
    house: Max, settings: Settings
) -> None:
    """Ana says no; a night that held the ledger saves over her answer (the guess looks open in
    the ledger again). Ben is not asked it: her answer closed the guess's gap in the graph."""
    before = load_ledger(settings.data_dir)
    ana = house.say("Hi, I'm Ana.")
    house.say("No, it isn't.", ana.person_id)
    save_ledger(settings.data_dir, before)
    assert _ledger(settings, ("hp:tremor", "is_a", "hp:movement")).status == "open"
    ben = house.say("Hi, I'm Ben.")
    assert ben.reply.endswith("Is Ataxia a kind of Abnormality of gait?")
    house.say("I'm not sure.", ben.person_id)
    second = house.say("I like chess.", ben.person_id)
    assert second.reply.endswith("Is Chorea a kind of Spasm?")
    assert "Tremor" not in second.reply


def test_questions_per_person_per_day_cap_holds(house: Max, settings: Settings) -> None:
    assert settings.curiosity.questions_per_person_per_day == 2
    ana = house.say("Hi, I'm Ana.")
    pid = ana.person_id
    assert "Is Tremor" in ana.reply
    house.say("Yes, it is.", pid)
    liked = house.say("I like chess.", pid)
    assert "Is Ataxia a kind of Abnormality of gait?" in liked.reply
    house.say("No, it isn't.", pid)
    # Two asked today: the third waits for tomorrow.
    assert "Is Chorea" not in house.say("I like jazz.", pid).reply
    assert "Is Chorea" not in house.say("I like sailing.", pid).reply
    house.clock.advance(days=1)
    assert "Is Chorea a kind of Spasm?" in house.say("I like poetry.", pid).reply


def test_a_night_reads_back_answers_it_did_not_see(house: Max, settings: Settings) -> None:
    """An answer given while a night held the ledger (its save overwrote the answer) is read
    back from the graph's questions the next night."""
    before = load_ledger(settings.data_dir)
    ana = house.say("Hi, I'm Ana.")
    house.say("No, it isn't.", ana.person_id)
    save_ledger(settings.data_dir, before)  # the night's save, made from what it had read
    gaps = [p.gap_id for p in before.open() if p.question]
    said = _said(house.graph, gaps)
    assert [(w, a) for _, w, a, _ in said] == [("person:ana", "no")]
    healed = heard(before, said)
    p = next(p for p in healed.proposals if p.triple == ("hp:tremor", "is_a", "hp:movement"))
    assert p.status == "refuted"
    assert sum(q.status == "open" for q in healed.proposals) == 2
