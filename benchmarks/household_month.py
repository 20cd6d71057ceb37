"""A simulated household month (issue 26): four people over 30 days, each turn with its time,
everyday talk, changes of state, false statements later corrected, contradictions only the
person concerned can settle, greetings on most days, and people who answer MAX's questions from
the scenario's truth. `run_month` drives it through any `talk` function (the daemon over HTTP
in tests/daemon/test_household_month.py and `python -m benchmarks.household_month`) and scores
the final state.

The scenario was written alongside the code it measures: its numbers are dev numbers.
"""

from __future__ import annotations

import random
import re
from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any

PEOPLE = ("Ana", "Ben", "Marta", "Joe")


@dataclass(frozen=True)
class Turn:
    at: datetime
    speaker: str
    text: str


@dataclass(frozen=True)
class Fact:
    """One thing true at the end of the month, and how to ask about it."""

    subject: str
    attribute: str
    value: str
    question: str
    #: Values said in the month that are not (or no longer) true.
    wrong: tuple[str, ...] = ()


@dataclass
class Month:
    start: datetime
    turns: list[Turn] = field(default_factory=list)
    facts: list[Fact] = field(default_factory=list)
    changes: int = 0
    corrections: int = 0
    contradictions: list[tuple[str, str]] = field(default_factory=list)
    greeting_days: set[int] = field(default_factory=set)


_WHERE_LIVE = "Where does {s} live?"
_WHERE_WORK = "Where does {s} work?"
_DRIVE = "What does {s} drive?"
_BIRTHDAY = "When is {s}'s birthday?"
_COLOUR = "What is {s}'s favourite colour?"
_STUDY = "Where does {s} study?"


