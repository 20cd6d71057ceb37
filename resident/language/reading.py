"""Reading: clause-level open information extraction over spaCy's dependency parse. Pure.

A turn's text is split into sentences and coordinated clauses; each clause with a subject MAX can
name (the speaker, the listener, a name, "my sister Lena", he/she as the last person mentioned)
and a verb that carries content becomes a `Statement`. Chit-chat, thanks, questions, feelings and
clauses about "it"/"that" yield nothing: what is not read cleanly is not stored.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal

from pydantic import BaseModel, ConfigDict

from resident.language import lexicon
from resident.language import when as timewords
from resident.language.roles import Modality, RoleFill, clause_roles, modality
from resident.records import PREDICATE_RE

if TYPE_CHECKING:
    from spacy.tokens import Span, Token

Role = Literal["speaker", "listener", "name", "kin"]


class Ref(BaseModel):
    """Who or what a phrase names: the speaker, the listener, a name, or someone's relative
    ("my sister" is kin of the speaker with noun "sister")."""

    model_config = ConfigDict(frozen=True)

    role: Role
    name: str | None = None
    #: kin: whose relative (a speaker, listener or name ref), and the noun ("sister").
    owner: Ref | None = None
    noun: str | None = None
    #: "person", "animal" or "thing", as far as the text says.
    kind: str = "thing"


class Statement(BaseModel):
    """One clause read: subject, predicate, object, and how it was said."""

    model_config = ConfigDict(frozen=True)

    subject: Ref
    predicate: str
    object: str
    #: The object is a value (a number, a date, an activity), not a thing to file.
    literal: bool = False
    #: The object names a person or an animal ("my sister Lena"): filed as such.
    object_ref: Ref | None = None
    negated: bool = False
    #: fact (present), past, plan (future), wish ("want to").
    mood: Literal["fact", "past", "plan", "wish"] = "fact"
    #: The time phrase of the clause ("last Saturday"), resolved by the caller.
    when: str | None = None
    #: The verb's lemma, for matching questions ("read" for reads).
    verb: str = ""
    #: The clause's other arguments (where, when, with whom, why ...), kept as qualifiers.
    roles: tuple[RoleFill, ...] = ()
    #: How it was said: done, habit, plan, wish, hypothetical, question, or a present state.
    modality: Modality = "state"
    #: The turn declares a change of state ("not anymore", "no longer", "I switched jobs",
    #: "... now"): what it says replaces an earlier value (the household work hooks on this).
    change: bool = False

    @property
    def stored_predicate(self) -> str:
        """Negation is kept as a polarity on the predicate: "not_likes"."""
        return f"not_{self.predicate}" if self.negated else self.predicate


@dataclass
class Context:
    """What the reader carries from one sentence (and turn) to the next."""

    #: The last person (or pet) named, for he/she: (name, kind).
    last_mention: tuple[str, str] | None = None
    #: Turns read so far, and the turn of the last mention: "she" two turns on is no one.
    turn: int = 0
    mention_turn: int = 0

    def remember(self, name: str, kind: str) -> None:
        self.last_mention = (name, kind)
        self.mention_turn = self.turn

    def mention(self) -> tuple[str, str] | None:
        """Whom he/she means: the last person named, within the last two turns."""
        if self.last_mention is None or self.turn - self.mention_turn > 2:
            return None
        return self.last_mention


# -- vocabulary ----------------------------------------------------------------------------------

KIN = frozenset(
    {
        "sister",
        "brother",
        "mother",
        "father",
        "mom",
        "mum",
        "dad",
        "mommy",
        "daddy",
        "wife",
        "husband",
        "son",
        "daughter",
        "friend",
        "boyfriend",
        "girlfriend",
        "partner",
        "cousin",
        "aunt",
        "uncle",
        "grandma",
        "grandpa",
        "grandmother",
        "grandfather",
        "niece",
        "nephew",
        "roommate",
        "neighbor",
        "neighbour",
        "boss",
        "colleague",
        "coworker",
        "kid",
        "child",
        "baby",
        "fiance",
        "fiancee",
        "teacher",
        "coach",
        "sibling",
        "parent",
        "grandson",
        "granddaughter",
        "stepmom",
        "stepdad",
        "mentor",
        "bestie",
    }
)
PETS = frozenset(
    {
        "dog",
        "cat",
        "puppy",
        "kitten",
        "pet",
        "parrot",
        "rabbit",
        "bunny",
        "hamster",
        "horse",
        "fish",
        "turtle",
        "bird",
        "pup",
        "lizard",
        "snake",
    }
)
#: Verbs of talk about talk (thanks, hopes, opinions of the moment) that carry no claim.
SOCIAL_VERBS = frozenset(
    {
        "thank",
        "appreciate",
        "hope",
        "mean",
        "guess",
        "bet",
        "agree",
        "understand",
        "let",
        "mind",
        "sound",
        "seem",
        "feel",
        "know",
        "think",
        "believe",
        "say",
        "tell",
        "ask",
        "wonder",
        "suppose",
        "imagine",
        "promise",
        "apologize",
        "apologise",
        "care",
        "wish",
        "hear",
        "see",
        "look",
        "get",
        "glad",
        "sorry",
        "bless",
        "welcome",
        "matter",
        "worry",
        "keep",
        "try",
        "do",
        "be",
        "have",
        "make",
        "take",
        "need",
        "remember",
        "forget",
        "check",
        "share",
        "love",
        "like",
        "congratulate",
        "miss",
        "happen",
        "come",
        "give",
        "put",
        "talk",
        "chat",
        "catch",
        "bring",
        "inspire",
        "help",
        "motivate",
        "encourage",
        "want",
        "plan",
        "decide",
        "expect",
        "mention",
        "realize",
        "notice",
    }
)
#: Of SOCIAL_VERBS, those that do carry a claim when their object is a thing.
CONTENT_WHEN_OBJECT = frozenset(
    {
        "love",
        "like",
        "have",
        "need",
        "make",
        "take",
        "want",
        "get",
        "miss",
        "remember",
        "keep",
        "see",
        "do",
        "share",
        "check",
        "try",
        "bring",
        "give",
        "help",
        "plan",
        "know",
    }
)
#: Verbs reporting another clause ("I think Sam likes jazz"): the clause is read instead.
REPORTING = frozenset(
    {
        "think",
        "believe",
        "know",
        "say",
        "guess",
        "hear",
        "feel",
        "realize",
        "mean",
        "suppose",
        "bet",
        "remember",
        "notice",
        "tell",
        "mention",
    }
)
#: Verbs that are activities by themselves ("I've been running"): the activity is the object.
ACTIVITIES = frozenset(
    {
        "run",
        "swim",
        "hike",
        "cook",
        "bake",
        "paint",
        "draw",
        "read",
        "write",
        "dance",
        "sing",
        "travel",
        "garden",
        "knit",
        "jog",
        "cycle",
        "bike",
        "climb",
        "ski",
        "surf",
        "camp",
        "fish",
        "volunteer",
        "meditate",
        "skate",
        "sew",
        "golf",
        "kayak",
        "sail",
        "row",
        "box",
        "exercise",
        "train",
        "workout",
        "study",
        "journal",
        "pray",
        "crochet",
        "backpack",
        "snowboard",
    }
)
_NOT_OBJECTS = frozenset(
    {
        "it",
        "that",
        "this",
        "them",
        "you",
        "one",
        "something",
        "anything",
        "everything",
        "nothing",
        "lot",
        "lots",
        "stuff",
        "thing",
        "things",
        "what",
        "which",
        "those",
        "these",
        "me",
        "him",
        "her",
        "us",
        "myself",
        "yourself",
        "all",
        "much",
        "more",
        "some",
        "any",
        "time",
        "way",
        "bit",
        "day",
        "idea",
        "chance",
        "kind",
        "sort",
        "fun",
    }
)
_DROP_DET = frozenset(
    {
        "a",
        "an",
        "the",
        "this",
        "that",
        "these",
        "those",
        "some",
        "any",
        "my",
        "your",
        "our",
        "his",
        "her",
        "their",
        "its",
        "every",
        "each",
        "another",
        "such",
        "own",
    }
)
_MODALS_SKIP = frozenset(
    {"would", "could", "should", "might", "may", "can", "must", "ca", "wo", "shall"}
)
_FUTURE = frozenset({"will", "'ll", "wo", "shall"})
_WISH_VERBS = {
    "want": "wants_to",
    "plan": "plans_to",
    "hope": "hopes_to",
    "love": "loves",
    "like": "likes",
    "enjoy": "likes",
    "decide": "decided_to",
    "start": "started",
    "need": "needs_to",
    "try": "tries",
    "learn": "learns",
    "begin": "started",
    "intend": "plans_to",
    "prefer": "prefers",
}
#: A small controlled vocabulary: lemmas that mean the same thing in a claim.
SYNONYMS = {
    "adore": "love",
    "enjoy": "like",
    "reside": "live",
    "purchase": "buy",
    "employ": "work",
    "attend": "go",
    "head": "go",
    "fancy": "like",
    "dig": "like",
}
#: Adverbs that are where someone went ("flew home").
_PLACE_WORDS = frozenset({"home", "abroad", "overseas", "downtown", "upstate", "upstairs"})
#: Feelings of the moment ("grateful for the support"): talk, not a claim about the person.
FEELINGS = frozenset(
    {
        "grateful",
        "thankful",
        "happy",
        "excited",
        "proud",
        "glad",
        "sorry",
        "worried",
        "nervous",
        "sad",
        "tired",
        "busy",
        "sure",
        "stoked",
        "thrilled",
        "stressed",
        "upset",
        "relieved",
        "lucky",
        "blessed",
        "bored",
        "sick",
        "jealous",
        "curious",
        "eager",
        "ready",
        "done",
        "impressed",
        "amazed",
        "surprised",
        "disappointed",
        "anxious",
        "keen",
    }
)
_PRONOUN_PEOPLE = frozenset({"he", "she", "him", "her"})
#: Participles that give a name ("a cat called Mochi").
_NAMING_VERBS = frozenset({"call", "name"})
_WH = frozenset({"what", "who", "whom", "which", "where", "when", "why", "how", "whose"})
_AUX_START = frozenset(
    {
        "do",
        "does",
        "did",
        "is",
        "are",
        "was",
        "were",
        "have",
        "has",
        "had",
        "can",
        "could",
        "will",
        "would",
        "should",
        "may",
        "might",
        "am",
        "shall",
        "must",
        "wo",
        "ca",
        "'re",
        "r",
    }
)


def third_person(verb: str) -> str:
    """English third person singular ("like" -> "likes")."""
    irregular = {"have": "has", "do": "does", "go": "goes", "be": "is"}
    if verb in irregular:
        return irregular[verb]
    if verb.endswith(("s", "sh", "ch", "x", "z", "o")):
        return verb + "es"
    if len(verb) > 1 and verb.endswith("y") and verb[-2] not in "aeiou":
        return verb[:-1] + "ies"
    return verb + "s"


def base_form(word: str) -> str:
    """The lemma behind a predicate's verb ("likes" -> "like", "goes" -> "go"); inverse of
    `third_person` for the forms it makes."""
    irregular = {"has": "have", "does": "do", "goes": "go", "is": "be"}
    if word in irregular:
        return irregular[word]
    if word.endswith("ies") and len(word) > 4:
        return word[:-3] + "y"
    if word.endswith(("sses", "zzes", "shes", "ches", "xes", "oes")):
        return word[:-2]
    if word.endswith("s") and not word.endswith("ss"):
        return word[:-1]
    return word


def gerund(lemma: str) -> str:
    """ "run" -> "running", "hike" -> "hiking"."""
    if lemma.endswith("ie"):
        return lemma[:-2] + "ying"
    if lemma.endswith("e") and not lemma.endswith(("ee", "ye", "oe")):
        return lemma[:-1] + "ing"
    if (
        len(lemma) >= 3
        and lemma[-1] not in "aeiouwxy"
        and lemma[-2] in "aeiou"
        and lemma[-3] not in "aeiou"
        and lemma in {"run", "swim", "jog", "shop", "sit", "stop", "plan", "get", "set", "skip"}
    ):
        return lemma + lemma[-1] + "ing"
    return lemma + "ing"


def canonical_lemma(lemma: str) -> str:
    return SYNONYMS.get(lemma, lemma)


def verb_lemma(tok: Token) -> str:
    """The token's lemma, mended where the small model's lemmatizer cuts a present-tense verb
    short ("hates" -> "hat")."""
    lemma = tok.lemma_.lower()
    text = tok.lower_
    if (
        tok.tag_ == "VBZ"
        and text == lemma + "es"
        and not lemma.endswith(("s", "sh", "ch", "x", "z", "o"))
    ):
        lemma = text[:-1]
    return canonical_lemma(lemma)


def is_question(sent: Span) -> bool:
    words = [t for t in sent if not t.is_punct]
    if not words:
        return False
    if sent.text.rstrip().endswith("?"):
        return True
    first = words[0].lower_
    return (
        first in _WH
        and any(t.dep_ == "ROOT" and t.i > words[0].i for t in sent)
        and (len(words) > 1 and words[1].lower_ in _AUX_START)
    )


# -- reading ---------------------------------------------------------------------------------------


def read(
    doc: object, ctx: Context | None = None, *, skip_first_person_intro: bool = True
) -> tuple[list[Statement], Context]:
    """The statements of a parsed text (a trained spaCy Doc), and the context after it."""
    from spacy.tokens import Doc

    assert isinstance(doc, Doc)
    ctx = ctx or Context()
    out: list[Statement] = []
    if not doc.has_annotation("DEP"):
        return out, ctx
    for sent in doc.sents:
        if is_question(sent):
            _note_mentions(sent, ctx)
            continue
        out.extend(_read_sentence(sent, ctx, skip_first_person_intro))
        _note_mentions(sent, ctx)
    return _unique(out), ctx


def _unique(items: Iterable[Statement]) -> list[Statement]:
    seen: dict[tuple[str, str, str], Statement] = {}
    for s in items:
        seen.setdefault((s.subject.model_dump_json(), s.stored_predicate, s.object.lower()), s)
    return list(seen.values())


def _note_mentions(sent: Span, ctx: Context) -> None:
    """The last name in the sentence becomes what he/she refers to next."""
    for tok in sent:
        if tok.pos_ == "PROPN" and tok.dep_ not in ("compound", "flat") and tok.lower_ != "max":
            kind = "person" if tok.ent_type_ == "PERSON" else "thing"
            if tok.dep_ == "appos" and tok.head.lemma_.lower() in PETS:
                kind = "animal"
            if tok.dep_ in ("oprd", "attr", "dobj") and tok.head.lemma_.lower() in ("name", "call"):
                # "a cat named Miso": Miso is what the noun named is.
                owner = tok.head.head
                noun = owner.lemma_.lower()
                kind = "animal" if noun in PETS else "person" if noun in KIN else kind
                if kind != "thing":
                    ctx.remember(_name_of(tok), kind)
                    continue
            if tok.dep_ == "attr" and any(
                c.lower_ in ("i", "we") for c in tok.head.children if c.dep_ == "nsubj"
            ):
                # "I'm Ben": the speaker, not someone he or she will refer to.
                continue
            if tok.dep_ == "attr" and any(
                c.lower_ in ("this", "that") for c in tok.head.children if c.dep_ == "nsubj"
            ):
                # "This is Rex": a name given, of someone or something the text has not said.
                kind = "unknown"
            named = kind != "thing" or tok.dep_ in ("nsubj", "appos", "attr")
            # A name said to someone ("Hi Sam!") is who is addressed, not who "he" is next.
            addressed = tok.dep_ in ("npadvmod", "intj", "ROOT", "dep", "vocative")
            if named and not addressed:
                ctx.remember(_name_of(tok), kind)


def _name_of(tok: Token) -> str:
    parts = [c for c in tok.lefts if c.dep_ in ("compound", "flat") and c.pos_ == "PROPN"]
    parts += [tok]
    parts += [c for c in tok.rights if c.dep_ in ("flat",) and c.pos_ == "PROPN"]
    return " ".join(p.text for p in parts)


_CLAUSE_DEPS = frozenset({"conj", "ccomp", "advcl", "parataxis"})


def _clause_heads(sent: Span) -> Iterator[Token]:
    """The root and every coordinated or subordinate verb under it, in the order said (so a
    name comes before the "he" that refers to it). A subordinate clause counts only when it has
    a subject of its own; `_subject_token` sees to that."""
    root = sent.root
    heads = [root]
    stack = [root]
    while stack:
        tok = stack.pop()
        for child in tok.children:
            if child.dep_ in _CLAUSE_DEPS and child.pos_ in ("VERB", "AUX"):
                heads.append(child)
                stack.append(child)
    yield from sorted(heads, key=lambda t: t.i)


def _read_sentence(sent: Span, ctx: Context, skip_intro: bool) -> list[Statement]:
    out: list[Statement] = []
    for head in _clause_heads(sent):
        out.extend(_read_clause(head, ctx, skip_intro))
    return out


def _subject_token(verb: Token) -> Token | None:
    for child in verb.children:
        if child.dep_ in ("nsubj", "expl"):
            return child if child.dep_ == "nsubj" else None
        if child.dep_ == "nsubjpass":
            return None
    if verb.dep_ == "conj" and verb.head.pos_ in ("VERB", "AUX"):
        return _subject_token(verb.head)
    if verb.dep_ in ("xcomp",):
        return _subject_token(verb.head)
    return None


def subject_ref(tok: Token, ctx: Context) -> Ref | None:
    """The subject a token names, or None when it is not a subject MAX can name."""
    low = tok.lower_
    if tok.pos_ == "PRON" or low in ("i", "you", "we", "he", "she", "they", "it"):
        if low in ("i", "me", "we"):
            return Ref(role="speaker", kind="person")
        if low in ("you", "u"):
            return Ref(role="listener", kind="person")
        mentioned = ctx.mention()
        if low in _PRONOUN_PEOPLE and mentioned is not None:
            name, kind = mentioned
            return Ref(role="name", name=name, kind=kind if kind != "unknown" else "thing")
        return None
    if tok.pos_ == "PROPN":
        if low == "max":
            return None
        kind = "person" if tok.ent_type_ == "PERSON" else "thing"
        relation = _relation_noun(tok)
        if relation is not None:
            noun = relation.lemma_.lower()
            kind = "person" if noun in KIN else "animal"
        return Ref(role="name", name=_name_of(tok), kind=kind)
    if tok.pos_ == "NOUN":
        owner_tok = next((c for c in tok.children if c.dep_ == "poss"), None)
        if owner_tok is None:
            return None
        owner = _owner_ref(owner_tok, ctx)
        if owner is None:
            return None
        noun = tok.lemma_.lower()
        named = next((c for c in tok.children if c.dep_ == "appos" and c.pos_ == "PROPN"), None)
        kind = "person" if noun in KIN else "animal" if noun in PETS else "thing"
        if named is not None:
            return Ref(role="name", name=_name_of(named), kind=kind)
        if kind == "thing":
            return None
        return Ref(role="kin", owner=owner, noun=noun, kind=kind)
    return None


def _relation_noun(tok: Token) -> Token | None:
    """ "My dog Pixel" parsed with "dog" as a modifier of "Pixel": the relation noun."""
    for child in tok.children:
        if (
            child.dep_ in ("compound", "nmod", "amod")
            and child.pos_ == "NOUN"
            and (child.lemma_.lower() in KIN or child.lemma_.lower() in PETS)
        ):
            return child
    return None


def _owner_ref(tok: Token, ctx: Context) -> Ref | None:
    low = tok.lower_
    if low in ("my", "our"):
        return Ref(role="speaker", kind="person")
    if low == "your":
        return Ref(role="listener", kind="person")
    mentioned = ctx.mention()
    if low in ("his", "her") and mentioned is not None:
        return Ref(role="name", name=mentioned[0], kind="person")
    if tok.pos_ == "PROPN" and low != "max":
        return Ref(role="name", name=_name_of(tok), kind="person")
    return None


def _negated(verb: Token) -> bool:
    return any(c.dep_ == "neg" for c in verb.children)


def _mood(verb: Token) -> Literal["fact", "past", "plan", "wish"] | None:
    """The clause's mood, or None for a hypothetical one (would, could, might)."""
    auxes = [c.lower_ for c in verb.children if c.dep_ in ("aux", "auxpass")]
    if any(a in _MODALS_SKIP for a in auxes):
        return None
    if any(a in _FUTURE for a in auxes):
        return "plan"
    if verb.tag_ in ("VBD", "VBN") or any(a in ("did", "was", "were", "had") for a in auxes):
        return "past"
    return "fact"


