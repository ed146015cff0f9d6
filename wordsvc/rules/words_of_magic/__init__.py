"""The rules of Words of Magic in one place (``docs/rules/words-of-magic.md``).

- :mod:`.components`: cards and their catalogue, magic cards, characters (data files in
  ``data/``, checked at import);
- :mod:`.codex`: what a word of each length deals to the neighbours and draws up to;
- :mod:`.turn`: the rules of a turn that the engine applies and the solver scores: the
  Amazon's letter, the Familiar's properties and who may use a Familiar card, the draw rules
  (the pass, the codex, the Elf) and when a magic card may be played.
"""
