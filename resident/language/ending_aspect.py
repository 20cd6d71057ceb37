"""The aspect of a clause that ends what it names (issue 21, change26): "Dad gave up driving
after the fall", "we stopped looking", "she's quit smoking". A verb of ending is one the data
file names (data/cessation_verbs.txt: phrasal verbs WordNet does not group, "pack in") or one
whose frequent verb senses WordNet files as, or under, "put an end to a state or an activity"
(discontinue.v.01: stop, quit, give up, cease, retire ...). Its gerund is the doing that
ended; said with no object of its own it is stored as the ending's object ("Walter gives_up
driving"), so "Does Walter still drive?" finds the end (ended.ceased) and the store ends the
doing held before (superseded.end_ceased). Pure: reads the parse and WordNet only."""

from __future__ import annotations

import functools
import re
from typing import TYPE_CHECKING

from resident.language import lexicon
from resident.language.words import words

if TYPE_CHECKING:
    from spacy.tokens import Span, Token

    from resident.language.reparse import Reparse
    from resident.language.statement import Context, Ref, Statement

#: WordNet's sense of ending a state or an activity; a verb with one of its first senses at
#: or under it is a verb of ending.
_ENDING_SENSES = frozenset({"discontinue.v.01"})
#: How many of a verb's most frequent senses are read: the rare ones tie unrelated verbs in
#: ("drop" reaches discontinue only by its seventh sense).
_SENSES = 4


@functools.lru_cache(maxsize=4096)
def ends_activity(lemma: str) -> bool:
    """Is `lemma` ("give_up", "stop", "quit") a verb of ending a doing?"""
    if "_" in lemma and lemma in words("cessation_verbs"):
        # The data's phrasal verbs ("pack_in", "go_off"); its single verbs are events of
        # other kinds as well ("finish", "leave", "drop"), read by WordNet's sense here.
        return True
    wn = lexicon.reader()
    if wn is None:
        return False
    for sense in wn.synsets(lemma, "v")[:_SENSES]:
        above = {h.name() for h in sense.closure(lambda s: s.hypernyms())}
        if sense.name() in _ENDING_SENSES or above & _ENDING_SENSES:
            return True
    return False


def ending_lemma(verb: Token) -> str:
    """The verb as the data writes it, with its particle ("gave up": give_up)."""
    prt = next((c.lower_ for c in verb.children if c.dep_ == "prt"), "")
    lemma = verb.lemma_.lower()
    return f"{lemma}_{prt}" if prt else lemma


def _gerund(tok: Token) -> bool:
    """An -ing form of a verb, whatever the tagger called it ("cycling" tagged a noun)."""
    if tok.tag_ == "VBG":
        return True
    return tok.pos_ == "NOUN" and tok.lower_.endswith("ing") and bool(lexicon.base(tok.lower_, "v"))


def _of_pronoun(prep: Token) -> bool:
    """Is the preposition's object a pronoun ("about it", "with him")?"""
    return any(c.dep_ == "pobj" and c.pos_ == "PRON" for c in prep.children)


def ended_doing(verb: Token) -> str | None:
    """The doing a verb of ending ends, as a gerund ("driving", "looking"), when it is said
    bare as the verb's complement: "Dad gave up driving", "we stopped looking". None when the
    verb ends nothing, or the gerund has an object or complement of its own ("stopped
    teaching PE" is read whole by the clause reader), or is no gerund ("stopped to look"
    stops for a purpose)."""
    xcomp = next((c for c in verb.children if c.dep_ == "xcomp"), None)
    if xcomp is None or not _gerund(xcomp) or not ends_activity(ending_lemma(verb)):
        return None
    if any(c.dep_ in ("dobj", "attr", "ccomp", "xcomp", "dative") for c in xcomp.children):
        return None
    if any(_of_pronoun(c) for c in xcomp.children if c.dep_ == "prep"):
        return None  # "stopped arguing about it": what was ended is not said by the gerund
    prt = next((c.lower_ for c in xcomp.children if c.dep_ == "prt"), "")
    return " ".join(w for w in (xcomp.lower_, prt, *_where_done(xcomp)) if w)


#: The prepositions that say where or with whom a doing was done ("cycling to work",
#: "swimming in the sea"), kept with the doing that ended; "for now", "after the fall" are not.
_PLACE_PREPS = frozenset({"to", "at", "in", "with"})


def _where_done(gerund: Token) -> list[str]:
    """The gerund's place phrase ("to work"), when its object is a plain noun (no time)."""
    for prep in gerund.children:
        if prep.dep_ != "prep" or prep.lower_ not in _PLACE_PREPS:
            continue
        pobj = next((c for c in prep.children if c.dep_ == "pobj"), None)
        if pobj is None or pobj.pos_ not in ("NOUN", "PROPN") or pobj.ent_type_ in ("DATE", "TIME"):
            continue
        if lexicon.first_lexname(pobj.lemma_.lower(), "n") == "noun.time":
            continue
        return [t.lower_ for t in prep.subtree]
    return []


