"""Named subjects: the people, places, organisations and technical terms a document names, read
over every sentence of its prose (not only the head of each page), with what the document says
about each: the pages it appears on, what it "is" ("ASN.1 is a notation ..."), the other
subjects it appears with and the words around it.

Candidates are runs of capitalised words (and acronyms such as ASN.1 or X.509) found by rule in
one pass; only the frequent ones are then typed by the trained pipeline's NER in a few short
sentences each, taken from different pages, so the model reads a few thousand tokens per book
instead of every page. A name's kind is the majority of NER's labels over those sentences,
weighed with what the text shows of it everywhere it is named: a name that narration has say or
think ("said the Queen", "Anne knew") or that follows a title of person ("Mr", "Captain") is a
person; one read after a preposition of place half the time is a place. A capitalised run of
common English words ("License", "Invariant Sections", "NAME") is a heading or a defined term,
not a name, unless it speaks (the Mock Turtle) or NER insists it is a person or a place.
Bounded: every counter is pruned, a few contexts per name are held.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from resident.literature.text import STOPWORDS

#: spaCy entity labels kept as subjects, and the entity kind each becomes.
NER_KINDS = {
    "PERSON": "person",
    "GPE": "place",
    "LOC": "place",
    "FAC": "place",
    "ORG": "organization",
    "NORP": "group",
    "WORK_OF_ART": "work",
    "LAW": "work",
    "EVENT": "event",
    "PRODUCT": "term",
}
_MAX_KEYS = 8_000
_MAX_PAIRS = 20_000
_PAGES_KEPT = 12
#: Sentences per name given to NER (from different pages): its label is their majority.
_CONTEXTS = 4
#: Person evidence needed: sightings as the one who speaks or thinks, or after a title.
_MIN_PERSON_EVIDENCE = 2
#: Place evidence needed: sightings after a preposition of place (more common than speech).
_MIN_PLACE_EVIDENCE = 3
#: Words skipped between a verb of saying and its speaker ("said the Queen").
_ARTICLES = frozenset({"the", "a", "an"})
#: How a quotation or a clause ends before an inverted verb of saying ("...,' said Alice").
_SPEECH_ENDS = ("'", '"', "\u201d", "\u2019", ",", "!", "?", "`")
#: English prepositions of place: a name read after one of them half the time is a place.
_PLACE_PREPOSITIONS = frozenset({"at", "in", "to", "from", "near", "into", "towards", "through"})
_CONTEXT_WORDS = 30
_TITLES = re.compile(r"\b(Mr|Mrs|Ms|Dr|St|Capt|Col|Lt|Gen|Prof)\.\s")
_JOINERS = frozenset({"of", "de", "van", "von", "la", "du", "del"})
_EDGE_PUNCT = "\"'()[]{},;:!?\u201c\u201d\u2018\u2019*"
_TERM = re.compile(r"^[A-Z][A-Za-z0-9]*(?:[.\-/+][A-Za-z0-9]+)*$")
#: "X is a ...": what the document says its subject is (at most five words kept).
_IS_A = re.compile(
    r"^(?:\s*\([^)]{1,60}\))?,?\s+(?:is|was|are|were)\s+(?:a|an|the|one of the)\s+"
    r"((?:[a-z][a-z-]*\s+){0,4}[a-z][a-z-]*)"
)


class PersonCues(NamedTuple):
    """Word tests that show a name is someone's (resident.literature.wordnet has them)."""

    #: A title or a noun for a person right before the name ("Mr", "Captain", "cousin").
    title: Callable[[str], bool]
    #: A verb of saying or thinking in the past tense ("said", "thought").
    speech: Callable[[str], bool]
    #: Such a verb that only someone does ("replied", "knew"), after the name.
    speaker: Callable[[str], bool]

    def shows_person(self, s: Sighting) -> bool:
        """ "Mr Knightley", "...,' said the Queen", "Anne replied": not "conveyed the
        Program", where the verb does not follow a quotation or a pause."""
        return (
            bool(s.before)
            and self.title(s.before)
            or (s.inverted and bool(s.verb_before) and self.speech(s.verb_before))
            or (bool(s.after) and self.speaker(s.after))
        )


