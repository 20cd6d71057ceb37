"""People: the identity manager's profiles, each a graph entity `person:<slug>`."""

from resident.people.identity import (
    PEOPLE_FILE,
    PRIVATE_DIR,
    RELATIONSHIPS,
    People,
    PeopleState,
    Person,
    people_file,
    slugify,
)

__all__ = [
    "PEOPLE_FILE",
    "PRIVATE_DIR",
    "RELATIONSHIPS",
    "People",
    "PeopleState",
    "Person",
    "people_file",
    "slugify",
]
