"""What keeps a night's memory down: the conversation layer loads spaCy and nltk without the
backends MAX never uses through them (torch, scikit-learn, scipy, pandas), and the learner
still gets torch when it imports it."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

PROBE = """
import json, sys
import resident.language
from resident.language.wordnet_db import wordnet
loaded = {m: m in sys.modules for m in ("torch", "sklearn", "scipy", "pandas")}
reader = wordnet()
import torch
import spacy
doc = spacy.blank("en")("Ana likes hiking.")
print(json.dumps({"loaded": loaded, "torch_after": torch.ones(2).sum().item(),
                  "tokens": len(doc), "wordnet": None if reader is None else
                  bool(reader.synsets("dog"))}))
"""


def test_the_language_layer_loads_without_torch_or_scikit_learn() -> None:
    pytest.importorskip("torch")
    pytest.importorskip("spacy")
    out = subprocess.run(
        [sys.executable, "-c", PROBE], capture_output=True, text=True, check=True
    ).stdout
    got = json.loads(out.strip().splitlines()[-1])
    assert got["loaded"] == {"torch": False, "sklearn": False, "scipy": False, "pandas": False}
    # Nothing stays hidden: the learner's torch loads afterwards, spaCy works.
    assert got["torch_after"] == 2.0
    assert got["tokens"] == 4
    # WordNet (where installed) reads as before with nltk's optional integrations left out.
    assert got["wordnet"] is not False