def _end_marker(sent: Span) -> list[Token]:
    """The words of "any more" / "anymore" / "any longer" in a negated sentence ("I'm not
    vegetarian any more"), as data/ended_aspect_markers.txt writes them; none where the sentence has
    no negation ("I can't wait any more" has one; "any more tea?" asks for some)."""
    markers = words("ended_aspect_markers")
    if not any(t.dep_ == "neg" or t.lower_ in ("not", "n't", "never") for t in sent):
        return []
    out: list[Token] = []
    for tok in sent:
        after = sent.doc[tok.i + 1] if tok.i + 1 < sent.end else None
        if tok.lower_ in markers:
            out.append(tok)
        elif after is not None and f"{tok.lower_} {after.lower_}" in markers:
            out.extend((tok, after))
    return out


def _misread(head: Token) -> bool:
    """Is the word the marker hangs on a misparse: no verb ("vegetarian" an adjective), or
    a verb with a passive auxiliary that is no participle ("'m not vegan", "vegan" a verb)?"""
    if head.pos_ not in ("VERB", "AUX"):
        return True
    return head.tag_ != "VBN" and any(c.dep_ == "auxpass" for c in head.children)


def without_end_marker(sent: Span, reparse: Reparse) -> Span | None:
    """The sentence parsed again without its "any more": the small parser reads "I'm not
    vegetarian any more" with "'m" a passive auxiliary and no copula, so the negated state is
    lost (`_misread`). The negation stays, so the
    reading is the state denied now; that it was so before is the turn's change marker
    (roles.declares_change reads the turn as said)."""
    marker = _end_marker(sent)
    inside = {t.i for t in marker}
    if not marker or not any(_misread(t.head) for t in marker if t.head.i not in inside):
        # Hung on a verb ("I don't play any more"), the parse stands as it is.
        return None
    drop = {t.i for t in marker}
    text = "".join(t.text_with_ws for t in sent if t.i not in drop).strip()
    text = re.sub(r"\s+([,.;:!?])", r"\1", text)  # "a student , she": the space dropped too
    if not text:
        return None
    doc = reparse(text)
    return next(iter(doc.sents), None)


def parts_with_thing(verb: Token, subject: Ref) -> bool:
    """Is the clause a passive of parting said of a thing ("the van was sold")?"""
    if subject.kind in ("person", "animal") or verb.tag_ != "VBN":
        return False
    return ending_lemma(verb) in words("parting_verbs")


def parted_thing(verb: Token, subject: Ref) -> Statement | None:
    """ "The van was sold in July", "the old boat got given away": a thing said to have been
    parted with (data/parting_verbs.txt), no one named doing it, is kept as said of the thing
    ("van is sold"), so the store ends whoever's having it (sold_thing.end_sold)."""
    from resident.language.clause_parts import _negated, verb_mood
    from resident.language.objects import conditional
    from resident.language.passive_agent import befell
    from resident.language.roles import modality

    if not parts_with_thing(verb, subject) or _negated(verb) or conditional(verb):
        return None  # "if the car was sold, ...": nothing a hypothetical says is kept
    if modality(verb, verb_mood(verb)) == "hypothetical":
        return None
    if any(c.dep_ in ("agent", "dative", "dobj") for c in verb.children):
        return None  # "sold by my brother", "was sold a lemon": who did what is said
    auxpass = next((c for c in verb.children if c.dep_ == "auxpass"), None)
    mood = verb_mood(verb)
    if auxpass is None or mood not in ("fact", "past"):
        return None
    said = befell(verb, auxpass, subject, mood)
    prt = next((c.lower_ for c in verb.children if c.dep_ == "prt"), "")
    # "given away": the particle is the parting ("given" alone is no end of having).
    return said.model_copy(update={"object": f"{said.object} {prt}" if prt else said.object})


def parted_statements(
    verb: Token, subj_tok: Token | None, subject: Ref, ctx: Context | None = None
) -> list[Statement]:
    """What a passive of parting said of a thing stores, with the clause's roles ("in July"):
    a state that lasts, though said in the past (tense.ended_state reads a done clause in the
    past as over by now: "the van was sold in July" is sold still)."""
    from resident.language.middle_voice import owner_parted
    from resident.language.role_fill import with_roles

    said = parted_thing(verb, subject)
    if said is None:
        return []  # "the car wasn't sold": nothing
    kept = [
        st.model_copy(update={"modality": "state"}) for st in with_roles(verb, subj_tok, [said])
    ]
    owned = None if ctx is None else owner_parted(verb, subj_tok, said, ctx)  # "my flat sold"
    return kept + ([] if owned is None else with_roles(verb, subj_tok, [owned]))


def parted_subject(verb: Token, tok: Token | None) -> Ref | None:
    """The thing a passive of parting names where the house's things do not ("the van was
    sold": WordNet's first sense of "van" is a group): a definite noun with a sense WordNet
    files among artifacts is a thing one may sell or give away. None for any other verb."""
    from resident.language.statement import Ref

    if tok is None or tok.pos_ != "NOUN" or ending_lemma(verb) not in words("parting_verbs"):
        return None
    if not any(c.dep_ in ("det", "poss") for c in tok.children):
        return None
    noun = tok.lemma_.lower()
    if "noun.artifact" not in lexicon.lexnames(noun, "n"):
        return None
    return Ref(role="name", name=noun, kind="thing")
