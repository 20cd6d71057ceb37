"""Intent recognition: text (as a spaCy Doc) -> an intent and its slots, with no IO.

Rules over spaCy's tokens (their `norm_` forms: "'m" -> "am", "n't" -> "not") work with
`spacy.blank("en")`; a trained pipeline adds a subject-verb-object reading for verbs the
relation table does not know. Nothing here touches the graph or the resident.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from enum import StrEnum
from typing import TYPE_CHECKING, NamedTuple

from pydantic import BaseModel, ConfigDict

from resident.records import PREDICATE_RE

if TYPE_CHECKING:
    # spaCy is imported when a pipeline is loaded, not when MAX's modules are.
    from spacy.tokens import Doc


class Intent(StrEnum):
    GREETING = "greeting"
    FAREWELL = "farewell"
    HOW_ARE_YOU = "how_are_you"
    INTRODUCTION = "introduction"
    STATEMENT = "statement"
    CORRECTION = "correction"
    QUESTION = "question"
    WHY = "why"
    PRAISE = "praise"
    HOSTILITY = "hostility"
    #: "What have you read?", "What is <title> about?" ... (resident.literature.answers).
    READING = "reading"
    UNKNOWN = "unknown"


class QuestionKind(StrEnum):
    OBJECT = "object"  # "What does aspirin treat?", "When is Ana's birthday?"
    SUBJECT = "subject"  # "What treats headache?"
    ABOUT = "about"  # "What do you know about Ana?"
    CHECK = "check"  # "Does aspirin treat headache?"


class Triple(BaseModel):
    """A statement as said: phrases, not yet entities. A subject or object of None is the
    unknown a question asks for, unless `speaker` says the subject is the person talking."""

    model_config = ConfigDict(frozen=True)

    subject: str | None
    predicate: str
    object: str | None
    #: The subject is the speaker ("I live in Lisbon", "my birthday").
    speaker: bool = False
    #: The object is a value (a date, a number, a name), kept as a literal, not an entity.
    literal: bool = False


class Parsed(BaseModel):
    """What a turn's text asks of MAX."""

    model_config = ConfigDict(frozen=True)

    intent: Intent
    text: str
    greeted: bool = False
    #: introduction: the name given.
    name: str | None = None
    #: statement, correction, question (OBJECT/SUBJECT/CHECK) and why: the triple.
    triple: Triple | None = None
    question: QuestionKind | None = None
    #: question ABOUT and why without a statement: the subject phrase (None = the speaker).
    about: str | None = None
    #: why: "why do you think that?" refers to what MAX said last.
    refers_back: bool = False
    #: unknown: why the text was not understood, for the reply.
    reason: str | None = None


class Word(NamedTuple):
    text: str
    norm: str
    ws: str


class Relation(NamedTuple):
    predicate: str
    #: "Headache is treated with aspirin": the phrase after the relation is the subject.
    inverse: bool = False
    #: The object is a value, not a thing.
    literal: bool = False


# -- vocabulary --------------------------------------------------------------------------------

# Verbs whose claims read "subject verb object": canonical predicate -> the forms people use.
_VERBS: dict[str, tuple[str, ...]] = {
    "treats": ("treats", "treat"),
    "cures": ("cures", "cure"),
    "causes": ("causes", "cause"),
    "prevents": ("prevents", "prevent"),
    "relieves": ("relieves", "relieve"),
    "likes": ("likes", "like"),
    "loves": ("loves", "love"),
    "hates": ("hates", "hate"),
    "owns": ("owns", "own"),
    "has": ("has", "have"),
    "speaks": ("speaks", "speak"),
    "plays": ("plays", "play"),
    "eats": ("eats", "eat"),
    "drinks": ("drinks", "drink"),
    "knows": ("knows", "know"),
    "uses": ("uses", "use"),
    "needs": ("needs", "need"),
    "contains": ("contains", "contain"),
    "visits": ("visits", "visit"),
}

