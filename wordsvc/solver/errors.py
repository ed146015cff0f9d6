"""The solver's own refusals of a "can I make this word?" request.

Both are :class:`~wordsvc.errors.InvalidValue` (the request is well formed but names a word
that cannot be played), so the HTTP layer answers 422 (``wordsvc/wire/status.py``); each has
a stable code and details a front end can show.
"""

from __future__ import annotations

from wordsvc.errors import InvalidValue


class WordNotPlayable(InvalidValue):
    """The judge refuses the word under the agreed categories. ``details``: the word, and per
    category the judge's reason code and messages."""

    code = "word_not_playable"


class WordNotFormable(InvalidValue):
    """The word counts, but this hand cannot lay it out. ``details``: the letters on no card
    (``missing``), what the hand can stand in for them with, and how many more joker cards or
    tokens it would take (see :class:`wordsvc.solver.word.Shortfall`)."""

    code = "word_not_formable"
