"""Pure rules engines, one package per game, all behind the contract in :mod:`.contract`.

Engines do no I/O and know nothing of HTTP or storage: state is plain JSON-serialisable data,
randomness comes from the state's own seeded generator, and anything outside the rules (the
lexicon, for Words of Magic) is injected when the engine is built.
"""

from wordsvc.games.contract import Event, Game, Result, RuleError, Seat

__all__ = ["Event", "Game", "Result", "RuleError", "Seat"]