def _time_tokens(verb: Token) -> tuple[str | None, set[int]]:
    """The clause's time phrase ("last Saturday", "in two weeks") and its token indices."""
    phrases, used = _child_time_tokens(verb)
    if not phrases:
        # "I adopted a cat named Miso two weeks ago": the date hangs lower in the parse.
        own = _own_tokens(verb)
        for ent in verb.doc.ents:
            inside = all(t.i in own for t in ent)
            if ent.label_ in ("DATE", "TIME") and inside and timewords.mentions_time(ent.text):
                phrases.append(ent.text)
                used.update(t.i for t in ent)
                break
    return (" ".join(phrases) if phrases else None), used


def _own_tokens(verb: Token) -> set[int]:
    """The clause's tokens, without the clauses under it."""
    out = {verb.i}
    for child in verb.children:
        if child.dep_ in _CLAUSE_DEPS and child.pos_ in ("VERB", "AUX"):
            continue
        out.update(t.i for t in child.subtree)
    return out


def _child_time_tokens(verb: Token) -> tuple[list[str], set[int]]:
    phrases: list[str] = []
    used: set[int] = set()
    for child in verb.children:
        span_tokens = list(child.subtree)
        text = " ".join(t.text for t in span_tokens)
        is_time = child.ent_type_ in ("DATE", "TIME") or (
            child.dep_ in ("npadvmod", "advmod", "prep", "tmod")
            and timewords.mentions_time(text)
            and len(span_tokens) <= 5
        )
        if child.dep_ in ("prep",) and child.lower_ not in (
            "on",
            "in",
            "at",
            "during",
            "this",
            "last",
            "next",
            "since",
            "for",
        ):
            is_time = False
        if is_time and child.dep_ not in ("nsubj", "dobj", "ccomp", "xcomp", "conj"):
            phrases.append(text)
            used.update(t.i for t in span_tokens)
    return phrases, used


