"""The language evaluation of issue 21 scores what it says it scores (a right answer, a wrong
one, "I don't know"; a stored claim right or wrong), runs end to end on a tiny conversation, and
the frozen test split is still the one whose hash was committed."""

from __future__ import annotations

import importlib.util
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

REPO_ROOT = Path(__file__).resolve().parents[2]
# The benchmarks folder is run, not imported by the tests: load the module from its file.
_spec = importlib.util.spec_from_file_location(
    "language_eval_bench", REPO_ROOT / "benchmarks" / "language_eval.py"
)
assert _spec is not None and _spec.loader is not None
ev = importlib.util.module_from_spec(_spec)
sys.modules["language_eval_bench"] = ev  # dataclasses look their module up while defining
_spec.loader.exec_module(ev)


def _q(kind: str, answer: str | None, *alternates: str) -> dict[str, object]:
    return {"kind": kind, "text": "?", "answer": answer, "alternates": list(alternates)}


def test_a_right_answer_is_correct_in_any_surface_form() -> None:
    assert ev.judge(_q("single", "Porto"), "Porto", "Porto.").outcome == "correct"
    assert ev.judge(_q("single", "Porto"), "in Porto, near the river", "").outcome == "correct"
    assert ev.judge(_q("count", "31", "thirty-one"), "thirty one years", "").outcome == "correct"
    assert ev.judge(_q("single", "14"), "She is fourteen.", "").outcome == "correct"
    assert ev.judge(_q("temporal", "2026-04-18"), "on 18 April 2026", "").outcome == "correct"
    assert ev.judge(_q("temporal", "2026-04-18"), "April 18, 2026", "").outcome == "correct"
    assert ev.judge(_q("temporal", "2026-01"), "since January 2026", "").outcome == "correct"
    assert ev.judge(_q("multi", "Jürgen", "Jurgen"), "Jurgen", "").outcome == "correct"
    assert ev.judge(_q("yes_no", "no"), "No, not any more.", "").outcome == "correct"
    # A day and month without a year: the year left unsaid on either side is not asked.
    assert ev.judge(_q("temporal", "2026-08-16", "16 August"), "16th of August", "").outcome == (
        "correct"
    )
    assert ev.judge(_q("temporal", "August 16th"), "on 2026-08-16", "").outcome == "correct"


def test_a_wrong_answer_is_about_something_else() -> None:
    # The month-end clamp of issue 21: a year before 31 March is not 28 March.
    wrong = ev.judge(_q("temporal", "2025-03-31"), "28 March 2025", "")
    assert wrong.outcome == "wrong" and wrong.answered
    assert ev.judge(_q("single", "Porto"), "Lisbon", "").outcome == "wrong"
    assert ev.judge(_q("count", "2", "two"), "12", "").outcome == "wrong"
    assert ev.judge(_q("yes_no", "no"), "Yes", "").outcome == "wrong"
    assert ev.judge(_q("temporal", "16 August"), "on 2026-08-17", "").outcome == "wrong"
    assert ev.judge(_q("temporal", "2026-08-16"), "16th of August", "").outcome == "wrong"
    # Whole words only: "Rory" is not "Rory and Isla"'s only acceptable part unless listed.
    assert ev.judge(_q("single", "Rory and Isla"), "Rory", "").outcome == "wrong"
    # An unanswerable question answered anyway is the worst case.
    unanswerable = ev.judge(_q("unanswerable", None), "Porto", "Porto.")
    assert unanswerable.outcome == "wrong" and unanswerable.answered


def test_i_dont_know_is_right_only_when_nothing_answers_it() -> None:
    assert ev.judge(_q("unanswerable", None), None, "I don't know.").outcome == "correct"
    assert ev.judge(_q("unanswerable", None), None, "Noted.").outcome == "correct"
    idk = ev.judge(_q("single", "Porto"), None, "I don't know where Lena lives.")
    assert idk.outcome == "idk" and not idk.answered and idk.f1 == 0.0
    assert ev.judge(_q("single", "Porto"), "I don't know", "").outcome == "idk"


