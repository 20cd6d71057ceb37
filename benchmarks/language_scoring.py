"""Scoring for the language evaluation (benchmarks/language_eval.py): the words an answer is
compared by, and whether a stored claim states a gold statement. Two readings of the second:
`claim_matches`, the scorer of every wave so far (the gold's shape), and `claim_means`, the
same plus the documented equivalences of shape in data/language/shape_equivalents.json
(a pet's kind and keeper for "have lizard Spike", one item of a list the gold holds whole, a
companion said as a subject, a stopped habit for the negated habit). Both are reported.
"""

from __future__ import annotations

import json
import re
import unicodedata
from collections import Counter
from dataclasses import dataclass, replace
from functools import lru_cache
from pathlib import Path
from typing import Any

DATA = Path(__file__).resolve().parent / "data" / "language"
_ARTICLES = frozenset({"a", "an", "the"})

# ---------------------------------------------------------------- normalisation


@lru_cache(maxsize=1)
def _words() -> dict[str, dict[str, int]]:
    data: dict[str, dict[str, int]] = json.loads((DATA / "number_words.json").read_text())
    return data


def _fold(text: str) -> str:
    decomposed = unicodedata.normalize("NFKD", text.lower())
    return "".join(c for c in decomposed if not unicodedata.combining(c))


def _numbers(words: list[str]) -> list[str]:
    """Runs of number words as digits: "thirty one" -> "31", "four hundred" -> "400", "two
    thousand six hundred" -> "2600", "six hundred and forty" -> "640" (a scale multiplies
    its own group, not the whole number read so far; "and" after a scale joins the rest)."""
    units, scales = _words()["units"], _words()["scales"]
    out: list[str] = []
    total: int | None = None  # the groups closed by "thousand"
    group: int | None = None  # the group being read
    for i, w in enumerate(words):
        started = total is not None or group is not None
        if w in units:
            n = units[w]
            if group is None:
                group = n
            elif group >= 100 and group % 100 == 0 and n < 100 or _tens(group) and n < 10:
                group += n  # "thirty one", "two hundred five", "two hundred forty five"
            else:
                out.append(str((total or 0) + group))
                total, group = None, n
        elif w in scales and started:
            if scales[w] < 1000:
                group = (group or 1) * scales[w]
            else:
                total, group = (total or 0) + (group or 1) * scales[w], None
        elif (
            w == "and"
            and started
            and _scaled(group)
            and i + 1 < len(words)
            and words[i + 1] in units
        ):
            continue  # "six hundred and forty"
        else:
            if started:
                out.append(str((total or 0) + (group or 0)))
                total = group = None
            out.append(w)
    if total is not None or group is not None:
        out.append(str((total or 0) + (group or 0)))
    return out


def _scaled(group: int | None) -> bool:
    """Does the number read so far end in a scale ("six hundred", "two thousand"), after
    which "and" joins the rest of it, not another number ("two and three")?"""
    return group is None or group >= 100 and group % 100 == 0


def _tens(value: int) -> bool:
    """Does a number read so far end in a ten ("thirty", "two hundred forty") that a unit
    may follow?"""
    return value % 100 >= 20 and value % 10 == 0


_DAY = r"(\d{1,2})(?:st|nd|rd|th)?"


def _dates(text: str) -> str:
    """Dates written out become "yyyy mm dd" (or "yyyy mm"): "18 April 2026", "April 18, 2026",
    "2026-04-18" -> "2026 04 18"; "March 2026" -> "2026 03". Without a year a date stays words."""
    months = _words()["months"]
    names = "|".join(sorted(months, key=len, reverse=True))

    def iso(year: str, month: str, day: str | None = None) -> str:
        m = months[month] if not month.isdigit() else int(month)
        return f" {year} {m:02d}" + (f" {int(day):02d} " if day else " ")

    text = re.sub(r"\b(\d{4})-(\d{2})-(\d{2})\b", lambda m: iso(*m.groups()), text)
    text = re.sub(r"\b(\d{4})-(\d{2})\b", lambda m: iso(*m.groups()), text)
    text = re.sub(
        rf"\b{_DAY}\s+(?:of\s+)?({names})\.?,?\s+(\d{{4}})\b",
        lambda m: iso(m.group(3), m.group(2), m.group(1)),
        text,
    )
    text = re.sub(
        rf"\b({names})\.?\s+{_DAY},?\s+(\d{{4}})\b",
        lambda m: iso(m.group(3), m.group(1), m.group(2)),
        text,
    )
    text = re.sub(rf"\b({names})\.?,?\s+(\d{{4}})\b", lambda m: iso(m.group(2), m.group(1)), text)
    # A day and month without a year ("16th of August", "August 16") become "mm dd", so a gold
    # that leaves the year unsaid is found inside a full date ("2026-08-16" -> "2026 08 16").
    text = re.sub(rf"\b{_DAY}\s+(?:of\s+)?({names})\b", lambda m: month_day(m[2], m[1]), text)
    return re.sub(
        rf"\b({names})\.?\s+{_DAY}\b(?!\s*(?:am|pm|:))", lambda m: month_day(*m.groups()), text
    )


