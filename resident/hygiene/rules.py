"""The self-evaluation's rules: values in (counts the SQL pulled from a snapshot), findings out.

Each finding becomes a recommendation with a stable id made from its kind and target, so the
same rot found next week updates the same row instead of filing a second one. Nothing here,
and nothing that calls it, changes the graph's content: a finding only ever suggests.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

FindingKind = Literal["redundant_predicate", "orphan_entity", "duplicate_entity", "missing_inverse"]
FINDING_KINDS: tuple[FindingKind, ...] = (
    "redundant_predicate",
    "orphan_entity",
    "duplicate_entity",
    "missing_inverse",
)


@dataclass(frozen=True)
class Finding:
    """One piece of rot: `target` names what is affected (a predicate pair, an entity, an
    entity pair), `evidence` what was counted, `action` what a reviewer could do about it."""

    kind: FindingKind
    target: str
    detail: str
    action: str
    evidence: Mapping[str, Any] = field(default_factory=dict)

    @property
    def id(self) -> str:
        return recommendation_id(self.kind, self.target)


def recommendation_id(kind: str, target: str) -> str:
    """Stable across runs and machines: the same (kind, target) is the same recommendation."""
    digest = hashlib.sha256(f"{kind}\x1f{target}".encode()).hexdigest()[:16]
    return f"rec:{digest}"


# -- redundant predicates ----------------------------------------------------------------------


@dataclass(frozen=True)
class PredicateOverlap:
    """How many (subject, object) pairs two predicates share; `inverted` when `b` holds the
    pairs of `a` the other way round (object, subject)."""

    a: str
    b: str
    shared: int
    count_a: int
    count_b: int
    inverted: bool


def redundant_predicates(
    overlaps: Iterable[PredicateOverlap],
    threshold: float,
    min_shared: int,
    inverse_pairs: Sequence[tuple[str, str]],
) -> list[Finding]:
    """Two predicates whose pair sets overlap above `threshold` (share of the smaller set), or
    one stored twice as the inverse of the other. A declared inverse pair is expected to mirror
    itself and is judged by missing_inverses instead."""
    declared = {frozenset(p) for p in inverse_pairs}
    found = []
    for o in overlaps:
        if o.a == o.b or o.shared < min_shared:
            continue
        if o.inverted and frozenset((o.a, o.b)) in declared:
            continue
        smaller = min(o.count_a, o.count_b)
        share = o.shared / smaller if smaller else 0.0
        if share < threshold:
            continue
        a, b = sorted((o.a, o.b))
        how = "the inverse of" if o.inverted else "the same relation as"
        keep, drop = (a, b) if o.count_a >= o.count_b else (b, a)
        found.append(
            Finding(
                kind="redundant_predicate",
                target=f"{a}{'~inv~' if o.inverted else '~'}{b}",
                detail=(
                    f"`{o.b}` looks like {how} `{o.a}`: {o.shared} of {smaller} "
                    f"({share:.0%}) of the smaller predicate's pairs are shared"
                ),
                action=(
                    f"Review whether `{drop}` should be folded into `{keep}`"
                    + (
                        " (declare them an inverse pair in [hygiene] inverse_pairs and store "
                        "one direction)"
                        if o.inverted
                        else ""
                    )
                    + f". A migration would re-point `{drop}` claims in a reviewed, numbered "
                    "file; the evaluation never rewrites claims itself."
                ),
                evidence={
                    "a": o.a,
                    "b": o.b,
                    "shared": o.shared,
                    "count_a": o.count_a,
                    "count_b": o.count_b,
                    "share": round(share, 4),
                    "inverted": o.inverted,
                },
            )
        )
    return sorted(found, key=lambda f: f.target)


# -- orphan entities ---------------------------------------------------------------------------


@dataclass(frozen=True)
class OrphanEntity:
    id: str
    kind: str
    label: str


def orphan_entities(
    orphans: Iterable[OrphanEntity], excepted_kinds: Iterable[str]
) -> list[Finding]:
    """Entities with no claim in or out. People and documents are excepted: a person MAX has
    met but knows nothing about yet, or a document not yet read, is not rot."""
    excepted = set(excepted_kinds)
    return sorted(
        (
            Finding(
                kind="orphan_entity",
                target=o.id,
                detail=f"{o.kind} `{o.id}` ({o.label}) has no claim in or out",
                action=(
                    f"Find claims for `{o.id}` (a curiosity gap) or retire the entity "
                    "through a reviewed migration; it is kept until then."
                ),
                evidence={"entity": o.id, "kind": o.kind, "label": o.label},
            )
            for o in orphans
            if o.kind not in excepted
        ),
        key=lambda f: f.target,
    )


# -- duplicate entities ------------------------------------------------------------------------


@dataclass(frozen=True)
class NameCollision:
    """Entities of one kind (or any kind, for a cross-reference id) sharing a normalised name.
    `size` is how many share it; the SQL leaves `entities` empty for a common name."""

    name: str
    kind: str
    entities: tuple[str, ...]
    cross_reference: bool = False
    size: int = 0


@dataclass(frozen=True)
class LearnedDuplicate:
    """A row of duplicate_candidates (migration 004): the learner's near-identical pair."""

    entity_a: str
    entity_b: str
    similarity: float
    model: str


