"""Children named with their noun left out: "me and my two, Tolu and Dami", "two of our three,
Aoife and Ronan", "our eldest Jack", "our youngest, Mia". After "my" or "our", a number or a
superlative of age with no noun of its own stands for the owner's children; each name listed
after it (as many as the number says, or the one name after the superlative) is a child_of
the owner. Pure.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from resident.language.refs import _name_of, _owner_ref
from resident.language.roles import RoleFill
from resident.language.statement import Context, Ref, Statement
from resident.language.words import table, words

if TYPE_CHECKING:
    from spacy.tokens import Span, Token

#: Most names a list after "our five" is read for.
_MAX_LISTED = 6


def elided_children(sent: Span, ctx: Context) -> list[Statement]:
    """The children a sentence names after an elided "my two", "our eldest"."""
    out: list[Statement] = []
    for poss in sent:
        if poss.lower_ not in ("my", "our") or poss.dep_ != "poss":
            continue
        owner = _owner_ref(poss, ctx)
        if owner is None:
            continue
        total = _partitive_total(poss)
        if total is not None:
            # "two of our three": the owner has three children, whoever is named.
            has = f"{total} children"
            count = (RoleFill(role="quantity", text=total),)
            out.append(
                Statement(subject=owner, predicate="has", object=has, verb="have", roles=count)
            )
        for name in _named_children(poss):
            ctx.remember(_name_of(name), "person")
            named = Ref(role="name", name=_name_of(name), kind="person")
            child = Statement(
                subject=named, predicate="child_of", object="", object_ref=owner, verb="be"
            )
            out.append(child)
    return out


def _named_children(poss: Token) -> list[Token]:
    head = poss.head
    if head.lower_ in words("eldest_words") and head.i == poss.i + 1:
        # "our eldest Jack" (the name beside it) or "our youngest Mia" (the superlative a
        # modifier of the name).
        after = head.doc[head.i + 1] if head.i + 1 < len(head.doc) else None
        return [after] if after is not None and _a_name(after) else []
    if head.pos_ == "PROPN" and head.i == poss.i + 2:
        before = head.doc[poss.i + 1]
        if before.lower_ in words("eldest_words") and before.dep_ == "amod":
            return [head]
    if head.pos_ != "NUM" or head.i != poss.i + 1 or head.dep_ == "nummod":
        return []
    count = _listed_count(head)
    if count is None:
        return []
    names = _listed_after(head, count)
    return names if len(names) == count else []


def _partitive_total(poss: Token) -> str | None:
    """The number of all the owner's children in "two of our three", when the list after it
    names some of them; None otherwise."""
    num = poss.head
    prep = num.head
    if num.pos_ != "NUM" or num.dep_ != "pobj" or prep.lower_ != "of" or not _named_children(poss):
        return None
    return num.text


def _listed_count(num: Token) -> int | None:
    """How many names the list after "our three" gives: three, or two in "two of our three"."""
    said = num.lower_
    prep = num.head if num.dep_ == "pobj" else None
    if prep is not None and prep.lower_ == "of" and prep.head.pos_ == "NUM":
        said = prep.head.lower_
    value = said if said.isdigit() else table("number_words").get(said, "")
    return int(value) if value.isdigit() and said not in ("a", "an") else None


def _listed_after(num: Token, count: int) -> list[Token]:
    """The first `count` names after the number, past commas, "and" and what a relative clause
    says of each ("Tolu who is thirteen and Dami who is eight"); none when a word of another
    kind comes first."""
    names: list[Token] = []
    skip: set[int] = set()
    for tok in num.doc[num.i + 1 : num.sent.end]:
        if tok.i in skip or tok.is_punct or tok.lower_ in ("and", "&"):
            continue
        if tok.dep_ == "relcl" or tok.lower_ in ("who", "whom"):
            clause = tok.head if tok.lower_ in ("who", "whom") else tok
            # "Tolu who is thirteen and Dami ...": the next name, parsed inside the clause,
            # is listed all the same.
            named = [c for c in clause.subtree if _a_name(c) and c.dep_ == "conj"]
            listed = {t.i for c in named for t in c.subtree}
            skip.update(t.i for t in clause.subtree if t.i not in listed)
            continue
        if not _a_name(tok):
            break
        if len(names) == min(count, _MAX_LISTED):
            return []  # more names than the number said: not the list it counts.
        names.append(tok)
    return names


def _a_name(tok: Token) -> bool:
    return tok.pos_ == "PROPN" and tok.text[:1].isupper() and tok.lower_ != "max"
