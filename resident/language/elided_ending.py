"""An ending said with what it ends left out (issue 21, still38): "we stopped in the summer",
"she gave it up", "he packed it in", "I quit". The reader keeps the ending as its subject's
doing ("Maude does giving up"), the way it keeps "she retired"; the store ends the doing of
that subject said last (`end_last_doing`), so "Does Maude still sing in the choir?" meets a
claim whose time is closed. A verb of ending is ending_aspect's (WordNet's discontinue.v.01
or the data's phrasal verbs); what ended is read from the claims held, never from a word
list of habits."""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import TYPE_CHECKING

from resident.language import lexicon
from resident.language.change import endable
from resident.language.ending_aspect import ending_lemma, ends_activity
from resident.language.matching import claim_verbs
from resident.language.statement import gerund
from resident.language.words import table, words

if TYPE_CHECKING:
    from spacy.tokens import Token

    from resident.memory.client import GraphStore
    from resident.records import Claim

#: A pronoun object that stands for a doing said before ("gave it up", "packed that in").
_STANDING_FOR = frozenset({"it", "that", "this"})
#: How far back the doing an elided ending ends may have been said: the talk just before it
#: (a turn or a few), not a habit told a session ago.
_REACH = timedelta(minutes=30)


def elided_ending(verb: Token, obj: Token | None) -> str | None:
    """The ending as its subject's doing ("giving up", "stopping") when its object is left
    unsaid or is a pronoun ("she gave it up"), None for any other verb, or one whose
    complement says what ended ("gave up smoking", read by ending_aspect)."""
    lemma = ending_lemma(verb)
    if not ends_activity(lemma) or lemma in words("parting_verbs"):
        return None  # "sold it" parts with a thing held (sold_thing.py)
    if obj is not None and (obj.pos_ != "PRON" or obj.lower_ not in _STANDING_FOR):
        return None
    if any(c.dep_ in ("xcomp", "ccomp", "dative", "attr", "acomp") for c in verb.children):
        return None
    if any(c.dep_ == "prep" and c.lower_ in ("at", "with", "on") for c in verb.children):
        return None  # "we stopped at a café": a halt somewhere, no doing ended
    verb_part, _, prt = lemma.partition("_")
    return " ".join(w for w in (gerund(verb_part), prt) if w)


def _ending_said(claim: Claim) -> str | None:
    """The verb of an elided ending ("does giving up": give_up), None for any other claim."""
    said = (claim.object_literal or "").strip().lower().split()
    if claim.predicate != "does" or not said or not said[0].endswith("ing"):
        return None
    base = lexicon.base(said[0], "v")
    verb = "_".join([base, *said[1:]]) if base else ""
    return verb if verb and ends_activity(verb) else None


def _a_doing(other: Claim) -> bool:
    """Is the claim a doing one may stop ("sings_in choir", "does aqua aerobics", "goes_to
    gym"), not a holding, a state of being or a tie to people?"""
    negated, verbs, _prep = claim_verbs(other.predicate)
    if negated or not verbs or verbs & words("possession_states"):
        return False
    if (other.object_entity or "").startswith("person:") or _ending_said(other):
        return False
    if _object_kind(other) in ("noun.person", "noun.animal"):
        return False  # "I've got two dogs" (stored "gets"): a having, which no stopping ends
    return all(lexicon.first_lexname(v, "v") not in ("verb.stative", None) for v in verbs)


def _object_kind(claim: Claim) -> str | None:
    """WordNet's first class of the claim's object's last word ("dogs": noun.animal)."""
    said = (claim.object_literal or (claim.object_entity or "").partition(":")[2]).lower()
    last = said.replace("-", " ").replace("_", " ").split()[-1:] or [""]
    return lexicon.first_lexname(lexicon.base(last[0], "n") or last[0], "n")


def end_last_doing(graph: GraphStore, claim: Claim, when: datetime, now: datetime) -> list[Claim]:
    """`claim` is an elided ending of its subject's ("Lou does stopping"): the doing of that
    subject said last, within the talk just before, is over from when the ending happened."""
    verb = _ending_said(claim)
    if verb is None or table("ending_attributes").get(verb):
        return []  # "she retired": what it ends is named (superseded._end_attributes)
    own = [o for o in graph.peek_claims(claim.subject) if o.id != claim.id]
    if any(o.created_at >= now for o in own):
        # "I used to be vegetarian but I gave up": the turn says what ended, itself.
        return []
    said = [o for o in own if now - _REACH <= o.created_at and _a_doing(o)]
    if not said:
        return []
    last = max(said, key=lambda o: o.created_at)
    if not endable(last, claim, now):
        # Said in this same turn ("I used to play the violin but I gave up", ended there by
        # used_to.given_up) or over already: the ending is of that doing, not an older one.
        return []
    happened = claim.occurred_at
    at = happened if happened is not None and happened <= now else when
    return [graph.end_validity(last.id, at, now)]
