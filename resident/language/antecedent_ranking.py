"""Whom a he/she/him/her names across a sentence or turn boundary, when the nearer rules
(refs.py: the last name, a relative said last, the subject before) leave it unread or read
it as a name the recogniser took for no person. One resolver over the parse: the people the
earlier sentences of the last two turns said are kept as candidates (a name, a name set
beside a relative's noun, "my husband", the other speakers who said "I" or "we", and as
blockers the people and animals said by a noun or a name the reader cannot name: "the vet",
"a poodle"); those the pronoun cannot name are dropped by agreement (the sex the talk or a
family noun showed; never the one speaking); and the pronoun names someone only where exactly
one is left: where two fit, it names no one, as before (a claim about the wrong person is worse
than none). Pure (the context is the talk's state).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from resident.language import lexicon
from resident.language.animacy import pronoun_fits
from resident.language.salience import may_be_someone, names_a_thing, place_named, said_alone
from resident.language.statement import (
    Candidate,
    Context,
    Ref,
    family_sex,
    is_elder,
    is_family,
)
from resident.language.words import table, words

if TYPE_CHECKING:
    from spacy.tokens import Span, Token

#: How many turns back a pronoun reaches (the nearer rules' reach: "she" two turns on is no
#: one), and how many candidates are kept.
_REACH = 2
_KEPT = 24
_PLACES_KEPT = 256
#: The recogniser's labels of a name that is someone ("" where it gave none).
_SOMEONE = frozenset({"", "PERSON"})
#: A name said to someone ("Hi Sam!") is who is addressed, not whom a pronoun names next; a
#: name said alone ("And Ziggy.", "Ifan.") is someone the turn is about.
_ADDRESSED = frozenset({"npadvmod", "intj", "vocative", "dep"})
_SUBJECT = frozenset({"nsubj", "nsubjpass"})
#: What the recogniser calls a name that is no one's.
_NO_ONE = frozenset({"DATE", "TIME", "CARDINAL", "ORDINAL", "MONEY", "QUANTITY", "PERCENT"})


def note_candidates(sent: Span, ctx: Context, name_of: Callable[[Token], str]) -> None:
    """Keep the people `sent` said as candidates for a pronoun in a later sentence (run after
    the sentence is read, as note_mentions is); the same one said again moves to the end."""
    found = [c for tok in sent if (c := _candidate(tok, ctx, name_of)) is not None]
    said = {_key(c.ref) for c in found}
    kept = [c for c in ctx.candidates if _key(c.ref) not in said]
    ctx.candidates = tuple([*kept, *found][-_KEPT:])
    ctx.sentence += 1


def _candidate(tok: Token, ctx: Context, name_of: Callable[[Token], str]) -> Candidate | None:
    ref, sex = _person(tok, ctx, name_of)
    if ref is None:
        return None
    return Candidate(ref, sex, ctx.sentence, ctx.turn, ctx.speaker)


def _person(
    tok: Token, ctx: Context, name_of: Callable[[Token], str]
) -> tuple[Ref | None, str | None]:
    """Who a token may name for a later pronoun, and the sex the talk showed of it: a name
    (its sex by a relative's noun beside it: "my husband Rory"), a relative of the speaker by
    a family noun alone ("my husband"), the speaker ("I", "we": whom the next speaker may call
    "she"), or a person or animal said by a noun with no name ("the vet", "a poodle": someone
    the reader cannot name, kept so that no one else is taken in their place)."""
    if tok.pos_ == "PROPN":
        return _named(tok, ctx, name_of)
    if tok.pos_ == "PRON":
        first = tok.lower_ in ("i", "we", "me", "us", "my", "our")
        return (Ref(role="speaker", name=ctx.speaker), None) if first else (None, None)
    noun = tok.lemma_.lower()
    if tok.pos_ != "NOUN" or "Plur" in tok.morph.get("Number", []) or tok.dep_ == "compound":
        return None, None
    if any(c.dep_ == "appos" or c.pos_ == "PROPN" for c in tok.children):
        return None, None  # "my husband Rory": Rory is the candidate
    mine = any(c.dep_ == "poss" and c.lower_ in ("my", "our") for c in tok.children)
    if mine and is_family(noun):
        speaker = Ref(role="speaker", kind="person")
        return Ref(role="kin", owner=speaker, noun=noun, kind="person"), family_sex(noun)
    if lexicon.first_lexname(noun, "n") in ("noun.person", "noun.animal") or is_family(noun):
        return Ref(role="kin", noun=noun), family_sex(noun) if is_family(noun) else None
    return None, None


def _named(
    tok: Token, ctx: Context, name_of: Callable[[Token], str]
) -> tuple[Ref | None, str | None]:
    """A name as a candidate: a person or pet the talk knows, one the recogniser calls a
    person, one set beside a relative's noun, or a subject the recogniser gave no label;
    another name said where someone may be (neither a place, a date nor a thing's name) is
    kept as someone the reader cannot name."""
    if tok.dep_ in ("compound", "flat") or tok.lower_ == "max" or tok.dep_ in _ADDRESSED:
        return None, None
    if place_named(tok):
        # "a job in Dundee. ... Dundee has a museum": a place when said again, too.
        ctx.places = {**ctx.places, name_of(tok).lower(): None}
        ctx.places = dict(list(ctx.places.items())[-_PLACES_KEPT:])
        return None, None
    if names_a_thing(tok) or tok.ent_type_ in _NO_ONE or name_of(tok).lower() in ctx.places:
        return None, None
    if any(c.dep_ == "det" and c.lower_ in ("a", "an") for c in tok.children):
        return None, None  # "A Carrera. She saved up for it": a make, not someone
    if tok.dep_ == "attr" and any(
        c.lower_ in ("i", "we") for c in tok.head.children if c.dep_ == "nsubj"
    ):
        return Ref(role="speaker", name=ctx.speaker), None  # "I'm Ben": the speaker
    if is_elder(tok.lower_) and not any(c.dep_ in ("det", "poss") for c in tok.children):
        speaker = Ref(role="speaker", kind="person")  # "Dad phoned": the speaker's dad
        return Ref(role="kin", owner=speaker, noun=tok.lower_, kind="person"), family_sex(
            tok.lower_
        )
    name = name_of(tok)
    known = ctx.named(name)
    noun = _relation_beside(tok)
    person = tok.ent_type_ in _SOMEONE and (tok.ent_type_ == "PERSON" or tok.dep_ in _SUBJECT)
    if known is None and noun is None and not person:
        # "Bristol is a lovely city": a name WordNet or the recogniser knows as a place or a
        # thing is no one; any other is someone the reader cannot name, and blocks.
        word = lexicon.first_lexname(name, "n") not in (None, "noun.person", "noun.animal")
        thing = word or tok.ent_type_ in ("GPE", "LOC", "FAC")  # "Dundee has a museum"
        if thing and tok.dep_ != "ROOT":  # "Pepper! He is six": a name said alone is someone
            return None, None
        # (The recogniser's place label on a name said alone is a guess: "Kimchi!" a GPE.)
        if word or not _named_alone(tok) or name.lower() in _speakers(ctx):
            return Ref(role="kin", noun=name), None
        # "Kimchi! He is fine" / "Sylvie. She's from Rennes": a name said as a sentence of its
        # own is whom the talk is about now, and whom a pronoun next may name (not "Tariq!",
        # a speaker addressed, nor "A Carrera.", a thing's name with its article).
    # The kind the clause reader gives the same name (refs.subject_ref: a person where the
    # recogniser says so or a relative's noun stands beside it, else a thing), so "he" names
    # the entity the talk already stored ("Pistache ... He hates it": concept:pistache still,
    # not a new person:pistache the question's "Pistache's diet food" then reads as).
    said_kind = "person" if tok.ent_type_ == "PERSON" or noun is not None else "thing"
    kind = known[1] if known is not None else said_kind
    sex = ctx.sexes.get(name.lower()) or (None if noun is None else family_sex(noun))
    return Ref(role="name", name=name, kind=kind), sex


def _named_alone(tok: Token) -> bool:
    """Is a name its sentence's one word ("Kimchi!", "Ifan.")? Not a chat word the tagger
    took for a name ("Ooh!"), nor a word WordNet knows as an adjective or adverb said as an
    exclamation ("Brilliant.", "Absolutely!")."""
    if not said_alone(tok) or tok.lower_ in words("chat_words"):
        return False
    return not (lexicon.lexnames(tok.lower_, "a") or lexicon.lexnames(tok.lower_, "r"))


def _speakers(ctx: Context) -> set[str]:
    """The names of those who spoke in the candidates' reach: a name of theirs said is mostly
    someone addressed ("Tariq!", "Gwen, ..."), and is the speaker, never a third person."""
    return {c.ref.name.lower() for c in ctx.candidates if c.ref.role == "speaker" and c.ref.name}


def _relation_beside(tok: Token) -> str | None:
    """The family noun a name is set beside: "my husband Rory" (the name in apposition to
    the noun), "Rory, my husband" (the noun in apposition to the name)."""
    if tok.dep_ == "appos" and tok.head.pos_ == "NOUN" and is_family(tok.head.lemma_.lower()):
        return tok.head.lemma_.lower()
    for c in tok.children:
        if c.dep_ in ("appos", "compound") and c.pos_ == "NOUN" and is_family(c.lemma_.lower()):
            return c.lemma_.lower()
    return None


def _key(ref: Ref) -> str:
    return f"{ref.role}:{(ref.name or ref.noun or '').lower()}"


def ranked_antecedent(
    tok: Token, ctx: Context, nearest_first: bool = False
) -> tuple[Ref | None, bool]:
    """Whom a he/she/him/her names among the candidates of earlier sentences, and whether
    another fits it as well (with `nearest_first`, another in the same sentence as the latest
    that fits). (None, False): no one fits, or its own sentence said someone before it (whom
    the nearer rules read or refused)."""
    said = table("pronoun_sex").get(tok.lower_)
    if said is None or tok.lower_ not in ("he", "she", "him", "her") or tok.dep_ == "poss":
        return None, False
    before = tok.doc[tok.sent.start : tok.i]
    if any(may_be_someone(t) or t.pos_ == "NOUN" and _person(t, ctx, str)[0] for t in before):
        return None, False
    # "My uncle bought a tractor. He ...": a candidate of the wrong kind fits no "he".
    fitting = {
        _key(c.ref): c
        for c in ctx.candidates
        if _fits(c, said, ctx) and pronoun_fits(tok.lower_, c.ref, ctx)
    }
    if not fitting:
        return None, False
    # Salience by recency of sentence: the one fitting person of the latest sentence that
    # said any ("My sister Bethan ... My brother's no use. He's in Dubai": the brother; "How's
    # Dan getting on?" / "He's started at the depot": Dan); two there and it is either.
    latest = max(c.sentence for c in fitting.values()) if nearest_first else -1
    nearest = [c for c in fitting.values() if c.sentence >= latest]
    if len(nearest) > 1:
        return None, True  # "Owen and Declan went. He ...": either; and so for any two
    (best,) = nearest
    if nearest_first and (best.ref.name or "").lower() in _speakers(ctx):
        return None, True  # "Marcus ... She said 'finally'": a speaker named, of unknown sex
    if best.ref.role == "kin" and (best.ref.owner is None or best.speaker != ctx.speaker):
        return None, False  # "the vet", or someone else's "my dad": whom, the reader cannot name
    return (best.ref, False) if best.ref.role != "speaker" else (None, False)


def past_mention(tok: Token, ctx: Context, mentioned: tuple[str, str] | None) -> Ref | None:
    """The ranked antecedent, where the last one named is no one the pronoun may name: none
    (two turns back, of the other sex) or a name the recogniser took for a thing."""
    if mentioned is None:
        # No one named last whom the pronoun fits: the latest sentence's one fitting person.
        return ranked_antecedent(tok, ctx, nearest_first=True)[0]
    return ranked_antecedent(tok, ctx)[0] if mentioned[1] == "thing" else None


def _fits(c: Candidate, said: str, ctx: Context) -> bool:
    if ctx.turn - c.turn > _REACH or c.sentence >= ctx.sentence:
        return False
    if c.ref.role == "speaker":
        return c.ref.name != ctx.speaker  # the one speaking is never their own "she"
    return _sex(c, ctx) in (None, said)


def _sex(c: Candidate, ctx: Context) -> str | None:
    """The sex the talk has shown of a candidate by now ("Kuba ... he" after it was kept)."""
    shown = ctx.sexes.get((c.ref.name or "").lower()) if c.ref.role == "name" else None
    return shown or c.sex


def note_resolved(tok: Token, ref: Ref | None, ctx: Context) -> Ref | None:
    """A he/she read as someone makes them the latest candidate ("Nugget escaped! He was behind
    the fridge." / "We found him": Nugget, said again by "he")."""
    if ref is None or ref.role != "name" or tok.lower_ not in ("he", "she", "him", "her"):
        return ref
    sex = table("pronoun_sex").get(tok.lower_)
    said = Candidate(ref, sex, ctx.sentence, ctx.turn, ctx.speaker)
    ctx.candidates = (*[c for c in ctx.candidates if _key(c.ref) != _key(ref)], said)[-_KEPT:]
    return ref
