"""Answers are the wire models validated from the domain's own objects (``to_json``). A field
the domain adds, and no model reads, would silently never reach a client: these tests say
which domain fields each model reads, and that real answers carry every field."""

import dataclasses
import json

import pytest
from pydantic import AliasChoices, AliasPath, BaseModel

from wordsvc.alphabet import Change
from wordsvc.batch import BatchCheck
from wordsvc.categories import Category
from wordsvc.games.contract import Event, Result
from wordsvc.judge import CategoryVerdict, RefusedInput, SearchPage, Suggestion, Verdict, batch_item
from wordsvc.morphology import Analysis
from wordsvc.rules.words_of_magic.codex import COLOURS
from wordsvc.sessions import backup, records
from wordsvc.solver.hand import FamiliarCard, Hand, HandCard, hand_of
from wordsvc.solver.layout import Layout, Slot
from wordsvc.solver.scoring import Effects, Play, Score, Table, Weights
from wordsvc.solver.solve import Solution, Solver, SolveRequest
from wordsvc.wire import backup as backup_models
from wordsvc.wire import games as game_models
from wordsvc.wire import solver as solver_models
from wordsvc.wire import words as word_models
from wordsvc.wire.common import to_json


def domain_fields(cls: type) -> set[str]:
    if dataclasses.is_dataclass(cls):
        return {f.name for f in dataclasses.fields(cls)}
    return set(cls._fields)  # a named tuple


def reads(model: type[BaseModel], through: str | None = None) -> set[str]:
    """The attributes ``model`` reads from a domain object, or with ``through``, those it
    reads from the object's attribute of that name (``AliasPath("layout", "word")``)."""
    names = set()
    for name, field in model.model_fields.items():
        alias = field.validation_alias
        choices = alias.choices if isinstance(alias, AliasChoices) else [alias or name]
        for choice in choices:
            path = choice.path if isinstance(choice, AliasPath) else [choice]
            if through is None:
                names.add(path[0])
            elif len(path) == 2 and path[0] == through:
                names.add(path[1])
    return names


#: (domain class, the model written from it, the attribute it is reached through, the domain
#: fields that are deliberately not on the wire).
PAIRS = [
    (Verdict, word_models.Verdict, None, {"suggestion_seconds"}),  # for the metrics
    (CategoryVerdict, word_models.CategoryVerdict, None, set()),
    (Suggestion, word_models.Suggestion, None, set()),
    (Change, word_models.Change, None, set()),
    (Analysis, word_models.Analysis, None, set()),
    (RefusedInput, word_models.RefusedInput, None, set()),
    (SearchPage, word_models.SearchPage, None, set()),
    (BatchCheck, word_models.CheckWordsResult, None, set()),
    (Category, word_models.Category, None, {"rules", "_cache"}),  # how it judges: internal
    (Solution, solver_models.Solution, None, set()),
    (
        SolveRequest,
        solver_models.Solution,
        "request",
        {"categories", "limit", "budget_ms", "house_words"},
    ),
    (Hand, solver_models.HandOut, None, set()),
    (HandCard, solver_models.HandCardOut, None, set()),
    (FamiliarCard, solver_models.FamiliarOut, None, set()),
    (Table, solver_models.TableOut, None, set()),
    (Weights, solver_models.WeightsOut, None, set()),  # colours: one field per colour
    # the search's sort key; the choices, as the form_word properties they are
    (Play, solver_models.Play, None, {"rank", "choices"}),
    (Layout, solver_models.Play, "layout", {"slot_key"}),  # the ranking's tie-break
    (Slot, solver_models.SlotOut, None, set()),
    (Effects, solver_models.Effects, None, set()),
    (Score, solver_models.Score, None, set()),
    (Result, game_models.GameResult, None, set()),
    (records.SessionResult, game_models.GameResult, None, set()),
    (records.SeatRecord, game_models.SeatOut, None, set()),
    (records.SessionSummary, game_models.SessionSummary, None, set()),
    (records.Applied, game_models.AppliedAction, None, set()),
    (records.Acted, game_models.Acted, None, {"game"}),  # for the metrics: the caller knows
    (records.LoggedAction, game_models.LoggedAction, None, set()),
    (records.Joined, game_models.Joined, None, set()),
    (records.OpenSession, game_models.OpenSession, None, set()),
    (Event, game_models.EventOut, None, {"audience"}),  # who may see it: filtered before
    (backup.SessionBackup, backup_models.SessionLine, None, set()),
    (backup.SeatBackup, backup_models.SeatLine, None, set()),
    (backup.ActionBackup, backup_models.ActionLine, None, set()),
    (backup.IdempotencyBackup, backup_models.IdempotencyLine, None, set()),
]