def _object_text(tok: Token, skip: set[int]) -> str | None:
    """A clean object phrase: the noun with its modifiers, no determiners or possessives, no
    relative clauses, no coordinated items (read separately), at most six words."""
    if tok.lower_ in _NOT_OBJECTS or tok.pos_ == "PRON":
        return None
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
        ):
            if child.dep_ == "prep" and child.lower_ == "of" and child.i > tok.i:
                continue
            if child.dep_ == "poss" and child.pos_ == "PROPN":
                continue
            banned.update(t.i for t in child.subtree)
    for t in tok.subtree:
        if t.i in banned or t.is_punct or t.lower_ in _DROP_DET:
            continue
        keep.append(t)
    while keep and keep[-1].lower_ in ("too", "as", "well", "again", "now", "of"):
        keep.pop()
    if not keep or len(keep) > 6:
        return None
    text = "".join(t.text_with_ws for t in keep).strip()
    if not text or not any(c.isalnum() for c in text):
        return None
    return text


def _conjuncts(tok: Token) -> list[Token]:
    out = [tok]
    for t in tok.conjuncts:
        if t.i > tok.i and t.pos_ in ("NOUN", "PROPN", "ADJ", "NUM", "VERB"):
            out.append(t)
    return out


def _predicate(*parts: str) -> str | None:
    name = "_".join(p for p in parts if p).lower().replace("-", "_").replace("'", "")
    return name if PREDICATE_RE.match(name) else None


