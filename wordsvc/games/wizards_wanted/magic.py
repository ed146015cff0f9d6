"""The kinds every Wizards Wanted component shares: the four types of magic (icons on jobs and
mushrooms, charms, the corners' teleport stones) and the board's three landscapes."""

from __future__ import annotations

#: The four types of magic, in the order the player boards' starting charms are dealt.
ICONS = ("animal", "energy", "nature", "illusion")
#: The board's landscapes; a mushroom space is named by its landscape and a number.
TERRAINS = ("mountains", "forest", "plains")
