"""Game rules that more than one layer needs: the engines, the solver and the bots.

Each game with such rules has a package here (``words_of_magic``): its cards and their
catalogue, characters, the codex and the turn's rules, as data files and small pure functions.
It sits below both :mod:`wordsvc.solver` and :mod:`wordsvc.games`, so a rule changes in one
place and the engine never imports the solver.
"""
