"""Names the talk treats as people, typed PERSON whatever the recogniser said: the small
model types a name it has not seen by its letters ("Priya" a place, "Hye-jin" an
organisation, "Tomasz" nothing, tagged a common noun), and every reader after it asks
`ent_type_ == "PERSON"` before a he/she, a "who" or a person's claim may reach the name. A
pipeline component after the recogniser, so statements and questions see the same type.
Pure, given WordNet.

A name is a person where its sentence shows one:
- the subject of "be" with a person or relation noun ("Priya is my neighbour"), or that noun's
  name ("my neighbour is Priya"), or in apposition to one ("my neighbour Priya", "Priya, my
  neighbour");
- the subject of a verb whose most frequent WordNet senses take "Somebody" more than
  "Something" as their subject ("Tomasz retired", "How's Tomasz getting on?");
- the companion of "with" ("coffee with Hye-jin").
The last two only where the recogniser gave the name no type (or it is a hyphen-joined name,
whose letters it reads worst): "Google hired me", "a deal with Tesco" stay organisations.
A name typed PERSON anywhere in the turn is a person wherever it is said in it.
"""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING

from resident.language import lexicon
from resident.language.name_tokens import common_word, is_hyphen_name
from resident.language.words import words

if TYPE_CHECKING:
    from spacy.tokens import Doc, Span, Token

#: The name the component is registered under (pipeline.py adds it after "ner").
COMPONENT = "resident_person_names"

#: WordNet's verb frames whose subject is "Somebody", and those whose subject is "Something".
_SOMEBODY_FRAMES = frozenset({2, 7, 8, 9, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25})
_SOMEBODY_FRAMES |= frozenset({26, 27, 28, 29, 30, 31, 32, 33})
_SOMETHING_FRAMES = frozenset({1, 3, 4, 5, 6, 10, 11, 12, 34, 35})
#: The recogniser's labels it gives a person's name as often as a person: overruled by a sign
#: in the sentence itself.
_WEAK_LABELS = frozenset({"", "ORG", "GPE", "NORP", "LOC", "FAC", "PRODUCT"})
_SUBJECTS = frozenset({"nsubj", "nsubjpass"})
#: WordNet's classes of a verb whose doer is someone (needs_someone).
_AGENT_CLASSES = words("person_agent_verb_classes")


def type_person_names(doc: Doc) -> Doc:
    """The doc with each name its sentences treat as a person labelled PERSON."""
    for tok in doc:
        if "-" in tok.text and is_hyphen_name(tok.text.split("-")):
            # The merged name's shape ("Xxxxx-Xxxxx") the tagger never saw: it calls it an
            # adjective or an adverb as often as a name.
            tok.tag_, tok.pos_, tok.lemma_ = "NNP", "PROPN", tok.text
    people = [span for sent in doc.sents for span in _people(sent)]
    said = {span.text for span in doc.ents if span.label_ == "PERSON"}
    said |= {span.text for span in people}
    people += [
        doc[t.i : t.i + 1]
        for t in doc
        if t.text in said and t.ent_type_ != "PERSON" and _is_name(t) and not t.ent_type_
    ]
    if people:
        _label(doc, people)
    return doc


def _label(doc: Doc, people: list[Span]) -> None:
    from spacy.tokens import Span
    from spacy.util import filter_spans

    taken = {t.i for span in people for t in span}
    kept = [e for e in doc.ents if not taken & {t.i for t in e}]
    spans = [Span(doc, s.start, s.end, label="PERSON") for s in people]
    doc.ents = filter_spans(kept + spans)


def _people(sent: Span) -> list[Span]:
    found = []
    for tok in sent:
        if tok.ent_type_ == "PERSON" or not _is_name(tok) or tok.dep_ in ("compound", "flat"):
            continue
        if tok.ent_type_ not in _WEAK_LABELS:
            continue
        # A name the recogniser left untyped and WordNet does not know as a word ("Google"
        # is also a verb, "Tesco" no word), or a hyphen-joined one, whose letters it reads worst.
        plain = "-" in tok.text or not (tok.ent_type_ or common_word(tok.text))
        if _with_person_noun(tok, plain) or (
            plain and not _capitalised_as_opening(tok) and (_person_agent(tok) or _companion(tok))
        ):
            found.append(_whole_name(tok))
    return found


