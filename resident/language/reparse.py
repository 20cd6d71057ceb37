"""A second reading for a sentence the first parse gave nothing: the small parser reads
unfamiliar names before a verb as one noun phrase ("Metformin treats diabetes" comes back with
"treats" a plural noun and "diabetes" the verb). A word WordNet knows as a verb, standing after
a noun phrase with words after it, is tried as the verb: the sentence is parsed again with that
noun phrase replaced by a pronoun ("It treats diabetes"), read as usual, and the noun phrase
put back as the subject. Pure, given the parse function.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING

from resident.language import lexicon
from resident.language.doubted import doubt_adverb
from resident.language.number_parts import unit_misread
from resident.language.statement import Ref
from resident.language.unsaid import said_as_time
from resident.language.words import words

if TYPE_CHECKING:
    from spacy.tokens import Doc, Span, Token

#: Parses a text with the pipeline that parsed the sentence (the caller holds its lock).
Reparse = Callable[[str], "Doc"]

#: Parts of speech a noun phrase said as a subject may hold ("Drug 12", "Vitamin D", "the
#: Zyrtec tablets", "Abnormality of the heart"); the small tagger may call an unknown name an
#: adjective or even a verb, so those are allowed too.
_PHRASE_POS = frozenset({"NOUN", "PROPN", "ADJ", "NUM", "DET", "X", "VERB"})
#: Longest subject phrase read this way.
_MAX_SUBJECT = 6
#: Words a verb never is here: the copula and auxiliaries are parsed well already.
_NOT_VERBS = words("reparse_not_verbs")
#: Determiners that may open the subject and are not part of its name.
_ARTICLES = frozenset({"the", "a", "an"})


def _opening(sent: Span) -> int:
    """Where the sentence's words start after an interjection or a vocative ("No, ...")."""
    start = sent.start
    for tok in sent:
        opener = tok.dep_ in ("intj", "cc") and (tok.is_stop or tok.pos_ == "INTJ" and tok.is_alpha)
        if tok.is_punct or opener or tok.lower_ in ("no", "yes", "actually"):
            start = tok.i + 1
            continue
        break
    return start


def _subject_words(sent: Span, verb: Token) -> list[Token] | None:
    """The noun phrase before the verb, or None when it is not one (a pronoun, a verb with
    its own subject, a preposition other than "of")."""
    words = [t for t in sent.doc[_opening(sent) : verb.i] if not t.is_space]
    if not words or len(words) > _MAX_SUBJECT or any(t.is_punct for t in words):
        return None
    for tok in words:
        # A word that is no stop word is a content word whatever the tagger made of it (it
        # tags a made-up name anything, a conjunction or a pronoun included).
        closed = tok.is_stop and tok.lower_ not in _ARTICLES and tok.lower_ != "of"
        if tok.pos_ not in _PHRASE_POS and closed or tok.pos_ == "PRON" and tok.is_stop:
            return None
    if words[-1].dep_ in ("aux", "auxpass") and words[-1].head == verb:
        # "Ama got picked for the team": the first parse's own auxiliary of this verb ends
        # the phrase, so it is no name ("Ama got") but a passive the first reading had.
        return None
    if said_as_time(words[-1]):
        # "Two weeks left at school": a time before the verb says how long, not who.
        return None
    if words[0].pos_ == "ADV" and words[0].dep_ == "advmod" and len(words) > 1:
        # "Allegedly Omar got a job": an adverb the first parse hung on the verb opens the
        # sentence; it is no piece of the name (the recogniser may have taken it in), and
        # one of doubt keeps the sentence unstated on a second reading too.
        if doubt_adverb(words[0]):
            return None
        words = words[1:]
    if _modifier_only(words[-1]):
        # "Long time no see", "Next spring, in Kyoto": a word WordNet knows only as an
        # adjective or adverb heads no noun phrase.
        return None
    if (words[-1].is_stop and words[-1].pos_ in ("DET", "ADP")) or (
        # "Take the bins out ...": an imperative, not a name the tagger took for a verb.
        words[0].pos_ == "VERB" and lexicon.base(words[0].lower_, "v") is not None
    ):
        return None
    return words


