"""The command line through click's runner, and its documentation in the README."""

import functools
import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from wordsvc.cli import main
from wordsvc.games.registry import GAMES
from wordsvc.sessions.database import head_revision

README = Path(__file__).resolve().parent.parent / "README.md"


@pytest.fixture
def run(settings, monkeypatch):
    monkeypatch.setenv("WORDSVC_DATA_DIR", str(settings.data_dir))
    monkeypatch.setenv("WORDSVC_DICTIONARIES_DIR", str(settings.dictionaries_dir))
    runner = CliRunner()

    def invoke(*args: str):
        return runner.invoke(main, list(args), catch_exceptions=False)

    return invoke


def test_check_valid_words_exits_0(run):
    result = run("check", "дуб", "вікно", "--category", "noun-singular")
    assert result.exit_code == 0
    assert "✓ дуб" in result.output


def test_check_says_how_common_a_word_is(run):
    result = run("check", "морозиво", "азометин")
    assert "commonness: Zipf 3.85, ordinary (звичайне)" in result.output
    assert "commonness: Zipf 0.00, not in the frequency list" in result.output


def test_check_invalid_word_exits_1_with_reason(run):
    result = run("check", "котики", "-c", "noun-singular")
    assert result.exit_code == 1
    assert "[plural]" in result.output
    assert "did you mean" in result.output


def test_check_json(run):
    result = run("check", "Мʼясо", "--json")
    body = json.loads(result.output)
    assert body["valid"] is True
    assert body["word"] == "м'ясо"
    assert [c["code"] for c in body["normalisation"]] == ["apostrophe_unified", "lowercased"]


def test_check_refused_input_exits_1(run):
    result = run("check", "дуб", "123", "--json")
    assert result.exit_code == 1
    body = json.loads(result.output)
    assert body[1]["error"]["code"] == "contains_digits"


def test_unknown_category_exits_2_with_a_clear_message(run):
    result = run("check", "дуб", "-c", "nouns")
    assert result.exit_code == 2
    assert "unknown_category" in result.output


def test_search(run):
    result = run("search", "м?р*", "-c", "noun-singular", "--max-length", "3")
    assert result.exit_code == 0
    assert "мир" in result.output.split()


def test_search_json(run):
    body = json.loads(run("search", "кі?", "--json", "--limit", "2").output)
    assert len(body["words"]) == 2
    assert body["next_offset"] == 2


def test_categories(run):
    result = run("categories")
    assert "noun-singular" in result.output
    body = json.loads(run("categories", "--json").output)
    assert {"any", "anglicism"} <= {c["id"] for c in body}


def test_lexicon(run):
    result = run("lexicon", "--verify")
    assert result.exit_code == 0
    assert "pymorphy3-dicts-uk" in result.output
    assert "checksums: all match" in result.output
    body = json.loads(run("lexicon", "--json").output)
    assert body["up_to_date"] is True


def test_every_command_is_in_the_readme_and_has_help(run):
    readme = README.read_text(encoding="utf-8")
    for name, command in main.commands.items():
        assert f"wordsvc {name}" in readme, f"README does not show `wordsvc {name}`"
        assert command.help, name
        assert run(name, "--help").exit_code == 0
    for name, command in main.commands["db"].commands.items():
        assert f"wordsvc db {name}" in readme, f"README does not show `wordsvc db {name}`"
        assert command.help, name
        assert run("db", name, "--help").exit_code == 0


def test_readme_opens_with_the_table_then_the_two_commands():
    readme = README.read_text(encoding="utf-8")
    assert re.search(r"^    \./scripts/serve --table$", readme[:400], re.MULTILINE)
    commands = re.findall(r"^\s*(\./scripts/\w+)\s*$", readme[:2000], re.MULTILINE)
    assert commands[:2] == ["./scripts/serve", "./scripts/test"]
    ci = (README.parent / ".ci" / "run").read_text(encoding="utf-8")
    assert "./scripts/test" in ci


