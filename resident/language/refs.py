"""Coreference over the parse: whom a phrase names. I/me/my and we/our are the speaker (we:
the speaker's household), you the listener, he/she the last person named within two turns,
"my sister Lena" and "a dog called Rex" the name they give, "my husband" the speaker's
relative. Our own resolver (coreferee's model would need a download, which MAX never does).
Pure.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from resident.language import lexicon
from resident.language.animacy import fitting, mention_fitting, token_fits
from resident.language.antecedent_ranking import note_resolved, past_mention, ranked_antecedent
from resident.language.antecedents import (
    beside,
    copula_named,
    elder_owner,
    fits_kind,
    named_noun,
    noun_fits,
    owner_outranked,
    owner_said_before,
    phrase_before,
    relation_kind,
    repeated_subject,
    rival_fits,
    thing_it,
)
from resident.language.apposed import apposed_person
from resident.language.clause_opener import opens_clause
from resident.language.described_subject import optative
from resident.language.kin_nouns import activity_relation, kin_noun, kin_nouns
from resident.language.known_names import mistagged_name
from resident.language.number_parts import continues_number
from resident.language.objects import qualified_indefinite, set_off_after, set_off_before
from resident.language.partitive import degree, partitive_text
from resident.language.pronoun_scope import outside_own_phrase, singular_they, unread_name_before
from resident.language.roles import inner_hyphen, names_no_one, possessive_name
from resident.language.salience import (
    being_named,
    may_be_someone,
    name_given,
    names_a_thing,
    place_named,
    relative_said,
    relative_unplaced,
    subject_before,
)
from resident.language.statement import (
    _DROP_DET,
    _NAMING_VERBS,
    _NOT_OBJECTS,
    _PRONOUN_PEOPLE,
    KIN,
    Context,
    Ref,
    family_sex,
    is_elder,
    is_pet,
)
from resident.language.unsaid import two_candidates
from resident.language.words import table

if TYPE_CHECKING:
    from spacy.tokens import Token


def _name_of(tok: Token) -> str:
    if (whole := possessive_name(tok)) is not None:
        return whole  # "New Year's Eve" is one name
    parts = [c for c in tok.lefts if c.dep_ in ("compound", "flat") and _name_part(c)]
    # "Grandma Yetunde", "Auntie Bisi": the family noun said as a title is no part of the name.
    parts = [c for c in parts if not _family_word(c)]
    parts += [tok]
    parts += [c for c in tok.rights if c.dep_ in ("flat",) and c.pos_ == "PROPN"]
    # "Ama got picked", misparsed as one name: a name's parts share its capital.
    parts = [p for p in parts if p == tok or not p.is_lower or tok.is_lower]
    if all(p.is_lower and p.is_alpha for p in parts):
        # A name typed in lower case ("ronan is 10") is the name all the same; a code with
        # digits in it ("bac10xdrug0") keeps its spelling.
        return " ".join(p.text.title() for p in parts)
    return " ".join(p.text for p in parts)


def _name_part(tok: Token) -> bool:
    """A word of a name before its head: a proper noun, or a capitalised word mid-sentence
    the tagger read as another part of speech ("Braiding Sweetgrass", Braiding a verb)."""
    return tok.pos_ == "PROPN" or (
        tok.dep_ == "compound" and tok.is_title and not tok.is_sent_start
    )


_PRONOUNS = frozenset({"i", "you", "we", "he", "she", "they", "it"})


def subject_ref(tok: Token, ctx: Context) -> Ref | None:
    """The subject a token names, or None when it is not a subject MAX can name."""
    low = tok.lower_
    # A word the tagger calls a pronoun that is no stop word is a name it did not know
    # ("What does Ivy hate?"); every English pronoun is on spaCy's stop list.
    name_as_pronoun = tok.pos_ == "PRON" and not tok.is_stop and tok.text[:1].isupper()
    if (tok.pos_ == "PRON" and not name_as_pronoun) or low in _PRONOUNS:
        # "Nugget escaped! He was behind the fridge." / "We found him": who "he" was, again.
        return note_resolved(tok, fitting(tok, _pronoun_ref(tok, ctx), ctx), ctx)
    said = _lower_case_name(tok, ctx) or bare_relative(tok)
    if said is not None:
        return said
    if tok.pos_ == "PROPN" or name_as_pronoun:
        if low == "max":
            return None
        kind = "person" if tok.ent_type_ == "PERSON" else "thing"
        relation = _relation_noun(tok)
        if relation is not None:
            noun = relation.lemma_.lower()
            kind = "person" if noun in KIN else "animal"
        return Ref(role="name", name=_name_of(tok), kind=kind)
    # "Ines's twin lives ...": a family noun with its owner, which the tagger made an adjective.
    if tok.pos_ == "NOUN" or (tok.pos_ == "ADJ" and tok.lemma_.lower() in KIN and tok.n_lefts):
        owner_tok = next((c for c in tok.children if c.dep_ == "poss"), None)
        owner = None if owner_tok is None else _owner_ref(owner_tok, ctx)
        named = next((c for c in tok.children if c.dep_ == "appos" and c.pos_ == "PROPN"), None)
        named = named or _split_name(tok)
        if owner is None:
            return apposed_person(tok, named, _name_of)  # "The instructor, Greta, ..."
        noun = kin_noun(tok)  # "Ivy's great-granny": great-granny
        person = noun in KIN or activity_relation(noun)  # "Ravi's climbing partner"
        kind = "person" if person else "animal" if is_pet(noun) else "thing"
        if named is not None:
            return Ref(role="name", name=_name_of(named), kind=kind)
        if kind == "thing":
            return None
        return Ref(role="kin", owner=owner, noun=noun, kind=kind)
    return None


def _split_name(tok: Token) -> Token | None:
    """ "My hamster Biscuit naps": the name said right after a relative's or pet's noun that
    the parser split from it and hung on the verb as well."""
    after = tok.doc[tok.i + 1] if tok.i + 1 < tok.sent.end else None
    if after is None or after.pos_ != "PROPN" or after.head != tok.head or after.i == tok.head.i:
        return None
    return after if after.dep_ in ("compound", "nsubj") and _relation_word(tok) else None


def _pronoun_ref(tok: Token, ctx: Context) -> Ref | None:
    """Whom a personal pronoun names: I/we the speaker, you the listener, he/she the nearest
    fitting name or relative said before it."""
    low = tok.lower_
    if low in ("i", "me", "we"):
        return Ref(role="speaker", kind="person")
    if low in ("you", "u"):
        return Ref(role="listener", kind="person")
    earlier = fitting(tok, _named_before(tok, ctx), ctx) if low in ("he", "she") else None
    # "My mother lives with my sister Halyna. She is 78": the subject before, of her sex.
    earlier = earlier or subject_before(tok, ctx)
    if earlier is not None:
        ctx.note_sex(earlier.name or "", table("pronoun_sex").get(low, ""))
        return earlier
    if low in ("he", "she") and relative_unplaced(tok):
        return None  # "Their mum works at the hospital, she ...": the mum, whose is unknown
    if owner_said_before(tok):
        return None  # "Grandad's dog is old, he's eleven": the dog, whom the turn did not name.
    relative = ctx.relative_for(low) if low in _PRONOUN_PEOPLE else None
    if relative is not None:
        return relative
    if low == "it" and any(named_noun(t) is not None for t in tok.doc[tok.sent.start : tok.i]):
        return None  # "a rabbit called Marchewka, it means carrot": the name, or the rabbit.
    if (they := singular_they(tok, ctx)) is not None:
        return they  # "My friend Jo is leaving. They're moving to Galway": Jo
    mentioned = mention_fitting(tok, ctx.mention(low), ctx)  # "the Transit. He": not the van
    if mentioned is not None and unread_name_before(ctx):
        # "..., Pickle. She's four": Pickle, not the last turn's person; named where Pickle
        # was said as a sentence of its own ("Biscuit! He is nine now").
        return past_mention(tok, ctx, None)
    if (ranked := past_mention(tok, ctx, mentioned)) is not None:
        return ranked  # "My husband Rory came. Then my sister Cait did. He ...": Rory
    if (low in _PRONOUN_PEOPLE or low == "it") and mentioned is not None:
        name, kind = mentioned
        # "Kuba ... he has seven years": what he/she says of a name is its sex from now.
        ctx.note_sex(name, table("pronoun_sex").get(low, ""))
        return Ref(role="name", name=name, kind=kind if kind != "unknown" else "thing")
    return None


def bare_relative(tok: Token) -> Ref | None:
    """ "Dad has physio on Tuesdays", "I rang Mum": a family noun of an elder said alone (one
    person, no article, owner or modifier; English calls parents and grandparents by their
    noun, not children, partners or siblings: "she made partner") names the speaker's
    relative of that noun, whom the store
    finds among the relatives it holds ("my father Ernst")."""
    noun = tok.lemma_.lower() if tok.pos_ == "NOUN" else tok.lower_
    if tok.pos_ not in ("PROPN", "NOUN") or not is_elder(noun):
        return None
    if "Plur" in tok.morph.get("Number", []) or tok.dep_ in ("compound", "appos", "npadvmod"):
        return None
    deps = ("det", "poss", "compound", "amod", "nummod", "appos", "flat", "case")
    if any(c.dep_ in deps for c in tok.children):
        return None
    return Ref(role="kin", owner=Ref(role="speaker", kind="person"), noun=noun, kind="person")


def _named_before(tok: Token, ctx: Context) -> Ref | None:
    """ "Tripod had a check-up, he's eight": he/she is the nearest name said before it in the
    same sentence as a subject, an apposition ("her partner Ruairidh, he's a vet") or a name
    given ("a cat called Duchess, she's nineteen"), or a person the recogniser knows."""
    if (first := repeated_subject(tok)) is not None:
        return _named_before(first, ctx)
    for t in reversed(tok.doc[tok.sent.start : tok.i]):
        if (kin := relative_said(t, tok.lower_) or elder_owner(t, tok.lower_)) is not None:
            return kin  # "I was in Lyon with my dad, he ...", "Mam's seventieth ... she"
        if t.pos_ != "PROPN" or t.dep_ in ("compound", "flat") or t.lower_ == "max":
            continue
        if names_a_thing(t) or place_named(t) or not token_fits(tok.lower_, t, _name_of(t), ctx):
            continue  # "born on Sao Miguel and she's 91": not the place; "the Dyson": no "he"
        relative = bare_relative(t)
        if relative is not None:
            # "Dad has physio, and he ...": Dad, if the pronoun fits the noun's sex.
            sex, said = family_sex(relative.noun or ""), table("pronoun_sex").get(tok.lower_)
            if sex is None or said is None or sex == said:
                return relative
            continue
        if owner_outranked(t, tok.lower_):
            return None  # "Grandad's dog ... he": the dog, not Grandad; unnamed here.
        naming = t.dep_ in ("oprd", "attr", "dobj") and t.head.lemma_.lower() in _NAMING_VERBS
        naming = naming or name_given(t)  # "his name is Fergus, he's a paramedic"
        if t.dep_ in ("pobj", "dobj") and not naming and subject_before(tok, ctx) is not None:
            continue  # "he wants to see the Fringe, he's obsessed": the subject, not the object
        if not ctx.agrees(_name_of(t), tok.lower_):
            # "This is Piotr, my husband, and Zofia, she is ...": not Piotr.
            continue
        listed = t.dep_ == "conj" and t.head.pos_ in ("PROPN", "NOUN")
        copular = copula_named(t)  # "Grandad's dog is Skipper, he's eleven": Skipper.
        if (
            t.ent_type_ == "PERSON"
            or naming
            or listed
            or copular is not None
            or t.dep_ in ("nsubj", "appos")
        ):
            kind = _kind_said(t, ctx, naming, copular)
            if not fits_kind(tok.lower_, kind):
                continue
            if rival_fits(t, tok.lower_, lambda o: _fits_name(o, tok.lower_, ctx)):
                return None  # "a dog called Rex and a cat called Mochi, he ...": either.
            return Ref(role="name", name=_name_of(t), kind=kind)
    return None


def _kind_said(t: Token, ctx: Context, naming: bool, copular: Token | None) -> str:
    known = ctx.named(_name_of(t))
    kind = known[1] if known is not None else "person"
    if naming and is_pet(t.head.head.lemma_.lower()):
        kind = "animal"
    if copular is not None:
        kind = relation_kind(copular.lemma_) or kind
    return kind


def _fits_name(t: Token, pronoun: str, ctx: Context) -> bool:
    """Could a name said together with another be what the pronoun names as well? Not where
    its relation noun shows the other sex ("Piotr, my husband, and Zofia, she ...")."""
    relation = _relation_noun(t) or named_noun(t) or beside(t)
    if relation is not None:
        return noun_fits(relation, pronoun) and ctx.agrees(_name_of(t), pronoun)
    known = ctx.named(_name_of(t))
    kind = known[1] if known is not None else "person" if t.ent_type_ == "PERSON" else ""
    return bool(kind) and fits_kind(pronoun, kind) and ctx.agrees(_name_of(t), pronoun)


def _lower_case_name(tok: Token, ctx: Context) -> Ref | None:
    """A person or pet named before, now typed in lower case ("ronan is 10") or capitalised
    but read as another part of speech ("How old is Hafsa?"): looked up among the names said."""
    if not (tok.is_lower or mistagged_name(tok)) or tok.pos_ not in ("NOUN", "PROPN", "ADJ"):
        return None
    if any(c.dep_ in ("det", "poss", "compound", "amod") for c in tok.children):
        return None
    known = ctx.named(tok.lower_)
    return None if known is None else Ref(role="name", name=known[0], kind=known[1])


def _relation_noun(tok: Token) -> Token | None:
    """ "My dog Pixel" parsed with "dog" as a modifier of "Pixel", "Piotr, my husband" with the
    noun in apposition, "our grandson Yaw lives" with both words as subjects of the verb: the
    relation noun."""
    for child in tok.children:
        # "my grandad Walter": a family noun said as a title is tagged a proper noun.
        titled = child.pos_ == "PROPN" and child.dep_ == "compound" and _family_word(child)
        if (
            child.dep_ in ("compound", "nmod", "amod", "appos")
            # "Our parrot Kiwi": the tagger may call the noun an adjective.
            and (child.pos_ == "NOUN" or titled or child.dep_ == "amod")
            and _relation_word(child)
            and (child.dep_ != "appos" or _owned_relation(tok, child))
        ):
            return child
    before = phrase_before(tok)
    if (
        before is not None
        and before.pos_ == "NOUN"
        and before.dep_ == tok.dep_
        and tok.dep_ != "ROOT"
        and _relation_word(before)
    ):
        # One noun phrase the parser split in two, each word hung on the verb ("our grandson
        # Yaw lives", "my friend from work, Dave, plays chess").
        return before
    return None


def _owned_relation(name: Token, noun: Token) -> bool:
    """ "Piotr, my husband": a relative's noun with its owner in apposition to a name the
    phrase did not already relate ("my wife Lin, my father, ...": a list, not Lin's noun),
    unless the two nouns have other owners ("my son Robert, Clara's father": one man is both)."""
    owner = next((c for c in noun.children if c.dep_ == "poss"), None)
    if owner is None:
        return False
    if name.dep_ != "appos" or not _relation_word(name.head):
        return True
    first = next((c for c in name.head.children if c.dep_ == "poss"), None)
    return first is not None and _owner_word(first) != _owner_word(owner)


def _owner_word(tok: Token) -> str:
    """Who a possessive names, as said: "my" and "our" are the speaker, a name itself."""
    return "my" if tok.lower_ in ("my", "our") else tok.lower_


def _family_word(tok: Token) -> bool:
    return kin_noun(tok) in kin_nouns()


def _relation_word(tok: Token) -> bool:
    return tok.lemma_.lower() in KIN or is_pet(tok.lemma_.lower())


def _owner_ref(tok: Token, ctx: Context) -> Ref | None:
    """Whose a possessive says: my/our the speaker, his/her/its/their the fitting one said
    before (never a thing for his/her, a person for its), a name itself."""
    return fitting(tok, _owner_said(tok, ctx), ctx)


def _owner_said(tok: Token, ctx: Context) -> Ref | None:
    low = tok.lower_
    if low in ("my", "our"):
        return Ref(role="speaker", kind="person")
    if low == "your":
        return Ref(role="listener", kind="person")
    if low in ("his", "her") and (two_candidates(tok) or being_named(tok)):
        # "Sheila told Maureen ... near her daughter": whose is not said; "I'm seeing someone,
        # her name is Noor": the one now named, no one named before.
        return None
    earlier = _named_before(tok, ctx) if low in ("his", "her") else None
    if earlier is not None:
        # "Kirsty came home with her partner Ruairidh": Kirsty's partner; "Mum visited her
        # sister Ines": the speaker's mum's, a relative known by her noun.
        return earlier if earlier.role == "kin" else earlier.model_copy(update={"owner": None})
    if low in ("his", "her", "its") and owner_said_before(tok):
        return None
    relative = ctx.relative_for(low) if low in ("his", "her") else None
    if relative is not None:
        return relative
    mentioned = ctx.mention(low)
    if mentioned is not None and low in ("his", "her"):
        mentioned = outside_own_phrase(tok, mentioned, ctx)  # "Her husband Des": not Des
    # "their" of one name only in the turn that said it, or of a group still in mind: later
    # it is some other group's ("Their dad ..." about two who spoke turns before).
    grouped = mentioned is not None and any(r.name == mentioned[0] for r in ctx.they())
    single = low != "their" or ctx.mention_turn == ctx.turn or grouped
    if low in ("his", "her", "their", "its") and mentioned is not None and single:
        kind = "animal" if mentioned[1] == "animal" else "person"
        return Ref(role="name", name=mentioned[0], kind=kind)
    mine = next((c for c in tok.children if c.dep_ == "poss"), None)
    if tok.pos_ == "NOUN" and tok.lemma_.lower() in KIN and mine is not None:
        # "my uncle's cat": the cat of the speaker's uncle.
        whose = _owner_ref(mine, ctx)
        kin = tok.lemma_.lower()
        return None if whose is None else Ref(role="kin", owner=whose, noun=kin, kind="person")
    if is_elder(tok.lemma_.lower()) and all(c.dep_ == "case" for c in tok.children):
        # "Grandad's dog": the speaker's grandad, as "Grandad has a dog" names him.
        speaker = Ref(role="speaker", kind="person")
        return Ref(role="kin", owner=speaker, noun=tok.lemma_.lower(), kind="person")
    if tok.pos_ == "PROPN" and low != "max":
        return Ref(role="name", name=_name_of(tok), kind="person")
    return None


def _object_ref(tok: Token, ctx: Context) -> Ref | None:
    """ "my sister Lena" as an object: Lena, a person."""
    if tok.pos_ == "PRON" and tok.dep_ in ("dobj", "obj"):
        return fitting(tok, _object_pronoun(tok, ctx), ctx)
    relative = bare_relative(tok)
    if relative is not None:
        return relative
    # "has cerebral palsy" tagged a proper noun: a lower-case word an adjective describes, and
    # no name said before, is a common noun ("little ronan" is still Ronan).
    described = tok.is_lower and any(c.dep_ == "amod" and c.pos_ == "ADJ" for c in tok.lefts)
    if tok.pos_ == "PROPN" and not (described and ctx.named(tok.lower_) is None):
        return Ref(
            role="name",
            name=_name_of(tok),
            kind="person" if tok.ent_type_ == "PERSON" and not names_no_one(tok) else "thing",
        )
    named = _naming(tok)
    noun = _noun_lemma(tok)
    if named is not None and (noun in KIN or is_pet(noun)):
        return Ref(role="name", name=_name_of(named), kind="person" if noun in KIN else "animal")
    if named is not None and named.pos_ == "PROPN" and _called(tok, named):
        # "a band called Static Fox", "a lovely man called Marcus": the thing is its name.
        return Ref(role="name", name=_name_of(named), kind=_named_kind(noun, named))
    owner_tok = next((c for c in tok.children if c.dep_ == "poss"), None)
    if (
        noun in KIN
        and owner_tok is not None
        and not any(c.dep_ in ("amod", "compound", "prep") for c in tok.children)
    ):
        # "I visited my mom": the speaker's mom, one person, not a "mom" everyone shares.
        owner = _owner_ref(owner_tok, ctx)
        if owner is not None:
            return Ref(role="kin", owner=owner, noun=noun, kind="person")
    return None


def _object_pronoun(tok: Token, ctx: Context) -> Ref | None:
    """ "My brother Tom called and I met him in town": him/her is the one person named before
    it in its sentence, when the pronoun's sex fits. Where two or more people were named
    ("Dad has physio with Marcus, and Anne ... him") it stays no one: a claim about the wrong
    person is worse than none. "me" is the speaker ("Marta beat me at chess")."""
    if tok.lower_ == "me" or (tok.lower_ == "us" and not optative(tok.head)):
        # "Declan coached us": the speaker among them, as "we" is the speaker as a subject.
        return Ref(role="speaker", kind="person")
    if table("pronoun_sex").get(tok.lower_) is None:
        thing = thing_it(tok, ctx)  # "Karl came round and sorted it": the boiler
        return None if thing is None else Ref(role="name", name=thing, kind="thing")
    before = {
        _name_of(t) if t.pos_ == "PROPN" else str(t.i)
        for t in tok.doc[tok.sent.start : tok.i]
        if may_be_someone(t)
    }
    subject = next((c for c in tok.head.children if c.dep_ == "nsubj"), None)
    if not before and (subject is None or subject.lower_ in ("i", "we", "you")):
        # "My aunt Bernie lives in Sligo. I visit her every summer": Bernie.
        return ranked_antecedent(tok, ctx)[0]
    if len(before) != 1 or subject is not None and subject.lower_ in ("he", "she"):
        return None
    ref = _named_before(tok, ctx)
    if ref is None or subject is None:
        return ref
    # "Tom's dad came and Tom hugged him": him is never the clause's own subject.
    return None if subject.pos_ == "PROPN" and _name_of(subject) == ref.name else ref


def _called(tok: Token, named: Token) -> bool:
    """Was `named` given by a participle of calling ("a band called Static Fox"), not set
    beside the noun ("the instructor, Greta", read as who the instructor is)?"""
    return named.head.i != tok.i and named.head.head.i == tok.i


def _named_kind(noun: str, named: Token) -> str:
    """What a named noun is: a person when the name is one or WordNet's first sense of the
    noun is a person ("a man called Marcus"), otherwise a thing ("a band called Static Fox")."""
    if named.ent_type_ == "PERSON" or lexicon.person_noun(noun):
        return "person"
    return "thing"


def _noun_lemma(tok: Token) -> str:
    """A noun's lemma, also where the tagger made it an adjective in a noun's place ("a little
    terrier called Dai": "terrier" an adjective, lemmatised "terri"): WordNet's noun base."""
    if tok.pos_ == "ADJ" and tok.dep_ in ("dobj", "obj", "pobj", "attr", "conj"):
        return lexicon.base(tok.lower_, "n") or tok.lemma_.lower()
    return tok.lemma_.lower()


def _naming(tok: Token) -> Token | None:
    """The name a noun phrase gives ("my sister Lena", "a cat called Mochi", "a dog named
    Rex"): the proper noun in apposition, or the one a participle of calling names."""
    for child in tok.children:
        if child.dep_ == "appos" and child.pos_ == "PROPN":
            return child
        if child.dep_ == "acl" and child.lemma_.lower() in _NAMING_VERBS:
            named = next(
                (c for c in child.children if c.dep_ in ("oprd", "attr", "dobj", "xcomp")), None
            )
            if named is not None and named.pos_ in ("PROPN", "NOUN"):
                return named
    return None


def _items(tok: Token) -> list[Token]:
    """A coordinated phrase's items, in order: "a dog called Rex and a cat called Mochi" is
    two, though the parse hangs "a cat" on "Rex"; "two cats called Tom and Jerry" names two."""
    out = [tok]
    frontier = [tok]
    while frontier:
        item = frontier.pop()
        named = _naming(item)
        for t in [*item.conjuncts, *(named.conjuncts if named is not None else ())]:
            if (
                t.i > tok.i
                and t.pos_ in ("NOUN", "PROPN", "ADJ", "NUM", "VERB")
                and t not in out
                and not opens_clause(t)
                and not continues_number(item, t)
            ):
                out.append(t)
                frontier.append(t)
    return sorted(out, key=lambda t: t.i)


def _conjuncts(tok: Token) -> list[Token]:
    out = [tok]
    for t in tok.conjuncts:
        if (
            t.i > tok.i
            and t.pos_ in ("NOUN", "PROPN", "ADJ", "NUM", "VERB")
            and not opens_clause(t)
            and not continues_number(tok, t)
        ):
            out.append(t)
    return out


def _is_literal(tok: Token) -> bool:
    return tok.like_num or tok.ent_type_ in ("DATE", "TIME", "MONEY", "QUANTITY", "CARDINAL")


def _object_text(tok: Token, skip: set[int]) -> str | None:
    """A clean object phrase: the noun with its modifiers, no determiners or possessives, no
    relative clauses, no coordinated items (read separately), at most six words."""
    # A word the tagger calls a pronoun that is no stop word is a name it did not know
    # ("treats birch2itis"); pronouns are all on spaCy's stop list.
    if tok.lower_ in _NOT_OBJECTS or (tok.pos_ == "PRON" and tok.is_stop):
        return qualified_indefinite(tok)  # "anything with avocado in it"
    if (part := partitive_text(tok)) is not None:
        return part  # "I made sixty of them": sixty of the thing said before
    following = tok.nbor(1) if tok.i + 1 < len(tok.doc) else None
    if following is not None and following.text == "-" and not following.whitespace_:
        # "to de-stress": half a hyphenated word is not a thing.
        return None
    keep: list[Token] = []
    banned: set[int] = set(skip)
    for child in tok.children:
        if child.dep_ in (
            "relcl",
            "acl",
            "advcl",
            "cc",
            "conj",
            "punct",
            "appos",
            "prep",
            "det",
            "poss",
            "predet",
            "case",
            "dep",
            "parataxis",
            "advmod",
            # "I love the kids, not the marking": a noun's "not" opens a contrast, no part of it.
            "neg",
        ):
            if child.dep_ == "prep" and child.lower_ == "of" and child.i > tok.i:
                continue
            if child.dep_ == "poss" and child.pos_ == "PROPN":
                continue
            if child.dep_ in ("cc", "conj") and any(continues_number(tok, c) for c in tok.rights):
                continue  # "four hundred and twenty": one number
            banned.update(t.i for t in child.subtree)
        elif degree(child) or set_off_before(tok, child) or set_off_after(tok, child):
            # "I like very much knitting": how much, said before the noun, is no part of it.
            banned.update(t.i for t in child.subtree)
    for t in tok.subtree:
        if t.i in banned or (t.is_punct and not inner_hyphen(t)) or t.lower_ in _DROP_DET:
            continue
        keep.append(t)
    while keep and keep[-1].lower_ in ("too", "as", "well", "again", "now", "of"):
        keep.pop()
    if not keep or len(keep) > 6:
        return None
    # "a bakery, nine staff": a word the dropped comma followed keeps its space.
    text = "".join(
        t.text
        + (
            " "
            if t.i + 1 < len(t.doc)
            and t.doc[t.i + 1].is_punct
            and t.doc[t.i + 1].whitespace_
            and not inner_hyphen(t.doc[t.i + 1])
            else t.whitespace_
        )
        for t in keep
    ).strip()
    if not text or not any(c.isalnum() for c in text):
        return None
    return text
