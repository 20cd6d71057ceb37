"""What someone studies, said with "do": "I'm doing history", "she's doing a master's in
public health", "doing my MBA at Symbiosis". Read by meaning from WordNet, pure over the
parse: the object is a field of study (a discipline known as a branch of knowledge) or an
academic degree, whose field is what follows it with "in".
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from resident.language import lexicon

if TYPE_CHECKING:
    from spacy.tokens import Token

#: A field's senses that make "doing X" an activity or a thing made, not a subject studied
#: ("doing dance", "doing the painting"): WordNet's class of its first sense.
_NOT_STUDIED = frozenset({"noun.act", "noun.artifact"})


#: Present forms: what someone is doing now ("doing history", "does law"), not did or will do.
_NOW = frozenset({"VBG", "VBZ", "VBP"})


def studied(verb: Token, obj_tok: Token | None) -> str | None:
    """What "do" with this object says the subject studies, or None."""
    if obj_tok is None or obj_tok.pos_ != "NOUN" or verb.lemma_.lower() != "do":
        return None
    if verb.tag_ not in _NOW or any(c.tag_ in ("VBD", "MD") for c in verb.children):
        return None  # "I did a PhD in geography" studies no more; "I'd do medicine" is a wish
    noun = obj_tok.lemma_.lower()
    if _degree(noun):
        # "a master's in public health": the field, hung on the degree or on the verb.
        field = _field_after(obj_tok) or _field_after(verb)
        return field or _words(obj_tok)
    return _words(obj_tok) if _field_noun(obj_tok) else None


def _field_noun(tok: Token) -> bool:
    """A field of study by its lemma or as written ("economics", lemmatised "economic")."""
    return _discipline(tok.lemma_.lower()) or _discipline(tok.lower_)


def _discipline(noun: str) -> bool:
    """A branch of knowledge in one of the noun's three first senses, that is a kind of
    knowing (noun.cognition) and not first of all an activity or an artifact."""
    if not lexicon.is_a(noun, "discipline", senses=3):
        return False
    first = lexicon.first_lexname(noun, "n")
    return "noun.cognition" in lexicon.lexnames(noun, "n") and first not in _NOT_STUDIED


def _degree(noun: str) -> bool:
    return lexicon.is_a(noun, "academic_degree", senses=2) or lexicon.is_a(
        f"{noun}'s_degree", "academic_degree", senses=2
    )


def _field_after(head: Token) -> str | None:
    prep = next((c for c in head.children if c.dep_ == "prep" and c.lower_ == "in"), None)
    pobj = None if prep is None else next((c for c in prep.children if c.dep_ == "pobj"), None)
    return None if pobj is None else _words(pobj)


def _words(tok: Token) -> str:
    """The noun with its modifiers before it, without article or owner ("my MBA": MBA)."""
    said = tok.doc[tok.left_edge.i : tok.i + 1]
    kept = [t.text for t in said if t.dep_ not in ("det", "poss", "case") and not t.is_punct]
    return " ".join(kept)


def student_of(copula: Token, noun: Token) -> str | None:
    """ "I'm a PhD student in chemistry": the field a student said now is one of, or None."""
    if copula.tag_ not in _NOW or noun.pos_ != "NOUN":
        return None
    if not lexicon.is_a(noun.lemma_.lower(), "student", senses=1):
        return None
    field = _field_after(noun)
    prep = next((c for c in noun.children if c.dep_ == "prep" and c.lower_ == "in"), None)
    pobj = None if prep is None else next((c for c in prep.children if c.dep_ == "pobj"), None)
    return field if pobj is not None and _field_noun(pobj) else None
