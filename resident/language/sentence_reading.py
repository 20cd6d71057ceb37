"""The turn read sentence by sentence (storing.StoringMixin's statements): each sentence by the
one reader, or, when it is a verbless fragment after a statement, as that statement said again
with it (splice.py), as what the statement's person is (fragment_is.py), or by the readers of
a fragment's count, span, modifiers or kind (fragments.finish, confirmed.named_after)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from resident.language.change_reason import with_reasons
from resident.language.confirmed import named_after
from resident.language.fragment_is import said_of
from resident.language.fragments import finish
from resident.language.mentions import note_mentions
from resident.language.prices import prices_said
from resident.language.reading import is_question, read
from resident.language.splice import reread
from resident.language.turn import LanguageBase

if TYPE_CHECKING:
    from spacy.tokens import Doc, Span

    from resident.language.statement import Statement
    from resident.language.turn import _Ctx


class SentenceReadingMixin(LanguageBase):
    def _by_sentence(self, ctx: _Ctx, doc: Doc, out: list[Statement]) -> list[Statement]:
        """`out` (what the turn stated before its sentences were read) with what each sentence
        states: the statements before said again where a fragment finishes them."""
        # The sentence before's, for a fragment after it: the teller's turn before too.
        carried = self._sluiced.carried(ctx.person_id, self._context.turn)
        last: list[Statement] = carried
        before: Span | None = None  # the sentence `last` was read from
        name = self._name(ctx, ctx.person_id) if ctx.person_id is not None else None
        # The one a fragment finishes: of another's turn before, one about the speaker too.
        frame = self._sluiced.frame(ctx.person_id, self._context.turn, name)
        theirs = None if carried else frame  # another's, whose statements are not carried
        teller = self._sluiced.teller_of_frame() if theirs is not None else None
        calling = self._name(ctx, teller).lower() if teller is not None else None
        reading = self._said_again
        framed = None  # the frame of `latest`
        latest: list[Statement] = []  # the last sentence's that made any, for a sluice
        bearing = 0  # how many of its sentences made statements
        for run in _sentence_runs(doc):
            # "We booked a holiday. Lisbon, in May.": the clause said again with it.
            asked, anothers = is_question(run), frame is theirs
            if anothers and calling is not None and _only(run) == calling:
                asked = True  # "NATHAN": the teller before called to by name, nothing said
            again = None if frame is None or asked else reread(frame, run, last, reading, anothers)
            if again is not None:
                latest, frame, framed = again[0], again[1], again[1]
            elif frame is not None and not asked:
                # "I work at the quarry. Crane driver.": what the frame's person is
                described = said_of(frame, run, reading)
                if described:
                    out.extend(described)
                    note_mentions(run, self._context)
                    continue
            resaid = again[0] if again else None if asked else finish(last, run)
            if resaid is not None:
                # "We went walking. Last Saturday, in Otley.": the walk's time and place.
                out = [resaid[last.index(s)] if s in last else s for s in out]
                if not last:
                    out.extend(resaid)  # another's statement about the speaker, said again
                pairs = zip(last, resaid, strict=False)  # the turn before's, said again
                out.extend(f for s, f in pairs if s in carried and f != s)
                # "I sold the car. Two thousand, to a lad.": its price
                out.extend(prices_said(run, self._context))
                last = resaid
                note_mentions(run, self._context)  # "With Priya." / "She ...": Priya
                continue
            named = [] if asked else named_after(last, run, self.nlp)
            if named:  # "I sold my car. The old Fiesta.": the car said more exactly
                out.extend(named)
                continue
            # A question's sentence notes who was named (he/she next) and states nothing.
            statements, _ = read(run.as_doc(), self._context, reparse=self.nlp)
            # "I turned the job down. The pay was awful.": the change's reason (change28).
            why = with_reasons(([(before, last)] if before else []) + [(run, statements)])
            out = [why.get(id(s), s) for s in out]
            statements = [why.get(id(s), s) for s in statements]
            out.extend(statements)
            last, before, frame = statements, run, run
            if statements:
                latest, bearing, framed = statements, bearing + 1, run
        # Which of several sentences a "Where?" asks of is not known: none is taken.
        told_now = latest if bearing == 1 else []
        self._sluiced.told(ctx.person_id, self._context.turn, told_now, framed)
        return out

    def _said_again(self, text: str) -> tuple[list[Statement], Span]:
        """The statements of a sentence said again whole (splice.py), and its parse."""
        said = self.nlp(text)
        return read(said, self._context, reparse=self.nlp)[0], next(iter(said.sents))


def _sentence_runs(doc: Doc) -> list[Span]:
    """The turn's sentences, each with any before it that the parser ended where no
    punctuation does ("hou133xdrug5 | treats fever"): read together, the reader can join
    them when the later one reads as nothing alone."""
    runs: list[Span] = []
    start: int | None = None
    for sent in doc.sents:
        start = sent.start if start is None else start
        if sent[-1].is_punct or sent.end == len(doc):
            runs.append(doc[start : sent.end])
            start = None
    return runs


def _only(run: Span) -> str:
    """The sentence's words without its punctuation, in lower case."""
    return " ".join(t.lower_ for t in run if not t.is_punct)
