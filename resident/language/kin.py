"""Relatives and pets named in a sentence, as statements: "my sister Lena" is Lena sister_of the
speaker, "a dog called Rex" is Rex is_a dog and pet_of its owner, wherever the phrase sits.
Pure.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from resident.language import lexicon
from resident.language.antecedents import copula_named, relation_kind
from resident.language.apposed import apposed_kind_of
from resident.language.kin_elided import elided_children
from resident.language.kin_groups import group_children
from resident.language.kin_nouns import kin_noun, kin_nouns
from resident.language.kinship import kin_tie
from resident.language.refs import (
    _conjuncts,
    _items,
    _name_of,
    _naming,
    _noun_lemma,
    _object_ref,
    _owner_ref,
    _relation_noun,
    subject_ref,
)
from resident.language.statement import (
    _NAMING_VERBS,
    KIN,
    Context,
    Ref,
    Statement,
    is_pet,
)
from resident.language.words import words

if TYPE_CHECKING:
    from spacy.tokens import Span, Token


def _phrase_edges(sent: Span, ctx: Context) -> list[Statement]:
    """Who the named relatives and pets of a sentence are, wherever their phrase sits ("lives
    in Graz with his partner Eva": Eva is his partner): every "<owner's> <kin or pet noun>
    <Name>" of the sentence, once (`read` drops the repeats of the clauses' own)."""
    # "the kids Felix and Niamh" beside the speaker's own: the speaker's (kin_groups.py).
    out: list[Statement] = elided_children(sent, ctx) + group_children(sent, ctx)
    for tok in sent:
        noun = tok.lemma_.lower()
        relation = _relation_noun(tok) if tok.pos_ == "PROPN" else None
        if relation is not None:
            # "with his partner Eva", parsed as Eva with "partner" as a modifier.
            kind = "person" if relation.lemma_.lower() in KIN else "animal"
            named = Ref(role="name", name=_name_of(tok), kind=kind)
            out.extend(_kin_edge(relation, named, ctx, tok))
        elif (
            tok.pos_ == "NOUN"
            and (noun in KIN or is_pet(noun))
            and _naming(tok) is not None
            and (any(c.dep_ == "poss" for c in tok.children) or _stray_possessive(tok))
        ):
            out.extend(_object_kin_edges(tok, ctx))
            out.extend(_more_named(tok, ctx))
        elif tok.pos_ == "NOUN" and noun in KIN and (whose := _name_owning(tok)) is not None:
            # "Nnamdi's sister Ada's wedding": Ada is the sister.
            named = Ref(role="name", name=_name_of(whose), kind="person")
            out.extend(_kin_edge(tok, named, ctx))
            ctx.remember(_name_of(whose), "person")
        elif (
            tok.pos_ == "NOUN"
            and (given := relation_kind(noun)) is not None
            and (called := _called(tok) or _copula_name(tok)) is not None
        ):
            # "Her brother is called Tomas", "Grandad's dog is Skipper", "our cat's name is
            # Mochi": who the relative's or pet's noun names.
            named = Ref(role="name", name=_name_of(called), kind=given)
            out.extend(_kin_edge(tok, named, ctx))
            ctx.remember(_name_of(called), given)
        elif tok.pos_ == "PROPN" and (said := apposed_kind_of(tok, _name_of)) is not None:
            # "Dave, a plumber, fixed our sink", "we met Ruth, a retired nurse": what the
            # name is, said beside it.
            out.append(said)
        elif tok.pos_ == "NOUN" and is_pet(noun) and _named_pet(tok):
            # "we have loads of pets, a dog called Bo, two cats called Tom and Jerry": each
            # named pet of a list the parser hung anywhere, its owner who keeps them.
            owner = _keeper(sent, ctx)
            out.extend(_object_kin_edges(tok, ctx, owner))
            out.extend(_more_named(tok, ctx, owner))
    return out


def _name_owning(tok: Token) -> Token | None:
    """The name right after a relative's noun that owns the next thing ("Nnamdi's sister
    Ada's wedding", parsed with the wedding in apposition to the sister)."""
    if not any(c.dep_ == "poss" for c in tok.children) or _naming(tok) is not None:
        return None
    for thing in (c for c in tok.children if c.dep_ == "appos"):
        name = next((c for c in thing.children if c.dep_ == "poss"), None)
        if name is not None and name.pos_ == "PROPN" and name.i == tok.i + 1:
            return name
    return None


def _stray_possessive(tok: Token) -> Token | None:
    """The owner the parser hung elsewhere ("... in Galway and Grace's mum Rita lives ...":
    "Grace's" made a conjunct of Galway): the name and "'s" said right before the noun."""
    if tok.i < 2 or any(c.dep_ in ("poss", "det") for c in tok.children):
        return None
    case, name = tok.doc[tok.i - 1], tok.doc[tok.i - 2]
    if case.tag_ == "POS" and name.pos_ == "PROPN" and name.head != tok:
        return name
    return None


def _called(tok: Token) -> Token | None:
    """The name a relative's noun is said to be called ("my sister is called Lena")."""
    verb = tok.head
    if tok.dep_ != "nsubjpass" or verb.lemma_.lower() not in _NAMING_VERBS:
        return None
    return next((c for c in verb.children if c.dep_ == "oprd" and c.pos_ == "PROPN"), None)


def _copula_name(tok: Token) -> Token | None:
    """The name the copula gives a relation noun ("my sister is Lena": Lena)."""
    return next((t for t in tok.sent if t.pos_ == "PROPN" and copula_named(t) == tok), None)


def _named_pet(tok: Token) -> bool:
    named = _naming(tok)
    return named is not None and named.pos_ == "PROPN"


def _keeper(sent: Span, ctx: Context) -> Ref | None:
    """Who has the animals a sentence lists: the subject of its one verb of having or
    getting, if it has exactly one."""
    keeping = [t for t in sent if t.pos_ in ("VERB", "AUX") and t.lemma_ in words("keeping_verbs")]
    subjects = [c for t in keeping for c in t.children if c.dep_ == "nsubj"]
    if len(keeping) != 1 or len(subjects) != 1:
        return None
    return subject_ref(subjects[0], ctx)


def _more_named(tok: Token, ctx: Context, owner: Ref | None = None) -> list[Statement]:
    """ "our kids Ada and Ben": a plural relation noun names each of the coordinated names."""
    named = _naming(tok)
    if tok.tag_ not in ("NNS", "NNPS") or named is None:
        return []
    out: list[Statement] = []
    for other in named.conjuncts:
        if other.i > named.i and other.pos_ == "PROPN":
            kind = "person" if _noun_lemma(tok) in KIN else "animal"
            named_ref = Ref(role="name", name=_name_of(other), kind=kind)
            out.extend(_kin_edge(tok, named_ref, ctx, owner=owner))
    return out


def _object_kin_edges(tok: Token, ctx: Context, owner: Ref | None = None) -> list[Statement]:
    if _naming(tok) is None:
        return []
    ref = _object_ref(tok, ctx)
    if ref is None:
        return []
    return _kin_edge(tok, ref, ctx, owner=owner)


def _kin_edge(
    noun_tok: Token,
    named: Ref,
    ctx: Context,
    name_tok: Token | None = None,
    owner: Ref | None = None,
) -> list[Statement]:
    """ "my sister Lena" -> Lena sister_of <speaker>; "my dog Rex" -> Rex is_a dog, and Rex
    pet_of <speaker>."""
    owner_tok = next((c for c in noun_tok.children if c.dep_ == "poss"), None)
    if owner_tok is None and name_tok is not None:
        owner_tok = next((c for c in name_tok.children if c.dep_ == "poss"), None)
    if owner_tok is None:
        owner_tok = _stray_possessive(noun_tok)
    noun = _noun_lemma(noun_tok)
    if (whole := kin_noun(noun_tok)) in KIN or whole in kin_nouns():
        noun = whole  # "her great-granny Bridie"
    # "my lab partner Callum": whom one does something with (kin_nouns), stored as said.
    shared = "_" in whole
    noun = whole if shared else noun
    if owner_tok is not None:
        owner = _owner_ref(owner_tok, ctx)
    if owner is not None and owner.role == "name" and owner.name == named.name:
        owner = None  # "Her neighbour Priya": "her" is someone else, whom this does not know.
    out = []
    if is_pet(noun):
        kind = _animal_kind(noun_tok, noun)
        out.append(Statement(subject=named, predicate="is_a", object=kind, verb="be"))
        if named.name and "Plur" not in noun_tok.morph.get("Number", []):
            ctx.note_called(noun, named.name)  # "the dog", later: Rex
        if owner is not None:
            out.append(
                Statement(subject=named, predicate="pet_of", object="", object_ref=owner, verb="be")
            )
    elif (noun in KIN or shared) and owner is not None:
        kin = kin_nouns().get(noun)
        if kin is not None and named.name:
            # "my husband Karim": the talk has shown Karim a man.
            ctx.note_sex(named.name, kin.sex)
        out.append(kin_tie(named, noun, owner))
    return out


def _animal_kind(noun_tok: Token, noun: str) -> str:
    """The kind an animal is, with the words before its noun when WordNet knows the whole as
    an animal ("two guinea pigs": guinea pig, not pig; "a bossy goose": goose)."""
    before = [c.lower_ for c in noun_tok.lefts if c.dep_ == "compound" and c.pos_ == "NOUN"]
    whole = "_".join([*before, noun])
    if before and "noun.animal" in lexicon.lexnames(whole, "n"):
        return whole.replace("_", " ")
    return noun


def _age(tok: Token) -> str | None:
    """The number of years an attribute says ("12", "12 years old"), else None."""
    if tok.dep_ in ("attr", "acomp") and tok.like_num:
        if _rated(tok):
            return None  # "Total is two thousand one hundred a month": an amount, no age.
        # "eighty-four" is one number in three tokens; "I'm fourteen" tags it an adjective.
        # "he's eight and healthy": the number, not what is coordinated with it.
        apart = {t.i for c in tok.children if c.dep_ in ("cc", "conj") for t in c.subtree}
        return "".join(t.text_with_ws for t in tok.subtree if t.i not in apart).strip()
    if tok.dep_ == "acomp" and tok.lemma_.lower() == "old":
        span = next((c for c in tok.children if c.dep_ == "npadvmod"), None)
        count = None if span is None else next((c for c in span.children if c.like_num), None)
        if span is None or count is None:
            return None
        # "five months old": an age in months or weeks keeps its unit; years go without.
        return count.text if span.lemma_.lower() == "year" else f"{count.text} {span.text}"
    return None


def _rated(tok: Token) -> bool:
    """Is the number said per a time or with a currency ("a month", "per week", "pounds")?"""
    per = any(
        c.dep_ == "npadvmod" or (c.dep_ == "prep" and c.lower_ == "per") for c in tok.children
    )
    return per or any(t.lower_ in words("currency_words") for t in tok.subtree)


def _presented(verb: Token, ctx: Context) -> list[Statement]:
    """ "This is my husband Tom and our daughter Lena": who each named person is."""
    out: list[Statement] = []
    for attr in (c for c in verb.children if c.dep_ == "attr"):
        for item in _items(attr):
            out.extend(_object_kin_edges(item, ctx))
            named = _naming(item)
            if named is not None:
                ctx.remember(_name_of(named), "person")
    return out


def _kin_by_copula(
    verb: Token, subject: Ref, ctx: Context, read: list[Statement]
) -> list[Statement]:
    """ "Tom is my brother", "Lena is Ana's sister": a relative's noun with its owner said
    with the copula is the relation (brother_of), not a kind of thing Tom is."""
    if subject.role not in ("name", "kin", "speaker", "listener"):
        return read
    out = list(read)
    subj_tok = next((c for c in verb.children if c.dep_ == "nsubj"), None)
    named = [] if subj_tok is None else _names_of_relative(verb, subj_tok, subject, ctx)
    if named:
        # "My grandchildren are Pip, Rosa and Teddy": each name is one of them, and the
        # names are no value of the relative.
        return [*(st for st in out if st.subject != subject), *named]
    for attr in (c for c in verb.children if c.dep_ == "attr"):
        for item in _conjuncts(attr):
            noun = _noun_lemma(item)
            if noun not in KIN or not any(c.dep_ == "poss" for c in item.children):
                continue
            # "I am my sister" names no relation: no one is their own relative.
            edges = [st for st in _kin_edge(item, subject, ctx) if st.object_ref != subject]
            # A relative's noun with its owner is never a kind ("is_a Piotr's grandmother").
            out = [st for st in out if not (st.predicate == "is_a" and st.object.endswith(noun))]
            out.extend(edges)
    return out


def _names_of_relative(verb: Token, subj_tok: Token, subject: Ref, ctx: Context) -> list[Statement]:
    """ "My sister is Lena", "Our kids are Nour and Sami": a relative or pet noun with its
    owner as the subject of a copula whose values are names: each name is such a relative."""
    if subject.role != "kin" or subject.owner is None or _negated_copula(verb):
        return []
    attrs = [c for c in verb.children if c.dep_ == "attr"]
    # "His mum is our daughter Leanne": a relative's noun with its name is that name too.
    items = [_kin_named(item) for attr in attrs for item in _conjuncts(attr)]
    if not items or any(item is None or item.pos_ != "PROPN" for item in items):
        return []
    kind = "animal" if is_pet(subject.noun or "") else "person"
    out: list[Statement] = []
    for item in items:
        assert item is not None
        out.extend(_kin_edge(subj_tok, Ref(role="name", name=_name_of(item), kind=kind), ctx))
    return out


def _kin_named(tok: Token) -> Token | None:
    """The name a value of a copula gives: itself, or the name beside a relative's noun."""
    if tok.pos_ == "PROPN" or _noun_lemma(tok) not in KIN:
        return tok
    return _naming(tok)


def _negated_copula(verb: Token) -> bool:
    return any(c.dep_ == "neg" for c in verb.children)


def said_together(verb: Token, read: list[Statement], ctx: Context) -> list[Ref]:
    """Who a clause puts together, for a "they" after it: its people as subjects ("Ana and
    Tom moved"), and the one subject with the people it was with ("Leah lives in Leeds with
    her boy Sol")."""
    people = [st.subject for st in read if st.subject.role in _GROUPED]
    people = list(dict.fromkeys(people))
    if len(people) == 1:
        for prep in (c for c in verb.children if c.dep_ == "prep" and c.lower_ == "with"):
            for pobj in (c for c in prep.children if c.dep_ == "pobj"):
                for item in _conjuncts(pobj):
                    ref = _object_ref(item, ctx)
                    if ref is not None and ref.kind in ("person", "animal"):
                        people.append(ref)
    return people if len(people) > 1 else []


#: Refs a "they" may name: people by name, and relatives ("Mum and Dad").
_GROUPED = frozenset({"name", "kin"})


#: Possessives that may stand for a relative or pet just introduced ("her name is Anika").
_INTRODUCED_POSS = frozenset({"his", "her", "its", "their"})
#: The pronouns that may stand for what was just introduced, with the sex each says.
_CALLED_PRONOUNS: dict[str, str | None] = {"he": "m", "she": "f", "it": None}


def note_introduced(sent: Span, ctx: Context) -> None:
    """Remember a relative or pet a sentence introduces without naming it, as the object of
    having or getting ("Hana had a baby girl", "Tuan has a new girlfriend", "I adopted a
    greyhound"): its name may follow ("her name is Seo-yeon")."""
    for tok in sent:
        noun = kin_noun(tok)
        if tok.pos_ != "NOUN" or tok.dep_ != "dobj" or not (noun in KIN or is_pet(noun)):
            continue
        if tok.head.lemma_ not in words("keeping_verbs") or _naming(tok) is not None:
            continue
        deps = {c.dep_: c for c in tok.children}
        if "poss" in deps or ("det" in deps and deps["det"].lower_ not in ("a", "an")):
            continue  # "my sister", "the dog": someone already known, not introduced.
        subjects = [c for c in tok.head.children if c.dep_ == "nsubj"]
        # "Joel and I adopted a greyhound": the pronoun joined to a name is an owner too.
        said = [t for s in subjects for t in [*_conjuncts(s), *_pronouns_joined(s)]]
        owners = [r for t in said if (r := subject_ref(t, ctx))]
        # Whoever has a child or a pet is a person, whatever the recogniser took the name for.
        owners = [
            r.model_copy(update={"kind": "person"}) if r.role == "name" else r for r in owners
        ]
        if owners:
            ctx.introduced = (tuple(owners), noun, ctx.turn)
            ctx.introduced_by = ctx.speaker


def _pronouns_joined(tok: Token) -> list[Token]:
    return [t for t in tok.conjuncts if t.i > tok.i and t.pos_ == "PRON"]


def introduced_name(verb: Token, subj_tok: Token, ctx: Context) -> list[Statement] | None:
    """ "Hana had a baby girl, her name is Seo-yeon", "We adopted a greyhound. He's called
    Pepper": the name is the introduced relative's or pet's (Seo-yeon girl_of Hana), not an
    attribute of Hana's; None when the clause is not one."""
    said = _name_said(verb, subj_tok)
    intro = ctx.introduced
    # "We adopted a kitten." / "Her name's Miso.": the name may come in the next turn too.
    if said is None or intro is None or ctx.turn - intro[2] > 1:
        return None
    if intro[2] != ctx.turn and ctx.introduced_by != ctx.speaker:
        return None  # "Have you got a girlfriend?" - "Her name's Amara, we're friends"
    value, sex = said
    words_ = [t for t in value.subtree if not t.is_punct or t.text == "-"]
    name = "".join(t.text_with_ws for t in words_).strip().replace(" - ", "-")
    return _name_introduced(name, sex, ctx)


def _name_said(verb: Token, subj_tok: Token) -> tuple[Token, str | None] | None:
    """The name a clause gives, with the sex its pronoun says: "her name is Seo-yeon", "he's
    called Pepper" (a pronoun only: "Tom is called Tommy" renames someone known)."""
    if verb.lemma_ == "be" and subj_tok.lemma_.lower() == "name":
        poss = next((c for c in subj_tok.children if c.dep_ == "poss"), None)
        # "His name is Dougal", the name tagged a complement adjective: a name all the same.
        value = next((c for c in verb.children if _complement_name(c)), None)
        if poss is None or poss.lower_ not in _INTRODUCED_POSS or value is None:
            return None
        return value, {"his": "m", "her": "f"}.get(poss.lower_)
    named = verb.lemma_.lower() in ("call", "name") and subj_tok.dep_ == "nsubjpass"
    if not named or subj_tok.lower_ not in _CALLED_PRONOUNS:
        return None
    value = next((c for c in verb.children if c.dep_ in ("oprd", "attr", "xcomp")), None)
    if value is None or value.pos_ != "PROPN":
        return None
    return value, _CALLED_PRONOUNS[subj_tok.lower_]


def _complement_name(tok: Token) -> bool:
    return tok.dep_ == "attr" or (tok.dep_ == "acomp" and tok.pos_ == "PROPN")


def apposed_to_time(sent: Span, ctx: Context) -> list[Statement]:
    """ "Ada had a baby boy on Monday, Chidera": the name set off after the time, which the
    parser hangs on the day, names the relative the sentence introduced."""
    intro = ctx.introduced
    if intro is None or intro[2] != ctx.turn:
        return []
    for tok in sent:
        if tok.dep_ == "appos" and tok.pos_ == "PROPN" and tok.head.ent_type_ in ("DATE", "TIME"):
            return _name_introduced(_name_of(tok), None, ctx) or []
    return []


def _name_introduced(name: str, said: str | None, ctx: Context) -> list[Statement] | None:
    """The relative or pet just introduced, named `name`; None when its noun's sex is not the
    one the possessive said ("a baby boy ... her name": someone else's)."""
    intro = ctx.introduced
    if intro is None or not name[:1].isupper():
        return None
    owners, noun, _ = intro
    sex = kin_nouns().get(noun)
    if said is not None and sex is not None and sex.sex in ("m", "f") and sex.sex != said:
        return None
    ctx.introduced = None
    kind = "person" if noun in KIN else "animal"
    named = Ref(role="name", name=name, kind=kind)
    ctx.remember(name, kind)
    if said is not None or (sex is not None and sex.sex != "-"):
        ctx.note_sex(name, said or (sex.sex if sex is not None else ""))
    if kind == "animal":
        out = [Statement(subject=named, predicate="is_a", object=noun, verb="be")]
        return out + [
            Statement(subject=named, predicate="pet_of", object="", object_ref=o, verb="be")
            for o in owners
        ]
    return [kin_tie(named, noun, o) for o in owners]