_PHRASES: dict[tuple[str, ...], Relation] = {
    ("is", "a"): Relation("is_a"),
    ("is", "an"): Relation("is_a"),
    ("is", "a", "kind", "of"): Relation("is_a"),
    ("is", "a", "type", "of"): Relation("is_a"),
    ("is", "part", "of"): Relation("part_of"),
    ("is", "in"): Relation("located_in"),
    ("is", "located", "in"): Relation("located_in"),
    ("lives", "in"): Relation("lives_in"),
    ("live", "in"): Relation("lives_in"),
    ("works", "at"): Relation("works_at"),
    ("work", "at"): Relation("works_at"),
    ("works", "for"): Relation("works_at"),
    ("work", "for"): Relation("works_at"),
    ("is", "married", "to"): Relation("married_to"),
    ("was", "born", "in"): Relation("born_in"),
    ("was", "born", "on"): Relation("birthday", literal=True),
    ("is", "allergic", "to"): Relation("allergic_to"),
    ("is", "from"): Relation("comes_from"),
    ("comes", "from"): Relation("comes_from"),
    ("come", "from"): Relation("comes_from"),
    ("is", "a", "symptom", "of"): Relation("symptom_of"),
    ("is", "treated", "with"): Relation("treats", inverse=True),
    ("is", "treated", "by"): Relation("treats", inverse=True),
    ("is", "caused", "by"): Relation("causes", inverse=True),
    ("is", "prevented", "by"): Relation("prevents", inverse=True),
}

RELATIONS: dict[tuple[str, ...], Relation] = {
    **{(form,): Relation(canonical) for canonical, forms in _VERBS.items() for form in forms},
    **_PHRASES,
}
_MAX_RELATION_LEN = max(len(k) for k in RELATIONS)

#: Predicates whose claims read "subject <verb> object" when rendered (the rest read as
#: attributes: "Ana's birthday is 3 May").
VERB_PREDICATES = frozenset(r.predicate for r in RELATIONS.values()) - {"birthday"}

#: Attributes whose values are kept as literals (dates, numbers, names), never as entities.
LITERAL_ATTRIBUTES = frozenset(
    {
        "birthday",
        "age",
        "name",
        "full_name",
        "nickname",
        "email",
        "phone",
        "phone_number",
        "address",
        "height",
        "weight",
        "anniversary",
    }
)
_ATTRIBUTE_SYNONYMS = {
    "date_of_birth": "birthday",
    "birth_date": "birthday",
    "birthdate": "birthday",
    "bday": "birthday",
    "favorite_color": "favourite_colour",
    "favorite_colour": "favourite_colour",
    "favourite_color": "favourite_colour",
}

# "when was Ana born", "where does Ana live": the question word settles the predicate.
_WH_VERB = {
    ("where", "live"): "lives_in",
    ("where", "work"): "works_at",
    ("where", "born"): "born_in",
    ("when", "born"): "birthday",
}

_COPULAS = frozenset({"is", "are", "was", "am", "'s", "s", "were"})
_NEGATIONS = frozenset(
    {"not", "no", "never", "nothing", "nobody", "none", "neither", "nor", "cannot"}
)
_WH = frozenset({"what", "who", "whom", "which", "where", "when", "why", "how", "whose"})
_DETERMINERS = frozenset({"the", "a", "an", "some"})
_PRONOUNS = frozenset(
    {
        "he",
        "she",
        "it",
        "they",
        "them",
        "him",
        "her",
        "you",
        "we",
        "us",
        "this",
        "that",
        "these",
        "those",
        "there",
        "here",
        "one",
    }
)
_SPEAKER = frozenset({"i", "me", "myself"})
_PREPOSITIONS = frozenset({"in", "at", "for", "with", "to", "on", "of", "from", "by", "about"})
_PUNCT_RE = re.compile(r"^[\W_]+$")
_VOCATIVES = frozenset({"max"})

