"""Facts held but not found by the verb matcher, answered by meaning (issue 21, match26): what
a held statement implies for the gap a question asks, read off its verb's class, its
preposition and the roles of its qualifiers.

- where someone lives, from a verb of residence with a place ("rents in Headingley", "moved to
  Didsbury", "lodges with a couple {in Canton}": data/residing_verbs.txt, relocation_verbs.txt,
  home_verbs.txt), or from a verb of coming said as a habit "from" a place ("my parents visit
  from Leeds", data/home_from_verbs.txt);
- "How long ...?" from a qualifier that spans a time ("for three months": the noun a WordNet
  time period);
- "Which team does Osian play for?" from the object of "for" (the verb's own preposition, or a
  qualifier "for Didsbury Seconds" that is no span of time), a name;
- "What kind of restaurant ...?" from the modifiers said before that noun ("Italian
  restaurant");
- a yes/no question whose object carries more modifiers than the one held ("a Japanese driving
  licence" of "Japanese licence"): yes only when every modifier held is asked too, so an extra
  one adds to what is held and never replaces one ("a French licence" is not "a Spanish one").

Each keeps the type of its gap: a place is a proper name, a span a time period, a team a name.
Only statements of the subject asked, of the time asked, in the polarity asked; a plan is no
answer to the past. Pure over what the caller reads from the graph."""

from __future__ import annotations

import functools
from collections.abc import Iterable, Mapping, Sequence
from datetime import datetime
from typing import TYPE_CHECKING

from resident.language import lexicon
from resident.language.asked_time import at_time_asked
from resident.language.asking import hedge
from resident.language.dictionary import Dictionary
from resident.language.ended import current, with_time
from resident.language.knowledge import Answer, ClaimView, views
from resident.language.matching import STOP as _STOP
from resident.language.matching import (
    _lemma_tokens,
    asks_the_wish,
    claim_verbs,
    group_answers,
    only_wanted,
    planned,
    said_ahead,
    verb_group,
)
from resident.language.question_reading import Query
from resident.language.resolved import Resolved
from resident.language.statement import base_form
from resident.language.words import words
from resident.records import Qualifier

if TYPE_CHECKING:
    from spacy.tokens import Span

_DWELL = words("asking_dwelling_verbs")
_RESIDING = words("residing_verbs")
_RESIDENCE = _RESIDING | words("relocation_verbs") | words("home_verbs")
_HOME_FROM = words("home_from_verbs")
_PLACE_PARTS = words("place_part_nouns")
_KIND_WORDS = words("kind_asking_words")
#: Verbs that name no deed of their own: what is done is their object.
_LIGHT_VERBS = frozenset({"do", "be", "have", "get", "go", "make", "take"})
#: The prepositions after a verb of residence whose object is the place lived in.
_HOME_PREPS = frozenset({"in", "at", "to", "into"})
_ARTICLES = frozenset({"a", "an", "the", "my", "his", "her", "their", "our", "your"})
#: Outcome antonyms (WordNet senses of a test, a contest or a social act): "failed" denies
#: "passed", "lost" denies "won"; not motion or possession, where one does not deny the other
#: ("arrived" does not deny "left", "bought" does not deny "sold").
_OUTCOME_LEXNAMES = frozenset({"verb.social", "verb.competition"})


def answerable_shape(query: Query, kind_noun: str | None) -> bool:
    """Could `_fill` answer a question of this shape at all? A question of no such shape reads
    nothing from the graph (the subject and its statements are read again only for a question
    one of them can answer)."""
    return _shape(query, kind_noun) is not None


def _shape(query: Query, kind_noun: str | None) -> str | None:
    """Which reading by meaning a question of this shape takes, on the query alone (one
    definition for `_fill` and for the gate before the graph is read); None for none."""
    if query.wh == "how long":
        return "span"
    if query.verb in _DWELL:
        return "home"
    if query.verb == "do" and query.wh in ("what", "which") and query.type_noun:
        return "deed"
    if query.prep == "for" and query.wh in ("which", "what") and query.type_noun:
        return "for"
    if query.wh in ("what", "which") and query.type_noun in _KIND_WORDS and kind_noun:
        return "kind"
    if query.wh == "yes" and query.object_words:
        return "more"
    return None