def duplicate_entities(
    collisions: Iterable[NameCollision],
    learned: Iterable[LearnedDuplicate],
    min_similarity: float,
    max_group: int,
) -> tuple[list[Finding], int]:
    """One finding per entity pair that shares a normalised label or alias within a kind, a
    cross-reference id, or a learner's similarity at or above `min_similarity`. Groups larger
    than `max_group` are a common name, not a duplicate: they are counted, not filed."""
    reasons: dict[tuple[str, str], dict[str, Any]] = {}
    skipped = 0
    for c in collisions:
        members = sorted(set(c.entities))
        if max(c.size, len(members)) > max_group:
            skipped += 1
            continue
        for i, a in enumerate(members):
            for b in members[i + 1 :]:
                entry = reasons.setdefault((a, b), {})
                key = "cross_references" if c.cross_reference else "shared_names"
                entry.setdefault(key, []).append(c.name)
                entry.setdefault("kind", c.kind)
    for d in learned:
        if d.similarity < min_similarity:
            continue
        a, b = sorted((d.entity_a, d.entity_b))
        reasons.setdefault((a, b), {})["learner"] = {
            "similarity": round(d.similarity, 4),
            "model": d.model,
        }
    found = []
    for (a, b), why in sorted(reasons.items()):
        parts = []
        if why.get("cross_references"):
            parts.append("carry the cross-reference " + ", ".join(sorted(why["cross_references"])))
        if why.get("shared_names"):
            parts.append(
                "share the name " + ", ".join(f"'{n}'" for n in sorted(why["shared_names"])[:5])
            )
        if "learner" in why:
            parts.append(
                f"look near-identical to {why['learner']['model']} "
                f"(similarity {why['learner']['similarity']:.2f})"
            )
        evidence = {
            "entity_a": a,
            "entity_b": b,
            **{k: (sorted(v) if isinstance(v, list) else v) for k, v in why.items()},
        }
        found.append(
            Finding(
                kind="duplicate_entity",
                target=f"{a}={b}",
                detail=f"`{a}` and `{b}` " + " and ".join(parts),
                action=(
                    f"If they are one thing, merge `{b}` into `{a}` (or the other way) in a "
                    "reviewed migration that re-points claims and keeps both ids as aliases; "
                    "if not, reject this recommendation."
                ),
                evidence=evidence,
            )
        )
    return found, skipped


def id_namespace(entity_id: str) -> str:
    """The id space an entity id belongs to (`omim` of `omim:100`): one curation's records."""
    return entity_id.partition(":")[0]


def duplicated_within_a_namespace(findings: Iterable[Finding]) -> set[str]:
    """The entities of duplicate pairs whose two ids come from one id space: one curation (or
    one ingest) minted the same thing twice, the rot the duplicate rate watches. A pair across
    id spaces (an OMIM and an ORPHA record naming one disease) is two databases' records of one
    thing, kept apart by design (one entity per record, stable ids per database); it is still
    filed, as a link to review, but it is not rot, and the shipped annotations alone hold
    hundreds of them."""
    out: set[str] = set()
    for f in findings:
        if f.kind != "duplicate_entity":
            continue
        a, b = str(f.evidence["entity_a"]), str(f.evidence["entity_b"])
        if id_namespace(a) == id_namespace(b):
            out |= {a, b}
    return out


# -- missing inverse edges ---------------------------------------------------------------------


@dataclass(frozen=True)
class InverseGap:
    """Of the `total` claims (s, forward, o), `missing` have no (o, inverse, s); `sample` a few."""

    forward: str
    inverse: str
    total: int
    missing: int
    sample: tuple[tuple[str, str], ...]


def missing_inverses(gaps: Iterable[InverseGap]) -> list[Finding]:
    """Declared inverse pairs where one direction exists without the other; one finding per
    direction, since the fix (derive the missing direction, or store only one) is per pair."""
    found = []
    for g in gaps:
        if g.missing == 0:
            continue
        found.append(
            Finding(
                kind="missing_inverse",
                target=f"{g.forward}->{g.inverse}",
                detail=(
                    f"{g.missing} of {g.total} `{g.forward}` claims have no `{g.inverse}` "
                    "claim the other way"
                ),
                action=(
                    f"Either derive `{g.inverse}` from `{g.forward}` at read time and stop "
                    f"storing it, or add the missing `{g.inverse}` claims with the same "
                    "provenance in a reviewed ingest; the evaluation adds nothing itself."
                ),
                evidence={
                    "forward": g.forward,
                    "inverse": g.inverse,
                    "total": g.total,
                    "missing": g.missing,
                    "share_missing": round(g.missing / g.total, 4) if g.total else 0.0,
                    "sample": [list(p) for p in g.sample],
                },
            )
        )
    return sorted(found, key=lambda f: f.target)
