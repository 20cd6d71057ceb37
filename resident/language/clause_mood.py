"""Whether a clause's mood makes it no statement of fact, whatever path reads it (issue 21,
claim precision on long talk, prec38): an idiom WordNet lists as one verb ("kicked the
bucket", "keeping an eye on", "pulled my leg": the object is no thing), advice or an order to
the one spoken to ("you should ring him", "you need a second car"), and a clause said as a
hypothetical ("you'd never get married", read by any path, the passive's too), and
another person's remark passed on (reported.py). The clause
reader (clauses._read_sentence) stores nothing such a clause's head says. Pure: the parse
and WordNet.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from resident.language import lexicon
from resident.language.clause_parts import verb_mood
from resident.language.reported import reported
from resident.language.roles import modality
from resident.language.statement import verb_lemma
from resident.language.subject_token import subject_token
from resident.language.words import words

if TYPE_CHECKING:
    from spacy.tokens import Token

#: How WordNet writes an owner inside an idiom ("pull_someone's_leg", "lose_one's_temper").
_OWNERS = ("one's", "someone's")
#: The words of an object an idiom keeps as they are: its article.
_ARTICLES = frozenset({"a", "an", "the"})


def _object_words(obj: Token) -> list[list[str]] | None:
    """The ways WordNet may write an object phrase inside an idiom: its article kept, a
    possessive written as "one's" or "someone's"; None for an object with more than an
    article or owner before its noun ("kicked the old bucket" is a bucket)."""
    before = [t for t in obj.subtree if t.i < obj.i]
    after = [c for c in obj.children if c.i > obj.i]
    if any(c.dep_ != "prep" for c in after) or len(before) != 1:
        return None  # "kicked the old bucket", "kicked the bucket of sand" ... are buckets
    word = before[0]
    if word.lower_ in _ARTICLES:
        return [[word.lower_, obj.lower_]]
    if word.dep_ == "poss" and word.tag_ == "PRP$":
        return [[owner, obj.lower_] for owner in _OWNERS]
    return None


def idiom(verb: Token) -> str | None:
    """The WordNet verb lemma the verb and its object make together when the object keeps its
    article or owner in it ("kick_the_bucket", "keep_an_eye_on", "pull_someone's_leg",
    "have_a_go"): the words say one thing of their own, and the object is no thing the
    subject kicked, kept or pulled. A lemma without the article ("take_part", "lose_weight")
    is a verb with its usual object, and one whose sense the object names ("turn_a_profit":
    profit) says what the words say: both are read as said."""
    obj = next((c for c in verb.children if c.dep_ == "dobj"), None)
    if obj is None or obj.ent_type_ or not lexicon.available():
        return None
    # "keep an eye on the shop": the idiom's preposition, hung on the verb or the object.
    hung = [*verb.children, *obj.children]
    preps = [c.lower_ for c in sorted(hung, key=lambda c: c.i) if c.dep_ == "prep" and c.i > obj.i]
    wn = lexicon.reader()
    for phrase in _object_words(obj) or []:
        # "the bucket of sand": an "of" hung on the object makes it a thing of its own, and
        # only an idiom with "of" in it is one.
        tails = [preps[:1]] if any(c.lower_ == "of" for c in obj.children) else [preps[:1], []]
        for tail in tails:
            lemma = "_".join([verb_lemma(verb), *phrase, *tail])
            senses = wn.synsets(lemma, "v")
            # "turned a profit" is "profit": the object names the sense, said as it is.
            named = {n.name() for sense in senses for n in sense.lemmas()}
            # "took a look at the car" is a kind of looking: the object's own verb is the
            # idiom's sense or the one above it, and the words say what they mean.
            above = {h for sense in senses for h in sense.hypernyms()} | set(senses)
            own = set(wn.synsets(obj.lemma_.lower(), "v"))
            if senses and obj.lemma_.lower() not in named and not above & own:
                return lemma
    return None


def advice_to_listener(verb: Token, subject: Token | None) -> bool:
    """Is the clause advice or an order to the one spoken to ("you should ring the council",
    "you need a second car", "you have to see it"): what the speaker would have them do, not
    what they do? A modal of obligation on the verb (data/advice_modals.txt), or "need" said
    in the present, or "have to", "need to" before another verb."""
    if subject is None or subject.lower_ != "you" or subject.pos_ != "PRON":
        return False
    if any(c.dep_ == "aux" and c.lower_ in words("advice_modals") for c in verb.children):
        return True
    lemma = verb_lemma(verb)
    if lemma == "need" and verb.tag_ == "VBP":
        return True
    return lemma in ("have", "need") and any(
        c.dep_ == "xcomp" and any(a.lower_ == "to" for a in c.children) for c in verb.children
    )


def asked(verb: Token) -> bool:
    """Is the clause asked, not told, though worded as a statement: its own question mark
    ("You made money on the van?!") or a tag after it ("You're never keeping one cat, are
    you.": the clause hangs under the tag's auxiliary, which has nothing but a pronoun)?"""
    if any(c.dep_ == "punct" and "?" in c.text for c in verb.children):
        return True
    tag = verb.head
    if verb.dep_ != "ccomp" or tag.i < verb.i or tag.pos_ != "AUX":
        return False
    said = [c for c in tag.children if c.dep_ not in ("punct", "neg") and c.i != verb.i]
    return len(said) == 1 and said[0].dep_ == "nsubj" and said[0].pos_ == "PRON"


def expected(verb: Token) -> bool:
    """Is the clause an expectation or a request said in the passive with what it was for
    ("we were supposed to see Lou", "I was meant to ring", "he was asked to speak"): what
    was due, not what happened, and the participle alone ("is supposed") says nothing?"""
    if verb.tag_ != "VBN" or not any(c.dep_ == "auxpass" for c in verb.children):
        return False
    return any(
        c.dep_ == "xcomp" and any(a.dep_ == "aux" and a.lower_ == "to" for a in c.children)
        for c in verb.children
    )


def _shared_head(verb: Token) -> Token:
    """The verb whose subject and auxiliaries a bare conjunct shares ("I'd go down one
    weekend a month and do the rest online": "do" is said with "I'd" too)."""
    while (
        verb.dep_ == "conj"
        and verb.head.i != verb.i
        and not any(c.dep_ in ("nsubj", "nsubjpass", "aux", "auxpass") for c in verb.children)
    ):
        verb = verb.head
    return verb


def not_stated(verb: Token) -> bool:
    """Does the clause headed by `verb` say nothing to be stored as a fact: a hypothetical,
    a question worded as a statement, an expectation ("was supposed
    to"), advice or an order to the one spoken to, or an idiom read word by word? A bare
    conjunct is said as its first verb is."""
    head = _shared_head(verb)
    return (
        modality(head, verb_mood(head)) == "hypothetical"
        or asked(head)
        or expected(head)
        or advice_to_listener(head, subject_token(head))
        or idiom(verb) is not None
        # "she says she'll take tablets": another's remark passed on (reported.py)
        or reported(verb)
    )
