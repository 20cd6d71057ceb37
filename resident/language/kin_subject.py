"""Relatives said in passing whom the tagger did not read as such (issue 21, kin48):

- a sentence opened by a relative's noun, with or without a name beside it, that the parse did
  not make the subject of a verb: "My husband Anselmo repairs boats" (read as "Anselmo
  repairs" a noun), "mum works nights at the hospital" (read as one compound noun). The words
  from the verb on are parsed again with a pronoun of the noun's sex for the phrase ("He
  repairs boats"), read as usual, and the phrase put back as the subject: the named relative,
  or the owner's relative of that noun; the tie itself ("Anselmo husband_of <speaker>") is
  stored beside the deed;
- names typed in lower case right after a relative's noun ("our daughters ottilie and perpetua",
  "my brother ignatius"): a word WordNet knows as no word at all, or only as named
  individuals, said in apposition to a family noun, is a name.

Pure, given the parse function.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from resident.language import lexicon
from resident.language.kin import _kin_edge
from resident.language.kin_nouns import kin_noun, kin_nouns
from resident.language.kinship import kin_tie
from resident.language.refs import _owner_ref, subject_ref
from resident.language.reparse import _opening
from resident.language.statement import Context, Ref, Statement, is_elder

if TYPE_CHECKING:
    from spacy.tokens import Doc, Span, Token

    from resident.language.reparse import Reparse

#: The pronoun standing for a relative of each sex while the rest is parsed again.
_PRONOUN = {"m": "He", "f": "She"}
_WORDNET_POS = ("n", "v", "a", "r")
#: Longest name said after the noun ("My wife Ana Lucia Ferreira").
_MAX_NAME = 3
_SUBJECTS = ("nsubj", "nsubjpass")


def lower_case_name(tok: Token) -> bool:
    """A word typed in lower case that may only be a name: WordNet knows it as no word, or
    only as named individuals ("ottilie", "marek"; never "dean", "lance" or "rose")."""
    low = tok.lower_
    if not (tok.is_alpha and tok.is_lower and len(low) > 2) or tok.is_stop:
        return False
    if not lexicon.available():
        return False
    known = [p for p in _WORDNET_POS if lexicon.base(low, p) is not None]
    return not known or (known == ["n"] and lexicon.only_names(low))


def _is_name(tok: Token) -> bool:
    """A name said after a family noun: a capitalised proper noun, or one typed in lower case."""
    if tok.is_title and tok.pos_ in ("PROPN", "NOUN", "ADJ") and not tok.is_sent_start:
        return lexicon.base(tok.lower_, "v") is None or tok.pos_ == "PROPN"
    return lower_case_name(tok)


def names_after(noun: Token, end: int) -> list[Token]:
    """The names said right after a family noun (its "-in-law" passed over), before `end`:
    one name of up to three words, or a list of one-word names joined by "," and "and"
    ("our kids niamh and oisin")."""
    i = noun.i + (5 if kin_noun(noun).endswith("-in-law") else 1)
    doc = noun.doc
    names: list[Token] = []
    while i < end and _is_name(doc[i]) and len(names) < _MAX_NAME:
        names.append(doc[i])
        i += 1
    if len(names) != 1 or "Plur" not in noun.morph.get("Number", []):
        return names
    while i + 1 < end and doc[i].lower_ in (",", "and"):
        if doc[i].lower_ == "," and doc[i + 1].lower_ == "and":
            i += 1  # "niamh, oisin, and cara"
        if i + 1 >= end or not _is_name(doc[i + 1]):
            break
        names.append(doc[i + 1])
        i += 2
    return names


def lower_named_kin(sent: Span, ctx: Context) -> list[Statement]:
    """ "our daughters ottilie and perpetua", "my brother ignatius": the ties of the names typed in
    lower case after an owned family noun (capitalised ones are kin.py's)."""
    out: list[Statement] = []
    for tok in sent:
        if tok.pos_ != "NOUN" or kin_noun(tok) not in kin_nouns():
            continue
        names = names_after(tok, sent.end)
        if not names or not all(lower_case_name(n) for n in names):
            continue
        owner_tok = _owner_word(tok, names[0])
        if owner_tok is None or owner_tok.tag_ != "PRP$":
            # "teaching gary's daughter bsl": after a name's noun, a lower-case word may be
            # anything the verb takes; after "my", "our" it is the relative's name.
            continue
        plural = "Plur" in tok.morph.get("Number", [])
        for text in [n.text.capitalize() for n in names] if plural else [_joined(names)]:
            named = Ref(role="name", name=text, kind="person")
            out.extend(_kin_edge(tok, named, ctx, owner=_owner_ref(owner_tok, ctx)))
            ctx.remember(text, "person")
        if plural:
            # "their mum" next is each one's (their_ties).
            ctx.remember_group(
                [Ref(role="name", name=n.text.capitalize(), kind="person") for n in names]
            )
    return out


def _set_off_name(noun: Token, end: int) -> list[Token]:
    """A name set off by commas right after the noun ("Their mum, Claire, died ...")."""
    doc = noun.doc
    i = noun.i + 1
    if i + 2 < end and doc[i].text == "," and _is_name(doc[i + 1]) and doc[i + 2].text == ",":
        return [doc[i + 1]]
    return []


def _owner_word(noun: Token, name: Token) -> Token | None:
    """The possessive of a family noun and the name after it: the noun's, the name's (the
    parser may hang "Our" on the name it took for the head: "Our two sons barnaby"), or the
    one said right before the noun and its number or adjectives."""
    for head in (noun, name):
        found = next((c for c in head.children if c.dep_ == "poss"), None)
        if found is not None:
            return found
    i = noun.i - 1
    while i >= noun.sent.start and noun.doc[i].pos_ in ("NUM", "ADJ"):
        i -= 1
    before = noun.doc[i] if i >= noun.sent.start else None
    return before if before is not None and before.tag_ == "PRP$" else None


def _joined(names: list[Token]) -> str:
    return " ".join(n.text.capitalize() for n in names)


def kin_opened(
    sent: Span, ctx: Context, reparse: Reparse
) -> tuple[Doc, Ref, list[Statement]] | None:
    """The sentence's words from its verb on, parsed again with a pronoun for the relative
    that opens it, whom that pronoun stands for, and the tie said; None when the sentence
    opens with no relative, or the parse already made the relative its subject."""
    words = [t for t in sent.doc[_opening(sent) : sent.end] if not t.is_space]
    if len(words) < 3:
        return None
    owner_tok = words[0] if words[0].tag_ == "PRP$" else None
    noun_tok = words[1] if owner_tok is not None else words[0]
    noun = kin_noun(noun_tok)
    kin = kin_nouns().get(noun)
    if kin is None or noun_tok.pos_ not in ("NOUN", "PROPN", "ADJ") or noun_tok.tag_ == "NNS":
        return None
    names = names_after(noun_tok, sent.end)
    last = names[-1] if names else noun_tok
    verb_i = last.i + (5 if not names and noun.endswith("-in-law") else 1)
    if verb_i >= sent.end or not _may_start_verb(sent.doc[verb_i]):
        return None
    # A name typed in lower case is one no parse read as a name ("my brother ignatius fixes").
    unread = bool(names) and names[0].is_lower
    if _read_as_subject(noun_tok, sent.doc[noun_tok.i : verb_i]) and not unread:
        return None
    subject, ties = _subject(noun_tok, owner_tok, names, ctx)
    if subject is None:
        return None
    pronoun = _PRONOUN.get(kin.sex, "Someone")
    doc = reparse(f"{pronoun} {sent.doc[verb_i : sent.end].text}")
    first = doc[0]
    if len(doc) < 2 or first.dep_ not in _SUBJECTS or first.head.dep_ != "ROOT":
        return None
    if first.head.pos_ not in ("VERB", "AUX"):
        return None
    return doc, subject, ties


def _read_as_subject(noun_tok: Token, phrase: Span) -> bool:
    """Did the parse read the relative as the subject already: its noun, or a name the noun
    hangs on ("Our daughter Lena plays"; not "My brother-in-law Dev fixes", the noun hung
    on the verb alone)?"""
    for tok in phrase:
        subject = tok.dep_ in _SUBJECTS and tok.head.pos_ in ("VERB", "AUX")
        inside = phrase.start <= noun_tok.head.i < phrase.end
        if subject and (tok.i == noun_tok.i or inside):
            return True
    return False


def _may_start_verb(tok: Token) -> bool:
    """Could the word after the relative's phrase open its verb ("repairs", "is", "will")?
    Not a comma (a call: "Mum, you forgot"), nor "'s" (the relative's own thing or "is",
    which the first parse reads)."""
    if not tok.is_alpha or tok.tag_ == "POS" or tok.lower_ == "'s":
        return False
    if tok.pos_ == "AUX" or tok.tag_ == "MD":
        return True
    return lexicon.base(tok.lower_, "v") is not None


def _subject(
    noun_tok: Token, owner_tok: Token | None, names: list[Token], ctx: Context
) -> tuple[Ref | None, list[Statement]]:
    """Whom the opening phrase names, and the tie it says."""
    noun = kin_noun(noun_tok)
    owner = None if owner_tok is None else _owner_ref(owner_tok, ctx)
    if names:
        name = _joined(names) if names[0].is_lower else " ".join(n.text for n in names)
        named = Ref(role="name", name=name, kind="person")
        ctx.remember(name, "person")
        ties = [] if owner is None else _kin_edge(noun_tok, named, ctx, owner=owner)
        return named, ties
    if owner is not None:
        return Ref(role="kin", owner=owner, noun=noun, kind="person"), []
    if is_elder(noun):
        # "mum works nights": an elder's noun said alone is the speaker's (refs.bare_relative).
        return Ref(
            role="kin", owner=Ref(role="speaker", kind="person"), noun=noun, kind="person"
        ), []
    return None, []


def their_ties(sent: Span, ctx: Context) -> list[Statement]:
    """ "Our kids are Niamh and Oisin. Ruairi married their mum Carla": a relative named after
    "their" while a group of people is in mind is the relative of each of them (refs.py's
    owner of "their" is one name only)."""
    group = [r for r in ctx.they() if r.kind == "person" and r.role == "name"]
    if len(group) < 2:
        return []
    out: list[Statement] = []
    for tok in sent:
        noun = kin_noun(tok)
        if tok.pos_ != "NOUN" or noun not in kin_nouns() or "Plur" in tok.morph.get("Number", []):
            continue
        names = names_after(tok, sent.end) or _set_off_name(tok, sent.end)
        owner_tok = _owner_word(tok, names[0]) if len(names) == 1 else None
        if owner_tok is None or owner_tok.lower_ != "their":
            continue
        name = names[0].text.capitalize()
        named = Ref(role="name", name=name, kind="person")
        sex = kin_nouns()[noun].sex
        if sex != "-":
            ctx.note_sex(name, sex)
        ctx.remember(name, "person")
        out.extend(kin_tie(named, noun, owner) for owner in group if owner.name != name)
    return out


def kin_to(sent: Span, ctx: Context) -> list[Statement]:
    """ "I'm stepdad to Ruby and Theo", "I'm auntie to Wilfred": the subject of the
    copula is that relative of each name after "to" (the clause itself is read as "be X to"),
    and the names are a group in mind for a "their" after it."""
    out: list[Statement] = []
    for tok in sent:
        verb = tok.head
        noun = kin_noun(tok)
        if tok.dep_ not in ("attr", "acomp") or verb.lemma_ != "be" or noun not in kin_nouns():
            continue
        subj = next((c for c in verb.children if c.dep_ == "nsubj"), None)
        to = next((c for c in tok.children if c.dep_ == "prep" and c.lower_ == "to"), None)
        subject = None if subj is None else subject_ref(subj, ctx)
        objects = [] if to is None else [c for c in to.children if c.dep_ == "pobj"]
        if subject is None or len(objects) != 1:
            continue
        names = [n for n in (objects[0], *objects[0].conjuncts) if _is_name(n)]
        refs = [Ref(role="name", name=n.text.capitalize(), kind="person") for n in names]
        out.extend(kin_tie(subject, noun, named) for named in refs)
        for named in refs:
            ctx.remember(named.name or "", "person")
        ctx.remember_group(refs)
    return out