def month_day(month: str, day: str) -> str:
    """ "august", "16" -> " 08 16 ", or the words as they were where the day is no day."""
    if not 1 <= int(day) <= 31:
        return f" {month} {day} "
    return f" {_words()['months'][month]:02d} {int(day):02d} "


def normalise(text: str) -> list[str]:
    """The words an answer is compared by: lower case, accents folded, dates and number words
    as digits, punctuation and articles dropped."""
    text = _dates(re.sub(r"['\u2019]s\b", "", _fold(text)))
    words = re.findall(r"[a-z0-9]+", text)
    return [w for w in _numbers(words) if w not in _ARTICLES]


def _contains(haystack: list[str], needle: list[str]) -> bool:
    n = len(needle)
    return n > 0 and any(haystack[i : i + n] == needle for i in range(len(haystack) - n + 1))


def token_f1(predicted: str, gold: str) -> float:
    """SQuAD-style token F1 over normalised words."""
    return overlap_f1(normalise(predicted), normalise(gold))


def overlap_f1(p: list[str], g: list[str]) -> float:
    """F1 of the words two answers share (counted with multiplicity), whatever tokenised them."""
    if not p or not g:
        return float(p == g)
    common = sum((Counter(p) & Counter(g)).values())
    if common == 0:
        return 0.0
    precision, recall = common / len(p), common / len(g)
    return 2 * precision * recall / (precision + recall)


# ---------------------------------------------------------------- scoring one stored claim


def _stem(word: str) -> str:
    """A crude stem that puts a lemma and its inflections together ("takes", "taking", "take")."""
    w = word
    if len(w) > 4 and w.endswith(("ies", "ied")):
        w = w[:-3] + "y"
    elif w.endswith("ing") and re.search("[aeiouy]", w[:-3]) and len(w) > 5:
        w = w[:-3]
    elif w.endswith("ed") and len(w) > 4 or w.endswith("es") and len(w) > 3:
        w = w[:-2]
    elif w.endswith("s") and not w.endswith("ss") and len(w) > 2:
        w = w[:-1]
    if len(w) > 3 and w[-1] == w[-2] and w[-1] not in "lsez":
        w = w[:-1]  # "running" -> "run"
    return w[:-1] if len(w) > 2 and w.endswith("e") else w


def _stems(text: str) -> set[str]:
    return {_stem(w) for w in normalise(text.replace("_", " "))}


@dataclass(frozen=True)
class StoredClaim:
    subject: str
    predicate: str
    object: str
    #: Every other text the claim carries (qualifiers), for the object check.
    extra: str = ""
    negated: bool = False


@lru_cache(maxsize=1)
def _equivalent_table() -> dict[str, list[str]]:
    data = json.loads((DATA / "predicate_equivalents.json").read_text())
    table: dict[str, list[str]] = data["equivalents"]
    return table


def _equivalents(predicate: str) -> list[str]:
    return _equivalent_table().get(predicate, [])


def _same_entity(label: str, gold: str) -> bool:
    a, b = set(normalise(label)), set(normalise(gold))
    return bool(a) and bool(b) and (a <= b or b <= a)


def claim_matches(claim: StoredClaim, gold: dict[str, Any]) -> bool:
    """A stored claim states a gold statement: its subject is the gold agent (or, for a
    relation noun, either side), its predicate or object carries the gold predicate or an
    alternate (light verbs "be"/"have" excepted), the polarity agrees, and its object and
    qualifiers hold at least half the words of one other gold role (when there is one)."""
    roles: dict[str, str] = gold["roles"]
    sides = [roles["agent"]] + ([roles["of"]] if "of" in roles else [])
    subject = next((s for s in sides if _same_entity(claim.subject, s)), None)
    if subject is None or claim.negated == bool(gold.get("polarity", True)):
        return False
    carried = _stems(claim.predicate) | _stems(claim.object)
    verbs = [gold["predicate"], *gold.get("alternates", []), *_equivalents(gold["predicate"])]
    light = gold["predicate"] in ("be", "have")
    if not light and not any(_stems(v) <= carried for v in verbs):
        return False
    others = [v for k, v in roles.items() if k != "agent" and v != subject]
    if subject != roles["agent"]:
        others.append(roles["agent"])
    if not others:
        return True
    held = _stems(claim.object) | _stems(claim.extra)
    return any(_holds(held, _stems(v)) for v in others)


