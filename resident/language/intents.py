"""Intent recognition: text (as a spaCy Doc) -> an intent and its slots, with no IO.

Rules over spaCy's tokens (their `norm_` forms: "'m" -> "am", "n't" -> "not") work with
`spacy.blank("en")`; a trained pipeline adds a subject-verb-object reading for verbs the
relation table does not know. Nothing here touches the graph or the resident.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from resident.language.phrases import (
    _CORRECTION_PREFIXES,
    _DETERMINERS,
    _EXPLICIT_INTRODUCTIONS,
    _FAREWELLS,
    _GREETINGS,
    _HOSTILE_PHRASES,
    _HOSTILE_WORDS,
    _HOW_ARE_YOU,
    _HOW_ARE_YOU_TAIL,
    _INTENSIFIERS,
    _INTRODUCTIONS,
    _PRAISE_PHRASES,
    _PRAISE_WORDS,
    _SPEAKER,
    _VOCATIVES,
    _WH,
    _WHY_PREFIXES,
    Intent,
    Parsed,
    Word,
    _is_exactly,
    _is_punct,
    _norms,
    _starts,
    _strip_prefix,
    _strip_punct,
    _strip_vocative,
    phrase,
    words_of,
)
from resident.language.phrases import (
    QuestionKind as QuestionKind,
)
from resident.language.phrases import (
    Triple as Triple,
)
from resident.language.phrases import (
    third_person as third_person,
)
from resident.language.words import words

if TYPE_CHECKING:
    # spaCy is imported when a pipeline is loaded, not when MAX's modules are.
    from spacy.tokens import Doc


# -- vocabulary --------------------------------------------------------------------------------


# -- words -------------------------------------------------------------------------------------


# -- statements --------------------------------------------------------------------------------


# -- questions ---------------------------------------------------------------------------------


# -- the whole turn ----------------------------------------------------------------------------


def _you_are(ws: list[Word], adjectives: frozenset[str]) -> bool:
    """ "You're so smart", "you are an idiot"."""
    norms = _norms(ws)
    if len(norms) < 3 or norms[:2] not in (("you", "are"), ("you", "'re"), ("u", "are")):
        return False
    rest = [n for n in norms[2:] if n not in _INTENSIFIERS or n in ("a", "an")]
    text = " ".join(rest)
    bare = " ".join(n for n in rest if n not in ("a", "an"))
    return text in adjectives or bare in adjectives


def _introduction(ws: list[Word]) -> tuple[str, bool] | None:
    """The name an introduction gives, and whether it names the speaker by another name
    ("call me Bram")."""
    for seq in sorted(_INTRODUCTIONS, key=len, reverse=True):
        if not _starts(ws, seq):
            continue
        name_ws: list[Word] = []
        for w in ws[len(seq) :]:
            if _is_punct(w) or w.norm in ("and", "but", "here"):
                break
            name_ws.append(w)
        if (
            not name_ws
            or len(name_ws) > 3
            or not all(
                w.text.replace("'", "").replace("-", "").replace(".", "").isalpha() for w in name_ws
            )
        ):
            return None
        if seq not in _EXPLICIT_INTRODUCTIONS and not all(w.text[:1].isupper() for w in name_ws):
            # "I'm tired" is not a name; "I'm Ana" is.
            return None
        if name_ws[0].norm in _DETERMINERS or name_ws[0].norm in _SPEAKER:
            return None
        name = " ".join(w.text[:1].upper() + w.text[1:] for w in name_ws)
        return name, seq == ("call", "me")
    return None


def _social(ws: list[Word], norms: tuple[str, ...]) -> Intent | None:
    """Talk about the talk: goodbye, how are you, hostility, praise and thanks."""
    if _is_exactly(ws, _FAREWELLS):
        return Intent.FAREWELL
    for seq in _HOW_ARE_YOU:
        if norms[: len(seq)] == seq and all(n in _HOW_ARE_YOU_TAIL for n in norms[len(seq) :]):
            return Intent.HOW_ARE_YOU
    if _is_exactly(ws, _HOSTILE_PHRASES) or _you_are(ws, _HOSTILE_WORDS):
        return Intent.HOSTILITY
    if (
        _is_exactly(ws, _PRAISE_PHRASES)
        or _you_are(ws, _PRAISE_WORDS)
        or (norms[0] in ("thanks", "thank") and len(norms) <= 4)
    ):
        return Intent.PRAISE
    return None


def _correction(ws: list[Word]) -> dict[str, object] | None:
    """ "No, the capital of Australia is Canberra": a correction and what it says is right (read
    by the statement reader), else None."""
    corrected = _strip_prefix(ws, _CORRECTION_PREFIXES)
    if corrected is None:
        return None
    while True:
        again = _strip_prefix(corrected, _CORRECTION_PREFIXES)
        if again is None or again == corrected:
            break
        corrected = again
    corrected = _strip_punct(corrected)
    return {"intent": Intent.CORRECTION, "said": phrase(corrected) if corrected else None}


def _why(ws: list[Word]) -> dict[str, object] | None:
    """ "Why do you think aspirin treats headache?", "why?": the why and what it asks about
    (a statement or a subject, read by the statement reader), else None."""
    why = _strip_prefix(ws, _WHY_PREFIXES)
    if why is None or _asks_a_reason(ws):
        return None
    if why and why[0].norm == "that" and len(why) > 1:
        why = _strip_punct(why[1:])
    if not why or _norms(why) in (("that",), ("so",), ("that", "is"), ("this",)):
        return {"intent": Intent.WHY, "refers_back": True}
    return {"intent": Intent.WHY, "said": phrase(_strip_punct(why))}


def _asks_a_reason(ws: list[Word]) -> bool:
    """ "Why did Hana buy a kiln?", "Why is Mina moving?": a why-question about someone's deed
    asks the reason the talk gave (the statement's purpose, read by the question reader), not
    why MAX holds it ("Why do you think ...", "Why?")."""
    norms = _norms(ws)
    return (
        len(norms) > 3
        and norms[0] == "why"
        and norms[1] in words("asking_aux")
        and norms[2] not in ("you", "u", "that", "this", "so")
    )


#: Prefixes that say MAX is wrong in so many words; "no", "nope" and "actually" alone do not
#: ("No worries", "Nope, still busy").
_STRONG_CORRECTIONS = tuple(
    p
    for p in _CORRECTION_PREFIXES
    if p not in (("no",), ("nope",), ("actually",), ("not", "quite"))
)


def is_strong_correction(text_words: list[Word]) -> bool:
    return _strip_prefix(_strip_vocative(text_words), _STRONG_CORRECTIONS) is not None


def _greeting(ws: list[Word]) -> tuple[bool, list[Word]]:
    """Whether the turn opens with a greeting, and the words after it."""
    rest = _strip_prefix(ws, _GREETINGS)
    if rest is None:
        return False, ws
    if rest and rest[0].norm in ("there", "everyone", "all", *_VOCATIVES):
        rest = rest[1:]
    return True, _strip_vocative(rest)


def parse(doc: Doc) -> Parsed:
    """The intent of one turn's text, and its slots."""
    text = doc.text
    all_words = words_of(doc)
    asked = any(w.text == "?" for w in all_words[-2:])
    greeted, ws = _greeting(_strip_vocative(all_words))

    def out(intent: Intent, **slots: object) -> Parsed:
        return Parsed.model_validate({"intent": intent, "text": text, "greeted": greeted, **slots})

    if not ws:
        return out(Intent.GREETING) if greeted else out(Intent.UNKNOWN, reason="empty")
    norms = _norms(ws)
    social = _social(ws, norms)
    if social is not None:
        return out(social)
    slots = _correction(ws) or _why(ws)
    if slots is not None:
        return Parsed.model_validate({"text": text, "greeted": greeted, **slots})
    named = _introduction(ws)
    if named is not None:
        return out(Intent.INTRODUCTION, name=named[0], nickname=named[1])
    # Questions and statements are read by the one statement reader (reading.py, asking.py).
    if asked or norms[0] in _WH or norms[0] in ("tell", "do", "does", "did", "is", "are"):
        return out(Intent.QUESTION)
    return out(Intent.STATEMENT)