def _read_clause(verb: Token, ctx: Context, skip_intro: bool) -> list[Statement]:
    subj_tok = _subject_token(verb)
    if subj_tok is None:
        return []
    if subj_tok.lower_ in ("this", "these") and verb.lemma_ == "be":
        return _presented(verb, ctx)
    if modality(verb, _mood(verb)) == "hypothetical":
        # "If I had a boat": nothing a hypothetical clause says is stored.
        return []
    # "My husband Theo and I are going camping": the clause holds for each of them.
    out: list[Statement] = []
    for tok in (subj_tok, *(c for c in subj_tok.conjuncts if c.i > subj_tok.i)):
        out.extend(_read_clause_for(verb, tok, ctx, skip_intro))
    return _with_roles(verb, subj_tok, out)


def _with_roles(verb: Token, subj_tok: Token, statements: list[Statement]) -> list[Statement]:
    """Each statement of the clause with the clause's other arguments as its roles (less the
    one that became its object) and the clause's modality."""
    if not statements:
        return statements
    used = {t.i for t in subj_tok.subtree}
    obj = _direct_object(verb)
    roles = clause_roles(verb, used, obj)
    said = modality(verb, _mood(verb))
    out = []
    for st in statements:
        if st.roles or st.verb == "be" and st.predicate in ("is_a", "pet_of") or st.object == "":
            out.append(st)
            continue
        own = st.object.lower()
        kept = tuple(r for r in roles if r.text.lower() != own and not own.endswith(r.text.lower()))
        mood = {"past": "done", "plan": "plan", "wish": "wish"}.get(st.mood, said)
        out.append(st.model_copy(update={"roles": kept, "modality": mood}))
    return out


