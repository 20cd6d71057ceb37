"""A statement put back together from a fragment answer is stored only when its parse puts the
filler where the gap was (issue 21, sluice24). Pure.

ellipsis.py turns "How long has it been?" / "Far too long, sorry." into a sentence and the
reader reads it as any other. When the sentence does not parse as meant, what is stored is
garbage: "it has been for Far too long, sorry" ("for" and "far" read as roles of their own),
"... from a greyhound rescue near Doncaster from". So the statements read from a filled
sentence are kept only when

- the filler's head, as parsed in that sentence, is of the kind the gap asks for
  (gap_kinds.py: a place for where, a person for who, a time for when, a number for how
  many), and
- a statement holds it in the gap's role (data/gap_slots.tsv: where -> a place role or the
  object of a place predicate; when -> the time; how many -> the object or the quantity),

and only those statements are kept: one that does not hold the filler says only what the
question assumed. Otherwise nothing of the answer is stored.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from resident.language.answer_check import _stranded, is_number_word
from resident.language.answer_gap import untagged
from resident.language.counting import opening_count
from resident.language.ellipsis import _wh_phrase
from resident.language.fragment_answer import answer_parts
from resident.language.gap_kinds import fits, head_of, kind_of_gap
from resident.language.since_reply import since_gap
from resident.language.words import table

if TYPE_CHECKING:
    from spacy.tokens import Doc, Token

    from resident.language.statement import Statement

#: A gap -> the parts of a statement its filler may be said in ("object", "when", "subject",
#: a role's name); a gap not listed may be in any.
_ARGUMENTS = frozenset({"object", "subject", "when"})
#: The kinds that name something (gap_kinds.py); a number or a time is said with its noun.
_NAMED = frozenset({"thing", "person", "place"})
#: A predicate that says no content of its own when a thing is its object.
_LIGHT = frozenset({"does"})
_SLOTS = {key: frozenset(value.split()) for key, value in table("gap_slots").items()}


def gap_key(question: str, doc_of: object) -> tuple[str | None, bool]:
    """The wh-phrase's key of the question ("where", "how many"; None for a yes/no one), and
    whether it leaves a preposition without its object ("Who did you go with?"): then the
    filler is that preposition's role, never the verb's object."""
    sents = list(doc_of(untagged(question)).sents)  # type: ignore[operator]
    wh = _wh_phrase(sents[0]) if len(sents) == 1 else None
    if wh is None:
        return None, False
    return wh[1], _stranded(sents[0]) is not None


def guarded(
    statements: list[Statement], said: Doc, question: str, answer: Doc, doc_of: object
) -> list[Statement]:
    """The statements read from `said` (the question filled with the answer `answer`) that
    hold the answer's filler in the gap's role, when the filler is of the gap's kind."""
    fragment = answer_parts(answer)
    if not fragment.fragment:
        return statements  # a bare yes or no fills no gap
    key, stranded = gap_key(question, doc_of)
    if key is None:
        # "Are you back in Manchester?" / "Since Tuesday.": said with the yes, a time or place.
        key = ""
    if key == "how many" and (number := opening_count(fragment.fragment)):
        fragment = replace(fragment, fragment=number)  # the count ellipsis.py put back
    # "How long have you lived here?" / "Since 2015.": the start is the "since when" filler.
    key = since_gap(key, fragment.fragment)
    # "Mirela, last spring" is said as "Mirela painted it last spring": the filler before the
    # comma is where the gap was (ellipsis.py).
    tokens = _span(said, fragment.fragment) or _span(said, fragment.fragment.split(",")[0])
    if not tokens:
        # "Do you still fish?" / "No, not since my knee.": a yes or no said of the question,
        # its fragment left out, fills no gap; a wh-question's filler must be there.
        return [] if key else statements
    if fragment.verbal:
        # "What are you doing on Saturday?" / "Visiting my grandad.": the fragment is the
        # predicate, kept where the statement's verb is the fragment's own.
        return [s for s in statements if s.verb == tokens[0].lemma_.lower()]
    kind = kind_of_gap(key)
    if kind is not None and not fits(kind, tokens):
        return []
    held = _held_words(tokens, kind)
    slots = _SLOTS.get(key)
    # A named filler's slot says nothing but the filler ("apples Cider" is no cider).
    # ("second-hand": one word in a slot's text, three tokens in the parse).
    filler = {t.lower_ for t in tokens} | set(fragment.fragment.lower().split())
    alone = filler if kind in _NAMED else None
    kept = [s for s in statements if any(_holds(s, w, slots, stranded, alone) for w in held)]
    if not kept and not key and fragment.polarity == "yes":
        # "Are you still vegetarian?" / "Yes, for years now.": what was said with the yes is
        # held by none of them, but the yes stands: the question's statement is kept.
        return statements
    counted = _counted(question, doc_of) if kind == "number" else None
    if counted is not None:
        # "How many grandchildren ...?" / "Seven.": the count is of the grandchildren, said with
        # it in one slot; "gets seven" from a misparsed fill counts nothing.
        # "Fourteen people turned up": the count said of the subject it counts.
        kept = [
            s
            for s in kept
            if any(counted in v.split() for v in held_in(s, slots).values())
            or counted in {(s.subject.name or "").lower(), (s.subject.noun or "").lower()}
        ]
    return kept