def build_month(start: datetime, seed: int = 26) -> Month:
    """The scenario: a script of events per day, everyday talk around them."""
    rng = random.Random(seed)
    m = Month(start=start)
    by_day: dict[int, list[tuple[str, str]]] = defaultdict(list)

    def on(day: int, who: str, text: str) -> None:
        by_day[day].append((who, text))

    # Day 0: everyone introduces themselves and says where they live and work.
    homes = {"Ana": "Porto", "Ben": "Braga", "Marta": "Lisbon", "Joe": "Faro"}
    jobs = {"Ana": "library", "Ben": "law firm", "Marta": "hospital", "Joe": "school"}
    for p in PEOPLE:
        on(0, p, f"Hi, I'm {p}.")
        on(0, p, f"I live in {homes[p]}.")
        on(0, p, f"I work at the {jobs[p]}.")
    cars = {"Ana": "Fiat", "Ben": "Volvo", "Marta": "Renault", "Joe": "Toyota"}
    colours = {"Ana": "green", "Ben": "blue", "Marta": "red", "Joe": "yellow"}
    birthdays = {"Ana": "12 June", "Ben": "3 May", "Marta": "9 October", "Joe": "21 March"}
    studies = {"Ana": "university", "Ben": "conservatory", "Marta": "academy", "Joe": "college"}
    for i, p in enumerate(PEOPLE):
        on(1 + i, p, f"I drive a {cars[p]}.")
        on(1 + i, p, f"My favourite colour is {colours[p]}.")
        on(2 + i, p, f"I study at the {studies[p]}.")

    # Eight changes of state, said by the person concerned.
    changes = [
        (6, "Ana", "Not anymore, actually. I work at the bakery now.", "job", "bakery"),
        (8, "Ben", "I switched jobs. I work at the bank now.", "job", "bank"),
        (10, "Marta", "I drive a Peugeot now.", "car", "Peugeot"),
        (12, "Joe", "I live in Coimbra now.", "home", "Coimbra"),
        (14, "Ana", "I live in Aveiro now.", "home", "Aveiro"),
        (17, "Joe", "I no longer work at the school. I work at the museum now.", "job", "museum"),
        (19, "Ben", "I drive a Tesla now.", "car", "Tesla"),
        (22, "Marta", "My favourite colour is purple now.", "colour", "purple"),
        (24, "Ana", "I study at the polytechnic now.", "study", "polytechnic"),
    ]
    old: dict[tuple[str, str], list[str]] = defaultdict(list)
    for day, who, text, attr, value in changes:
        on(day, who, text)
        table = {"job": jobs, "home": homes, "car": cars, "colour": colours, "study": studies}[attr]
        old[(who, attr)].append(table[who])
        table[who] = value
    m.changes = len(changes)

    # Six false statements, corrected later (by the person concerned or a housemate).
    false = [
        (3, "Ben", "Ana's birthday is 21 June.", 9, "Marta", "No, Ana's birthday is 12 June."),
        (4, "Ana", "Joe's birthday is 1 March.", 11, "Joe", "No, my birthday is 21 March."),
        (
            5,
            "Joe",
            "Marta's birthday is 19 October.",
            13,
            "Ana",
            "No, Marta's birthday is 9 October.",
        ),
        (7, "Marta", "Ben's birthday is 13 May.", 15, "Ben", "No, my birthday is 3 May."),
        (
            9,
            "Joe",
            "Ben's favourite colour is black.",
            16,
            "Ben",
            "No, my favourite colour is blue.",
        ),
        (
            11,
            "Ana",
            "Joe's favourite colour is orange.",
            18,
            "Marta",
            "No, Joe's favourite colour is yellow.",
        ),
    ]
    wrong_birthday: dict[str, list[str]] = defaultdict(list)
    wrong_colour: dict[str, list[str]] = defaultdict(list)
    for day, who, text, fix_day, fixer, fix in false:
        on(day, who, text)
        on(fix_day, fixer, fix)
        subject = text.split("'s ")[0]
        value = re.sub(r"^.* is ", "", text).rstrip(".")
        (wrong_birthday if "birthday" in text else wrong_colour)[subject].append(value)
    m.corrections = len(false)

    # Four contradictions between two housemates about a third, who never said it themselves:
    # only the third can settle them.
    contra = [
        (20, "Ben", "Ana's middle name is Sofia.", "Joe", "Ana's middle name is Sara.", "Ana"),
        (21, "Ana", "Ben's nickname is Benny.", "Marta", "Ben's nickname is Bento.", "Ben"),
        (
            23,
            "Joe",
            "Marta's favourite food is curry.",
            "Ben",
            "Marta's favourite food is sushi.",
            "Marta",
        ),
        (25, "Marta", "Joe's middle name is Tiago.", "Ana", "Joe's middle name is Tomas.", "Joe"),
    ]
    attr_of = {
        "Ana": "middle name",
        "Ben": "nickname",
        "Marta": "favourite food",
        "Joe": "middle name",
    }
    for day, a, text_a, b, text_b, _subject in contra:
        on(day, a, text_a)
        on(day, b, text_b)
    m.contradictions = [(s, attr_of[s]) for *_, s in contra]
    contra_facts = [
        Fact(
            s,
            attr_of[s],
            re.sub(r"^.* is ", "", ta).rstrip("."),
            f"What is {s}'s {attr_of[s]}?",
            (re.sub(r"^.* is ", "", tb).rstrip("."),),
        )
        for _, _, ta, _, tb, s in contra
    ]

    # Everyday talk and greetings: most days, each person greets and says something small.
    small = [
        "I had a long day.",
        "The weather is lovely today.",
        "I made soup for dinner.",
        "Thanks for listening.",
        "I watched a film last night.",
        "I'm going to the market tomorrow.",
    ]
    for day in range(30):
        for p in PEOPLE:
            if day > 0 and rng.random() < 0.85:
                by_day[day].insert(0, (p, "Hello!" if rng.random() < 0.5 else "Good morning"))
                m.greeting_days.add(day)
            if rng.random() < 0.4:
                on(day, p, rng.choice(small))

    for day in sorted(by_day):
        base = start + timedelta(days=day, hours=8)
        for i, (who, text) in enumerate(by_day[day]):
            m.turns.append(Turn(base + timedelta(minutes=7 * i), who, text))

    for p in PEOPLE:
        m.facts += [
            Fact(p, "home", homes[p], _WHERE_LIVE.format(s=p), tuple(old[(p, "home")])),
            Fact(p, "job", jobs[p], _WHERE_WORK.format(s=p), tuple(old[(p, "job")])),
            Fact(
                p,
                "car",
                cars[p],
                _DRIVE.format(s=p),
                tuple(old[(p, "car")]),
            ),
            Fact(
                p,
                "birthday",
                birthdays[p],
                _BIRTHDAY.format(s=p),
                tuple(wrong_birthday[p]),
            ),
            Fact(
                p,
                "colour",
                colours[p],
                _COLOUR.format(s=p),
                tuple(old[(p, "colour")]) + tuple(wrong_colour[p]),
            ),
            Fact(
                p,
                "study",
                studies[p],
                _STUDY.format(s=p),
                tuple(old[(p, "study")]),
            ),
        ]
    m.facts += contra_facts
    # The past: what stopped being true is still known ("before", "ever").
    before = {
        "home": "Where did {s} live before?",
        "job": "Where did {s} work before?",
        "car": "What did {s} drive before?",
        "colour": "What was {s}'s favourite colour before?",
        "study": "Where did {s} study before?",
    }
    for (who, attr), values in sorted(old.items()):
        if not values:
            continue
        m.facts.append(Fact(who, f"{attr} before", values[-1], before[attr].format(s=who)))
    ever = {"job": "Did {s} ever work at the {v}?", "car": "Did {s} ever drive a {v}?"}
    for (who, attr), values in sorted(old.items()):
        if values and attr in ever:
            q = ever[attr].format(s=who, v=values[0])
            m.facts.append(Fact(who, f"{attr} ever", values[0], q))
    return m


