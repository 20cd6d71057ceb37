"""Statements and questions read by the relation table and word order, for the blank pipeline
and the forms the parse misses ("Ana's birthday is 3 May", "What treats headache?"). Pure.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING

from resident.language.phrases import (
    _ABOUT_FIRST,
    _ABOUT_PREFIXES,
    _ATTRIBUTE_SYNONYMS,
    _COPULAS,
    _CORRECTION_PREFIXES,
    _MAX_RELATION_LEN,
    _NEGATIONS,
    _PREPOSITIONS,
    _PRONOUNS,
    _SPEAKER,
    _WH,
    _WH_VERB,
    LITERAL_ATTRIBUTES,
    RELATIONS,
    Intent,
    Parsed,
    QuestionKind,
    Relation,
    Triple,
    Word,
    _is_punct,
    _norms,
    _strip_det,
    _strip_prefix,
    _strip_punct,
    _strip_vocative,
    phrase,
    third_person,
    words_of,
)
from resident.records import PREDICATE_RE

if TYPE_CHECKING:
    from spacy.tokens import Doc


def predicate_from(words: Sequence[str]) -> str | None:
    """An attribute phrase as a snake_case predicate ("favourite colour" -> favourite_colour)."""
    raw = "_".join(w.lower() for w in words if w.strip())
    name = re.sub(r"[^a-z0-9_]+", "_", raw).strip("_")
    name = re.sub(r"_+", "_", name)
    name = _ATTRIBUTE_SYNONYMS.get(name, name)
    return name if PREDICATE_RE.match(name) else None


def _subject_phrase(ws: list[Word]) -> tuple[bool, str | None]:
    """(ok, phrase): the speaker is None; pronouns and question words are refused."""
    ws = _strip_det(_strip_punct(ws))
    if not ws or len(ws) > 6:
        return False, None
    if len(ws) == 1 and ws[0].norm in _SPEAKER:
        return True, None
    if (
        ws[0].norm in _WH
        or any(w.norm in ("you", "your", "u") for w in ws)
        or (len(ws) == 1 and ws[0].norm in _PRONOUNS)
    ):
        return False, None
    return True, phrase(ws)


def _triple(subject: str | None, predicate: str, obj: str | None, literal: bool = False) -> Triple:
    """A statement's triple; a subject of None here is the speaker."""
    return Triple(
        subject=subject, predicate=predicate, object=obj, speaker=subject is None, literal=literal
    )


def _object_phrase(ws: list[Word]) -> str | None:
    ws = _strip_det(_strip_punct(ws))
    if not ws or len(ws) > 10:
        return None
    if len(ws) == 1 and (ws[0].norm in _PRONOUNS or ws[0].norm in _SPEAKER):
        return None
    return phrase(ws)


def _literal(predicate: str, obj: str, relation_literal: bool = False) -> bool:
    return relation_literal or predicate in LITERAL_ATTRIBUTES or any(c.isdigit() for c in obj)


def _first_copula(ws: Sequence[Word], start: int) -> int | None:
    for i in range(start, len(ws)):
        if ws[i].norm in _COPULAS and ws[i].norm not in ("'s", "s"):
            return i
    return None


def _attribute(subject_ws: list[Word], attr_ws: list[Word], object_ws: list[Word]) -> Triple | None:
    ok, subject = _subject_phrase(subject_ws)
    attr = _strip_det(attr_ws)
    predicate = predicate_from([w.text for w in attr]) if attr and len(attr) <= 4 else None
    obj = _object_phrase(object_ws)
    if not ok or predicate is None or obj is None:
        return None
    return _triple(subject, predicate, obj, _literal(predicate, obj))


