"""Check set for replies that answer another person's question (issue 21, reply48), written
before the code in words of its own (no dev sentence). One person asks another ("Where are
you off to in May?") and the answer is a piece ("Porto, for a week."): the asked question is
read into its statement with the gap, the piece fills the gap when its type fits, and the
result is the replier's claim ("you" the replier, "your sister" the replier's sister). A reply
whose type does not fit the gap, a hedge, a joke or a question back stores nothing. About a
third of the questions are near misses that must stay "I don't know".

Each talk runs through a real Resident on a real DuckDB graph. An expected answer of "" is
"I don't know"; another is a word the answer must hold. The score is recorded in the report
(main against the branch); the test asserts only that no question is answered wrong."""

from __future__ import annotations

import pytest

from tests.language.check_talks import Talk, scored
from tests.language.test_conversation import Max

#: (who speaks, what they say) lines, then (who asks, question, expected answer) pairs.

CHECK: dict[str, Talk] = {
    "holidays": (
        [
            ("Perpetua", "Where are you going for your holidays this year?"),
            ("Jonty", "Madeira, ten days in August."),
            ("Perpetua", "Lovely. And where does your sister work these days?"),
            ("Jonty", "A garden centre in Alnwick."),
            ("Perpetua", "Where is your brother living now?"),
            ("Jonty", "Not sure, somewhere up north maybe."),
        ],
        [
            ("Odile", "Where is Jonty going for his holidays?", "madeira"),
            ("Odile", "Where does Jonty's sister work?", "alnwick"),
            ("Odile", "Where does Jonty's brother live?", ""),
            ("Odile", "Where does Perpetua's sister work?", ""),
        ],
    ),
    "names_and_people": (
        [
            ("Ingrid", "What's the new kitten called?"),
            ("Tobias", "Pickle."),
            ("Ingrid", "Who painted your shed?"),
            ("Tobias", "Mirela, last spring."),
            ("Ingrid", "Who fixed your boiler in the end?"),
            ("Tobias", "Last Thursday, finally."),
        ],
        [
            ("Odile", "What is the kitten called?", "pickle"),
            ("Odile", "Who painted Tobias's shed?", "mirela"),
            ("Odile", "Who fixed Tobias's boiler?", ""),
        ],
    ),
    "times_and_counts": (
        [
            ("Marguerite", "How long have you lived in Hexham?"),
            ("Caspian", "Since 2015."),
            ("Marguerite", "How many grandchildren have you got now?"),
            ("Caspian", "Seven."),
            ("Marguerite", "When did you start at the library?"),
            ("Caspian", "The big one on Market Street."),
            ("Marguerite", "When is your birthday?"),
            ("Caspian", "Why, are you planning something?"),
        ],
        [
            ("Odile", "How long has Caspian lived in Hexham?", "eleven"),
            ("Odile", "How many grandchildren does Caspian have?", "seven"),
            ("Odile", "When did Caspian start at the library?", ""),
            ("Odile", "When is Caspian's birthday?", ""),
        ],
    ),
    "yes_and_no": (
        [
            ("Wendeline", "Do you drive?"),
            ("Augustin", "Nope."),
            ("Wendeline", "Are you still vegetarian?"),
            ("Augustin", "Yes, for years now."),
            ("Wendeline", "Do you play chess?"),
            ("Augustin", "Maybe, now and then."),
        ],
        [
            ("Odile", "Does Augustin drive?", "no"),
            ("Odile", "Is Augustin vegetarian?", "yes"),
            ("Odile", "Does Augustin play chess?", ""),
            ("Odile", "Does Wendeline drive?", ""),
        ],
    ),
    "said_without_you": (
        [
            ("Rosalind", "Made any jam this year?"),
            ("Hamish", "Forty jars of damson."),
            ("Rosalind", "Baked anything for the fete yet?"),
            ("Hamish", "Three lemon drizzle cakes."),
            ("Rosalind", "Still playing the bagpipes?"),
            ("Hamish", "Every Sunday, in the village hall."),
            ("Rosalind", "And your cousin Morag? Still teaching?"),
            ("Hamish", "Not any more."),
        ],
        [
            ("Odile", "What did Hamish make this year?", "damson"),
            ("Odile", "What did Hamish bake for the fete?", "lemon drizzle"),
            ("Odile", "Does Hamish play the bagpipes?", "yes"),
            ("Odile", "Is Hamish teaching?", ""),
            ("Odile", "What did Rosalind make this year?", ""),
            ("Odile", "Does Rosalind play the bagpipes?", ""),
        ],
    ),
}


@pytest.mark.parametrize("name", sorted(CHECK))
def test_reply48_check(max_: Max, name: str) -> None:
    wrong, unknown, right = scored(max_, CHECK[name])
    print(f"CHECK {name}: right={right} wrong={wrong} unknown={unknown}")
    assert not wrong
