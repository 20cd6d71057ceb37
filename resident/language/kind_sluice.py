"""A verbless question asking which kind of the thing just said, answered by naming it more
exactly (issue 21, answer26). Pure.

"I bought a motorbike." / "What kind?" / "A second-hand Honda CB500.": no turn alone says what
was bought, more exactly than a motorbike. sluicing.py notes the question ("what kind", "what
sort", "which kind of car": data/sluices.tsv, the gap "object") as it notes "Where?"; here the
teller's statements are said again with the answer in the object's place, when the answer is
of the object's kind:

- its head is a kind of the object's noun (WordNet: a collie is a dog), or that noun itself
  ("A red one, a racing bike"), or a name said as a kind (a make or model WordNet does not
  know, with "a" before it or read as a product or a maker: "A Honda CB500"; "Biscuit." alone
  is the dog's name, not its kind), and
- the statement's object is a thing (not a person, not a value) and was not denied.

Otherwise nothing: "I got a new job." / "What kind?" / "Nursing." says no kind of job WordNet
knows, and nothing is put in its place.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from resident.language.gap_kinds import head_of
from resident.language.lexicon import is_a

if TYPE_CHECKING:
    from resident.language.statement import Statement

_ARTICLES = frozenset({"a", "an", "the"})
_INDEFINITE = frozenset({"a", "an"})
_MAKERS = frozenset({"ORG", "PRODUCT"})


def narrowed(
    statements: tuple[Statement, ...], fragment: str, doc_of: object, named: bool = False
) -> list[Statement]:
    """The statements with the fragment as their object, when it names a kind of it; `named`:
    the caller found its head a make or model ("The old Fiesta.", confirmed.named_after)."""
    fragment = fragment.split(",")[0].strip()  # "A Honda, second-hand": its head phrase
    said = fragment.split()
    if said and said[0].lower() in _ARTICLES:
        said = said[1:]
    if not said:
        return []
    doc = doc_of(fragment + ".")  # type: ignore[operator]
    head = head_of([t for t in next(iter(doc.sents)) if not t.is_punct])
    if head is None or head.pos_ not in ("NOUN", "PROPN"):
        return []
    words = fragment.lower().split()
    maker = named or words[0] in _INDEFINITE or any(t.ent_type_ in _MAKERS for t in doc)
    out = []
    for st in statements:
        if st.negated or st.literal or st.object_ref is not None or not st.object:
            continue
        noun = st.object.replace("_", " ").split()[-1].lower()
        if _kind_of(head.lemma_.lower(), head.pos_ == "PROPN" and maker, noun):
            out.append(st.model_copy(update={"object": " ".join(said)}))
    return out


def _kind_of(word: str, named: bool, noun: str) -> bool:
    """Whether `word` (the answer's head) names a kind of `noun`, or is a name said as one."""
    return word == noun or named or is_a(word, noun, senses=None)
