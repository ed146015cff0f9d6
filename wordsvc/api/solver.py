"""Words of Magic solver route: the best plays for a hand."""

from __future__ import annotations

from flask import Blueprint, Response, current_app, jsonify

from wordsvc.api import get_judge
from wordsvc.api.params import json_body
from wordsvc.solver.solve import Solver, SolveRequest

blueprint = Blueprint("solver", __name__, url_prefix="/v1/words-of-magic")


def get_solver() -> Solver:
    """The app's solver, built on the judge on first use."""
    solver = current_app.extensions.get("wordsvc.solver")
    if solver is None:
        solver = current_app.extensions["wordsvc.solver"] = Solver(get_judge())
    return solver


@blueprint.post("/solve")
def solve() -> Response:
    solution = get_solver().solve(SolveRequest.from_data(json_body()))
    return jsonify(solution.to_dict())
