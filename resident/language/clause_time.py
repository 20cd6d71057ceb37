"""Which clause a time phrase belongs to, where the small parser hung it on another verb.

Three shapes, read from the parse alone (pure):
- a comma splice: "Kuba lost his first tooth yesterday, the tooth fairy gave him a pound"
  hangs "yesterday" on "gave"; a phrase right after the end of an earlier clause and before
  the comma that closes it is that clause's;
- a participle that completes the verb: "I got my ears pierced on Saturday", "Dev got
  engaged on Saturday" hang the time on the participle, which says what happened;
- verbs joined with one subject: "Pat fell over yesterday and broke her wrist" breaks it
  yesterday too, when both verbs are said in the past and the second names no time itself.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from spacy.tokens import Span, Token

#: The dependencies under which a clause of its own hangs on another.
_CLAUSE_DEPS = frozenset({"conj", "ccomp", "advcl", "parataxis"})
#: Phrases that say how long, or from or until when: no point in time a joined verb shares.
_SPAN_PREPS = frozenset({"for", "since", "until", "till", "during"})


def stranded_owner(child: Token) -> Token | None:
    """The earlier clause a modifier of `child.head` belongs to: it follows that clause's last
    word straight away, comes before the head, and a comma or "and" closes it."""
    head = child.head
    if child.i >= head.i or child.right_edge.i + 1 >= len(child.doc):
        return None
    closer = child.doc[child.right_edge.i + 1]
    if not (closer.is_punct or closer.dep_ == "cc"):
        return None
    for clause in head.children:
        if (
            clause.dep_ in _CLAUSE_DEPS
            and clause.pos_ in ("VERB", "AUX")
            and clause.i < child.i
            and clause.right_edge.i + 1 == child.left_edge.i
        ):
            return clause
    return None


def stranded_on(verb: Token) -> list[Token]:
    """The modifiers of the verb's head that belong to this verb's clause (a comma splice)."""
    if verb.dep_ not in _CLAUSE_DEPS or verb.head == verb:
        return []
    return [c for c in verb.head.children if c.i > verb.i and stranded_owner(c) == verb]


def completing_participle(verb: Token) -> Token | None:
    """ "got my ears pierced", "got engaged", "had the roof blown off": the participle that
    says what happened, under "get" or "have" as its complement."""
    for child in verb.children:
        if child.dep_ in ("acomp", "ccomp", "xcomp", "oprd") and child.tag_ == "VBN":
            return child
    return None


def becomes(part: Token) -> bool:
    """ "got engaged", "got married": a participle WordNet knows as an adjective of its own,
    the state the subject came into; not an idiom WordNet lists with the word after it ("got
    used to it": "used_to", grown accustomed, no event)."""
    from resident.language import lexicon

    if lexicon.base(part.lower_, "a") != part.lower_:
        return False
    after = part.doc[part.i + 1].lower_ if part.i + 1 < len(part.doc) else ""
    return not (after and lexicon.base(f"{part.lower_}_{after}", "a"))


def shared_with(verb: Token) -> Token | None:
    """The verb a joined one shares its subject and its time with: both said in the past, the
    second without a subject of its own ("fell over yesterday and broke her wrist")."""
    first = verb.head
    if verb.dep_ != "conj" or first == verb or first.pos_ not in ("VERB", "AUX"):
        return None
    if any(c.dep_ in ("nsubj", "nsubjpass", "expl") for c in verb.children):
        return None
    if verb.tag_ != "VBD" or first.tag_ != "VBD":
        return None
    return first


def span_phrase(phrase: str) -> bool:
    """ "for two years", "since May", "until he retired": a stretch of time, not a point."""
    first = phrase.split(" ", 1)[0].lower()
    return first in _SPAN_PREPS


def said_by_its_time(
    verb: Token, subj_tok: Token | None, when: str | None, at: frozenset[int] = frozenset()
) -> bool:
    """ "The allotment show is on the fourteenth of June", "Pablo's wedding was yesterday": a
    copula whose subject names an event (WordNet: an event in a frequent sense) and whose only
    complement is a point in time says when the event takes place. A complement that is the
    time phrase itself (`at`, its tokens: "is this August", parsed as an attribute) is it."""
    if subj_tok is None or subj_tok.pos_ != "NOUN" or when is None or span_phrase(when):
        return False
    complements = ("attr", "acomp", "oprd", "xcomp", "ccomp", "neg")
    if any(c.dep_ in complements and c.i not in at for c in verb.children):
        return False
    from resident.language import lexicon

    return lexicon.is_a(subj_tok.lemma_.lower(), "event", senses=2)


def with_preposition(ent: Span) -> str:
    """A date found lower in the parse, with the preposition right before it that governs it:
    "before two weeks" (how many languages say "two weeks ago") or "in two weeks" say which
    way the count goes, "two weeks" alone does not."""
    lead = ent.root.head
    said = lead.dep_ == "prep" and lead.i == ent.start - 1
    return f"{lead.text} {ent.text}" if said else ent.text
