"""The epistemic ladder and its rules, as pure functions of values and a clock.

The store (`resident/memory/duck_store.py`) loads rows, asks these functions what may change and
writes the answer in one transaction. Nothing here reads the clock, the disk or the graph.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from enum import StrEnum

from resident.cognition.independence import Witness, statement_origins
from resident.cognition.statements import FUNCTIONAL_PREDICATES
from resident.config import CuriositySettings, DecaySettings, EpistemicSettings
from resident.errors import (
    ConflictRefused,
    FactProtected,
    InvalidInput,
    PromotionRefused,
    UnknownProvenance,
)
from resident.records import (
    Claim,
    Conflict,
    ConflictStatus,
    CuriosityGap,
    GapStatus,
    Level,
    NewClaim,
    claim_id,
    short_id,
)


class ProvenanceClass(StrEnum):
    """Where a claim came from decides how far it may climb."""

    GROUNDED = "grounded"  # ingest:, literature:, observation:
    PEER = "peer"  # another model: capped at hint
    INTERACTION = "interaction"  # said in conversation: capped at hint
    USER_CORRECTION = "user_correction"  # enters as HYPOTHESIS
    INFERENCE = "inference"  # a learner's guess: capped at hint, never evidence


GROUNDED_PREFIXES = ("ingest", "literature", "observation")
HINT_CLASSES = frozenset(
    {ProvenanceClass.PEER, ProvenanceClass.INTERACTION, ProvenanceClass.INFERENCE}
)
_PREFIX_CLASS = {
    "ingest": ProvenanceClass.GROUNDED,
    "literature": ProvenanceClass.GROUNDED,
    "observation": ProvenanceClass.GROUNDED,
    "peer": ProvenanceClass.PEER,
    "interaction": ProvenanceClass.INTERACTION,
    "inference": ProvenanceClass.INFERENCE,
    "user_correction": ProvenanceClass.USER_CORRECTION,
}


@dataclass(frozen=True)
class Provenance:
    raw: str
    klass: ProvenanceClass
    #: The source without its version: two claims with one source key are not independent.
    source_key: str

    @property
    def grounded(self) -> bool:
        return self.klass is ProvenanceClass.GROUNDED


# Pure, and read for the same few provenances by every claim of a batch (a refusal is raised
# again each time: lru_cache keeps only what returned).
@functools.lru_cache(maxsize=65_536)
def parse_provenance(raw: str) -> Provenance:
    """Classify a provenance string or refuse it with UnknownProvenance."""
    prefix, sep, rest = raw.partition(":")
    klass = _PREFIX_CLASS.get(prefix)
    if klass is None:
        raise UnknownProvenance(
            f"unknown provenance {raw!r}; expected one of "
            "ingest:<dataset>@<version>, literature:<doc>, observation:<sensor>, "
            "peer:<model>, interaction:<person>, inference:<learner>, user_correction"
        )
    if klass is ProvenanceClass.USER_CORRECTION:
        return Provenance(raw, klass, raw)
    if not sep or not rest.strip() or any(c.isspace() for c in rest):
        raise UnknownProvenance(f"provenance {raw!r} needs a name after '{prefix}:'")
    if prefix == "ingest":
        dataset, at, version = rest.partition("@")
        if not at or not dataset or not version:
            raise UnknownProvenance(f"provenance {raw!r} must read ingest:<dataset>@<version>")
        return Provenance(raw, klass, f"ingest:{dataset}")
    return Provenance(raw, klass, raw)


def provenance_cap(prov: Provenance, rules: EpistemicSettings) -> float:
    """The highest confidence a claim of this provenance may hold before promotion."""
    if prov.klass in HINT_CLASSES:
        return rules.hint_cap
    if prov.klass is ProvenanceClass.USER_CORRECTION:
        return rules.correction_confidence
    return rules.non_fact_ceiling


def level_for(confidence: float, rules: EpistemicSettings) -> Level:
    """The truth rung a confidence supports without promotion (never FACT)."""
    return Level.HYPOTHESIS if confidence < rules.belief_at else Level.BELIEF


def entry_confidence(requested: float, prov: Provenance, rules: EpistemicSettings) -> float:
    if prov.klass is ProvenanceClass.USER_CORRECTION:
        return rules.correction_confidence
    return min(requested, provenance_cap(prov, rules))


def admit(
    new: NewClaim,
    now: datetime,
    rules: EpistemicSettings,
    session_id: str | None = None,
    correlation_id: str | None = None,
) -> Claim:
    """The row a new claim enters as: capped by its provenance, at the rung its evidence supports.

    Nothing enters as FACT; that takes promote_to_fact.
    """
    prov = parse_provenance(new.provenance)
    if new.opinion and prov.klass is ProvenanceClass.USER_CORRECTION:
        # A correction says MAX is wrong about a truth; as an opinion it would slip off the
        # ladder and out of the conflict it is meant to open.
        raise InvalidInput("a user_correction is a truth claim and cannot be an opinion")
    confidence = entry_confidence(new.confidence, prov, rules)
    level = Level.OPINION if new.opinion else level_for(confidence, rules)
    return Claim(
        id=claim_id(new.subject, new.predicate, new.object_value, prov.source_key),
        subject=new.subject,
        predicate=new.predicate,
        object_entity=new.object_entity,
        object_literal=new.object_literal,
        confidence=confidence,
        level=level,
        provenance=new.provenance,
        created_at=now,
        retrieved_at=now,
        session_id=session_id,
        correlation_id=correlation_id,
        occurred_at=new.occurred_at,
    )


def merge_reingest(existing: Claim, incoming: Claim) -> Claim:
    """Re-ingesting a claim only refreshes its provenance string (a newer dataset version).

    Confidence and level are left alone: a re-ingest must not undo decay, a lost conflict or a
    promotion, and must never lower or replace a FACT.
    """
    if existing.provenance == incoming.provenance:
        return existing
    return existing.model_copy(update={"provenance": incoming.provenance})


def bump_period(rules: EpistemicSettings) -> timedelta:
    """How long after one confidence-raising retrieval the next may raise it again (whole
    microseconds, as the SQL twin counts them)."""
    return timedelta(microseconds=round(rules.retrieval_bump_every_hours * 3_600_000_000))


def retrieval_bump(claim: Claim, rules: EpistemicSettings, now: datetime) -> Claim:
    """What one retrieval at `now` does to a claim's confidence (retrieved_at is the caller's):
    never past the cap, never into FACT, and at most once per `bump_period` however often the
    claim is read, so that looking revives what decay took without pumping it to the ceiling."""
    if claim.level in (Level.FACT, Level.OPINION):
        return claim
    if now - claim.retrieved_at < bump_period(rules):
        return claim
    cap = provenance_cap(parse_provenance(claim.provenance), rules)
    confidence = max(claim.confidence, min(claim.confidence + rules.retrieval_bump, cap))
    return claim.model_copy(
        update={"confidence": confidence, "level": level_for(confidence, rules)}
    )


def decay_due(
    retrieved_at: datetime, now: datetime, last_run: datetime | None, rules: DecaySettings
) -> bool:
    """Does one run of decay at `now` owe a claim last retrieved at `retrieved_at` a halving?

    The time since a claim's last retrieval falls into stale spans of `stale_after_days`; a
    claim is due once per span it completes, when that span's end (retrieved_at + k spans,
    k >= 1) came after the last decay run (`last_run`, None before the first). So it halves
    at most once per span however often decay runs, a run that missed several ends halves it
    once, and a retrieval starts the spans again. Nothing per claim records a halving: the
    store keeps `last_run` once (migration 011), which lets decay write one column.
    """
    stale = timedelta(days=rules.stale_after_days)
    unretrieved = now - retrieved_at
    if unretrieved < stale:
        return False
    span_end = retrieved_at + stale * (unretrieved // stale)
    return last_run is None or span_end > last_run


def decay_step(
    claim: Claim,
    now: datetime,
    rules: DecaySettings,
    ladder: EpistemicSettings,
    last_run: datetime | None,
) -> Claim:
    """One run of the forgetting curve on one claim; the set-based SQL mirrors this exactly.

    Only truth claims below the threshold decay; a claim unretrieved for the stale span loses
    `factor` of its confidence, at most once per stale span (decay_due), never below the floor.
    A FACT never decays, whatever the threshold: only resolve_conflict with evidence lowers one.
    """
    if (
        claim.level in (Level.OPINION, Level.FACT)
        or claim.confidence >= rules.threshold
        or claim.confidence <= rules.floor
        or not decay_due(claim.retrieved_at, now, last_run, rules)
    ):
        return claim
    confidence = max(claim.confidence * rules.factor, rules.floor)
    return claim.model_copy(
        update={"confidence": confidence, "level": level_for(confidence, ladder)}
    )


#: Evidence as the store hands it to the rules: claim id -> the sources of its evidence rows.
EvidenceMap = Mapping[str, Sequence[str]]


def teller(provenance: str) -> str | None:
    """The person who told MAX a claim, in their own words or as a correction
    (`interaction:person:ana`, `user_correction:person:ana` -> person:ana), else None."""
    prefix, _, rest = provenance.partition(":")
    if prefix in ("interaction", "user_correction") and rest.startswith("person:"):
        return rest
    return None


def is_first_hand(claim: Claim) -> bool:
    """Said by the person the claim is about: Lena on where Lena lives. Such a claim settles a
    household conflict the way grounded evidence settles one about the world; it is still
    capped at hint and never promotes anything."""
    return claim.level is not Level.OPINION and teller(claim.provenance) == claim.subject


def independent_sources(claims: list[Claim], evidence: EvidenceMap | None = None) -> set[str]:
    """The independent origins (resident.cognition.independence) behind these claims: the
    evidence that counts. Opinions and claims that are not grounded bring none."""
    rows = evidence or {}
    return set(
        statement_origins(
            Witness(c.provenance, tuple(rows.get(c.id, ())))
            for c in claims
            if c.level is not Level.OPINION and parse_provenance(c.provenance).grounded
        )
    )


def promote_to_fact(
    claim: Claim,
    corroborating: list[Claim],
    rules: EpistemicSettings,
    evidence: EvidenceMap | None = None,
) -> Claim:
    """Raise a grounded claim to FACT, or refuse with PromotionRefused.

    `corroborating` are the other claims of the same subject, predicate and object; `evidence`
    maps claim ids to the sources of their evidence rows (without it each claim stands for its
    provenance). Only grounded claims count, each source by its origin
    (independence.source_origin), and more than one independent origin is needed.
    """
    if claim.level is Level.FACT:
        return claim
    if claim.level is Level.OPINION:
        raise PromotionRefused(f"claim {claim.id} is an opinion and is never promoted")
    prov = parse_provenance(claim.provenance)
    if not prov.grounded:
        raise PromotionRefused(
            f"claim {claim.id} has {prov.klass.value} provenance; only grounded claims are promoted"
        )
    same = [
        c
        for c in corroborating
        if (c.subject, c.predicate, c.object_value)
        == (claim.subject, claim.predicate, claim.object_value)
    ]
    sources = independent_sources([claim, *same], evidence)
    if len(sources) < rules.min_independent_sources:
        raise PromotionRefused(
            f"claim {claim.id} has {len(sources)} independent grounded source(s) "
            f"({', '.join(sorted(sources))}); a FACT needs more than one"
        )
    confidence = max(claim.confidence, rules.promoted_confidence)
    return claim.model_copy(update={"confidence": confidence, "level": Level.FACT})


def contradicts(held: Claim, predicate: str, value: str | None, one_valued: bool = False) -> bool:
    """Whether `value` for `predicate` contradicts what `held` states of the same subject: a
    different object (case and spacing aside) on a one-valued predicate (`one_valued`: treat
    this predicate as one-valued, to ask whether the two say the same thing at all)."""
    if value is None or held.predicate != predicate or held.level is Level.OPINION:
        return False
    if not one_valued and predicate not in FUNCTIONAL_PREDICATES:
        return False
    return " ".join(held.object_value.casefold().split()) != " ".join(value.casefold().split())


def record_conflict(a: Claim, b: Claim, now: datetime, reason: str) -> Conflict:
    """The row for a contradiction. Only truth claims with one subject and predicate and
    different objects can conflict (so no collateral invalidation)."""
    if a.id == b.id:
        raise ConflictRefused("a claim cannot conflict with itself")
    if (a.subject, a.predicate) != (b.subject, b.predicate):
        raise ConflictRefused(
            "only claims with the same subject and predicate can conflict "
            f"({a.subject} {a.predicate} vs {b.subject} {b.predicate})"
        )
    if Level.OPINION in (a.level, b.level):
        raise ConflictRefused("an opinion is never a side of a truth conflict")
    if a.object_value == b.object_value:
        raise ConflictRefused("the two claims say the same thing")
    first, second = sorted((a.id, b.id))
    return Conflict(
        id=short_id("x", first, second),
        claim_a=first,
        claim_b=second,
        subject=a.subject,
        predicate=a.predicate,
        status=ConflictStatus.OPEN,
        reason=reason,
        created_at=now,
    )


def resolve_conflict(
    conflict: Conflict,
    winner: Claim,
    loser: Claim,
    evidence: list[Claim],
    now: datetime,
    rules: EpistemicSettings,
    rows: EvidenceMap | None = None,
) -> tuple[Conflict, Claim]:
    """Settle a conflict with evidence: the loser keeps its row and loses half its confidence.

    `evidence` are grounded claims stating what the winner states (`rows`: their evidence rows'
    sources, by claim id), or the person the claim is about saying it first-hand (not against
    a FACT). Lowering a FACT takes as much evidence as making one did.
    """
    if conflict.status is ConflictStatus.RESOLVED:
        raise ConflictRefused(f"conflict {conflict.id} is already resolved")
    if {winner.id, loser.id} != {conflict.claim_a, conflict.claim_b}:
        raise ConflictRefused("winner and loser must be the conflict's two claims")
    support = [
        e
        for e in evidence
        if (e.subject, e.predicate, e.object_value)
        == (winner.subject, winner.predicate, winner.object_value)
    ]
    sources = independent_sources([winner, *support], rows)
    needed = rules.min_independent_sources if loser.level is Level.FACT else 1
    # The person concerned saying it settles what their housemates disagree about; a FACT
    # is never lowered by anyone's word.
    if loser.level is not Level.FACT and any(is_first_hand(c) for c in [winner, *support]):
        sources.add(f"first_hand:{winner.subject}")
    if len(sources) < needed:
        raise (
            FactProtected(
                f"resolving conflict {conflict.id} needs {needed} independent grounded source(s) "
                f"for the winner, found {len(sources)}"
            )
            if loser.level is Level.FACT
            else ConflictRefused(
                f"conflict {conflict.id} has no grounded evidence for the winner; it stays open"
            )
        )
    confidence = loser.confidence * rules.conflict_loss_factor
    lost = loser.model_copy(
        update={"confidence": confidence, "level": level_for(confidence, rules)}
    )
    settled = conflict.model_copy(
        update={"status": ConflictStatus.RESOLVED, "winner": winner.id, "resolved_at": now}
    )
    return settled, lost


@dataclass(frozen=True)
class CorrectionWrites:
    """The three writes of record_correction, applied by the store in one transaction."""

    gap: CuriosityGap
    hypothesis: Claim
    conflict: Conflict | None


def record_correction(
    old: Claim | None,
    correction: NewClaim,
    now: datetime,
    rules: EpistemicSettings,
    curiosity: CuriositySettings,
    session_id: str | None = None,
    correlation_id: str | None = None,
) -> CorrectionWrites:
    """A person says MAX is wrong: a top-priority curiosity gap, a user_correction HYPOTHESIS,
    and a conflict row between the old claim and the new one. Never a fact."""
    prov = parse_provenance(correction.provenance)
    if prov.klass is not ProvenanceClass.USER_CORRECTION:
        raise UnknownProvenance("a correction's provenance must be user_correction")
    hypothesis = admit(correction, now, rules, session_id, correlation_id)
    conflict = None
    if old is not None and old.object_value != hypothesis.object_value:
        conflict = record_conflict(old, hypothesis, now, reason="user_correction")
    gap = new_gap(
        subject=correction.subject,
        predicate=correction.predicate,
        question=(
            f"Is {correction.predicate.replace('_', ' ')} of {correction.subject} "
            f"{correction.object_value}?"
        ),
        priority=curiosity.correction_priority,
        claim_id=hypothesis.id,
        now=now,
    )
    return CorrectionWrites(gap=gap, hypothesis=hypothesis, conflict=conflict)


def new_gap(
    subject: str, predicate: str, question: str, priority: int, claim_id: str | None, now: datetime
) -> CuriosityGap:
    return CuriosityGap(
        id=short_id("g", subject, predicate, claim_id or "", now.isoformat()),
        subject=subject,
        predicate=predicate,
        question=question,
        priority=priority,
        claim_id=claim_id,
        next_attempt_at=now,
        created_at=now,
        updated_at=now,
    )


def gap_backoff(attempts: int, curiosity: CuriositySettings) -> timedelta:
    """Wait after a failed try when `attempts` tries had failed before it: base * 2**attempts,
    capped; so the first failure waits the base."""
    minutes = curiosity.backoff_base_minutes * (2 ** min(attempts, 30))
    return min(timedelta(minutes=minutes), timedelta(hours=curiosity.max_backoff_hours))


def gap_attempted(
    gap: CuriosityGap, now: datetime, curiosity: CuriositySettings, resolved: bool, note: str
) -> CuriosityGap:
    """The gap after one attempt: resolved, or open again after a backoff."""
    return gap.model_copy(
        update={
            "attempts": gap.attempts + 1,
            "status": GapStatus.RESOLVED if resolved else GapStatus.OPEN,
            "next_attempt_at": now + gap_backoff(gap.attempts, curiosity),
            "updated_at": now,
            "note": note,
        }
    )
