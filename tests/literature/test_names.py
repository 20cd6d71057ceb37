"""Typing a book's names by what the whole book shows of them, over NER's few sentences."""

from __future__ import annotations

from collections import Counter

import pytest

from resident.literature import reading_pipeline, wordnet
from resident.literature.names import NameTally, PersonCues, type_names

pytestmark = pytest.mark.skipif(not wordnet.installed(), reason="WordNet is not installed")

CUES = PersonCues(wordnet.names_a_person, wordnet.reported_speech, wordnet.speaker_verb)


def _kinds(pages: list[list[str]]) -> dict[str, str]:
    """The kinds of the names in `pages` (one list of sentences a page), NER's labels (the
    trained pipeline) weighed with the evidence of the pages."""
    tally = NameTally()
    for number, sentences in enumerate(pages, start=1):
        tally.add_page(sentences, number, [], wordnet.is_common_word, CUES)
    nlp = reading_pipeline("auto")
    typed = type_names(tally, 25, nlp, wordnet.is_common_word, wordnet.head_kind)
    return {t.name: t.kind for t in typed}


def test_a_name_used_as_a_modifier_is_a_term_not_an_organisation() -> None:
    pages = [
        ["The Burrows-Wheeler transform reorders the block before Huffman coding."],
        ["It uses Burrows-Wheeler block sorting and Huffman coding in turn."],
        ["Huffman coding follows; the Burrows-Wheeler compression is slower."],
    ]
    kinds = _kinds(pages)
    assert kinds == {"Burrows-Wheeler": "term", "Huffman": "term"}


def test_a_name_ending_in_a_noun_for_a_creature_or_a_place_is_one() -> None:
    pages = [
        ["Alice went on to the Cheshire Cat, which was sitting on a bough."],
        ["The Cheshire Cat grinned, and they walked up Camden Place together."],
        ["Then Alice saw the Cheshire Cat again, far from Camden Place."],
    ]
    kinds = _kinds(pages)
    assert kinds["Cheshire Cat"] == "person" and kinds["Camden Place"] == "place"


def test_what_the_book_shows_of_a_person_or_a_place_comes_first() -> None:
    # Elinor is followed by lower-case words as often as Huffman is, but she speaks and thinks;
    # Bath is read after "in" and "to".
    pages = [
        ["'No,' said Elinor, and Elinor felt ashamed in Bath."],
        ["Elinor replied at once; Elinor looked away as they came to Bath."],
        ["Elinor knew it, and Elinor walked home from Bath."],
    ]
    kinds = _kinds(pages)
    assert kinds == {"Elinor": "person", "Bath": "place"}


def test_without_ner_the_evidence_still_types() -> None:
    tally = NameTally()
    for n in range(3):
        tally.add_page(["Huffman coding is used."], n + 1, [], wordnet.is_common_word, CUES)
    assert tally.modifying == Counter({"Huffman": 3})
    typed = type_names(tally, 5, None, wordnet.is_common_word, wordnet.head_kind)
    assert [(t.name, t.kind) for t in typed] == [("Huffman", "term")]
