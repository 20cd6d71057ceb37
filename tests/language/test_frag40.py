"""A verbless fragment after a statement is that statement said again with it (issue 21,
frag40, splice.py): the frame clause is said again with each part of the fragment where a full
clause says it, and read by the one reader. Real turns on a real DuckDB graph, in words of their
own, each with a trap."""

from __future__ import annotations

from tests.language.test_conversation import Max, answer_of
from tests.language.test_conversation import person as _person


def test_a_fragment_after_anothers_statement_about_the_speaker_finishes_it(max_: Max) -> None:
    ingrid, solveig, ada = (_person(max_, n) for n in ("Ingrid", "Solveig", "Ada"))
    max_.say("Solveig moved flat in the spring.", ingrid)
    max_.say("To Dundee.", solveig)
    assert "dundee" in answer_of(max_.say("Where did Solveig move?", ada)).lower()
    # Trap: a statement about someone else is not the teller's to finish.
    max_.say("Bram moved flat as well.", ingrid)
    max_.say("To Perth.", solveig)
    assert answer_of(max_.say("Where did Bram move?", ada)) == ""


def test_a_preposition_phrase_said_after_is_the_clauses_own(max_: Max) -> None:
    vesna, ada = (_person(max_, n) for n in ("Vesna", "Ada"))
    max_.say("We're renting a cottage. On the coast near Alnwick.", vesna)
    assert "alnwick" in answer_of(max_.say("Where is Vesna renting a cottage?", ada)).lower()
    # Trap: after a wish nothing is said again.
    max_.say("I'd love to get a dog. From the rescue in Morpeth.", vesna)
    assert answer_of(max_.say("Where did Vesna get a dog from?", ada)) == ""
    # Trap: nor after a hedged fragment.
    max_.say("I'm selling the trailer. Maybe in Morpeth.", vesna)
    assert answer_of(max_.say("Where is Vesna selling the trailer?", ada)) == ""
