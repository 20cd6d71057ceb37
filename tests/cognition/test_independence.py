"""The independence rule (resident.cognition.independence) and promote_to_fact's reliance on it:
examples from the real phenotype.hpoa, and properties over random sources and claims."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from hypothesis import given
from hypothesis import strategies as st

from resident.cognition import epistemic
from resident.cognition.independence import (
    Witness,
    independent,
    source_origin,
    statement_origins,
    why,
    witness_origins,
)
from resident.config import load_settings
from resident.errors import PromotionRefused
from resident.records import Claim, Level

RULES = load_settings(env={}).epistemic
T0 = datetime(2026, 1, 1, tzinfo=UTC)

PUBLICATIONS = [
    "PMID:1",
    "PMID:2",
    "PMID:19890111",
    "ISBN-13:978-0199-1",
    "ISBN:97801991",
    "http://www.omim.org/entry/1",
    "literature:PMID:1",
    "literature:PMID:2",
]
DATABASES = ["OMIM:1", "OMIM:2", "ORPHA:558", "DECIPHER:16"]
DATASETS = ["ingest:hpo-annotations@2024", "ingest:hpo-annotations@2025", "ingest:hp@1"]
OTHER_GROUNDED = ["literature:doc1", "literature:doc2", "observation:cam"]
NOT_EVIDENCE = [
    "peer:gpt",
    "peer:claude",
    "interaction:person:anna",
    "inference:learner",
    "user_correction",
    "",
    "no colon here",
]
SOURCES = PUBLICATIONS + DATABASES + DATASETS + OTHER_GROUNDED + NOT_EVIDENCE
GROUNDED_PROVS = [
    "ingest:hpo-annotations@2025",
    "ingest:hp@1",
    "literature:doc1",
    "literature:PMID:1",
    "observation:cam",
]
HINT_PROVS = ["peer:gpt", "interaction:person:anna", "inference:learner", "user_correction"]


@pytest.mark.parametrize(
    ("a", "b", "expected"),
    [
        ("PMID:21519361", "PMID:19890111", True),  # two publications (a real hpoa line)
        ("OMIM:612567", "PMID:21519361", True),  # a database and a publication
        ("OMIM:612567", "OMIM:612568", False),  # two records of one database: one curation
        ("PMID:1", "PMID:1", False),  # one publication cited twice
        ("ingest:hpo-annotations@2024", "ingest:hpo-annotations@2025", False),  # two versions
        ("literature:PMID:1", "PMID:1", False),  # a document naming the publication it is
        ("literature:doc1", "PMID:1", True),
        ("ISBN-13:978-0-19", "ISBN:978019", False),  # one book, written two ways
        ("http://www.orpha.net/x", "https://www.orpha.net/x/", False),
        ("peer:gpt", "PMID:1", False),  # a model's word is never evidence
        ("inference:learner", "observation:cam", False),
        ("user_correction", "PMID:1", False),
    ],
)
def test_examples(a: str, b: str, expected: bool) -> None:
    assert independent(a, b) is expected
    assert independent(b, a) is expected


def test_hint_and_person_sources_have_no_origin() -> None:
    for source in NOT_EVIDENCE:
        assert source_origin(source) is None


def test_why_tallies_kinds() -> None:
    assert why({"publication:pmid:1", "database:omim"}) == "database:omim + publication"
    assert why({f"publication:pmid:{i}" for i in range(5)}) == "publication x3+"


@given(st.sampled_from(SOURCES), st.sampled_from(SOURCES))
def test_independence_is_symmetric_and_irreflexive(a: str, b: str) -> None:
    assert independent(a, b) == independent(b, a)
    assert not independent(a, a)
    if independent(a, b):
        assert source_origin(a) != source_origin(b)


@given(st.sampled_from(SOURCES), st.sampled_from(SOURCES), st.sampled_from(SOURCES))
def test_not_independent_is_an_equivalence_on_evidence(a: str, b: str, c: str) -> None:
    """'Same origin' is transitive: sources fall into classes, and a class counts once."""
    if None in (source_origin(a), source_origin(b), source_origin(c)):
        return
    if not independent(a, b) and not independent(b, c):
        assert not independent(a, c)


@given(st.sampled_from(DATASETS[:2]), st.sampled_from(DATASETS[:2]))
def test_versions_of_one_dataset_are_one_source(a: str, b: str) -> None:
    assert not independent(a, b)


@given(st.sampled_from(HINT_PROVS + GROUNDED_PROVS), st.lists(st.sampled_from(SOURCES)))
def test_a_claim_that_is_not_grounded_brings_nothing(prov: str, sources: list[str]) -> None:
    origins = witness_origins(Witness(prov, tuple(sources)))
    if prov in HINT_PROVS:
        assert origins == frozenset()
    else:
        assert origins, "a grounded claim always stands for at least its own source"
        assert None not in origins


@given(st.sampled_from(GROUNDED_PROVS), st.lists(st.sampled_from(SOURCES), max_size=4))
def test_a_claim_derived_from_one_annotation_adds_nothing(prov: str, refs: list[str]) -> None:
    """Two claims that carry one annotation's references have the origins of one."""
    one = Witness(prov, tuple(refs))
    assert statement_origins([one, Witness(prov, tuple(reversed(refs)))]) == witness_origins(one)


