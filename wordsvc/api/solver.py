"""Words of Magic solver route: the best plays for a hand."""

from __future__ import annotations

from typing import TYPE_CHECKING

from flask import Blueprint, Response, current_app, jsonify

from wordsvc.api import get_judge
from wordsvc.api.params import json_body

if TYPE_CHECKING:  # the solver (numpy, the index) loads on the first solve, not at start
    from wordsvc.solver.solve import Solver

blueprint = Blueprint("solver", __name__, url_prefix="/v1/words-of-magic")


def get_solver() -> Solver:
    """The app's solver, built on the judge on first use."""
    solver = current_app.extensions.get("wordsvc.solver")
    if solver is None:
        from wordsvc.solver.solve import Solver

        solver = current_app.extensions["wordsvc.solver"] = Solver(get_judge())
    return solver


@blueprint.post("/solve")
def solve() -> Response:
    from wordsvc.solver.solve import SolveRequest

    solution = get_solver().solve(SolveRequest.from_data(json_body()))
    return jsonify(solution.to_dict())
