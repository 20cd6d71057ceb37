"""Settings of reading ([literature]) and the checks of path keys, apart from resident.config so
that module stays readable. Every path or choice a person configures is checked at load: a
folder of the operating system is never a key folder or a reading root, a task runner is one
MAX knows, a memory budget is one a document can be read in."""

from __future__ import annotations

import re
from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field, field_validator

#: Folders of the operating system: never a key folder, never a root MAX reads from. A folder
#: inside one of the first group is refused too; the second group only as itself (a service's
#: own folder under /var/lib or /tmp is fine, the shared folder itself is not).
SYSTEM_TREES = ("/proc", "/sys", "/dev", "/etc", "/boot", "/bin", "/sbin", "/usr", "/lib")
SYSTEM_TOPS = ("/", "/var", "/tmp", "/run", "/home", "/root", "/srv", "/opt", "/mnt", "/media")
_TASK_RUNNER = re.compile(r"^(thread|dask|(tcp|tls)://[\w.\-\[\]:]+:\d{1,5})$")


def system_folder(value: str) -> str | None:
    """Why `value` (a folder) is a folder of the operating system, or None when it is not."""
    folder = Path(value).expanduser().resolve()
    text = str(folder)
    if text in SYSTEM_TOPS:
        return f"{text} is a system folder"
    for tree in SYSTEM_TREES:
        if text == tree or text.startswith(tree + "/") or text.startswith(tree + "64"):
            return f"{text} is inside the system folder {tree}"
    return None


class Section(BaseModel):
    """A section of the configuration: unknown keys are refused, values never change."""

    model_config = ConfigDict(extra="forbid", frozen=True)


class LiteratureSettings(Section):
    """Reading books and papers (resident.literature)."""

    #: Confidence of what a document yields (grounded `literature:<doc>` provenance).
    confidence: float = Field(default=0.7, gt=0.0, le=1.0)
    #: Citable excerpts kept per document: the only verbatim text that survives a reading.
    max_excerpts: int = Field(default=5, ge=0, le=50)
    max_excerpt_chars: int = Field(default=280, ge=40, le=280)
    max_subjects: int = Field(default=25, ge=0, le=500)
    max_themes: int = Field(default=10, ge=0, le=100)
    max_chapter_themes: int = Field(default=5, ge=0, le=50)
    max_new_words: int = Field(default=20, ge=0, le=500)
    #: Words of a new word's defining context; below 12 so no 12-word run of the source
    #: survives outside the excerpts (the shingle test).
    context_words: int = Field(default=11, ge=3, le=25)
    #: A word is rare below this Zipf frequency (wordfreq: 3 is about once per million words).
    rare_zipf: float = Field(default=2.5, gt=0.0, le=8.0)
    #: Chapters kept per document; a book with more TOC entries is read in this many sections.
    max_chapters: int = Field(default=200, ge=1)
    #: Pages per section when a document has no table of contents.
    pages_per_section: int = Field(default=20, ge=1)
    #: Characters per "page" of a plain-text file.
    text_page_chars: int = Field(default=3000, ge=200)
    #: Type the most frequent names (person, place, organisation...) with the trained spaCy
    #: pipeline's NER, each in one sentence where it occurs; false leaves them untyped.
    ner: bool = True
    #: spaCy pipeline: "auto" (a trained one when installed), "blank" or a package name.
    pipeline: str = "auto"
    #: Folder the literature/inbox flow reads (relative to the data directory).
    inbox: str = Field(default="inbox", min_length=1)
    #: Folders flows may read besides the inbox (absolute; resolved at load).
    roots: tuple[str, ...] = ()
    #: Prefect task runner for the fan-out: "thread", "dask" (a local cluster) or a Dask
    #: scheduler address such as "tcp://127.0.0.1:8786".
    task_runner: str = "thread"
    max_workers: int = Field(default=2, ge=1)
    #: Memory the process that reads documents may hold resident, in MiB (RLIMIT_DATA is this
    #: less the libraries it maps; its address space gets a GiB more): past it the document is
    #: refused (document_too_large), the machine is not.
    max_memory_mb: int = Field(default=1024, ge=512)
    #: Seconds of CPU one document may take before it is refused.
    max_cpu_seconds: int = Field(default=1800, ge=10)
    #: An archive (EPUB) entry larger than this uncompressed, or all entries together larger
    #: than max_archive_mb, or an entry over 1 MiB that inflates more than max_archive_ratio
    #: times its compressed size, is refused before anything is inflated.
    max_entry_mb: int = Field(default=64, ge=1)
    max_archive_mb: int = Field(default=512, ge=1)
    max_archive_ratio: int = Field(default=100, ge=10)
    #: Characters kept of one page's text; a page with more is cut (and counted).
    max_page_chars: int = Field(default=100_000, ge=1000)

    @field_validator("inbox")
    @classmethod
    def _inbox_inside(cls, value: str) -> str:
        if Path(value).is_absolute() or ".." in Path(value).parts:
            raise ValueError(f"{value!r}: the inbox is a folder inside the data directory")
        return value

    @field_validator("roots")
    @classmethod
    def _roots_are_folders_of_people(cls, value: tuple[str, ...]) -> tuple[str, ...]:
        for root in value:
            if not Path(root).expanduser().is_absolute():
                raise ValueError(f"{root!r} is not an absolute path")
            why = system_folder(root)
            if why is not None:
                raise ValueError(f"{root!r}: {why}; MAX does not read from it")
        return value

    @field_validator("task_runner")
    @classmethod
    def _known_runner(cls, value: str) -> str:
        if not _TASK_RUNNER.match(value):
            raise ValueError(
                f"{value!r}: expected thread, dask or a scheduler address (tcp://host:port)"
            )
        return value
