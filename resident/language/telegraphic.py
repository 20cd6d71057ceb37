"""A telegraphic self-description, read as the statements it leaves out the words of (issue 21).

"gethin, welsh, 24, work in a climbing shop, hate mondays" has no subject and, mostly, no
verb: the reader stores nothing of it. When a sentence opens with the speaker's own name (the
way people introduce themselves in chat: "ines, 27, from porto"; "bo btw. nurse, ..."), each
comma-separated part after it is something the speaker says of themself, and is said again
with the words left out, from what the part's own words are:

- a verb's plain form: "work in a climbing shop" -> "I work in a climbing shop";
- a number, a preposition's phrase or an -ing verb: "24", "from porto", "doing a masters ..."
  -> "I am 24", "I am from porto", "I am doing a masters ...";
- a bare person noun with no article and no phrase after it ("nurse", "paediatric nurse")
  -> "I am nurse": a singular noun WordNet knows first as a kind of person is what one is; a
  plural, an article, a place after it ("night shifts at the BRI"), a name ("porto") or an
  adjective ("welsh", "knackered": as often a mood as a fact) is left alone.

The parts end at the first that is a clause of its own or opens with a conjunction ("so if
im asleep ..."): the rest of the turn is read as it is. Each sentence so made is then read by
the one reader, as if the speaker had said it. A verbless sentence closing with "me" said
alone ("Night nurse, me.") is read the same way, the "me" standing where the name does.
Pure: a parsed turn in, sentences out.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from resident.language import lexicon

if TYPE_CHECKING:
    from spacy.tokens import Doc, Token

#: Tags of a part's first word that say "I am ..." leaves out the copula: a preposition, an
#: -ing form (a number too, when the part is the number alone).
_AM_POS = frozenset({"ADP"})
_AM_TAGS = frozenset({"VBG"})
#: Tags of a verb's plain form ("work", "hate"), said with "I" before it.
_PLAIN_VERB_TAGS = frozenset({"VB", "VBP"})
_STOP_POS = frozenset({"CCONJ", "SCONJ"})
#: What the name's own part may hold besides the name ("bo btw", "Tom here"): no verb, no noun.
_NAME_PART_POS = frozenset({"ADV", "INTJ", "PROPN", "X"})


def _parts(tokens: list[Token]) -> list[list[Token]]:
    """The tokens split at punctuation, each part without it (the parser's sentences are not
    used: a run of chat like this is often parsed as one sentence, or cut mid-list)."""
    out: list[list[Token]] = [[]]
    for t in tokens:
        if t.is_punct:
            if out[-1]:
                out.append([])
            continue
        out[-1].append(t)
    return [p for p in out if p]


def _clause(part: list[Token]) -> bool:
    """Is the part a clause of its own: a subject pronoun, or a finite verb after its first
    word ("can you pass the salt", "she lives in Porto")?"""
    return any("Nom" in t.morph.get("Case", []) for t in part) or any(
        "Fin" in t.morph.get("VerbForm", []) or t.tag_ == "MD" for t in part[1:]
    )


def _bare_noun(part: list[Token]) -> bool:
    """ "nurse", "paediatric nurse", "welsh": no article, no phrase after it, one person's
    kind or a quality ("porto" is where one is from, not what one is)."""
    if any(t.pos_ in ("DET", "ADP", "PRON", "VERB", "AUX", "NUM") or t.ent_type_ for t in part):
        return False
    head = part[-1]
    if head.pos_ not in ("NOUN", "ADJ", "PROPN") or "Plur" in head.morph.get("Number", []):
        return False
    # What one is: a person noun by WordNet's first sense ("nurse"). An adjective is left alone:
    # in such a list it is as often a mood of the moment ("tired", "skint") as a standing fact.
    word = head.lower_
    return lexicon.person_noun(word) and lexicon.base(word, "a") is None


def _said(part: list[Token]) -> str:
    return "".join(t.text_with_ws for t in part).strip()


def _sentence(part: list[Token]) -> str | None:
    first = part[0]
    if first.tag_ in _PLAIN_VERB_TAGS:
        return f"I {_said(part)}."
    if all(t.like_num for t in part):
        return f"I am {_said(part)}."  # "24": an age said alone
    if first.pos_ in _AM_POS or first.tag_ in _AM_TAGS or _bare_noun(part):
        return f"I am {_said(part)}."
    return None


def _name_part(part: list[Token], name: str) -> bool:
    return (
        part[0].lower_ == name.lower()
        and len(part) <= 2
        and all(t.pos_ in _NAME_PART_POS for t in part[1:])
    )


def self_described(doc: Doc, name: str | None) -> list[str]:
    """The sentences a telegraphic self-description by `name` leaves out the words of, in the
    order said ([] when no part of `doc` is the name alone)."""
    if not name or not doc.has_annotation("DEP"):
        return []
    parts = _parts(list(doc))
    start = next((n for n, p in enumerate(parts) if _name_part(p, name)), None)
    if start is None:
        return [said for part in _noted_of_me(doc) if (said := _sentence(part)) is not None]
    out = []
    for part in parts[start + 1 :]:
        if part[0].pos_ in _STOP_POS or _clause(part):
            break  # the rest is a clause of its own, read as it is
        said = _sentence(part)
        if said is not None:
            out.append(said)
    return out


def _noted_of_me(doc: Doc) -> list[list[Token]]:
    """The parts of each verbless sentence that closes with a self-reference said alone ("Night
    nurse, me.", "Retired teacher, me."): what the speaker says of themself, the "me" where a
    self-description opens with the name."""
    out: list[list[Token]] = []
    for sent in doc.sents:
        parts = _parts(list(sent))
        if len(parts) < 2 or [t.lower_ for t in parts[-1]] != ["me"]:
            continue
        if not any(t.pos_ in ("VERB", "AUX") for t in sent):
            out.extend(p for p in parts[:-1] if not _clause(p))
    return out
