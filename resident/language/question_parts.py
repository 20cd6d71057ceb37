"""A question's optional parts (issue 21, match30): the words that narrow what a question asks
without being what it asks. A time clause ("after Gran went home"), an "instead of" phrase, a
narrowing phrase on the verb ("at the party"), a reporting frame ("..., the nurse said",
"according to the nurse, ..."), and a noun's modifiers ("the oven repair"). When the whole
question finds nothing held, it is asked again without them (language/reduced_answers.py): the
parts rank nothing out when nothing else matches, and they never add an answer of their own.

Pure functions over the parse; the words they match are data files."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from resident.language.lexicon import lexnames
from resident.language.words import words

if TYPE_CHECKING:
    from spacy.tokens import Span, Token

#: Where the question word itself is the place or the time, a phrase of place or time may be
#: what it asks about; those keep their phrases.
_KEEPS_PHRASES = frozenset({"where", "when"})

#: The parts of speech that end an "instead of" phrase.
_PHRASE_ENDS = frozenset({"VERB", "AUX", "ADP", "SCONJ", "ADV"})


@dataclass(frozen=True)
class Reduced:
    """A question asked again without its optional parts: its text, the words of an
    "instead of" phrase (an answer naming them is the one the question set aside), and the
    modifiers dropped from a noun (an answer naming that noun with another modifier is about
    another thing)."""

    text: str
    instead: tuple[str, ...] = ()
    dropped: tuple[tuple[str, str], ...] = ()


def _wh(sent: Span) -> str:
    first = next((t for t in sent if not t.is_punct), None)
    return "" if first is None else first.lower_


def _subtree_ids(tok: Token) -> set[int]:
    return {t.i for t in tok.subtree}


def _reporting_frame(sent: Span) -> tuple[set[int], Token | None]:
    """The tokens of a reporting frame, and the clause it reports (kept whole): "What does
    Sofia need, the dentist said?" (the frame is the root, the question its complement);
    "According to the nurse, what ...?" (an opening phrase)."""
    root = sent.root
    if root.lemma_.lower() in words("question_reporting_frames"):
        inner = next((c for c in root.children if c.dep_ == "ccomp" and c.i < root.i), None)
        if inner is not None:
            return {t.i for t in sent} - _subtree_ids(inner), inner
    for tok in sent:
        if tok.lower_ == "according" and tok.i + 1 < sent.end and tok.nbor().lower_ == "to":
            drop = _subtree_ids(tok) | {tok.i + 1}
            drop |= {t.i for t in tok.nbor().subtree}
            after = max(drop) + 1
            if after < sent.end and sent.doc[after].text == ",":
                drop.add(after)
            return drop, None
    return set(), None


def _cleft(sent: Span) -> tuple[set[int], Token | None]:
    """The frame of a cleft question, and the clause it frames: "Who was the one who fixed the
    fence?" asks "Who fixed the fence?" (the frame is the copula, the empty head and its
    relative pronoun)."""
    root = sent.root
    if root.lemma_.lower() != "be":
        return set(), None
    for head in root.children:
        if head.dep_ not in ("nsubj", "attr") or head.lower_ not in words("question_cleft_heads"):
            continue
        clause = next((c for c in head.children if c.dep_ == "relcl"), None)
        rel = (
            None
            if clause is None
            else next(
                (
                    c
                    for c in clause.children
                    if c.dep_ in ("nsubj", "nsubjpass") and c.tag_ in ("WP", "WDT")
                ),
                None,
            )
        )
        if clause is not None and rel is not None and clause.i > head.i > root.i:
            det = {c.i for c in head.children if c.dep_ == "det"}
            return {root.i, head.i, rel.i} | det, clause
    return set(), None


def _optional(sent: Span, verb: Token) -> tuple[set[int], tuple[str, ...]]:
    """The tokens of the verb's optional parts, and the words of an "instead of" phrase."""
    drop: set[int] = set()
    instead: tuple[str, ...] = ()
    keeps = _wh(sent) in _KEEPS_PHRASES
    for child in verb.children:
        if (
            child.dep_ == "advcl"
            and any(
                m.dep_ == "mark"
                and m.lower_ in words("time_clause_marks")
                and m.lower_ not in words("question_earlier_marks")
                for m in child.children
            )
            or (
                child.dep_ == "prep"
                and child.lower_ in words("question_optional_preps")
                and not keeps
                and any(c.dep_ == "pobj" for c in child.children)
            )
        ):
            drop |= _subtree_ids(child)
    for tok in sent:
        if tok.lower_ == "instead" and tok.i + 1 < sent.end and tok.nbor().lower_ == "of":
            of = tok.nbor()
            # The phrase runs to the next verb, preposition or stop: the parse may hang its
            # noun on the verb ("stay instead of the hotel": hotel read as attr of stay).
            phrase = []
            for t in sent.doc[of.i + 1 : sent.end]:
                if t.is_punct or t.ent_type_ in ("DATE", "TIME") or t.pos_ in _PHRASE_ENDS:
                    break
                phrase.append(t)
            drop |= {tok.i, of.i} | {t.i for t in phrase}
            instead = tuple(t.lower_ for t in phrase if t.is_alpha and not t.is_stop)
    return drop, instead


