"""Does the statement an answer rests on say the act the question asks (issue 21, wrong36)?
The matcher aligns a question with a claim by many roads (a role filled, a time held, an
object named); none of them may let a claim of another act answer: "When does Dami start on
days?" is not answered by "Dami got the sofa off Marketplace", nor "Is Stoyan coming to the
wedding?" by "Stoyan leaves us a list". A question's content verb (not a light verb, not a
verb of wanting) must be met by what a claim says: its predicate's verb, a WordNet synonym,
entailment or hypernym of it either way, a verb of one data group or one deal with it, a
refusal or an opposite (the act's own "no"), or a word of its object or qualifiers that
WordNet relates to the verb asked ("does swimming", "gets promoted"). A claim that says no
act (a place, a kind, a job, a relation, a price; a light verb alone with a thing: "does
guitar") is judged elsewhere. Pure: reads the parse and WordNet."""

from __future__ import annotations

import functools
from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING

from resident.language import lexicon
from resident.language.deals import deal, object_verbs
from resident.language.deeds import phrasal_says
from resident.language.held_meaning import outcome_opposites
from resident.language.matching import (
    LEAST,
    _entails,
    _ing_forms,
    _lemma_tokens,
    claim_verbs,
    opposites,
    verb_group,
)
from resident.language.statement import base_form
from resident.language.words import words

if TYPE_CHECKING:
    from spacy.tokens import Span, Token

    from resident.language.knowledge import ClaimView

#: Verbs that carry no act of their own in a question ("have", "do", "get", "make", "want
#: to", "plan to"): the act is the word they govern (data: the lists named). Verbs of naming
#: and of dwelling ask a name or a place, which the answer's type check judges.
_LIGHT = frozenset(
    {"be"}
    | LEAST
    | words("light_verbs")
    | words("desire_verbs")
    | words("irrealis_verbs")
    | words("becoming_verbs")
    | words("name_asking_verbs")
    | words("residing_verbs")
    | words("asking_dwelling_verbs")
)
#: Predicates that say a state, not an act: a price ("costs"), a kind, a job held, an age, a
#: name, where one lives or is ("located_in").
_STATES = (
    frozenset({"is_a", "works_as", "age", "name"})
    | words("price_verbs")
    | words("residing_verbs")
    | words("asking_dwelling_verbs")
)
#: The particles of a phrasal verb ("gets_off", "gives_up"; data: particle_adverbs).
_PARTICLES = words("particle_adverbs")
#: Verbs that refuse an act, whatever the act (data: refusal_verbs; "declined" by WordNet).
_REFUSING = words("refusal_verbs")
#: What "have" may stand for when it is all a claim says: owning ("Who owns Biscuit?").
_OWNING = words("owning_verbs")


#: Dependencies of a verb that describes a noun ("the bowl that cracked", "a driving
#: licence"): it names the thing, not the act asked.
_DESCRIBING = frozenset({"relcl", "acl", "amod", "compound", "nmod", "npadvmod"})


def verbs_asked(sent: Span) -> list[Token]:
    """The question's content verbs: verbs (not auxiliaries, none describing a noun) that say
    an act of their own."""
    describing = {w.i for t in sent if t.dep_ in _DESCRIBING for w in t.subtree}
    return [
        t
        for t in sent
        if t.pos_ == "VERB"
        and t.i not in describing
        and t.dep_ not in ("aux", "auxpass")
        and t.lemma_.lower() not in _LIGHT
        and t.lower_ not in _LIGHT
        and lexicon.base(t.lemma_.lower(), "v") is not None  # no name the parser took for one
        and not (t.lemma_ == "use" and any(c.dep_ == "xcomp" for c in t.children))  # used to
    ]


def asks_act(verb: str) -> bool:
    """Does a question's verb lemma say an act of its own (not a light verb, a copula, a verb
    of wanting, naming or dwelling)?"""
    return verb not in _LIGHT and lexicon.base(verb, "v") is not None


def _says_act(predicate: str) -> frozenset[str]:
    """The verbs of a stored predicate that say an act ("bakes" -> bake); empty for a state
    or a relation ("located_in", "is_a", "pet_of", "age") and for light verbs alone."""
    _, verbs, prep = claim_verbs(predicate)
    if _stative(predicate):
        return frozenset()
    parts = predicate.split("_")
    particle = parts[-1] if len(parts) > 1 and parts[-1] in _PARTICLES else prep
    lemmas = {lexicon.base(v, "v") or base_form(v) for v in verbs if v not in (prep, particle)}
    acts = {v for v in lemmas if v not in _LIGHT and lexicon.base(v, "v") is not None}
    light = lemmas & _LIGHT
    if particle is not None and light:
        # "gets_off", "gives_up": a light verb with its particle is a verb of its own.
        acts |= {f"{v}_{particle}" for v in light if lexicon.base(f"{v}_{particle}", "v")}
    return frozenset(acts)