# -- playing it --------------------------------------------------------------------------------

#: talk(text, speaker name, at) -> the /v1/converse answer (reply, claims, ...).
Talk = Callable[[str, str, datetime], dict[str, Any]]


def _is_question_of_max(reply: str) -> str | None:
    last = reply.strip().split("\n")[-1]
    return last if last.endswith(("Which is right?", "Is that right?")) else None


def answer_from_truth(question: str, speaker: str, month: Month) -> str:
    """What a housemate says to MAX's question: the true value of the fact it is about."""
    low = question.lower()
    best: Fact | None = None
    for fact in month.facts:
        values = (fact.value, *fact.wrong)
        if not any(re.search(rf"\b{re.escape(v.lower())}\b", low) for v in values):
            continue
        named = fact.subject.lower() in low or (fact.subject == speaker and "you" in low)
        if named and (best is None or fact.subject == speaker):
            best = fact
    if best is None:
        return "I'm not sure, sorry."
    return f"It's {best.value}."


@dataclass
class Played:
    replies: list[tuple[Turn, str]] = field(default_factory=list)
    asked: list[tuple[Turn, str]] = field(default_factory=list)
    answers: int = 0


def play(month: Month, talk: Talk, explore_day: Callable[[int], None] | None = None) -> Played:
    """Every turn in order; after a reply that asks a question, the speaker answers it from
    the truth a few seconds later. `explore_day(day)` runs before each day's first turn."""
    out = Played()
    last_day = -1
    for turn in month.turns:
        day = (turn.at - month.start).days
        if day != last_day and explore_day is not None:
            explore_day(day)
        last_day = day
        reply = str(talk(turn.text, turn.speaker, turn.at)["reply"])
        out.replies.append((turn, reply))
        question = _is_question_of_max(reply)
        if question is not None:
            out.asked.append((turn, question))
            said = answer_from_truth(question, turn.speaker, month)
            answered = talk(said, turn.speaker, turn.at + timedelta(seconds=30))
            out.replies.append(
                (Turn(turn.at + timedelta(seconds=30), turn.speaker, said), str(answered["reply"]))
            )
            out.answers += 1
    return out


def _slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")


def quiz(month: Month, talk: Talk, at: datetime) -> list[tuple[Fact, bool, str]]:
    """Ask every fact as the owner; right when the strongest claim MAX answers with is the truth
    and no value said wrongly is offered above it."""
    results = []
    for fact in month.facts:
        answer = talk(fact.question, "", at)
        claims = answer.get("claims") or []
        top = None
        if claims:
            c = claims[0]
            top = c.get("object_literal") or str(c.get("object_entity") or "").partition(":")[2]
        ok = top is not None and _slug(top) == _slug(fact.value)
        results.append((fact, ok, str(answer["reply"])))
    return results


# -- through the daemon --------------------------------------------------------------------------


