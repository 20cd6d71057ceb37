"""Three ways an answer can be about something else that the type check (answer_check) lets
through, each one definition, asked of every reply before it is said (typed_reply):

- a name asked ("What is the name of Kit's band?", "What is the band called?") answered by
  no name: a role, a job or a thing ("uncle", "primary school principal");
- a "when" answered with a time still relative to the day it was said ("tomorrow night",
  "since two years"): true of another day than the asker's;
- an answer that only says back the question's own words ("What job did Ewan get?" "job
  interview"; "Where is the Christmas market stall?" "Christmas market");
- a "what N" answered by a name whose head is a noun of another kind ("What van did Rhys
  buy?" "Honda CB500 and motorbike": a motorbike is no van).

Each fails only on evidence (a word WordNet lacks may be a name); refused, the reply is
"I don't know", which beats an answer about something else. Pure: the parse and WordNet."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from spacy.lang.en.stop_words import STOP_WORDS
from spacy.tokens import Span, Token

from resident.language import lexicon
from resident.language.answer_check import expected, is_number_word, word_of_kind
from resident.language.kin_nouns import kin_nouns
from resident.language.owned import is_group
from resident.language.when_days import MONTHS, WEEKDAYS
from resident.language.words import words

if TYPE_CHECKING:
    from resident.language.knowledge import ClaimView

_WH_TAGS = frozenset({"WDT", "WP", "WRB"})
_CALENDAR = frozenset({*WEEKDAYS, *MONTHS})


def _words(short: str) -> list[str]:
    cleaned = "".join(c if c.isalnum() or c in " '-" else " " for c in short)
    return [w.strip("'-") for w in cleaned.replace("'s ", " ").split() if w.strip("'-")]


def _content(short: str) -> list[str]:
    return [w for w in _words(short) if w.lower() not in STOP_WORDS]


def _wh(sent: Span) -> str | None:
    wh = next((t for t in sent if t.tag_ in _WH_TAGS), None)
    return None if wh is None else wh.lower_


def asks_name(sent: Span) -> bool:
    """Does a "what" question ask a name: "the name of N" / "N's name" as what is asked,
    or N "called"/"named" (data/name_asking_verbs)?"""
    if _wh(sent) != "what":
        return False
    for tok in sent:
        if tok.lemma_.lower() == "name" and tok.pos_ == "NOUN" and tok.dep_ in ("nsubj", "attr"):
            return True
        naming = tok.pos_ == "VERB" and tok.lemma_.lower() in words("name_asking_verbs")
        if naming and _names_complement(tok):
            return True
    return False


def _names_complement(verb: Token) -> bool:
    """ "What is the band called?" (passive, the question word its complement) or "What did
    they call the puppy?" (two objects, the question word one); not "What did Bram call his
    mum about?", whose question word is a stranded preposition's."""
    kids = list(verb.children)
    if any(c.dep_ == "prep" and not any(g.dep_ == "pobj" for g in c.children) for c in kids):
        return False
    if any(c.dep_ == "auxpass" for c in kids):
        return True
    objects = [c for c in kids if c.dep_ in ("dobj", "oprd")]
    return len(objects) > 1 and any(c.tag_ in _WH_TAGS for c in objects)


#: The resident's own name: said to him ("Our cat sleeps on the boiler, MAX"), it names no
#: one talked about (refs.py and phrases.py read it as the one addressed too).
_RESIDENT = "max"


def a_name(short: str) -> bool:
    """Does the answer hold a name: a word said with a capital (not a day's or a month's
    name, nor the resident's own), or only words WordNet lacks ("tina", a name said in
    lower case)?"""
    said = [w for w in _content(short) if w.lower() != _RESIDENT]
    if any(w[:1].isupper() and w.lower().rstrip("s") not in _CALENDAR for w in said):
        return True
    return bool(said) and all(_unknown(w) for w in said)


def _unknown(word: str) -> bool:
    low = word.lower()
    if any(c.isdigit() for c in low):
        return False
    return all(lexicon.base(low, pos) is None for pos in ("n", "v", "a", "r"))


def unresolved_time(short: str) -> bool:
    """Does a time answer still hold a word relative to the day it was said (data/
    unresolved_time_words), or say a span without a date ("two years")?"""
    said = [w.lower() for w in _words(short)]
    if set(said) & words("unresolved_time_words"):
        return True
    dated = any(w.rstrip("s") in _CALENDAR or (w.isdigit() and len(w) == 4) for w in said)
    units = words("unresolved_time_units")
    spans = [w for w in said if w in units or w.rstrip("s") in units]
    return bool(spans) and not dated and any(is_number_word(w) for w in said)


