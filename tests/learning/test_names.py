"""Entity names as bags of words: rare words weigh more, the vocabulary only grows, and a word
learned on one term moves every term named with it (the learner's way to terms it barely saw)."""

from __future__ import annotations

import pytest

from resident.learning.names import name_bags, words


def test_words_are_distinct_lower_case_words_in_order() -> None:
    assert words("Abnormality of the Heart, heart") == ["abnormality", "of", "the", "heart"]
    assert words("") == []


def test_rare_words_weigh_more_and_bags_sum_to_one() -> None:
    labels = {
        "hp:1": "Abnormality of the heart",
        "hp:2": "Abnormality of the eye",
        "hp:3": "Abnormality of the ear",
        "hp:4": "Heart murmur",
    }
    vocab, bags = name_bags(list(labels), labels)
    weight = {vocab[i]: w for i, w in bags[0]}
    assert weight["heart"] > weight["abnormality"] > 0
    assert weight["abnormality"] == pytest.approx(weight["of"])
    for bag in bags:
        assert sum(w for _, w in bag) == pytest.approx(1.0)


def test_vocabulary_keeps_old_rows_and_appends_new_words() -> None:
    labels = {"a": "red fox", "b": "red fox"}
    vocab, _ = name_bags(list(labels), labels)
    labels |= {"c": "blue fox", "d": "blue whale"}
    grown, bags = name_bags(list(labels), labels, vocab)
    assert grown[: len(vocab)] == vocab and grown[len(vocab) :] == ["blue"]
    assert {grown[i] for i, _ in bags[2]} == {"blue", "fox"}
    unnamed_vocab, unnamed = name_bags(["x"], {})
    assert unnamed_vocab == [] and unnamed == [[]]


def test_a_word_no_other_name_uses_is_left_out() -> None:
    labels = {"a": "c0m1", "b": "c0m2", "c": "heart valve", "d": "heart"}
    vocab, bags = name_bags(list(labels), labels)
    assert vocab == ["heart"]
    assert bags[0] == [] and bags[1] == [] and [vocab[i] for i, _ in bags[2]] == ["heart"]


def test_long_names_keep_their_rarest_words() -> None:
    labels = {"a": "one two three four five", "b": "one two", "c": "one three four five"}
    vocab, bags = name_bags(list(labels), labels, max_words=2)
    assert {vocab[i] for i, _ in bags[0]} <= {"two", "three", "four", "five"}
    assert "one" not in {vocab[i] for i, _ in bags[0]}
    assert len(bags[0]) == 2


def test_a_word_learned_on_one_term_moves_every_term_named_with_it() -> None:
    torch = pytest.importorskip("torch")
    from resident.learning.ff import ForwardForward

    labels = {"a": "heart valve", "b": "heart muscle", "c": "eye", "d": "eye"}
    vocab, bags = name_bags(list(labels), labels)
    model = ForwardForward(3, 1, 8, n_words=len(vocab))
    model.set_names(bags)
    before = model.entity_table().detach().clone()
    with torch.no_grad():
        model.word.weight[vocab.index("heart")] += 1.0  # type: ignore[union-attr]
    moved = (model.entity_table().detach() - before).norm(dim=1)
    assert moved[0] > 0 and moved[1] > 0 and moved[2] == 0
    # Without names the entity's vector is its own row.
    plain = ForwardForward(3, 1, 8)
    assert torch.equal(plain.entity_table(), plain.ent.weight)
