"""A number said as a time is no amount (issue 21, wrong46; answer_clock.py): each test is one
reading of the number, with its twin that must stay answered. Fail on main (91c468c): it
answers the amount with the clock's hour or the duration."""

from __future__ import annotations

from tests.language.test_conversation import Max, answer_of, person


def test_a_clock_hour_after_by_is_no_amount(max_: Max) -> None:
    a = person(max_, "Hollis")
    max_.say("We ran the tombola at the gala. We sold out by 3!", a)
    max_.say("Ignatius sold his canoe for 250 pounds.", a)
    assert answer_of(max_.say("How much did we sell the tombola for?", a)) == ""
    assert answer_of(max_.say("How many tickets did we sell?", a)) == ""
    assert "250" in answer_of(max_.say("How much did Ignatius sell his canoe for?", a))


def test_a_duration_is_no_amount_unless_its_unit_is_asked(max_: Max) -> None:
    a = person(max_, "Hollis")
    max_.say("Seraphina swam the channel in 14 hours.", a)
    max_.say("Seraphina paid 40 pounds for the goggles.", a)
    assert answer_of(max_.say("How much did Seraphina swim the channel for?", a)) == ""
    assert "40" in answer_of(max_.say("How much did Seraphina pay for the goggles?", a))


def test_the_reading_of_the_number(max_: Max) -> None:
    # The rule alone, on one held claim re-labelled: a clock preposition the question does
    # not ask, a clock's word, a unit of time; and the twins it must leave alone.
    from resident.language.answer_clock import time_not_amount
    from resident.language.knowledge import ClaimView
    from resident.language.pipeline import load_pipeline

    nlp = load_pipeline()
    a = person(max_, "Hollis")
    max_.say("I sold my canoe.", a)
    held = max_.graph.peek_claims(a)[-1]

    def refused(question: str, predicate: str, label: str, quals: str = "") -> bool:
        view = ClaimView(
            claim=held.model_copy(update={"predicate": predicate}),
            subject_label="Ignatius",
            object_label=label,
            line="",
        )
        sent = next(nlp(question).sents)
        return time_not_amount(sent, label.split()[0], [view], {held.id: [quals]})

    assert refused("How much did Ignatius sell the canoe for?", "sells_out_by", "2")
    assert refused("How many did Ignatius sell?", "sells_until", "6")
    assert refused("How much did Ignatius sell it for?", "sells", "6 pm")
    assert refused("How much did Ignatius pay?", "paddles", "3", "in 3 hours")
    # Kept: the preposition asked ("by"), an age "at", a price, the unit asked, how long.
    assert not refused("How many did Ignatius win by?", "wins_by", "2")
    assert not refused("How old was Ignatius?", "marries_at", "25")
    assert not refused("How much did Ignatius sell the canoe for?", "sells_for", "250 pounds")
    assert not refused("How many hours did Ignatius paddle?", "paddles", "3", "for 3 hours")
    assert not refused("How long did Ignatius paddle?", "paddles_until", "6")


def test_a_phrasal_verb_is_not_its_bare_verb() -> None:
    # "gives_up" says no giving, "sells_out_by" no sale of the van; "moves_out" is a moving
    # and "goes_back_to" a going (the verb is first one of going): those keep.
    from resident.language.answer_particle import _another_act
    from resident.language.pipeline import load_pipeline

    nlp = load_pipeline()

    def another(question: str, predicate: str) -> bool:
        return _another_act(next(nlp(question).sents), predicate)

    assert another("What did Cosmo give?", "gives_up")
    assert another("How much did we sell the van for?", "sells_out_by")
    assert another("What did Cosmo take?", "takes_up")
    assert not another("What did Cosmo give up?", "gives_up")
    assert not another("When did Cosmo move?", "moves_out")
    assert not another("Where did Cosmo go?", "goes_back_to")
    assert not another("What did Cosmo give his niece?", "gives")
    assert not another("When did Cosmo join the choir?", "signs_up_for")
    assert not another("Where does the landlady live?", "lives_in")
    assert not another("Why is Ines driving to Durham?", "drives_up_to")
    # Asked where, a particle before a preposition is where: "works out on a platform".
    assert not another("Where does Lachlan work?", "works_out_on")
    assert another("What does Lachlan work?", "works_out_on")
