"""Who a word means (issue 21, refs28), on a real booted resident and a real DuckDB graph: kin
composed from data (siblings share parents, a parting makes an ex), a name given by "his
name's", a pet named in the turn after it was introduced, a bare event owned by the one
person just talked of, singular "they", a pronoun kept out of its own phrase and from
reaching past a name its own turn said. Sentences of their own, not the corpus's."""

from __future__ import annotations

from tests.language.test_conversation import Max, answer_of, person


def _told(m: Max, lines: list[tuple[str, str]], asked: list[str]) -> dict[str, str]:
    people = {who: person(m, who) for who in dict.fromkeys([w for w, _ in lines] + ["Odile"])}
    for who, text in lines:
        m.say(text, people[who])
    return {q: answer_of(m.say(q, people["Odile"])) for q in asked}


def test_siblings_share_a_parent(max_: Max) -> None:
    said = _told(
        max_,
        [("Tariq", "My sister Noor works in Leeds."), ("Tariq", "Our mum is called Huda.")],
        ["Who is Noor's mother?", "Who is Tariq's mother?", "Who is Noor's father?"],
    )
    assert "huda" in said["Who is Noor's mother?"]
    assert "huda" in said["Who is Tariq's mother?"]
    assert said["Who is Noor's father?"] == ""


def test_a_parents_spouse_through_a_sibling(max_: Max) -> None:
    said = _told(
        max_,
        [
            ("Wren", "My brother Ezra plays the cello."),
            ("Wren", "Our father is called Piotr."),
            ("Wren", "Piotr's wife Ilse runs a cafe."),
        ],
        ["Who is Ezra's mother?", "Who is Ilse's husband?"],
    )
    assert "ilse" in said["Who is Ezra's mother?"]
    assert "piotr" in said["Who is Ilse's husband?"]


def test_a_split_makes_an_ex_either_way(max_: Max) -> None:
    said = _told(
        max_,
        [("Kemi", "My girlfriend Jules and I split up in October.")],
        ["Who is Kemi's ex?", "Who is Jules's ex?", "Who is Odile's ex?"],
    )
    assert "jules" in said["Who is Kemi's ex?"]
    assert "kemi" in said["Who is Jules's ex?"]
    assert said["Who is Odile's ex?"] == ""


def test_his_names_s_gives_the_name_and_he_is_him(max_: Max) -> None:
    said = _told(
        max_,
        [("Ines", "I met someone at the book club. His name's Matthias. He's a glazier.")],
        ["What is Matthias's job?", "What is Ines's job?"],
    )
    assert "glazier" in said["What is Matthias's job?"]
    assert said["What is Ines's job?"] == ""


def test_a_pet_named_in_the_next_turn(max_: Max) -> None:
    said = _told(
        max_,
        [("Bo", "We rescued a puppy from a farm near Hexham."), ("Bo", "His name's Dougal.")],
        ["What is Bo's puppy called?"],
    )
    assert "dougal" in said["What is Bo's puppy called?"]


def test_a_bare_event_is_the_one_persons_just_talked_of(max_: Max) -> None:
    said = _told(
        max_,
        [
            ("Odile", "Hello."),
            ("Kwame", "I've applied for a masters in Glasgow."),
            ("Odile", "When's the interview?"),
            ("Kwame", "Monday."),
        ],
        ["When is Kwame's interview?", "When is Odile's interview?"],
    )
    assert "january" in said["When is Kwame's interview?"]
    assert said["When is Odile's interview?"] == ""


def test_a_bare_event_of_two_people_stays_bare(max_: Max) -> None:
    said = _told(
        max_,
        [("Lotte", "Anouk and Bram got engaged. The wedding is in October.")],
        ["When is Anouk's wedding?", "When is Lotte's wedding?"],
    )
    assert said["When is Anouk's wedding?"] == ""
    assert said["When is Lotte's wedding?"] == ""


def test_singular_they_is_the_one_person(max_: Max) -> None:
    said = _told(
        max_,
        [("Priya", "My colleague Robin is leaving the firm. They're moving to Bristol.")],
        ["Where is Robin moving to?", "Where is Priya moving to?"],
    )
    assert "bristol" in said["Where is Robin moving to?"]
    assert said["Where is Priya moving to?"] == ""


def test_her_is_not_the_name_of_her_own_phrase(max_: Max) -> None:
    said = _told(
        max_,
        [("Alba", "My aunt Maria broke her hip."), ("Alba", "Her partner Tomas can't drive.")],
        ["Who is Maria's partner?", "Who is Tomas's partner?"],
    )
    assert "tomas" in said["Who is Maria's partner?"]
    assert "tomas" not in said["Who is Tomas's partner?"]


def test_a_pronoun_does_not_reach_past_a_name_of_its_own_turn(max_: Max) -> None:
    said = _told(
        max_,
        [
            ("Hugh", "My granddaughter Ivy came to stay."),
            ("Cerys", "We have a rabbit too, Clover. She's six."),
        ],
        ["How old is Ivy?"],
    )
    assert "six" not in said["How old is Ivy?"]
