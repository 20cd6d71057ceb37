"""A thing a person no longer has or does, said with no verb of ending (issue 21, stale44):
"no more nights", "I'm off nights now", "they've moved me off the 52", "Not a vet anymore.",
"No car either." (stale48: a piece of "no" and a thing, of the one it comes from, "no lechon
from Bert", never one said with a time, "no lechon this year").
Each ends what the person was held to have or do with that thing ("works nights", "drives the
52", "wants to be a vet") from when it was said; the row stays, so "What did Jed use to
drive?" still reads it, and "Does Jed still work nights?" is answered from it with a no
(household_turn._no_longer). The owner is the one the phrase is said of: the subject of its
clause or the one moved off it, else the speaker (a verbless "No more night shifts!").

Nothing new is stored: what no longer holds is what was held before, found by the thing's
head word among the held object's words. A thing said of no one held ends nothing, so a
wrong ending needs a held claim of that very thing (a wrong ending costs more than a missed
one). Pure but for the graph it is given; the cue words are the aspect markers change.py
reads (data/change.toml: "anymore", "no longer")."""

from __future__ import annotations

from datetime import datetime
from typing import TYPE_CHECKING

from resident.language.change import said_over, word_may_end
from resident.language.matching import _lemma_tokens
from resident.language.restated import object_label
from resident.memory.client import GraphStore
from resident.records import Claim

if TYPE_CHECKING:
    from spacy.tokens import Doc, Token

#: What a thing denied may be: a noun, a name, a number ("the 52"), never a pronoun.
_THINGS = frozenset({"NOUN", "PROPN", "NUM"})
#: The one who speaks, said of themself (the speaker's own claims).
_SELF = frozenset({"i", "me", "we", "us"})


def _no_more(noun: Token) -> bool:
    """ "no more nights", "No more night shifts": a "more" the noun takes, said with "no"."""
    more = [c for c in noun.children if c.lower_ == "more"]
    said = [*noun.children, *(g for m in more for g in m.children)]
    return bool(more) and any(c.lower_ == "no" for c in said)


def _off(noun: Token) -> Token | None:
    """The "off" a noun is taken from ("moved me off the 52"; "I'm off nights", parsed with
    "off" beside the noun under the verb); None when none."""
    head = noun.head
    if head.lower_ == "off" and noun.dep_ == "pobj":
        return head
    if noun.dep_ not in ("attr", "dobj", "npadvmod"):
        return None
    beside = [c for c in head.children if c.lower_ == "off" and c.i == noun.i - 1]
    return beside[0] if beside else None


def _not_any_more(noun: Token) -> bool:
    """ "Not a vet anymore.": a verbless sentence whose head noun is denied with an ending
    ("anymore", "no longer")."""
    if noun.dep_ != "ROOT" or any(t.pos_ in ("VERB", "AUX") for t in noun.sent):
        return False
    return any(c.dep_ == "neg" for c in noun.children) and bool(said_over(noun))


#: How a verbless piece hangs when the parser puts it under the clause after it ("So no
#: lechon from Bert this year, he cannot stand long after": "lechon" an adverbial clause).
_PIECE_DEPS = frozenset({"ROOT", "advcl", "npadvmod", "dep"})


def _no_thing(noun: Token) -> Token | None:
    """ "No car either.", "So no lechon from Bert, ...": a thing said with "no" in a piece
    with no verb of its own and no time. Its owner is the one it comes from ("from Bert"), else
    the speaker (returned as the noun itself, which the caller reads as the speaker); None
    when the noun is no such piece."""
    if noun.dep_ not in _PIECE_DEPS or not any(
        c.dep_ == "det" and c.lower_ == "no" for c in noun.children
    ):
        return None
    if any(t.pos_ in ("VERB", "AUX") for t in noun.subtree):
        return None
    if any(t.ent_type_ in ("DATE", "TIME") for t in noun.subtree):
        # "No lechon from Bert this year": an exception for that time, not an ending of what
        # he does every year (cancelled.habits_off reads "off tonight" the same way).
        return None
    source = next((c for c in noun.children if c.dep_ == "prep" and c.lower_ == "from"), None)
    giver = None if source is None else next((c for c in source.children if c.dep_ == "pobj"), None)
    return giver if giver is not None else noun


