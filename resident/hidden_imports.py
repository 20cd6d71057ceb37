"""Hiding optional packages from one import: several libraries MAX uses import a heavy optional
backend whenever it is installed, and go on without it when the import fails (spaCy and torch,
nltk and scikit-learn, pyarrow and pandas). Inside `hidden(...)` such an import fails, so the
process does not carry what it never uses; nothing is hidden outside the block."""

from __future__ import annotations

import sys
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from importlib.abc import MetaPathFinder
from importlib.machinery import ModuleSpec
from types import ModuleType


class _Hidden(MetaPathFinder):
    def __init__(self, names: frozenset[str]) -> None:
        self.names = names

    def find_spec(
        self,
        fullname: str,
        path: Sequence[str] | None = None,
        target: ModuleType | None = None,
    ) -> ModuleSpec | None:
        if fullname.partition(".")[0] in self.names:
            raise ModuleNotFoundError(f"{fullname} is not used by MAX here", name=fullname)
        return None


@contextmanager
def hidden(*names: str) -> Iterator[None]:
    """Imports of these top-level packages fail inside the block (unless already loaded)."""
    finder = _Hidden(frozenset(n for n in names if n not in sys.modules))
    sys.meta_path.insert(0, finder)
    try:
        yield
    finally:
        sys.meta_path.remove(finder)