@dataclass
class NameTally:
    """Running counts for name candidates (bounded)."""

    counts: Counter[str] = field(default_factory=Counter)
    pages: dict[str, list[int]] = field(default_factory=dict)
    page_count: Counter[str] = field(default_factory=Counter)
    contexts: dict[str, list[str]] = field(default_factory=dict)
    #: Occurrences right after a preposition of place ("at Bath", "to Lyme").
    located: Counter[str] = field(default_factory=Counter)
    #: Occurrences as one who speaks or thinks ("said Alice", "the Queen shouted", "Anne
    #: knew") or after a title of person ("Mr Knightley"): evidence of a person.
    personal: Counter[str] = field(default_factory=Counter)
    described: dict[str, list[tuple[str, int]]] = field(default_factory=dict)
    together: Counter[tuple[str, str]] = field(default_factory=Counter)
    around: Counter[tuple[str, str]] = field(default_factory=Counter)
    #: Occurrences right before a lower-case common word ("Huffman coding", "Burrows-Wheeler
    #: transform"): a name used as a modifier names a method or a thing, not an organisation.
    modifying: Counter[str] = field(default_factory=Counter)
    #: The pages the held contexts come from (one context per page).
    context_pages: dict[str, list[int]] = field(default_factory=dict)

    def add_page(
        self,
        sentences: Iterable[str],
        page: int,
        page_words: list[str],
        is_word: Callable[[str], bool],
        cues: PersonCues | None = None,
    ) -> None:
        """Tally one page's sentences; `cues` read the words around each name for a person."""
        on_page: set[str] = set()
        for sentence in sentences:
            for seen_as in candidates(sentence, is_word):
                name = seen_as.name
                self.counts[name] += 1
                on_page.add(name)
                if seen_as.before in _PLACE_PREPOSITIONS:
                    self.located[name] += 1
                if cues is not None and cues.shows_person(seen_as):
                    self.personal[name] += 1
                elif seen_as.modifies and is_word(seen_as.after):
                    self.modifying[name] += 1
                # Contexts at the 2nd, 4th, 8th and 16th sighting, each from a new page: most
                # candidates are seen once or twice (a heading, a stray capital) and hold one
                # sentence at most, so the held text grows with the names a book keeps using,
                # not with its length, and the few that are typed are read across the book.
                held = self.context_pages.get(name, [])
                if (
                    len(held) < _CONTEXTS
                    and self.counts[name] >= 2 ** (len(held) + 1)
                    and page not in held[-1:]
                ):
                    self.contexts.setdefault(name, []).append(_context(sentence, name))
                    self.context_pages.setdefault(name, []).append(page)
                self._description(name, sentence, page)
        for name in on_page:
            self.page_count[name] += 1
            kept = self.pages.setdefault(name, [])
            if len(kept) < _PAGES_KEPT:
                kept.append(page)
        ordered = sorted(on_page)
        for i, a in enumerate(ordered):
            for b in ordered[i + 1 : i + 9]:
                self.together[(a, b)] += 1
            for w in page_words:
                self.around[(a, w)] += 1
        self._prune()

    def _description(self, name: str, sentence: str, page: int) -> None:
        said = self.described.get(name, [])
        if len(said) >= 2:
            return
        at = sentence.find(name)
        m = _IS_A.match(sentence[at + len(name) :]) if at >= 0 else None
        if m is None:
            return
        words = m.group(1).split()
        cut = next((i for i, w in enumerate(words) if i > 0 and w in STOPWORDS), len(words))
        phrase = " ".join(words[:cut])
        if phrase and phrase not in {p for p, _ in said}:
            self.described[name] = [*said, (phrase, page)]

    def _prune(self) -> None:
        if len(self.counts) > _MAX_KEYS:
            keep = dict(
                sorted(self.counts.items(), key=lambda kv: (-kv[1], kv[0]))[: _MAX_KEYS // 2]
            )
            self.counts = Counter(keep)
            for name in ("pages", "contexts", "described", "context_pages"):
                old: dict[str, Any] = getattr(self, name)
                setattr(self, name, {k: v for k, v in old.items() if k in keep})
            self.page_count = Counter({k: v for k, v in self.page_count.items() if k in keep})
            self.located = Counter({k: v for k, v in self.located.items() if k in keep})
            self.personal = Counter({k: v for k, v in self.personal.items() if k in keep})
            self.modifying = Counter({k: v for k, v in self.modifying.items() if k in keep})
        for name in ("together", "around"):
            pairs: Counter[tuple[str, str]] = getattr(self, name)
            if len(pairs) > _MAX_PAIRS:
                top = sorted(pairs.items(), key=lambda kv: (-kv[1], kv[0]))[: _MAX_PAIRS // 2]
                setattr(self, name, Counter(dict(top)))


def _context(sentence: str, name: str) -> str:
    words = sentence.split()
    if len(words) <= _CONTEXT_WORDS:
        return sentence
    first = name.split()[0]
    at = next((i for i, w in enumerate(words) if w.startswith(first)), 0)
    lo = max(0, min(at - _CONTEXT_WORDS // 2, len(words) - _CONTEXT_WORDS))
    return " ".join(words[lo : lo + _CONTEXT_WORDS])


def _clean(token: str) -> str:
    token = token.strip(_EDGE_PUNCT)
    for suffix in ("'s", "\u2019s"):
        if token.endswith(suffix):
            token = token[: -len(suffix)]
    return token.rstrip(".") if token.count(".") == 1 and token.endswith(".") else token


def _capitalised(token: str, is_word: Callable[[str], bool]) -> bool:
    if not token or not token[0].isupper() or "_" in token or not _TERM.match(token):
        return False
    if any(part in STOPWORDS for part in token.lower().split("/")):
        return False  # "OF THE", "AND/OR" in a shouted disclaimer
    if token.isupper() and len(token) > 1:
        # An acronym (GNU, AES, ASN.1), not a shouted common word (NAME, LICENSE, CHAPTER).
        return len(token) <= 6 and not is_word(token.lower()) or any(c.isdigit() for c in token)
    return True


class Sighting(NamedTuple):
    """A name as one sentence shows it, with the words around it (lower case, "" at an edge)."""

    name: str
    #: The word right before it ("at" Bath).
    before: str
    #: The word before it, past an article ("said" the Queen).
    verb_before: str
    #: The word right after it (Alice "replied").
    after: str
    #: The word before `verb_before` ends a quotation or a clause ("...pity!' said the Queen").
    inverted: bool
    #: The word after it is a lower-case word of the same clause ("Huffman coding").
    modifies: bool = False


def candidates(sentence: str, is_word: Callable[[str], bool]) -> list[Sighting]:
    """Runs of capitalised words in a sentence ("Captain Wentworth", "Free Software
    Foundation", "ASN.1"), each with the words around it; a sentence's first word only when it
    is not a common English word."""
    raw = _TITLES.sub(r"\1 ", sentence).split()
    tokens = [_clean(t) for t in raw]
    out: list[Sighting] = []
    run: list[str] = []
    start = 0
    for i, tok in enumerate(tokens + [""]):
        if _capitalised(tok, is_word):
            if i == 0 and (tok.lower() in STOPWORDS or is_word(tok.lower())):
                continue
            if not run:
                start = i
            run.append(tok)
            continue
        if run and tok in _JOINERS and i + 1 < len(tokens) and _capitalised(tokens[i + 1], is_word):
            run.append(tok)
            continue
        if run:
            name = " ".join(run[:5])
            # Two letters are an acronym only in capitals ("UK"), never "Oh" or "Ah".
            if (len(name) >= 3 or name.isupper()) and name.lower() not in STOPWORDS:
                out.append(_sighting(name, tokens, raw, start, i))
            run = []
    return out


def _sighting(name: str, tokens: list[str], raw: list[str], start: int, end: int) -> Sighting:
    before = tokens[start - 1].lower() if start > 0 else ""
    back = start - 2 if before in _ARTICLES else start - 1
    after = tokens[end] if end < len(tokens) else ""
    return Sighting(
        name,
        before,
        tokens[back].lower() if back >= 0 else "",
        after.lower(),
        back >= 1 and raw[back - 1].endswith(_SPEECH_ENDS),
        after.isalpha()
        and after.islower()
        and after not in STOPWORDS
        and not raw[end - 1].endswith(_SPEECH_ENDS + (".", ";", ":")),
    )


@dataclass(frozen=True)
class TypedName:
    name: str
    kind: str


def type_names(
    tally: NameTally,
    limit: int,
    nlp: Any | None,
    is_word: Callable[[str], bool],
    head_kind: Callable[[str], str | None] = lambda _: None,
) -> list[TypedName]:
    """The `limit` most frequent candidates (seen at least twice) with a kind: the majority of
    NER's labels over the candidate's contexts when the pipeline is trained, weighed with the
    evidence of the whole book (`_kind`); without NER "term" for an acronym and "name" for the
    rest. Capitalised common words that neither speak nor get a person or place label are
    dropped. `head_kind(word)` says what a common noun ending a name makes its bearer
    ("cat": a person of the story, "place": a place), or None."""
    ranked = [n for n, c in sorted(tally.counts.items(), key=lambda kv: (-kv[1], kv[0])) if c >= 2]
    pool = ranked[: 2 * limit]
    labels: dict[str, Counter[str]] = {n: Counter() for n in pool}
    if nlp is not None and "ner" in nlp.pipe_names:
        texts = [(text, n) for n in pool for text in tally.contexts.get(n, [n])]
        for doc, name in nlp.pipe(texts, as_tuples=True, batch_size=64):
            at = doc.text.find(name)
            for ent in doc.ents:
                if at >= 0 and ent.start_char < at + len(name) and at < ent.end_char:
                    labels[name][ent.label_] += 1
    out: list[TypedName] = []
    for name in pool:
        evidence = Evidence(
            labels[name],
            tally.counts[name],
            tally.personal[name],
            tally.located[name],
            tally.modifying[name],
        )
        kind = _kind(name, evidence, is_word, head_kind)
        if kind is not None:
            out.append(TypedName(name, kind))
        if len(out) == limit:
            break
    return out


@dataclass(frozen=True)
class Evidence:
    """What a book shows of one name: NER's labels over its contexts, how often it is named,
    how often as a person (speaking, thinking, after a title) and after a preposition of place."""

    labels: Counter[str]
    count: int
    personal: int
    located: int
    modifying: int = 0

    @property
    def modifier(self) -> bool:
        """Named right before a lower-case word at least twice and on most sightings: "Huffman
        coding", "Burrows-Wheeler transform" name a method (a term), not an organisation."""
        return self.modifying >= _MIN_PERSON_EVIDENCE and 2 * self.modifying > self.count

    @property
    def person(self) -> bool:
        """The text has it speak, think or be titled at least twice, more often than it has it
        after "at", "in" or "to": what every sighting shows outweighs NER's few sentences
        (Charlotte is a town to NER, a woman who answers to the book)."""
        return self.personal >= _MIN_PERSON_EVIDENCE and self.personal > self.located

    @property
    def place(self) -> bool:
        """Read after "at", "in", "to", "from" at least three times, on a third of its
        sightings or more, and more often than as someone ("in Bath" 28 times, Bath never
        speaks; a stray "in Finally" twice is no town)."""
        return (
            self.located >= _MIN_PLACE_EVIDENCE
            and 3 * self.located >= self.count
            and self.located > self.personal
        )


def _kind(
    name: str,
    ev: Evidence,
    is_word: Callable[[str], bool],
    head_kind: Callable[[str], str | None],
) -> str | None:
    label = ev.labels.most_common(1)[0][0] if ev.labels else None
    kind = NER_KINDS.get(label) if label else None
    words = [w for w in name.split() if w.lower() not in _JOINERS]
    common = all(is_word(w.lower()) for w in words)
    technical = any(c.isdigit() or c in "./+" for c in name) or (name.isupper() and len(name) > 1)
    if technical:
        # "in ASN1" makes no place, and a versioned name no person: NER's word or a term.
        return kind if kind is not None and kind not in ("person", "place") else "term"
    if ev.person:
        return "person"
    if ev.place:
        return "place"
    if ev.modifier and not common and kind != "person":
        # Not over NER's person: "Mark Adler wrote" is someone, "Huffman coding" a method.
        return "term"
    # A name ending in a common noun is what that noun says ("Cheshire Cat", "Camden Place"),
    # when it is a name (NER's person or place, or a word that is no common word); a run of
    # common words stays a defined term ("Corresponding Source").
    head = head_kind(words[-1].lower()) if len(words) > 1 and is_word(words[-1].lower()) else None
    if head is not None and (not common or kind in ("person", "place")):
        return head
    if kind in ("person", "place") or (kind is not None and not common):
        return kind
    if common:
        # "License", "Invariant Sections", "Section": a heading or a defined term.
        return None
    return "name"