_GREETINGS: tuple[tuple[str, ...], ...] = (
    ("good", "morning"),
    ("good", "afternoon"),
    ("good", "evening"),
    ("hello",),
    ("hi",),
    ("hey",),
    ("hiya",),
    ("howdy",),
    ("greetings",),
    ("yo",),
    ("morning",),
    ("evening",),
)
_FAREWELLS: tuple[tuple[str, ...], ...] = (
    ("bye",),
    ("goodbye",),
    ("bye", "bye"),
    ("good", "night"),
    ("goodnight",),
    ("see", "you"),
    ("see", "you", "later"),
    ("see", "you", "soon"),
    ("talk", "to", "you", "later"),
    ("later",),
    ("i", "am", "off"),
    ("i", "am", "leaving"),
    ("gotta", "go"),
)
_HOW_ARE_YOU: tuple[tuple[str, ...], ...] = (
    ("how", "are", "you"),
    ("how", "are", "u"),
    ("how", "r", "u"),
    ("how", "do", "you", "feel"),
    ("how", "are", "you", "feeling"),
    ("how", "are", "you", "doing"),
    ("how", "is", "it", "going"),
    ("how", "'s", "it", "going"),
    ("how", "are", "things"),
    ("how", "have", "you", "been"),
    ("how", "do", "you", "do"),
    ("are", "you", "ok"),
    ("are", "you", "okay"),
    ("are", "you", "alright"),
    ("are", "you", "all", "right"),
    ("what", "is", "your", "mood"),
    ("what", "'s", "your", "mood"),
    ("how", "is", "your", "mood"),
    ("how", "'s", "your", "mood"),
    ("how", "is", "max"),
    ("how", "'s", "max"),
)
_HOW_ARE_YOU_TAIL = frozenset(
    {
        "today",
        "now",
        "doing",
        "feeling",
        "this",
        "morning",
        "evening",
        "tonight",
        "lately",
        "right",
        "then",
    }
)
_PRAISE_PHRASES: tuple[tuple[str, ...], ...] = (
    ("thank", "you"),
    ("thanks",),
    ("thank", "you", "so", "much"),
    ("thanks", "a", "lot"),
    ("thx",),
    ("ty",),
    ("well", "done"),
    ("good", "job"),
    ("great", "job"),
    ("nice", "work"),
    ("good", "work"),
    ("great", "work"),
    ("nicely", "done"),
    ("i", "love", "you"),
    ("i", "like", "you"),
    ("good", "boy"),
    ("bravo",),
    ("cheers",),
)
_HOSTILE_PHRASES: tuple[tuple[str, ...], ...] = (
    ("shut", "up"),
    ("i", "hate", "you"),
    ("you", "suck"),
    ("screw", "you"),
    ("go", "away"),
    ("get", "lost"),
    ("idiot",),
    ("stupid", "machine"),
    ("useless",),
    ("damn", "you"),
)
_PRAISE_WORDS = frozenset(
    {
        "great",
        "awesome",
        "amazing",
        "smart",
        "brilliant",
        "helpful",
        "wonderful",
        "clever",
        "kind",
        "fantastic",
        "the best",
        "good",
        "lovely",
        "sweet",
        "funny",
    }
)
_HOSTILE_WORDS = frozenset(
    {
        "stupid",
        "useless",
        "dumb",
        "an idiot",
        "idiot",
        "worthless",
        "annoying",
        "terrible",
        "the worst",
        "pathetic",
        "broken",
        "a joke",
        "garbage",
        "rubbish",
    }
)
_INTENSIFIERS = frozenset({"so", "very", "really", "such", "truly", "quite", "just", "a", "an"})

_CORRECTION_PREFIXES: tuple[tuple[str, ...], ...] = (
    ("that", "'s", "not", "right"),
    ("that", "is", "not", "right"),
    ("that", "'s", "not", "true"),
    ("that", "is", "not", "true"),
    ("that", "'s", "wrong"),
    ("that", "is", "wrong"),
    ("that", "'s", "incorrect"),
    ("that", "is", "incorrect"),
    ("you", "are", "wrong"),
    ("not", "true"),
    ("not", "quite"),
    ("wrong",),
    ("incorrect",),
    ("actually",),
    ("no",),
    ("nope",),
    ("correction",),
)
_WHY_PREFIXES: tuple[tuple[str, ...], ...] = (
    ("why", "do", "you", "think"),
    ("why", "do", "you", "believe"),
    ("why", "do", "you", "say"),
    ("why", "did", "you", "say"),
    ("why", "would", "you", "say"),
    ("how", "do", "you", "know"),
    ("what", "makes", "you", "think"),
    ("why",),
)
#: Asking about a subject in so many words: read before any other question rule.
_ABOUT_FIRST: tuple[tuple[str, ...], ...] = (
    ("what", "do", "you", "know", "about"),
    ("what", "else", "do", "you", "know", "about"),
    ("what", "can", "you", "tell", "me", "about"),
    ("tell", "me", "what", "you", "know", "about"),
    ("tell", "me", "about"),
    ("do", "you", "know", "anything", "about"),
    ("what", "about"),
    ("do", "you", "know"),
)
#: "Who is Ana?", "What is aspirin?": read after the attribute and relation rules.
_ABOUT_PREFIXES: tuple[tuple[str, ...], ...] = (
    ("who", "is"),
    ("who", "'s"),
    ("who", "s"),
    ("who", "are"),
    ("what", "is"),
    ("what", "'s"),
    ("what", "s"),
    ("what", "are"),
)
_INTRODUCTIONS: tuple[tuple[str, ...], ...] = (
    ("my", "name", "is"),
    ("my", "name", "'s"),
    ("call", "me"),
    ("i", "am"),
    ("i", "'m"),
    ("im",),
)
#: After these the name may be written in any case; after "I'm" it must look like a name.
_EXPLICIT_INTRODUCTIONS = frozenset({("my", "name", "is"), ("my", "name", "'s"), ("call", "me")})