def _read_clause_for(
    verb: Token, subj_tok: Token, ctx: Context, skip_intro: bool
) -> list[Statement]:
    subject = subject_ref(subj_tok, ctx)
    if subject is None:
        return []
    if subject.role == "name" and subject.name and subject.kind in ("person", "animal"):
        # "My sister Lena lives in Porto and she ...": she is Lena from here on.
        ctx.remember(subject.name, subject.kind)
    mood = _mood(verb)
    if mood is None:
        return []
    negated = _negated(verb)
    when, time_idx = _time_tokens(verb)
    lemma = verb_lemma(verb)
    out: list[Statement] = []
    # "my sister Lena": the relation itself is a claim.
    if subj_tok.pos_ == "NOUN" and subject.role == "name":
        out.extend(_kin_edge(subj_tok, subject, ctx))
    elif subj_tok.pos_ == "PROPN":
        relation = _relation_noun(subj_tok)
        if relation is not None:
            out.extend(_kin_edge(relation, subject, ctx, subj_tok))

    def emit(
        predicate: str | None,
        obj: str | None,
        *,
        literal: bool = False,
        object_ref: Ref | None = None,
        verb_lemma: str = lemma,
        clause_mood: Literal["fact", "past", "plan", "wish"] | None = None,
    ) -> None:
        if predicate is None or obj is None:
            return
        out.append(
            Statement(
                subject=subject,
                predicate=predicate,
                object=obj,
                literal=literal,
                object_ref=object_ref,
                negated=negated,
                mood=clause_mood or mood,
                when=when,
                verb=verb_lemma,
            )
        )

    if lemma == "be":
        _copula(verb, subject, subj_tok, emit, skip_intro, time_idx, out, ctx)
        return out
    # "going to visit", "want to learn": the inner verb carries the content.
    xcomp = next(
        (c for c in verb.children if c.dep_ == "xcomp" and c.pos_ in ("VERB", "AUX")), None
    )
    if (
        lemma == "go"
        and xcomp is not None
        and any(c.lower_ == "to" for c in xcomp.children if c.dep_ == "aux")
        and verb.tag_ == "VBG"
    ):
        # "I'm going to visit my mom": a plan.
        inner = _read_clause_inner(xcomp, subject, negated, "plan", when, time_idx)
        return out + inner
    if xcomp is not None and lemma in _WISH_VERBS:
        inner_lemma = canonical_lemma(xcomp.lemma_.lower())
        obj_tok = _direct_object(xcomp)
        if obj_tok is not None:
            for o in _conjuncts(obj_tok):
                emit(
                    _predicate(_WISH_VERBS[lemma], inner_lemma),
                    _object_text(o, time_idx),
                    verb_lemma=inner_lemma,
                    clause_mood="wish" if lemma != "love" else mood,
                )
        elif lemma in ("love", "like", "enjoy", "prefer") or inner_lemma in ACTIVITIES:
            emit(
                _predicate(third_person(lemma) if lemma not in _WISH_VERBS else _WISH_VERBS[lemma]),
                gerund(inner_lemma),
                literal=True,
            )
        return out
    if lemma in SOCIAL_VERBS and lemma not in CONTENT_WHEN_OBJECT:
        return out
    obj_tok = _direct_object(verb)
    prt = next((c.lower_ for c in verb.children if c.dep_ == "prt"), "")
    if obj_tok is not None:
        for o in _items(obj_tok):
            if o.pos_ == "VERB":
                emit(_predicate(third_person(lemma), prt), gerund(o.lemma_.lower()), literal=True)
                continue
            ref = _object_ref(o, ctx)
            text = ref.name if ref is not None and ref.name else _object_text(o, time_idx)
            emit(_predicate(third_person(lemma), prt), text, object_ref=ref, literal=_is_literal(o))
            # "We have a dog called Rex": Rex is a dog, and the subject's.
            out.extend(_object_kin_edges(o, ctx, subject if lemma == "have" else None))
        return out
    if lemma in CONTENT_WHEN_OBJECT and lemma not in ("have", "get", "do", "make", "take"):
        return out
    before = len(out)
    for prep in (c for c in verb.children if c.dep_ in ("prep", "dative") and c.i > verb.i):
        if prep.i in time_idx:
            continue
        pobj = next((c for c in prep.children if c.dep_ == "pobj"), None)
        if pobj is None or (pobj.pos_ not in ("NOUN", "PROPN", "NUM") and not pobj.like_num):
            continue
        for o in _conjuncts(pobj):
            ref = _object_ref(o, ctx)
            text = ref.name if ref is not None and ref.name else _object_text(o, time_idx)
            emit(
                _predicate(third_person(lemma), prt, prep.lower_),
                text,
                object_ref=ref,
                literal=_is_literal(o),
            )
        out.extend(_object_kin_edges(pobj, ctx))
        if len(out) > before:
            return out
    place = next(
        (c for c in verb.children if c.dep_ == "advmod" and c.lower_ in _PLACE_WORDS), None
    )
    if place is not None:
        # "we flew home on Sunday"
        emit(_predicate(third_person(lemma), prt), place.lower_, literal=True)
        return out
    gerund_child = next(
        (
            c
            for c in verb.children
            if c.tag_ == "VBG" and c.dep_ in ("xcomp", "advcl", "dobj", "ccomp")
        ),
        None,
    )
    if lemma == "go" and gerund_child is not None:
        emit("goes", gerund_child.lower_, literal=True)
        return out
    if lemma in ACTIVITIES and not prt:
        emit("does", gerund(lemma), literal=True, verb_lemma=lemma)
    return out