@pytest.mark.parametrize(
    "model",
    [
        backup_models.SessionLine,
        backup_models.SeatLine,
        backup_models.ActionLine,
        backup_models.IdempotencyLine,
    ],
)
def test_a_backup_line_is_read_back_into_every_field_of_its_record(model):
    """The other way too: a backup line's ``record()`` sets every field of its record."""
    domain = {
        backup_models.SessionLine: backup.SessionBackup,
        backup_models.SeatLine: backup.SeatBackup,
        backup_models.ActionLine: backup.ActionBackup,
        backup_models.IdempotencyLine: backup.IdempotencyBackup,
    }[model]
    assert domain_fields(domain) == set(model.model_fields) - {"format"}


@pytest.mark.parametrize(
    ("domain", "model", "through", "internal"), PAIRS, ids=[p[0].__name__ for p in PAIRS]
)
def test_the_model_reads_every_field_of_the_domain_object(domain, model, through, internal):
    missing = domain_fields(domain) - reads(model, through)
    assert missing == internal, f"{model.__name__} does not read {domain.__name__}.{missing}"


def test_the_weights_answer_has_a_field_per_colour():
    assert reads(solver_models.WeightsOut, "colours") == set(COLOURS)


def keys(form, value) -> dict:
    return json.loads(to_json(form, value))


def test_a_verdict_is_written_whole_in_the_models_order(judge):
    verdict = judge.check("Вікна", ["noun-singular", "noun-plural"])
    written = keys(word_models.Verdict, verdict)
    assert list(written) == list(word_models.Verdict.model_fields)
    assert written["normalisation"][0] == {
        "code": verdict.normalisation[0].code,
        "message": verdict.normalisation[0].message,
        "details": verdict.normalisation[0].details,
    }
    analysis = verdict.analyses[0]
    assert written["analyses"][0] == {
        "lemma": analysis.lemma,
        "pos": analysis.pos,
        "grammemes": sorted(analysis.grammemes),
        "description": list(analysis.description),
        "tag": analysis.tag,
        "source": analysis.source,
    }
    for category in written["categories"]:
        assert list(category) == list(word_models.CategoryVerdict.model_fields)


def test_suggestions_and_refusals_are_written_whole(judge):
    items = [batch_item(w, r) for w, r in zip(["кіт", "k1t", "котт"], judge.check_many(
        ["кіт", "k1t", "котт"], ["noun-singular"]), strict=True)]  # fmt: skip
    written = keys(list[word_models.BatchItem], items)
    assert list(written[0]) == list(word_models.Verdict.model_fields)
    assert written[1] == {
        "input": "k1t",
        "valid": False,
        "error": {"code": "contains_digits", "message": items[1].error.message,
                  "details": {"char": "1"}},
    }  # fmt: skip
    suggestion = written[2]["suggestions"][0]
    assert list(suggestion) == list(word_models.Suggestion.model_fields)


def test_a_search_page_and_the_categories_are_written_whole(judge):
    page = keys(word_models.SearchPage, judge.search("м?р*", ["noun-singular"], limit=2))
    assert list(page) == list(word_models.SearchPage.model_fields)
    assert page["next_offset"] == 2
    categories = keys(word_models.CategoryList, {"categories": list(judge.registry)})
    for category in categories["categories"]:
        assert list(category) == list(word_models.Category.model_fields)


