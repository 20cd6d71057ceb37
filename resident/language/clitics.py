"""A contraction typed without its apostrophe ("im a dinner lady", "hes a plumber", "theyre in
leeds"): the tokenizer splits the clitic off the pronoun as it does "I'm", but the lemmatizer,
seeing "m" or "s" and no apostrophe, leaves the verb unknown ("m", not "be"), and the reader
finds no copula. The tagger, reading the word in context, still calls it a finite verb; where
it does, the sentence is parsed again with the apostrophe put back, and that parse is read.
No list of misspellings: the split is the tokenizer's, the verb is the tagger's.

The small parser also reads "Shannon's a hairdresser" and "my brother's the manager" as a
possessive, often with no verb at all (a noun phrase, "Shannon's a hairdresser"). A possessive is
never followed by an article (the morphology's PronType=Art), so there the "'s" is the verb:
the sentence is parsed again with "is" in its place. Pure, given the parse function.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from spacy.tokens import Span, Token

    from resident.language.reparse import Reparse

#: The tags of a finite verb or modal: what the tagger calls a clitic it read as the verb.
_FINITE = frozenset({"VBZ", "VBP", "VBD", "MD"})


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


def _after_possessive(tok: Token) -> Token | None:
    """The word after an "'s" the parser took for a possessive; None for any other token, or
    for one that ends the text."""
    possessive = tok.tag_ == "POS" or tok.dep_ == "case"
    if not possessive or tok.lower_ not in ("'s", "’s") or tok.i + 1 >= len(tok.doc):
        return None
    return tok.doc[tok.i + 1]


def copula_as_possessive(tok: Token) -> bool:
    """An "'s" the parser took for a possessive though an article follows it ("Ewan's a
    United man", "..., and Sinead's a principal")."""
    after = _after_possessive(tok)
    if after is None:
        return False
    if after.lemma_.lower() in ("call", "name") and after.tag_ == "VBN":
        return True  # "The midwife's called Bronagh": nothing is owned by a participle
    return (
        "Art" in after.morph.get("PronType", [])
        or _bare_adjective(after)
        or _name_owned(tok)
        or (_unownable(after) and not _place_named(tok))
    )


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
    verb = _after_possessive(tok)
    if verb is None:
        return False
    return verb.tag_ in ("VBD", "VBN") and any(c.dep_ == "dobj" for c in verb.children)


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
