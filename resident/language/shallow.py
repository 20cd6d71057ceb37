"""Questions read from word order and tags alone, for the ones the small parser gets wrong
("What is Mia reading?" parses "Mia reading" as one noun); the same Query shape as
`asking.read_question`. Pure."""

from __future__ import annotations

from typing import TYPE_CHECKING

from resident.language.asking import _AUX, _PREPS, _STOP, _WH, Query, _ing_forms
from resident.language.clauses import _time_tokens
from resident.language.question_reading import _inside_thing
from resident.language.refs import subject_ref
from resident.language.reparse import finite_verb
from resident.language.statement import Context, Ref, canonical_lemma

if TYPE_CHECKING:
    from spacy.tokens import Span, Token


def read_question_shallow(sent: Span, ctx: Context) -> Query | None:
    """The same reading from word order and tags alone, for the questions the small parser
    gets wrong ("What is Mia reading?" parses "Mia reading" as one noun)."""
    words = [t for t in sent if not t.is_punct]
    if len(words) < 3:
        return None
    if (
        words[0].lower_ in ("what", "who")
        and (words[1].tag_ in ("VBZ", "VBD") or finite_verb(words[1]))
        and words[1].lower_ not in _AUX
    ):
        # "What treats gout?": the question word is the subject; the rest is the object (the
        # small tagger may call "treats" a plural noun: WordNet knows it as a verb).
        return _subject_gap(words[0].lower_, words)
    return _read_shallow(words, ctx)


def _opening(words: list[Token]) -> tuple[str, int, str | None, list[str]] | None:
    """The question word, where its subject starts, the kind of thing asked ("what book")
    and the things counted ("how many lambs": lamb)."""
    first = words[0].lower_
    if first == "how" and words[1].lower_ in ("many", "much"):
        j = 2
        while j < len(words) and words[j].lower_ not in _AUX:
            j += 1
        counted = [w.lemma_.lower() for w in words[2:j] if w.lower_ not in _STOP]
        return "how many", j + 1, None, counted
    if first in _WH and first != "how":
        wh = "who" if first in ("who", "whom") else first
        if wh in ("what", "which") and words[1].pos_ == "NOUN":
            return wh, 2, words[1].lemma_.lower(), []
        return wh, 1, None, []
    if first in _AUX:
        return "yes", 0, None, []
    return None


def _read_shallow(words: list[Token], ctx: Context) -> Query | None:
    opening = _opening(words)
    if opening is None:
        return None
    wh, i, type_noun, counted = opening
    if i < len(words) and words[i].lower_ in _AUX:
        i += 1
    if i >= len(words):
        return None
    subject: Ref | None
    tok = words[i]
    if tok.lower_ in ("i", "you", "he", "she", "we"):
        subject, i = subject_ref(tok, ctx), i + 1
    elif tok.lower_ in ("my", "your") and i + 1 < len(words) and words[i + 1].pos_ == "NOUN":
        owner = Ref(role="speaker" if tok.lower_ == "my" else "listener", kind="person")
        subject = Ref(role="kin", owner=owner, noun=words[i + 1].lemma_.lower(), kind="person")
        i += 2
    elif _is_name(tok):
        subject, i = _named(words, i)
    else:
        return None
    while i < len(words) and words[i].pos_ == "ADV":
        i += 1
    if subject is None or i >= len(words):
        return None
    verb_tok = words[i]
    forms = (
        _ing_forms(verb_tok.lower_)
        if verb_tok.lower_.endswith("ing")
        else (verb_tok.lemma_.lower(),)
    )
    i += 1
    rest = words[i:]
    prep = None
    # "When did Maya move in?": a word left at the end is the verb's particle.
    particle = bool(rest) and rest[-1].pos_ == "ADP" and wh in ("when", "yes", "how long")
    if rest and rest[-1].pos_ == "ADP":
        prep = rest[-1].lower_
        rest = rest[:-1]
    else:
        # "Did Kofi come to the triathlon?": the verb's preposition, kept as the parse would.
        prep = next((t.lower_ for t in rest if t.pos_ == "ADP" and t.lower_ in _PREPS), None)
    _, time_idx = _time_tokens(words[0].sent.root)
    # "night shifts": a time word that modifies the thing named is the thing's.
    time_idx -= {i for i in time_idx if _inside_thing(words[0].doc[i], time_idx)}
    object_words = tuple(
        dict.fromkeys(
            form
            for t in rest
            if t.lower_ not in _STOP
            and t.i not in time_idx
            and not t.is_punct
            # A yes/no question names what it asks about: every content word counts there,
            # as said too (the tagger may call "avocado" or "hurling" a verb).
            and (t.pos_ in ("NOUN", "PROPN", "ADJ", "NUM") or (wh == "yes" and t.is_alpha))
            for form in (t.lemma_.lower(), t.lower_)
        )
    )
    return Query(
        wh=wh,
        subject=subject,
        verb=canonical_lemma(forms[0]),
        prep=prep,
        object_words=tuple(dict.fromkeys([*counted, *object_words])),
        type_noun=type_noun,
        also=tuple(canonical_lemma(f) for f in forms[1:]),
        past=any(w.tag_ == "VBD" for w in words[: i - 1]),
        # As the parsed reading (matching.asks_ahead): "Where is Jenny moving?", a present
        # progressive or "will", asks what is ahead, where a plan may answer.
        ahead=any(w.lower_ in ("will", "shall") for w in words[: i - 1])
        or (verb_tok.lower_.endswith("ing") and any(w.lemma_ == "be" for w in words[: i - 1])),
        particle=particle,
    )


def _subject_gap(wh: str, words: list[Token]) -> Query:
    verb = words[1]
    object_words = tuple(
        dict.fromkeys(t.lower_ for t in words[2:] if t.lower_ not in _STOP and not t.is_punct)
    )
    return Query(
        wh=wh, subject=None, verb=canonical_lemma(verb.lemma_.lower()), object_words=object_words
    )


def _is_name(tok: Token) -> bool:
    """A name, or a capitalised word inside the question the tagger took for something else
    ("How many kilometres did Iain cycle?" tags Iain a verb)."""
    return tok.pos_ == "PROPN" or (tok.is_title and tok.i > tok.sent.start and tok.pos_ != "PRON")


def _named(words: list[Token], i: int) -> tuple[Ref, int]:
    """The name starting at `i` ("Ana", "Ana Silva", "Ana's sister") and where it ends."""
    j = i + 1
    while j < len(words) and words[j].pos_ == "PROPN":
        j += 1
    subject = Ref(role="name", name=" ".join(w.text for w in words[i:j]), kind="person")
    if j + 1 < len(words) and words[j].lower_ == "'s" and words[j + 1].pos_ == "NOUN":
        kin = Ref(role="kin", owner=subject, noun=words[j + 1].lemma_.lower(), kind="person")
        return kin, j + 2
    return subject, j