# -- words -------------------------------------------------------------------------------------


def words_of(doc: Doc) -> list[Word]:
    """The doc's tokens as (text, norm, trailing whitespace); curly apostrophes made straight."""
    out = []
    for tok in doc:
        norm = tok.norm_.replace("\u2019", "'").lower()
        if norm == "\u2019s":
            norm = "'s"
        out.append(Word(tok.text, norm, tok.whitespace_))
    return out


def phrase(ws: Sequence[Word]) -> str:
    return "".join(w.text + w.ws for w in ws).strip()


def _norms(ws: Sequence[Word]) -> tuple[str, ...]:
    return tuple(w.norm for w in ws)


def _is_punct(w: Word) -> bool:
    return bool(_PUNCT_RE.match(w.text)) and w.norm not in ("'s", "'")


def _strip_punct(ws: list[Word]) -> list[Word]:
    start, end = 0, len(ws)
    while start < end and _is_punct(ws[start]):
        start += 1
    while end > start and _is_punct(ws[end - 1]):
        end -= 1
    return ws[start:end]


def _starts(ws: Sequence[Word], seq: tuple[str, ...]) -> bool:
    return _norms(ws[: len(seq)]) == seq


def _strip_prefix(ws: list[Word], options: Sequence[tuple[str, ...]]) -> list[Word] | None:
    """The words after the longest matching prefix (and its punctuation), or None."""
    for seq in sorted(options, key=len, reverse=True):
        if _starts(ws, seq):
            return _strip_punct(ws[len(seq) :])
    return None


def _is_exactly(ws: Sequence[Word], options: Sequence[tuple[str, ...]]) -> bool:
    return _norms(ws) in set(options)


def _strip_vocative(ws: list[Word]) -> list[Word]:
    """Drop "Max," at the start and ", Max" at the end: addressing him is not content."""
    ws = _strip_punct(ws)
    if len(ws) > 1 and ws[0].norm in _VOCATIVES and _is_punct(ws[1]):
        ws = _strip_punct(ws[1:])
    if len(ws) > 1 and ws[-1].norm in _VOCATIVES and _is_punct(ws[-2]):
        ws = _strip_punct(ws[:-1])
    return ws


def _strip_det(ws: list[Word]) -> list[Word]:
    while ws and ws[0].norm in _DETERMINERS:
        ws = ws[1:]
    return ws


def third_person(verb: str) -> str:
    """English third person singular, for predicates named after verbs ("like" -> "likes")."""
    irregular = {"have": "has", "do": "does", "go": "goes", "be": "is"}
    if verb in irregular:
        return irregular[verb]
    if verb.endswith(("s", "sh", "ch", "x", "z", "o")):
        return verb + "es"
    if len(verb) > 1 and verb.endswith("y") and verb[-2] not in "aeiou":
        return verb[:-1] + "ies"
    return verb + "s"


def predicate_from(words: Sequence[str]) -> str | None:
    """An attribute phrase as a snake_case predicate ("favourite colour" -> favourite_colour)."""
    raw = "_".join(w.lower() for w in words if w.strip())
    name = re.sub(r"[^a-z0-9_]+", "_", raw).strip("_")
    name = re.sub(r"_+", "_", name)
    name = _ATTRIBUTE_SYNONYMS.get(name, name)
    return name if PREDICATE_RE.match(name) else None


# -- statements --------------------------------------------------------------------------------


def _subject_phrase(ws: list[Word]) -> tuple[bool, str | None]:
    """(ok, phrase): the speaker is None; pronouns and question words are refused."""
    ws = _strip_det(_strip_punct(ws))
    if not ws or len(ws) > 6:
        return False, None
    if len(ws) == 1 and ws[0].norm in _SPEAKER:
        return True, None
    if (
        ws[0].norm in _WH
        or any(w.norm in ("you", "your", "u") for w in ws)
        or (len(ws) == 1 and ws[0].norm in _PRONOUNS)
    ):
        return False, None
    return True, phrase(ws)


def _triple(subject: str | None, predicate: str, obj: str | None, literal: bool = False) -> Triple:
    """A statement's triple; a subject of None here is the speaker."""
    return Triple(
        subject=subject, predicate=predicate, object=obj, speaker=subject is None, literal=literal
    )