def test_token_f1_and_claim_matching() -> None:
    assert ev.token_f1("the cello", "cello") == 1.0
    assert 0.0 < ev.token_f1("Rory", "Rory and Isla") < 1.0
    gold = {
        "predicate": "take",
        "polarity": True,
        "roles": {"agent": "Evan", "theme": "family", "destination": "Jasper"},
    }
    assert ev.claim_matches(ev.StoredClaim("Evan", "takes", "family"), gold)
    assert ev.claim_matches(ev.StoredClaim("Evan", "takes", "trip", "Jasper"), gold)
    assert not ev.claim_matches(ev.StoredClaim("Evan", "takes", "road trip"), gold)
    assert not ev.claim_matches(ev.StoredClaim("Evan", "takes", "family", negated=True), gold)
    assert not ev.claim_matches(ev.StoredClaim("Sam", "takes", "family"), gold)
    kin = {"predicate": "husband", "polarity": True, "roles": {"agent": "Tom", "of": "Marta"}}
    assert ev.claim_matches(ev.StoredClaim("Tom", "husband_of", "Marta"), kin)
    assert ev.claim_matches(ev.StoredClaim("Marta", "spouse", "Tom"), kin)
    assert not ev.claim_matches(ev.StoredClaim("Tom", "knows", "Marta"), kin)
    dated = {"predicate": "move", "polarity": True, "roles": {"agent": "Ana", "time": "2025-03-31"}}
    assert ev.claim_matches(ev.StoredClaim("Ana", "moves", "house", "2025-03-31"), dated)
    assert not ev.claim_matches(ev.StoredClaim("Ana", "moves", "house", "2025-03-28"), dated)


def test_claims_judged_by_meaning_take_the_documented_shapes_and_no_more() -> None:
    """The second reading (shape_equivalents.json) credits the same fact in another shape; a
    claim the gold-shape scorer rejects for its content stays wrong."""
    means, C = ev.claim_means, ev.StoredClaim
    kept = {"predicate": "have", "polarity": True, "roles": {"agent": "Ida", "theme": "gecko Bo"}}
    assert not ev.claim_matches(C("Bo", "is_a", "gecko"), kept)
    assert means(C("Bo", "is_a", "gecko"), kept)
    assert means(C("Bo", "pet_of", "Ida"), kept)
    assert not means(C("Bo", "pet_of", "Sam"), kept)
    assert not means(C("Bo", "is_a", "dog"), kept)
    pair = {
        "predicate": "have",
        "polarity": True,
        "roles": {"agent": "Ida", "theme": "guinea pigs Al and Cy"},
    }
    assert means(C("Ida", "has", "Cy"), pair)
    assert not means(C("Al", "is_a", "pig"), pair)  # the kind is "guinea pig", whole
    listed = {
        "predicate": "love",
        "polarity": True,
        "roles": {"agent": "Ida", "theme": "tea and chess"},
    }
    assert not ev.claim_matches(C("Ida", "loves", "chess"), listed)
    assert means(C("Ida", "loves", "chess"), listed)
    assert not means(C("Ida", "loves", "cards"), listed)
    trip = {
        "predicate": "go",
        "polarity": True,
        "roles": {"agent": "Ida", "destination": "Oslo", "companion": "Bo"},
    }
    assert means(C("Bo", "goes_to", "Oslo"), trip)
    assert not means(C("Bo", "goes_to", "Rome"), trip)
    stopped = {"predicate": "smoke", "polarity": False, "roles": {"agent": "Ida", "theme": "pipe"}}
    assert means(C("Ida", "stops_smoking", "pipe"), stopped)
    assert not means(C("Ida", "smokes", "pipe"), stopped)
    state = {
        "predicate": "be",
        "polarity": True,
        "roles": {"agent": "Ida", "attribute": "afraid of dogs"},
    }
    assert means(C("Ida", "afraid_of", "dogs"), state)
    plural = {
        "predicate": "live",
        "polarity": True,
        "roles": {"agent": "Ida's parents", "location": "Oslo"},
    }
    assert means(C("Ida's parent", "lives_in", "Oslo"), plural)
    assert not means(C("Ida's parent", "lives_in", "Rome"), plural)
    assert not means(C("Ida's mum", "has", "Cy"), pair)


