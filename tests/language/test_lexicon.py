"""WordNet for answers by meaning: read offline from Debian's wordnet-base, and a visible,
graceful fallback to lemmas when it is absent."""

from __future__ import annotations

from pathlib import Path

import pytest

from resident.language import lexicon, wordnet_db


@pytest.mark.skipif(not wordnet_db.root().exists(), reason="wordnet-base is not installed")
def test_wordnet_gives_synonyms_classes_and_hypernyms() -> None:
    assert lexicon.available() and lexicon.status() == "WordNet 3.0"
    assert "detest" in lexicon.synonyms("hate")
    assert lexicon.first_lexname("dog") == "noun.animal"
    assert lexicon.is_a("son", "child") and not lexicon.is_a("violin", "child")
    assert lexicon.base("hates", "v") == "hate"


def test_without_wordnet_words_match_only_themselves(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    monkeypatch.setenv("RESIDENT_WORDNET", str(tmp_path / "no-wordnet"))
    monkeypatch.setattr(lexicon, "_tried", False)
    monkeypatch.setattr(lexicon, "_reader", None)
    for cached in (lexicon.synonyms, lexicon.base, lexicon.lexnames, lexicon.related):
        cached.cache_clear()
    try:
        assert not lexicon.available()
        assert lexicon.status().startswith("lemmas only (WordNet is not installed")
        assert "answers by meaning without WordNet" in caplog.text
        assert lexicon.synonyms("hate") == frozenset({"hate"})
        assert lexicon.first_lexname("dog") is None
    finally:
        for cached in (lexicon.synonyms, lexicon.base, lexicon.lexnames, lexicon.related):
            cached.cache_clear()
