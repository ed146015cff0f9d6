"""The Words of Magic solver: the best words a hand can lay out, with exact card layouts.

Built so far (issue #3, in progress): the hand model and exact layouts for a given word.
"""
