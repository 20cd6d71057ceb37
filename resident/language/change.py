"""Reading a change of state (issue 26): "Not anymore, actually. I work at a bakery now", "I no
longer work there", "I switched jobs", "we moved the dentist to Friday". Such a turn ends the
earlier claim's validity (`valid_to`) rather than contradicting it; the row stays, so "Where
did Ana work before?" still reads it. Also the tense a question asks in (`question_tense`).

The cue words are data (data/change.toml), matched on spaCy's lemmas; the subject, predicate and
value come from the statement the reader already built, so nothing here is tied to a sentence.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime
from functools import cache
from importlib import resources

from spacy.tokens import Doc, Span, Token

from resident.cognition.epistemic import parse_provenance
from resident.cognition.statements import is_one_valued
from resident.errors import NotFound
from resident.language import lexicon
from resident.language.used_to import used_to
from resident.memory.client import GraphStore
from resident.memory.valid_time import Tense
from resident.records import Claim, Level

NEGATED_PREFIX = "not_"


@dataclass(frozen=True)
class Cues:
    aspect: tuple[tuple[str, ...], ...]
    ended: tuple[tuple[str, ...], ...]
    replaced: tuple[tuple[str, ...], ...]
    ever: tuple[tuple[str, ...], ...]
    before: tuple[tuple[str, ...], ...]
    rescheduled: tuple[tuple[str, ...], ...]
    nouns: dict[str, str]


@cache
def cues() -> Cues:
    raw = tomllib.loads(
        resources.files("resident.language").joinpath("data/change.toml").read_text("utf-8")
    )

    def phrases(key: str) -> tuple[tuple[str, ...], ...]:
        return tuple(tuple(p) for p in raw[key])

    return Cues(
        aspect=phrases("aspect"),
        ended=phrases("ended"),
        replaced=phrases("replaced"),
        ever=phrases("ever"),
        before=phrases("before"),
        rescheduled=phrases("rescheduled"),
        nouns=dict(raw["nouns"]),
    )


def _lemmas(tokens: Iterable[object]) -> list[str]:
    out = []
    for tok in tokens:
        lemma = str(getattr(tok, "lemma_", "") or getattr(tok, "lower_", "")).lower()
        out.append(lemma or str(getattr(tok, "lower_", "")).lower())
    return out


def _says(lemmas: Sequence[str], words: Sequence[str], phrases: Iterable[Sequence[str]]) -> bool:
    for phrase in phrases:
        n = len(phrase)
        for i in range(len(lemmas) - n + 1):
            window = lemmas[i : i + n]
            if list(phrase) in (window, list(words[i : i + n])):
                return True
    return False


def change_kind(doc: Doc | Span | None) -> str | None:
    """ "ended" when the turn says an earlier state stopped ("not anymore", "no longer"),
    "replaced" when it says a new one took its place ("now", "switched"), else None."""
    if doc is None:
        return None
    words = [t.lower_ for t in doc]
    lemmas = _lemmas(doc)
    c = cues()
    if _says(lemmas, words, c.ended):
        return "ended"
    if _says(lemmas, words, c.replaced):
        return "replaced"
    return None


def said_over(verb: Token) -> list[Token]:
    """The words of the verb's own clause that say it is over ("anymore", "any more", "no
    longer", "any longer"), each as the child of the verb it hangs from; none when the
    clause says nothing ended."""
    out = []
    for child in verb.children:
        if child.dep_ not in ("advmod", "dobj", "npadvmod"):
            continue
        said = list(child.subtree)
        if _says(_lemmas(said), [t.lower_ for t in said], cues().ended):
            out.append(child)
    return out


def _plain_words(text: str) -> list[str]:
    return re.findall(r"[a-z']+", text.lower())


def untensed_question(text: str) -> str:
    """A question without its closing time words ("Where did Ana study before?" -> "Where did
    Ana study?"): the tense is read from the whole text (`question_tense`), and the question
    reader then reads only what is asked about."""
    if not text.endswith("?"):
        return text
    # "still", "currently": the present, which a question is read in anyway.
    words = text[:-1].split()
    aspect = {w for p in cues().aspect for w in p}
    kept = [w for w in words if w.lower() not in aspect]
    body = " ".join(kept) if kept else text[:-1].rstrip()
    text = body + "?"
    for phrase in sorted(cues().before + cues().ever, key=len, reverse=True):
        tail = " " + " ".join(phrase)
        if body.lower().endswith(tail) and len(body) > len(tail):
            return body[: -len(tail)].rstrip(" ,") + "?"
    return text


def asks_now(doc: Doc | None, text: str) -> bool:
    """A present-tense question ("Does Ben still work at a law firm?")."""
    return text.rstrip().endswith("?") and question_tense(doc, text) is Tense.NOW


def asks_before(doc: Doc | None, text: str) -> bool:
    """A question about what stopped being true ("Did Lena use to play the cello?")."""
    return text.rstrip().endswith("?") and question_tense(doc, text) is Tense.BEFORE


def question_tense(doc: Doc | None, text: str | None = None) -> Tense:
    """The time a question asks about: "ever" any time, "before"/"used to" what stopped being
    true, otherwise now (a present-tense question answers from the claims valid now). `text`,
    when given, is the turn as said (its time words may have been left out of `doc`)."""
    if text is not None:
        said = _plain_words(text)
        if _says(said, said, cues().ever):
            return Tense.EVER
        if _says(said, said, cues().before):
            return Tense.BEFORE
    if doc is None:
        return Tense.NOW
    words = [t.lower_ for t in doc]
    lemmas = _lemmas(doc)
    c = cues()
    if _says(lemmas, words, c.ever):
        return Tense.EVER
    if _says(lemmas, words, c.before) or any(used_to(t) for t in doc):
        return Tense.BEFORE  # "Did Lena use to play the cello?"
    # "Where did Ben work?": a past tense asks about any time, the present included.
    if any(t.tag_ in ("VBD", "VBN") and t.dep_ in ("ROOT", "aux") and not _present(t) for t in doc):
        return Tense.EVER
    return Tense.NOW


def _present(verb: Token) -> bool:
    """A passive said in the present ("What is the fish called?"): the present, not a past
    tense ("Where has Ana worked?" asks of any time, as the past does)."""
    auxes = [c for c in verb.children if c.dep_ == "auxpass"]
    # The tagger may call the participle a past form ("is Zain's fish called": VBD).
    return any("Pres" in a.morph.get("Tense", []) for a in auxes)


def word_may_end(other: Claim, now: datetime, same_turn: bool = False) -> bool:
    """May a person's word end this held claim: told before the turn (or in it, `same_turn`),
    still valid, not an opinion, and not grounded (a person's word does not end a source's
    record)?"""
    told = other.created_at <= now if same_turn else other.created_at < now
    return (
        told
        and other.valid_at(now)
        and other.level is not Level.OPINION
        and not parse_provenance(other.provenance).grounded
    )


def endable(other: Claim, claim: Claim, now: datetime) -> bool:
    """An earlier claim this statement's change ends: same subject and attribute, and one a
    person's word may end. A claim this same turn stated is part of the change, not what it
    ended."""
    return other.id != claim.id and word_may_end(other, now)


def settle(
    graph: GraphStore, doc: Doc | None, claim: Claim, said: datetime, now: datetime
) -> list[Claim]:
    """Apply a change of state a turn states with `claim`; returns the claims it ended.

    "I work at a bakery now" ends the speaker's other works_at values; "I don't work at the
    bookshop anymore" (stored as not_works_at) ends works_at bookshop; saying an ended claim
    again with a cue makes it hold again. Nothing is deleted or lowered."""
    kind = change_kind(doc)
    if kind is None:
        return []
    if claim.predicate not in cues().nouns.values():
        # "I switched jobs" read as a claim of its own: the noun names the attribute that ended.
        by_noun = settle_by_noun(graph, doc, claim.subject, said, now)
        if by_noun:
            return by_noun
    when = min(said, now)
    if claim.valid_to is not None:
        graph.end_validity(claim.id, None, now)
    if claim.predicate.startswith(NEGATED_PREFIX):
        base = claim.predicate[len(NEGATED_PREFIX) :]
        targets = [
            o
            for o in graph.peek_claims(claim.subject)
            if _negates(o, base, claim.object_value) and endable(o, claim, now)
        ]
    else:
        targets = [
            o
            for o in graph.peek_claims(claim.subject, claim.predicate)
            if o.object_value != claim.object_value
            and endable(o, claim, now)
            and _replaces(graph, o, claim)
        ]
    return [graph.end_validity(o.id, when, now) for o in targets]


def _negates(other: Claim, predicate: str, value: str) -> bool:
    """Does "not <predicate> <value>" said with "anymore" end `other`? The same predicate and
    value ("doesn't play football anymore": plays football), or, when only the doing is said
    ("I no longer drive": not does driving), any claim of that verb ("drives to church")."""
    if other.predicate == predicate and other.object_value == value:
        return True
    doing = lexicon.base(value, "v") if predicate == "does" and value.endswith("ing") else None
    if doing is None or other.predicate.startswith(NEGATED_PREFIX):
        return False
    head = other.predicate.split("_")[0]
    return (lexicon.base(head, "v") or head) == doing


def _replaces(graph: GraphStore, other: Claim, claim: Claim) -> bool:
    """Can the new value stand in for the earlier one? Always for a one-valued attribute
    (cognition's rule: one works_at at a time). Of a many-valued one ("brings"), not when
    both are things WordNet knows under different head nouns: bringing a tent "instead"
    replaces the tent said before, not the stove. A name WordNet lacks ("Skoda" for "Ford")
    may be either, so it ends the earlier value as before."""
    if is_one_valued(claim.predicate):
        return True
    heads = [_head_noun(graph, c) for c in (other, claim)]
    if None in heads or heads[0] == heads[1]:
        return True
    return not all(lexicon.base(h or "", "n") for h in heads)


def _head_noun(graph: GraphStore, claim: Claim) -> str | None:
    """The head word of a claim's object as said ("sister" of "Nadia's sister"), lower case;
    None for a literal or a name (a capitalised label)."""
    if claim.object_entity is None:
        return None
    try:
        label = graph.get_entity(claim.object_entity).label
    except NotFound:
        return None
    words = label.split()
    return words[-1] if words and words[-1].islower() else None


def settle_by_noun(
    graph: GraphStore, doc: Doc | None, subject: str, said: datetime, now: datetime
) -> list[Claim]:
    """ "I switched jobs", "we moved house": a change named by a noun that stands for an
    attribute, with no new value said. Ends the subject's valid values of that attribute."""
    if change_kind(doc) is None or doc is None:
        return []
    c = cues()
    predicates = {c.nouns[lem] for lem in _lemmas(doc) if lem in c.nouns}
    return [
        graph.end_validity(other.id, min(said, now), now)
        for predicate in sorted(predicates)
        for other in graph.peek_claims(subject, predicate)
        if word_may_end(other, now)
    ]


def file_disagreement(graph: GraphStore, claim: Claim, now: datetime) -> None:
    """Two people told MAX different values of a one-valued attribute: a curiosity gap (one per
    subject and attribute while open), so the exploration loop plans a question to a person
    who can settle it."""
    for gap in graph.open_gaps(limit=1000):
        if (gap.subject, gap.predicate) == (claim.subject, claim.predicate):
            return
    graph.file_gap(
        claim.subject,
        claim.predicate,
        f"Which value of {claim.predicate} holds for {claim.subject}?",
        now,
        claim_id=claim.id,
    )