def _object_phrase(ws: list[Word]) -> str | None:
    ws = _strip_det(_strip_punct(ws))
    if not ws or len(ws) > 10:
        return None
    if len(ws) == 1 and (ws[0].norm in _PRONOUNS or ws[0].norm in _SPEAKER):
        return None
    return phrase(ws)


def _literal(predicate: str, obj: str, relation_literal: bool = False) -> bool:
    return relation_literal or predicate in LITERAL_ATTRIBUTES or any(c.isdigit() for c in obj)


def _first_copula(ws: Sequence[Word], start: int) -> int | None:
    for i in range(start, len(ws)):
        if ws[i].norm in _COPULAS and ws[i].norm not in ("'s", "s"):
            return i
    return None


def _attribute(subject_ws: list[Word], attr_ws: list[Word], object_ws: list[Word]) -> Triple | None:
    ok, subject = _subject_phrase(subject_ws)
    attr = _strip_det(attr_ws)
    predicate = predicate_from([w.text for w in attr]) if attr and len(attr) <= 4 else None
    obj = _object_phrase(object_ws)
    if not ok or predicate is None or obj is None:
        return None
    return _triple(subject, predicate, obj, _literal(predicate, obj))


def _possessive(ws: list[Word]) -> Triple | None:
    """ "Ana's birthday is 3 May", "My birthday is 3 May"."""
    if ws and ws[0].norm == "my":
        cop = _first_copula(ws, 2)
        if cop is None:
            return None
        triple = _attribute([Word("I", "i", " ")], ws[1:cop], ws[cop + 1 :])
        return triple
    for p in range(1, len(ws)):
        if ws[p].norm in ("'s", "'"):
            cop = _first_copula(ws, p + 2)
            if cop is None:
                return None
            return _attribute(ws[:p], ws[p + 1 : cop], ws[cop + 1 :])
    return None


def _of_form(ws: list[Word]) -> Triple | None:
    """ "The capital of Australia is Canberra" and "Canberra is the capital of Australia"."""
    norms = _norms(ws)
    if norms and norms[0] == "the" and "of" in norms:
        of = norms.index("of")
        cop = _first_copula(ws, of + 2)
        if cop is not None and of > 1:
            return _attribute(ws[of + 1 : cop], ws[1:of], ws[cop + 1 :])
    cop = _first_copula(ws, 1)
    if (
        cop is not None
        and cop + 2 < len(ws)
        and norms[cop + 1] == "the"
        and "of" in norms[cop + 2 :]
    ):
        of = norms.index("of", cop + 2)
        return _attribute(ws[of + 1 :], ws[cop + 2 : of], ws[:cop])
    return None


def _relation_at(norms: tuple[str, ...], i: int) -> tuple[int, Relation] | None:
    for n in range(min(_MAX_RELATION_LEN, len(norms) - i), 0, -1):
        rel = RELATIONS.get(_as_copula(norms[i : i + n]))
        if rel is not None:
            return n, rel
    return None


def _as_copula(norms: tuple[str, ...]) -> tuple[str, ...]:
    """ "I am a nurse", "Ana's a nurse": every present-tense copula reads as "is"."""
    if norms and norms[0] in ("am", "are", "'s"):
        return ("is", *norms[1:])
    return norms


def _relational(ws: list[Word]) -> Triple | None:
    """ "Aspirin treats headache", "I live in Lisbon", "Headache is treated with aspirin"."""
    norms = _norms(ws)
    for i in range(1, len(ws) - 1):
        found = _relation_at(norms, i)
        if found is None:
            continue
        n, rel = found
        left, right = ws[:i], ws[i + n :]
        if rel.inverse:
            left, right = right, left
        ok, subject = _subject_phrase(left)
        obj = _object_phrase(right)
        if not ok or obj is None:
            return None
        return _triple(subject, rel.predicate, obj, _literal(rel.predicate, obj, rel.literal))
    return None


