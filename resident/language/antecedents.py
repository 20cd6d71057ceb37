"""What an earlier phrase of the parse offers a third-person pronoun, and when two phrases offer
it equally. One mechanism for he/she/it/his/her/its, within a sentence and from the sentence
before: the nearest compatible antecedent (a person, an animal, by the sex the talk or a family
noun shows), with three readings of the parse that decide between phrases:

- a name said with the copula of a relative's or pet's noun names that relative or pet ("Grandad's
  dog is Skipper", "my sister is Lena"), like a name in apposition;
- an owner is less salient than what it owns: after "Grandad's dog", "he" is the dog, so the
  owner is never the antecedent while the owned relative or pet also fits the pronoun;
- items said together ("a dog called Rex and a cat called Mochi", "Tom and Sam") are equally
  likely: a pronoun that fits more than one of them names no one (a claim about the wrong one is
  worse than none).

"it"/"its" name an animal, and only one named in an earlier sentence: in the sentence that names
it, "it" is as often the name ("a rabbit called Marchewka, it means carrot"). A thing's "it" is
as often the weather, an event or the talk, so "it" names a thing (`thing_it`) only as the
subject or object of a deed (no copula, no feeling, state or weather verb; "make"/"get" only
with whom it is for: "I made it for her"), in the turn of a clause said of the thing or of a
deed done to it ("I made a bowl. I gave it to my mum."), or in the same speaker's next turn,
and with no other concrete noun said before it in its sentence.
Pure.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from resident.language import lexicon
from resident.language.animacy import pronoun_fits
from resident.language.dated_events import no_deed
from resident.language.pronoun_fit import Rival, fits_kind, sex_fits
from resident.language.roles import NAMING_VERBS, is_person_like
from resident.language.statement import (
    Context,
    Ref,
    Statement,
    family_sex,
    is_elder,
    is_family,
    is_pet,
)
from resident.language.words import words

if TYPE_CHECKING:
    from spacy.tokens import Token

#: The pronouns that say a sex (he/she/him/her).
_SEXED = frozenset({"he", "she", "him", "her"})


def relation_kind(noun: str) -> str | None:
    """The kind a relation noun gives what it names: a relative is a person, a pet an animal."""
    noun = noun.lower()
    return "person" if is_family(noun) else "animal" if is_pet(noun) else None


def copula_named(tok: Token) -> Token | None:
    """The relation noun a name said with the copula names: "Grandad's dog is Skipper", "my
    sister is Lena", "our cat's name is Mochi" (the noun that owns "name"). None otherwise
    ("my favourite band is Queen" names no relative or pet; "my name is Ana" is the speaker)."""
    if tok.dep_ != "attr" or tok.pos_ != "PROPN" or tok.head.lemma_.lower() != "be":
        return None
    subj = next((c for c in tok.head.children if c.dep_ == "nsubj"), None)
    if subj is None or subj.pos_ != "NOUN":
        return None
    if subj.lemma_.lower() in ("name",):
        subj = next((c for c in subj.children if c.dep_ == "poss" and c.pos_ == "NOUN"), None)
        if subj is None:
            return None
    return subj if relation_kind(subj.lemma_) is not None else None


def noun_fits(noun: Token, pronoun: str) -> bool:
    """Could the pronoun stand for the relative or pet this noun names? "he" fits a dog or a
    brother, not a sister; "it" fits a dog, not a brother."""
    kind = relation_kind(noun.lemma_)
    if kind is None or not fits_kind(pronoun, kind) or _plural(noun):
        return False  # "Aiko's parents ... her dad": her is not the parents.
    return kind == "animal" or sex_fits(pronoun, family_sex(noun.lemma_.lower()))


def owner_outranked(tok: Token, pronoun: str) -> bool:
    """Is `tok` the owner of a relative or pet the pronoun also fits ("Grandad's dog ... he",
    "Tom's sister ... she")? Then the owner is not what the pronoun names."""
    owned = tok.head
    if tok.dep_ != "poss" or owned.pos_ != "NOUN" or owned.dep_ == "attr":
        # "Zofia, she is Piotr's grandmother": a noun said of the subject names no one new.
        return False
    return noun_fits(owned, pronoun)


def elder_owner(tok: Token, pronoun: str) -> Ref | None:
    """The speaker's elder said as the owner of a thing before a he/she of the elder's sex
    ("Mam's seventieth is in May and she ...", "Dad's van broke down, he ..."): the elder,
    whom the thing owned never outranks (unlike a relative or pet owned: owner_outranked)."""
    if tok.dep_ != "poss" or not is_elder(tok.lower_) or owner_outranked(tok, pronoun):
        return None
    if any(c.dep_ != "case" for c in tok.children) or relation_kind(tok.head.lemma_):
        return None  # "my mum's", "Mum's sister": another's, or the relative owned
    if not sex_fits(pronoun, family_sex(tok.lower_)) or pronoun.lower() not in _SEXED:
        return None
    speaker = Ref(role="speaker", kind="person")
    return Ref(role="kin", owner=speaker, noun=tok.lower_, kind="person")


def named_noun(tok: Token) -> Token | None:
    """The noun a name is given to ("a dog called Rex", "our cat is called Tigger": the
    noun; "Grandad's dog is Skipper": the relation noun), if any."""
    if tok.dep_ in ("oprd", "attr", "dobj", "xcomp") and tok.head.lemma_.lower() in NAMING_VERBS:
        if tok.head.dep_ == "acl":
            return tok.head.head
        return next((c for c in tok.head.children if c.dep_ == "nsubjpass"), None)
    if tok.dep_ == "appos" and tok.head.pos_ == "NOUN":
        return tok.head
    return copula_named(tok)


def beside(tok: Token) -> Token | None:
    """A relative's noun set right after a name, between commas, that the parser listed as
    another item ("Piotr, my husband, and Zofia": husband is Piotr, not a third person)."""
    own = [c.right_edge.i for c in tok.rights if c.dep_ not in ("conj", "cc", "punct", "appos")]
    comma = max([tok.i, *own]) + 1
    if comma + 1 >= len(tok.doc) or tok.doc[comma].text != ",":
        return None
    return next(
        (
            t
            for t in (*tok.conjuncts, *tok.children)
            if t.pos_ == "NOUN" and t.left_edge.i == comma + 1 and relation_kind(t.lemma_)
        ),
        None,
    )


def listed_with(tok: Token) -> list[Token]:
    """The other items said together with a name: its own conjuncts ("Tom and Sam"), and the
    items listed with the noun it names ("a dog called Rex and a cat called Mochi")."""
    out = [t for t in tok.conjuncts if t.pos_ in ("PROPN", "NOUN")]
    noun = named_noun(tok)
    if noun is not None:
        out += [t for t in noun.conjuncts if t.pos_ in ("PROPN", "NOUN") and t not in out]
    return [t for t in out if t.i != tok.i]


def rival_fits(tok: Token, pronoun: str, fits_name: Callable[[Token], bool]) -> bool:
    """Does an item said together with `tok` fit the pronoun as well? `fits_name(token)` says
    whether a listed name fits (its kind and the sex the talk has shown of it)."""
    for other in listed_with(tok):
        if other.pos_ == "NOUN":
            if noun_fits(other, pronoun):
                return True
        elif fits_name(other):
            return True
    return False


def rivals_of(tok: Token, name_of: Callable[[Token], str]) -> tuple[Rival, ...]:
    """What else a sentence's last name was said with, kept for a pronoun in the next sentence:
    the items listed with it, and what it owns ("I walked Grandad's dog." -> the dog)."""
    out: list[Rival] = []
    for other in listed_with(tok):
        if other.pos_ == "NOUN" and (kind := relation_kind(other.lemma_)) is not None:
            if not _plural(other):
                out.append(("", kind, family_sex(other.lemma_.lower())))
        elif other.pos_ == "PROPN" and other.ent_type_ in ("", "PERSON"):
            out.append((name_of(other), "", None))
    single = tok.dep_ == "poss" and not _plural(tok.head)
    owned = relation_kind(tok.head.lemma_) if single else None
    if owned is not None and tok.head.pos_ == "NOUN":
        out.append(("", owned, family_sex(tok.head.lemma_.lower())))
    return tuple(out)


def keeper_of(tok: Token, name_of: Callable[[Token], str]) -> str | None:
    """The named person who is the subject of the clause that names an animal (`tok`) in
    another role ("My aunt Vera has a dog called Toby"): Vera; None otherwise."""
    if tok.dep_ in ("nsubj", "nsubjpass", "appos", "attr"):
        return None  # the animal is the subject itself, or what it is said to be
    verb = tok.head
    # Up through the noun and a participle of naming ("a dog called Toby") to the clause.
    while (verb.pos_ not in ("VERB", "AUX") or verb.dep_ == "acl") and verb.head != verb:
        verb = verb.head
    # "My aunt Vera has ...": the name, whether beside the relative's noun or a second subject.
    said = [c for c in verb.children if c.dep_ == "nsubj"]
    said += [a for c in said for a in c.children if c.pos_ == "NOUN" and a.dep_ == "appos"]
    subject = next((c for c in said if c.pos_ == "PROPN"), None)
    if subject is None or subject.ent_type_ not in ("", "PERSON"):
        return None
    return name_of(subject)


def _plural(noun: Token) -> bool:
    """A plural noun ("parents", "dogs"): no he/she/it names it (they is read elsewhere)."""
    return "Plur" in noun.morph.get("Number", [])


def repeated_subject(tok: Token) -> Token | None:
    """The same subject pronoun said earlier by the clause this one hangs on: "she's moving to
    Glasgow because she got a job", "he sold the car and he bought a bike". The second names
    whom the first does, never a name said between them (the place, the object)."""
    clause = tok.head
    if tok.dep_ not in ("nsubj", "nsubjpass") or clause.dep_ not in ("advcl", "conj", "ccomp"):
        return None
    first = next(
        (c for c in clause.head.children if c.dep_ in ("nsubj", "nsubjpass") and c.i < tok.i),
        None,
    )
    if first is None or first.lower_ != tok.lower_:
        return None
    if any(named_noun(t) is not None for t in tok.doc[first.i : tok.i]):
        return None  # "He's called Pepper and he's four": the name the first one was given.
    if clause.head.lemma_.lower() == "be" and any(c.dep_ == "attr" for c in clause.head.children):
        return None  # "She's Mina and she ...": the name said of the first one.
    return first


def main_subject(tok: Token) -> Token | None:
    """The name that is the subject of the sentence's main clause, when `tok` is a name said
    inside a clause hung on it ("Joel moved his desk so Pepper isn't alone"): the main subject
    is as likely as the last name to be whom "he" names next."""
    clause = tok.head
    if clause.dep_ not in ("advcl", "ccomp", "relcl", "xcomp") or tok.sent.root == clause:
        return None
    subject = next((c for c in tok.sent.root.children if c.dep_ == "nsubj"), None)
    if subject is None or subject.pos_ != "PROPN" or subject.i == tok.i:
        return None
    return subject


def owner_said_before(tok: Token) -> bool:
    """Was an owner of a relative or pet the pronoun fits said before it in its sentence?"""
    before = tok.doc[tok.sent.start : tok.i]
    return any(owner_outranked(t, tok.lower_) for t in before if t.pos_ == "PROPN")


def the_pet(tok: Token, ctx: Context) -> Ref | None:
    """ "the dog" alone (no other word before or after it) as the subject of a statement: the
    one dog the talk named ("We have a dog called Rex. The dog is three.": Rex). A question's
    "the dog" is read by the asking side, which finds the pet by its kind."""
    if not is_pet(tok.lemma_.lower()) or "Plur" in tok.morph.get("Number", []):
        return None
    said = [c for c in tok.children if c.dep_ not in ("punct",)]
    if [c.lower_ for c in said] != ["the"]:
        return None
    name = ctx.the_one(tok.lemma_.lower())
    return None if name is None else Ref(role="name", name=name, kind="animal")


def yours(tok: Token) -> str | None:
    """The family noun of "your mum" (one relative of the one spoken to, no name beside it),
    else None."""
    noun = tok.lemma_.lower()
    if tok.pos_ != "NOUN" or not is_family(noun) or _plural(tok):
        return None
    if any(c.dep_ == "appos" or c.pos_ == "PROPN" for c in tok.children):
        return None  # "your sister Lena": Lena is named, and remembered by her name.
    return noun if any(c.dep_ == "poss" and c.lower_ == "your" for c in tok.children) else None


def thing_it(tok: Token, ctx: Context) -> str | None:
    """The thing "it" names ("The boiler broke, so Karl came round and sorted it": the boiler),
    or None: not a deed's subject or object, no thing said of in this turn, or another
    concrete noun said before it in its sentence ("... and bought a lamp, and it ...")."""
    thing = ctx.recent_thing()
    if tok.lower_ != "it" or thing is None or tok.dep_ not in ("nsubj", "nsubjpass", "dobj"):
        return None
    verb = tok.head
    lemma = lexicon.base(verb.lower_, "v") or verb.lemma_.lower()  # "hated": hate, not "hat"
    if verb.pos_ != "VERB" or lemma in ("be", "have", "do", "take", "go"):
        return None  # "it was great", "go for it"
    if lemma in ("get", "make") and not _made_for(verb, tok):
        return None  # "it's got worse", "we made it": but "I made it for her" is the bowl
    if no_deed(lemma):
        return None  # "it rained", "we loved it", "it needs fixing"
    head = thing.split()[-1]
    # "A builder from Ripon bought it": the clause's own subject is never what its "it" is.
    own = {
        t.i for c in verb.children if c.dep_ == "nsubj" and tok.dep_ == "dobj" for t in c.subtree
    }
    for t in tok.doc[tok.sent.start : tok.i]:
        if t.i in own:
            continue
        concrete = lexicon.first_lexname(t.lemma_.lower(), "n") in words("thing_lexnames")
        if t.pos_ == "NOUN" and concrete and t.lemma_.lower() != head and t.lower_ != head:
            return None
    # "My cousin Ruth bought it": a thing said of under a person's name is no "it".
    return thing if pronoun_fits("it", Ref(role="name", name=thing), ctx) else None


def _made_for(verb: Token, it: Token) -> bool:
    """ "I made it for her", "got it for Mum": "it" the object of a light verb said with whom
    it is for, a thing made or got, not "made it" (arrived) or "got it" (understood)."""
    if it.dep_ != "dobj":
        return False
    for prep in (c for c in verb.children if c.dep_ == "prep" and c.lower_ == "for"):
        if any(
            c.dep_ == "pobj" and (is_person_like(c) or is_family(c.lower_)) for c in prep.children
        ):
            return True
    return False


def said_thing(st: Statement) -> str | None:
    """The thing a statement's object names, for an "it" after it ("I made a bowl at the class.
    I gave it to my mum."): a concrete noun (data/thing_lexnames.txt) said by someone of a deed
    done or planned, not a pet, a person, a value or a denial."""
    words_said = st.object.split()
    if st.object_ref is not None or st.literal or st.negated or not words_said:
        return None
    if st.subject.kind != "person" or st.modality not in ("done", "plan"):
        return None
    head = lexicon.base(words_said[-1].lower(), "n") or words_said[-1].lower()
    if head in words("reading_pets"):
        return None
    return st.object if _concrete(head) else None


def _concrete(head: str) -> bool:
    """Is the noun a concrete thing: its first WordNet sense a thing's class, or a group whose
    other senses name the thing ("caravan", "van", "mixer": a procession, a vanguard and a
    social before the vehicle and the machine)?"""
    kinds = [s.lexname() for s in _senses(head)]
    things = words("thing_lexnames")
    if not kinds:
        return False
    return kinds[0] in things or (kinds[0] == "noun.group" and any(k in things for k in kinds))


def _senses(noun: str) -> list[Any]:
    wn = lexicon.reader()
    return [] if wn is None else list(wn.synsets(noun, "n"))


def phrase_before(tok: Token) -> Token | None:
    """The word beside `tok` under the same head whose phrase ends right before it, commas
    aside."""
    end = tok.i - 1
    while end > tok.sent.start and tok.doc[end].text == ",":
        end -= 1
    return next(
        (
            c
            for c in tok.head.children
            if c.i < tok.i and c != tok and max(t.i for t in c.subtree) == end
        ),
        None,
    )
