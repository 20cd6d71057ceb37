"""What a question asks, in words, for the answers that have none: "What do you know about
Ana?" (everything held about a subject) and "I don't know what treats gout." (the gap
restated from the question as the statement reader read it). Pure."""

from __future__ import annotations

from typing import TYPE_CHECKING

from resident.language.phrases import third_person
from resident.language.render import possessive, reads_as_verb
from resident.language.statement import _NAMING_VERBS

if TYPE_CHECKING:
    from spacy.tokens import Doc

    from resident.language.asking import Query

#: Verbs that ask for everything about a subject ("What do you know about Ana?", "Tell me
#: about Ana").
_ABOUT_VERBS = frozenset({"know", "tell", "say"})


def about_phrase(doc: Doc) -> str | None:
    """The subject of "What do you know about X?" / "Tell me about X" ("me" for the speaker),
    read from the parse: a verb of knowing or telling with an "about" phrase."""
    for tok in doc:
        if tok.lemma_.lower() not in _ABOUT_VERBS or tok.pos_ not in ("VERB", "AUX"):
            continue
        for prep in tok.children:
            if prep.dep_ != "prep" or prep.lower_ != "about":
                continue
            pobj = next((c for c in prep.children if c.dep_ == "pobj"), None)
            if pobj is not None:
                words = [t.text for t in pobj.subtree if not t.is_punct and t.dep_ != "det"]
                return " ".join(words) or None
    return None


def defined_phrase(doc: Doc) -> str | None:
    """The X of a definition question ("What is X?", "Who was X?", "What are X?") as it was
    written, articles and inner punctuation kept, so a name such as "Abnormality of the heart"
    or "ASN.1" can be looked up whole when the parse split it."""
    words = [t for t in doc if not t.is_space]
    if len(words) < 3 or words[0].lower_ not in ("what", "who") or words[1].lemma_ != "be":
        return None
    copula = words[1]
    said = doc.text[copula.idx + len(copula.text) :].strip(" ?!.\n\t")
    return said or None


def without_article(phrase: str) -> str:
    """ "the Cheshire Cat" -> "Cheshire Cat"."""
    first, _, rest = phrase.partition(" ")
    return rest if first.lower() in ("the", "a", "an") and rest else phrase


def unknown_text(query: Query | None, subject_name: str | None) -> str:
    """ "I don't know what treats gout.", "I don't know Bob's birthday.", "I don't know what
    aspirin treats."; a plain "I don't know." when the question names no one by name."""
    if query is None:
        return "I don't know."
    predicate = query.verb
    if predicate in _NAMING_VERBS or (query.attribute and reads_as_verb(predicate)):
        # "what the takeaway calls", "Gethin's works at": no restatement reads well.
        return "I don't know."
    if query.subject is None and query.wh == "what" and query.object_words:
        said = " ".join(query.object_words)
        return f"I don't know what {third_person(predicate)} {said}."
    if subject_name is None:
        return "I don't know."
    if query.verb == "be" and query.wh in ("who", "what") and not query.object_words:
        # "Who is my mother?": the one asked about is the answer.
        return f"I don't know {subject_name}."
    if query.attribute:
        owner = "your" if subject_name == "you" else possessive(subject_name)
        return f"I don't know {owner} {predicate.replace('_', ' ')}."
    if query.verb not in ("be", "have", "do") and (query.wh in ("what", "yes")):
        verb = predicate if subject_name == "you" else third_person(predicate)
        return f"I don't know what {subject_name} {verb}."
    return "I don't know."