def _read_clause_inner(
    verb: Token,
    subject: Ref,
    negated: bool,
    mood: Literal["fact", "past", "plan", "wish"],
    when: str | None,
    time_idx: set[int],
) -> list[Statement]:
    inner_when, inner_idx = _time_tokens(verb)
    when = when or inner_when
    skip = time_idx | inner_idx
    lemma = canonical_lemma(verb.lemma_.lower())
    out = []
    obj_tok = _direct_object(verb)
    targets: list[tuple[str | None, Token]] = []
    if obj_tok is not None:
        targets = [(_predicate(third_person(lemma)), o) for o in _conjuncts(obj_tok)]
    else:
        for prep in (c for c in verb.children if c.dep_ == "prep" and c.i not in skip):
            pobj = next((c for c in prep.children if c.dep_ == "pobj"), None)
            if pobj is not None:
                targets = [
                    (_predicate(third_person(lemma), prep.lower_), o) for o in _conjuncts(pobj)
                ]
                break
    for predicate, o in targets:
        text = _object_text(o, skip)
        if predicate and text:
            out.append(
                Statement(
                    subject=subject,
                    predicate=predicate,
                    object=text,
                    negated=negated,
                    mood=mood,
                    when=when,
                    verb=lemma,
                    literal=_is_literal(o),
                )
            )
    if not targets and lemma in ACTIVITIES:
        out.append(
            Statement(
                subject=subject,
                predicate="does",
                object=gerund(lemma),
                literal=True,
                negated=negated,
                mood=mood,
                when=when,
                verb=lemma,
            )
        )
    return out