def test_the_test_split_is_the_frozen_one() -> None:
    """TEST_SPLIT.sha256 was committed before any reader was tuned: the files must not change.
    The hash is the one the README's shell command gives."""
    folder = REPO_ROOT / "benchmarks" / "data" / "language" / "corpus" / "test"
    frozen = (folder.parents[1] / "TEST_SPLIT.sha256").read_text().split()[0]
    assert ev.split_hash(folder) == frozen
    if shutil.which("sha256sum"):
        shell = subprocess.run(
            "(LC_ALL=C sha256sum -- *.json) | sha256sum | cut -d' ' -f1",
            shell=True,
            cwd=folder,
            capture_output=True,
            text=True,
            check=True,
        )
        assert shell.stdout.strip() == frozen


def test_every_corpus_file_is_well_formed() -> None:
    corpus = REPO_ROOT / "benchmarks" / "data" / "language" / "corpus"
    for split in ("dev", "test"):
        for conv in ev.load_split(split, corpus):
            people = set(conv["people"])
            turns = [t for s in conv["sessions"] for t in s["turns"]]
            assert turns and all(t["speaker"] in people and t["at"] for t in turns), conv["id"]
            last = max(t["at"] for t in turns)
            for q in conv["questions"]:
                assert q["asker"] in people and q["kind"] in ev.KINDS, (conv["id"], q)
                assert q["at"] > last, (conv["id"], q["text"])
                assert (q["answer"] is None) == (q["kind"] == "unanswerable"), q


def test_the_evaluation_runs_on_a_tiny_conversation(tmp_path: Path) -> None:
    conv = {
        "id": "tiny",
        "people": ["Ana", "Ben"],
        "sessions": [
            {
                "at": "2026-11-02T19:00:00+00:00",
                "turns": [
                    {
                        "speaker": "Ana",
                        "at": "2026-11-02T19:00:00+00:00",
                        "text": "My sister Lena lives in Porto.",
                        "gold": [
                            {
                                "predicate": "live",
                                "polarity": True,
                                "roles": {"agent": "Lena", "location": "Porto"},
                            }
                        ],
                    },
                    {
                        "speaker": "Ben",
                        "at": "2026-11-02T19:00:40+00:00",
                        "text": "Thanks!",
                        "gold": [],
                    },
                ],
            }
        ],
        "questions": [
            _q("single", "Porto")
            | {"asker": "Ben", "at": "2026-11-02T19:10:00+00:00", "text": "Where does Lena live?"},
            _q("unanswerable", None)
            | {
                "asker": "Ben",
                "at": "2026-11-02T19:11:00+00:00",
                "text": "What does Lena's husband do for work?",
            },
        ],
    }
    corpus = tmp_path / "corpus"
    (corpus / "dev").mkdir(parents=True)
    (corpus / "dev" / "tiny.json").write_text(json.dumps(conv))
    work = tmp_path / "work"
    proc = subprocess.run(
        [
            sys.executable,
            "-m",
            "benchmarks",
            "language-eval",
            "--split",
            "dev",
            "--corpus",
            str(corpus),
            "--work",
            str(work),
        ],
        cwd=REPO_ROOT,
        capture_output=True,
        text=True,
        timeout=600,
        env={**os.environ, "PYTHONPATH": str(REPO_ROOT)},
    )
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-3000:]
    result = json.loads((work / "dev.json").read_text())
    assert result["questions"] == 2 and result["turns"] == 4
    outcomes = {a["q"]: a["outcome"] for a in result["answers"]}
    assert outcomes["Where does Lena live?"] == "correct", result["answers"]
    assert result["accuracy_by_kind"]["single"] == 1.0
    assert result["gold_statements"] == 1 and result["claim_recall"] == 1.0
    # Each stored claim comes with its turn, for reading them; a short talk has no long-talk
    # claims, and a gold statement some claim states is not listed as missed.
    assert {c["turn"] for c in result["claims"]} == {"My sister Lena lives in Porto."}
    assert not any(c["long"] for c in result["claims"])
    assert result["long_claims_stored"] == 0 and result["missed_gold"] == []
    # A short talk adds nothing to the judged long-talk sample.
    assert result["judged_long_talk"]["sample"] == 0
    assert "| answer accuracy, overall |" in proc.stdout


