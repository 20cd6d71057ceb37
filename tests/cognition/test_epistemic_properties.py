"""Random sequences of graph operations against a real DuckStore file keep the ladder's laws.

Every provenance class, bulk and single writes, retrieval, promotion, conflicts, corrections and
decay under a moving clock; after each step the whole graph is checked against the rules.
"""

from __future__ import annotations

import shutil
import tempfile
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pyarrow as pa
from hypothesis import HealthCheck, event, settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    Bundle,
    RuleBasedStateMachine,
    invariant,
    multiple,
    rule,
)

from resident.cognition import epistemic
from resident.cognition.epistemic import HINT_CLASSES, ProvenanceClass, parse_provenance
from resident.config import load_settings
from resident.errors import ConflictRefused, FactProtected, PromotionRefused
from resident.memory.duck_store import DuckStore
from resident.records import Claim, ConflictStatus, Entity, Level, NewClaim

T0 = datetime(2026, 1, 1, tzinfo=UTC)
SUBJECTS = ["hp:1", "hp:2"]
PREDICATES = ["is_a", "has_part"]
OBJECT_ENTITIES = ["hp:3", "person:anna"]
LITERALS = ["red", "blue"]
PROVENANCES = [
    "ingest:hpo@2024",
    "ingest:hpo@2025",
    "ingest:omim@1",
    "literature:doc1",
    "literature:doc2",
    "observation:cam",
    "peer:gpt",
    "peer:claude",
    "interaction:person:anna",
    "inference:learner",
    "user_correction",
]
GROUNDED = [p for p in PROVENANCES if parse_provenance(p).grounded]
REFERENCES = ["PMID:1", "PMID:2", "OMIM:1", "OMIM:2", "literature:PMID:1", "peer:gpt"]
#: The origin of every source these tests write, by hand (the oracle for the independence
#: rule): versions of a dataset are one source, records of one database are one, a document
#: naming a publication is that publication, a peer is none.
ORIGIN: dict[str, str | None] = {
    "ingest:hpo": "hpo",
    "ingest:omim": "omim-dataset",
    "literature:doc1": "doc1",
    "literature:doc2": "doc2",
    "observation:cam": "cam",
    "PMID:1": "pmid1",
    "PMID:2": "pmid2",
    "OMIM:1": "omim",
    "OMIM:2": "omim",
    "literature:PMID:1": "pmid1",
    "peer:gpt": None,
    "peer:claude": None,
    "interaction:person:anna": None,
    "inference:learner": None,
    "user_correction": None,
}
CONFIDENCES = st.one_of(st.floats(0, 1), st.sampled_from([0.0, 0.3, 0.5, 0.6, 0.84, 0.85, 1.0]))


@st.composite
def new_claims(draw: st.DrawFn) -> NewClaim:
    prov = draw(st.sampled_from(PROVENANCES))
    obj = draw(st.sampled_from(OBJECT_ENTITIES + LITERALS))
    return NewClaim(
        subject=draw(st.sampled_from(SUBJECTS)),
        # Mostly one predicate, so that statements repeat, corroborate and contradict.
        predicate=draw(st.sampled_from(PREDICATES[:1] * 3 + PREDICATES[1:])),
        object_entity=obj if ":" in obj else None,
        object_literal=None if ":" in obj else obj,
        confidence=draw(CONFIDENCES),
        provenance=prov,
        # A user_correction is never an opinion (the store refuses it; test_bad_input.py).
        opinion=prov != "user_correction" and draw(st.integers(0, 5)) == 0,
        locator=draw(st.one_of(st.none(), st.sampled_from(["line 1", "line 2"]))),
    )


