"""Judged long-talk claim precision (issue 21: "claim precision >= 0.85 on a 100-claim sample of
long real-style talk").

The gold-shape measure of benchmarks/language_eval.py credits a claim only when it states one of
the one to three gold statements written for its turn, so a true claim the gold does not list
counts as wrong, and only gold turns are counted. This measure instead samples up to
SAMPLE_SIZE claims stored from *every* turn of the split's long conversations (LONG_TURNS), and
reads each one's verdict from a file of judgements written by hand by the criteria in
benchmarks/data/language/JUDGING.md (benchmarks/data/language/judged/<split>.json).

The sample is a bottom-k hash sample: each claim is ranked by sha256(SEED + its key) and the
SAMPLE_SIZE lowest are taken. It is deterministic, and a claim keeps its rank whatever else the
reader stores, so a changed reader changes the sample only by the claims it adds or removes.
A sampled claim no judgement covers is listed as unjudged: the precision over the judged ones is
reported with that count, never with a guess.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

DATA = Path(__file__).resolve().parent / "data" / "language"
JUDGED = DATA / "judged"
SAMPLE_SIZE = 100
SEED = "issue21-long-talk-claims"
#: How many turns before a claim's own are listed with it, for reading its pronouns.
CONTEXT_TURNS = 2


@dataclass(frozen=True)
class TalkClaim:
    """One claim stored from a turn of a long conversation, in the shape it is judged by."""

    conversation: str
    turn: int
    subject: str
    predicate: str
    object: str
    polarity: bool
    #: The claim's qualifiers and time as canonical JSON (sorted keys), so the claim hashes.
    qualifiers: str = "{}"

    def key(self) -> str:
        return json.dumps(
            [
                self.conversation,
                self.turn,
                self.subject,
                self.predicate,
                self.object,
                self.polarity,
                self.qualifiers,
            ]
        )

    def rank(self, seed: str = SEED) -> str:
        return hashlib.sha256(f"{seed}\x00{self.key()}".encode()).hexdigest()

    def entry(self) -> dict[str, Any]:
        """The claim as a judgement file holds it (without the verdict)."""
        return {
            "turn": self.turn,
            "subject": self.subject,
            "predicate": self.predicate,
            "object": self.object,
            "polarity": self.polarity,
            "qualifiers": json.loads(self.qualifiers),
        }


def canonical(qualifiers: dict[str, Any]) -> str:
    return json.dumps(qualifiers, sort_keys=True, ensure_ascii=False, default=str)


def talk_claim(conversation: str, turn: int, graph: Any, c: dict[str, Any]) -> TalkClaim:
    """A stored claim (a dump of `Turn.claims`) with its entities' labels."""
    from resident.records import Claim

    subject = graph.get_entity(c["subject"]).label
    if c.get("object_entity"):
        obj = graph.get_entity(c["object_entity"]).label
    else:
        obj = str(c.get("object_literal") or "")
    qualifiers = {k: v for k, v in c.items() if k not in Claim.model_fields}
    if c.get("occurred_at"):
        qualifiers["occurred_at"] = str(c["occurred_at"])[:10]
    negated = c["predicate"].startswith("not_") or c.get("polarity") is False
    qualifiers.pop("polarity", None)
    return TalkClaim(
        conversation, turn, subject, c["predicate"], obj, not negated, canonical(qualifiers)
    )


def sample(claims: list[TalkClaim], size: int = SAMPLE_SIZE, seed: str = SEED) -> list[TalkClaim]:
    """The `size` claims of lowest rank (all of them when fewer), in conversation-turn order."""
    unique = {c.key(): c for c in claims}
    chosen = sorted(unique.values(), key=lambda c: c.rank(seed))[:size]
    return sorted(chosen, key=lambda c: (c.conversation, c.turn, c.key()))


def _judgement_key(conversation: str, entry: dict[str, Any]) -> str:
    return TalkClaim(
        conversation,
        int(entry["turn"]),
        entry["subject"],
        entry["predicate"],
        entry["object"],
        bool(entry["polarity"]),
        canonical(entry.get("qualifiers", {})),
    ).key()


def load_judgements(path: Path) -> dict[str, dict[str, Any]]:
    """A judgement file ({"conversations": {id: [entry, ...]}}) by claim key."""
    if not path.exists():
        return {}
    data = json.loads(path.read_text())
    return {
        _judgement_key(conv, entry): entry
        for conv, entries in data["conversations"].items()
        for entry in entries
    }


def judged_precision(
    claims: list[TalkClaim],
    judgements: dict[str, dict[str, Any]],
    texts: dict[str, list[tuple[str, str]]],
    size: int = SAMPLE_SIZE,
) -> dict[str, Any]:
    """Precision on the sample, with what is unjudged listed (and each wrong claim's reason).
    `texts` holds each conversation's turns as (speaker, text), for reading a claim."""
    chosen = sample(claims, size)
    verdicts = [(c, judgements.get(c.key())) for c in chosen]
    judged = [(c, j) for c, j in verdicts if j is not None]
    right = sum(bool(j["right"]) for _, j in judged)

    def shown(c: TalkClaim, j: dict[str, Any] | None = None) -> dict[str, Any]:
        turns = texts.get(c.conversation, [])
        said = [f"{s}: {t}" for s, t in turns[max(0, c.turn - CONTEXT_TURNS) : c.turn + 1]]
        out = {"conversation": c.conversation, **c.entry(), "said": said}
        return out | ({"reason": j.get("reason", "")} if j is not None else {})

    unjudged = [shown(c) for c, j in verdicts if j is None]
    return {
        "stored": len({c.key() for c in claims}),
        "sample": len(chosen),
        "judged": len(judged),
        "right": right,
        "precision": right / len(judged) if judged else None,
        "complete": not unjudged,
        "wrong": [shown(c, j) for c, j in judged if not j["right"]],
        "unjudged": unjudged,
    }


def cell(result: dict[str, Any] | None) -> str:
    """The benchmark table's cell for the judged measure."""
    if not result:
        return "-"
    if not result["judged"]:
        return f"- (0 of {result['sample']} judged)"
    text = f"{result['precision']:.2f} ({result['right']}/{result['judged']}"
    text += f" of a {result['sample']}-claim sample; {result['stored']} stored)"
    if not result["complete"]:
        text += f" **{len(result['unjudged'])} unjudged: not a number until they are judged**"
    return text
