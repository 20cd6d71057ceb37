"""Does an answer have the type its question asks for? The question word sets the expected
type (when: a time, how many: a number, who: a person, where: a place); the answer found is
checked against it, from what the claim holds (its time, its entity's kind) and the answer's
own words. A mismatch lowers the answer's score, which answering.py compares with the
calibrated threshold (language.answer_threshold, fitted on the dev split). Pure."""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from spacy.lang.en.lex_attrs import like_num

from resident.language import lexicon
from resident.language.answer_fills import only_amount
from resident.language.when_days import MONTHS, WEEKDAYS
from resident.language.words import table, words

if TYPE_CHECKING:
    from resident.language.knowledge import ClaimView


class _Asked(Protocol):
    """What the fit reads of a question (asking.Query has it)."""

    wh: str
    verb: str
    type_noun: str | None
    attribute: bool
    prep: str | None
    object_words: tuple[str, ...]


#: Number words ("three", "twelve") as numbers: a count said in words is still a count.
_COUNTS = frozenset(table("number_words")) - {"a", "an"}
#: How asking.py says an answer holds only when it was told, not when it happened.
TOLD_ONLY = "some time before"
#: What the score loses when the answer is not of the type asked.
MISMATCH = -1.5
#: What it gains when the type is confirmed by something held (a time, a person's entity).
CONFIRMED = 0.5


def _is_number(text: str) -> bool:
    words = text.lower().replace("-", " ").split()
    return any(any(c.isdigit() for c in w) or w in _COUNTS or like_num(w) for w in words)


def answer_type_fit(query: _Asked, short: str, lead: ClaimView, *, asks_subject: bool) -> float:
    """What the answer's type adds to its score: CONFIRMED when it is of the type asked,
    MISMATCH when it is not, 0 when the question word expects no particular type."""
    claim = lead.claim
    if query.wh == "when":
        if claim.occurred_at is None and short.startswith(TOLD_ONLY):
            # Only when it was told, not when it happened: no answer to "when" at all.
            return 2 * MISMATCH
        return CONFIRMED
    if query.wh in ("how many", "how old", "how long"):
        return CONFIRMED if _is_number(short) else MISMATCH
    if query.wh == "who" and asks_subject:
        return CONFIRMED if claim.subject.startswith("person:") else 0.0
    if query.wh == "who":
        person = claim.object_entity is not None and claim.object_entity.startswith("person:")
        # "Who did Ana give the keys to?" is not answered by "keys", a thing in WordNet.
        return CONFIRMED if person else MISMATCH if _no_one(short) else 0.0
    person = claim.object_entity is not None and claim.object_entity.startswith("person:")
    if not asks_subject and _names_subject(short, lead.subject_label):
        # "What does Declan drive?" is not answered by "max declan", a misread greeting.
        return MISMATCH
    if query.type_noun and not asks_subject:
        if person and claim.predicate.endswith("_of"):
            # "What breed is Bryn?" is not "Rhys" of "Bryn is Rhys' pet": the relation names
            # what the answer is to the subject, and a pet is no breed.
            relation = claim.predicate.removeprefix("not_").removesuffix("_of")
            if query.type_noun in _VARIETIES:
                return MISMATCH  # a pet is no breed, whatever WordNet counts below it
            return _of_kind(relation.replace("_", " "), query.type_noun)
        if person and not _may_be_someone(query.type_noun):
            # "Which eye will Alun have done?" is not answered by "Dai", a person.
            return MISMATCH
        # "What book is Sam reading?": the kind named decides ("Walden", read as a name).
        kind = _of_kind(lead.object_label, query.type_noun)
        copula = query.verb == "be" and query.prep is None and not query.object_words
        # "What kind of dog is Pepper?" names the kind only to ask within it (the kind need
        # not be held, held_shapes.gap_nouns): an answer not known to be of it is another.
        return MISMATCH if copula and kind == 0.0 else kind
    place_or_doing = query.wh == "where" or (query.wh == "what" and query.verb == "do")
    if place_or_doing and not asks_subject and names_a_day(short):
        # A day is no place and nothing anyone does: "Where does Dev work?" is not
        # answered by "friday ill drive", a misread "can't do the Friday, I'll drive".
        return MISMATCH
    if place_or_doing and not asks_subject and only_amount(lead.object_label):
        # "What does Kemi do for work?" is not "four long shifts": an amount of work (the
        # one definition, answer_fills.only_amount).
        return MISMATCH
    if query.wh == "where" and not asks_subject and not _may_be_place(short):
        # "Where does Pavel work?" is not answered by "very good cook", a person.
        return MISMATCH
    if query.wh in ("where", "what", "which") and person and not asks_subject:
        # A person is not a place or a thing asked for ("What does my sister do?" -> "Kofi").
        return MISMATCH
    return 0.0