def _svo(doc: Doc) -> Triple | None:
    """A trained parse's subject-verb-object for verbs the table lacks ("Bob plays chess" is in
    it; "Bob collects stamps" is not)."""
    roots = [t for t in doc if t.dep_ == "ROOT" and t.pos_ == "VERB"]
    if len(roots) != 1:
        return None
    root = roots[0]
    if any(c.dep_ == "neg" for c in root.children):
        return None
    subj = [c for c in root.children if c.dep_ == "nsubj"]
    if len(subj) != 1:
        return None
    predicate = third_person(root.lemma_.lower())
    obj_tok = None
    for c in root.children:
        if c.dep_ == "dobj":
            obj_tok = c
            break
    if obj_tok is None:
        for c in root.children:
            if c.dep_ == "prep" and c.i > root.i:
                pobj = [g for g in c.children if g.dep_ == "pobj"]
                if pobj:
                    obj_tok = pobj[0]
                    predicate = f"{predicate}_{c.lower_}"
                    break
    if obj_tok is None or not PREDICATE_RE.match(predicate):
        return None
    subject_ws = words_of(doc[subj[0].left_edge.i : subj[0].right_edge.i + 1].as_doc())
    object_ws = words_of(doc[obj_tok.left_edge.i : obj_tok.right_edge.i + 1].as_doc())
    ok, subject = _subject_phrase(subject_ws)
    obj = _object_phrase(object_ws)
    if not ok or obj is None:
        return None
    return _triple(subject, predicate, obj, _literal(predicate, obj))


def parse_statement(ws: list[Word], doc: Doc | None = None) -> Triple | None:
    """A statement of fact as a triple, or None. Negated statements are not recorded."""
    ws = _strip_punct(ws)
    if len(ws) < 3 or any(w.norm in _NEGATIONS for w in ws) or "?" in _norms(ws):
        return None
    for rule in (_possessive, _of_form, _relational):
        triple = rule(ws)
        if triple is not None:
            return triple
    if doc is not None and doc.has_annotation("DEP"):
        return _svo(doc)
    return None


_NEGATION_AUX = frozenset({"do", "does", "did"})


def parse_sentence_statement(ws: list[Word]) -> tuple[Triple, bool] | None:
    """One sentence by the table rules alone (no parse), and whether it was negated:
    "Aspirin doesn't treat headache" is read as "Aspirin treats headache", negated.

    The fallback when the dependency reading finds nothing (or the pipeline is blank). Long
    phrases are refused: a rule over words has no idea where a clause ends.
    """
    ws = _strip_punct(ws)
    if any(_is_punct(w) and w.text in (",", ";", ":", "!", "?") for w in ws):
        return None
    negated = any(w.norm in _NEGATIONS for w in ws)
    if negated:
        kept = [w for w in ws if w.norm not in _NEGATIONS and w.norm not in _NEGATION_AUX]
        if len(kept) != len(ws) - 2 and len(kept) != len(ws) - 1:
            return None
        ws = kept
    triple = parse_statement(ws)
    if triple is None or triple.object is None:
        return None
    if len(triple.object.split()) > 4 or (triple.subject and len(triple.subject.split()) > 3):
        return None
    return triple, negated


#: Prefixes that say MAX is wrong in so many words; "no", "nope" and "actually" alone do not
#: ("No worries", "Nope, still busy").
_STRONG_CORRECTIONS = tuple(
    p
    for p in _CORRECTION_PREFIXES
    if p not in (("no",), ("nope",), ("actually",), ("not", "quite"))
)


def is_strong_correction(text_words: list[Word]) -> bool:
    return _strip_prefix(_strip_vocative(text_words), _STRONG_CORRECTIONS) is not None


# -- questions ---------------------------------------------------------------------------------


def _about(ws: list[Word]) -> Parsed | None:
    rest = _strip_det(_strip_punct(ws))
    if not rest:
        return None
    if len(rest) == 1 and rest[0].norm in _SPEAKER:
        return Parsed(intent=Intent.QUESTION, text="", question=QuestionKind.ABOUT, about=None)
    ok, subject = _subject_phrase(rest)
    if not ok or subject is None:
        return None
    return Parsed(intent=Intent.QUESTION, text="", question=QuestionKind.ABOUT, about=subject)


def _ask(kind: QuestionKind, triple: Triple) -> Parsed:
    return Parsed(intent=Intent.QUESTION, text="", question=kind, triple=triple)