def _modifier_only(tok: Token) -> bool:
    low = tok.lower_
    if tok.ent_type_ == "PERSON" or not low.isalpha() or lexicon.base(low, "n") is not None:
        return False
    return bool(lexicon.base(low, "a") or lexicon.base(low, "r"))


def _plural(tok: Token) -> bool:
    """A plural noun ("Statins"), as tagged or as WordNet's base differs from it."""
    if tok.tag_ in ("NNS", "NNPS"):
        return True
    low = tok.lower_
    base = lexicon.base(low, "n")
    return low.endswith("s") and base is not None and base != low


def _verb_candidates(sent: Span) -> Iterator[tuple[Token, str]]:
    """Words that may be the verb, in order, each with the pronoun that agrees with its form
    ("treats": It; "treat": They; "treated": It)."""
    words = [t for t in sent if not t.is_punct]
    for tok in words[1:-1]:
        low = tok.lower_
        if low in _NOT_VERBS or tok.pos_ in ("ADP", "DET", "PRON", "CCONJ", "PART", "NUM"):
            continue
        # Auxiliaries are stop words; a content word the tagger made one ("Ana loves
        # gardening": "loves" an auxiliary of "gardening") may be the verb.
        if tok.pos_ == "AUX" and tok.is_stop:
            continue
        base = lexicon.base(low, "v")
        if base is None or not low.isalpha():
            continue
        yield tok, ("They" if low == base else "It")


def subject_ref_of(words: list[Token]) -> Ref:
    """The subject the noun phrase names, as said (articles dropped): a person when NER
    says so, else a thing."""
    kept = [t for t in words if not (t.i == words[0].i and t.lower_ in _ARTICLES)]
    kind = "person" if all(t.ent_type_ == "PERSON" for t in kept) else "thing"
    return Ref(role="name", name=" ".join(t.text for t in kept), kind=kind)


def reparsed(sent: Span, reparse: Reparse) -> Iterator[tuple[Doc, list[Token]]]:
    """Each second parse of the sentence with a noun phrase before a possible verb replaced
    by a pronoun, whose root is that verb with the pronoun as its subject; with the words
    the pronoun stands for."""
    for verb, pronoun in _verb_candidates(sent):
        subject = _subject_words(sent, verb)
        if subject is not None and unit_misread(subject, verb):
            continue  # "Eight pounds fifty an hour": no "It pounds fifty an hour".
        if subject is None or (pronoun == "They" and not _plural(subject[-1])):
            # A verb in its base form ("water", "mark") agrees with a plural subject only:
            # "Open water in Salford Quays" and "Best mark in my group" are no clauses.
            continue
        doc = reparse(f"{pronoun} {sent.doc[verb.i : sent.end].text}")
        root = doc[1] if len(doc) > 2 else None
        if (
            root is None
            or root.dep_ != "ROOT"
            or root.pos_ != "VERB"
            or doc[0].dep_ != "nsubj"
            or doc[0].head.i != root.i
        ):
            continue
        yield doc, subject


def misparsed(sent: Span) -> bool:
    """Whether the parse's root is a word WordNet does not know as a verb though the tagger
    made it one ("Metformin treats diabetes and ...": "diabetes" the verb): then a second
    reading, if one reads, is preferred to the first."""
    root = sent.root
    return (
        root.pos_ == "VERB"
        and root.lower_.isalpha()
        and lexicon.available()
        and lexicon.base(root.lower_, "v") is None
    )


def finite_verb(tok: Token) -> bool:
    """A word WordNet knows as a verb said in the third person or the past ("treats",
    "cured"), whatever the tagger called it."""
    low = tok.lower_
    base = lexicon.base(low, "v") if low.isalpha() and low not in _NOT_VERBS else None
    return base is not None and base != low and (low.endswith("s") or low.endswith("ed"))