#: Verbs a person is "off" a thing with, which say it is over for them: being off it ("I'm
#: off nights"), going off it ("gone off coffee"); with the person their object, being moved
#: or taken off it ("moved me off the 52"). Falling or coming off a thing ("fell off my
#: bike", "coming off Whitby") says nothing ended.
_BEING_OFF = frozenset({"be", "go"})


def _owner(noun: Token, off: Token | None) -> Token | None:
    """Whom the thing is said of: the subject of being or going off it, or the one moved off
    it ("moved me off"); None when neither."""
    if off is None:
        return None
    verb = off.head if off.head.pos_ in ("VERB", "AUX") else None
    if verb is None:
        return None
    moved = [c for c in verb.children if c.dep_ == "dobj" and c.i < off.i]
    if moved:
        # "They've moved me off the 52": the one moved, not the mover.
        return moved[-1]
    if verb.lemma_.lower() not in _BEING_OFF:
        return None
    return next((c for c in verb.children if c.dep_ in ("nsubj", "nsubjpass")), None)


def denied(doc: Doc) -> list[tuple[Token | None, Token]]:
    """Each thing the turn says someone no longer has or does, with whom it is said of (None:
    the speaker)."""
    out: list[tuple[Token | None, Token]] = []
    for noun in doc:
        if noun.pos_ not in _THINGS or noun.dep_ == "compound":
            continue
        off = _off(noun)
        if off is not None:
            owner = _owner(noun, off)
            if owner is not None:
                out.append((owner, noun))
        elif _no_more(noun) or _not_any_more(noun):
            out.append((None, noun))
        elif (giver := _no_thing(noun)) is not None:
            out.append((None if giver is noun else giver, noun))
    return out


def _words(noun: Token) -> tuple[str, set[str]]:
    """The thing's head word and its words (the head with the nouns before it, "night
    shifts": night, shift), as lemmas."""
    head = noun.lemma_.lower()
    said = {head} | {c.lemma_.lower() for c in noun.children if c.dep_ == "compound"}
    return head, said


def _named(graph: GraphStore, owner: Token, speaker: str) -> set[str]:
    """The ids of whom the owner word names: the speaker for "I", "me", "we"; a person of
    that name; none for another pronoun (whom "her" is cannot be read here)."""
    if owner.lower_ in _SELF:
        return {speaker}
    return people_named(graph, owner)


def people_named(graph: GraphStore, word: Token) -> set[str]:
    """The ids of the people a name in the turn may be ("Sam quit", "moved Jed off the 52");
    none for a word that is no name."""
    if word.pos_ != "PROPN":
        return set()
    return {e.id for e in graph.find_entities(word.text, limit=5) if e.id.startswith("person:")}


def _held(claim: Claim, now: datetime) -> bool:
    """A claim a person's word may end: valid now, not negated, not an opinion, not grounded
    in a source, not a tie to a person. One this same turn stored is the turn's own reading
    of the thing denied ("I'm off nights" read as being nights), so it ends too."""
    return (
        word_may_end(claim, now, same_turn=True)
        and not claim.predicate.startswith("not_")
        and not (claim.object_entity or "").startswith("person:")
    )


def _names(graph: GraphStore, claim: Claim, head: str, said: set[str]) -> bool:
    """Does the held claim's object name the thing denied: its head word among the object's
    words ("nights": "night shifts"), or every word of the object among the thing's ("night
    shifts": "nights")?"""
    held = _lemma_tokens(object_label(graph, claim))
    return head in held or bool(held) and held <= said | {w + "s" for w in said}


def end_denied(
    graph: GraphStore, doc: Doc | None, speaker: str | None, when: datetime, now: datetime
) -> list[Claim]:
    """End each held claim of a thing the turn says its owner no longer has or does, from
    `when`; the claims ended."""
    if doc is None or speaker is None:
        return []
    ended: list[Claim] = []
    for owner, noun in denied(doc):
        ids = {speaker} if owner is None else _named(graph, owner, speaker)
        head, said = _words(noun)
        for who in sorted(ids):
            for claim in graph.peek_claims(who):
                if _held(claim, now) and _names(graph, claim, head, said):
                    ended.append(graph.end_validity(claim.id, when, now))
    return ended