class GraphLaws(RuleBasedStateMachine):
    claims = Bundle("claims")
    conflicts = Bundle("conflicts")

    def __init__(self) -> None:
        super().__init__()
        self.tmp = Path(tempfile.mkdtemp(prefix="resident-props-"))
        self.settings = load_settings(data_dir=self.tmp, env={})
        self.rules = self.settings.epistemic
        self.store = DuckStore.open(self.settings, create=True)
        self.now = T0
        self.store.upsert_entities(
            [Entity(id=e, kind="thing", label=e) for e in SUBJECTS + OBJECT_ENTITIES], self.now
        )
        self.seen: dict[str, Claim] = {}
        # What the last step was allowed to do to FACTs.
        self.promoted: set[str] = set()
        self.lowered: dict[str, float] = {}

    def teardown(self) -> None:
        self.store.close()
        shutil.rmtree(self.tmp, ignore_errors=True)

    def graph(self) -> dict[str, Claim]:
        return {c.id: c for s in SUBJECTS for c in self.store.peek_claims(s)}

    # -- writes ------------------------------------------------------------------------------

    @rule(target=claims, new=new_claims())
    def add_claim(self, new: NewClaim) -> str:
        return self.store.add_claim(new, self.now, "session", "corr").id

    @rule(target=claims, claim_id=claims, prov=st.sampled_from(GROUNDED), conf=CONFIDENCES)
    def corroborate(self, claim_id: str, prov: str, conf: float) -> str:
        """The same statement from another (maybe the same) grounded source."""
        c = self.store.peek_claim(claim_id)
        new = NewClaim(
            subject=c.subject,
            predicate=c.predicate,
            object_entity=c.object_entity,
            object_literal=c.object_literal,
            confidence=conf,
            provenance=prov,
        )
        return self.store.add_claim(new, self.now).id

    @rule(
        target=claims,
        claim_id=claims,
        provs=st.lists(st.sampled_from(GROUNDED), min_size=2, max_size=2),
    )
    def establish_fact(self, claim_id: str, provs: list[str]) -> str:
        """Two grounded sources state what a claim states; then one of them asks for FACT."""
        ids = [self.corroborate(claim_id, prov, 0.7) for prov in provs]
        self.promote_to_fact(ids[0])
        return ids[0]

    @rule(
        target=conflicts,
        claim_id=claims,
        prov=st.sampled_from(PROVENANCES),
        obj=st.sampled_from(OBJECT_ENTITIES + LITERALS),
        support=st.lists(st.sampled_from(GROUNDED), max_size=2),
    )
    def contradict(self, claim_id: str, prov: str, obj: str, support: list[str]) -> object:
        """A claim with the same subject and predicate and another object, maybe backed by
        grounded sources, and the conflict between the two."""
        c = self.store.peek_claim(claim_id)
        if obj == c.object_value or c.level is Level.OPINION:
            return multiple()
        new = NewClaim(
            subject=c.subject,
            predicate=c.predicate,
            object_entity=obj if ":" in obj else None,
            object_literal=None if ":" in obj else obj,
            confidence=0.9,
            provenance=prov,
        )
        other = self.store.add_claim(new, self.now)
        for source in support:
            self.store.add_claim(new.model_copy(update={"provenance": source}), self.now)
        if other.level is Level.OPINION:
            return multiple()
        return self.store.record_conflict(c.id, other.id, self.now).id

    @rule(target=claims, batch=st.lists(new_claims(), min_size=1, max_size=5), arrow=st.booleans())
    def upsert_claims(self, batch: list[NewClaim], arrow: bool) -> object:
        payload: list[NewClaim] | pa.Table = batch
        if arrow:
            payload = pa.Table.from_pylist([c.model_dump() for c in batch])
        self.store.upsert_claims(payload, self.now)
        return multiple(*{epistemic.admit(c, self.now, self.rules).id for c in batch})

    @rule(
        target=claims,
        old=st.one_of(st.none(), claims),
        obj=st.sampled_from(OBJECT_ENTITIES + LITERALS),
    )
    def record_correction(self, old: str | None, obj: str) -> object:
        before = self.graph()
        base = before[old] if old else None
        subject = base.subject if base else SUBJECTS[0]
        predicate = base.predicate if base else PREDICATES[0]
        fix = NewClaim(
            subject=subject,
            predicate=predicate,
            object_entity=obj if ":" in obj else None,
            object_literal=None if ":" in obj else obj,
            confidence=0.99,
            provenance="user_correction",
        )
        counts = self.store.counts()
        try:
            writes = self.store.record_correction(fix, old, self.now)
        except ConflictRefused:
            # Only an opinion cannot be a side of the conflict a correction opens.
            assert base is not None and base.level is Level.OPINION
            assert self.store.counts() == counts
            return multiple()
        h = self.store.peek_claim(writes.hypothesis.id)
        assert (h.level, h.provenance) == (Level.HYPOTHESIS, "user_correction")
        gap = self.store.get_gap(writes.gap.id)
        assert gap.priority == self.settings.curiosity.correction_priority
        assert gap.claim_id == h.id
        if base is not None and base.object_value != h.object_value:
            assert writes.conflict is not None
            assert self.store.conflicts_for(base.id)
        return h.id

    # -- reads -------------------------------------------------------------------------------

    @rule(claim_id=claims)
    def get_claim(self, claim_id: str) -> None:
        assert self.store.get_claim(claim_id, self.now).retrieved_at == self.now

    @rule(
        subject=st.sampled_from(SUBJECTS),
        predicate=st.one_of(st.none(), st.sampled_from(PREDICATES)),
    )
    def claims_by_subject(self, subject: str, predicate: str | None) -> None:
        for c in self.store.claims_by_subject(subject, self.now, predicate):
            assert c.subject == subject and predicate in (None, c.predicate)

    @rule(obj=st.sampled_from(OBJECT_ENTITIES))
    def claims_by_object(self, obj: str) -> None:
        for c in self.store.claims_by_object(obj, self.now):
            assert c.object_entity == obj

    # -- the epistemic operations -------------------------------------------------------------

    @rule(claim_id=claims)
    def promote_to_fact(self, claim_id: str) -> None:
        graph = self.graph()
        claim = graph[claim_id]
        grounded = parse_provenance(claim.provenance).grounded
        sources = self._origins(claim, graph)
        try:
            fact = self.store.promote_to_fact(claim_id, self.now)
        except PromotionRefused:
            assert claim.level is Level.OPINION or not grounded or len(sources) < 2
            event("promotion refused")
            return
        assert fact.level is Level.FACT and fact.confidence >= self.rules.fact_at
        if claim.level is not Level.FACT:
            assert grounded and len(sources) > 1, "a FACT without >1 independent grounded source"
            self.promoted.add(claim_id)
            event("promoted to FACT")

    @rule(
        target=claims,
        claim_id=claims,
        prov=st.sampled_from(PROVENANCES),
        refs=st.lists(st.sampled_from(REFERENCES), min_size=1, max_size=3),
    )
    def cite(self, claim_id: str, prov: str, refs: list[str]) -> object:
        """The same statement, bulk-written with one evidence row per reference it cites (what
        the hpoa persister does), from any provenance class."""
        c = self.store.peek_claim(claim_id)
        n = len(refs)
        self.store.upsert_claims(
            pa.table(
                {
                    "subject": [c.subject] * n,
                    "predicate": [c.predicate] * n,
                    "object_entity": pa.array([c.object_entity] * n, pa.string()),
                    "object_literal": pa.array([c.object_literal] * n, pa.string()),
                    "confidence": [0.7] * n,
                    "provenance": [prov] * n,
                    "locator": [f"line {i}" for i in range(n)],
                    "evidence_source": refs,
                }
            ),
            self.now,
        )
        new = NewClaim(
            subject=c.subject,
            predicate=c.predicate,
            object_entity=c.object_entity,
            object_literal=c.object_literal,
            confidence=0.7,
            provenance=prov,
        )
        return epistemic.admit(new, self.now, self.rules).id

    @rule()
    def promote_earned(self) -> None:
        """The sweep: every claim it promotes had >1 independent grounded source (the oracle)
        and was not a side of a conflict."""
        graph = self.graph()
        report = self.store.promote_earned(self.now, sample=10_000)
        for p in report.sample:
            claim = graph[p.claim_id]
            assert claim.level not in (Level.FACT, Level.OPINION)
            assert parse_provenance(claim.provenance).grounded
            assert len(self._origins(claim, graph)) > 1, "swept to FACT without the evidence"
            assert not self.store.conflicts_for(claim.id)
            self.promoted.add(p.claim_id)
        if report.promoted:
            event("the sweep promoted")

    def _origins(self, claim: Claim, graph: dict[str, Claim]) -> set[str]:
        """The evidence oracle with references: per grounded claim of the statement, the
        origins (ORIGIN) of the references it cites other than its own source, else its own."""
        out: set[str] = set()
        for c in graph.values():
            if (
                (c.subject, c.predicate, c.object_value)
                != (claim.subject, claim.predicate, claim.object_value)
                or c.level is Level.OPINION
                or not parse_provenance(c.provenance).grounded
            ):
                continue
            own = ORIGIN[parse_provenance(c.provenance).source_key]
            cited = {ORIGIN[e.source] for e in self.store.evidence_for(c.id)} - {own, None}
            out |= cited or {own}
        return out

    @rule(target=conflicts, a=claims, b=claims)
    def record_conflict(self, a: str, b: str) -> object:
        try:
            return self.store.record_conflict(a, b, self.now).id
        except ConflictRefused:
            graph = self.graph()
            ca, cb = graph[a], graph[b]
            assert (
                a == b
                or (ca.subject, ca.predicate) != (cb.subject, cb.predicate)
                or Level.OPINION in (ca.level, cb.level)
                or ca.object_value == cb.object_value
            )
            return multiple()

    @rule(conflict_id=conflicts, first_wins=st.booleans())
    def resolve_conflict(self, conflict_id: str, first_wins: bool) -> None:
        graph = self.graph()
        some = next(
            x for cid in graph for x in self.store.conflicts_for(cid) if x.id == conflict_id
        )
        self._resolve(conflict_id, some.claim_a if first_wins else some.claim_b)

    @rule(
        claim_id=claims,
        obj=st.sampled_from(OBJECT_ENTITIES + LITERALS),
        sources=st.lists(st.sampled_from(GROUNDED), min_size=2, max_size=2),
    )
    def overturn(self, claim_id: str, obj: str, sources: list[str]) -> None:
        """Grounded sources contradict a claim (often a FACT) and their side wins."""
        conflict_id = self.contradict(claim_id, sources[0], obj, sources[1:])
        if isinstance(conflict_id, str):
            x = next(x for x in self.store.conflicts_for(claim_id) if x.id == conflict_id)
            self._resolve(conflict_id, x.claim_b if x.claim_a == claim_id else x.claim_a)

    def _resolve(self, conflict_id: str, winner_id: str) -> None:
        graph = self.graph()
        open_ids = {x.id for x in self.store.open_conflicts(limit=1000)}
        some = next(
            x for cid in graph for x in self.store.conflicts_for(cid) if x.id == conflict_id
        )
        loser_id = some.claim_b if winner_id == some.claim_a else some.claim_a
        winner, loser = graph[winner_id], graph[loser_id]
        sources = self._origins(winner, graph)
        needed = 2 if loser.level is Level.FACT else 1
        try:
            settled, lost = self.store.resolve_conflict(conflict_id, winner_id, self.now)
        except (ConflictRefused, FactProtected):
            assert conflict_id not in open_ids or len(sources) < needed
            event("resolution refused")
            return
        assert conflict_id in open_ids and len(sources) >= needed, "resolved without evidence"
        assert settled.status is ConflictStatus.RESOLVED and settled.winner == winner_id
        expected = loser.confidence * self.rules.conflict_loss_factor
        assert lost.confidence == expected and lost.level is not Level.FACT
        self.lowered[loser_id] = expected
        event("a FACT lost a conflict" if loser.level is Level.FACT else "conflict resolved")

    # -- time --------------------------------------------------------------------------------

    @rule(days=st.integers(0, 200), hours=st.integers(0, 23))
    def decay_stale_facts(self, days: int, hours: int) -> None:
        self.now += timedelta(days=days, hours=hours)
        counts = self.store.decay_stale_facts(self.now)
        assert counts.decayed >= 0 and counts.now == self.now
        if counts.decayed:
            event("decay halved claims")

    @rule(days=st.integers(0, 120))
    def advance_clock(self, days: int) -> None:
        self.now += timedelta(days=days)

    # -- the laws ----------------------------------------------------------------------------

    @invariant()
    def the_laws_hold(self) -> None:
        graph = self.graph()
        assert set(self.seen) <= set(graph), "a claim row disappeared"
        assert self.store.counts()["claims"] == len(graph)
        hint = self.rules.hint_cap
        for c in graph.values():
            klass = parse_provenance(c.provenance).klass
            assert 0.0 <= c.confidence <= 1.0
            if klass in HINT_CLASSES:
                assert c.confidence <= hint, f"{c.provenance} claim above the hint cap"
                assert c.level is not Level.FACT
            if klass is ProvenanceClass.USER_CORRECTION:
                assert c.level is Level.HYPOTHESIS
            if c.level is Level.FACT:
                assert c.confidence >= self.rules.fact_at
            prev = self.seen.get(c.id)
            if prev is not None:
                assert (c.subject, c.predicate, c.object_value) == (
                    prev.subject,
                    prev.predicate,
                    prev.object_value,
                )
            if c.level is Level.FACT and (prev is None or prev.level is not Level.FACT):
                assert c.id in self.promoted, "reached FACT other than through promote_to_fact"
            if prev is not None and prev.level is Level.FACT:
                if c.id in self.lowered:
                    assert c.confidence == self.lowered[c.id]
                else:
                    assert c.level is Level.FACT, "a FACT was lowered without resolve_conflict"
                    assert c.confidence >= prev.confidence
        self.seen = graph
        self.promoted.clear()
        self.lowered.clear()


GraphLaws.TestCase.settings = settings(
    max_examples=25,
    stateful_step_count=30,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)
TestGraphLaws = GraphLaws.TestCase
