"""A passive said with who did it: "I was visited yesterday by the vicar", "Tolu was picked by
the coach": the doer ("by ...") is the statement's subject and the one it was done to its
object, as the active clause would say it ("the vicar visits me"). Pure, over the parse.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from resident.language import lexicon
from resident.language.clause_parts import _negated, _time_tokens, verb_mood
from resident.language.counted_subjects import counted_doer
from resident.language.objects import conditional, physical_thing
from resident.language.phrases import third_person
from resident.language.plain_clauses import given_passive, second_object
from resident.language.refs import _naming, subject_ref
from resident.language.roles import RoleFill, count_of, modality
from resident.language.statement import (
    _FUTURE,
    REPORTING,
    SOCIAL_VERBS,
    Context,
    Ref,
    Statement,
    _predicate,
    verb_lemma,
)
from resident.language.words import words

if TYPE_CHECKING:
    from spacy.tokens import Token


def by_someone(verb: Token) -> bool:
    """Does the passive say who did it ("by Karl")?"""
    return any(c.dep_ == "agent" for c in verb.children)


def done_by(verb: Token, patient: Ref | None, patient_tok: Token, ctx: Context) -> Statement | None:
    """The active statement of a passive clause with a "by" agent who is someone MAX can name
    (a person or a relative; "bitten by a dog" names no one), or None. The one it was done to
    may be a thing no one owns ("the roses were planted by Margaret": she plants the roses)."""
    agent = next((c for c in verb.children if c.dep_ == "agent"), None)
    doer_tok = (
        None if agent is None else next((c for c in agent.children if c.dep_ == "pobj"), None)
    )
    if doer_tok is None or verb.tag_ != "VBN":
        return None
    if any(c.dep_ in ("dobj", "dative", "attr", "oprd", "neg") for c in verb.children):
        return None  # "was given a watch by ...": two objects; a negation says nothing done
    # "mended by a neighbour called Otto": the doer is the one the phrase names.
    named = _naming(doer_tok)
    doer = subject_ref(doer_tok if named is None else named, ctx)
    if named is not None and doer is not None and _someone_noun(doer_tok):
        doer = doer.model_copy(update={"kind": "person"})  # "a neighbour called Otto"
    # "signed by forty neighbours": people said by their number, stored as a thing counted.
    counted = counted_doer(doer_tok) if doer is None else None
    body = None if doer or counted else _body_or_someone(doer_tok)  # "by the council"
    doer = doer or counted or body
    mood = verb_mood(verb)
    predicate = _predicate(third_person(verb_lemma(verb)))
    if doer is None or doer.kind not in ("person", "thing") or mood is None or predicate is None:
        return None
    if doer.kind == "thing" and counted is None and body is None:
        return None
    when, _ = _time_tokens(verb)
    number = None if counted is None else count_of(doer_tok)
    return Statement(
        roles=() if number is None else (RoleFill(role="quantity", text=number),),
        subject=doer,
        predicate=predicate,
        object=_patient_text(patient, patient_tok),
        object_ref=patient,
        mood=mood,
        when=when,
        verb=verb_lemma(verb),
    )


def _body_or_someone(tok: Token) -> Ref | None:
    """ "fixed by the landlord", "refused by the council": a doer said by a noun whose
    commonest sense is someone or a body of people, and that is never a made thing ("hit by a
    van" is no deed of a group), said with its article or owner; None otherwise."""
    noun = tok.lemma_.lower()
    if tok.pos_ != "NOUN" or not any(c.dep_ in ("det", "poss") for c in tok.children):
        return None
    if lexicon.first_lexname(noun) not in ("noun.person", "noun.group"):
        return None
    if "noun.artifact" in lexicon.lexnames(noun):
        return None
    return Ref(role="name", name=_patient_text(None, tok), kind="thing")


def _someone_noun(tok: Token) -> bool:
    """A noun whose commonest sense is a person ("neighbour", "builder"): what it is called
    names someone, whatever the NER made of the name."""
    return lexicon.person_noun(tok.lemma_.lower())


def _patient_text(patient: Ref | None, tok: Token) -> str:
    """The name of the one a passive's deed was done to; a thing by its noun and the words
    before it, without its article or what hangs after it ("the roses in the garden": roses)."""
    if patient is not None and patient.name:
        return patient.name
    if patient is not None:
        return " ".join(t.text for t in tok.subtree if not t.is_punct)
    said = tok.doc[tok.left_edge.i : tok.i + 1]
    return " ".join(t.text for t in said if not t.is_punct and t.dep_ not in ("det", "poss"))


def done_to(verb: Token, subject: Ref) -> Statement | None:
    """ "I was promoted on Monday", "Tolu got picked for the borough team": a passive said of
    a person or a pet with no one named doing it, whose participle is a verb (not an adjective:
    those are states, `state_passive`), is an event that befell the subject ("gets promoted"),
    kept as said so the question "When was Bea promoted?" finds it. Nothing is stored where
    the clause is negated, conditioned, wished or a report ("was told that ..."): what happened
    is then not what was said. A second object is what was given ("was offered a job":
    is_offered job, plain_clauses.given_passive)."""
    # A name the recogniser did not tag is still someone named ("Tolu got picked").
    named = subject.kind in ("person", "animal") or subject.role == "name"
    if not named or verb.tag_ != "VBN":
        return None
    auxpass = next((c for c in verb.children if c.dep_ == "auxpass"), None)
    if auxpass is None or not _own_clause(verb):
        return None
    # "was offered a job": a second object is what was given (plain_clauses.given_passive).
    given = second_object(verb)
    gave = None if given is None else given.i
    others = [
        c
        for c in verb.children
        if c.dep_ in _NOT_DONE_TO and c.i != gave and not (gave is not None and _to_someone(c))
    ]
    if others or _negated(verb):
        return None
    lemma = verb_lemma(verb)
    # "was given a bike": a verb of talk with a physical thing given is a deed, as when active.
    talk = lemma in SOCIAL_VERBS and not (given is not None and physical_thing(given))
    if lemma in REPORTING or talk or not lexicon.base(verb.lower_, "v"):
        return None
    if _phrasal(verb, lemma) or _idiom(verb):
        return None  # "Tom got kicked out": expelled, no kicking; "got used to": accustomed
    mood = verb_mood(verb)
    if mood is None or mood == "wish" or modality(verb, mood) == "hypothetical":
        return None
    if conditional(verb):
        return None
    if given is not None:
        when, _ = _time_tokens(verb)
        said = passive_mood(verb, auxpass, mood, when)
        return given_passive(verb, auxpass, subject, mood, said)
    return befell(verb, auxpass, subject, mood)


def befell(
    verb: Token,
    auxpass: Token,
    subject: Ref,
    mood: Literal["fact", "past", "plan", "wish"] = "fact",
) -> Statement:
    """A passive with no doer, kept as said of its subject: "gets promoted", "gets engaged"
    (with "get": the change) or "is married" (with "be")."""
    became = lexicon.base(auxpass.lower_, "v") == "get"
    when, _ = _time_tokens(verb)
    said = passive_mood(verb, auxpass, mood, when)
    if not became and said == "fact":
        # "The shop is closed on Mondays", "we are arrived in March": a state said in the
        # present names no day it came about.
        when = None
    return Statement(
        subject=subject,
        predicate="gets" if became else "is",
        object=verb.lower_,
        literal=True,
        # "I wasn't insured", "Ana isn't married": the state denied, not had.
        negated=_negated(verb),
        mood=said,
        verb="get" if became else "be",
        when=when,
    )


def passive_mood(
    verb: Token, auxpass: Token, mood: Literal["fact", "past", "plan", "wish"], when: str | None
) -> Literal["fact", "past", "plan", "wish"]:
    """The tense of a passive is its auxiliary's, not the participle's: "we're getting married
    on Friday" (a present progressive with a time) is an arrangement ahead, "they got engaged"
    is past, "she gets promoted" and "is married" say how things are."""
    auxes = {c.lower_ for c in verb.children if c.dep_ == "aux"}
    if mood in ("plan", "wish") or auxes & _FUTURE:
        return "plan" if mood != "wish" else mood
    if auxpass.tag_ == "VBG" and when:
        return "plan"
    if auxpass.tag_ == "VBD":
        return "past"
    if auxpass.tag_ in ("VBZ", "VBP", "VBG"):
        return "fact"
    return mood


def done_to_object(verb: Token, ctx: Context) -> Statement | None:
    """ "They promoted me two weeks ago", "they fired my brother": a deed of a "they" who is
    no one named is what befell its object, as the passive says it ("I got promoted"), which
    holds whoever "they" are. Only a past deed with one object MAX can name, said of a regular
    verb whose past is its participle ("promoted"; "gave" is not "given"), not negated."""
    obj_tok = next((c for c in verb.children if c.dep_ == "dobj"), None)
    if obj_tok is None or verb.tag_ != "VBD" or _negated(verb):
        return None
    # A clause before the verb is one said beside it that the parser hung under it ("I am
    # head chef now, they promoted me"), no clause it says.
    if any(c.dep_ in _MORE_THAN_BEFELL and not _said_before(c, verb) for c in verb.children):
        return None  # "they gave me a rise", "they told me to wait": more than befell "me"
    lemma = verb_lemma(verb)
    regular = verb.lower_.endswith("ed") and lexicon.base(verb.lower_, "v") == lemma
    if not regular or lemma in REPORTING or lemma in SOCIAL_VERBS or not _own_clause(verb):
        return None
    if _phrasal(verb, lemma):
        return None
    patient = subject_ref(obj_tok, ctx)
    if patient is None or not (patient.kind in ("person", "animal") or patient.role != "name"):
        return None
    if patient.role == "listener" or obj_tok.pos_ not in ("PRON", "PROPN", "NOUN"):
        return None
    when, _ = _time_tokens(verb)
    return Statement(
        subject=patient,
        predicate="gets",
        object=verb.lower_,
        literal=True,
        verb="get",
        mood="past",
        when=when,
    )


def _said_before(child: Token, verb: Token) -> bool:
    return child.dep_ == "ccomp" and child.i < verb.i


def _to_someone(dative: Token) -> bool:
    """ "was given a bike for my birthday": a dative said with its preposition is a role of the
    clause (for whom, for what), no second object."""
    return dative.dep_ == "dative" and dative.pos_ == "ADP"


def _idiom(part: Token) -> bool:
    """A participle WordNet lists as an adjective with the word after it ("used to")."""
    after = part.doc[part.i + 1].lower_ if part.i + 1 < len(part.doc) else ""
    return bool(after) and lexicon.base(f"{part.lower_}_{after}", "a") is not None


def _own_clause(verb: Token) -> bool:
    """Is the passive a clause said for itself: the sentence's own, one joined to it, one the
    parser hung on it without a conjunction ("Tolu got picked yesterday, we're all proud"), or
    one the speaker says they know or heard, not one they only believe, hope or are asked?"""
    if verb.dep_ in ("ROOT", "conj", "parataxis"):
        return True
    if verb.dep_ == "advcl":
        return not any(c.dep_ == "mark" for c in verb.children)
    held = verb.head.lemma_.lower()
    if verb.dep_ != "ccomp" or held in words("belief_verbs") | words("desire_verbs"):
        return False
    # "I heard Tolu was picked" is the speaker's; "they say he was picked" is only hearsay.
    holder = next((c for c in verb.head.children if c.dep_ == "nsubj"), None)
    return holder is not None and holder.lower_ in ("i", "we")


def _phrasal(verb: Token, lemma: str) -> bool:
    """Is the verb one WordNet lists with a word said after its object ("kicked Tom out":
    kick_out, to expel), whose sense the verb alone does not carry?"""
    after = [c for c in verb.children if c.dep_ in ("prt", "prep", "advmod") and c.i > verb.i]
    return any(lexicon.base(f"{lemma}_{c.lower_}", "v") for c in after)


#: Children that make a passive say more than that it befell its subject: who did it, a second
#: object, a clause said or asked of them ("was asked to read", "was told that ...").
_NOT_DONE_TO = frozenset(
    {"agent", "dobj", "dative", "attr", "oprd", "xcomp", "ccomp", "acomp", "mark"}
)


#: Children that make an active deed say more than what befell its object: a second object, a
#: clause, a particle that changes the verb ("kicked Tom out" is no kicking).
_MORE_THAN_BEFELL = frozenset({"dative", "ccomp", "xcomp", "oprd", "attr", "prt"})