def by_meaning(
    views_held: Sequence[ClaimView],
    held: Mapping[str, Sequence[Qualifier]],
    query: Query,
    now: datetime,
    asked: Sequence[frozenset[str]],
    kind_noun: str | None,
) -> tuple[ClaimView, str] | None:
    """The statement that answers the question by meaning, and the answer it gives; the
    latest telling when several do. None when none does."""
    found: list[tuple[ClaimView, str]] = []
    for v in views_held:
        qualifiers = held.get(v.claim.id, ())
        if query.past and said_ahead(v.claim, qualifiers, now):
            continue
        if not at_time_asked(query, v, qualifiers, now):
            continue
        if only_wanted(v.claim.predicate) and not asks_the_wish(query.verb, v.claim.predicate):
            continue  # "Is Bea moving to Leeds?" is not known from "Bea wants to move there"
        short = _fill(query, v, qualifiers, asked, kind_noun)
        if short:
            found.append((v, short))
    if not found:
        return None
    return max(found, key=lambda f: f[0].claim.created_at)


def meaning_answer(
    reads_views: Iterable[ClaimView],
    every: Mapping[str, Sequence[Qualifier]],
    query: Query,
    now: datetime,
    asked: Sequence[frozenset[str]],
    kind_noun: str | None,
) -> Answer | None:
    """`by_meaning` rendered as an answer (the claim's line beneath the short answer)."""
    held = {cid: current(qs) for cid, qs in every.items()}
    found = by_meaning(list(reads_views), held, query, now, asked, kind_noun)
    if found is None:
        return None
    v, short = found
    text = f"{short}. {hedge(v.claim)}\n{with_time(v, now, held)}"
    return Answer(text=text, claims=[v], known=True, short=short, score=3.0)


def subject_views(
    reads: Dictionary, subject: Resolved
) -> tuple[list[ClaimView], dict[str, list[Qualifier]]]:
    """The subject's held statements as views, and their qualifiers."""
    pool = [c for eid in subject.ids for c in reads.graph.peek_claims(eid)]
    pool = list({c.id: c for c in pool}.values())
    return views(pool, reads), reads.graph.qualifiers_of([c.id for c in pool])


def _fill(
    query: Query,
    v: ClaimView,
    qualifiers: Sequence[Qualifier],
    asked: Sequence[frozenset[str]],
    kind_noun: str | None,
) -> str | None:
    negated, verbs, prep = claim_verbs(v.claim.predicate)
    if negated:
        # A statement of the other polarity fills no gap and says no "yes".
        return None
    lemmas = frozenset(lexicon.base(w, "v") or w for w in verbs)
    shape = _shape(query, kind_noun)
    if shape == "span":
        return _span(query, v, qualifiers, lemmas)
    if shape == "home":
        return _home(query, v, qualifiers, lemmas, prep, asked)
    if shape == "deed" and query.type_noun:
        # "What sport does Luca do?" of "Luca boxes at the gym": boxing is a sport.
        return _deed_of_kind(lemmas, query.type_noun)
    if shape is None or not _same_verb(query, lemmas):
        return None
    if shape == "for":
        return _for_whom(query, v, qualifiers, prep)
    if shape == "kind" and kind_noun:
        return _kind_of(v, qualifiers, kind_noun)
    return _more_modifiers(query, v, qualifiers, asked) if shape == "more" else None


def _same_verb(query: Query, lemmas: frozenset[str]) -> bool:
    """The held verb is the one asked, or one of its group that answers it (not another
    manner of the same act: "drove" is no answer to "walk", matching.group_answers)."""
    shared = verb_group(query.verb) & lemmas
    return query.verb in lemmas or (bool(shared) and group_answers(query.verb, shared))


