"""Does the answer fill the role the question asks, not another one of the same statement?
Checks at answer time, beside answer_check's type of the filler (asked by answering.py on
every reply that found an answer, whichever reading and helper found it):

- a "who" answer is never one the question already names: "Who teaches me the violin?" is not
  the asker (the learner of "I learn the violin"), "Who does Ana live with?" not Ana;
- a reason is no amount: "Why did Mum buy a bicycle?" is not "ninety pounds" (the price said
  with "for", read as its purpose);
- what someone does is no amount: "What does Kemi do for work?" is not "four long shifts";
- a "yes" rests on a statement that holds the question's object, by its words or a kind of it
  (WordNet): "Is Delphine still seeing Fergus?" is not answered Yes by "Delphine is an
  auntie", nor "Does Sam have a dog?" by his cat.

Each fails only on evidence, as answer_check's do. Pure: reads the parse, WordNet and the
claims the answer rests on."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from spacy.lang.en.stop_words import STOP_WORDS
from spacy.tokens import Span, Token

from resident.language import lexicon
from resident.language.answer_check import is_number_word
from resident.language.statement import base_form

if TYPE_CHECKING:
    from resident.language.knowledge import ClaimView

#: Number words ("three", "ninety"), without the articles.
#: WordNet's classes of a noun said with a number that only measures it: a unit, money, a
#: stretch of time ("ninety pounds", "four long shifts", "two weeks").
_MEASURES = frozenset({"noun.quantity", "noun.possession", "noun.time"})
#: The question's words that stand for the asker.
_ASKER = frozenset({"i", "me", "my", "myself", "mine"})
#: The dependencies of the question's objects: what a "yes" must be about.
_OBJECTS = frozenset({"dobj", "pobj", "attr", "dative", "oprd"})


def fills_asked(
    sent: Span,
    short: str,
    views: Sequence[ClaimView],
    asker: str | None = None,
    held: Mapping[str, str] | None = None,
) -> bool:
    """Is `short`, resting on `views`, the filler of the role `sent` asks? `asker`: the
    asker's name as held; `held`: per claim id, its qualifiers' words."""
    wh = next((t for t in sent if t.tag_ in ("WDT", "WP", "WRB")), None)
    said = _words(short)
    if wh is None:
        return short.lower() != "yes" or _object_held(sent, views, held or {})
    word = wh.lower_
    if word in ("who", "whom"):
        return not _named_in_question(sent, said, asker)
    if word == "why" or word == "what" and _asks_doing(wh):
        return not only_amount(short)
    return True


def _words(short: str) -> list[str]:
    cleaned = "".join(c if c.isalnum() or c in " '-" else " " for c in short.lower())
    return [w.strip("'-") for w in cleaned.split() if w.strip("'-")]


def _named_in_question(sent: Span, said: list[str], asker: str | None) -> bool:
    """Is the answer one the question names itself: a name it says, or the asker it speaks
    of ("me", "my")? Then it fills another role of the statement asked, never the gap."""
    if not said:
        return False
    names = [t.lower_ for t in sent if t.pos_ == "PROPN" and t.ent_type_ not in ("DATE", "TIME")]
    if asker and any(t.lower_ in _ASKER for t in sent):
        names += _words(asker)
    content = [w for w in said if w not in STOP_WORDS]
    return bool(content) and all(w in names for w in content)


def _asks_doing(wh: Token) -> bool:
    """ "What does Kemi do (for work)?": "what" the object of "do" with "do" its auxiliary."""
    verb = wh.head
    aux = any(c.dep_ == "aux" and c.lemma_ == "do" for c in verb.children)
    return wh.dep_ == "dobj" and verb.lemma_ == "do" and verb.pos_ == "VERB" and aux


def only_amount(text: str) -> bool:
    """Is the answer only an amount: a number, with nothing but words that measure it
    ("ninety pounds", "£90", "four long shifts")? "Two jobs at once" names jobs: no amount
    only when one of its nouns is no measure."""
    said = _words(text)
    if not any(is_number_word(w) for w in said):
        return False
    for word in said:
        if is_number_word(word) or word in STOP_WORDS or word in ("and", "-"):
            continue
        noun = lexicon.base(word, "n")
        if noun is None:
            # An adjective ("long", "extra") says how much, not what for.
            if lexicon.base(word, "a") is not None:
                continue
            return False
        if not lexicon.lexnames(noun) & _MEASURES:
            return False
    return True


def _objects(sent: Span) -> list[Token]:
    """The things a yes/no question asks about besides its subject: its objects and
    complements that are nouns or names ("Fergus" of "Is Delphine still seeing Fergus?",
    "dog" of "Does Sam have a dog?"); no pronoun, no time."""
    out = []
    for tok in sent:
        dep = tok.dep_ if tok.dep_ != "conj" else tok.head.dep_
        if dep not in _OBJECTS or tok.pos_ not in ("NOUN", "PROPN"):
            continue
        if tok.ent_type_ in ("DATE", "TIME") or lexicon.lexnames(tok.lemma_.lower()) == {
            "noun.time"
        }:
            continue
        out.append(tok)
    return out


def _forms(text: str) -> set[str]:
    out = set()
    for w in _words(text.replace("_", " ")):
        out |= {w, base_form(w), lexicon.base(w, "n") or w}
    return out


def _object_held(sent: Span, views: Sequence[ClaimView], held: Mapping[str, str]) -> bool:
    """Does a statement the yes rests on hold every object the question asks about, by its
    words or as a kind of it? A person asked by a kin word or a role ("my sister") may be
    held by name: no evidence against."""
    asked = _objects(sent)
    if not asked or not views:
        return True
    said: set[str] = set()
    for view in views:
        text = " ".join(
            [
                view.subject_label,
                view.object_label,
                view.claim.predicate,
                held.get(view.claim.id, ""),
            ]
        )
        said |= _forms(text)
    people = any((v.claim.object_entity or "").startswith("person:") for v in views)
    for tok in asked:
        forms = {tok.lower_, tok.lemma_.lower(), base_form(tok.lower_)}
        if forms & said:
            continue
        if tok.pos_ == "NOUN" and people and "noun.person" in lexicon.lexnames(tok.lemma_):
            continue
        if tok.pos_ == "NOUN" and any(lexicon.is_a(w, f) for w in said for f in forms):
            continue
        return False
    return True
