"""The distillation of a real document: bounded, repeatable, and free of the body text."""

from __future__ import annotations

from pathlib import Path

import pytest

from resident.config import Settings
from resident.literature import Distillation, distill_file
from resident.literature.distill import distill
from resident.literature.morals import FOUNDATIONS, MoralTally, load_lexicon, salience
from resident.literature.reader import DocumentInfo, Page
from resident.literature.text import candidate_phrases, phrase_tokens
from resident.literature.textrank import PhraseGraph, key_phrases
from tests.literature.books import license_text, make_pdf, shingles


@pytest.fixture(scope="module")
def gpl(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return make_pdf(tmp_path_factory.mktemp("books") / "gpl.pdf", license_text())


def test_a_real_document_distils(gpl: Path, settings: Settings) -> None:
    d = distill_file(gpl, settings)
    lit = settings.literature
    assert d.doc_id.startswith("doc:") and len(d.sha256) == 64
    assert (d.title, d.author, d.year, d.language) == (
        "GNU General Public License",
        "Free Software Foundation",
        2007,
        "en",
    )
    assert d.pages_with_text == d.page_count >= 10 and d.words > 5000
    themes = [t.phrase for t in d.themes]
    # What the licence is about, as a reader says it: nouns and noun phrases, no filler.
    assert d.themes_from == "wordnet"
    grouped = set(themes) | {r for t in d.themes for r in t.related}
    assert {"patent license", "permission"} <= set(themes) and "copyright" in grouped
    assert not {"good", "little", "time", "think", "shall"} & set(themes)
    assert 0 < len(themes) <= lit.max_themes
    subjects = {s.name.lower(): s.kind for s in d.subjects}
    assert "gpl" in subjects and len(d.subjects) <= lit.max_subjects
    # A capitalised common word ("License", "Section") is a defined term, not an organisation.
    assert not {"license", "section", "program"} & set(subjects)
    # The GPL is a text about rights and permissions: authority outweighs loyalty.
    assert d.salience["authority"] > d.salience["loyalty"] > 0
    assert set(d.salience) == set(FOUNDATIONS)
    words = {w.word for w in d.word_candidates}
    assert {"copyleft", "relicensing"} <= words
    assert all(
        len(w.context.split()) <= lit.context_words and w.word in w.context
        for w in d.word_candidates
    )
    assert 0 < len(d.excerpts) <= lit.max_excerpts
    assert all(
        len(e.text) <= lit.max_excerpt_chars and 1 <= e.page <= d.page_count for e in d.excerpts
    )
    source = " ".join(license_text().split())
    assert all(e.text in source for e in d.excerpts)  # verbatim, citable
    assert len(d.chapters) >= 10
    assert all(
        c.first_page <= c.last_page and len(c.themes) <= lit.max_chapter_themes for c in d.chapters
    )


def test_the_distillation_keeps_no_run_of_twelve_words_but_the_excerpts(
    gpl: Path, settings: Settings
) -> None:
    d = distill_file(gpl, settings)
    kept = d.model_dump_json()
    excerpts = " ".join(e.text for e in d.excerpts)
    leaked = {s for s in shingles(license_text()) if s in " ".join(kept.split())}
    assert leaked and all(s in excerpts for s in leaked)


def test_distillation_is_a_pure_function_of_the_pages(gpl: Path, settings: Settings) -> None:
    a, b = distill_file(gpl, settings), distill_file(gpl, settings)
    assert a.model_dump(exclude={"seconds"}) == b.model_dump(exclude={"seconds"})


def _info(path: Path, pages: int) -> DocumentInfo:
    return DocumentInfo(
        path=path,
        sha256="0" * 64,
        format="text",
        title="t",
        author=None,
        year=None,
        language=None,
        page_count=pages,
        chapters=(),
    )


def test_sections_without_chapters_and_empty_pages(settings: Settings) -> None:
    text = " ".join(license_text().split())
    pages = [Page(i + 1, text[i * 1000 : (i + 1) * 1000] if i % 7 else "") for i in range(30)]
    lit = settings.literature.model_copy(update={"pages_per_section": 10})
    d = distill(_info(Path("x.txt"), 30), iter(pages), None, lit, load_lexicon())
    assert d.page_count == 30 and d.pages_with_text == 30 - 5
    assert [c.title for c in d.chapters] == ["pages 1-10", "pages 11-20", "pages 21-30"]
    # No pipeline: names are found by rule but not typed; the rest still distils.
    assert all(s.kind in ("name", "term") for s in d.subjects)
    assert d.themes and d.excerpts


def test_a_huge_book_keeps_bounded_state(settings: Settings) -> None:
    """Phrase graphs are pruned, not grown: 3,000 pages of varied words stay within bounds."""
    graph = PhraseGraph(max_edges=2000, max_phrases=1000)
    for i in range(3000):
        graph.add(
            candidate_phrases(
                phrase_tokens(f"word{i} thing{i % 97} stuff{i * 7}. license terms apply")
            )
        )
    assert len(graph.edges) <= 2000 and len(graph.phrases) <= 1000
    assert key_phrases(graph, 3)[0][0] == "license terms apply"


def test_moral_salience_counts_lexicon_words() -> None:
    lex = load_lexicon()
    tally = MoralTally()
    tally.add(lex, ["they", "should", "care", "for", "and", "protect", "the", "weak"])
    tally.add(lex, ["the", "table", "is", "blue"])
    s = salience(tally)
    assert s["care"] > 0 and s["care"] == max(s.values())
    assert MoralTally().words == 0 and salience(MoralTally())["care"] == 0.0


def test_distillation_validates_as_a_model(gpl: Path, settings: Settings) -> None:
    d = distill_file(gpl, settings)
    assert Distillation.model_validate_json(d.model_dump_json()) == d


def test_without_wordnet_themes_fall_back_to_key_phrases_and_say_so(
    gpl: Path, settings: Settings, monkeypatch: pytest.MonkeyPatch
) -> None:
    from resident.literature import wordnet

    monkeypatch.setattr(wordnet, "installed", lambda: False)
    d = distill_file(gpl, settings)
    assert d.themes_from == "textrank" and d.themes
    assert all(c.themes is not None for c in d.chapters)


def test_wordnet_reads_the_debian_database_offline() -> None:
    from resident.literature import wordnet

    if not wordnet.installed():
        pytest.skip("wordnet-base is not installed (make installs it): themes fall back")
    marriage = wordnet.noun_sense("marriages")
    assert marriage is not None and marriage.lemma == "marriage" and marriage.weight == 1.0
    # Verbs and adjectives first are no themes; names are no common words.
    assert wordnet.noun_sense("think") is None and wordnet.noun_sense("good") is None
    assert wordnet.is_common_word("bath") and not wordnet.is_common_word("lisbon")
