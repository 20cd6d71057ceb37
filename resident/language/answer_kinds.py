"""The filler's own kind where the type answer_check reads from the question's wh-word and
head noun needs a finer look at the filler than its WordNet class (issue 21, type44): one
definition of "this filler can be the answer to this gap", asked by answer_check._of_type.

- a breed is a kind below a species: a filler whose head is the species itself (a noun
  WordNet files directly under a domestic animal: "hearing dog" is a dog, no breed of one);
- what someone does is no sex, age or kinship: a filler whose every noun names a person by
  one of them ("a good lad", "a real mum") says who someone is, not what they do;
- a "when" asks the time of THAT event: a question in the past is not answered by a time
  still to come when it is asked ("When did we move?" is not "1 May 2027" asked in 2026:
  that date is another event's, a plan's), nor one of now or to come by a past year's;
- "how much" is no count of things ("bought three chargers" says how many).

Each fails only on evidence: a word WordNet lacks, an adjective, a filler with one noun of
another sort passes. Pure: the parse, WordNet and the claims' times."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import TYPE_CHECKING

from spacy.lang.en.stop_words import STOP_WORDS

from resident.language import lexicon
from resident.language.answer_stale import asks_the_past
from resident.language.kin_nouns import kin_nouns
from resident.language.words import table, words

if TYPE_CHECKING:
    from spacy.tokens import Span

    from resident.language.knowledge import ClaimView


def names_species_only(short: str, noun: str) -> bool:
    """Does the answer to a kind below a species (data/answer_check_below_species: "What
    breed is Pixel?") name no more than the species: its last word WordNet's species itself
    (a noun directly under the synset the data gives the kind: "dog"), and
    each word before it a common word WordNet knows ("hearing dog", "rescue dog": what the
    dog does or where it came from)? Not a kind below the species ("spaniel", "bulldog"), nor
    one the species' name ends with a place or a person (a breed is named after one:
    "Bernese mountain dog", "Newfoundland dog")."""
    species = table("answer_check_below_species").get(noun)
    said = [w for w in _plain(short) if w.lower() not in STOP_WORDS]
    if species is None or not said:
        return False
    head = lexicon.base(said[-1].lower(), "n")
    if head is None or not lexicon.directly_under(head, frozenset({species})):
        return False
    return all(w.islower() and _common(w) for w in said[:-1])


def _plain(short: str) -> list[str]:
    cleaned = "".join(c if c.isalnum() or c in " '-" else " " for c in short)
    return [w.strip("'-") for w in cleaned.split() if w.strip("'-")]


def _common(word: str) -> bool:
    """Does WordNet know `word` as a common word of some part of speech?"""
    return any(lexicon.base(word, pos) is not None for pos in ("n", "v", "a", "r"))


def _says_who(word: str) -> bool:
    """Is `word` a noun that names a person by sex, age or kinship: a kin noun (data/
    kin_paths) or one whose first sense WordNet files directly under a sex or an age
    (data/answer_check_person_natures: "lad", "boy", "woman"; not "policewoman", a kind of
    police officer first)?"""
    noun = lexicon.base(word, "n")
    if noun is None:
        return False
    return noun in kin_nouns() or lexicon.directly_under(
        noun, words("answer_check_person_natures"), first=True
    )


def says_who_not_doing(short: str) -> bool:
    """Does the answer to "What does Jordan do?" say only who someone is ("good lad", "his
    mum"): the head of each of its parts (the last word before "of") a noun that names a
    sex, an age or a kin? "uncle and drives bus" says a doing ("bus" is no one)."""
    parts = [p.split(" of ")[0].split() for p in _parts(short)]
    heads = [p[-1].lower() for p in parts if p]
    return bool(heads) and all(_says_who(h) for h in heads)


def _parts(short: str) -> list[str]:
    """The parts an answer joins with "and" or a comma."""
    joined = " ".join(_plain(short)).replace(",", " and ")
    return [p.strip() for p in f" {joined} ".split(" and ") if p.strip()]


def another_events_time(sent: Span, views: Sequence[ClaimView], now: datetime | None) -> bool:
    """Is every time the answer rests on in a year on the wrong side of the year the question
    is asked in: a question of the past ("When did we move to Bath?") answered by a later
    year's time, or one of now or of what is to come ("When does Alan retire?", "When is the
    wedding?") by an earlier year's? Either is another event's time (a plan, an old one).
    The year, not the day nor the month: a day said without its year may be held in the
    wrong one of two near months, and "When is the match?" may be asked days after it."""
    times = [v.claim.occurred_at for v in views if v.claim.occurred_at is not None]
    if now is None or not times:
        return False
    if asks_the_past(sent):
        return all(t.year > now.year for t in times)
    if any(t.lower_ == "since" for t in sent):
        # "Since when are we in Bradford?" asks when a state now held began: a past year.
        return False
    return all(t.year < now.year for t in times)


def counts_things(sent: Span, short: str, views: Sequence[ClaimView]) -> bool:
    """Is the answer to "how much" a count of things: every claim it rests on holds the
    number said with a noun of things after it ("bought three chargers": "three" is how many
    chargers, no price), not with a unit or a sum (WordNet's noun.quantity: "pounds", "quid",
    "cups")?"""
    wh = next((t for t in sent if t.lower_ == "how"), None)
    if wh is None or wh.i + 1 >= sent.end or wh.nbor(1).lower_ != "much" or not views:
        return False
    said = [w.lower() for w in _plain(short)]
    return all(_counted(said, v.object_label) for v in views)


def _counted(said: list[str], label: str) -> bool:
    """Does `label` hold the answer's words and then a plural noun of things, no unit?"""
    held = [w.lower() for w in _plain(label)]
    n = len(said)
    for i in range(len(held) - n):
        if held[i : i + n] == said:
            after = held[i + n]
            noun = lexicon.base(after, "n")
            if after in STOP_WORDS or noun is None or noun == after:
                # Things counted are said in the plural ("chargers"); "six hundred a month"
                # and "2 grand" count nothing.
                return False
            return "noun.quantity" not in lexicon.lexnames(noun)
    return False
