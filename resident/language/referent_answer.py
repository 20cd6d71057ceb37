"""Who a question's relative is, told by the answer that names them (issue 21).

"How's your brother?" / "Finn is still in Berlin." answers with a whole sentence of its own,
which the reader stores as it is ("Finn is in Berlin"); what it also says, only with the
question, is who Finn is: the one asked about, the answerer's brother. So when the question
between people asks about a relative held by someone ("your brother", "my mum", "Ana's
sister": the relation noun from the kin list, one of them) and the answer's first sentence
names a person as the subject it talks about ("Finn is ...", or "Gareth?" said back to check),
the answer also states "<holder>'s <relation> is <name>", read by the one reader.

"you/your" of the question is the answerer, "I/my" the asker: the holder is said by name, so
the statement reads the same whoever says it. Guards (a wrong relative costs more than a
missing one): the sentence must not report or suppose ("Jo says he's fine"), must not point
at the relative with a pronoun of its own ("Jo is looking after her"), must not hedge; the
name must be neither the asker's nor the answerer's; a plural relation ("your parents") is
no one person. Pure: texts and parses in, text out.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from resident.language.hedging import hedged
from resident.language.lexicon import never_someone
from resident.language.statement import KIN as _KIN
from resident.language.words import words

if TYPE_CHECKING:
    from spacy.tokens import Doc, Span, Token

_REPORTING = words("reading_reporting") | words("belief_verbs")
#: Pronouns that would point at the relative asked about from inside the answer's sentence.
_POINTING = frozenset({"him", "her", "his", "hers", "them", "their"})
_ROLES = frozenset({"nsubj", "nsubjpass", "attr"})
#: A relative asked about as the object ("Have you met my cousin?") is named only by a name
#: said back alone ("Dario?"): the answer's own subject is the one who did the meeting.
_OBJECTS = frozenset({"dobj"})


def _relative(sent: Span, roles: frozenset[str]) -> tuple[str, str] | None:
    """The relation noun the question asks about and its holder's possessive word ("your",
    "my", or a name), when it is the question's subject (or one of `roles`)."""
    for token in sent:
        if token.lower_ not in _KIN or token.tag_ != "NN" or token.dep_ not in roles:
            continue
        if token.head != sent.root:
            continue
        holder = [c for c in token.children if c.dep_ == "poss"]
        if len(holder) != 1:
            continue
        owner = holder[0]
        if owner.lower_ in ("your", "my"):
            return token.lower_, owner.lower_
        if owner.pos_ == "PROPN":
            return token.lower_, owner.text
    return None


def _person_name(token: Token) -> bool:
    """A proper name that may be a person's ("Berlin!" names a place, not the brother)."""
    if token.pos_ != "PROPN" or token.ent_type_ not in ("", "PERSON"):
        return False
    return not never_someone(token.text)  # "Lisbon" the parse took for a person


def _alone(sent: Span) -> Token | None:
    """The name said back alone ("Gareth?")."""
    said = [t for t in sent if not (t.is_punct or t.is_space)]
    if said and len(said) <= 2 and all(_person_name(t) for t in said):
        return said[-1]
    return None


def _named(sent: Span) -> Token | None:
    """The person the answer's sentence names as its subject ("Finn is still in Berlin"), or
    the sentence's one name said alone ("Gareth?")."""
    alone = _alone(sent)
    if alone is not None:
        return alone
    if sent.root.lemma_ in _REPORTING or any(t.lower_ in _POINTING for t in sent):
        return None
    # The subject the sentence opens with ("Finn is in Berlin, he's a DJ": the parse may hang
    # the first clause under the second).
    subject = next((t for t in sent if t.dep_ in ("nsubj", "nsubjpass")), None)
    if subject is None or subject.ent_type_ != "PERSON" or not _person_name(subject):
        return None
    if subject.head.lemma_ in _REPORTING:
        return None
    if any(t.pos_ not in ("INTJ", "PUNCT", "PROPN") for t in sent[: subject.i - sent.start]):
        return None  # "Yesterday Jo rang ...": the name is not what the answer opens with
    if any(c.dep_ in ("poss", "case", "det", "amod") for c in subject.children):
        return None  # "Tom's wife ...": someone else, named through another
    return subject


def relative_named(question: str, doc: Doc, doc_of: object, asker: str, answerer: str) -> str:
    """The statement "<holder>'s <relation> is <name>." that `doc` makes as the answer to
    `question` (asked by `asker`, answered by `answerer`), or "" when it makes none."""
    sents = list(doc.sents)
    if not sents or not asker or not answerer:
        return ""
    qsents = list(doc_of(question).sents)  # type: ignore[operator]
    if len(qsents) != 1:
        return ""
    relative = _relative(qsents[0], _ROLES)
    named = _named(sents[0])
    if relative is None:
        relative = _relative(qsents[0], _OBJECTS)
        named = _alone(sents[0])
    if relative is None:
        return ""
    if named is None or hedged(sents[0].as_doc()):
        return ""
    name = " ".join(t.text for t in named.subtree if t.pos_ == "PROPN" and t.i <= named.i)
    if not name or name.lower() in (asker.lower(), answerer.lower()):
        return ""
    if any(word in _KIN for word in name.lower().split()):
        return ""  # "How's your mum?" / "Mum had the operation ...": a kin word, no name
    noun, owner = relative
    holder = {"your": answerer, "my": asker}.get(owner, owner)
    if holder.lower() == name.lower():
        return ""
    return f"{holder}'s {noun} is {name}."
