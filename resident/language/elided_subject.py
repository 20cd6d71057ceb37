"""The subject a clause said without one ("Tore my calf on Tuesday.", "flying from Newquay
friday", "Been there twice.", "Loves her new flat."), read from the verb's form and the
clause, or None where it is unsure: a claim about the wrong person is worse than none.

- A third-person verb ("Loves it", tag VBZ) is never the teller's: it is the one the talk
  holds, the relative the turn before asked this speaker about ("How's your mum?") or the
  person the teller's clause before was about ("My brother Kit moved. Works at a bike shop").
- Another's possessive on a part of the body ("Broke her wrist") is whose body it is; on
  anything else ("Took her car in") the doer is unsure.
- A past form, a participle or perfect ("Tore", "flying", "Been") is the teller's; so is a
  plain present with the teller's own word in it ("Love my job"). A bare form is an order
  ("Ring me later"), a present with no such word a greeting or an exclamation ("Love it!").

Pure: reads the parse and the talk's Context."""

from __future__ import annotations

from typing import TYPE_CHECKING

from resident.language import lexicon
from resident.language.asked_about import asked_about
from resident.language.clause_parts import irregular_past
from resident.language.dropped_form import aux_form, bare_past, leading_aux
from resident.language.refs import _owner_ref
from resident.language.statement import KIN, Context, Ref

if TYPE_CHECKING:
    from spacy.tokens import Token

_SUBJECTS = ("nsubj", "nsubjpass", "expl", "csubj")
#: The teller's own words that make a clause theirs ("Love my job"). Not "me" or "us": as an
#: object they say the doer is someone else ("Moved in with me after Mum died").
_OWN = ("my", "myself", "our", "ourselves")
_OTHERS = ("his", "her", "their", "him", "them", "he", "she", "they")
#: Forms whose subject chat drops for the teller: past, participle, perfect.
_TELLERS_FORMS = ("VBD", "VBG", "VBN")


def _form(verb: Token, ctx: Context) -> str:
    """The verb's tag, a past form the tagger took for a present one ("Tore my calf": VB)
    read as the past it is (clause_parts.irregular_past); the form an opening auxiliary
    gives ("Been learning": the teller's) and a bare "-ed" participle read as the past
    (dropped_form.py), though not right after another's news of a third: "Retired at
    seventy-five!" after "Bernadette retired" is hers."""
    if irregular_past(verb, []):
        return "VBD"
    by_aux = aux_form(verb)
    if by_aux is not None:
        return by_aux
    return "VBD" if bare_past(verb) and not _others_news(ctx) else verb.tag_


def _others_news(ctx: Context) -> bool:
    """Was the clause read last, this turn or the one before, another speaker's about a
    named person or a relative?"""
    said = ctx.subject_said
    if said is None:
        return False
    ref, turn, speaker = said
    return speaker != ctx.speaker and ctx.turn - turn <= 1 and ref.role in ("name", "kin")


def _opens(verb: Token) -> bool:
    """Does the verb open its sentence (only an interjection, adverb, "and", a time or the
    auxiliary that opens it before it)? Then no subject was cut off by the parse."""
    aux = leading_aux(verb)
    return all(
        t.is_punct or t.dep_ in ("intj", "advmod", "cc") or t.ent_type_ in ("DATE", "TIME")
        for t in verb.sent
        if t.i < verb.i and (aux is None or t.i != aux.i)
    )


def _is_verb(verb: Token) -> bool:
    # The tagger calls an unknown name a past verb too ("zq9xdrug56 treats fever"): only a
    # word WordNet knows as a verb opens a clause. A word tagged otherwise ("Up and down.",
    # "Much better.", "Really well.") is no clause, though WordNet knows "up" as a verb: its
    # reading would make the one asked about the talk's subject for nothing said.
    if not verb.is_alpha or not verb.tag_.startswith("VB"):
        return False
    return not lexicon.available() or lexicon.base(verb.text, "v") is not None


def _clause_words(verb: Token) -> list[Token]:
    """The verb's own words, not those of a clause inside it with a subject of its own."""
    out = []
    for tok in verb.subtree:
        inner = tok if tok.i == verb.i else tok.head
        while inner.i != verb.i and not any(c.dep_ in _SUBJECTS for c in inner.children):
            inner = inner.head
        if inner.i == verb.i:
            out.append(tok)
    return out


def _body_owner(verb: Token) -> Token | None:
    """Another's possessive on a part of the body in the clause ("Broke her wrist")."""
    for tok in _clause_words(verb):
        if tok.dep_ != "poss" or tok.lower_ not in ("his", "her"):
            continue
        if "noun.body" in lexicon.lexnames(tok.head.lemma_.lower(), "n"):
            return tok
    return None


def _others_word(verb: Token, words: list[Token]) -> bool:
    """Does the clause say another's his/her/them ("Took her car in", "Drove him home")? Not
    a possessive of the person the clause named before it ("Gave Callum his van back", "Took
    Mum to her physio"): that is the object's own, and the doer is still the teller."""
    for tok in words:
        if tok.lower_ not in _OTHERS:
            continue
        owners = (t for t in words if verb.i < t.i < tok.i and t.dep_ in ("dobj", "dative"))
        if tok.dep_ == "poss" and any(t.pos_ == "PROPN" or t.lemma_.lower() in KIN for t in owners):
            continue
        return True
    return False


