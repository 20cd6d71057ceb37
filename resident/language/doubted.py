"""Whether a clause is said with doubt, as hearsay or as an overstatement rather than as a fact
its speaker holds (issue 21, precision on long talk), read over the dependency parse: a modal
adverb on its verb ("maybe she's moving to Dubai", "he basically lives at the gym"), or the
clause under a verb of belief, hearsay or doubt, whoever holds it ("I think Leila moved to
Glasgow", "Tariq lives in Derby, I think", "I heard he sold his car"). Such a clause is not
stored: the graph keeps what the teller says is so, and a guess stored as a fact answers a
later question about something else. Pure; the words are data files.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from resident.language.statement import verb_lemma
from resident.language.words import words

if TYPE_CHECKING:
    from spacy.tokens import Token

#: How a verb hangs under the verb whose adverbs it shares ("maybe going to move": the
#: adverb is on "going", the deed is "move").
_CHAINED = frozenset({"xcomp"})
#: How an aside of belief hangs on the clause it qualifies ("he lives in Derby, I think").
_ASIDE = frozenset({"parataxis", "advcl", "ccomp"})


def _holding_verb(tok: Token) -> bool:
    """A verb of belief, hearsay or doubt (data/belief_verbs.txt, data/doubting_verbs.txt)."""
    lemmas = {tok.lemma_.lower(), verb_lemma(tok)}
    return bool(lemmas & (words("belief_verbs") | words("doubting_verbs")))


def _has_subject(tok: Token) -> bool:
    return any(c.dep_ in ("nsubj", "nsubjpass") for c in tok.children)


def doubt_adverb(tok: Token) -> bool:
    """Is `tok` an adverb of doubt or overstatement (data/doubt_adverbs.txt)?"""
    return tok.lower_ in words("doubt_adverbs")


def _opened_by_adverb(subject: Token) -> bool:
    said = subject.text.split()
    return len(said) > 1 and said[0].lower() in words("doubt_adverbs")


def hedged(verb: Token) -> bool:
    """Is the clause said with a modal adverb of doubt or overstatement (data/
    doubt_adverbs.txt) on its verb, or on the verb it is chained under ("maybe going to
    move")?"""
    tok = verb
    while True:
        if any(c.dep_ == "advmod" and doubt_adverb(c) for c in tok.children):
            return True
        # "Allegedly Omar got a job": the recogniser may take the opening adverb into the
        # name, which is then one token.
        if any(c.dep_ == "nsubj" and _opened_by_adverb(c) for c in tok.children):
            return True
        if tok.dep_ not in _CHAINED or tok.head.i == tok.i:
            return False
        tok = tok.head


def under_belief(verb: Token) -> bool:
    """Is the clause the complement of a verb of belief, hearsay or doubt, whoever holds it
    ("I think my sister moved", "I heard he sold it", "I doubt she's coming")?"""
    return verb.dep_ == "ccomp" and verb.head.i != verb.i and _holding_verb(verb.head)


def belief_aside(verb: Token) -> bool:
    """Does the clause carry an aside of belief with a subject of its own after it ("Tariq
    lives in Derby, I think", "he's retired now, I believe")?"""
    return any(
        c.dep_ in _ASIDE
        and c.i > verb.i
        and _holding_verb(c)
        and _has_subject(c)
        and not any(g.dep_ in ("ccomp", "dobj", "xcomp") for g in c.children)
        for c in verb.children
    )


def doubted(verb: Token) -> bool:
    """Is the clause headed by `verb` guessed, heard or overstated, not stated as so?"""
    return hedged(verb) or under_belief(verb) or belief_aside(verb)