def test_build_shows_progress_and_says_when_the_system_wordlist_is_missing(tiny, monkeypatch):
    monkeypatch.setenv("WORDSVC_DATA_DIR", str(tiny.data_dir))
    monkeypatch.setenv("WORDSVC_DICTIONARIES_DIR", str(tiny.dictionaries_dir))
    monkeypatch.setenv("WORDSVC_SYSTEM_WORDLIST", "")
    result = CliRunner().invoke(main, ["build"], catch_exceptions=False)
    assert result.exit_code == 0
    assert "Reading pymorphy3-dicts-uk" in result.output
    assert "analyses" in result.output
    assert "wukrainian" in result.output
    assert "Built " in result.output


def test_a_configuration_error_is_one_clear_line(tiny, monkeypatch, tmp_path):
    monkeypatch.setenv("WORDSVC_DATA_DIR", str(tiny.data_dir))
    monkeypatch.setenv("WORDSVC_DICTIONARIES_DIR", str(tiny.dictionaries_dir))
    monkeypatch.setenv("WORDSVC_SYSTEM_WORDLIST", str(tmp_path / "missing"))
    result = CliRunner().invoke(main, ["build", "--quiet"])
    assert result.exit_code == 2
    assert "bad_configuration" in result.output
    assert "Traceback" not in result.output