def _counted(question: str, doc_of: object) -> str | None:
    """The noun a "how many" / "how much" question counts ("how many grandchildren"), if any."""
    sents = list(doc_of(untagged(question)).sents)  # type: ignore[operator]
    wh = _wh_phrase(sents[0]) if len(sents) == 1 else None
    if wh is None:
        return None
    head = wh[0][-1].head
    return head.lower_ if head.pos_ == "NOUN" and head.i > wh[0][-1].i else None


def _span(doc: Doc, fragment: str) -> list[Token]:
    """The filler's tokens in the filled sentence."""
    at = doc.text.lower().find(fragment.lower())
    if at < 0:
        return []
    return [t for t in doc if at <= t.idx < at + len(fragment)]


def _held_words(tokens: list[Token], kind: str | None) -> list[str]:
    """The words of the filler a statement must hold one of: its numbers for a count, its
    head and the heads said with it otherwise ("karate and judo": each fills the gap)."""
    if kind == "number":
        return [t.lower_ for t in tokens if is_number_word(t.lower_)]
    head = head_of(tokens)
    return [t.lower_ for t in (head, *head.conjuncts)] if head is not None else []


def held_in(st: Statement, slots: frozenset[str] | None) -> dict[str, str]:
    """The statement's parts by slot name: what each says, lower-cased."""
    parts: dict[str, str] = {"object": st.object, "when": st.when or ""}
    if st.object_ref is not None and st.object_ref.name:
        parts["object"] += " " + st.object_ref.name
    if st.subject.name:
        parts["subject"] = st.subject.name
    for role in st.roles:
        parts[role.role] = f"{parts.get(role.role, '')} {role.text}"
    return {k: v.lower() for k, v in parts.items() if slots is None or k in slots}


def _holds(
    st: Statement,
    word: str,
    slots: frozenset[str] | None,
    stranded: bool,
    alone: set[str] | None,
) -> bool:
    """Whether a slot of the statement the gap may be in holds `word`, and, where `alone`
    is given, only the filler's words; a thing is never what a bare "does" does ("I am
    going to do with them all Hot sauce" read as doing hot sauce)."""
    for slot, text in held_in(st, slots).items():
        if stranded and slot in _ARGUMENTS:
            continue
        # "twenty-two" is one word in a slot's text, three tokens in the parse.
        said = text.replace("_", " ").replace(",", " ").replace("-", " ").split()
        if word not in said:
            continue
        if alone is not None and not set(said) <= alone:
            continue
        if slot == "object" and st.predicate in _LIGHT and alone is not None:
            continue
        return True
    return False