def answered_back(sent: Span, short: str) -> bool:
    """Does the answer say only words of the question itself (by their base form)? Not for a
    question that offers a choice ("tea or coffee"): its answer is one of its own words."""
    if any(t.lower_ == "or" for t in sent):
        return False
    asked = {t.lower_ for t in sent} | {t.lemma_.lower() for t in sent}
    said = [w.lower() for w in _content(short)]
    return bool(said) and all(w in asked or (lexicon.base(w, "n") or w) in asked for w in said)


def _head_of_other_kind(short: str, noun: str) -> bool:
    """Is the answer's last word a lower-case noun WordNet knows that is no kind of `noun`
    ("... and motorbike" for a van)? A name passes the type check whatever its head; its
    head, when a common noun, says what it names."""
    said = _content(short)
    if not said or not said[-1].islower():
        return False
    head = lexicon.base(said[-1], "n")
    if head is None or not lexicon.lexnames(noun) or head == noun:
        return False
    return not word_of_kind(said[-1], noun)


def fits_asked(sent: Span, short: str) -> bool:
    """Is `short` no answer about something else by any of the module's three checks?"""
    if _wh(sent) is None:
        return True
    if asks_name(sent) and not a_name(short):
        return False
    asks = expected(sent)
    if asks is not None and asks[0] == "time" and unresolved_time(short):
        return False
    if asks is not None and asks[0] == "kind" and asks[1] and _head_of_other_kind(short, asks[1]):
        return False
    return not answered_back(sent, short)


#: WordNet's classes of an owned noun that names a thing of its own, apart from its owner
#: (a bike, a dog; a relative too, data/kin_paths): a statement of the owner alone
#: says nothing of it. Not an attribute or an act ("Tom's job", "Tom's age"), which the
#: owner's statements do say.
_OWNED_THINGS = frozenset({"noun.person", "noun.animal", "noun.artifact"})


def _possessed(sent: Span) -> list[tuple[Token, list[Token]]]:
    """Each owned noun of the question with its owners: "Gwen and Rhys's dad" -> (dad,
    [Rhys, Gwen])."""
    out = []
    for tok in sent:
        if tok.dep_ != "poss" or tok.pos_ != "PROPN" or tok.head.pos_ != "NOUN":
            continue
        owners = [tok, *(c for c in tok.conjuncts if c.pos_ == "PROPN")]
        noun = tok.head
        if noun.dep_ == "conj" and noun.head.pos_ == "PROPN":
            # The parser's "Gwen" and "Rhys's dad" of "Gwen and Rhys's dad": one dad, of both.
            owners.append(noun.head)
        out.append((noun, owners))
    return out


def about_owner(sent: Span, views: Sequence[ClaimView], held: Mapping[str, str]) -> bool:
    """Is every statement the answer rests on its owner's alone, one that never names the
    thing asked ("How old is Gwen and Rhys's dad?" answered by Gwen's own age; "What is the
    name of Kit's band?" by what Kit is)? `held`: per claim, its qualifiers' words."""
    if not views:
        return False
    for noun, owners in _possessed(sent):
        lemma = noun.lemma_.lower()
        if lemma not in kin_nouns() and lexicon.first_lexname(lemma) not in _OWNED_THINGS:
            continue
        if is_group(lemma):
            # A team or a band speaks for its member: "we won the final" said by Kyle is his
            # team's win (owned.is_group).
            continue
        names = {o.lower_ for o in owners}
        thing = {noun.lower_, noun.lemma_.lower()}
        # A relative asked is reached through the owner's own ties to someone ("Who is Jules's
        # ex?" by "Jules split up with Kemi", kinship.py): a tie to another entity is no
        # statement of the owner alone.
        kin = lemma in kin_nouns()
        alone = [v for v in views if not (kin and _a_tie(v))]
        if alone and all(_of_owner(v, names, thing, held) for v in alone):
            return True
    return False


def _a_tie(v: ClaimView) -> bool:
    """Does the statement tie its subject to another entity (a person or a thing, not a value)?"""
    return v.claim.object_entity is not None and v.claim.object_entity != v.claim.subject


def _of_owner(v: ClaimView, names: set[str], thing: set[str], held: Mapping[str, str]) -> bool:
    """Is the statement `v` of the owners alone, naming nothing of the owned `thing`?"""
    subject = set(_lower_words(v.subject_label))
    rest = " ".join([v.claim.predicate, v.object_label, held.get(v.claim.id, "")])
    said = set(_lower_words(rest.replace("_", " ")))
    said |= {lexicon.base(w, "n") or w for w in said}
    return bool(subject) and subject <= names and not thing & said


def _lower_words(text: str) -> list[str]:
    return [w.lower() for w in _words(text)]
