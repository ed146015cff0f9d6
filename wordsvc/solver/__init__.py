"""The Words of Magic solver: the best words a hand can lay out, with exact card layouts,
what each does in the game and a score (``docs/solver.md``)."""
