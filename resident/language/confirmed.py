"""A value the asker offered, confirmed by the one asked, and a verbless name or kind said of the
thing just named (issue 21, frag28). Pure: the parse in, text or statements out.

"What's his name again, Graham?" / "Graham, yes.": the asker offers the value with the
question, and the answer says it again with a yes. question_held.closing_question reads a name
closing a question as the one it is put to ("Is that your bike, Jo?"), and a turn by someone
of another name answers nothing of it. When the turn after says that name again, alone or with
a yes ("Graham, yes.", "Yes, Graham.", "Pete."), and is not said by one of that name, the
name was offered as the answer: the wh-question is read with it as its fragment, as any
fragment answer is (ellipsis.statement_text), and fill_guard keeps it only in the gap's role
when it is of the gap's kind. A bare "Yes." says the name nowhere in the turn the guard could
find, and a "No, ..." corrects it: neither is read here.

"I sold my car last week. The old Fiesta.": a verbless phrase after a statement of the same
turn, whose head names the object more exactly (a kind of it, WordNet: a tom is a cat; or a
name said with an article after a made thing, its make or model: "The old Fiesta"), is the
statement again with the phrase as its object (kind_sluice.narrowed, the reading "What
kind?" / "A Honda CB500." has). Any other head ("A nightmare.", "Walnut.") adds nothing.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from resident.language.ellipsis import statement_text
from resident.language.fragment_answer import Answer
from resident.language.fragments import is_fragment
from resident.language.gap_kinds import head_of
from resident.language.hedging import POLARITY
from resident.language.kind_sluice import narrowed
from resident.language.lexicon import is_a
from resident.language.question_held import Asked

if TYPE_CHECKING:
    from spacy.tokens import Doc, Span

    from resident.language.statement import Statement

#: Entity types of a proper noun that is no make or model of a thing.
_NOT_A_MAKE = frozenset(
    {"PERSON", "GPE", "LOC", "FAC", "NORP", "DATE", "TIME", "CARDINAL", "ORDINAL", "MONEY"}
)

_ARTICLES = frozenset({"the", "a", "an"})
#: Entity types the small model guesses for a lone name it does not know.
_GUESSED = frozenset({"PERSON", "GPE", "ORG"})


def confirmed(
    asked: Asked, doc: Doc, person_id: str | None, turn: int, name: str | None, doc_of: object
) -> tuple[str, str | None]:
    """The statement turn `turn` (`doc`, said by `person_id`, called `name`) makes by
    confirming the value the question before it offered by name, and that question; ("",
    None) when it confirms none."""
    asker, question, at, offered = asked.before
    if question is None or offered is None or asker is None or person_id is None:
        return "", None
    if asker == person_id or at != turn - 1:
        return "", None
    if name is not None and name.lower() == offered.lower():
        return "", None  # put to this one by name: ellipsis read it already
    if not _says_again(doc, offered):
        return "", None
    return statement_text(question, doc_of, Answer(None, offered)), question


def _says_again(doc: Doc, offered: str) -> bool:
    """Whether the turn's first sentence is the offered name, alone or with a yes."""
    sents = list(doc.sents)
    if not sents:
        return False
    said = [t.lower_ for t in sents[0] if not (t.is_punct or t.is_space)]
    yes = [w for w in said if POLARITY.get(w) == "yes"]
    rest = [w for w in said if POLARITY.get(w) is None]
    return len(yes) == len(said) - len(rest) and rest == offered.lower().split()


def named_after(statements: list[Statement], sent: Span, doc_of: object) -> list[Statement]:
    """The statements of the sentence before with the verbless `sent` as their object, when
    its head names a kind of that object or a make of it (see the module's doc)."""
    if not statements or not is_fragment(sent):
        return []
    # "A white Transit Connect, twenty nineteen.": the phrase before a comma names the thing.
    comma = next((t.i for t in sent if t.text == ","), sent.end)
    said = [t for t in sent if not t.is_punct and t.i < comma]
    head = head_of(said)
    if head is None or head.pos_ not in ("NOUN", "PROPN") or any(t.pos_ == "ADP" for t in said):
        return []  # "A barn near Ludlow": a place said with it, not only the thing
    named = head.pos_ == "PROPN"
    if named:
        # A name said alone is a person called, a list's first item, a material ("Callum.",
        # "Sourdough, pastries", "Walnut."); said with an article after a made thing, it is
        # that thing's make or model ("The Brompton.", "A white Transit Connect"), whatever
        # type the small model guesses for a name it does not know ("The Brompton": GPE).
        typed = {t.ent_type_ for t in said} - {""}
        if said[0].lower_ not in _ARTICLES or (typed & _NOT_A_MAKE) - _GUESSED:
            return []
        statements = [s for s in statements if _made(s.object)]
    return narrowed(tuple(statements), " ".join(t.text for t in said), doc_of, named=named)


def _made(obj: str) -> bool:
    """Whether the object's noun is a made thing (WordNet: an artifact, in any of its senses:
    "van" is first the vanguard)."""
    words_ = obj.replace("_", " ").split()
    return bool(words_) and is_a(words_[-1].lower(), "artifact", senses=None, kinds=1)
