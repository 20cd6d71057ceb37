"""A question with no verb takes its clause from the statement before it (sluicing, issue 21,
sluice24).

"Amir and I are moving in together in June." / "Where?" / "His place in Derby.": the middle
turn asks where of the statement before it, and the answer after it says where, but no turn
alone says where they are moving. The reader read the first turn's statements; this module
keeps them when one sentence of the turn made them all (of "I'm seeing someone. He's a chef."
a "Since when?" may ask of either, so of neither), notes a turn that closes with a verbless
wh-question ("Where?", "Since when?", "Who with?", "How long for?": data/sluices.tsv), and
reads the turn after it, when its teller (the one who made the statement) answers with a
fragment, as the same statements with the fragment in the gap's role:

- the fragment said with the gap's preposition when it has none of its own ("since" +
  "last weekend", "in" + "Windermere"; "to" for a going), its role read as the reader reads
  any preposition's phrase (roles._prep_roles), and kept only when it is the gap's role;
- the filler's head of the gap's kind (gap_kinds.py: a place for where, a person for who
  with, a point in time for since when, a length for how long); otherwise nothing;
- a statement that has the role already, or says what was not done, takes none.

The statements are the reader's own (their subject as it read it), so only their teller's
answer fills them: the "I" of "I'm in Portobello now" is the one who said it. Held in memory
with the rest of the running context, as question_held.Asked is; a restart forgets it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from resident.language.fragment_answer import answer_parts
from resident.language.gap_kinds import fits, kind_of_gap
from resident.language.hedging import hedged
from resident.language.kind_sluice import narrowed
from resident.language.roles import RoleFill, _prep_roles
from resident.language.words import table, words

if TYPE_CHECKING:
    from spacy.tokens import Doc, Span

    from resident.language.statement import Statement

#: A verbless wh-question -> (the preposition its filler is said with, the roles it fills).
_SLUICES: dict[str, tuple[str, frozenset[str]]] = {
    key: (cols[0], frozenset(cols[1].split()))
    for key, value in table("sluices").items()
    for cols in [value.split("\t")]
}
_MOTION = words("ellipsis_motion")
#: Words whose referent turns with who speaks.
_SPEAKERS = frozenset({"i", "me", "my", "we", "us", "our", "you", "your"})
_PREPS = frozenset({"ADP", "SCONJ"})
#: Said around a sluice and no part of it ("Kofi! Since when?", "Where, Grandad?").
_EDGE_DEPS = frozenset({"intj", "punct", "discourse", "cc"})


def sluice_key(sent: Span) -> str | None:
    """The sluice a sentence asks ("since when"), when it is a question of a wh-phrase
    alone, with no verb."""
    if not sent.text.rstrip().endswith("?") or any(t.pos_ in ("VERB", "AUX") for t in sent):
        return None
    said = []
    for t in sent:
        if t.text == ",":
            break  # "Where, Grandad?": the one it is put to is no part of it
        if not (t.is_punct or t.dep_ in _EDGE_DEPS or t.pos_ == "INTJ"):
            said.append(t.lower_)
    if len(said) > 3 and said[2] == "of":  # "What kind of bike?": the kind asked of the bike
        said = said[:2]
    key = " ".join(said)
    return key if key in _SLUICES else None


@dataclass(frozen=True)
class _Said:
    teller: str | None
    turn: int
    statements: tuple[Statement, ...]
    #: The sentence they were read from, for a fragment said after it (splice.py).
    frame: Span | None = None


@dataclass(frozen=True)
class _Asked:
    key: str
    turn: int
    said: _Said


@dataclass
class Sluiced:
    """The last statements read and the verbless question asked of them, for the turn after."""

    said: _Said | None = None
    asked: _Asked | None = None

    def told(
        self, teller: str | None, turn: int, statements: list[Statement], frame: Span | None = None
    ) -> None:
        """Note the statements turn `turn` made in its one sentence that made any ([] when
        several did: which one a sluice after it asks of is not known), and that sentence."""
        self.said = _Said(teller, turn, tuple(statements), frame) if statements else None

    def frame(self, teller: str | None, turn: int, name: str | None) -> Span | None:
        """The sentence of the turn just before `turn` that a fragment of `teller` (named
        `name`) may finish: one `teller` said, or one another said of `teller` by name
        ("Radek moved house." / Radek: "To Harrogate.")."""
        said = self.said
        if said is None or teller is None or said.turn != turn - 1 or said.frame is None:
            return None
        if said.teller == teller:
            return said.frame
        if any(t.lower_ in _SPEAKERS for t in said.frame):
            return None  # its "I" and "you" are not the ones of the fragment's teller
        subjects = [t for t in said.frame.root.children if t.dep_ in ("nsubj", "nsubjpass")]
        named = bool(name) and [t.text.lower() for t in subjects] == [str(name).lower()]
        return said.frame if named else None

    def teller_of_frame(self) -> str | None:
        """Who said the sentence a fragment may finish (`frame`): a fragment that is only their
        name calls to them ("gemma's got a boyfriend" / "NATHAN"), it names nothing."""
        return self.said.teller if self.said is not None else None

    def carried(self, teller: str | None, turn: int) -> list[Statement]:
        """The statements of the turn just before `turn` when `teller` said them too, for a
        fragment that adds to them ("We adopted a dog." / "A whippet."); else []."""
        said = self.said
        if said is None or teller is None or said.teller != teller or said.turn != turn - 1:
            return []
        return list(said.statements)

    def heard(self, doc: Doc | None, turn: int) -> None:
        """Note turn `turn`: a sluice it closes with, asked of the turn before's statements."""
        sents = list(doc.sents) if doc is not None and doc.has_annotation("DEP") else []
        key = sluice_key(sents[-1]) if sents else None
        if key is not None and self.said is not None and self.said.turn == turn - 1:
            self.asked = _Asked(key, turn, self.said)

    def answered(
        self, doc: Doc, person_id: str | None, turn: int, doc_of: object
    ) -> list[Statement]:
        """The statements the sluice was asked of, with turn `turn`'s fragment (said by
        `person_id`) in the gap's role; [] when it answers no sluice."""
        asked = self.asked
        if asked is None or asked.turn != turn - 1 or person_id is None:
            return []
        if asked.said.teller != person_id:
            return []  # the statements' "I" and "my" are their teller's
        return filled(asked.key, asked.said.statements, doc, doc_of)


