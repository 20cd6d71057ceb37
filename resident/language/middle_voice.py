"""The middle voice: a thing said to undergo what someone did to it, with no one named ("The
house sold!", "Our old van sold on Saturday", "my flat sold last week for ..."). English says
"the van sold" for "the van was sold"; the small parser, finding no subject for a past verb
with a thing before it, reads the thing as a noun phrase the verb hangs on ("van" + acl "sold")
or the thing as an adjective ("flat"), and the sentence stores nothing. Pure, given the parse
function.

Where a sentence read as nothing has a past verb with no object, no auxiliary and no person as
its subject, after a noun that is no one, and WordNet gives the verb's lemma both a sense said
of a thing alone ("Something ----s", frame 1) and one done by someone to something ("Somebody
----s something", frame 8) among its commonest senses (the causative alternation: sell, break,
move, open), the sentence is parsed again with "was" (or "were") before the verb, and read as
the passive it means. No list of verbs: WordNet's frames decide; "the car died" (no one dies
a car) stays unread.
"""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING

from resident.language import lexicon

if TYPE_CHECKING:
    from spacy.tokens import Span, Token

    from resident.language.reparse import Reparse
    from resident.language.statement import Context, Statement

#: WordNet's verb frames: "Something ----s" and "Somebody ----s something".
_THING_ALONE, _DONE_TO_SOMETHING = 1, 8

#: How many of a verb's commonest senses are looked at (a rare sense is no reading).
_SENSES = 3

#: WordNet's classes of a noun that may be a thing someone does something to ("the van",
#: "the house", "the wedding"); a noun whose commonest sense is someone is never one.
_THING_CLASSES = frozenset(
    {"noun.artifact", "noun.location", "noun.possession", "noun.object", "noun.food", "noun.event"}
)
_SOMEONE = frozenset({"noun.person", "noun.animal"})

#: The speaker's possessives: "my flat", "our van".
_SPEAKERS = frozenset({"my", "our"})

#: Tags of a past form the verb may carry (the tagger calls "sold" either).
_PAST = frozenset({"VBD", "VBN"})


@functools.lru_cache(maxsize=2048)
def alternates(lemma: str) -> bool:
    """Does the verb say both "something ----s" and "somebody ----s something" among its
    commonest senses (WordNet's frames), so that "the X ----ed" is "the X was ----ed"?"""
    wn = lexicon.reader()
    if wn is None:
        return False
    senses = wn.synsets(lemma, "v")[:_SENSES]
    frames = [set(s.frame_ids()) for s in senses if s.name().split(".")[0] == lemma]
    alone = any(_THING_ALONE in f and 2 not in f for f in frames)
    return alone and any(_DONE_TO_SOMETHING in f for f in frames)


def _undergoer(verb: Token) -> Token | None:
    """The noun the thing is said by: the verb's own subject, the noun it hangs on, or (the
    noun read as an adjective) the word just before it; None when that is someone."""
    subj = next((c for c in verb.children if c.dep_ in ("nsubj", "nsubjpass")), None)
    if subj is None and verb.dep_ == "acl" and verb.head.i < verb.i:
        subj = verb.head
    if subj is None:
        before = [t for t in verb.doc[verb.sent.start : verb.i] if t.pos_ != "ADV"]
        subj = before[-1] if before else None
    if subj is None or subj.pos_ not in ("NOUN", "ADJ"):
        return None
    head = subj.lemma_.lower()
    things = lexicon.lexnames(head) & _THING_CLASSES
    return subj if things and lexicon.first_lexname(head) not in _SOMEONE else None


def _middle_verb(sent: Span) -> tuple[Token, Token] | None:
    for verb in sent:
        if verb.tag_ not in _PAST or not alternates(verb.lemma_.lower()):
            continue
        if verb.dep_ != "ROOT" and not (verb.dep_ == "acl" and verb.head.dep_ == "ROOT"):
            continue  # "I wish our house sold", "if the van sold": no main clause
        kids = {c.dep_ for c in verb.children}
        if kids & {"dobj", "aux", "auxpass", "oprd", "agent", "ccomp", "xcomp"}:
            continue
        thing = _undergoer(verb)
        if thing is not None:
            return verb, thing
    return None


def as_passive(sent: Span, reparse: Reparse) -> Span | None:
    """The sentence parsed again with "was" before its middle verb ("the house was sold"),
    when it has one and the new parse reads the thing as the passive's subject; else None."""
    found = _middle_verb(sent)
    if found is None:
        return None
    verb, thing = found
    be = "were " if thing.tag_ in ("NNS", "NNPS") else "was "
    text = "".join((be if t.i == verb.i else "") + t.text_with_ws for t in sent).strip()
    again = list(reparse(text).sents)
    if len(again) != 1:
        return None
    moved = again[0][verb.i - sent.start + 1]
    held = any(c.dep_ == "nsubjpass" for c in moved.children)
    return again[0] if held and moved.lemma_ == verb.lemma_ else None


def owner_parted(
    verb: Token, subj_tok: Token | None, said: Statement, ctx: Context
) -> Statement | None:
    """ "My flat sold last week", "our old van was sold on Saturday": a thing parted with
    whose possessive names its owner was parted with by that owner ("Sunil sells flat"), at
    the time the passive says. None when no possessive names a person."""
    from resident.language.passive_agent import _patient_text
    from resident.language.phrases import third_person
    from resident.language.refs import subject_ref
    from resident.language.statement import Ref, Statement, _predicate, verb_lemma

    poss = next((c for c in subj_tok.children if c.dep_ == "poss"), None) if subj_tok else None
    owner = None if poss is None else subject_ref(poss, ctx)
    if poss is not None and poss.lower_ in _SPEAKERS:
        owner = Ref(role="speaker")  # "our van": the household's, said by the speaker
    predicate = _predicate(third_person(verb_lemma(verb)))
    someone = owner is not None and (owner.kind == "person" or owner.role == "speaker")
    if subj_tok is None or owner is None or not someone or predicate is None:
        return None
    return Statement(
        subject=owner,
        predicate=predicate,
        object=_patient_text(None, subj_tok),
        mood=said.mood,
        when=said.when,
        verb=verb_lemma(verb),
    )
