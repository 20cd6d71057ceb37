"""Numbers in what was said, for "how many" questions: a count said with its noun ("we sold
twenty lambs", "roses, forty bushes", "drove buses for twenty years"), and a count of the
distinct things held ("How many cats do we have?": Tom and Jerry). Pure."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from spacy.lang.en.lex_attrs import like_num

from resident.language import lexicon
from resident.language.statement import base_form
from resident.language.words import table
from resident.language.words import words as words_
from resident.records import Qualifier

#: Words that join number words into one number ("two hundred and five", "twenty-five").
_JOINERS = frozenset({"and", "-"})
#: Not counts though spaCy reads them as numbers ("one of them", "a first").
_NOT_COUNTS = words_("counting_not_counts")


def _is_number_word(word: str) -> bool:
    w = word.lower()
    return w not in _NOT_COUNTS and (w.isdigit() or like_num(w) or w.replace(",", "").isdigit())


def number_in(text: str) -> str | None:
    """The first run of number words in `text` ("forty bushes": "forty"; "for two hundred
    years": "two hundred"), or None when it holds no number."""
    words = text.replace("-", " - ").split()
    run: list[str] = []
    for w in words:
        if _is_number_word(w) or (run and w.lower() in _JOINERS):
            run.append(w)
        elif run:
            break
    while run and run[-1].lower() in _JOINERS:
        run.pop()
    return " ".join(run).replace(" - ", "-") or None


def opening_count(fragment: str) -> str | None:
    """The number a reply opens with, all of what it says of a count ("Seven, and another on
    the way": seven; "Four cats, all rescues": four), or None when it opens otherwise ("Number
    twelve", "Half six")."""
    first = fragment.split(",")[0].strip()
    number = number_in(first)
    if number is not None and first.lower().startswith(f"a {number.lower()}"):
        number = f"a {number}"  # "A hundred and twenty"
    if number is None or not first.lower().startswith(number.lower()):
        return None
    after = first[len(number) :].split()
    # "Twenty a day" is a rate, no count of all there were (counting.times_said reads it).
    return None if after and after[0].lower() in words_("frequency_rates") else number


def number_value(number: str) -> int | None:
    """The value of a number said in digits or in one word ("12", "twelve": 12), or None for
    one said otherwise ("two hundred")."""
    word = number.lower().replace(",", "").strip()
    if word.isdigit():
        return int(word)
    value = table("number_words").get(word)
    return int(value) if value is not None and value.isdigit() else None


def _nouns(text: str) -> set[str]:
    out = set()
    for w in text.lower().replace("-", " ").split():
        out |= {w, base_form(w), lexicon.base(w, "n") or w}
    return out


def counted(asked: Sequence[str], label: str, qualifiers: Iterable[Qualifier] = ()) -> str | None:
    """The number a statement gives for "how many <asked>": its quantity role, else a number
    said with the asked noun in its object or in one of its other roles ("How many years did
    Alun drive buses?": "for twenty years")."""
    held = list(qualifiers)
    noun = asked[-1] if asked else None
    for text in (label, *(q.value for q in held)) if noun is not None else ():
        # "8 tins of beans": the number said with the noun counted comes first.
        number = _number_before(text, noun or "")
        if number is not None:
            return number
    for q in held:
        if q.role != "quantity":
            continue
        for part in q.value.split(";"):
            # "3 kilos; 8" kept for "8 tins": a number in another unit is no count of it.
            if number_in(part) is not None and not _other_unit(part, noun):
                return number_in(part)
    if bare_count(label, held, noun) is not None:
        # "Four chords. I know four.": a number alone as the object is the count of the
        # noun asked, left unsaid after it.
        return bare_count(label, held, noun)
    for text in (label, *(q.value for q in held)):
        number = number_in(text)
        if number is None or f"{number}-" in text.lower():
            # "a two-bedroom cabin" is one cabin: a number joined to a noun modifies it.
            continue
        if noun is None or {noun, base_form(noun)} & _nouns(text):
            return number
    return None


def _number_before(text: str, noun: str) -> str | None:
    """The number said right before `noun` in `text` ("8" of "8 tins of beans" for tins)."""
    words = text.lower().replace("-", " - ").split()
    for i, word in enumerate(words):
        if not (i and noun in _nouns(word) and _is_number_word(words[i - 1])):
            continue
        start = i - 1
        while start > 0 and (_is_number_word(words[start - 1]) or words[start - 1] in _JOINERS):
            start -= 1
        return number_in(" ".join(words[start:i]))
    return None


def number_of(text: str, noun: str) -> str | None:
    """The number said right before `noun` or a kind of it in `text` ("twelve" of "twelve
    employees" for workers: an employee is a worker by WordNet), or None."""
    words = text.split()
    for i, word in enumerate(words):
        if i and _is_number_word(words[i - 1]) and is_kind(word, noun):
            return _number_before(text, word.lower())
    return None


def _other_unit(part: str, noun: str | None) -> bool:
    """Is a quantity counted in a unit that is not the noun asked ("3 kilos" for tins)? A
    number alone, or one with no noun after it ("for 20 years" for years), is not."""
    if noun is None:
        return False
    units = [w for w in part.split() if number_in(w) is None and lexicon.base(w, "n") is not None]
    units = [w for w in units if w.lower() not in _JOINERS and len(w) > 2]
    return bool(units) and not any(is_kind(w, noun) or noun in _nouns(w) for w in units)


def is_kind(label: str, noun: str) -> bool:
    """Is a thing labelled `label` a `noun` by its name or by WordNet ("guinea pigs" are
    "pigs", a "terrier" is a "dog", "Cats" are "cats")?"""
    words = label.lower().split()
    if not words:
        return False
    head = words[-1]
    heads = {head, base_form(head), lexicon.base(head, "n") or head}
    wanted = {noun, base_form(noun), lexicon.base(noun, "n") or noun}
    # The noun asked in any of its senses: "instrument" is a musical instrument only in its
    # sixth ("How many instruments does Tom play?": the cello, a frequent sense of its own).
    # "Times" counted is occasions, never a day or an hour (senses of "time" further down).
    kinds = -1 if wanted & words_("frequency_iterations") else None
    return bool(heads & wanted) or any(
        lexicon.is_a(h, w, kinds=kinds) for h in heads for w in wanted
    )


def bare_number(label: str) -> str | None:
    """The number a label is made of and nothing else ("four", "two hundred"), or None."""
    number = number_in(label)
    return number if number is not None and number == label.strip() else None


def bare_count(
    label: str, qualifiers: Iterable[Qualifier] = (), noun: str | None = None
) -> str | None:
    """The number alone a statement's object is, standing for a count of `noun` left unsaid
    ("I know four"), or None. A number given or got for a thing ("got nine hundred for my
    laptop": its purpose role) is what the thing went for, money, never a count of anything
    but a sum ("How much rent does Kemi pay?")."""
    if any(q.role == "purpose" for q in qualifiers) and not _sum(noun):
        return None
    return bare_number(label)


def _sum(noun: str | None) -> bool:
    """Is the noun itself an amount of money (data/price_nouns, or a WordNet possession)?"""
    if noun is None:
        return False
    base = lexicon.base(noun, "n") or noun
    return base in words_("price_nouns") or lexicon.first_lexname(base, "n") == "noun.possession"


def holds_count_of(noun: str, label: str, qualifiers: Iterable[Qualifier] = ()) -> bool:
    """Does a statement give a number of `noun` without naming it as the question does: its
    object a number alone ("I own nine" for stamps), or its quantity counted in a unit that
    is the noun by WordNet ("120 km" for kilometres: one sense, another lemma)?"""
    if bare_count(label, qualifiers, noun) is not None:
        return True
    units = [
        word
        for q in qualifiers
        if q.role == "quantity" and number_in(q.value) is not None
        for word in q.value.split()
        if number_in(word) is None
    ]
    return any(is_kind(word, noun) for word in units)


def times_said(manner: Iterable[str], unit: str, rate: str | None) -> str | None:
    """How many <unit> (a <rate>) a statement's frequency says ("How many times a month does
    Kamala make pickle?" against "twice a month": 2; "How many days a week" against "five
    days a week": five). The rate said must be the rate asked: "twice a month" is no count
    of times a week, "twice" said once and for all no count a month. None when no frequency
    counts the unit."""
    for said in manner:
        words = said.lower().split()
        per = _rate_of(words)
        if rate is not None and per != _noun(rate):
            continue
        counts = table("times_counted")
        number = _number_before(said, unit)
        if unit in words_("frequency_iterations") and any(w in counts for w in words):
            number = next(counts[w] for w in words if w in counts)
        if number is not None:
            # "How many times does Kamala make pickle?": a count said per a rate not asked
            # is said with its rate ("twice a month"), never as a count of all time.
            return number if rate is not None or per is None else said
    return None


def _noun(word: str) -> str:
    return lexicon.base(word, "n") or base_form(word)


def _rate_of(words: Sequence[str]) -> str | None:
    """The time noun a frequency is said per ("a month" of "twice a month"), or None."""
    rates = words_("frequency_rates") - {"every"}
    for det, noun in zip(words, words[1:], strict=False):
        if det in rates:
            return _noun(noun)
    return None