def filled(
    key: str, statements: tuple[Statement, ...], doc: Doc, doc_of: object
) -> list[Statement]:
    """The statements with the answer `doc`'s fragment in the role the sluice `key` asks."""
    answer = answer_parts(doc)
    if answer.polarity is not None or not answer.fragment or answer.pronoun or hedged(doc):
        return []  # "No idea.", "Not sure, ask Mum.", "Him.": nothing to put in the gap
    prep, family = _SLUICES[key]
    if family == {"object"}:  # "What kind?" / "A collie.": the thing said more exactly
        return narrowed(statements, answer.fragment, doc_of)
    out = []
    for st in statements:
        timed = "time" in family and st.when is not None
        if st.negated or timed or any(r.role in family for r in st.roles):
            continue  # what was not done has no where; a role is not said twice
        roles = _filler(key, answer.fragment, answer.placed, prep, st, doc_of)
        if not roles:
            return []
        update: dict[str, object] = {"roles": (*st.roles, *roles)}
        if roles[0].role == "time" and st.when is None:
            update["when"] = roles[0].text
        out.append(st.model_copy(update=update))
    return out


def _filler(
    key: str, fragment: str, placed: bool, prep: str, st: Statement, doc_of: object
) -> list[RoleFill]:
    """The fragment read as the gap's roles, said with the sluice's preposition when it has
    none ("to" for a going), when its head is of the gap's kind."""
    fragment = fragment.split(",")[0]  # "In Windermere, the Lake District one": its head
    if not placed and prep != "-":
        prep = "to" if key == "where" and st.verb in _MOTION else prep
        fragment = f"{prep} {fragment}"
    said = doc_of(fragment + ".")  # type: ignore[operator]
    opening = next(iter(said.sents))
    kind = kind_of_gap(key)
    if kind is not None and not fits(kind, [t for t in opening if not t.is_punct]):
        return []
    _, family = _SLUICES[key]
    if prep == "-" and not placed:
        return [RoleFill(role=min(family), text=fragment)]  # "When?" / "Last weekend."
    # Each preposition's phrase, nested ones too ("the wall in St Werburghs": the wall, and
    # St Werburghs), read as the reader reads them in a clause.
    roles: list[RoleFill] = []
    used: set[int] = set()
    for token in opening:
        if token.pos_ in _PREPS and token.dep_ in ("prep", "ROOT") and token.i not in used:
            roles += [r for r in _prep_roles(token, used, False) if r.role in family]
            used.add(token.i)
    return list(dict.fromkeys(roles))  # a nested phrase the outer one read already
