"""Whether an intransitive clause said with a time names an event of its subject (issue 21,
precision on long talk): "Spike escaped on Monday" is one (`does escaping`), "we stayed four
nights" (a count of nights: how long), "Odile turned forty" (a number: an age) and "we're
thinking next spring" (a verb of the mind: no deed) are none. Pure, over WordNet.
"""

from __future__ import annotations

from resident.language import lexicon
from resident.language.when_days import count, tokens
from resident.language.words import words


def point_in_time(when: str | None) -> bool:
    """Does the time phrase name a point, not a length or a bare number: "last Saturday", "in
    May", "two weeks ago" do; "four nights", "for a year", "forty" do not."""
    if not when:
        return False
    said = [w for w in tokens(when) if w not in words("span_preps_loose")]
    if not said:
        return False
    if all(count(w) is not None or (w.isdigit() and len(w) != 4) for w in said):
        return False  # "turned forty": a number alone says no day.
    if len(said) == 2 and (count(said[0]) is not None or said[0] in ("a", "an")):
        # "four nights", "a week": a count of a unit of time is how long, never when.
        return lexicon.first_lexname(said[1], "n") != "noun.time"
    return True


def dated_event(lemma: str, when: str | None) -> bool:
    """Is the clause's verb, said with the time `when`, an event of its subject: a point in
    time, and a verb whose first WordNet sense is no state of mind ("think", "see", "love":
    data/not_event_lexnames.txt)?"""
    if not point_in_time(when):
        return False
    return lexicon.first_lexname(lemma, "v") not in words("not_event_lexnames")


def no_deed(lemma: str) -> bool:
    """Does the verb's first WordNet sense say no deed done by or to a thing: a state of mind
    (data/not_event_lexnames.txt, "we loved it"), a state or the weather
    (data/thing_no_deed_lexnames.txt, "the plants need watering", "it rained")?"""
    lexname = lexicon.first_lexname(lemma, "v")
    return lexname in words("not_event_lexnames") or lexname in words("thing_no_deed_lexnames")
