"""The second stage writes beside what people confirmed (resident.learning.neighbourhood): under
an object whose answered proposals (by anyone) are at least `neighbourhood_support` and
Wilson-lower-bounded at the target, its best fresh candidates, never more open than were
confirmed there; never by the depth its own answers reached (RESULTS-learning section 24)."""

from __future__ import annotations

from datetime import UTC, datetime

from resident.config import load_settings
from resident.learning.neighbourhood import admitted, beside, neighbourhoods, supported
from resident.learning.proposals import Ledger, Proposal

NOW = datetime(2026, 3, 1, 2, 45, tzinfo=UTC)
ENTS = ["a", "b", "c", "d", "e", "f", "p", "q", "r"]
RELS = ["is_a", "part_of"]


def _p(head: str, tail: str, status: str = "open", question: bool = True, rel: str = "is_a"):
    p = Proposal(subject=head, predicate=rel, object_entity=tail, score=0.5, question=question)
    return p if status == "open" else p.close(status, "test", NOW)  # type: ignore[arg-type]


def _gen(cands: list[tuple[float, int, int, int]]):
    def generate(skip):
        return [c for c in cands if not skip(c[1], c[2], c[3])]

    return generate


def test_an_object_is_supported_by_its_answers_not_by_one_word() -> None:
    ledger = Ledger(
        proposals=[
            _p("a", "p", "confirmed"),
            _p("b", "p", "confirmed"),
            _p("c", "q", "confirmed"),  # one answer: one person's word
            _p("d", "r", "confirmed"),
            _p("e", "r", "refuted"),
            _p("f", "r", "refuted"),
            _p("a", "q", "decayed"),  # says nothing
            _p("b", "q"),  # waiting: says nothing
        ]
    )
    hoods = neighbourhoods(ledger, "is_a")
    assert (hoods["p"].confirmed, hoods["p"].answered) == (2, 2)
    assert (hoods["q"].confirmed, hoods["q"].answered) == (1, 1)
    # 2 of 2: Wilson 90% lower 0.55; 1 of 1 too few; 1 of 3: 0.12.
    assert supported(hoods, 0.3, 2) == {"p": 2}
    assert neighbourhoods(ledger, "part_of") == {}


def test_open_claims_under_an_object_use_its_room() -> None:
    ledger = Ledger(
        proposals=[
            _p("a", "p", "confirmed"),
            _p("b", "p", "confirmed"),
            _p("c", "p", "confirmed"),
            _p("d", "p", question=False),  # written, open
            _p("e", "p"),  # a question waiting: no claim
        ]
    )
    assert supported(neighbourhoods(ledger, "is_a"), 0.3, 2) == {"p": 2}
    ledger.proposals.append(_p("f", "p", question=False))
    ledger.proposals.append(_p("a", "q", question=False))
    assert supported(neighbourhoods(ledger, "is_a"), 0.3, 2) == {"p": 1}


def test_admitted_takes_the_best_under_each_object_up_to_its_room() -> None:
    cands = [(0.9, "q", 1), (0.5, "p", 2), (0.8, "p", 3), (0.7, "p", 4), (0.1, "p", 5)]
    assert admitted(cands, {"p": 2}) == [(0.8, "p", 3), (0.7, "p", 4)]
    assert admitted(cands, {}) == []


def test_beside_writes_only_fresh_candidates_under_supported_objects() -> None:
    p, q = ENTS.index("p"), ENTS.index("q")
    ledger = Ledger(
        proposals=[_p("a", "p", "confirmed"), _p("b", "p", "confirmed"), _p("c", "q", "refuted")]
    )
    cands = [
        (0.95, ENTS.index("c"), 0, q),  # under a refuted object
        (0.40, ENTS.index("d"), 0, p),
        (0.30, ENTS.index("e"), 0, p),
        (0.20, ENTS.index("f"), 0, p),  # beyond the room (2 confirmed)
        (0.90, ENTS.index("d"), 1, p),  # another relation: nothing answered there
    ]
    cal, gen = beside(_gen(cands), ENTS, RELS, ledger, 0.3, 2)
    assert cal.threshold == 0.0 and cal.source == "second stage"
    assert (cal.precision, cal.support) == (1.0, 2) and cal.lower >= 0.3
    assert cal.rule.startswith("beside the confirmed (2 of 2")
    got = gen(lambda h, r, t: False)
    assert [(ENTS[h], ENTS[t]) for _, h, _, t in got] == [("d", "p"), ("e", "p")]
    # What is known already (the skip) is passed over: the next one fills the room.
    got = gen(lambda h, r, t: ENTS[h] == "d")
    assert [(ENTS[h], ENTS[t]) for _, h, _, t in got] == [("e", "p"), ("f", "p")]


def test_nothing_supported_no_threshold() -> None:
    ledger = Ledger(proposals=[_p("a", "p", "confirmed"), _p("b", "p", "refuted")])
    cal, _ = beside(_gen([]), ENTS, RELS, ledger, 0.3, 2)
    assert cal.threshold is None
    cal, _ = beside(_gen([]), ENTS, RELS, Ledger(), 0.3, 2)
    assert cal.threshold is None


def test_the_setting_is_two_answers(tmp_path) -> None:
    settings = load_settings(data_dir=tmp_path, env={})
    assert settings.consolidation.neighbourhood_support == 2
