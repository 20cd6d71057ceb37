"""The morning quiz as a child process of a night (resident.learning.night_process): boot MAX on
the scratch graph, ask the quiz (made from what he holds when the request brings none), hand
back the questions and his answers as JSON, exit. `python -m resident.daemon.quiz_process
<request.json> <result.json>`; the conversation layer loads here and nowhere in the parent."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from resident.config import Settings
from resident.learning.night_process import child_main
from resident.learning.quiz import QuizItem, quiz_items


def quiz_child(settings: Settings, now: datetime, request: dict[str, Any]) -> dict[str, Any]:
    from resident.daemon.morning_quiz import take_quiz
    from resident.memory.duck_store import DuckStore

    with DuckStore.open(settings) as graph:
        given = request.get("items")
        items = (
            quiz_items(graph, settings)
            if given is None
            else [QuizItem.model_validate(i) for i in given]
        )
        answers = take_quiz(graph, settings, items, now)
    return {
        "items": [i.model_dump() for i in items],
        "answers": {q: a.model_dump() for q, a in answers.items()},
    }


if __name__ == "__main__":
    child_main(quiz_child)
