"""The copula written without its apostrophe ("im 15", "hes a plasterer", "shes in York",
"theyre in Leeds"): the tokenizer splits it from its pronoun as English would ("i" "m"), but
the small tagger calls the piece a verb of its own with itself as lemma, so no rule reads it as
"be" and the clause says nothing. Mended in place on the parsed doc, before reading. Pure over
the doc it is given.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from resident.language.words import table

if TYPE_CHECKING:
    from spacy.tokens import Doc, Token


def _pronouns(piece: str) -> frozenset[str]:
    return frozenset(table("be_unmarked").get(piece, "").split())


def unmarked_copula(tok: Token) -> bool:
    """Is `tok` "be" written onto the pronoun before it with no apostrophe? Only where the
    parser made it the head of its clause (a "s" it hung as an auxiliary may be "has":
    "shes got a salon"), and written with no space after its pronoun."""
    if tok.i == 0 or tok.lemma_.lower() == "be" or tok.pos_ != "VERB":
        return False
    before = tok.doc[tok.i - 1]
    if before.whitespace_ or before.pos_ != "PRON" or before.i < tok.sent.start:
        return False
    return before.lower_ in _pronouns(tok.lower_) and tok.dep_ not in ("aux", "auxpass")


def mend_unmarked_copulas(doc: Doc) -> None:
    """Each unmarked copula of the doc made the copula the parser would have read had the
    apostrophe been there: lemma "be", an auxiliary by its part of speech."""
    for tok in doc:
        if unmarked_copula(tok):
            tok.lemma_ = "be"
            tok.pos_ = "AUX"