def _attribute_question(ws: list[Word]) -> Parsed | None:
    """ "When is Ana's birthday?", "What is the capital of Australia?", "What's my name?"."""
    norms = _norms(ws)
    if len(ws) < 3 or norms[0] not in _WH or norms[1] not in _COPULAS:
        return None
    rest = ws[2:]
    rn = _norms(rest)
    if rn and rn[0] == "my" and len(rest) > 1:
        predicate = predicate_from([w.text for w in rest[1:]])
        if predicate:
            return _ask(QuestionKind.OBJECT, _triple(None, predicate, None))
    for p in range(1, len(rest)):
        if rn[p] in ("'s", "'"):
            ok, subject = _subject_phrase(rest[:p])
            predicate = predicate_from([w.text for w in _strip_det(rest[p + 1 :])])
            if ok and predicate:
                return _ask(QuestionKind.OBJECT, _triple(subject, predicate, None))
            return None
    if rn and rn[0] == "the" and "of" in rn[2:]:
        of = rn.index("of", 2)
        ok, subject = _subject_phrase(rest[of + 1 :])
        predicate = predicate_from([w.text for w in rest[1:of]])
        if ok and predicate:
            return _ask(QuestionKind.OBJECT, _triple(subject, predicate, None))
    if norms[0] == "where" and len(rest) >= 1:
        ok, subject = _subject_phrase(rest)
        if ok:
            return _ask(QuestionKind.OBJECT, _triple(subject, "located_in", None))
    return None


def _verb_question(ws: list[Word]) -> Parsed | None:
    """ "What does aspirin treat?", "Where does Ana live?", "When was Ana born?"."""
    norms = _norms(ws)
    if len(ws) < 4 or norms[0] not in _WH or norms[1] not in ("does", "do", "did", "was", "is"):
        return None
    body = ws[2:]
    prep = None
    if body[-1].norm in _PREPOSITIONS and len(body) > 2:
        prep = body[-1].norm
        body = body[:-1]
    verb = body[-1].norm
    subject_ws = body[:-1]
    predicate = _WH_VERB.get((norms[0], verb))
    if predicate is None:
        key = (verb, prep) if prep else (verb,)
        rel = RELATIONS.get(key) or RELATIONS.get((verb,))
        if rel is not None and not rel.inverse:
            predicate = rel.predicate
        elif norms[1] in ("was", "is"):
            return None
        else:
            predicate = third_person(verb) + (f"_{prep}" if prep else "")
    ok, subject = _subject_phrase(subject_ws)
    if not ok or not PREDICATE_RE.match(predicate):
        return None
    return _ask(QuestionKind.OBJECT, _triple(subject, predicate, None))


def _subject_question(ws: list[Word]) -> Parsed | None:
    """ "What treats headache?", "Who lives in Lisbon?", "Which drugs treat headache?"."""
    norms = _norms(ws)
    if len(ws) < 3 or norms[0] not in ("what", "who", "which"):
        return None
    for i in range(1, min(4, len(ws) - 1)):
        if norms[i] in _COPULAS:
            continue
        found = _relation_at(norms, i)
        if found is None:
            continue
        n, rel = found
        if rel.inverse:
            return None
        obj = _object_phrase(ws[i + n :])
        if obj is None:
            return None
        return _ask(QuestionKind.SUBJECT, Triple(subject=None, predicate=rel.predicate, object=obj))
    return None


def _check_question(ws: list[Word]) -> Parsed | None:
    """ "Does aspirin treat headache?", "Is Canberra the capital of Australia?"."""
    norms = _norms(ws)
    if len(ws) < 3:
        return None
    if norms[0] in ("does", "do", "did"):
        triple = parse_statement(ws[1:])
        return None if triple is None else _ask(QuestionKind.CHECK, triple)
    if norms[0] in ("is", "are", "was"):
        rest = ws[1:]
        for j in range(1, len(rest)):
            moved = [*rest[:j], Word("is", "is", " "), *rest[j:]]
            triple = parse_statement(moved)
            if triple is not None:
                return _ask(QuestionKind.CHECK, triple)
    return None


def parse_question(ws: list[Word]) -> Parsed | None:
    """A question as a kind and a triple (or a subject to tell about), or None."""
    ws = _strip_punct(ws)
    if not ws:
        return None
    rest = _strip_prefix(ws, _ABOUT_FIRST)
    if rest is not None:
        return _about(rest)
    for rule in (_verb_question, _attribute_question, _subject_question, _check_question):
        found = rule(ws)
        if found is not None:
            return found
    rest = _strip_prefix(ws, _ABOUT_PREFIXES)
    if rest is not None:
        return _about(rest)
    triple = parse_statement(ws)
    # "Aspirin treats headache?": a statement asked is a check.
    return None if triple is None else _ask(QuestionKind.CHECK, triple)


# -- the whole turn ----------------------------------------------------------------------------


