"""Someone described, not named, as a clause's subject ("A couple from Castleford bought it",
"a lad from Settle fixed the gate"). Pure.

A plain clause whose subject is no name, no pronoun and no relative used to store nothing: the
reader names only people it can look up. A noun whose most frequent WordNet sense is a person
(or most of whose senses are, or a group of people:
data/people_group_nouns.txt), said with what tells it apart (a
prepositional phrase naming a place or a name), is someone: the entity is
the phrase without its article ("couple from Castleford"). A bare "the man" or "someone" stays
no one: every talk's "man" would be the same entity."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from spacy.lang.en.stop_words import STOP_WORDS

from resident.language import lexicon
from resident.language.statement import Context, Ref, Statement
from resident.language.words import words

if TYPE_CHECKING:
    from spacy.tokens import Token

#: The longest description read as someone ("woman from the shop on the corner").
_MAX_WORDS = 6


def described_person(subj_tok: Token) -> Ref | None:
    """The person a described subject names, or None (a name, a pronoun, an owner's relative,
    a bare noun, a thing)."""
    if subj_tok.pos_ != "NOUN" or subj_tok.dep_ != "nsubj" or not _someone_noun(subj_tok):
        return None
    if any(c.dep_ in ("poss", "nummod", "appos", "relcl", "acl") for c in subj_tok.children):
        return None  # "my mate", "two lads", "the woman who ...": read elsewhere, or no one
    told = [c for c in subj_tok.children if _tells_apart(c)]
    if not told:
        return None
    last = max(max(t.i for t in c.subtree) for c in told)
    first = min(t.i for t in subj_tok.subtree)
    phrase = [t for t in subj_tok.doc[first : last + 1] if t.dep_ != "det" and not t.is_punct]
    if len(phrase) > _MAX_WORDS or any(t.pos_ in ("PRON", "VERB", "AUX") for t in phrase):
        return None
    return Ref(role="name", name=" ".join(t.text for t in phrase), kind="person")


def _someone_noun(tok: Token) -> bool:
    lemma = tok.lemma_.lower()
    if lemma in words("people_group_nouns"):
        return True
    wn = lexicon.reader()
    kinds = [] if wn is None else [s.lexname() for s in wn.synsets(lemma, "n")]
    # "builder": a substance first ("a builder in soap"), a person in most of its senses.
    people = sum(k == "noun.person" for k in kinds)
    return bool(kinds) and (kinds[0] == "noun.person" or 2 * people > len(kinds))


def _tells_apart(child: Token) -> bool:
    """ "from Neath", "in Yate": a place or a name that says which one is meant (a noun before
    it does not: "the tooth fairy" is no one to hold)."""
    if child.dep_ != "prep" or child.lower_ not in ("from", "in", "at", "on"):
        return False
    return any(c.dep_ == "pobj" and c.pos_ == "PROPN" for c in child.children)


#: What `Context.remember` changes: who he/she, they and a lower-case name may mean next.
_MENTION_FIELDS = (
    "last_mention",
    "mention_turn",
    "prior_mention",
    "relative_last",
    "rivals",
    "keeper",
    "group",
)


def read_unmentioned(ctx: Context, read: Callable[[], list[Statement]]) -> list[Statement]:
    """`read()`, with who he/she means afterwards as it was before: someone described ("a man in
    Yate did it") is no one a later "she" or "he" names (a wrong person is worse than none)."""
    kept = {name: getattr(ctx, name) for name in _MENTION_FIELDS}
    names = dict(ctx.names)
    # "A potter in Southwell was selling hers": a pronoun as the object is no thing held.
    out = [st for st in read() if st.object_ref is not None or st.object.lower() not in STOP_WORDS]
    for name, value in kept.items():
        setattr(ctx, name, value)
    ctx.names.clear()
    ctx.names.update(names)
    return out


def optative(verb: Token) -> bool:
    """ "God help us", "Heaven help me": a wish said with a bare verb after a subject that is
    no speaker or listener, no deed done to anyone."""
    if verb.lower_ != verb.lemma_.lower() or any(
        c.dep_ in ("aux", "auxpass") for c in verb.children
    ):
        return False  # "God helps us", "God will help us": said as a deed
    subject = next((c for c in verb.children if c.dep_ == "nsubj"), None)
    if subject is None or subject.tag_ in ("NNS", "NNPS"):
        return False  # "the kids help us": a plural agrees with the bare verb
    return subject.pos_ in ("PROPN", "NOUN")