@dataclass
class Scores:
    turns: int
    quiz_total: int
    quiz_right: int
    wrong: list[str]
    contradictions: int
    contradictions_settled: int
    corrections_settled: int
    questions_asked: int
    questions_first_hand_or_source: int
    max_questions_person_day: int
    over_cap: list[str]
    disclosed: list[str]
    changes: int
    corrections: int
    greeting_days: int
    welcome_back_to_new: int

    @property
    def accuracy(self) -> float:
        return self.quiz_right / self.quiz_total if self.quiz_total else 0.0

    @property
    def settled_share(self) -> float:
        return self.contradictions_settled / self.contradictions if self.contradictions else 1.0

    @property
    def source_share(self) -> float:
        n = self.questions_asked
        return self.questions_first_hand_or_source / n if n else 1.0


def _person_id(name: str) -> str:
    return f"person:{_slug(name)}"


def _predicate(attr: str) -> str:
    return attr.replace(" ", "_")


def run_daemon_month(
    url: str, owner_token: str, service_token: str, settings: Any, month: Month
) -> tuple[Scores, Played]:
    """Replay `month` through a running daemon: person tokens, `at` on every turn, the
    exploration loop once a scenario day over the graph API (as the flow runs it), then the
    quiz as the owner and the scores read back through the graph API."""
    import httpx

    from resident.exploration import explore
    from resident.memory.remote import RemoteGraph

    with httpx.Client(base_url=url, timeout=120.0) as http:
        owner = {"Authorization": f"Bearer {owner_token}"}
        tokens = {
            p: str(http.post("/v1/tokens", json={"name": p}, headers=owner).json()["token"])
            for p in PEOPLE
        }

        def talk(text: str, speaker: str, at: datetime) -> dict[str, Any]:
            token = tokens[speaker] if speaker else owner_token
            resp = http.post(
                "/v1/converse",
                json={"text": text, "at": at.isoformat()},
                headers={"Authorization": f"Bearer {token}"},
            )
            if resp.status_code != 200:
                raise RuntimeError(f"{text!r} by {speaker}: {resp.status_code} {resp.text}")
            result: dict[str, Any] = resp.json()
            return result

        graph = RemoteGraph(url, service_token)
        try:

            def explore_day(day: int) -> None:
                explore(graph, datetime.now(month.start.tzinfo), settings)

            played = play(month, talk, explore_day)
            end = month.start + timedelta(days=30)
            results = quiz(month, talk, end)
            scores = _score(month, played, results, graph, settings)
        finally:
            graph.close()
    return scores, played


def _score(
    month: Month,
    played: Played,
    results: list[tuple[Fact, bool, str]],
    graph: Any,
    settings: Any,
) -> Scores:
    from resident.cognition.epistemic import parse_provenance, provenance_cap
    from resident.people.privacy import readable_by, teller_of
    from resident.records import ConflictStatus

    settled = 0
    for name, attr in month.contradictions:
        claims = graph.peek_claims(_person_id(name), _predicate(attr))
        conflicts = {x.id: x for c in claims for x in graph.conflicts_for(c.id)}
        if conflicts and all(x.status is ConflictStatus.RESOLVED for x in conflicts.values()):
            settled += 1
    corrected = 0
    for fact in month.facts:
        if fact.attribute not in ("birthday", "colour"):
            continue
        pred = "birthday" if fact.attribute == "birthday" else "favourite_colour"
        claims = graph.peek_claims(_person_id(fact.subject), pred)
        conflicts = {x.id: x for c in claims for x in graph.conflicts_for(c.id)}
        if any(x.reason == "user_correction" for x in conflicts.values()) and all(
            x.status is ConflictStatus.RESOLVED for x in conflicts.values()
        ):
            corrected += 1
    asked = []
    for p in PEOPLE:
        asked += [q for q in graph.questions(person_id=_person_id(p), limit=10_000) if q.asked_at]
    per_day: dict[tuple[str, str], int] = defaultdict(int)
    sourced = 0
    disclosed = []
    over_cap = []
    for q in asked:
        assert q.asked_at is not None
        per_day[(q.person_id, q.asked_at.date().isoformat())] += 1
        claims = [graph.peek_claim(cid) for cid in q.claim_ids]
        if q.first_hand or any(teller_of(c.provenance) == q.person_id for c in claims):
            sourced += 1
        for c in claims:
            if readable_by(c, q.person_id):
                continue
            value = (c.object_literal or str(c.object_entity).partition(":")[2]).lower()
            if value and value.replace("-", " ") in q.text.lower():
                disclosed.append(f"{q.id}: {c.id} to {q.person_id}")
    seen = set()
    for p in PEOPLE:
        for c in graph.peek_claims(_person_id(p)):
            if c.id in seen:
                continue
            seen.add(c.id)
            cap = provenance_cap(parse_provenance(c.provenance), settings.epistemic)
            if c.level.value != "fact" and c.confidence > cap + 1e-9:
                over_cap.append(f"{c.id} {c.provenance} {c.confidence}")
    welcome_new = sum(
        1
        for turn, reply in played.replies
        if turn.text.startswith("Hi, I'm") and reply.startswith("Welcome back")
    )
    return Scores(
        turns=len(played.replies),
        quiz_total=len(results),
        quiz_right=sum(ok for _, ok, _ in results),
        wrong=[
            f"{f.question} -> {reply.splitlines()[0][:120]}" for f, ok, reply in results if not ok
        ],
        contradictions=len(month.contradictions),
        contradictions_settled=settled,
        corrections_settled=corrected,
        questions_asked=len(asked),
        questions_first_hand_or_source=sourced,
        max_questions_person_day=max(per_day.values(), default=0),
        over_cap=over_cap,
        disclosed=disclosed,
        changes=month.changes,
        corrections=month.corrections,
        greeting_days=len(month.greeting_days),
        welcome_back_to_new=welcome_new,
    )


