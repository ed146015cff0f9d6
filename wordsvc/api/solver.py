"""Words of Magic solver route: the best plays for a hand."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from flask import Blueprint, Response, current_app

from wordsvc.alphabet import WORD_ERRORS
from wordsvc.api import respond
from wordsvc.api.limits import SOLVE
from wordsvc.api.params import parse_body
from wordsvc.api.spec import operation
from wordsvc.observability import metrics
from wordsvc.services import get_judge
from wordsvc.wire.solver import Solution, SolveBody

if TYPE_CHECKING:  # the solver (numpy, the index) loads on the first solve, not at start
    from wordsvc.solver.solve import Solver, SolveRequest

blueprint = Blueprint("solver", __name__, url_prefix="/v1/words-of-magic")


def get_solver() -> Solver:
    """The app's solver, built on the judge on first use. Its indexes load (or, for a set of
    categories never agreed before, build) on the first solve that needs them, before that
    solve's budget starts: a fresh server's first answer is slower, never cut short."""
    solver = current_app.extensions.get("wordsvc.solver")
    if solver is None:
        from wordsvc.solver.solve import Solver

        solver = current_app.extensions["wordsvc.solver"] = Solver(get_judge())
    return solver


@operation(
    blueprint,
    "/solve",
    "POST",
    operation_id="solve",
    summary="The best Words of Magic plays for a hand, ranked, with the pass as baseline.",
    body=SolveBody,
    response=Solution,
    cost=SOLVE,
    errors={
        422: ("unknown_card", "invalid_card", "invalid_familiar", "unknown_category",
              "word_not_playable", "word_not_formable", "invalid_min_length", "invalid_min_zipf",
              "empty_pattern", "pattern_too_broad", "hyphenated", *WORD_ERRORS),
        503: ("lexicon_not_built", "lexicon_corrupt"),
    },
)  # fmt: skip
def solve() -> Response:
    solution = get_solver().solve(solve_request(parse_body(SolveBody)))
    kind = "best" if solution.request.word is None else "word"
    metrics.observe_solve(kind, solution.elapsed_ms, solution.complete)
    return respond(Solution, solution)


def solve_request(body: SolveBody) -> SolveRequest:
    """The solver's typed request for a validated body: card names are read by the solver's
    own parsers, everything else is already the right type."""
    from wordsvc.solver.hand import hand_of
    from wordsvc.solver.scoring import Mode, Table, Weights
    from wordsvc.solver.solve import SolveRequest

    hand = hand_of(
        body.cards,
        tokens=body.tokens,
        familiar=[(f.letter, f.available) for f in body.familiar],
        character=body.character,
    )
    table = replace(Table.defaults(), players=body.players, deck=body.deck, mode=Mode(body.mode))
    if body.familiar_properties is not None:
        table = replace(table, familiar_properties=tuple(body.familiar_properties))
    if body.balance_decks is not None:
        table = replace(table, balance_decks=body.balance_decks.model_dump())
    if body.two_player_deals_twice is not None:
        table = replace(table, two_player_deals_twice=body.two_player_deals_twice)
    weights = Weights.defaults()
    if body.weights is not None:
        weights = weights.with_overrides(**body.weights.model_dump(exclude_none=True))
    return SolveRequest(
        hand=hand,
        table=table,
        weights=weights,
        categories=tuple(c.strip() for c in body.categories if c.strip()),
        limit=body.limit,
        budget_ms=body.budget_ms,
        word=body.word,
        pattern=body.pattern,
        min_length=body.min_length,
        min_zipf=body.min_zipf,
        house_words=tuple(body.house_words),
    )
