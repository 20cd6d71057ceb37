"""What a clause's words seem to say but its speaker does not state, read over the parse, the
named entities and WordNet (issue 21, precision on long talk): someone else's opinion
reported ("She thinks you're a great influence"), a time said as the subject of a deed ("Two
weeks left at school"), an object said with the state it is kept or left in ("I'll keep my
fingers crossed"), and a verb of becoming said with a bare role noun ("She just made partner").
Pure.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from resident.language import lexicon
from resident.language.doubted import doubted
from resident.language.statement import _FUTURE, verb_lemma
from resident.language.words import table, words

if TYPE_CHECKING:
    from spacy.tokens import Span, Token

_TIME_ENTS = frozenset({"DATE", "TIME"})
#: A state said of the object after it: a participle or an adjective the verb governs.
_COMPLEMENT_DEPS = frozenset({"ccomp", "xcomp", "oprd", "acomp"})


def reported_belief(verb: Token) -> bool:
    """Is the clause headed by `verb` what someone other than the speaker believes: the
    complement of a verb of belief (data/belief_verbs.txt) whose holder is not the speaker
    ("Mum thinks you're a great influence"; "I think Sam likes jazz" is the speaker's own)?"""
    if verb.dep_ != "ccomp" or verb.head.lemma_.lower() not in words("belief_verbs"):
        return False
    holder = next((c for c in verb.head.children if c.dep_ == "nsubj"), None)
    return holder is not None and "1" not in holder.morph.get("Person", [])


def believed_by_another(sent: Span) -> bool:
    """Does the sentence report someone else's belief (a clause of it `reported_belief`)?
    Such a sentence is not read a second time either: a reparse would make the holder and
    the believed clause one subject ("Dad reckons Tilde" got the job)."""
    return any(tok.dep_ == "ccomp" and reported_belief(tok) for tok in sent)


def time_subject(verb: Token, subject: Token) -> bool:
    """Is the subject of a deed a time ("Two weeks left at school", "Tuesday works")? It says
    when or how long, not who did it; a copula's time subject is left to the copula's reader
    ("Tuesday is my birthday")."""
    return verb.lemma_.lower() != "be" and said_as_time(subject)


def said_as_time(tok: Token) -> bool:
    """Does `tok` name a time: tagged a date or time AND a number or a word WordNet files as a
    time ("weeks", "Tuesday", "2019")? The tagger alone is not trusted: the small pipeline tags
    made-up names with digits ("dmn541xdrug4") as dates, and such a name is a doer."""
    if tok.ent_type_ not in _TIME_ENTS:
        return False
    return tok.like_num or lexicon.first_lexname(tok.lemma_.lower(), "n") == "noun.time"


def object_in_a_state(verb: Token, obj: Token | None) -> bool:
    """Is the direct object said with the state it is kept or left in, after it ("keep my
    fingers crossed", "keep the house clean", "found the film boring")? The verb and the object
    without the state say something else. A participle with a subject of its own is another
    clause ("had my cataract done" is read as what was done)."""
    if obj is None or obj.dep_ not in ("dobj", "obj"):
        return False
    return any(
        c.i > obj.i
        and c.dep_ in _COMPLEMENT_DEPS
        and (c.tag_ == "VBN" or c.pos_ == "ADJ")
        and not any(g.dep_ in ("nsubj", "nsubjpass", "dobj") for g in c.children)
        for c in verb.children
    )


def becomes(verb: Token, obj: Token | None) -> bool:
    """Is `verb` a verb of becoming said with a bare singular noun of a person's role ("made
    partner", "made captain"): what the subject became, not a thing made? A noun with a
    determiner, a possessive or a count ("made a friend", "made my brother") is an object."""
    if obj is None or verb.lemma_.lower() not in words("becoming_verbs"):
        return False
    if obj.tag_ != "NN" or obj.ent_type_ or not lexicon.available():
        return False
    if any(c.dep_ in ("det", "poss", "nummod", "predet") for c in obj.children):
        return False
    return lexicon.person_noun(obj.lemma_.lower())


def wished_clause(verb: Token) -> bool:
    """Is the clause headed by `verb` what its holder wishes, hopes or pretends were so, not
    what is ("I wish I spoke French", "she hopes Sam gets the job", "he pretends he's ill")?
    The complement of such a verb (data/irrealis_verbs.txt) is no fact, whoever holds it; a
    wish said in the past subjunctive even says the opposite, which is not stored either."""
    if verb.dep_ != "ccomp":
        return False
    head = verb.head
    # "hopes" may come out of the small model's lemmatizer as "hop": the mended lemma.
    return verb_lemma(head) in words("irrealis_verbs") or head.lemma_.lower() in words(
        "irrealis_verbs"
    )


#: The arguments of a verb that may each be the person a later he or she names.
_ARGUMENTS = frozenset({"nsubj", "dobj", "dative"})
#: How a clause hangs under the verb whose arguments its pronoun may name.
_UNDER = frozenset({"ccomp", "conj", "advcl", "xcomp"})


def _third_person(tok: Token) -> bool:
    """A name, a third-person pronoun, or a noun WordNet files as a person ("my sister")."""
    if tok.pos_ == "PROPN" or "3" in tok.morph.get("Person", []):
        return True
    return tok.pos_ == "NOUN" and lexicon.person_noun(tok.lemma_.lower())


#: The pronouns of one third person, as a subject or an owner.
_THIRD_SINGULAR = frozenset({"he", "she", "his", "her"})


def two_candidates(subject: Token) -> bool:
    """Is `subject` a he or she (or his, her) that two people of one clause above it may each
    be ("Sheila told Maureen that she's selling her house", "Tom told Ben he had won")? Which
    one the speaker meant is not in the words, so the clause is not stored as either's, nor
    the owner's relative ("her daughter Carol") as either's relative."""
    if subject.lower_ not in _THIRD_SINGULAR:
        return False
    head = subject.head
    # By index: spaCy makes a new Token object on each `.head`, so `is` never meets the root
    # and a root that is no verb ("His income's too up and down ...") looped for ever.
    while head.pos_ not in ("VERB", "AUX") and head.head.i != head.i:
        head = head.head  # "near her daughter": the clause the owner is said in
    while head.dep_ in _UNDER and head.head.i != head.i:
        head = head.head
        # Each a third person before the pronoun: a name, a pronoun for one ("he told Ben he
        # had won"; a second parse may put "It" in a name's place), or a noun for one.
        names = {
            c.i
            for c in head.children
            if c.dep_ in _ARGUMENTS and c.i < subject.i and _third_person(c)
        }
        if len(names) >= 2:
            return True
    return False


def compared_clause(verb: Token) -> bool:
    """Is the clause a likeness, not a fact: one opened by "like" or "as though" (data/
    comparison_marks.txt) hung on another verb ("you looked like you were dying", "she ran
    like she was being chased": no one died, no one chased her)?"""
    marks = " ".join(c.lower_ for c in verb.children if c.dep_ == "mark")
    return verb.dep_ in ("advcl", "ccomp") and marks in words("comparison_marks")


def unsaid(verb: Token, subject: Token) -> bool:
    """Does the clause headed by `verb` state nothing its speaker holds, whoever its subject
    resolves to: someone else's belief reported, a guess, hearsay or an overstatement
    (doubted.py), a wish or a pretence, a he or she two people may be, a time as the doer,
    a forecast for the one spoken to, or an answer's yes as the doer?"""
    return (
        reported_belief(verb)
        or doubted(verb)
        or compared_clause(verb)
        or wished_clause(verb)
        or two_candidates(subject)
        or time_subject(verb, subject)
        or foretold_of_listener(verb, subject)
        # "Yep, still going with Amy": the yes or no of an answer (data/ellipsis_polarity.tsv)
        # the parser took for the subject is no one.
        or subject.lower_ in table("ellipsis_polarity")
    )


def foretold_of_listener(verb: Token, subject: Token) -> bool:
    """Is the clause a future said of the one spoken to ("You'll pass in August", "you'll
    get there by Christmas")? It is the speaker's forecast or comfort, not a plan anyone
    stated: a plan is said by the one who holds it."""
    if subject.lower_ != "you" or subject.pos_ != "PRON":
        return False
    auxes = {c.lower_ for c in verb.children if c.dep_ in ("aux", "auxpass")}
    return bool(auxes & _FUTURE)