def _modifiers(sent: Span, drop: set[int]) -> tuple[set[int], tuple[tuple[str, str], ...]]:
    """A common noun's noun modifiers that stand between its determiner and it: "the oven
    repair", "the HGV training" (the parse may take the next word for the head, so the
    determiner and a following noun mark the place, not the dependency labels)."""
    out: set[int] = set()
    said: list[tuple[str, str]] = []
    for tok in sent:
        if tok.i in drop or tok.dep_ not in ("det", "poss") or tok.lower_ in ("what", "which"):
            continue
        chain: list[Token] = []
        i = tok.i + 1
        while i < sent.end and sent.doc[i].pos_ in ("NOUN", "PROPN", "ADJ"):
            chain.append(sent.doc[i])
            i += 1
        if chain and chain[-1].dep_ == "ROOT":
            chain.pop()  # "How much did the oven repair cost?": "cost" read as a noun
        if len(chain) < 2 or chain[-1].pos_ not in ("NOUN", "PROPN"):
            continue
        run, head = chain[:-1], chain[-1]
        if any(t.tag_ in ("JJR", "JJS") or lexnames(t.lower_, "a") for t in run):
            # "my older nephew", "the new salon": an adjective (by WordNet, the parse tags
            # "oven" one too) tells which one.
            continue
        if not any(t.ent_type_ in ("PERSON", "GPE") for t in chain):
            out |= {t.i for t in run}
            said += [(t.lower_, head.lower_) for t in run]
    return out, tuple(said)


def _text(sent: Span, drop: set[int]) -> str:
    kept = [t for t in sent if t.i not in drop]
    while kept and kept[-1].is_punct:
        kept.pop()
    while kept and kept[0].is_punct:
        kept.pop(0)
    if not kept:
        return ""
    text = "".join(t.text_with_ws for t in kept[:-1]) + kept[-1].text
    text = text.strip().rstrip(",").strip()
    return text[:1].upper() + text[1:] + "?"


def reduced(sent: Span) -> list[Reduced]:
    """The question asked again without its optional parts, then without its nouns'
    modifiers too: [] when it has none."""
    frame, inner = _reporting_frame(sent)
    if not frame:
        frame, inner = _cleft(sent)
    first = next((t for t in sent if t.i not in frame and not t.is_punct), None)
    lead = "" if first is None else first.lower_
    if lead not in words("wh"):
        # A yes/no question asks whether the part holds ("Did Tom bake at the cafe?"): only
        # the reporting frame is not what it asks.
        return [Reduced(_text(sent, frame))] if frame else []
    verb = inner if inner is not None else sent.root
    drop, instead = _optional(sent, verb)
    if first is not None and first.i in drop:
        # "Which prison will Sandra be at?": the phrase dropped holds the question word, and
        # without it the question asks another thing ("Will Sandra be?" is a yes or no).
        drop, instead = set(), ()
    drop |= frame
    out: list[Reduced] = []
    if drop:
        out.append(Reduced(_text(sent, drop), instead))
    mods, said = _modifiers(sent, drop)
    if mods:
        out.append(Reduced(_text(sent, drop | mods), instead, said))
    original = sent.text.strip()
    return [r for r in out if r.text and r.text.rstrip("?") != original.rstrip("?")]


def set_aside(sent: Span) -> tuple[str, ...]:
    """The words of the question's "instead of" phrase ("Where did they stay instead of the
    hotel?": hotel), which no answer to it may name; () when it has none."""
    frame, inner = _reporting_frame(sent)
    return _optional(sent, inner if inner is not None else sent.root)[1]