def test_a_solution_is_written_whole_and_the_pass_without_a_layout(judge):
    hand = hand_of(["К", "Р", "П", "А", "Н", "*"], tokens=1, familiar=[("о", True)],
                   character="amazon")  # fmt: skip
    solution = Solver(judge).solve(SolveRequest(hand, limit=3))
    written = keys(solver_models.Solution, solution)
    assert list(written) == [f.alias or n for n, f in solver_models.Solution.model_fields.items()]
    for play in written["plays"]:
        assert list(play) == list(solver_models.Play.model_fields)
        for slot in play["slots"]:
            assert list(slot) == list(solver_models.SlotOut.model_fields)
    # no layout's fields, and no Familiar card's property to choose
    assert list(written["pass"]) == ["kind", "effects", "score", "zipf", "property_choices"]
    assert written["pass"]["property_choices"] == []
    assert written["pass"]["zipf"] is None
    assert all(isinstance(play["zipf"], float) for play in written["plays"])
    assert written["weights"]["green"] == solution.request.weights.colours["green"]
    assert written["elapsed_ms"] == round(solution.elapsed_ms, 2)
    assert written["hand"]["cards"][0] == {"index": 0, "kind": "letter", "letter": "к",
                                           "magic": None}  # fmt: skip
    assert written["table"]["mode"] == "classic"


def test_a_session_and_its_log_are_written_whole_in_the_models_order(store):
    from wordsvc.sessions.store import SeatSpec

    created = store.create("lost-words", {}, [SeatSpec("human"), SeatSpec("bot", "random")], 4)
    written = keys(game_models.SessionSummary, created)
    # bot_actions too; seat_tokens only for a session made with its seats held (below)
    assert list(written) == [
        f for f in game_models.SessionSummary.model_fields if f != "seat_tokens"
    ]
    held = store.create(
        "lost-words", {}, [SeatSpec("human"), SeatSpec("human")], 4, hold_seats=True
    )
    tokens = keys(game_models.SessionSummary, held)["seat_tokens"]
    assert [list(t) for t in tokens] == [list(game_models.SeatToken.model_fields)] * 2
    assert written["seats"][1] == {"seat": 1, "kind": "bot", "bot": "random",
                                   "name": "random bot", "joined": True,
                                   "claimed": True, "auto_pass": None,
                                   "only_when_concerned": None}  # fmt: skip
    summary = keys(game_models.SessionSummary, store.summary(created.id))
    assert "bot_actions" not in summary, "only a new session says what its bots did"
    listed = keys(list[game_models.OpenSession], store.open_sessions("lost-words"))
    mine = next(s for s in listed if s["id"] == created.id)
    assert list(mine) == list(game_models.OpenSession.model_fields)
    assert mine["free_seats"] == [0]
    joined = store.join(created.id, 0)
    assert keys(game_models.Joined, joined) == {"session": created.id, "seat": 0,
                                                "token": joined.token}  # fmt: skip
    seat = store.summary(created.id).to_act[0]
    legal = store.summary(created.id, seat).legal_actions
    acted = store.act(created.id, seat, legal[0], store.summary(created.id).version, "k")
    written = keys(game_models.Acted, acted)
    assert list(written) == ["version", "applied", "status", "to_act", "legal_actions"], (
        "replayed: only on a replay"
    )
    assert list(written["applied"][0]) == list(game_models.AppliedAction.model_fields)
    replayed = store.act(created.id, seat, legal[0], acted.version - len(acted.applied), "k")
    assert keys(game_models.Acted, replayed) == {**written, "replayed": True}
    logged = store.events(created.id, seat)[0]
    entry = keys(game_models.LoggedAction, logged)
    assert list(entry) == list(game_models.LoggedAction.model_fields)
    assert entry["at"] == logged.at.isoformat()
    assert all(list(event) == ["type", "data"] for event in entry["events"])