def _home(
    query: Query,
    v: ClaimView,
    qualifiers: Sequence[Qualifier],
    lemmas: frozenset[str],
    prep: str | None,
    asked: Sequence[frozenset[str]],
) -> str | None:
    """Where the subject lives, by a verb of residence with a place (the verb's object after
    "in"/"to", else the place it was said in), or a habit of coming "from" a place. The place
    is a proper name: "moved to the control room" is no home."""
    if query.wh in ("which", "what"):
        # "Which part of town does Tomasz live in?": the gap is a place, every noun asked too.
        nouns = [query.type_noun or "", *(w for s in asked for w in sorted(s))]
        if query.prep != "in" or not all(_place_noun(n) for n in nouns if n):
            return None
    elif query.wh not in ("where", "yes"):
        return None
    if planned(qualifiers):
        # "planning to move to Lisbon", "going to move to Lisbon": a wish or plan is no home.
        return None
    place: str | None = None
    if lemmas & _RESIDENCE and prep in _HOME_PREPS:
        place = v.object_label
    elif lemmas & _RESIDING and prep not in _HOME_PREPS:
        # "lodges with an old couple {in Canton}": the verb says residence by itself.
        place = next((q.value for q in qualifiers if q.role == "location"), None)
    elif (
        prep == "from"
        and v.claim.occurred_at is None
        and _comes_home(lemmas, claim_verbs(v.claim.predicate)[1])
    ):
        place = v.object_label
    if not place or not _place_name(place):
        return None
    if query.wh == "yes":
        held = _lemma_tokens(place)
        return "Yes" if query.object_words and set(query.object_words) <= held else None
    return place


def _comes_home(lemmas: frozenset[str], verbs: frozenset[str]) -> bool:
    """A habit of coming from a place that says home: "visits from Leeds", "comes up from
    Bristol"; a bare "comes from Belfast" says where one was born, which is not."""
    pairs = {f"{lemma} {w}" for lemma in lemmas for w in verbs}
    return bool((lemmas | pairs) & _HOME_FROM)


def _place_name(label: str) -> bool:
    """A place by its name: its head word capitalised, no one's possession ("Amir's flat"
    is a home but names no place)."""
    said = label.split()
    return bool(said) and said[-1][:1].isupper() and not any("'" in w for w in said)


@functools.lru_cache(maxsize=1024)
def _place_noun(word: str) -> bool:
    """A noun of a place (WordNet: a location in one of its three first senses), or a part
    of one ("part", "end")."""
    if word in _PLACE_PARTS:
        return True
    return _under(word, "location.n.01")


@functools.lru_cache(maxsize=1024)
def _under(word: str, synset: str) -> bool:
    wn = lexicon.reader()
    if wn is None:
        return False
    top = wn.synset(synset)
    for sense in wn.synsets(word.lower(), "n")[:3]:
        if top in set(sense.closure(lambda s: s.hypernyms() + s.instance_hypernyms())):
            return True
    return False


def _span_of_time(text: str) -> bool:
    """ "three months", "a fortnight": a few words, no name, ending in a WordNet time
    period or unit."""
    said = text.split()
    if not said or len(said) > 4 or any(w[:1].isupper() for w in said):
        # A name is no span: "for Didsbury Seconds".
        return False
    noun = base_form(said[-1])
    return _under(noun, "time_period.n.01") or _under(noun, "time_unit.n.01")


def _span(
    query: Query, v: ClaimView, qualifiers: Sequence[Qualifier], lemmas: frozenset[str]
) -> str | None:
    """ "How long is Priti's internship?" of "Priti has an internship {for three months}";
    "How long is Marek staying with his aunt?" of "stays with aunt {for a fortnight}". The
    thing asked (the owned noun, else the verb and its object) is the statement's own."""
    if query.time_asked in ("ago", "since"):
        return None
    said = _lemma_tokens(" ".join([v.object_label, *(q.value for q in qualifiers)]))
    ref = query.subject
    if ref is not None and ref.role == "kin" and ref.kind == "thing" and ref.noun:
        if base_form(ref.noun) not in _lemma_tokens(v.object_label):
            return None
    elif not _same_verb(query, lemmas) or not set(query.object_words) <= said:
        return None
    for q in qualifiers:
        value = q.value.strip()
        rest = value[4:] if value.lower().startswith("for ") else value
        if (q.role == "duration" or rest != value) and _span_of_time(rest):
            return rest
    return None


