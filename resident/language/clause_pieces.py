"""A clause of a sentence that read as nothing in its place, read as a sentence of its own
(issue 21, clause28): "My uncle lands in Cork on Friday and stays for a month", "I did the exam
in May, I passed". The parser hangs a second clause on the first (a coordinated verb, a comma
splice it takes for a complement, a clause set beside it), and what the first clause's reading
assumes (one subject, one verb's objects) loses the second. Each such clause that gave no
statement is said again alone, with what it shares with the clause it hangs on: the subject
("stays for a month": my uncle stays ...), and a shared auxiliary or "not" when its verb has
none of its own ("didn't call or write": didn't write; "will fly and stay": will stay). It is
then read by the one statement reader, judged by the same gates as a first clause. Pure, given
the parse function.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from resident.language.clause_parts import clause_heads
from resident.language.run_on import BESIDE_DEPS, set_beside
from resident.language.run_on import reports as _reporting
from resident.language.statement import verb_lemma
from resident.language.subject_token import subject_token

if TYPE_CHECKING:
    from spacy.tokens import Doc, Span, Token

    from resident.language.reparse import Reparse
    from resident.language.statement import Statement

#: How a clause hangs on the one before it and is a clause of its own.
_PIECE_DEPS = frozenset({"conj", "parataxis", "ccomp"})
#: Dependencies of the clauses under a piece, each a piece of its own.
_OTHER_CLAUSES = frozenset({"conj", "parataxis", "ccomp"})
_SUBJECTS = frozenset({"nsubj", "nsubjpass", "expl"})
#: What opens a clause and is no part of it said alone ("and", "but", a comma).
_OPENERS = frozenset({"cc", "punct", "mark", "preconj"})
#: Pronouns that stand for someone said before: read alone, the one meant must be the last
#: person said, so a clause with one is read only when no one is named after it.
_POINTING = frozenset({"he", "she", "they", "him", "her", "them"})
#: Longest clause said again this way, in words.
_MAX_WORDS = 20


def _is_piece(head: Token) -> bool:
    """Is the clause headed by `head` one of its own, not what its governor says or wants?"""
    if head.dep_ not in _PIECE_DEPS | BESIDE_DEPS or head.head.i >= head.i:
        return False
    if any(a.dep_ == "ccomp" and _reporting(a.head) for a in head.ancestors):
        return False  # "she told me she's selling up, and she's moving": hers, reported
    if head.dep_ in ("conj", "parataxis"):
        return True
    # "I did the exam in May, I passed": a splice, after a comma, of a verb that reports
    # nothing ("she said she moved" is her saying, read as such or not at all); "my dad
    # retired in march he plays golf now": a clause its own subject opens, set beside with
    # nothing between (run_on.py).
    comma = any(t.text in (",", ";") for t in head.doc[head.head.i + 1 : head.left_edge.i + 1])
    beside = set_beside(head)
    return beside or (comma and head.dep_ == "ccomp" and not _reporting(head.head))


def _own(head: Token) -> list[Token]:
    """The clause's own words: without the clauses under it and what opens it."""
    cut = {
        t.i
        for c in head.children
        if c.dep_ in _OTHER_CLAUSES and c.i > head.i and c.pos_ in ("VERB", "AUX")
        for t in c.subtree
    }
    cut |= {t.i for c in head.children if c.dep_ in ("cc", "preconj") for t in c.subtree}
    own = [t for t in head.subtree if t.i not in cut]
    while own and (own[0].dep_ in _OPENERS or own[0].is_punct) and own[0].head == head:
        own.pop(0)
    while own and own[-1].is_punct:
        own.pop()
    return own


def _shared(head: Token) -> list[Token]:
    """What a coordinated verb with no subject of its own shares with the one it hangs on:
    the subject's phrase, and the auxiliaries and "not" when it has none of its own."""
    subject = subject_token(head)
    if subject is None or subject.i > head.i:
        return []
    cut = {t.i for c in subject.children if c.dep_ in ("relcl", "acl", "appos") for t in c.subtree}
    phrase = [t for t in subject.subtree if t.i not in cut and not t.is_punct]
    governor = head.head
    own_aux = any(c.dep_ in ("aux", "auxpass", "neg") for c in head.children)
    finite = head.tag_ in ("VBD", "VBZ", "VBP")
    helpers = [] if own_aux or finite else _helpers(governor)
    return phrase + helpers


def _helpers(verb: Token) -> list[Token]:
    return [c for c in verb.children if c.dep_ in ("aux", "auxpass", "neg") and c.i < verb.i]


def _text(said: list[Token]) -> str:
    """The words as typed ("didn't", "I'm"), a space where words between were left out."""
    parts = []
    for k, tok in enumerate(said):
        gap = k + 1 < len(said) and said[k + 1].i != tok.i + 1
        parts.append(tok.text + (tok.whitespace_ or (" " if gap else "")))
    text = "".join(parts).strip()
    return text[0].upper() + text[1:]


def pieces(sent: Span, statements: list[Statement]) -> Iterator[tuple[str, Token]]:
    """Each clause of the sentence no statement came of, as the sentence it says alone."""
    read = {st.verb for st in statements}
    heads = list(clause_heads(sent))
    # A clause set beside another that the parser hung where no clause is looked for (left
    # loose, or on an adjective: "gig went mad we played 6 songs") is one too (run_on.py).
    heads += [t for t in sent if t not in heads and set_beside(t)]
    for head in heads:
        if head == sent.root or not _is_piece(head) or _read_of(head, heads, read):
            continue
        own = _own(head)
        has_subject = any(c.dep_ in _SUBJECTS for c in head.children)
        if not has_subject and verb_lemma(head.head) not in read:
            # A verb sharing a subject with a clause that read as nothing: the parse of the
            # sentence is not to be trusted for who that subject is ("gethin, welsh, 24,
            # ... love my bike").
            continue
        said = own if has_subject else _shared(head) + own
        if has_subject and head.dep_ == "conj":
            # "..., and the neighbours play drum and bass": a coordinated clause with its own
            # subject was read in its place already (clause_heads); said alone it is only a
            # second parse, which read more wrong than right on dev.
            continue
        if len(said) < 2 or len(said) > _MAX_WORDS or not (has_subject or said != own):
            continue
        pointing = [t for t in said if t.lower_ in _POINTING and t.pos_ == "PRON"]
        if pointing and _reporting(head.head):
            continue  # "Sue told Di she's selling, and she's moving": maybe still Sue's news
        later = [t for t in sent if t.i > head.right_edge.i and t.pos_ == "PROPN"]
        if pointing and later:
            continue  # "... and she moved, then Tom ...": she may be whoever is said last
        yield _text(sorted(said, key=lambda t: t.i)), head


def _read_of(head: Token, heads: list[Token], read: set[str]) -> bool:
    """Did a statement come of the clause? Known by its verb, unless another clause of the
    sentence has the same verb ("I'm in Bristol, Lorraine's still in Sheffield"): then a
    clause set beside another is read again alone, and what it said twice is one statement."""
    lemma = verb_lemma(head)
    twice = set_beside(head) and any(verb_lemma(h) == lemma for h in heads if h != head)
    return lemma in read and not twice


def dropped_clauses(sent: Span, statements: list[Statement], reparse: Reparse) -> list[Doc]:
    """The clauses of the sentence that read as nothing in place, each parsed again alone."""
    out = []
    for text, _ in pieces(sent, statements):
        doc = reparse(text + ".")
        if len(list(doc.sents)) == 1:
            out.append(doc)
    return out
