"""Optional backends the language layer never uses, kept out of its imports (imported first by
resident.language, before anything loads spaCy or nltk).

- spaCy's thinc imports torch whenever torch is installed (about 220 MiB resident), for
  torch-backed models; the English pipeline MAX loads runs on thinc's numpy ops.
- nltk's package init imports its scikit-learn and scipy integrations whenever they are
  installed (scikit-learn brings pandas: about 150 MiB together); MAX reads WordNet and the
  Porter stemmer only.

Both libraries treat these packages as optional (they catch the ImportError and go on without),
so spaCy and nltk are imported here with them hidden for the length of that one import, which
is what keeps a process that only converses (the morning quiz, the reading child) from carrying
torch, scikit-learn, scipy and pandas (measured in benchmarks/RESULTS-learning.md section 9).
Nothing is hidden afterwards: the learner's own `import torch` loads it as usual, and a package
already loaded when this runs is left as it is.
"""

from __future__ import annotations

import importlib
import sys

from resident.hidden_imports import hidden

#: (library, the optional packages hidden while it is imported)
BACKENDS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("spacy", ("torch",)),
    ("nltk", ("sklearn", "scipy")),
)


def load_backends() -> None:
    """Import each library of BACKENDS with its optional packages hidden (once a process; an
    uninstalled library is left to the modules that need it to report)."""
    for library, optional in BACKENDS:
        if library in sys.modules:
            continue
        with hidden(*optional):
            try:
                importlib.import_module(library)
            except ImportError:
                continue


load_backends()
