"""The self-evaluation's pure rules: values in, findings out, stable ids."""

from __future__ import annotations

from resident.hygiene.rules import (
    InverseGap,
    LearnedDuplicate,
    NameCollision,
    OrphanEntity,
    PredicateOverlap,
    duplicate_entities,
    duplicated_within_a_namespace,
    missing_inverses,
    orphan_entities,
    recommendation_id,
    redundant_predicates,
)


def test_ids_are_stable_and_distinct() -> None:
    assert recommendation_id("orphan_entity", "hp:1") == recommendation_id("orphan_entity", "hp:1")
    assert recommendation_id("orphan_entity", "hp:1") != recommendation_id("orphan_entity", "hp:2")
    assert recommendation_id("orphan_entity", "a") != recommendation_id("duplicate_entity", "a")


def test_redundant_predicates_judge_the_smaller_set_against_the_threshold() -> None:
    overlaps = [
        PredicateOverlap("like", "likes", shared=9, count_a=10, count_b=100, inverted=False),
        PredicateOverlap("is_a", "treats", shared=8, count_a=10, count_b=10, inverted=False),
        PredicateOverlap("near", "close_to", shared=3, count_a=3, count_b=3, inverted=False),
    ]
    found = redundant_predicates(overlaps, threshold=0.9, min_shared=5, inverse_pairs=[])
    assert [f.target for f in found] == ["like~likes"]
    assert found[0].evidence["share"] == 0.9
    assert "folded into `likes`" in found[0].action  # the bigger one is kept


def test_an_inverse_stored_twice_is_redundant_unless_declared() -> None:
    o = PredicateOverlap("parent_of", "child_of", shared=20, count_a=20, count_b=20, inverted=True)
    [found] = redundant_predicates([o], 0.9, 5, inverse_pairs=[])
    assert found.target == "child_of~inv~parent_of" and found.evidence["inverted"]
    assert redundant_predicates([o], 0.9, 5, inverse_pairs=[("parent_of", "child_of")]) == []


def test_orphans_except_people_and_documents() -> None:
    found = orphan_entities(
        [
            OrphanEntity("person:ana", "person", "Ana"),
            OrphanEntity("concept:doc", "document", "A paper"),
            OrphanEntity("hp:9", "phenotype", "Lost"),
        ],
        ["person", "document"],
    )
    assert [f.target for f in found] == ["hp:9"]


def test_duplicates_merge_reasons_per_pair_and_skip_common_names() -> None:
    collisions = [
        NameCollision("fever", "phenotype", ("hp:1", "hp:2")),
        NameCollision("pyrexia", "phenotype", ("hp:2", "hp:1")),
        NameCollision("omim:100", "*", ("omim:100", "orpha:7"), cross_reference=True, size=2),
        NameCollision("springfield", "concept", (), size=40),
    ]
    learned = [
        LearnedDuplicate("hp:2", "hp:1", 0.99, "ff@3"),
        LearnedDuplicate("hp:5", "hp:6", 0.5, "ff@3"),
    ]
    found, skipped = duplicate_entities(collisions, learned, min_similarity=0.98, max_group=10)
    assert skipped == 1
    assert [f.target for f in found] == ["hp:1=hp:2", "omim:100=orpha:7"]
    fever = found[0].evidence
    assert fever["shared_names"] == ["fever", "pyrexia"]
    assert fever["learner"] == {"similarity": 0.99, "model": "ff@3"}
    assert found[1].evidence["cross_references"] == ["omim:100"]


def test_missing_inverses_one_finding_per_direction_with_missing_edges() -> None:
    gaps = [
        InverseGap(
            "parent_of", "child_of", total=10, missing=4, sample=(("concept:a", "concept:b"),)
        ),
        InverseGap("child_of", "parent_of", total=6, missing=0, sample=()),
    ]
    [found] = missing_inverses(gaps)
    assert found.target == "parent_of->child_of"
    assert found.evidence["missing"] == 4 and found.evidence["share_missing"] == 0.4
    assert found.evidence["sample"] == [["concept:a", "concept:b"]]


def test_the_duplicate_rate_counts_pairs_within_one_id_space() -> None:
    """Two ids of one database naming one thing are rot; an OMIM and an ORPHA record of one
    disease are two curations' records, filed as a link to review but not counted as rot."""
    collisions = [
        NameCollision("marfan syndrome", "disease", ("omim:154700", "orpha:558"), False, 2),
        NameCollision("asd", "phenotype", ("hp:0000729", "hp:0001631"), False, 2),
    ]
    found, _ = duplicate_entities(collisions, [], min_similarity=0.9, max_group=5)
    assert {f.target for f in found} == {"hp:0000729=hp:0001631", "omim:154700=orpha:558"}
    assert duplicated_within_a_namespace(found) == {"hp:0000729", "hp:0001631"}
