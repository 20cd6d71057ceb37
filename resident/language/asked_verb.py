"""Whether a held claim's verb answers the question's: the same lemma, one of its group, a
WordNet synonym, "do" for a job or an activity, "be"/"have" for what a subject is or has
(moved whole out of asking.py, which was at its size limit; `asking.score` weighs the rest).
Pure.
"""

from __future__ import annotations

from resident.language import lexicon
from resident.language.fit import may_be_doing
from resident.language.held_shapes import event_of
from resident.language.matching import (
    _lemma_tokens,
    group_answers,
    light_event,
    same_meaning,
    verb_group,
)
from resident.language.measured import measured
from resident.language.placed import PLACE_PREPS as _PLACE_PREPS
from resident.language.question_reading import _GENERIC, Query
from resident.language.statement import base_form
from resident.language.words import words

_DWELL = words("asking_dwelling_verbs")
_RELOCATE = words("relocation_verbs")


def verb_matches(
    query: Query, verbs: frozenset[str], object_label: str = "", prep: str | None = None
) -> bool:
    """Does a claim's verb answer the question's: the same lemma, one of its group, a WordNet
    synonym; "do" for a job or an activity; "be"/"have" for what a subject is or has; a
    copula with a preposition for any verb with it ("Where is Priti from?": comes_from)."""
    # "Has Kofi ever been to Lisbon?" too: a yes needs the place said besides (asking._said).
    # A phrasal verb ("break up with") says more than its preposition: "Is Tayo still with
    # Maya?" is not answered by "Tayo broke up with Maya".
    # "does moving", "does moving out": the verb of the event's first word.
    done = {lexicon.base(object_label.split(" ")[0], "v")} if "do" in verbs else set()
    if query.verb in _RELOCATE and not (verbs | done) & (_RELOCATE | _DWELL):
        # "Where are we moving?" asks where someone goes to live, not where they go on a trip
        # ("Ama is going to Paris in April"): relocating says more than going.
        return False
    single = len({base_form(v) for v in verbs}) == 1
    asks_thing = query.wh != "yes" or bool(query.object_words)
    if query.verb == "be" and prep is not None and single and asks_thing:
        placed = query.prep is None and query.wh == "where" and prep in _PLACE_PREPS
        if query.prep == prep or placed:
            return True
    wanted = verb_group(query.verb).union(*(verb_group(v) for v in query.also))
    if (query.verb not in _GENERIC and query.verb in verbs) or (
        verbs & wanted and group_answers(query.verb, verbs & wanted)
    ):
        return True
    if query.verb in _DWELL and {lexicon.base(v, "v") or v for v in verbs} & _DWELL:
        # "Where does Finn live?" against "Finn is based in Berlin" ("located": locate).
        return True
    if query.verb not in _GENERIC and same_meaning(
        query.verb, verbs - _GENERIC - {"does", "is", "has"}
    ):
        return True
    light = query.prep is None and query.verb not in _GENERIC and bool(query.object_words)
    if verbs & {"do", "does"} and light:
        # "Does Ming play guitar?" against "Ming does guitar": the object decides (score); a
        # verb with a preposition ("come to the triathlon") says more than "do".
        return True
    if verbs & {"be", "is", "get", "gets"} and _participle_of(object_label, query.verb):
        # "How many years were they married?" against "Ambrose is married {for 52 years}";
        # "When did Luis marry?" against "Luis gets married {last June}".
        return True
    if verbs & {"do", "does", "go", "goes"} and event_of(query, object_label):
        # "When did Spike escape?" against "Spike does escaping" (an event said with a time);
        # "Who did Cal go hiking with?" (read as "hike") against "Cal goes hiking".
        return True
    if query.verb not in _GENERIC and light_event(query.verb, verbs, object_label):
        # "Where does Tayo work?" against "Tayo got a job at the chippy".
        return True
    if query.verb == "do" and query.wh == "how many":
        # "How many runs a week does Sam do?": "do" names nothing; a statement whose own
        # object is the thing counted ("cut down to three runs a week") answers it.
        noun = query.unit or (query.object_words[-1] if query.object_words else "")
        return bool({noun, base_form(noun)} & _lemma_tokens(object_label))
    if query.verb == "do" and query.wh != "yes":
        # "What does Sam do?": a job or an activity; what Sam is only when it is a role.
        # Not whom or where he works for or at ("works for the BBC").
        works = bool(verbs & {"work", "do"}) and prep not in ("for", "at")
        return works or ("be" in verbs and may_be_doing(object_label))
    if query.verb == "do":
        return False
    return query.verb in _GENERIC and _generic_matches(query, verbs)


def _generic_matches(query: Query, verbs: frozenset[str]) -> bool:
    """Does a statement answer a question asked with "be" or "have" and no verb of its own?"""
    if measured(query.wh) not in (None, "long"):
        # "How tall is Tom?", "How heavy is the parcel?": any statement of a measure of that
        # dimension answers (gap_fill); "how long is ..." asks a time as often as a length.
        return not query.object_words
    # "What was Kwame?" is what he is or was (a kind, a job, a relation), not whatever he
    # likes; "What does Kwame have?" what he has.
    said = query.verb in verbs or (query.verb == "have" and "has" in verbs)
    return said and not query.object_words and query.wh in ("what", "who")


def takes_place(query: Query, verbs: frozenset[str]) -> bool:
    """ "When is the allotment show?" of "the show is on the fourteenth" (events_said)."""
    asked = query.wh == "when" and query.verb == "be" and not query.object_words
    return asked and bool(verbs & {"happen", "happens"})


def _participle_of(label: str, verb: str) -> bool:
    """Is a copula's complement the past participle of `verb` ("married" of "marry"), by
    WordNet's morphology and the form itself (an adjective that is no participle is not)?"""
    word = label.strip().lower()
    # WordNet's exceptions give the irregular ones ("born" of "bear", "sold" of "sell").
    single = " " not in word and word != verb
    return verb not in _GENERIC and single and lexicon.base(word, "v") == verb