# -- the benchmark -------------------------------------------------------------------------------


def start_daemon(data_dir: Any) -> tuple[Any, dict[str, Any]]:
    """`resident up` on a free loopback port, without flows; (process, daemon.json)."""
    import json
    import os
    import subprocess
    import sys
    import time
    from pathlib import Path

    import httpx

    data_dir = Path(data_dir)
    data_dir.mkdir(parents=True, exist_ok=True)
    resident = str(Path(sys.executable).with_name("resident"))
    env = {k: v for k, v in os.environ.items() if not k.startswith("RESIDENT_")}
    proc = subprocess.Popen(
        [resident, "up", "--data-dir", str(data_dir), "--port", "0", "--no-flows"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        env=env,
    )
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        try:
            info = json.loads((data_dir / "daemon.json").read_text())
        except (FileNotFoundError, json.JSONDecodeError):
            info = {}
        if info.get("pid") == proc.pid:
            try:
                owner = json.loads((data_dir / "tokens.json").read_text())["owner"]
                headers = {"Authorization": f"Bearer {owner}"}
                if httpx.get(f"{info['url']}/healthz", headers=headers, timeout=5).is_success:
                    return proc, info
            except (httpx.HTTPError, FileNotFoundError, KeyError, json.JSONDecodeError):
                pass
        if proc.poll() is not None:
            raise RuntimeError(f"resident up exited {proc.returncode}")
        time.sleep(0.1)
    proc.terminate()
    raise RuntimeError("resident up was not ready in 120 s")


def run(data_dir: Any, start: datetime | None = None) -> tuple[Scores, Played, Month]:
    """Start a daemon on `data_dir`, replay the month ending before now, stop the daemon."""
    import json
    from datetime import UTC
    from pathlib import Path

    from resident.config import load_settings

    start = start or (datetime.now(UTC) - timedelta(days=31)).replace(microsecond=0)
    month = build_month(start)
    proc, info = start_daemon(data_dir)
    try:
        tokens = json.loads((Path(data_dir) / "tokens.json").read_text())
        settings = load_settings(data_dir=Path(data_dir), env={})
        scores, played = run_daemon_month(
            str(info["url"]), tokens["owner"], tokens["service"], settings, month
        )
    finally:
        proc.terminate()
        proc.wait(60)
    return scores, played, month


if __name__ == "__main__":
    import sys
    import tempfile

    with tempfile.TemporaryDirectory() as tmp:
        scores, played, month = run(tmp)
    for name, value in vars(scores).items():
        print(f"{name}: {value}")
    print(f"accuracy {scores.accuracy:.3f} settled {scores.settled_share:.2f}")
    if "-v" in sys.argv:
        for turn, reply in played.replies:
            who = turn.speaker or "owner"
            print(f"{turn.at:%m-%d %H:%M} {who}: {turn.text}\n   MAX: {reply[:200]}")