def test_the_threshold_is_fitted_so_a_wrong_answer_costs_more_than_a_right_one_gains() -> None:
    def a(kind: str, outcome: str, score: float) -> dict[str, object]:
        return {"kind": kind, "outcome": outcome, "score": score}

    answers = [
        a("single", "correct", 4.0),
        a("single", "correct", 2.0),
        a("single", "wrong", 1.0),
        a("unanswerable", "wrong", 0.5),
        a("single", "correct", 0.5),
        {"kind": "single", "outcome": "idk", "score": None},
    ]
    fitted = ev.fit_threshold(answers)
    # Dropping below 2.0 loses one right answer (0.5) and removes two wrong ones, one of them
    # on an unanswerable question (now a right "I don't know").
    assert fitted["threshold"] == 2.0
    assert (fitted["kept"], fitted["kept_wrong"], fitted["dropped_right"]) == (2, 0, 1)


def _judged_module() -> object:
    spec = importlib.util.spec_from_file_location(
        "language_judged_bench", REPO_ROOT / "benchmarks" / "language_judged.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["language_judged_bench"] = module
    spec.loader.exec_module(module)
    return module


def test_the_judged_long_talk_sample_is_deterministic_and_says_what_is_unjudged(
    tmp_path: Path,
) -> None:
    """Issue 21's claim precision on a 100-claim sample of long talk: the same claims give the
    same sample whatever their order, a claim keeps its place when the reader adds another, the
    precision is over the judged claims only, and a claim no judgement covers is listed (with its
    turn) rather than guessed."""
    jm: Any = _judged_module()
    turns = [("Ana" if i % 2 else "Ben", f"turn {i} text") for i in range(150)]
    claims = [
        jm.TalkClaim("long-a", i, "Ana", "likes", f"thing {i}", True, jm.canonical({"n": i}))
        for i in range(150)
    ]
    first = jm.sample(claims)
    assert len(first) == 100 and first == jm.sample(list(reversed(claims)))
    assert [c.turn for c in first] == sorted(c.turn for c in first)
    extra = jm.TalkClaim("long-a", 7, "Ana", "hates", "rain", False)
    moved = set(jm.sample([*claims, extra])) ^ set(first)
    assert len(moved) <= 2  # the new claim in, at most one old one out
    assert jm.sample(claims[:30]) == sorted(claims[:30], key=lambda c: (c.turn, c.key()))

    judged = first[:60]
    wrong = {c.key() for c in judged[::4]}
    path = tmp_path / "dev.json"
    entries = [
        # The qualifiers as a file holds them: key order does not matter.
        {**c.entry(), "qualifiers": dict(reversed(list(c.entry()["qualifiers"].items())))}
        | {"right": c.key() not in wrong, "reason": "r"}
        for c in judged
    ]
    path.write_text(json.dumps({"conversations": {"long-a": entries}}))
    result = jm.judged_precision(claims, jm.load_judgements(path), {"long-a": turns})
    assert (result["sample"], result["judged"], result["stored"]) == (100, 60, 150)
    assert result["right"] == 60 - len(wrong) and result["precision"] == result["right"] / 60
    assert not result["complete"] and len(result["unjudged"]) == 40
    listed = result["unjudged"][0]
    assert listed["conversation"] == "long-a" and listed["said"][-1].endswith(
        f"turn {listed['turn']} text"
    )
    assert {w["object"] for w in result["wrong"]} == {c.object for c in judged[::4]}
    assert "40 unjudged" in jm.cell(result)
    everything = jm.judged_precision(claims[:10], jm.load_judgements(path), {}, size=100)
    assert everything["sample"] == 10 and everything["precision"] is not None
    nothing = jm.judged_precision(claims, {}, {})
    assert nothing["precision"] is None and jm.cell(nothing).startswith("- (0 of 100")
