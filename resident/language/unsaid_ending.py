"""An ending said without what it ends (issue 21, stale44): "Sam quit last week", "I stopped
last year", "Ollie quit.", "Gave up in September." What ended is what the talk held of that
person last: the doing told of them most recently before ("Kit does bar shifts at the Swan" /
"I quit last week"; "I play chess with my son" / "I stopped last year"), which is over from
when it was said. The row stays, so "Did Tegid use to play chess?" still reads it.

Only an ending said as done ("quit", "have stopped"; not "I'm going to quit", "I never
stopped"), of the speaker or of someone named (whom "he" is cannot be read here), with no
thing of its own ("gave up the flat", "stopped going", "gave up on lettuces" name what
ended: superseded.py reads those) and no place or purpose ("stopped at the shop", "stopped
for a coffee": a halt, no ending). What it may end is a doing, never a holding or a tie to a
person (superseded.ends_kind: quitting ends no car had). The ending said after another
clause of its sentence ("I used to smoke but I gave up", "He worked there. Retired in 2002.")
ends that clause's doing, which the reader reads there (used_to.given_up), so it is left
alone; a sentence without a subject is the speaker's only as the turn's first ("Gave up in
September." answering). The ending verbs are data (data/unsaid_ending_verbs.txt)."""

from __future__ import annotations

from datetime import datetime
from typing import TYPE_CHECKING

from resident.language import lexicon
from resident.language.change import word_may_end
from resident.language.denied import people_named
from resident.language.matching import claim_verbs
from resident.language.superseded import ends_kind
from resident.language.words import words
from resident.memory.client import GraphStore
from resident.records import Claim

if TYPE_CHECKING:
    from spacy.tokens import Doc, Token

#: Dependencies that give an ending a thing of its own ("quit the gym", "stopped going").
_OWN_THING = frozenset({"dobj", "xcomp", "attr", "nsubjpass", "acomp", "oprd"})
#: The speaker, said of themself.
_SELF = frozenset({"i", "we"})
#: Predicates of who someone is, never a doing an ending ends ("is", "named", kin "_of").
_NOT_DOINGS = frozenset({"is", "is_a", "named", "called"})


def _timed(prep: Token) -> bool:
    """Is the preposition's phrase a time ("in September", "after Christmas")?"""
    objects = [c for c in prep.children if c.dep_ == "pobj"]
    return bool(objects) and all(_time_word(o) for o in objects)


def _time_word(token: Token) -> bool:
    return token.ent_type_ in ("DATE", "TIME") or "noun.time" in lexicon.lexnames(
        token.lemma_.lower(), "n"
    )


def _done(verb: Token) -> bool:
    """Said as done: a past form ("quit", "stopped", "have given up"), with no modal or
    "going to" and no "not"/"never"."""
    if verb.tag_ not in ("VBD", "VBN"):
        return False
    for c in verb.children:
        if c.dep_ == "neg" or c.tag_ == "MD" or c.lower_ == "going":
            return False
    return verb.dep_ in ("ROOT", "conj")


def _lemma(verb: Token) -> str:
    prt = next((c.lower_ for c in verb.children if c.dep_ == "prt"), "")
    return f"{verb.lemma_.lower()}_{prt}" if prt else verb.lemma_.lower()


def unsaid_endings(doc: Doc) -> list[tuple[Token | None, Token]]:
    """Each ending of the turn said without what it ends, with its subject (None: none said,
    the speaker's own: "Gave up in September.")."""
    out = []
    for n, sent in enumerate(doc.sents):
        verb = sent.root
        if verb.pos_ != "VERB" or _lemma(verb) not in words("unsaid_ending_verbs"):
            continue
        if not _done(verb) or any(t.pos_ == "VERB" for t in sent if t.i < verb.i):
            continue
        kids = list(verb.children)
        subjects = [c for c in kids if c.dep_ in ("nsubj", "nsubjpass", "dep")]
        things = [c for c in kids if c.pos_ in ("NOUN", "PROPN") and c not in subjects]
        if any(c.dep_ in _OWN_THING for c in kids) or len(subjects) > 1:
            continue
        if any(c.i < verb.i and not _time_word(c) for c in things):
            continue  # "Sugar I stopped": a thing said before its subject
        if any(c.dep_ in ("prep", "dative") and not _timed(c) for c in kids):
            continue
        if subjects or n == 0:
            out.append((subjects[0] if subjects else None, verb))
    return out


def _whose(graph: GraphStore, subject: Token | None, speaker: str) -> set[str]:
    if subject is None or subject.lower_ in _SELF:
        return {speaker}
    return people_named(graph, subject)


def _a_doing(claim: Claim, verb: str, now: datetime) -> bool:
    """May the ending end this claim: told before the turn, valid now, a doing of that
    person (not who they are, not a holding, not a tie to a person)?"""
    if not word_may_end(claim, now):
        return False
    predicate = claim.predicate
    if predicate.startswith("not_") or predicate in _NOT_DOINGS or predicate.endswith("_of"):
        return False
    if (claim.object_entity or "").startswith("person:"):
        return False
    _negated, verbs, _prep = claim_verbs(predicate)
    thing = (claim.object_literal or claim.object_entity or "").split(":")[-1]
    return ends_kind(verb, verbs, thing.replace("_", " ").split(" ")[-1])


def end_unsaid(
    graph: GraphStore, doc: Doc | None, speaker: str | None, when: datetime, now: datetime
) -> list[Claim]:
    """End what each ending the turn says without its thing ended: the doings of its subject
    told last before the turn (all those told in that one turn), from `when`."""
    if doc is None or speaker is None:
        return []
    ended: list[Claim] = []
    for subject, verb in unsaid_endings(doc):
        lemma = _lemma(verb)
        for who in sorted(_whose(graph, subject, speaker)):
            doings = [c for c in graph.peek_claims(who) if _a_doing(c, lemma, now)]
            if not doings:
                continue
            last = max(c.created_at for c in doings)
            ended += [graph.end_validity(c.id, when, now) for c in doings if c.created_at == last]
    return ended