def _of_kind(label: str, noun: str) -> float:
    """ "What sport does Kyle play?": basketball is a sport (WordNet), CONFIRMED. Not being one
    costs nothing while the two could be of a kind: a lawyer is no hyponym of "job", yet
    answers "What job does Ana have?" (both have senses that are persons). An answer none of
    whose senses shares a class with any of the noun's is another thing: "Which eye?" is not
    answered by "coal miner", a person (MISMATCH)."""
    if noun in _VARIETIES:
        return CONFIRMED if _a_variety(label) else MISMATCH
    words = label.lower().split()
    head = lexicon.base(words[-1], "n") if words else None
    if head is None:
        # A verb form ("having") is no thing of any kind; a name WordNet lacks may be one.
        verb = bool(words) and label[:1].islower() and lexicon.base(words[-1], "v") is not None
        return MISMATCH if verb else 0.0
    if head == noun or lexicon.is_a(head, noun, senses=None):
        return CONFIRMED
    kinds, asked = lexicon.lexnames(head), lexicon.lexnames(noun)
    # A name's last word says nothing of what it names: "Castle Rovers" is a team, no rover.
    name = label.split()[-1][:1].isupper()
    return MISMATCH if kinds and asked and not kinds & asked and not name else 0.0


#: Nouns that ask which variety of a living kind something is ("What breed is Rocket?").
_VARIETIES = words("variety_asking_nouns")
#: At most how many kinds WordNet puts below a variety: a breed names few (greyhound 2, pug
#: 0, pony 4), the kind it is a breed of many (dog 189, cat 38, rabbit 10).
_FEW_KINDS = 4


def _a_variety(label: str) -> bool:
    """Is `label` a variety of an animal or a plant: WordNet knows it (as one compound, else
    its last word) as one, with few kinds below it?"""
    wn = lexicon.reader()
    said = label.lower().split()
    if wn is None or not said:
        return False
    senses = wn.synsets("_".join(said), "n")[:1] or wn.synsets(said[-1], "n")[:1]
    return any(
        s.lexname() in ("noun.animal", "noun.plant")
        and len(list(s.closure(lambda x: x.hyponyms()))) <= _FEW_KINDS
        for s in senses
    )


#: The names of the days and months (dateutil's), which say only a time.
_CALENDAR = frozenset({*WEEKDAYS, *MONTHS})


def names_a_day(label: str) -> bool:
    """Does `label` hold the name of a day or a month, a word WordNet knows only as a time
    ("friday", "fridays", "september"; not "may" or "march", which are other words too)?"""
    for word in label.lower().split():
        base = lexicon.base(word, "n") or word
        if base in _CALENDAR and lexicon.lexnames(base) <= {"noun.time"}:
            return True
    return False


#: WordNet's classes of nouns that may name where something is (a city, a shop, a club).
_PLACES = frozenset({"noun.location", "noun.artifact", "noun.group", "noun.object"})


def _may_be_place(label: str) -> bool:
    """Could `label` name a place? Not when WordNet knows its head only as other things (a
    person, a food, an act); a name it lacks may be one."""
    words = label.lower().split()
    head = lexicon.base(words[-1], "n") if words else None
    kinds = lexicon.lexnames(head) if head else set()
    return not kinds or bool(kinds & _PLACES)


def _names_subject(short: str, subject: str) -> bool:
    """Does the answer name the one it is about? No statement answers a question about X
    with X's own name."""
    said = set(short.lower().replace("'s", "").split())
    return bool(said & set(subject.lower().split()))


def _may_be_someone(noun: str) -> bool:
    """Could a thing of the kind `noun` be someone ("which friend", "what band")? Not when
    WordNet knows the noun only as things that are no one ("eye", "sport"); a noun it lacks
    may be anything."""
    head = lexicon.base(noun.lower(), "n")
    kinds = lexicon.lexnames(head) if head else set()
    return not kinds or bool(kinds & lexicon.SOMEONE)


def _no_one(label: str) -> bool:
    """Is `label` known to WordNet only as things that are no one ("keys", "yoga")? A name
    WordNet lacks ("Kemi") may be anyone."""
    words = label.lower().split()
    return bool(words) and label[:1].islower() and lexicon.never_someone(words[-1])


#: WordNet's classes of a noun that may say what someone does: a role (a nurse, a DJ) or an
#: activity (yoga).
_DOINGS = frozenset({"noun.person", "noun.act"})


def may_be_doing(label: str) -> bool:
    """Could "X is a <label>" say what X does ("What does Lucía do?")? Its head ("head" of
    "head of pharmacy") is a role or an activity in WordNet; a word WordNet lacks ("tía")
    says nothing of what anyone does."""
    words = label.lower().split(" of ")[0].split()
    head = lexicon.base(words[-1], "n") if words else None
    return head is not None and bool(lexicon.lexnames(head) & _DOINGS)