def _is_name(tok: Token) -> bool:
    """A capitalised proper noun, or a capitalised noun WordNet does not know (the tagger's
    "Tomasz" NOUN)."""
    if not (tok.is_alpha or "-" in tok.text) or not tok.text[:1].isupper() or tok.lower_ == "max":
        return False
    return tok.pos_ == "PROPN" or (tok.pos_ == "NOUN" and not common_word(tok.text))


def _capitalised_as_opening(tok: Token) -> bool:
    """Is it the sentence's first word? Its capital then says only that it opens the sentence,
    and the tagger's proper noun there is a guess from the letters ("Amberium treats
    birchitis": a drug, not a doctor), so what it does is no sign of a person; a relation
    noun said with it still is ("Priya is my neighbour")."""
    first = next((t for t in tok.sent if not t.is_punct), None)
    return first is not None and first.i == tok.i


def _whole_name(tok: Token) -> Span:
    """The name with the parts before it ("Tomasz Nowak": both words)."""
    start = tok.i
    while start > tok.sent.start and tok.doc[start - 1].dep_ in ("compound", "flat"):
        if tok.doc[start - 1].head.i != tok.i or not _is_name(tok.doc[start - 1]):
            break
        start -= 1
    return tok.doc[start : tok.i + 1]


def _relation_noun(tok: Token, kin_only: bool = False) -> bool:
    """A relation noun ("sister", "neighbour": KIN), or, unless `kin_only`, one whose most
    frequent WordNet sense is a person ("nurse", "landlord")."""
    from resident.language.statement import KIN

    if tok.pos_ != "NOUN" or "Plur" in tok.morph.get("Number", []):
        return False
    lemma = tok.lemma_.lower()
    return lemma in KIN or (not kin_only and lexicon.person_noun(lemma))


def _with_person_noun(tok: Token, plain: bool) -> bool:
    """ "Priya is my neighbour", "my neighbour is Priya", "our cousin Sandy", "Priya, my
    neighbour". In apposition, a noun of a role ("the caterer, Spice Junction", "producer,
    BBC Scotland") names a person only with a `plain` name (untyped, no word of WordNet's)."""
    head = tok.head
    if tok.dep_ in _SUBJECTS and head.lemma_ == "be":
        return any(c.dep_ == "attr" and _relation_noun(c) for c in head.children)
    if tok.dep_ == "attr" and head.lemma_ == "be":
        return any(
            c.dep_ in _SUBJECTS and _relation_noun(c) and any(g.dep_ == "poss" for g in c.children)
            for c in head.children
        )
    if tok.dep_ == "appos" and _relation_noun(head, kin_only=not plain):
        return True
    return any(
        c.dep_ in ("appos", "compound") and _relation_noun(c, kin_only=not plain)
        for c in tok.children
    )


def _person_agent(tok: Token) -> bool:
    """The subject of a verb whose senses want someone doing it ("Tomasz retired")."""
    verb = tok.head
    if tok.dep_ != "nsubj" or verb.pos_ != "VERB":
        return False
    particles = [c.lower_ for c in verb.children if c.dep_ == "prt"]
    lemma = "_".join([verb.lemma_.lower(), *particles[:1]])
    if lexicon.base(tok.lower_, "n") is not None:
        return False  # "How's Sheffield treating you?": a word WordNet knows, a town
    return needs_someone(lemma) or (lemma != verb.lemma_.lower() and needs_someone(verb.lemma_))


@functools.lru_cache(maxsize=4096)
def needs_someone(lemma: str) -> bool:
    """Is the verb `lemma` one only someone does: its most frequent WordNet sense one of
    talk, thought or dealings with others (data/person_agent_verb_classes.txt: "say",
    "retire", "get on"; not "eat", "love", "start", which a dog or a job does too), and its
    two most frequent senses take "Somebody" as their subject in more frames than
    "Something" ("go", "break" do not)?"""
    wn = lexicon.reader()
    if wn is None or lexicon.first_lexname(lemma, "v") not in _AGENT_CLASSES:
        return False
    frames = [
        f
        for sense in wn.synsets(lemma, "v")[:2]
        for named in sense.lemmas()
        if named.name() == lemma
        for f in named.frame_ids()
    ]
    somebody = sum(f in _SOMEBODY_FRAMES for f in frames)
    return somebody > sum(f in _SOMETHING_FRAMES for f in frames)


def _companion(tok: Token) -> bool:
    """ "coffee with Hye-jin", "went with Tomasz": the one said to be along."""
    return tok.dep_ == "pobj" and tok.head.lower_ == "with"
