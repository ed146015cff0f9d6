"""Plain-text drawings of the solver's answer: each word laid out as cards on the table.

Under each card, what lies there: the letter card itself, ``*`` for a joker card, ``⊙X`` for
a token on card X (``⊙M`` on a magic card), ``Ф1``..``Ф3`` for a Familiar card, ``Ам`` for
the Amazon's А.
"""

from __future__ import annotations

from wordsvc.errors import InternalError
from wordsvc.rules.words_of_magic.components import CardKind
from wordsvc.solver.hand import Hand
from wordsvc.solver.layout import Layout, Source
from wordsvc.solver.scoring import Play
from wordsvc.solver.solve import Solution

CELL = 3


def draw_solution(solution: Solution) -> str:
    request = solution.request
    lines = [_describe_request(solution)]
    if request.word is not None:  # "can I make this word?": yes, and how
        layout = solution.plays[0].layout
        if layout is None:
            raise InternalError("a word's answer holds a pass")
        lines.append(f"Yes: {layout.word.upper()}, its cheapest layout (fewest tokens):")
        lines.extend(_draw_play(1, solution.plays[0], request.hand))
        return "\n".join(lines)
    if not solution.plays:
        lines.append("No word can be laid out from this hand.")
    for rank, play in enumerate(solution.plays, 1):
        lines.extend(_draw_play(rank, play, request.hand))
    lines.append(f"Pass: take {solution.pass_play.effects.drawn} cards (score 0.00).")
    best = solution.plays[0].score.total if solution.plays else 0.0
    if best <= 0:
        lines.append("No word beats passing.")
    state = "complete" if solution.complete else "stopped at the time budget: best found so far"
    lines.append(f"({state}; {solution.words_scored} words scored in {solution.elapsed_ms:.0f} ms)")
    return "\n".join(lines)


def _describe_request(solution: Solution) -> str:
    hand, table = solution.request.hand, solution.request.table
    cards = " ".join(_card_label(hand, c.index) for c in hand.cards) or "(no cards)"
    familiar = " ".join(f.letter.upper() if f.available else f"[{f.letter.upper()}]"
                        for f in hand.familiar)  # fmt: skip
    parts = [f"Hand: {cards}", f"tokens {hand.tokens}"]
    if familiar:
        parts.append(f"Familiar: {familiar}")
    if hand.character:
        parts.append(hand.character.value)
    parts.append(f"{table.mode.value}, {table.players} players")
    parts.append("categories: " + ", ".join(solution.categories))
    request = solution.request
    if request.pattern is not None:
        parts.append(f"pattern {request.pattern}")
    if request.min_length is not None:
        parts.append(f"{request.min_length}+ letters")
    return " · ".join(parts)


def _draw_play(rank: int, play: Play, hand: Hand) -> list[str]:
    layout = play.layout
    if layout is None:
        raise InternalError("a pass drawn as a word")
    score = play.score
    header = (
        f"{rank:>2}. {layout.word.upper()}  {layout.length} letters · score {score.total:.2f} "
        f"(cards {score.cards:+.2f}, balance {score.balance:+.2f}, tokens {score.tokens:+.2f})"
        + ("" if play.zipf is None else f" · Zipf {play.zipf:.1f}")
    )
    n = layout.length
    top = "    ┌" + "┬".join(["─" * CELL] * n) + "┐"
    letters = "    │" + "│".join(s.letter.upper().center(CELL) for s in layout.slots) + "│"
    bottom = "    └" + "┴".join(["─" * CELL] * n) + "┘"
    sources = "     " + " ".join(_source_label(layout, i, hand).center(CELL) for i in range(n))
    return [header, top, letters, bottom, sources, "    " + _effects(play)]


def _source_label(layout: Layout, position: int, hand: Hand) -> str:
    slot = layout.slots[position]
    if slot.source is Source.LETTER_CARD:
        return slot.letter.upper()
    if slot.source is Source.JOKER_CARD:
        return "*"
    if slot.source is Source.TOKEN:
        return "⊙" + _card_label(hand, slot.hand_card)[:1]
    if slot.source is Source.FAMILIAR:
        if slot.familiar is None:
            raise InternalError("a Familiar slot without its card's position")
        return f"Ф{slot.familiar + 1}"
    return "Ам"


def _card_label(hand: Hand, index: int) -> str:
    card = hand.cards[index]
    if card.kind is CardKind.LETTER:
        return card.face_letter.upper()
    if card.kind is CardKind.JOKER:
        return "*"
    return "M"  # a magic card


def _effects(play: Play) -> str:
    effects = play.effects
    parts = []
    if effects.familiar_property is not None:
        parts.append(f"Familiar: {effects.familiar_property.value}")
    if effects.counted_length != (play.layout.length if play.layout else None):
        parts.append(f"counted as {effects.counted_length} letters")
    dealt = ["+".join(cards) or "nothing" for cards in effects.balance]
    if len(set(dealt)) == 1:
        parts.append(f"neighbours take {dealt[0]} each")
    else:
        parts.append("left neighbour takes " + dealt[0] + ", right takes " + dealt[1])
    parts.append(f"draw up to {effects.draw_up_to} → draw {effects.drawn}")
    tokens = play.layout.tokens_used if play.layout else 0
    if tokens:
        parts.append(f"{tokens} token{'s' if tokens > 1 else ''}")
    deck = "" if effects.deck_after is None else f", deck {effects.deck_after}"
    parts.append(f"hand {effects.hand_after}{deck}")
    return " · ".join(parts)
