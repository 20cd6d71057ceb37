"""Whether a clause is what someone other than the speaker says, not what the speaker states
(issue 21, claim precision on long talk, prec42): the complement of a verb of saying whose
holder is another person ("Dev says I owe him bread for life", "she says she doesn't want a
party", "you told me you'd never get married", "Angus says I can take the helm"). The speaker
passes the remark on; whether it is so is the holder's word (unless it is the holder's own
news, said of themselves: "Rosa told me she's learning Welsh"), and a remark stored as a fact
answers a later question with a joke, a boast or a promise. Read over the parse and WordNet:
a verb whose most frequent sense is a verb of communication (WordNet's verb.communication)
that WordNet says takes a that-clause (say, tell, promise, claim, warn; not "mean" or
"mention"; the verbs of knowing, know, realise, remember, are verb.cognition). Two holders
pass on what is so: the speaker ("I told him I'm moving") and one named by a trade or
profession, whose word on it the speaker takes ("the vet says he needs to lose a kilo",
"Coach says I'm a winger"). A holder that is no person ("which means she's moving out", "the
insurance say they'll pay") is the speaker's own inference. A sentence that passes a remark
on is not read again by the paths that read a sentence that gave nothing (reading.py). Pure.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from resident.language import lexicon
from resident.language.statement import verb_lemma

if TYPE_CHECKING:
    from spacy.tokens import Span, Token

#: Pronouns for a person other than the speaker, who may hold a remark.
_PEOPLE = frozenset({"he", "she", "they", "you"})
#: Nouns of a holder whose word on a matter is taken: a trade or a profession.
_TRADES = ("professional", "worker")
#: What may stand between a verb of saying and the clause it reports ("told me that ...").
_BETWEEN = frozenset({"dative", "dobj", "mark", "advmod", "neg", "punct"})
#: The dependencies of a clause's own subject.
_SUBJECTS = frozenset({"nsubj", "nsubjpass", "expl", "csubj"})


def saying_verb(verb: Token) -> bool:
    """Is `verb` a verb of saying: its most frequent sense a verb of communication
    (WordNet's verb.communication) said with a that-clause ("say", "tell", "promise",
    "claim"; not "mean" or "mention")?"""
    lemma = verb_lemma(verb)
    return lexicon.first_lexname(lemma, "v") == "verb.communication" and lexicon.takes_clause(lemma)


def _holder(verb: Token) -> Token | None:
    return next((c for c in verb.children if c.dep_ == "nsubj"), None)


def _passed_on(holder: Token | None, verb: Token) -> bool:
    """Is the remark another person's: a holder that is a person and not the speaker, not
    one named by a trade? With no holder said, a verb in the third person ("Says he loves
    it") passes on another's word; an order to pass one on ("tell him I want a courgette",
    "tell MAX that Noah is allergic to nuts") is the speaker's own message."""
    if holder is None:
        return verb.tag_ == "VBZ"
    if "1" in holder.morph.get("Person", []):
        return False  # "I said", "we told them": the speaker's own
    if holder.pos_ == "PRON":
        return holder.lower_ in _PEOPLE
    lemma = holder.lemma_.lower()
    # "The vet says", "Vet says", "the GP says": a trade, whatever the tagger made of it.
    if holder.pos_ in ("NOUN", "PROPN") and any(lexicon.is_a(lemma, t) for t in _TRADES):
        return False
    return holder.pos_ == "PROPN" or lexicon.person_noun(lemma)


def _reports(verb: Token, clause: Token) -> bool:
    """Does the clause follow its verb of saying as what is said: nothing but the one told,
    "that" or an adverb between ("said on the beach I'm engaged" is a clause of its own)?"""
    between = range(verb.i + 1, clause.left_edge.i)
    doc = verb.doc
    return all(
        any(a.i == verb.i for a in doc[i].ancestors) and _top(doc[i], verb).dep_ in _BETWEEN
        for i in between
    )


def _top(tok: Token, verb: Token) -> Token:
    while tok.head.i != verb.i and tok.head.i != tok.i:
        tok = tok.head
    return tok


def reported(verb: Token) -> bool:
    """Is the clause headed by `verb` (or one joined to it) what another person says?"""
    clause = verb
    while clause.dep_ == "conj" and clause.head.i != clause.i:
        clause = clause.head  # "she says she's tired and wants to go home"
    if clause.dep_ != "ccomp" or clause.head.i == clause.i or clause.head.i > clause.i:
        return False
    if not any(c.dep_ in _SUBJECTS for c in clause.children):
        # A said clause has its own subject ("she says she's tired"); one without is the
        # parser's misreading of a coordination ("Tom teaches maths and his wife Jo runs a
        # bakery": "runs" hung under "teaches" with its subject in the object).
        return False
    said = clause.head
    if said.pos_ not in ("VERB", "AUX") or not saying_verb(said):
        return False
    holder = _holder(said)
    return _reports(said, clause) and _passed_on(holder, said) and not _own_news(holder, clause)


#: Pronoun holders whose remark's subject, the same pronoun again, stands for themselves.
_SELF = frozenset({"he", "she", "they"})


def _own_news(holder: Token | None, clause: Token) -> bool:
    """Is the remark the holder's own news, said of themselves ("Rosa told me she's learning
    Welsh", "Kai said he's moving to Bristol", "Tyler told me he wants to be a vet")? A
    person's word on what they do, plan or want is taken as theirs to give; what they say of
    the speaker, the listener or the world ("Dev says I owe him bread", "Marc says
    everything's fine") is their remark."""
    subject = next((c for c in clause.children if c.dep_ in ("nsubj", "nsubjpass")), None)
    if subject is None or subject.pos_ != "PRON" or holder is None:
        return False
    if holder.pos_ == "PRON":
        return holder.lower_ in _SELF and subject.lower_ == holder.lower_
    number = holder.morph.get("Number", [])
    return subject.lower_ in (("they",) if "Plur" in number else ("he", "she"))


def passes_on(sent: Span) -> bool:
    """Does the sentence pass on another person's remark (a clause of it `reported`)?"""
    return any(tok.dep_ == "ccomp" and reported(tok) for tok in sent)