def _you_are(ws: list[Word], adjectives: frozenset[str]) -> bool:
    """ "You're so smart", "you are an idiot"."""
    norms = _norms(ws)
    if len(norms) < 3 or norms[:2] not in (("you", "are"), ("you", "'re"), ("u", "are")):
        return False
    rest = [n for n in norms[2:] if n not in _INTENSIFIERS or n in ("a", "an")]
    text = " ".join(rest)
    bare = " ".join(n for n in rest if n not in ("a", "an"))
    return text in adjectives or bare in adjectives


def _introduction(ws: list[Word]) -> str | None:
    for seq in sorted(_INTRODUCTIONS, key=len, reverse=True):
        if not _starts(ws, seq):
            continue
        name_ws: list[Word] = []
        for w in ws[len(seq) :]:
            if _is_punct(w) or w.norm in ("and", "but", "here"):
                break
            name_ws.append(w)
        if (
            not name_ws
            or len(name_ws) > 3
            or not all(w.text.replace("'", "").replace("-", "").isalpha() for w in name_ws)
        ):
            return None
        if seq not in _EXPLICIT_INTRODUCTIONS and not all(w.text[:1].isupper() for w in name_ws):
            # "I'm tired" is not a name; "I'm Ana" is.
            return None
        if name_ws[0].norm in _DETERMINERS or name_ws[0].norm in _SPEAKER:
            return None
        return " ".join(w.text[:1].upper() + w.text[1:] for w in name_ws)
    return None


def parse(doc: Doc) -> Parsed:
    """The intent of one turn's text, and its slots."""
    text = doc.text
    all_words = words_of(doc)
    asked = any(w.text == "?" for w in all_words[-2:])
    ws = _strip_vocative(all_words)

    greeted = False
    rest = _strip_prefix(ws, _GREETINGS)
    if rest is not None:
        greeted = True
        if rest and rest[0].norm in ("there", "everyone", "all", *_VOCATIVES):
            rest = rest[1:]
        ws = _strip_vocative(rest)

    def out(intent: Intent, **slots: object) -> Parsed:
        return Parsed.model_validate({"intent": intent, "text": text, "greeted": greeted, **slots})

    if not ws:
        return out(Intent.GREETING) if greeted else out(Intent.UNKNOWN, reason="empty")
    norms = _norms(ws)

    if _is_exactly(ws, _FAREWELLS):
        return out(Intent.FAREWELL)
    for seq in _HOW_ARE_YOU:
        if norms[: len(seq)] == seq and all(n in _HOW_ARE_YOU_TAIL for n in norms[len(seq) :]):
            return out(Intent.HOW_ARE_YOU)
    if _is_exactly(ws, _HOSTILE_PHRASES) or _you_are(ws, _HOSTILE_WORDS):
        return out(Intent.HOSTILITY)
    if (
        _is_exactly(ws, _PRAISE_PHRASES)
        or _you_are(ws, _PRAISE_WORDS)
        or (norms[0] in ("thanks", "thank") and len(norms) <= 4)
    ):
        return out(Intent.PRAISE)

    corrected = _strip_prefix(ws, _CORRECTION_PREFIXES)
    if corrected is not None:
        while True:
            again = _strip_prefix(corrected, _CORRECTION_PREFIXES)
            if again is None or again == corrected:
                break
            corrected = again
        return out(Intent.CORRECTION, triple=parse_statement(corrected))

    why = _strip_prefix(ws, _WHY_PREFIXES)
    if why is not None:
        if why and why[0].norm == "that" and len(why) > 1:
            why = _strip_punct(why[1:])
        if not why or _norms(why) in (("that",), ("so",), ("that", "is"), ("this",)):
            return out(Intent.WHY, refers_back=True)
        triple = parse_statement(why)
        if triple is not None:
            return out(Intent.WHY, triple=triple)
        ok, subject = _subject_phrase(why)
        if ok:
            return out(Intent.WHY, about=subject)
        return out(Intent.UNKNOWN, reason="why")

    name = _introduction(ws)
    if name is not None:
        return out(Intent.INTRODUCTION, name=name)

    if asked or norms[0] in _WH or norms[0] in ("tell", "do", "does", "did", "is", "are"):
        question = parse_question(ws)
        if question is not None:
            return question.model_copy(update={"text": text, "greeted": greeted})
        if asked or norms[0] in _WH:
            return out(Intent.UNKNOWN, reason="question")

    triple = parse_statement(ws, doc)
    if triple is not None:
        return out(Intent.STATEMENT, triple=triple)
    negated = any(n in _NEGATIONS for n in norms)
    return out(Intent.UNKNOWN, reason="negation" if negated else "statement")