def test_solve_draws_the_layout(run):
    result = run(
        "solve", "Ж З И М О Є *", "--tokens", "3", "--familiar", "А,О,[И]",
        "--category", "noun-singular", "-n", "3",
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[0].startswith("Hand: Ж З И М О Є *")
    assert "Familiar: А О [И]" in lines[0]
    assert lines[1].startswith(" 1. ")
    assert "8 letters" in lines[1]
    assert lines[2].startswith("    ┌───┬")
    assert "Pass: take 3 cards" in result.output


def test_solve_json_and_bad_cards(run):
    body = json.loads(run("solve", "К,Р,П,А,Н", "--character", "amazon", "--json").output)
    assert body["plays"][0]["length"] == 6
    assert body["hand"]["character"] == "amazon"
    bad = run("solve", "К Р ДРАКОН")
    assert bad.exit_code == 2
    assert "unknown_card" in bad.output
    weights = run("solve", "к і т", "--weight", "token=x")
    assert weights.exit_code == 2


def test_solve_answers_can_i_make_this_word(run):
    nastya = ("solve", "Ж З И М О Є *", "--tokens", "3", "--familiar", "О,А,[И]")
    yes = run(*nastya, "--word", "морозиво", "-c", "noun-singular")
    assert yes.exit_code == 0, yes.output
    assert "Yes: МОРОЗИВО" in yes.output
    assert "⊙" in yes.output
    no = run(*nastya[:-2], "--word", "морозиво")  # no Familiar: one letter short
    assert no.exit_code == 1
    assert "word_not_formable" in no.output
    refused = run(*nastya, "--word", "котики", "-c", "noun-singular", "--json")
    assert refused.exit_code == 1
    assert json.loads(refused.output)["details"]["categories"][0]["reason"] == "plural"


def test_solve_pattern_and_min_length(run):
    result = run(
        "solve", "Ж З И М О Є *", "--tokens", "3", "--familiar", "О,А,[И]",
        "-c", "noun-singular", "--pattern", "м*", "--min-length", "7", "--json",
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    body = json.loads(result.output)
    assert body["pattern"] == "м*"
    assert body["plays"]
    assert all(p["word"].startswith("м") and p["length"] >= 7 for p in body["plays"])


def test_solve_min_zipf(run):
    result = run(
        "solve", "Ж З И М О Є *", "--tokens", "3", "--familiar", "О,А,[И]",
        "--min-zipf", "3.5", "--json",
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    body = json.loads(result.output)
    assert body["min_zipf"] == 3.5
    assert body["plays"]
    assert all(p["zipf"] >= 3.5 for p in body["plays"])
    drawn = run("solve", "Ж З И М О Є *", "--tokens", "3", "--min-zipf", "3.5")
    assert "Zipf" in drawn.output
    assert run("solve", "Ж З И", "--min-zipf", "9").exit_code == 2


def test_simulate_reports_win_rates(run):
    result = run(
        "simulate", "words-of-magic", "--players", "2", "--games", "2", "--bots",
        "greedy,random", "--json",
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    report = json.loads(result.output[result.output.index("{") :])
    assert report["games"] == 2
    assert set(report["bots"]) == {"greedy", "random"}
    assert sum(report["ends"].values()) == 2
    assert set(report["median_zipf"]) <= {"greedy", "random"}
    assert report["median_zipf"]
    bad = run("simulate", "words-of-magic", "--bots", "oracle")
    assert bad.exit_code == 2


def test_simulate_takes_its_games_from_the_registry(run):
    from wordsvc.games.registry import GAMES

    unknown = run("simulate", "chess")
    assert unknown.exit_code == 2
    for name in GAMES:
        assert name in unknown.output


def test_simulate_counts_every_card_and_action_played_by_each_bot(run):
    from wordsvc.rules.words_of_magic.components import CATALOGUE

    magic = {card.magic for card in CATALOGUE.values() if card.magic}
    result = run(
        "simulate", "words-of-magic", "--players", "2", "--games", "2", "--bots",
        "greedy,random", "--json",
    )  # fmt: skip
    report = json.loads(result.output[result.output.index("{") :])
    plays = report["plays"]
    for label, row in plays.items():
        kind, _, card = label.partition(":")
        assert re.fullmatch(r"[a-z_]+", kind), label  # an action type
        assert (kind == "play_magic") == bool(card)
        assert not card or card in magic
        assert set(row["by_bot"]) == {"greedy", "random"}
        assert row["total"] == sum(row["by_bot"].values())
        assert row["per_game"] == round(row["total"] / 2, 2)
    assert any(label.startswith("play_magic:") for label in plays)
    assert "form_word" in plays


def test_simulate_the_lost_words_with_its_default_bots(run):
    result = run("simulate", "lost-words", "--players", "3", "--games", "3")
    assert result.exit_code == 0, result.output
    assert "heuristic" in result.output
    assert "random" in result.output
    table = result.output[result.output.index("  plays") :].splitlines()
    assert table[0].split()[-2:] == ["heuristic", "random"]
    rows = {line.split()[0]: line.split()[1:] for line in table[1:]}
    assert {"draw:pile", "end", "pair"} <= set(rows)
    total, _per_game, heuristic, random_ = map(float, rows["pair"])
    assert total == heuristic + random_ > 0


@pytest.mark.parametrize(
    ("game", "ended"), [("magos-y-tabernas", "beer"), ("wizards-wanted", "inspector")]
)
def test_simulate_the_designed_games_reports_the_first_seats_share(run, game, ended):
    result = run("simulate", game, "--players", "4", "--games", "4", "--json")
    assert result.exit_code == 0, result.output
    report = json.loads(result.output[result.output.index("{") :])
    assert report["ends"] == {ended: 4}
    first = report["first_seat"]
    assert first["fair_share"] == 0.25
    assert 0 <= first["ci95"][0] <= first["win_rate"] <= first["ci95"][1] <= 1
    assert set(report["bots"]) == {"heuristic", "random"}
    text = run("simulate", game, "--players", "2", "--games", "2")
    assert "first seat: win rate" in text.output


def test_simulate_warns_of_the_cards_no_bot_played(run):
    result = run("simulate", "magos-y-tabernas", "--players", "2", "--games", "1", "--json")
    report = json.loads(result.output[result.output.index("{") :])
    assert report["unplayed"], "one game cannot play every card"
    assert all(label not in report["plays"] for label in report["unplayed"])
    text = run("simulate", "magos-y-tabernas", "--players", "2", "--games", "1")
    warning = next(line for line in text.output.splitlines() if "warning" in line)
    assert warning.strip().startswith(f"warning: no bot played {len(report['unplayed'])} ")
    assert all(label in warning for label in report["unplayed"])


def test_the_defaults_are_their_owners():
    """The options whose value goes straight to the server or the solver take the default
    of the parameter they fill, and --help shows it."""
    from wordsvc.cli import DefaultOf
    from wordsvc.judge import Judge
    from wordsvc.server import ADDRESS_REQUESTS, REQUEST_TIMEOUT, THREADS, WORKER_CLASS
    from wordsvc.solver.hand import hand_of
    from wordsvc.solver.solve import DEFAULT_BUDGET_MS, DEFAULT_PLAYS

    owned = {
        (name, param.name): param.default()
        for name, command in main.commands.items()
        for param in command.params
        if isinstance(param.default, DefaultOf)
    }
    assert owned == {
        ("search", "limit"): Judge.search.__kwdefaults__["limit"],
        ("solve", "tokens"): hand_of.__kwdefaults__["tokens"],
        ("solve", "limit"): DEFAULT_PLAYS,
        ("solve", "budget_ms"): DEFAULT_BUDGET_MS,
        ("serve", "worker_class"): WORKER_CLASS,
        ("serve", "threads"): THREADS,
        ("serve", "request_timeout"): REQUEST_TIMEOUT,
        ("serve", "address_requests"): ADDRESS_REQUESTS,
    }
    help_text = CliRunner().invoke(main, ["solve", "--help"]).output
    assert f"[default: {DEFAULT_BUDGET_MS};" in " ".join(help_text.split())


def test_a_default_needs_an_owner_that_has_one():
    from wordsvc.cli import DefaultOf

    assert DefaultOf("wordsvc.solver.solve:SolveRequest", "limit")() == 10
    with pytest.raises(TypeError, match="no default"):
        DefaultOf("wordsvc.solver.hand:hand_of", "cards")()


# --- serve: a table on the local network ----------------------------------------------------


@pytest.fixture
def serve(monkeypatch, tmp_path):
    """``wordsvc serve`` up to gunicorn: what it prints and what it hands ``run_gunicorn``
    (the lexicon check and the migrations are skipped); the machine's LAN addresses are
    ``serve.lan``."""
    from wordsvc import cli, network, server

    monkeypatch.setenv("WORDSVC_DATA_DIR", str(tmp_path))
    monkeypatch.delenv("WORDSVC_PUBLIC_URL", raising=False)
    monkeypatch.setattr(cli, "ensure_lexicon", lambda settings: None)
    monkeypatch.setattr("wordsvc.sessions.database.make_engine", lambda url: None)
    monkeypatch.setattr("wordsvc.sessions.database.upgrade", lambda engine: None)
    calls = []

    @functools.wraps(server.run_gunicorn)  # its defaults are the options' (DefaultOf)
    def run_gunicorn(*args, **options):
        calls.append(args)

    monkeypatch.setattr(server, "run_gunicorn", run_gunicorn)
    monkeypatch.setattr(network, "lan_addresses", lambda: invoke.lan)

    def invoke(*args: str, env=None):
        result = CliRunner().invoke(main, ["serve", *args], env=env, catch_exceptions=False)
        result.calls = list(calls)
        calls.clear()
        return result

    invoke.lan = ["192.168.1.23", "10.0.0.5"]
    return invoke


def test_serve_table_listens_on_the_network_and_prints_what_phones_open(serve):
    result = serve("--table", "--port", "8123")
    assert result.exit_code == 0, result.output
    (host, port, *_), settings = result.calls[0][:2], result.calls[0][-1]
    assert (host, port) == ("0.0.0.0", 8123)
    assert settings.public_url is None
    lines = result.stderr.splitlines()
    for address in ("192.168.1.23", "10.0.0.5"):
        assert f"  http://{address}:8123/play" in lines
        assert f"  http://{address}:8123/" in lines
    assert "127.0.0.1" not in result.stderr


def test_serve_table_says_so_when_the_machine_is_on_no_network(serve):
    serve.lan = []
    result = serve("--table")
    assert result.exit_code == 0
    assert "No address on a local network found" in result.stderr
    assert "/play" not in result.stderr


def test_serve_alone_stays_on_this_computer_and_says_how_to_serve_a_table(serve):
    result = serve()
    assert result.calls[0][:2] == ("127.0.0.1", 8000)
    assert "wordsvc serve --table" in result.stderr
    assert result.calls[0][-1].loopback_only, "the pages say phones cannot open the links"
    anywhere = serve("--host", "0.0.0.0").calls[0]
    assert anywhere[:2] == ("0.0.0.0", 8000)
    assert not anywhere[-1].loopback_only
    assert not serve("--table").calls[0][-1].loopback_only


def test_serve_table_and_host_together_is_a_usage_error(serve):
    result = serve("--table", "--host", "0.0.0.0")
    assert result.exit_code == 2
    assert "--table or --host, not both" in result.stderr
    assert result.calls == []


def test_a_public_url_goes_to_the_app_and_is_printed_first(serve):
    result = serve("--table", "--public-url", "https://games.example/")
    assert result.calls[0][-1].public_url == "https://games.example"
    lines = result.stderr.splitlines()
    assert lines.index("  https://games.example/play") < lines.index(
        "  http://192.168.1.23:8000/play"
    )
    from_env = serve(env={"WORDSVC_PUBLIC_URL": "http://table.lan:8000"})
    assert from_env.calls[0][-1].public_url == "http://table.lan:8000"
    assert "Open http://table.lan:8000/play" in from_env.stderr


@pytest.mark.parametrize(
    "url", ["games.example", "ftp://games.example", "https://", "https://a.example/?x=1"]
)
def test_a_public_url_that_is_no_http_address_is_refused(serve, url):
    result = serve("--public-url", url)
    assert result.exit_code == 2
    assert "[invalid_public_url]" in result.stderr
    assert result.calls == []


# --- db: backups (export, import, verify) -----------------------------------------------------
# More in tests/sessions/test_backup.py: round trips on SQLite and PostgreSQL, verify.


@pytest.fixture
def db(tmp_path, monkeypatch):
    """``wordsvc db --database <a new SQLite file> ...``; ``db.lines``: the export of a few
    Lost Words sessions (which need no lexicon), one JSON line each."""
    from wordsvc.sessions.database import make_engine, upgrade
    from wordsvc.sessions.service import hosted
    from wordsvc.sessions.store import SeatSpec, SessionStore

    monkeypatch.setenv("WORDSVC_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.delenv("WORDSVC_DATABASE_URL", raising=False)
    urls = iter(f"sqlite:///{tmp_path / f'db{i}.sqlite3'}" for i in range(100))

    def invoke(*args: str, url=None, input=None):
        url = url or invoke.url
        return CliRunner().invoke(
            main, ["db", "--database", url, *args], input=input, catch_exceptions=False
        )

    def new():
        invoke.url = next(urls)
        return invoke.url

    source = next(urls)
    engine = make_engine(source)
    upgrade(engine)
    store = SessionStore(engine, {"lost-words": hosted(GAMES["lost-words"], None)})
    for seed in range(3):
        created = store.create(
            "lost-words", {}, [SeatSpec("human"), SeatSpec("bot", "random")], seed
        )
        token = store.join(created.id, 0).token
        summary = store.summary(created.id, 0)
        if 0 in summary.to_act:
            store.act(created.id, 0, summary.legal_actions[0], summary.version, "once")
        store.rotate(created.id, token)
    exported = invoke("export", url=source)
    assert exported.exit_code == 0, exported.output
    invoke.lines = [json.loads(line) for line in exported.stdout.splitlines()]
    invoke.new = new
    new()
    yield invoke
    store.live.close()
    engine.dispose()


def backup(*lines) -> bytes:
    return "".join(
        (line if isinstance(line, str) else json.dumps(line, ensure_ascii=False)) + "\n"
        for line in lines
    ).encode()


def test_db_export_import_round_trip_by_stdin_with_the_summaries(db):
    assert len(db.lines) == 3
    assert [list(line)[:2] for line in db.lines] == [["format", "id"]] * 3
    assert list(db.lines[0])[-1] == "state"
    result = db("import", "-", input=backup(*db.lines, ""))  # a blank line is passed over
    assert result.exit_code == 0, result.output
    assert result.stdout.startswith("Imported 3 sessions (lost-words 3) into sqlite:///")
    again = db("export")
    assert [json.loads(line) for line in again.stdout.splitlines()] == db.lines
    assert again.stderr.strip().endswith("to standard output.")
    one = db("export", "--game", "lost-words", "--status", "active")
    assert len(one.stdout.splitlines()) == sum(line["status"] == "active" for line in db.lines)
    assert db("export", "--game", "chess").stdout == ""


def nested(depth):
    """A list ``depth`` lists deep."""
    value = []
    for _ in range(depth - 1):
        value = [value]
    return value


def changed(**fields):
    """The line with ``fields`` changed (None: left out)."""
    return lambda line: {
        k: v for k, v in {**line, **fields}.items() if fields.get(k, line.get(k)) is not None
    }


@pytest.mark.parametrize(
    ("line", "code", "message"),
    [
        ("{not json", "invalid_backup_line", "Line 2: not a line of JSON (Expecting property"),
        ("[1, 2]", "invalid_backup_line", "Line 2: not a JSON object: a backup has one per"),
        (changed(format=2), "unsupported_backup_format", "Line 2: format 2, where this wordsvc"),
        (changed(format=None), "unsupported_backup_format", "Line 2: format null, where"),
        (changed(format=True), "unsupported_backup_format", "Line 2: format true, where"),
        (changed(game="chess"), "unknown_game", "of the game 'chess', which is not hosted here."),
        (changed(seed="5"), "invalid_backup_line", "Line 2: seed: Input should be a valid integer"),
        (
            changed(seats=[{"seat": 0}]),
            "invalid_backup_line",
            "Line 2: seats.0.kind: Field required",
        ),
        (changed(extra=1), "invalid_backup_line", "Line 2: extra: Extra inputs are not permitted"),
        (changed(created_at="2026-01-01T00:00:00"), "invalid_backup_line", "Line 2: created_at: "),
        (changed(version=99), "inconsistent_session", "its version is 99 but its log has"),
        # Damage that crashed the import, or that only PostgreSQL refused (issue 38).
        (
            lambda line: json.dumps(line).replace(
                json.dumps(line["seats"][0]["name"]), '"\\ud800"'
            ),
            "unstorable_value",
            "holds a text with a lone surrogate",
        ),
        (
            lambda line: json.dumps({**line, "options": {}}).replace(
                '"options": {}', '"options": {"x": ' + "[" * 5000 + "]" * 5000 + "}"
            ),
            "invalid_backup_line",
            "Line 2: a line of JSON nested too deep to read.",
        ),
        (
            lambda line: json.dumps({**line, "options": {"deep": nested(70)}}),
            "unstorable_value",
            "a value nested more than 64 deep",
        ),
        (
            lambda line: json.dumps({**line, "options": {"x": "?"}}).replace('"?"', "NaN"),
            "unstorable_value",
            "a number that is not finite (nan)",
        ),
        (
            lambda line: json.dumps({**line, "options": {"x": "?"}}).replace('"?"', "1e999"),
            "unstorable_value",
            "a number that is not finite (inf)",
        ),
        (
            lambda line: {
                **line,
                "seats": [
                    s if s["kind"] == "human" else {**s, "bot": "b" * 40} for s in line["seats"]
                ],
            },
            "inconsistent_session",
            "is none of the game's",
        ),
        (
            lambda line: {
                **line,
                "idempotency": [{**k, "response": "{not json"} for k in line["idempotency"]],
            },
            "inconsistent_session",
            "its reply is not JSON",
        ),
    ],
)
def test_db_import_refuses_a_line_it_cannot_read_naming_it(db, line, code, message):
    """The line is refused with its code and number (exit 2); the line before it is
    imported, none after."""
    if callable(line):
        line = line(db.lines[1])
    result = db("import", "-", input=backup(db.lines[0], line, db.lines[2]))
    assert result.exit_code == 2
    assert f"Error [{code}]: " in result.stderr
    assert message in result.stderr
    assert "Imported before it: 1 session." in result.stderr
    assert "Traceback" not in result.output
    assert [json.loads(x)["id"] for x in db("export").stdout.splitlines()] == [db.lines[0]["id"]]


def test_db_import_refuses_a_session_it_holds_unless_told(db, tmp_path):
    path = tmp_path / "backup.jsonl"
    path.write_bytes(backup(*db.lines))
    assert db("import", str(path)).exit_code == 0
    refused = db("import", str(path))
    assert refused.exit_code == 2
    assert f"Error [session_exists]: Line 1: session {db.lines[0]['id']} is in the" in (
        refused.stderr
    )
    assert "--replace writes the file's over it, --skip-existing keeps it." in refused.stderr
    skipped = db("import", "--skip-existing", str(path))
    assert skipped.exit_code == 0
    assert "Imported 0 sessions (none) into" in skipped.stdout
    assert "3 skipped, already there." in skipped.stdout
    replaced = db("import", "--replace", str(path))
    assert "Imported 3 sessions (lost-words 3, 3 in place of stored ones)" in replaced.stdout
    db.new()  # the same session twice in one file: the second meets the first
    twice = db("import", "-", input=backup(db.lines[0], db.lines[0]))
    assert "Error [session_exists]: Line 2: " in twice.stderr
    assert "Imported before it: 1 session;" in twice.stderr


def test_db_export_and_verify_want_the_schema_upgraded_first(db):
    for command in ("export", "verify"):
        result = db(command)
        assert result.exit_code == 2
        assert "Error [database_not_upgraded]: No session database at sqlite:///" in result.stderr
        assert "wordsvc db upgrade creates one" in result.stderr
    upgraded = db("upgrade")
    assert upgraded.exit_code == 0
    assert f"at revision {head_revision()}: {db.url}" in upgraded.stdout  # --database too
    empty = db("verify")
    assert empty.exit_code == 0
    assert empty.stdout.startswith("0 sessions verified, 0 differ: sqlite:///")
    assert db("export").stderr.strip().endswith("Exported 0 sessions (none) from " + db.url
                                                 + " to standard output.")  # fmt: skip


def test_the_db_group_takes_the_database_for_every_command():
    group = CliRunner().invoke(main, ["db", "--help"]).output
    assert "--database URL" in group
    assert {"upgrade", "export", "import", "verify"} <= set(main.commands["db"].commands)


def test_serve_says_its_rate_limits_and_where_they_are_counted(serve):
    result = serve()
    assert (
        "Rate limits: 1200/minute per client address, 600/minute per seat token, counted in"
        " each worker's memory (2 workers)"
    ) in result.stderr
    shared = serve(env={"WORDSVC_REDIS_URL": "redis://:s3cret@cache.internal:6379/0"})
    assert "counted in Redis (redis://cache.internal:6379, prefix 'wordsvc')" in shared.stderr
    assert "s3cret" not in shared.stderr
    assert "Rate limits: off" in serve(env={"WORDSVC_RATE_LIMITS": "off"}).stderr