def _held_third(verb: Token, ctx: Context, cue: Token | None) -> Ref | None:
    """The third person a clause with no subject is about: whose her/his it says, else the
    relative asked of this speaker in the turn before, else the person this teller's last
    clause (this turn or the one before) was about."""
    if cue is not None:
        return _owner_ref(cue, ctx)
    asked = ctx.relative_for("") if ctx.asked_by is not None else None
    if asked is not None or (asked := asked_about(ctx)) is not None:
        return asked
    said = ctx.subject_said
    if said is None:
        return None
    ref, turn, speaker = said
    if speaker != ctx.speaker or ctx.turn - turn > 1 or ref.kind not in ("person", "animal"):
        return None
    return ref if ref.role in ("name", "kin") else None


def _of_someone(verb: Token) -> bool:
    """Could a third-person verb with no subject be said of a person? Not with a state for
    a complement ("Sounds good") or a likeness ("Looks like rain"), said of "it"; it needs
    an object or a place ("Loves it", "Works at a bike shop")."""
    if any(c.dep_ in ("acomp", "oprd", "ccomp", "attr") for c in verb.children):
        return False
    if any(c.dep_ == "prep" and c.lower_ == "like" for c in verb.children):
        return False
    return any(c.dep_ in ("dobj", "prep", "prt", "dative") for c in verb.children)


def _tellers_deed(verb: Token, form: str) -> bool:
    """Is a participle said alone a deed the teller did? An "-ing" form with something it
    is done to or where ("Booking flights now", "Landing at Heathrow"), not a state alone
    ("Getting better", "Still dancing"); a past participle with an object ("Handed out three
    hundred cards") or "been" ("Been there twice"), not a passive one ("Reduced because
    ...", "Retired at seventy-five!", "Healed."), whose subject is not said."""
    deps = {c.dep_ for c in verb.children}
    if form == "VBG":
        return bool(deps & {"dobj", "dative", "prt", "prep", "xcomp", "ccomp"})
    if form == "VBN":
        return verb.lemma_ == "be" or bool(deps & {"dobj", "dative", "prt"})
    return True


def _after_another(ctx: Context) -> bool:
    """Was the clause read last, in this turn or the turn before, about someone else than
    the teller? Then a clause with no subject next may go on about them, and whose it is, is
    unsure: the teller's "My sister's moving to Leeds." - "Starting a course there." is
    hers; after the other speaker's "We decided not to move", "Buying a bigger car instead."
    is theirs together; after their "I sold my car", "Got two thousand for it" is the
    seller's. Not after something said of a thing ("The gig went mad." - "Sold 20 tickets"),
    nor the other's news of a third ("Grandad's dog is Skipper." - "Gave up the pipe in
    March.": the teller answers with their own), their "you" (this teller) or their "I'm
    Odile" (an introduction tells no deed to go on with)."""
    said = ctx.subject_said
    if said is None:
        return False
    ref, turn, speaker = said
    if ctx.turn - turn > 1:
        return False
    if speaker == ctx.speaker:
        return ref.role in ("name", "kin") and ref.kind in ("person", "animal")
    word, lemma, at = ctx.subject_word or ("", "", -1)
    if ref.role != "speaker" or at != turn:
        return False
    return word == "we" or word == "i" and lemma != "be"


def _carried(ctx: Context) -> Ref | None:
    """The person the teller's clause before, in this same turn, was about, or None."""
    said = ctx.subject_said
    if said is None:
        return None
    ref, turn, speaker = said
    if turn != ctx.turn or speaker != ctx.speaker or ref.kind not in ("person", "animal"):
        return None
    return ref if ref.role in ("name", "kin") else None


def elided_subject(verb: Token, ctx: Context) -> Ref | None:
    """The subject of a clause that opens its sentence with no subject, or None."""
    if any(c.dep_ in _SUBJECTS for c in verb.children) or not _is_verb(verb):
        return None
    if verb.dep_ == "conj":
        # "Started nights last week and hating it": the first verb's subject.
        return elided_subject(verb.head, ctx)
    if verb.dep_ != "ROOT" or not _opens(verb) or verb.sent[-1].text == "?":
        return None  # a question put ("Going tonight?") tells nothing
    words = [t for t in _clause_words(verb) if t.i != verb.i]
    said = [t.lower_ for t in words]
    body, form = _body_owner(verb), _form(verb, ctx)
    if form == "VBZ" and body is None and not _of_someone(verb):
        return None  # "Sounds good", "Looks like rain": the dropped subject is "it"
    if form == "VBZ" or body is not None:
        return _held_third(verb, ctx, body)
    if _others_word(verb, words):
        return None  # "Took her car in", "Drove him home": who did it, the talk has not said
    asked = ctx.relative_for("") if ctx.asked_by is not None else None
    asked = asked or asked_about(ctx)
    if asked is not None and not any(w in _OWN for w in said):
        # "How's your mum?" - "Fell on the ice.", "What about Priya?" - "Started at the
        # bakery Monday.": the one asked about.
        return asked
    if any(c.dep_ in ("dobj", "dative") and c.lower_ in ("me", "us") for c in verb.children):
        return None  # "Took me three years to build": the teller is not its subject
    own = any(w in _OWN for w in said)
    if not own and _after_another(ctx):
        # "He worked at the steelworks. Retired in 2002.": in the teller's own turn, the
        # clause before carries its subject on; across turns, whose it is stays unsure.
        return _carried(ctx) if form in _TELLERS_FORMS and _tellers_deed(verb, form) else None
    if form in _TELLERS_FORMS and _tellers_deed(verb, form) or form == "VBP" and own:
        return Ref(role="speaker", kind="person")
    return None