@functools.lru_cache(maxsize=8192)
def _near(asked: str, said: str) -> bool:
    """Do two verb lemmas say one act: the same, a synonym, an entailment, one group of the
    data, or one a hypernym of the other within two steps (WordNet's frequent senses)?"""
    if asked == said:
        return True
    if said in verb_group(asked) or said in _entails(asked) or asked in _entails(said):
        return True
    if _one_deal(asked, said):
        return True
    denying = opposites(asked) | outcome_opposites(asked)
    if lexicon.synonyms(said, "v") & _REFUSING or said in denying:
        # "Did Tariq take the promotion?" by "declined it", "pass" by "failed": the act's
        # own "no" (the same opposites the yes/no path answers "no" by).
        return True
    return said in lexicon.related(asked, "v", 2) or asked in lexicon.related(said, "v", 2)


def _one_deal(asked: str, said: str) -> bool:
    """Two verbs of one deal, which tell one sale from either side ("Who bought the Fiesta?"
    by "Wanjiru sold the Fiesta to Sandra"): both verbs whose object is the thing dealt
    (deals.py), or one the other's converse."""
    if {asked, said} <= object_verbs() - _LIGHT:
        return True
    found = deal(asked)
    return found is not None and found.converse == said


@functools.lru_cache(maxsize=8192)
def _nouns_of(verb: str) -> frozenset[str]:
    """The nouns WordNet derives from a verb's frequent senses ("study": student, study)."""
    return frozenset(d.name().lower() for d in lexicon.verb_derivations(verb, 4))


def meets(asked: str, view: ClaimView, held: str) -> bool | None:
    """Does the claim say the act `asked`? None when it says no act to judge by."""
    acts = _says_act(view.claim.predicate)
    if any(_near(asked, a) for a in acts) or phrasal_says(asked, view.claim.predicate):
        # "signs_up_for" says "join" (the matcher's own phrasal road, deeds.py).
        return True
    if asked in _OWNING and "have" in {base_form(v) for v in claim_verbs(view.claim.predicate)[1]}:
        return True  # "Does Ana own a car?" by "Ana has a car"
    said = _lemma_tokens(f"{view.object_label} {held}")
    # "gets promoted", "does swimming": the participle or gerund is the act.
    forms = {f for w in said for f in (*_ing_forms(w), lexicon.base(w, "v") or w)} | said
    if asked in forms or any(_near(asked, f) for f in forms if lexicon.base(f, "v") == f):
        return True
    if _nouns_of(asked) & said:
        return True
    # A light verb alone says its act only by what it holds: "does swimming" is swimming,
    # "does guitar" or "does the books" no act to judge by. (Judging it by its object alone,
    # "made money on Marmalade" for owning Marmalade, lost three right answers on dev:
    # "does the books for a garage, three days a week" is working there.)
    return False if acts else None


def _verbs_of(predicate: str) -> set[str]:
    """The lemmas of a stored predicate's verbs ("makes": make)."""
    return {lexicon.base(v, "v") or base_form(v) for v in claim_verbs(predicate)[1]}


def _stative(predicate: str) -> bool:
    """A relation ("pet_of"), a kind, an age, a name or a price: no act said."""
    return predicate.endswith("_of") or bool({predicate, *_verbs_of(predicate)} & _STATES)


def sense_fits(
    sent: Span, views: Sequence[ClaimView], held: Mapping[str, str], ended: bool = False
) -> bool:
    """Does some claim the answer rests on say an act the question asks? True when the
    question asks no act, or no claim says one to judge by. `ended`: the answer is that it
    ended ("No, not any more"): the claim says the ending ("quit", "left"), and the thing
    asked of, not the subject ("Does Orla work at the pharmacy?" by "Orla left the
    pharmacy"), is the thing that ended; "Did the band get paid?" is not "Harvey quit the
    band"."""
    asked = _lemmas(verbs_asked(sent))
    if not asked or not views:
        return True
    # Either side of what ended may be the thing asked of ("Graham and I split up" for "Is
    # Immy still seeing Graham?").
    things = _things_asked(sent)
    sides = (f"{v.subject_label} {v.object_label}" for v in views)
    if ended and any(_lemma_tokens(side) & things for side in sides):
        return True
    verdicts = [meets(a, v, held.get(v.claim.id, "")) for a in asked for v in views]
    return None in verdicts or any(verdicts)


def _things_asked(sent: Span) -> set[str]:
    """The lemmas of the nouns a question names outside its subject."""
    subject = {w.i for s in sent if s.dep_ in ("nsubj", "nsubjpass") for w in s.subtree}
    named = [t for t in sent if t.pos_ in ("NOUN", "PROPN") and t.i not in subject]
    return {t.lemma_.lower() for t in named} | {t.lower_ for t in named}


def _lemmas(tokens: Iterable[Token]) -> list[str]:
    return list(dict.fromkeys(t.lemma_.lower() for t in tokens))
