"""A learner's sentence read as the sentence meant (issue 21, learner30). Learners of English
drop the possessive ("Bogdan brother Mihai"), the third person's -s ("my mother arrive on
Wednesday", "Imran work in a bank") and say the subject twice ("My mother she come to
visit"). The reader's gates refuse such clauses, or the small parser reads the bare verb as a
noun. Before the turn is read, each such sentence is said as meant and parsed again:

- a name right before a singular relative's or relation's noun (statement.KIN) with no
  determiner before the name: the name takes "'s" ("Bogdan brother" -> "Bogdan's brother");
- a bare verb right after its subject, a singular noun or name or "he"/"she" (not one of
  two), the verb of its clause with no auxiliary or modal (or a word the parser took for a
  noun that WordNet says more often as a verb, in a clause with no finite verb):
  its third person form ("arrive" -> "arrives"; "have" -> "has"), so the tense reading
  (`learner_tense`) and the gates see an agreeing verb; not in a sentence of a day gone
  ("Olga go home yesterday"), which the reader keeps its time for as said;
- a personal pronoun subject right after the noun it repeats ("My mother she"): dropped, but
  not after a time ("Last Monday he had surgery").

A sentence that needs none of these is left as said. Pure: spaCy's tags and dependencies,
WordNet and lemminflect, no list of verbs.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from resident.language import lexicon
from resident.language.statement import KIN
from resident.language.when_days import TIME_WORDS

if TYPE_CHECKING:
    from spacy.tokens import Doc, Token

#: doc.user_data key set on a turn whose learner's forms were said as meant.
LEARNER = "learner_forms"
_THIRD = frozenset({"he", "she"})
#: Words of a sentence that put it in the past ("yesterday", "two days ago", "last week").
#: Words that put a sentence in a day gone (learner_tense reads them too).
BACK_WORDS = frozenset({"yesterday", "ago", "last"})
_NOUN_TAGS = frozenset({"NN", "NNP"})
_BLOCKING_DEPS = frozenset({"aux", "auxpass", "neg"})


def repaired(doc: Doc) -> str | None:
    """The turn with its learner's forms said as meant, or None when it has none."""
    edits: dict[int, str] = {}
    for tok in doc:
        if _possessive_dropped(tok):
            edits[tok.i] = tok.text + "'s"
        elif _resumptive(tok):
            edits[tok.i] = ""
        else:
            form = _agreed(tok, edits)
            if form is not None:
                edits[tok.i] = form
    if not edits:
        return None
    out = []
    for tok in doc:
        text = edits.get(tok.i, tok.text)
        out.append(text + tok.whitespace_ if text else "")
    return "".join(out)


def _possessive_dropped(tok: Token) -> bool:
    """ "Bogdan brother Mihai": a name before a singular relative's noun, no determiner."""
    nxt = tok.nbor(1) if tok.i + 1 < len(tok.doc) else None
    if tok.tag_ != "NNP" or nxt is None or nxt.tag_ != "NN" or nxt.lower_ not in KIN:
        return False
    before = tok.nbor(-1) if tok.i > tok.sent.start else None
    return before is None or before.tag_ not in ("DT", "PRP$", "NNP", "POS")


def _resumptive(tok: Token) -> bool:
    """ "My mother she come": "she" the subject right after a noun it repeats."""
    if tok.lower_ not in _THIRD or tok.dep_ != "nsubj" or tok.i == tok.sent.start:
        return False
    before = tok.nbor(-1)
    if before.ent_type_ in ("DATE", "TIME") or before.lower_ in TIME_WORDS:
        return False  # "Last Monday he had surgery": the noun is the time, not the subject
    return before.tag_ in _NOUN_TAGS and before.dep_ in ("npadvmod", "dep", "nsubj")


def _agreed(tok: Token, edits: dict[int, str]) -> str | None:
    """The third person form of a bare verb said right after a singular subject."""
    if tok.i == tok.sent.start or not tok.is_lower or not tok.is_alpha:
        return None
    subject = tok.nbor(-1)
    if subject.i in edits and edits[subject.i] == "" and subject.i > tok.sent.start:
        subject = subject.nbor(-1)  # "My mother she come": the noun said before "she"
    third = subject.lower_ in _THIRD or (
        subject.tag_ in _NOUN_TAGS
        and subject.dep_ not in ("pobj", "dobj", "poss", "conj")
        and not any(c.dep_ == "conj" for c in subject.children)
    )
    if not third or tok.tag_ not in ("VB", "VBP", "NN"):
        return None
    if tok.tag_ == "NN" and not _verb_read_as_noun(tok, subject):
        return None
    head = subject.head.head if subject.dep_ == "appos" else subject.head  # "brother Mihai"
    # A clause's own verb, or one the parser hung from the clause after a comma ("My mother
    # arrive on Wednesday, the flight was late"); not a bare verb after let, make, see ("we
    # let the dog run", whose head comes before it).
    own = tok.dep_ in ("ROOT", "conj") or (tok.dep_ == "ccomp" and tok.head.i > tok.i)
    if tok.tag_ != "NN" and (not own or head != tok):
        return None
    if any(c.dep_ in _BLOCKING_DEPS or c.tag_ == "MD" for c in tok.children):
        return None
    from lemminflect import getInflection  # type: ignore[import-untyped, unused-ignore]

    if lexicon.base(tok.lower_, "v") != tok.lower_:
        return None
    if any(t.lower_ in BACK_WORDS for t in tok.sent):
        # "Olga go home yesterday": a day gone; neither "goes" nor "went" reads better here
        # (measured on dev: both lost the time the bare verb kept).
        return None
    forms = getInflection(tok.lower_, "VBZ")
    return forms[0] if forms and forms[0] != tok.lower_ else None


def _verb_read_as_noun(tok: Token, subject: Token) -> bool:
    """ "My cousin Zsofi arrive on Tuesday, she was tired": the parser took the bare verb for a
    noun. It is a verb said more often than a noun, after a name or a determined noun, in a
    clause (up to its comma) with no finite verb of its own ("The park run is on Saturday")."""
    if not lexicon.mostly_verb(tok.lower_):
        return False
    if subject.tag_ != "NNP" and not any(c.dep_ in ("det", "poss") for c in subject.children):
        return False
    for other in tok.sent:
        if other.i > tok.i and other.text in (",", ";", "-"):
            break
        if other.i != tok.i and other.tag_ in ("VBZ", "VBP", "VBD", "MD"):
            return False
    return True