def _holds(held: set[str], role: set[str]) -> bool:
    """Half a role's words, or all of them when it is a date or number ("2025 05 31")."""
    if role and all(w.isdigit() for w in role):
        return role <= held
    return len(role & held) * 2 >= len(role) > 0


# ---------------------------------------------------------------- the same, by meaning


@lru_cache(maxsize=1)
def _shapes() -> dict[str, Any]:
    data: dict[str, Any] = json.loads((DATA / "shape_equivalents.json").read_text())
    return data


def claim_means(claim: StoredClaim, gold: dict[str, Any]) -> bool:
    """`claim_matches`, or the claim says what the gold says in one of the documented other
    shapes (data/language/shape_equivalents.json)."""
    if claim_matches(claim, gold):
        return True
    sides = [gold["roles"]["agent"], gold["roles"].get("of", "")]
    if "'s " in claim.subject and not any("'s " in side for side in sides):
        return False  # "Jade's mum" is not Jade, whatever the gold-shape scorer's subsets say
    rules = (_kept_animal, _one_item, _companion, _stopped, _said_by_predicate, _other_number)
    return any(rule(claim, gold) for rule in rules)


def _with_roles(gold: dict[str, Any], **roles: str) -> dict[str, Any]:
    return {**gold, "roles": {**gold["roles"], **roles}}


def _items(value: str) -> list[str]:
    pattern = "|".join(re.escape(s) for s in _shapes()["list_separators"])
    return [i.strip() for i in re.split(pattern, value) if i.strip()]


def _kept_animal(claim: StoredClaim, gold: dict[str, Any]) -> bool:
    """ "have lizard Spike": `Spike is_a lizard`, `Spike pet_of Ronan`, `Ronan has Spike`."""
    theme = gold["roles"].get("theme", "")
    if gold["predicate"] not in _shapes()["keeping"] or not gold.get("polarity", True):
        return False
    names = [w for w in re.findall(r"[^\W\d_][\w'-]*", theme) if w[0].isupper()]
    kind = _stems(" ".join(w for w in theme.split() if w not in names and w != "and"))
    agent = gold["roles"]["agent"]
    if any(_same_entity(claim.subject, n) for n in names) and not claim.negated:
        if claim.predicate == "is_a":
            return bool(kind) and kind <= _stems(claim.object)
        return claim.predicate == "pet_of" and _same_entity(claim.object, agent)
    kept = _stems(claim.predicate) >= _stems(gold["predicate"])
    return (
        kept
        and _same_entity(claim.subject, agent)
        and any(_same_entity(claim.object, n) for n in names)
    )


def _one_item(claim: StoredClaim, gold: dict[str, Any]) -> bool:
    """A role said as a list is held by a claim holding one of its items."""
    for role, value in gold["roles"].items():
        items = _items(value)
        if len(items) > 1 and any(
            claim_matches(claim, _with_roles(gold, **{role: i})) for i in items
        ):
            return True
    return False


def _companion(claim: StoredClaim, gold: dict[str, Any]) -> bool:
    """ "Kofi goes to Lisbon with Daniel": Daniel goes to Lisbon (with Kofi)."""
    roles = gold["roles"]
    if "companion" not in roles:
        return False
    for item in _items(roles["companion"]):
        swapped = _with_roles(gold, agent=item, companion=roles["agent"])
        if claim_matches(claim, swapped):
            return True
    return False


def _stopped(claim: StoredClaim, gold: dict[str, Any]) -> bool:
    """ "stops brewing beer" states the negated "brew beer"."""
    if gold.get("polarity", True) or claim.negated:
        return False
    words = claim.predicate.split("_")
    for stop in _shapes()["cessation"]:
        n = len(stop.split())
        if _stems(" ".join(words[:n])) == _stems(stop) and len(words) > n:
            rest = "_".join(words[n:])
            return claim_matches(replace(claim, predicate=rest, negated=True), gold)
    return False


def _said_by_predicate(claim: StoredClaim, gold: dict[str, Any]) -> bool:
    """ "be allergic to nuts": `allergic_to nuts` says it in its predicate."""
    if gold["predicate"] not in _shapes()["light"]:
        return False
    said = f"{claim.predicate.replace('_', ' ')} {claim.object}"
    return claim_matches(replace(claim, object=said), gold)


def _other_number(claim: StoredClaim, gold: dict[str, Any]) -> bool:
    """ "Priti's parent" is "Priti's parents": the same words, singular or plural."""
    agent = gold["roles"]["agent"]
    if _same_entity(claim.subject, agent) or _stems(claim.subject) != _stems(agent):
        return False
    return claim_matches(replace(claim, subject=agent), gold)
