"""What a clause's object and subject may be, and how a claim is shaped from them. Pure.

The parse says which token is the object; these rules say whether a phrase is content a claim
may hold (an entity or a content noun phrase, never an adjective or a number standing alone as
a subject), and which predicate a copula's noun makes ("I'm a mechanic": works_as, since a
mechanic is an occupation in WordNet; "Duncan is a goose": is_a).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from resident.language import lexicon
from resident.language.roles import RoleFill
from resident.language.words import words

if TYPE_CHECKING:
    from spacy.tokens import Token

    from resident.language.statement import Ref


def is_occupation(noun: str) -> bool:
    """Does `noun` (its last word: "junior accountant") name an occupation? A WordNet noun
    whose first two senses have one of data/occupation_ancestors.txt among its hypernyms."""
    last = noun.split()[-1].lower() if noun.split() else ""
    head = lexicon.base(last, "n") or last
    if not head or not lexicon.available():
        return False
    return any(lexicon.is_a(head, a, senses=2) for a in words("occupation_ancestors"))


def copula_predicate(predicate: str, subject: Ref, obj: str) -> str:
    """ "is_a" for a person whose noun is an occupation is what they work as."""
    if predicate != "is_a" or not _personal(subject) or not is_occupation(obj):
        return predicate
    return "works_as"


def _personal(subject: Ref) -> bool:
    return subject.role in ("speaker", "listener", "kin") or subject.kind == "person"


#: Noun classes of an eventive noun a light verb joins with ("a look", "a try", "a call").
_EVENT_CLASSES = frozenset({"noun.act", "noun.event", "noun.communication", "noun.attribute"})
#: Noun classes of what is no thing: a noun with no other sense, said as "some news" or "any
#: ideas" after a light verb, is no object a claim may hold.
_ABSTRACT_CLASSES = frozenset(
    {
        "noun.communication",
        "noun.cognition",
        "noun.time",
        "noun.attribute",
        "noun.act",
        "noun.event",
        "noun.state",
        "noun.relation",
        "noun.feeling",
    }
)


def light_object(verb_lemma: str, obj: Token, timed: bool) -> Literal["keep", "join", "empty"]:
    """How a light verb's object reads: "join" when the bare noun is an event the subject
    does (the verb and noun make one predicate: "took a look at the car"), "empty" when the
    noun is "some" abstract thing and the clause says no time ("I got some news"),
    else "keep" (the object is a thing: "got a job", "had a swimming lesson")."""
    if verb_lemma not in words("light_verbs") or obj.pos_ != "NOUN" or obj.ent_type_:
        return "keep"
    if any(c.dep_ not in ("det", "punct", "prep") for c in obj.children):
        return "keep"
    noun = obj.lemma_.lower()
    kind = lexicon.first_lexname(noun, "n")
    indefinite = all(c.lower_ in ("a", "an") for c in obj.children if c.dep_ == "det")
    eventive = kind in _EVENT_CLASSES and indefinite and lexicon.mostly_verb(noun)
    if eventive and verb_lemma in words("light_verbs_joining"):
        return "join"
    vague = any(c.dep_ == "det" and c.lower_ in ("some", "any") for c in obj.children)
    senses = lexicon.lexnames(noun, "n")
    abstract = bool(senses) and senses <= _ABSTRACT_CLASSES
    has_prep = any(c.dep_ == "prep" for c in obj.children)
    return "empty" if vague and abstract and not has_prep and not timed else "keep"


def time_clause(verb: Token) -> bool:
    """Is the clause under `verb` the time of the one it hangs on ("when I was twelve",
    "before he finished the question")? Then it states nothing of its own."""
    if verb.dep_ != "advcl":
        return False
    marks = words("time_clause_marks")
    return any(c.dep_ in ("mark", "advmod") and c.lower_ in marks for c in verb.children)


def time_clauses(verb: Token) -> tuple[RoleFill, ...]:
    """The time clauses under `verb`, as its time qualifiers, in the words said."""
    return tuple(RoleFill(role="time", text=_words(c)) for c in verb.children if time_clause(c))


def _words(tok: Token) -> str:
    return "".join(t.text_with_ws for t in tok.subtree if not t.is_punct).strip()


def _direct_object(verb: Token) -> Token | None:
    for child in verb.children:
        if child.dep_ in ("dobj", "obj"):
            return child
    # The small model reads an unfamiliar noun after a verb as a modifier ("hates cilantro"),
    # a made-up name even as punctuation: a word WordNet knows as a noun, or does not know at
    # all, and not as an adverb or adjective, is the object.
    # A lone word read as a clause of its own ("relieves migraine": migraine a verb) is one
    # too, when WordNet knows no verb of that spelling.
    for child in verb.rights:
        if child.is_punct or child.ent_type_ or not _noun_or_unknown(child.lower_):
            continue
        loose = child.dep_ in ("advmod", "acomp", "npadvmod", "punct", "dep") and child.pos_ in (
            "ADJ",
            "ADV",
            "NOUN",
            "PUNCT",
            "X",
        )
        lone = (
            child.dep_ in ("ccomp", "xcomp")
            and child.n_lefts + child.n_rights == 0
            and lexicon.available()
            and lexicon.base(child.lower_, "v") is None
        )
        if loose or lone:
            return child
    return None


def _noun_or_unknown(word: str) -> bool:
    """WordNet knows `word` as a noun, or (a made-up name: "birchitis") not at all; never as
    an adverb or adjective."""
    if lexicon.base(word, "r") or lexicon.base(word, "a"):
        return False
    if lexicon.base(word, "n"):
        return True
    return lexicon.available() and not lexicon.base(word, "v") and any(c.isalpha() for c in word)
