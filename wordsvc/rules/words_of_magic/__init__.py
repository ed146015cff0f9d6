"""The rules of Words of Magic in one place (``docs/rules/words-of-magic.md``), used by the
engine, the solver and the bots.

- :mod:`.components`: cards and their catalogue, magic cards, characters;
- :mod:`.codex`: what a word of each length deals to the neighbours and draws up to, who the
  neighbours are, and how Balance of Power cards are dealt (short decks, the Dragon);
- :mod:`.turn`: the rules of a turn that the engine applies and the solver scores: the
  Amazon's letter, the Familiar's properties (the choices each gives, what each discards)
  and who may use a Familiar card, the draw rules (the pass, the codex, the Elf) and when a
  magic card may be played.

Their data is in ``data/``, every Words of Magic file in one folder: the cards, characters
and magic cards, the codex, and the solver's defaults (``solver.toml``).
"""