def _possessive(ws: list[Word]) -> Triple | None:
    """ "Ana's birthday is 3 May", "My birthday is 3 May"."""
    if ws and ws[0].norm == "my":
        cop = _first_copula(ws, 2)
        if cop is None:
            return None
        triple = _attribute([Word("I", "i", " ")], ws[1:cop], ws[cop + 1 :])
        return triple
    for p in range(1, len(ws)):
        if ws[p].norm in ("'s", "'"):
            cop = _first_copula(ws, p + 2)
            if cop is None:
                return None
            return _attribute(ws[:p], ws[p + 1 : cop], ws[cop + 1 :])
    return None


def _of_form(ws: list[Word]) -> Triple | None:
    """ "The capital of Australia is Canberra" and "Canberra is the capital of Australia"."""
    norms = _norms(ws)
    if norms and norms[0] == "the" and "of" in norms:
        of = norms.index("of")
        cop = _first_copula(ws, of + 2)
        if cop is not None and of > 1:
            return _attribute(ws[of + 1 : cop], ws[1:of], ws[cop + 1 :])
    cop = _first_copula(ws, 1)
    if (
        cop is not None
        and cop + 2 < len(ws)
        and norms[cop + 1] == "the"
        and "of" in norms[cop + 2 :]
    ):
        of = norms.index("of", cop + 2)
        return _attribute(ws[of + 1 :], ws[cop + 2 : of], ws[:cop])
    return None


def _relation_at(norms: tuple[str, ...], i: int) -> tuple[int, Relation] | None:
    for n in range(min(_MAX_RELATION_LEN, len(norms) - i), 0, -1):
        rel = RELATIONS.get(_as_copula(norms[i : i + n]))
        if rel is not None:
            return n, rel
    return None


def _as_copula(norms: tuple[str, ...]) -> tuple[str, ...]:
    """ "I am a nurse", "Ana's a nurse": every present-tense copula reads as "is"."""
    if norms and norms[0] in ("am", "are", "'s"):
        return ("is", *norms[1:])
    return norms


def _relational(ws: list[Word]) -> Triple | None:
    """ "Aspirin treats headache", "I live in Lisbon", "Headache is treated with aspirin"."""
    norms = _norms(ws)
    for i in range(1, len(ws) - 1):
        found = _relation_at(norms, i)
        if found is None:
            continue
        n, rel = found
        left, right = ws[:i], ws[i + n :]
        if rel.inverse:
            left, right = right, left
        ok, subject = _subject_phrase(left)
        obj = _object_phrase(right)
        if not ok or obj is None:
            return None
        return _triple(subject, rel.predicate, obj, _literal(rel.predicate, obj, rel.literal))
    return None


def _svo(doc: Doc) -> Triple | None:
    """A trained parse's subject-verb-object for verbs the table lacks ("Bob plays chess" is in
    it; "Bob collects stamps" is not)."""
    roots = [t for t in doc if t.dep_ == "ROOT" and t.pos_ == "VERB"]
    if len(roots) != 1:
        return None
    root = roots[0]
    if any(c.dep_ == "neg" for c in root.children):
        return None
    subj = [c for c in root.children if c.dep_ == "nsubj"]
    if len(subj) != 1:
        return None
    predicate = third_person(root.lemma_.lower())
    obj_tok = None
    for c in root.children:
        if c.dep_ == "dobj":
            obj_tok = c
            break
    if obj_tok is None:
        for c in root.children:
            if c.dep_ == "prep" and c.i > root.i:
                pobj = [g for g in c.children if g.dep_ == "pobj"]
                if pobj:
                    obj_tok = pobj[0]
                    predicate = f"{predicate}_{c.lower_}"
                    break
    if obj_tok is None or not PREDICATE_RE.match(predicate):
        return None
    subject_ws = words_of(doc[subj[0].left_edge.i : subj[0].right_edge.i + 1].as_doc())
    object_ws = words_of(doc[obj_tok.left_edge.i : obj_tok.right_edge.i + 1].as_doc())
    ok, subject = _subject_phrase(subject_ws)
    obj = _object_phrase(object_ws)
    if not ok or obj is None:
        return None
    return _triple(subject, predicate, obj, _literal(predicate, obj))


