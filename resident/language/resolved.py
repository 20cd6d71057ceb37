"""A question's subject resolved to entities: its own module, so the rules asking.py calls
(held_shapes) can name it without importing asking back."""

from __future__ import annotations

from pydantic import BaseModel


class Resolved(BaseModel):
    """Entity ids for the query's subject, and the words to say it with."""

    ids: list[str]
    name: str