def _claim(cid: str, prov: str, obj: str = "hp:3", level: Level = Level.BELIEF) -> Claim:
    return Claim(
        id=cid,
        subject="omim:1",
        predicate="has_phenotype",
        object_entity=obj,
        object_literal=None,
        confidence=0.7,
        level=level,
        provenance=prov,
        created_at=T0,
        retrieved_at=T0,
    )


@st.composite
def statements(draw: st.DrawFn) -> tuple[list[Claim], dict[str, list[str]]]:
    """Claims of one statement (and some of another object), each with random evidence rows."""
    n = draw(st.integers(1, 5))
    claims, evidence = [], {}
    for i in range(n):
        prov = draw(st.sampled_from(GROUNDED_PROVS + HINT_PROVS))
        level = draw(st.sampled_from([Level.BELIEF, Level.HYPOTHESIS, Level.OPINION]))
        obj = draw(st.sampled_from(["hp:3", "hp:3", "hp:4"]))
        c = _claim(f"c{i}", prov, obj, level if prov != "user_correction" else Level.HYPOTHESIS)
        claims.append(c)
        evidence[c.id] = draw(st.lists(st.sampled_from(SOURCES), max_size=3))
    return claims, evidence


@given(statements())
def test_nothing_reaches_fact_without_two_independent_grounded_sources(
    drawn: tuple[list[Claim], dict[str, list[str]]],
) -> None:
    """The invariant, against an oracle written from the rule's words: count the distinct
    origins of grounded, truth-evaluable claims stating the same thing."""
    claims, evidence = drawn
    for claim in claims:
        same = [
            c
            for c in claims
            if c.object_value == claim.object_value
            and c.level is not Level.OPINION
            and c.provenance.startswith(("ingest:", "literature:", "observation:"))
        ]
        oracle = set()
        for c in same:
            oracle |= witness_origins(Witness(c.provenance, tuple(evidence[c.id])))
        for c in same:
            for o in witness_origins(Witness(c.provenance, tuple(evidence[c.id]))):
                assert o is not None
        try:
            fact = epistemic.promote_to_fact(claim, claims, RULES, evidence)
        except PromotionRefused:
            assert claim.level is Level.OPINION or claim.provenance in HINT_PROVS or len(oracle) < 2
            continue
        assert fact.level is Level.FACT
        assert claim.provenance not in HINT_PROVS and claim.level is not Level.OPINION
        assert len(oracle) >= 2, "a FACT without more than one independent grounded source"
        # Hint-capped claims are never evidence: without them the outcome is the same.
        grounded_only = [c for c in claims if c.provenance not in HINT_PROVS]
        assert epistemic.promote_to_fact(claim, grounded_only, RULES, evidence).level is Level.FACT


@given(
    st.lists(st.sampled_from(HINT_PROVS), min_size=1, max_size=4),
    st.lists(st.sampled_from(SOURCES), max_size=6),
)
def test_peer_and_person_claims_never_make_a_fact(provs: list[str], refs: list[str]) -> None:
    """One grounded claim with a single source plus any number of hint-capped claims carrying
    any evidence rows at all: refused."""
    base = _claim("g", "literature:doc1")
    others = [_claim(f"h{i}", p) for i, p in enumerate(provs)]
    evidence = {c.id: refs for c in others}
    with pytest.raises(PromotionRefused):
        epistemic.promote_to_fact(base, others, RULES, evidence)