def parse_statement(ws: list[Word], doc: Doc | None = None) -> Triple | None:
    """A statement of fact as a triple, or None. Negated statements are not recorded."""
    ws = _strip_punct(ws)
    if len(ws) < 3 or any(w.norm in _NEGATIONS for w in ws) or "?" in _norms(ws):
        return None
    for rule in (_possessive, _of_form, _relational):
        triple = rule(ws)
        if triple is not None:
            return triple
    if doc is not None and doc.has_annotation("DEP"):
        return _svo(doc)
    return None


_NEGATION_AUX = frozenset({"do", "does", "did"})


def parse_sentence_statement(ws: list[Word]) -> tuple[Triple, bool] | None:
    """One sentence by the table rules alone (no parse), and whether it was negated:
    "Aspirin doesn't treat headache" is read as "Aspirin treats headache", negated.

    The fallback when the dependency reading finds nothing (or the pipeline is blank). Long
    phrases are refused: a rule over words has no idea where a clause ends.
    """
    ws = _strip_punct(ws)
    if any(_is_punct(w) and w.text in (",", ";", ":", "!", "?") for w in ws):
        return None
    negated = any(w.norm in _NEGATIONS for w in ws)
    if negated:
        kept = [w for w in ws if w.norm not in _NEGATIONS and w.norm not in _NEGATION_AUX]
        if len(kept) != len(ws) - 2 and len(kept) != len(ws) - 1:
            return None
        ws = kept
    triple = parse_statement(ws)
    if triple is None or triple.object is None:
        return None
    if len(triple.object.split()) > 4 or (triple.subject and len(triple.subject.split()) > 3):
        return None
    return triple, negated


#: Prefixes that say MAX is wrong in so many words; "no", "nope" and "actually" alone do not
#: ("No worries", "Nope, still busy").
_STRONG_CORRECTIONS = tuple(
    p
    for p in _CORRECTION_PREFIXES
    if p not in (("no",), ("nope",), ("actually",), ("not", "quite"))
)


def is_strong_correction(text_words: list[Word]) -> bool:
    return _strip_prefix(_strip_vocative(text_words), _STRONG_CORRECTIONS) is not None


def _about(ws: list[Word]) -> Parsed | None:
    rest = _strip_det(_strip_punct(ws))
    if not rest:
        return None
    if len(rest) == 1 and rest[0].norm in _SPEAKER:
        return Parsed(intent=Intent.QUESTION, text="", question=QuestionKind.ABOUT, about=None)
    ok, subject = _subject_phrase(rest)
    if not ok or subject is None:
        return None
    return Parsed(intent=Intent.QUESTION, text="", question=QuestionKind.ABOUT, about=subject)


def _ask(kind: QuestionKind, triple: Triple) -> Parsed:
    return Parsed(intent=Intent.QUESTION, text="", question=kind, triple=triple)


def _attribute_question(ws: list[Word]) -> Parsed | None:
    """ "When is Ana's birthday?", "What is the capital of Australia?", "What's my name?"."""
    norms = _norms(ws)
    if len(ws) < 3 or norms[0] not in _WH or norms[1] not in _COPULAS:
        return None
    rest = ws[2:]
    rn = _norms(rest)
    if rn and rn[0] == "my" and len(rest) > 1:
        predicate = predicate_from([w.text for w in rest[1:]])
        if predicate:
            return _ask(QuestionKind.OBJECT, _triple(None, predicate, None))
    for p in range(1, len(rest)):
        if rn[p] in ("'s", "'"):
            ok, subject = _subject_phrase(rest[:p])
            predicate = predicate_from([w.text for w in _strip_det(rest[p + 1 :])])
            if ok and predicate:
                return _ask(QuestionKind.OBJECT, _triple(subject, predicate, None))
            return None
    if rn and rn[0] == "the" and "of" in rn[2:]:
        of = rn.index("of", 2)
        ok, subject = _subject_phrase(rest[of + 1 :])
        predicate = predicate_from([w.text for w in rest[1:of]])
        if ok and predicate:
            return _ask(QuestionKind.OBJECT, _triple(subject, predicate, None))
    if norms[0] == "where" and len(rest) >= 1:
        ok, subject = _subject_phrase(rest)
        if ok:
            return _ask(QuestionKind.OBJECT, _triple(subject, "located_in", None))
    return None


