"""Plain clauses the reader used to refuse for their shape alone (whole26): a clause with a
subject the reader can name and a verb is stored as said, whatever shape its parts took in the
parse, unless a reason in the rule says not (a question, a hypothetical, hearsay or doubt, a
subject that resolves to nothing: those gates stay where they are). Three shapes are read:

- an object the tagger called an adjective though it heads a noun phrase ("Tom kept the flat":
  "flat" tagged JJ under its article): a noun, where WordNet knows the word as one
  (objects.headed_noun, beside the rule it opens);
- a passive with a second object ("Ben was offered a place at Leeds", "I got given a bike"):
  what befell the subject, kept as said with what it was given as its object ("is_offered
  place"), its other roles as qualifiers;
- a deed done to something by a body of people or a piece of writing said with its article
  or owner ("The council did send him a letter", "Our landlord's firm replaced the boiler"):
  the noun phrase is the subject, as a thing, when the clause has an object that is a thing.

Pure, over the parse.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from resident.language import lexicon
from resident.language.clause_parts import _time_tokens
from resident.language.refs import _object_text
from resident.language.statement import Ref, Statement, _predicate
from resident.language.words import words

if TYPE_CHECKING:
    from spacy.tokens import Token


def second_object(verb: Token) -> Token | None:
    """The object a passive was given beside its subject ("was offered a job": job), when it
    is the clause's only further argument and a noun said as a thing (not "it", not a number:
    an amount is read by prices.py)."""
    objs = [c for c in verb.children if c.dep_ == "dobj"]
    if len(objs) != 1:
        return None
    obj = objs[0]
    if obj.pos_ not in ("NOUN", "PROPN") or obj.like_num:
        return None
    return obj


def perfect_misread(verb: Token) -> bool:
    """ "She's already bought the tickets", "he's rearranged my kitchen": a clitic "'s" before a
    participle with an object is "has" (the present perfect, active) more often than the
    passive "is" the parser read; only "'s been offered" is a passive for sure."""
    auxes = [c.lower_ for c in verb.children if c.dep_ in ("aux", "auxpass")]
    return "'s" in auxes and "been" not in auxes


def given_passive(
    verb: Token,
    auxpass: Token,
    subject: Ref,
    mood: Literal["fact", "past", "plan", "wish"],
    said_mood: Literal["fact", "past", "plan", "wish"],
) -> Statement | None:
    """ "Ben was offered a place at Leeds": what befell Ben, said with the participle as the
    predicate ("is_offered", "gets_offered" with "get") and what was given as its object."""
    obj = second_object(verb)
    if obj is None or perfect_misread(verb):
        return None
    when, time_idx = _time_tokens(verb)
    text = _object_text(obj, time_idx)
    became = lexicon.base(auxpass.lower_, "v") == "get"
    predicate = _predicate("gets" if became else "is", verb.lower_)
    if not text or predicate is None:
        return None
    return Statement(
        subject=subject,
        predicate=predicate,
        object=text,
        mood=said_mood if mood != "wish" else mood,
        verb=verb.lemma_.lower(),
        when=when,
    )


def body_subject(verb: Token, subj_tok: Token) -> Ref | None:
    """The subject of a deed done to something, when it is a body of people or a piece of
    writing said with its article or owner ("the council", "my lab report"; the WordNet
    classes in data/doing_subject_lexnames.txt) and the clause's object is a noun: the noun
    phrase as a thing, by its noun and the nouns compounded before it."""
    if subj_tok.pos_ != "NOUN" or subj_tok.ent_type_ or subj_tok.dep_ != "nsubj":
        return None
    if not any(c.dep_ in ("det", "poss") for c in subj_tok.children):
        return None
    if any(c.dep_ in ("conj", "appos", "relcl", "acl", "nummod") for c in subj_tok.children):
        return None
    noun = subj_tok.lemma_.lower()
    if lexicon.first_lexname(noun, "n") not in words("doing_subject_lexnames"):
        return None
    obj = next((c for c in verb.children if c.dep_ == "dobj"), None)
    if obj is None or obj.pos_ not in ("NOUN", "PROPN") or obj.like_num:
        return None
    if lexicon.first_lexname(obj.lemma_.lower(), "n") in words("not_deed_object_lexnames"):
        return None  # "the news gave me a fright": a feeling befell, nothing was done
    before = [c for c in subj_tok.children if c.dep_ == "compound" and c.i == subj_tok.i - 1]
    name = " ".join([*(c.lower_ for c in before), subj_tok.lower_])
    return Ref(role="name", name=name, kind="thing")
