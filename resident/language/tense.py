"""Which side of today a statement's time phrase lies on, from how its verb is said.

"I hurt my ankle in October" does not show its tense: "hurt" is the verb's base form and its
past form alike (put, cut, read, set, let ...), the subject takes no -s, and no auxiliary
says more, so the tagger's present or past is a guess. Such a clause is read as no side
(`past` None): the time phrase's next/last decide, else the nearer day (`when_days.anchor`).
Said as a habit ("I usually cut my hair in May"), it names no one day. The inflections are
lemminflect's tables, the person and number spaCy's morphology: no list of verbs.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from resident.language import lexicon
from resident.language.learner_tense import learner_side
from resident.language.occupation import said_former
from resident.language.roles import modality
from resident.language.statement import Statement, verb_lemma
from resident.language.used_to import given_up, used_to
from resident.language.when import habitual, yearless_day
from resident.language.words import words

if TYPE_CHECKING:
    from spacy.tokens import Doc, Token


Mood = Literal["fact", "past", "plan", "wish"]
#: The auxiliaries of "have got" ("I've got", "she's got", "we have got"); "had got" is past.
_HAVES = frozenset({"'ve", "have", "has", "'s"})


def have_got(verb: Token, lemma: str, mood: Mood, when: str | None) -> tuple[str, Mood]:
    """ "we've got a gig on Friday", "I've got a field trip in April": have got with a time is
    have, not a getting, and says what holds now, so its "in April" is the April ahead, not
    the one before ("I've got the keys!", with no time, stays a getting)."""
    if lemma != "get" or verb.tag_ not in ("VBN", "VBD"):
        return lemma, mood
    if mood == "plan" and verb.tag_ == "VBN":
        return "have", mood
    haves = any(c.dep_ == "aux" and c.lower_ in _HAVES for c in verb.children)
    if verb.tag_ == "VBD":
        # "Dad's got his operation on the twelfth": the tagger reads "'s" as a passive's
        # auxiliary and "got" as a past; a passive takes no object, so it is "has got".
        haves = _perfect_misread(verb)
    if mood == "past" and when and haves:
        return "have", "fact"
    return lemma, mood


def _perfect_misread(verb: Token) -> bool:
    """ "Dad's got his operation": "'s" tagged a passive's auxiliary before a past form with
    an object of its own, which a passive never has: the present perfect."""
    passive = any(c.dep_ == "auxpass" and c.lower_ in _HAVES for c in verb.children)
    return passive and any(c.dep_ == "dobj" for c in verb.children)


def present_perfect(verb: Token) -> bool:
    """ "I've entered", "she has booked", "Dad's got": have in the present with a past
    participle (or the past form the tagger gave it, where the two are one form)."""
    if verb.tag_ not in ("VBN", "VBD"):
        return False
    if verb.tag_ == "VBD" and _perfect_misread(verb):
        return True
    haves = any(c.dep_ == "aux" and c.lower_ in _HAVES for c in verb.children)
    return haves and not any(c.dep_ == "auxpass" or c.lower_ == "been" for c in verb.children)


def clause_side(st: Statement, doc: Doc | None) -> tuple[bool, bool | None]:
    """(whether the statement's time phrase names a day, and `past` for `when.resolve`: True,
    False, or None when the verb's form does not show the tense)."""
    if st.modality == "habit" or any(r.role == "time" and habitual(r.text) for r in st.roles):
        # "on Thursday evenings" kept whole, though the clause's own phrase is "Thursday".
        return False, None
    past = st.mood == "past"
    if st.mood in ("plan", "wish") or doc is None or not st.when:
        return True, past
    verb = _verb(st, doc)
    if verb is not None and past and present_perfect(verb) and yearless_day(st.when):
        # "I've entered the half marathon. September the twenty-seventh.": the present perfect
        # takes no definite past time, so a day of a month said with it is the one ahead.
        return True, False
    if verb is not None and not past:
        # "I sign the lease on Monday, it was quick": a learner's present of a day gone.
        side = learner_side(verb, st.when, doc, past)
        if side is not past:
            return True, side
    if verb is None or shows_tense(verb):
        return True, past
    # The form could be either: said with "usually", "every ..." it is a habit.
    return modality(verb, "fact") != "habit", None


def ended_state(st: Statement, doc: Doc | None) -> bool:
    """Is the statement a state said in the past, so over by now ("I was living in Dublin
    before", "she lived in York for two years")? A state is a verb WordNet files first as
    stative ("live") or one said in the progressive ("was working"); the past is the finite
    form's own morphology, so the present perfect ("I've lived here for years", still true)
    is not over. A plan, a wish, a habit or a negation is not one, except the habit said
    with "used to" ("I used to play the cello"): that one is over."""
    if doc is not None and said_former(st, doc):
        return True  # "a retired nurse": was one
    if doc is not None and not st.negated and st.mood == "past":
        said = _verb(st, doc)
        if said is not None and used_to(said):
            return True
    if st.mood != "past" or st.modality != "done" or st.negated or doc is None:
        return False
    verb = _verb(st, doc)
    if verb is None:
        return False
    auxes = [c for c in verb.children if c.dep_ in ("aux", "auxpass")]
    finite = auxes[0] if auxes else verb
    if "Past" not in finite.morph.get("Tense", []) or "Fin" not in finite.morph.get("VerbForm", []):
        return False
    progressive = "Prog" in verb.morph.get("Aspect", []) and bool(auxes)
    # WordNet files the verbs that end a state among the states ("quit", "end"): those are
    # events (data/cessation_verbs.txt), the change.py and ended.py readings of a past end.
    lemma = verb.lemma_.lower()
    if lemma in words("cessation_verbs"):
        return False
    if lemma in words("lasting_verbs") or lemma in words("possession_states"):
        # "Grandad had a dog called Patch", "I worked for a shipping company": lasting states
        # WordNet files elsewhere (holding under possession, data/possession_states.txt);
        # said at a point in time ("had a baby on Monday") an event.
        return not st.when
    return progressive or lexicon.first_lexname(lemma, "v") == "verb.stative"


def ending_of(st: Statement, doc: Doc | None) -> Token | None:
    """The verb of the ending said with a "used to" habit ("gave" of "I used to smoke but I
    gave up in 2019"), None when none is said."""
    said = None if doc is None else _verb(st, doc)
    return None if said is None or not used_to(said) else given_up(said)


def ending_time(ending: Token) -> str | None:
    """The time phrase of an ending ("in 2019"), None when none is said."""
    from resident.language.clause_parts import _time_tokens

    return _time_tokens(ending)[0]


def shows_tense(verb: Token) -> bool:
    """Does the verb's form (with its auxiliaries and subject) tell present from past?"""
    if any(c.dep_ in ("aux", "auxpass") for c in verb.children):
        return True
    lemma = verb_lemma(verb)
    if verb.lower_ != lemma or _third_singular(verb):
        # "cuts" is present; "she cut" is past (her present would be "cuts").
        return True
    from lemminflect import getInflection  # type: ignore[import-untyped, unused-ignore]

    return lemma not in getInflection(lemma, "VBD")


def _third_singular(verb: Token) -> bool:
    """The subject is one third person ("she", "Marta", "my son"): its present takes -s."""
    for child in verb.children:
        if child.dep_ != "nsubj":
            continue
        if any(c.dep_ == "conj" for c in child.children):
            return False  # "Marta and I"
        morph = child.morph.to_dict()
        if child.pos_ == "PRON":
            return morph.get("Person") == "3" and morph.get("Number") == "Sing"
        return child.tag_ in ("NN", "NNP")
    return False


def _verb(st: Statement, doc: Doc) -> Token | None:
    """The token the statement's verb was read from: the one whose clause holds the time
    phrase, when several share the lemma."""
    found = [t for t in doc if t.pos_ in ("VERB", "AUX") and verb_lemma(t) == st.verb]
    last = (st.when or "").split()[-1:]
    for tok in found:
        if last and any(t.text == last[0] for t in tok.subtree):
            return tok
    # A turn of several sentences ("It's been ages. Marta and I were at university in
    # Sheffield."): the verb of the sentence that holds what the statement says, not the
    # turn's first of that lemma, whose tense is another clause's.
    # Within that sentence, the verb whose own clause holds it: "this is my oldest friend, we
    # were at Firth Park together" is read off "were", not the "is" said first.
    said = {w.lower() for w in " ".join([st.object, *(r.text for r in st.roles)]).split()}
    return max(
        found,
        key=lambda t: (
            len(said & {w.lower_ for w in t.sent}),
            len(said & {w.lower_ for w in t.subtree}),
        ),
        default=None,
    )