def _verb_question(ws: list[Word]) -> Parsed | None:
    """ "What does aspirin treat?", "Where does Ana live?", "When was Ana born?"."""
    norms = _norms(ws)
    if len(ws) < 4 or norms[0] not in _WH or norms[1] not in ("does", "do", "did", "was", "is"):
        return None
    body = ws[2:]
    prep = None
    if body[-1].norm in _PREPOSITIONS and len(body) > 2:
        prep = body[-1].norm
        body = body[:-1]
    verb = body[-1].norm
    subject_ws = body[:-1]
    predicate = _WH_VERB.get((norms[0], verb))
    if predicate is None:
        key = (verb, prep) if prep else (verb,)
        rel = RELATIONS.get(key) or RELATIONS.get((verb,))
        if rel is not None and not rel.inverse:
            predicate = rel.predicate
        elif norms[1] in ("was", "is"):
            return None
        else:
            predicate = third_person(verb) + (f"_{prep}" if prep else "")
    ok, subject = _subject_phrase(subject_ws)
    if not ok or not PREDICATE_RE.match(predicate):
        return None
    return _ask(QuestionKind.OBJECT, _triple(subject, predicate, None))


def _subject_question(ws: list[Word]) -> Parsed | None:
    """ "What treats headache?", "Who lives in Lisbon?", "Which drugs treat headache?"."""
    norms = _norms(ws)
    if len(ws) < 3 or norms[0] not in ("what", "who", "which"):
        return None
    for i in range(1, min(4, len(ws) - 1)):
        if norms[i] in _COPULAS:
            continue
        found = _relation_at(norms, i)
        if found is None:
            continue
        n, rel = found
        if rel.inverse:
            return None
        obj = _object_phrase(ws[i + n :])
        if obj is None:
            return None
        return _ask(QuestionKind.SUBJECT, Triple(subject=None, predicate=rel.predicate, object=obj))
    return None


def _check_question(ws: list[Word]) -> Parsed | None:
    """ "Does aspirin treat headache?", "Is Canberra the capital of Australia?"."""
    norms = _norms(ws)
    if len(ws) < 3:
        return None
    if norms[0] in ("does", "do", "did"):
        triple = parse_statement(ws[1:])
        return None if triple is None else _ask(QuestionKind.CHECK, triple)
    if norms[0] in ("is", "are", "was"):
        rest = ws[1:]
        for j in range(1, len(rest)):
            moved = [*rest[:j], Word("is", "is", " "), *rest[j:]]
            triple = parse_statement(moved)
            if triple is not None:
                return _ask(QuestionKind.CHECK, triple)
    return None


def parse_question(ws: list[Word]) -> Parsed | None:
    """A question as a kind and a triple (or a subject to tell about), or None."""
    ws = _strip_punct(ws)
    if not ws:
        return None
    rest = _strip_prefix(ws, _ABOUT_FIRST)
    if rest is not None:
        return _about(rest)
    for rule in (_verb_question, _attribute_question, _subject_question, _check_question):
        found = rule(ws)
        if found is not None:
            return found
    rest = _strip_prefix(ws, _ABOUT_PREFIXES)
    if rest is not None:
        return _about(rest)
    triple = parse_statement(ws)
    # "Aspirin treats headache?": a statement asked is a check.
    return None if triple is None else _ask(QuestionKind.CHECK, triple)