def _deed_of_kind(lemmas: frozenset[str], kind: str) -> str | None:
    """The noun of a held verb's deed that is a kind of the noun asked (WordNet: "box" is
    done as "boxing", a sport), from the verb's three first senses; None for a verb that names
    no deed of its own ("do", "have", "go")."""
    wn = lexicon.reader()
    if wn is None or lemmas & _LIGHT_VERBS:
        return None
    kinds = set(wn.synsets(kind.lower(), "n")[:2])
    found = [
        noun.name()
        for lemma in sorted(lemmas)
        for sense in wn.synsets(lemma, "v")[:3]
        for said in sense.lemmas()
        if said.name() == lemma
        for noun in said.derivationally_related_forms()
        if noun.synset().pos() == "n"
        and kinds & set(noun.synset().closure(lambda s: s.hypernyms()))
    ]
    # The deed as a gerund where WordNet has one ("swimming" before "swim").
    found.sort(key=lambda n: not n.endswith("ing"))
    return found[0].replace("_", " ") if found else None


def _for_whom(
    query: Query, v: ClaimView, qualifiers: Sequence[Qualifier], prep: str | None
) -> str | None:
    """ "Which team does Osian play rugby for?": the name the statement's "for" governs, its
    own preposition ("plays for Pontcanna") or a qualifier ("plays cricket {for Didsbury
    Seconds}", the thing asked then held too); never a span of time."""
    if prep == "for":
        name = v.object_label
    else:
        if not set(query.object_words) <= _lemma_tokens(v.object_label):
            return None
        fors = [q.value[4:] for q in qualifiers if q.value.lower().startswith("for ")]
        name = next((f for f in fors if not _span_of_time(f)), "")
    if not name or not name[:1].isupper() or any(c.isdigit() for c in name):
        return None
    return name


def _kind_of(v: ClaimView, qualifiers: Sequence[Qualifier], noun: str) -> str | None:
    """ "What kind of restaurant does Dario work in?": the words said before "restaurant"
    in the statement's object or one of its roles ("Italian restaurant")."""
    for said in (v.object_label, *(q.value for q in qualifiers)):
        tokens = said.split()
        for i, w in enumerate(tokens):
            if base_form(w.lower()) == noun and i > 0:
                mods = [t for t in tokens[:i] if t.lower() not in _ARTICLES]
                if mods:
                    return " ".join(mods)
    return None


def _more_modifiers(
    query: Query, v: ClaimView, qualifiers: Sequence[Qualifier], asked: Sequence[frozenset[str]]
) -> str | None:
    """ "Does Haruka have a Japanese driving licence?" of "Haruka has a Japanese licence":
    the same head noun, every modifier held asked too; the modifiers asked besides add to it.
    Every other word the question asks is held as it is."""
    held = [base_form(w) for w in v.object_label.lower().split() if w not in _STOP]
    wanted = [base_form(w) for w in query.object_words]
    if not held or not wanted or held[-1] != wanted[-1]:
        return None
    if not set(held[:-1]) <= set(wanted[:-1]):
        return None
    extra = set(wanted[:-1]) - set(held[:-1])
    if not extra:
        return None  # the question says no more than is held: the ordinary reading's
    said = _lemma_tokens(" ".join([v.object_label, *(q.value for q in qualifiers)]))
    for alternatives in asked:
        if alternatives & said or {base_form(w) for w in alternatives} & (said | extra):
            continue
        return None
    return "Yes"


@functools.lru_cache(maxsize=1024)
def outcome_opposites(lemma: str) -> frozenset[str]:
    """The verbs that deny `lemma` as the outcome of a test or a contest ("pass": fail), by
    WordNet antonyms of any of its senses of a social act or a competition."""
    wn = lexicon.reader()
    if wn is None:
        return frozenset()
    out: set[str] = set()
    for sense in wn.synsets(lemma.lower(), "v"):
        if sense.lexname() not in _OUTCOME_LEXNAMES:
            continue
        for said in sense.lemmas():
            if said.name().lower() != lemma.lower():
                continue
            for a in said.antonyms():
                if a.synset().lexname() in _OUTCOME_LEXNAMES and "_" not in a.name():
                    out |= verb_group(a.name().lower())
    return frozenset(out - verb_group(lemma))


def kind_of_asked(sent: Span) -> str | None:
    """The noun a "What kind of N ...?" question asks the kind of ("restaurant"), else None."""
    for t in sent:
        if t.lemma_.lower() not in _KIND_WORDS:
            continue
        of = [g for c in t.children if c.lower_ == "of" for g in c.children if g.pos_ == "NOUN"]
        if of:
            return of[0].lemma_.lower()
    return None