def _direct_object(verb: Token) -> Token | None:
    for child in verb.children:
        if child.dep_ in ("dobj", "obj"):
            return child
    # The small model reads an unfamiliar noun after a verb as a modifier ("hates cilantro"):
    # a word WordNet knows as a noun and not as an adverb or adjective is the object.
    for child in verb.rights:
        if (
            child.dep_ in ("advmod", "acomp", "npadvmod")
            and child.pos_ in ("ADJ", "ADV", "NOUN")
            and not child.ent_type_
            and lexicon.base(child.lower_, "n")
            and not lexicon.base(child.lower_, "r")
            and not lexicon.base(child.lower_, "a")
        ):
            return child
    return None


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
    two, though the parse hangs "a cat" on "Rex"."""
    out = [tok]
    named = _naming(tok)
    for t in [*tok.conjuncts, *(named.conjuncts if named is not None else ())]:
        if t.i > tok.i and t.pos_ in ("NOUN", "PROPN", "ADJ", "NUM", "VERB") and t not in out:
            out.append(t)
    return sorted(out, key=lambda t: t.i)


def _is_literal(tok: Token) -> bool:
    return tok.like_num or tok.ent_type_ in ("DATE", "TIME", "MONEY", "QUANTITY", "CARDINAL")


def _object_ref(tok: Token, ctx: Context) -> Ref | None:
    """ "my sister Lena" as an object: Lena, a person."""
    if tok.pos_ == "PROPN":
        return Ref(
            role="name", name=_name_of(tok), kind="person" if tok.ent_type_ == "PERSON" else "thing"
        )
    named = _naming(tok)
    noun = tok.lemma_.lower()
    if named is not None and (noun in KIN or noun in PETS):
        return Ref(role="name", name=_name_of(named), kind="person" if noun in KIN else "animal")
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
    noun = noun_tok.lemma_.lower()
    if owner_tok is not None:
        owner = _owner_ref(owner_tok, ctx)
    out = []
    if noun in PETS:
        out.append(Statement(subject=named, predicate="is_a", object=noun, verb="be"))
        if owner is not None:
            out.append(
                Statement(subject=named, predicate="pet_of", object="", object_ref=owner, verb="be")
            )
    elif noun in KIN and owner is not None:
        out.append(
            Statement(subject=named, predicate=f"{noun}_of", object="", object_ref=owner, verb="be")
        )
    return out


def _age(tok: Token) -> str | None:
    """The number of years an attribute says ("12", "12 years old"), else None."""
    if tok.dep_ == "attr" and tok.like_num:
        return tok.text
    if tok.dep_ == "acomp" and tok.lemma_.lower() == "old":
        span = next((c for c in tok.children if c.dep_ == "npadvmod"), None)
        count = None if span is None else next((c for c in span.children if c.like_num), None)
        return None if count is None else count.text
    return None


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


def _copula(
    verb: Token,
    subject: Ref,
    subj_tok: Token,
    emit: object,
    skip_intro: bool,
    time_idx: set[int],
    out: list[Statement],
    ctx: Context,
) -> None:
    """ "Sam is a nurse", "I'm allergic to peanuts", "Lena is from Porto"."""
    from collections.abc import Callable

    assert callable(emit)
    put: Callable[..., None] = emit
    for child in verb.children:
        age = _age(child)
        if age is not None and subject.kind in ("person", "animal"):
            # "Jonas is 12", "Rex is three years old" (the small model tags "12" a DATE).
            put("age", age, literal=True, verb_lemma="be")
            continue
        if child.i in time_idx:
            continue
        if child.dep_ == "attr":
            if child.pos_ == "PROPN":
                # "I'm Ana" is an introduction, read elsewhere; "this is Rex" names, no more.
                continue
            if child.pos_ in ("NOUN",) and child.lower_ not in _NOT_OBJECTS:
                for o in _conjuncts(child):
                    put("is_a", _object_text(o, time_idx), verb_lemma="be")
        elif child.dep_ == "acomp":
            prep = next((c for c in child.children if c.dep_ == "prep"), None)
            pobj = (
                None if prep is None else next((c for c in prep.children if c.dep_ == "pobj"), None)
            )
            if prep is not None and pobj is not None and child.lemma_.lower() not in FEELINGS:
                for o in _conjuncts(pobj):
                    put(
                        _predicate(child.lemma_.lower(), prep.lower_),
                        _object_text(o, time_idx),
                        verb_lemma=child.lemma_.lower(),
                    )
        elif child.dep_ == "prep" and child.lower_ in ("from", "in", "at"):
            pobj = next((c for c in child.children if c.dep_ == "pobj"), None)
            if pobj is not None and pobj.i not in time_idx:
                predicate = {"from": "comes_from", "in": "located_in", "at": "located_at"}[
                    child.lower_
                ]
                put(predicate, _object_text(pobj, time_idx), verb_lemma="be")
