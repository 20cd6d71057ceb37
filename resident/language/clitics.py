"""A contraction typed without its apostrophe ("im a dinner lady", "hes a plumber", "theyre in
leeds"): the tokenizer splits the clitic off the pronoun as it does "I'm", but the lemmatizer,
seeing "m" or "s" and no apostrophe, leaves the verb unknown ("m", not "be"), and the reader
finds no copula. The tagger, reading the word in context, still calls it a finite verb; where
it does, the sentence is parsed again with the apostrophe put back, and that parse is read.
No list of misspellings: the split is the tokenizer's, the verb is the tagger's.

The small parser also reads "Shannon's a hairdresser" and "my brother's the manager" as a
possessive, often with no verb at all (a noun phrase, "Shannon's a hairdresser"). A possessive is
never followed by an article (the morphology's PronType=Art), so there the "'s" is the verb:
the sentence is parsed again with "is" in its place. Nor is a possessive's noun ever a verb's
participle that is no noun's part ("Gail's retiring in June", "The boiler's broken again"), a
possessive determiner ("Leeds's his first choice"), or a date that ends its phrase ("Closing
date's Friday"); an adverb between ("Pat's still in Oldham", "Pickle's not allowed") is looked
past. There too the "'s" is the verb: "has" before "been"/"got"/"gone"/"come" or a participle
with an object, "is" before any other. Pure, given the parse function.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from resident.language import lexicon
from resident.language.animacy import name_kind, noun_kind

if TYPE_CHECKING:
    from spacy.tokens import Span, Token

    from resident.language.reparse import Reparse

#: The tags of a finite verb or modal: what the tagger calls a clitic it read as the verb.
_FINITE = frozenset({"VBZ", "VBP", "VBD", "MD"})
#: The roles of a noun: a participle in one is a gerund or a noun's modifier, owned or owning.
_NOMINAL = frozenset({"nsubj", "nsubjpass", "dobj", "pobj", "attr", "appos", "amod", "compound"})
#: Verbs whose participle after "'s" is a perfect, never a passive ("'s been", "'s gone").
_PERFECT_ONLY = frozenset({"be", "get", "go", "come", "have", "become"})


def bare_clitic(tok: Token) -> bool:
    """A verb the tokenizer split off the pronoun before it with no apostrophe, that the
    lemmatizer did not know as a form of any verb (its lemma is itself)."""
    if tok.i == 0 or tok.i == tok.sent.start or "'" in tok.text or not tok.is_alpha:
        return False
    before = tok.doc[tok.i - 1]
    return (
        before.pos_ == "PRON"
        and not before.whitespace_
        and tok.tag_ in _FINITE
        and tok.lemma_.lower() == tok.lower_
    )


def copula_as_possessive(tok: Token) -> bool:
    """An "'s" the parser took for a possessive though an article follows it ("Ewan's a
    United man", "..., and Sinead's a principal")."""
    possessive = tok.tag_ == "POS" or tok.dep_ == "case"
    if not possessive or tok.lower_ not in ("'s", "’s") or tok.i + 1 >= len(tok.doc):
        return False
    after = tok.doc[tok.i + 1]
    if after.lemma_.lower() in ("call", "name") and after.tag_ == "VBN":
        return True  # "The midwife's called Bronagh": nothing is owned by a participle
    if (
        "Art" in after.morph.get("PronType", [])
        or _bare_adjective(after)
        or _name_owned(tok)
        or (_unownable(after) and not _place_named(tok))
    ):
        return True
    said = _predicate_after(tok)
    if said is None or not _rootless(tok.sent, said):
        return False
    if tok.dep_ in ("aux", "auxpass") and not perfect_as_possessive(tok):
        return True  # "My knee's playing up": the parse's own role for it is the verb's
    return (
        said is not None
        and not _place_named(tok)
        and (_verb_said(said) or _owner_said(tok, said) or _date_said(said) or _unownable(said))
        and not perfect_as_possessive(tok)
    )


def _predicate_after(tok: Token) -> Token | None:
    """The word after the "'s", past the adverbs that may stand between a copula and what it
    says ("still", "not", "already"), each of which modifies that word (not "nowhere near as
    useful", a comparison the reader cannot say); None at the sentence's end or else."""
    skipped: list[Token] = []
    for after in tok.doc[tok.i + 1 : tok.sent.end]:
        if after.tag_ != "RB" or after.dep_ not in ("advmod", "neg"):
            return after if all(a.head == after for a in skipped) else None
        skipped.append(after)
    return None


def _owner_said(tok: Token, said: Token) -> bool:
    """A possessive determiner after the "'s" ("Loughborough's his first choice"), no possessive
    chain after it: "Kuba's my uncle Marek's son" is the kin reading's (kin_links.owned_twice),
    which reads the chain the copula's reparse would misread."""
    if said.tag_ != "PRP$":
        return False
    for after in tok.doc[said.i : tok.sent.end]:
        if after.is_punct:
            return True
        if after.tag_ == "POS":
            return False
    return True


def _verb_said(tok: Token) -> bool:
    """A participle the parse keeps as a verb, no noun's part or argument ("Gail's retiring",
    not "Tom's singing was awful" nor "Tom's broken leg"): a possessive owns nouns only."""
    if tok.tag_ not in ("VBG", "VBN"):
        return False
    if tok.dep_ in _NOMINAL and not (tok.dep_ == "amod" and _verbless(tok.sent)):
        # "Kayla's moving placements though.": a sentence with no verb has its participle.
        return False
    after = tok.doc[tok.i + 1] if tok.i + 1 < len(tok.doc) else None
    return after is None or after.head != tok or after.dep_ != "compound"


def _rootless(sent: Span, said: Token) -> bool:
    """Has the parse given the sentence no verb of its own to hang on, bar the word after the
    "'s"? Where it has ("Osian's obsessed with rugby, he's playing for ..."), it read the
    sentence around that verb, and an "is" put in would make another clause its root."""
    root = sent.root
    return root == said or root.pos_ not in ("VERB", "AUX")


def _verbless(sent: Span) -> bool:
    """Has the sentence no finite verb (the "'s" aside, which is why it is asked)?"""
    return not any(t.tag_ in _FINITE and t.pos_ in ("VERB", "AUX") for t in sent)


def _date_said(tok: Token) -> bool:
    """A date that ends its phrase ("Closing date's Friday.", "Wedding's next August, ..."):
    a possessive's date would be followed by what it dates ("Tom's Saturday job")."""
    if tok.ent_type_ not in ("DATE", "TIME"):
        return False
    end = tok
    while end.i + 1 < len(tok.doc) and tok.doc[end.i + 1].ent_iob_ == "I":
        end = tok.doc[end.i + 1]
    nxt = tok.doc[end.i + 1] if end.i + 1 < len(tok.doc) else None
    return nxt is None or nxt.is_punct or nxt.pos_ in ("ADP", "CCONJ", "ADV")


def _place_named(tok: Token) -> bool:
    """ "at St Peter's for thirty-four years", "to Nando's on Friday": an owner after a
    preposition names a place by its owner (the shop, the school), so what follows is the
    sentence's, not a copula's."""
    owner = tok.head
    return owner.dep_ == "pobj" or (owner.head.dep_ == "pobj" and owner.dep_ == "compound")


def _unownable(tok: Token) -> bool:
    """What follows the "'s" can't be a possessed noun phrase: a preposition ("Michelle's in
    Australia"), an adjective with its own preposition ("Tom's allergic to walnuts", "She's due
    in May"), or a number that ends its phrase ("Kofi's thirty-four."). A possessive's noun
    would follow any of them ("Tom's old car", "Kofi's two dogs")."""
    nxt = tok.doc[tok.i + 1] if tok.i + 1 < len(tok.doc) else None
    if tok.tag_ == "IN" and tok.lower_ != "of":
        return nxt is None or nxt.tag_ != "HYPH"  # "Tom's in-laws" owns
    if tok.tag_ == "JJ":
        return nxt is not None and nxt.tag_ in ("IN", "TO") and nxt.lower_ != "of"
    if tok.like_num:
        rest = [t for t in tok.doc[tok.i + 1 :] if t.tag_ != "HYPH" and not t.like_num]
        return not rest or rest[0].is_punct or rest[0].lower_ in ("and", "but", "now")
    return False


def _name_owned(tok: Token) -> bool:
    """ "His name's Ifan", "Our dog's Pip": a name read as what a common noun owns, in a
    sentence with no verb. A name is no one's possession; the "'s" is the verb that gives it."""
    owner, owned = tok.head, tok.head.head
    if owner.pos_ != "NOUN" or owned.pos_ != "PROPN" or owned.i < tok.i or owned.dep_ != "ROOT":
        return False
    return not any(t.pos_ in ("VERB", "AUX") for t in tok.sent)


def _bare_adjective(tok: Token) -> bool:
    """An adjective that ends its phrase ("The van's white.", "Pip's deaf and old"): a
    possessive's noun would follow it."""
    if tok.tag_ != "JJ" or tok.i + 1 >= len(tok.doc):
        return tok.tag_ == "JJ"
    after = tok.doc[tok.i + 1]
    return after.is_punct or after.lower_ in ("and", "but", "now", "too")


def perfect_as_possessive(tok: Token) -> bool:
    """An "'s" the parser took for a possessive though a past form with an object of its own
    follows it ("My sister's got her test on the ninth", "Dad's booked the hall"): "has"."""
    possessive = tok.tag_ == "POS" or tok.dep_ == "case"
    if not possessive or tok.lower_ not in ("'s", "’s") or tok.i + 1 >= len(tok.doc):
        return False
    verb = _predicate_after(tok)
    if verb is None or verb.tag_ not in ("VBD", "VBN"):
        return False
    if verb.dep_ in _NOMINAL and not (verb.dep_ == "amod" and _verbless(tok.sent)):
        return False
    # "Nell's been poorly", "Davie's gone to the oil": a verb that takes no passive.
    if any(c.dep_ == "dobj" for c in verb.children):
        return True
    if not _rootless(tok.sent, verb):
        return False
    if verb.lemma_.lower() in _PERFECT_ONLY:
        return True
    moving = lexicon.first_lexname(verb.lemma_.lower(), "v") == "verb.motion"
    if (verb.tag_ == "VBD" or moving) and _a_doer(tok.head):
        # "The hamster's escaped", "Kayla's moved to Leeds": a finite past (the tagger's) or a
        # going, by someone who can do it, is a deed done; a thing's "The van's sold" and a
        # feeling's "Osian's obsessed with rugby" stay the state, "is".
        return verb.lemma_.lower() not in ("call", "name")
    # "Day centre's added Fridays" (parsed as a noun phrase): an object follows the participle;
    # a name after "called" is what it is called, not an object.
    nxt = tok.doc[verb.i + 1] if verb.i + 1 < len(tok.doc) else None
    return (
        nxt is not None
        and nxt.tag_ in ("DT", "PRP$", "NN", "NNS", "NNPS")
        and verb.lemma_.lower() not in ("call", "name")
    )


def _a_doer(owner: Token) -> bool:
    """Is the owner someone who can do a deed: a person's or pet's name, or a noun every
    sense of which WordNet files as a person or an animal ("hamster", "nephew")?"""
    if owner.pos_ == "PROPN":
        return name_kind(owner, owner.text) not in ("place", "thing", "group")
    return noun_kind(owner.lemma_.lower()) in ("person", "animal")


def _respelled(tok: Token, bare: list[Token], copulas: list[Token]) -> str:
    if tok in copulas:
        return " is" + tok.whitespace_
    if perfect_as_possessive(tok):
        return " has" + tok.whitespace_
    return ("'" if tok in bare else "") + tok.text_with_ws


def with_apostrophes(sent: Span, reparse: Reparse) -> Span | None:
    """The sentence parsed again with each bare clitic given its apostrophe back, and each
    possessive that is a copula said as "is" (a perfect's "has"), when it has one and the
    new parse is still one sentence; else None."""
    bare = [t for t in sent if bare_clitic(t)]
    copulas = [t for t in sent if copula_as_possessive(t)]
    perfects = [t for t in sent if perfect_as_possessive(t)]
    if not bare and not copulas and not perfects:
        return None
    text = "".join(_respelled(t, bare, copulas) for t in sent).strip()
    again = reparse(text)
    sents = list(again.sents)
    return sents[0] if len(sents) == 1 else None
