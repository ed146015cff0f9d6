"""The ``wordsvc`` command line: build and inspect the lexicon, check and search words, solve
hands, simulate games, migrate the session database, serve HTTP."""

from __future__ import annotations

import importlib
import inspect
import io
import json
import sys
from collections.abc import Callable, Iterator, Mapping
from contextlib import AbstractContextManager, contextmanager
from dataclasses import dataclass, replace
from typing import IO, TYPE_CHECKING, Any, TextIO, cast

import click

from wordsvc import build as lexicon_build
from wordsvc.config import Settings
from wordsvc.errors import WordsvcError

if TYPE_CHECKING:  # imported lazily at run time, so that `wordsvc build` starts fast
    from click._termui_impl import ProgressBar
    from sqlalchemy import Engine

    from wordsvc.games.contract import Game
    from wordsvc.games.simulate import PlaysRow
    from wordsvc.judge import Judge, Verdict
    from wordsvc.lexicon.store import Manifest
    from wordsvc.sessions.backup import SessionBackup
    from wordsvc.sessions.records import Status
    from wordsvc.wire.games import GameReview

#: Exit status when a checked word is not playable (0 = all playable).
EXIT_INVALID = 1
#: Exit status for a usage or data error.
EXIT_ERROR = 2


class ClickProgress:
    """Build progress as click progress bars on stderr: one bar per phase."""

    def __init__(self, stream: TextIO | None = None) -> None:
        self.stream = stream or sys.stderr
        self._bar: ProgressBar[int] | None = None

    def phase(self, name: str, total: int | None = None) -> None:
        self.finish()
        if total:
            self._bar = click.progressbar(
                length=total, label=name.ljust(36), file=self.stream, show_pos=True
            )
            self._bar.__enter__()
        else:
            click.echo(f"{name}...", file=self.stream)

    def advance(self, count: int) -> None:
        if self._bar is not None:
            self._bar.update(count)

    def done(self, summary: str) -> None:
        self.finish()
        click.echo(f"  {summary}", file=self.stream)

    def note(self, message: str) -> None:
        self.finish()
        click.secho(f"Note: {message}", file=self.stream, fg="yellow")

    def finish(self) -> None:
        """Close the current phase's bar, if any."""
        if self._bar is not None:
            self._bar.__exit__(None, None, None)
            self._bar = None


def ensure_lexicon(settings: Settings, *, quiet: bool = False) -> None:
    """Build the lexicon when it is missing or its sources changed (first use)."""
    reason = lexicon_build.stale_reason(settings)
    if reason is None:
        return
    if not quiet:
        click.echo(f"Building the lexicon in {settings.data_dir}: {reason}...", err=True)
    run_build(settings, quiet=quiet)


def run_build(settings: Settings, *, quiet: bool = False) -> Manifest:
    progress = None if quiet else ClickProgress()
    try:
        return lexicon_build.build(settings, progress)
    finally:
        if progress is not None:
            progress.finish()


#: ``--category/-c``, repeatable: the categories agreed for a game.
agreed_categories = click.option(
    "--category",
    "-c",
    "categories",
    multiple=True,
    help="An agreed category (repeatable). None means any word.",
)


@dataclass(frozen=True)
class DefaultOf:
    """An option's default that is the default of the parameter ``name`` of ``owner`` (a
    callable, as ``module:qualified.name``), the function the option's value goes to: the
    command line never restates a default its owner keeps. Given to click as ``default``,
    it is called when the option is absent and printed by ``--help``; the owner's module is
    imported only then, so that ``wordsvc build`` starts without the server or the solver."""

    owner: str
    name: str

    def __call__(self) -> object:
        module, _, qualified = self.owner.partition(":")
        target: Any = importlib.import_module(module)
        for attribute in qualified.split("."):
            target = getattr(target, attribute)
        parameter = inspect.signature(target).parameters[self.name]
        if parameter.default is inspect.Parameter.empty:
            raise TypeError(f"{self.owner} gives `{self.name}` no default")
        return parameter.default

    def __str__(self) -> str:  # what --help shows
        return str(self())


def handle_errors(func: Callable[..., object]) -> Callable[..., object]:
    """Report a :class:`WordsvcError` as one clear line and exit with status 2."""
    import functools

    @functools.wraps(func)
    def wrapper(*args: object, **kwargs: object) -> object:
        try:
            return func(*args, **kwargs)
        except WordsvcError as exc:
            click.secho(f"Error [{exc.code}]: {exc.message}", err=True, fg="red")
            sys.exit(EXIT_ERROR)

    return wrapper


def _judge(settings: Settings) -> Judge:
    from wordsvc.judge import Judge

    ensure_lexicon(settings)
    return Judge.open(settings)


class _LazyJudge:
    """The judge, opened (the lexicon built first if it must be) at its first question: a
    Words of Magic engine holds one, but reading whether a state is over asks it nothing."""

    def __init__(self, settings: Settings) -> None:
        self._settings = settings
        self._judge: Judge | None = None

    def __getattr__(self, name: str) -> object:
        if self._judge is None:
            self._judge = _judge(self._settings)
        return getattr(self._judge, name)


class _Engines:
    """Each hosted game's engine, made when a session of it first comes (``of``)."""

    def __init__(self, settings: Settings) -> None:
        self._judge = cast("Judge", _LazyJudge(settings))
        self._made: dict[str, Game] = {}

    def of(self, name: str) -> Game | None:
        from wordsvc.games.registry import GAMES

        if name not in GAMES:
            return None
        if name not in self._made:
            self._made[name] = GAMES[name].make(self._judge)
        return self._made[name]


def _dump(value: object) -> None:
    click.echo(json.dumps(value, ensure_ascii=False, indent=2))


def _dump_as(form: object, value: object) -> None:
    """``value`` as the HTTP API writes it: validated as the wire model ``form`` (see
    :func:`wordsvc.wire.common.to_json`), indented."""
    from wordsvc.wire.common import to_json

    click.echo(to_json(form, value, indent=2).decode())


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="wordsvc")
@click.pass_context
def main(ctx: click.Context) -> None:
    """wordsvc: settle Ukrainian word disputes for Words of Magic.

    The lexicon lives in $WORDSVC_DATA_DIR (default: your cache directory) and is built on
    first use.
    """
    try:
        ctx.obj = Settings.from_env()
    except WordsvcError as exc:  # a setting that cannot be used: say which, as commands do
        click.secho(f"Error [{exc.code}]: {exc.message}", err=True, fg="red")
        sys.exit(EXIT_ERROR)


@main.command()
@click.option("--quiet", is_flag=True, help="No progress output.")
@click.option("--json", "as_json", is_flag=True, help="Print the manifest as JSON.")
@click.pass_obj
@handle_errors
def build(settings: Settings, quiet: bool, as_json: bool) -> None:
    """Build the lexicon from pymorphy3-dicts-uk, dictionaries/ and the system word list."""
    manifest = run_build(settings, quiet=quiet)
    if as_json:
        from wordsvc.wire.words import LexiconManifest

        _dump_as(LexiconManifest, manifest)
        return
    counts = manifest["counts"]
    click.echo(
        f"Built {counts['forms']:,} word forms ({counts['analyses']:,} analyses, "
        f"{counts['lemmas']:,} lemmas) in {manifest['seconds']['total']} s."
    )
    if manifest["system_wordlist"] != "included":
        click.secho(f"Note: {manifest['system_wordlist']}", fg="yellow")


@main.command()
@click.argument("words", nargs=-1, required=True)
@agreed_categories
@click.option("--no-suggestions", is_flag=True, help="Skip suggestions for refused words.")
@click.option("--json", "as_json", is_flag=True, help="Machine-readable output.")
@click.pass_obj
@handle_errors
def check(
    settings: Settings,
    words: tuple[str, ...],
    categories: tuple[str, ...],
    no_suggestions: bool,
    as_json: bool,
) -> None:
    """Judge WORDS. Exit status 0 when all are playable, 1 when any is not."""
    from wordsvc.judge import batch_item

    judge = _judge(settings)
    results = judge.check_many(list(words), categories, suggest=not no_suggestions)
    payload = [batch_item(word, result) for word, result in zip(words, results, strict=True)]
    all_valid = all(item.valid for item in payload)
    if not as_json:
        for word, result in zip(words, results, strict=True):
            if isinstance(result, WordsvcError):
                click.secho(f"✗ {word}: refused input [{result.code}] {result.message}", fg="red")
            else:
                _print_verdict(result)
    if as_json:
        from wordsvc.wire.words import BatchItem

        if len(payload) > 1:
            _dump_as(list[BatchItem], payload)
        else:
            _dump_as(BatchItem, payload[0])
    sys.exit(0 if all_valid else EXIT_INVALID)


def _print_verdict(verdict: Verdict) -> None:
    mark = click.style("✓", fg="green") if verdict.valid else click.style("✗", fg="red")
    status = "playable" if verdict.valid else "not playable"
    click.echo(f"{mark} {verdict.word} ({verdict.length} letters): {status}")
    band = verdict.commonness
    click.echo(f"    commonness: Zipf {verdict.zipf:.2f}, {band.label} ({band.label_uk})")
    for change in verdict.normalisation:
        click.echo(f"    normalised [{change.code}]: {change.message}")
    if verdict.normative:
        click.echo("    in standard Ukrainian: " + " / ".join(verdict.normative))
    for category in verdict.categories:
        sign = "+" if category.accepted else "-"
        reason = "" if category.accepted else f" [{category.reason}] {category.message}"
        click.echo(f"  {sign} {category.id}{reason}")
    for analysis in verdict.analyses[:8]:
        click.echo(f"    {analysis.lemma}: {analysis.tag or '(no tags)'}  ({analysis.source})")
    if len(verdict.analyses) > 8:
        click.echo(f"    ... {len(verdict.analyses) - 8} more analyses (--json shows all)")
    if verdict.suggestions:
        click.echo("  did you mean: " + ", ".join(s.word for s in verdict.suggestions))


@main.command()
@click.argument("pattern")
@click.option("--category", "-c", "categories", multiple=True, help="Filter (repeatable).")
@click.option("--min-length", type=click.IntRange(1, 64), help="Fewest letters.")
@click.option("--max-length", type=click.IntRange(1, 64), help="Most letters.")
@click.option("--offset", type=click.IntRange(0), default=0, show_default=True)
@click.option(
    "--limit",
    type=click.IntRange(1, 500),
    default=DefaultOf("wordsvc.judge:Judge.search", "limit"),
    show_default=True,
)
@click.option("--json", "as_json", is_flag=True, help="Machine-readable output.")
@click.pass_obj
@handle_errors
def search(
    settings: Settings,
    pattern: str,
    categories: tuple[str, ...],
    min_length: int | None,
    max_length: int | None,
    offset: int,
    limit: int,
    as_json: bool,
) -> None:
    """Find words by PATTERN: ? is one letter, * any run of letters (e.g. 'м?р*')."""
    page = _judge(settings).search(
        pattern,
        categories,
        min_length=min_length,
        max_length=max_length,
        offset=offset,
        limit=limit,
    )
    if as_json:
        from wordsvc.wire.words import SearchPage

        _dump_as(SearchPage, page)
        return
    for word in page.words:
        click.echo(word)
    more = "+" if page.truncated else ""
    tail = f", next: --offset {page.next_offset}" if page.next_offset is not None else ""
    click.echo(
        f"({len(page.words)} of {page.total}{more} matches from {page.offset}{tail})", err=True
    )


@main.command()
@click.option("--json", "as_json", is_flag=True, help="Machine-readable output.")
@click.pass_obj
@handle_errors
def categories(settings: Settings, as_json: bool) -> None:
    """List the word categories and what each admits."""
    from wordsvc.categories import load_registry

    registry = load_registry(settings.dictionaries_dir)
    if as_json:
        from wordsvc.wire.words import Category

        _dump_as(list[Category], list(registry))
        return
    for category in registry:
        click.echo(f"{category.id:16} {category.name_uk} / {category.name_en}")
        click.echo(f"{'':16} {category.description}")


@main.command()
@click.option("--json", "as_json", is_flag=True, help="Print the manifest as JSON.")
@click.option("--verify", is_flag=True, help="Also check every file's checksum.")
@click.pass_obj
@handle_errors
def lexicon(settings: Settings, as_json: bool, verify: bool) -> None:
    """Show the lexicon's manifest: sources, versions, counts, checksums (this install's
    lexicon, or the one built last when it has none yet)."""
    from wordsvc.errors import LexiconNotBuilt
    from wordsvc.lexicon.store import StoredLexicon

    try:
        stored = lexicon_build.open_lexicon(settings)
    except LexiconNotBuilt:
        stored = StoredLexicon(settings.data_dir)
    manifest = dict(stored.manifest)
    manifest["path"] = str(stored.path)
    manifest["up_to_date"] = lexicon_build.is_up_to_date(settings)
    if verify:
        manifest["corrupt_files"] = dict(stored.verify())
    if as_json:
        from wordsvc.wire.words import LexiconManifest

        _dump_as(LexiconManifest, manifest)
        return
    counts = manifest["counts"]
    click.echo(f"Lexicon at {stored.path}")
    click.echo(f"  built {manifest['built_at']} by wordsvc {manifest['wordsvc_version']}")
    click.echo(f"  up to date with its sources: {'yes' if manifest['up_to_date'] else 'no'}")
    click.echo(
        f"  {counts['forms']:,} forms, {counts['analyses']:,} analyses, {counts['lemmas']:,} lemmas"
    )
    click.echo("  sources:")
    for source in manifest["sources"]:
        n = counts["analyses_by_source"].get(source["id"], 0)
        click.echo(f"    {source['id']:28} {source['version']:24} {n:>10,} analyses")
    if manifest["system_wordlist"] != "included":
        click.secho(f"  note: {manifest['system_wordlist']}", fg="yellow")
    click.echo("  categories (playable forms):")
    for name, size in counts["categories"].items():
        click.echo(f"    {name:28} {size:>10,}")
    if verify:
        bad = manifest["corrupt_files"]
        click.echo("  checksums: " + ("all match" if not bad else f"MISMATCH {sorted(bad)}"))


@main.command()
@click.argument("cards", nargs=-1)
@click.option(
    "--tokens",
    "-t",
    type=click.IntRange(0, 3),
    default=DefaultOf("wordsvc.solver.hand:hand_of", "tokens"),
    show_default=True,
    help="Unused joker tokens.",
)
@click.option(
    "--familiar",
    "-f",
    default="",
    help="The Familiar's letter cards left to right, e.g. 'О,А,[И]'; [И] is under the figure.",
)
@click.option("--character", help="amazon, druid, elf, ... (see docs/solver.md).")
@click.option(
    "--mode",
    type=click.Choice(["classic", "magic"]),
    default="classic",
    show_default=True,
    help="magic: the Familiar's properties are in play.",
)
@click.option("--players", type=click.IntRange(2, 4), default=3, show_default=True)
@click.option("--deck", type=click.IntRange(0), help="Cards in your deck (default: enough).")
@agreed_categories
@click.option(
    "--weight",
    "weights",
    multiple=True,
    metavar="NAME=VALUE",
    help="Override a weight of the objective, e.g. token=0.3 (repeatable).",
)
@click.option(
    "--limit",
    "-n",
    type=click.IntRange(1, 100),
    default=DefaultOf("wordsvc.solver.solve:SolveRequest", "limit"),
    show_default=True,
)
@click.option(
    "--budget-ms",
    type=click.IntRange(1, 2000),
    default=DefaultOf("wordsvc.solver.solve:SolveRequest", "budget_ms"),
    show_default=True,
    help="Search budget, counted in steps (the same answer every time).",
)
@click.option("--word", "-w", help="Can this hand make WORD? Its cheapest play, or why not.")
@click.option("--pattern", "-p", help="Only words matching it: ? one letter, * any run ('м*').")
@click.option("--min-length", type=click.IntRange(1, 64), help="Only words this long or longer.")
@click.option(
    "--min-zipf",
    type=click.FloatRange(0, 8),
    help="Only words at least this common (Zipf scale: 3 known, 4.5 common).",
)
@click.option("--json", "as_json", is_flag=True, help="Machine-readable output.")
@click.pass_obj
@handle_errors
def solve(
    settings: Settings,
    cards: tuple[str, ...],
    tokens: int,
    familiar: str,
    character: str | None,
    mode: str,
    players: int,
    deck: int | None,
    categories: tuple[str, ...],
    weights: tuple[str, ...],
    limit: int,
    budget_ms: int,
    word: str | None,
    pattern: str | None,
    min_length: int | None,
    min_zipf: float | None,
    as_json: bool,
) -> None:
    """The best Words of Magic plays for a hand of CARDS.

    CARDS are letters, * for a joker card, or magic card names, separated by spaces, e.g.
    'Ж З И М О Є *' (use commas when a name has a space: 'К,Т,Оновлення сил').
    """
    from wordsvc.solver.hand import hand_of
    from wordsvc.solver.scoring import Mode, Table, Weights
    from wordsvc.solver.solve import Solver, SolveRequest

    request = SolveRequest(
        hand=hand_of(
            split_cards(cards),
            tokens=tokens,
            familiar=parse_familiar_option(familiar),
            character=character,
        ),
        table=replace(Table.defaults(), players=players, deck=deck, mode=Mode(mode)),
        weights=Weights.defaults().with_overrides(**parse_weights(weights)),
        categories=tuple(c.strip() for c in categories),
        limit=limit,
        budget_ms=budget_ms,
        word=word,
        pattern=pattern,
        min_length=min_length,
        min_zipf=min_zipf,
    )
    from wordsvc.solver.errors import WordNotFormable, WordNotPlayable

    try:
        solution = Solver(_judge(settings)).solve(request)
    except (WordNotPlayable, WordNotFormable) as exc:  # an answer ("no"), not a usage error
        if as_json:
            _dump({"code": exc.code, "detail": exc.message, "details": exc.details})
        else:
            click.secho(f"No [{exc.code}]: {exc.message}", fg="red")
        sys.exit(EXIT_INVALID)
    if as_json:
        from wordsvc.wire.solver import Solution

        _dump_as(Solution, solution)
        return
    from wordsvc.solver.drawing import draw_solution

    click.echo(draw_solution(solution))


def split_cards(args: tuple[str, ...]) -> list[str]:
    text = " ".join(args)
    parts = text.split(",") if "," in text else text.split()
    return [part.strip() for part in parts if part.strip()]


def parse_familiar_option(text: str) -> list[tuple[str, bool]]:
    """``'О,А,[И]'`` as (letter, available) pairs: a bracketed letter is under the figure."""
    cards = []
    for part in (p.strip() for p in text.split(",") if p.strip()):
        occupied = part.startswith("[") and part.endswith("]")
        cards.append((part.strip("[]").strip(), not occupied))
    return cards


def parse_weights(items: tuple[str, ...]) -> dict[str, float]:
    weights = {}
    for item in items:
        name, _, value = item.partition("=")
        try:
            weights[name.strip()] = float(value)
        except ValueError:
            raise click.BadParameter(
                f"{item!r} is not NAME=NUMBER", param_hint="--weight"
            ) from None
    return weights


@main.command()
@click.argument("game_name", metavar="GAME")
@click.option("--players", type=click.IntRange(2, 4), default=4, show_default=True)
@click.option("--games", "count", type=click.IntRange(1, 100_000), default=100, show_default=True)
@click.option(
    "--bots",
    default=None,
    help="Bots seated in turn, comma-separated, rotating seats game by game "
    "[default: the game's own line-up, e.g. greedy,random for words-of-magic].",
)
@click.option("--seed", type=int, default=1, show_default=True)
@click.option(
    "--option",
    "options",
    multiple=True,
    metavar="NAME=JSON",
    help="A game option, e.g. mode='\"classic\"' or characters=false (repeatable).",
)
@click.option("--json", "as_json", is_flag=True, help="Machine-readable output.")
@click.pass_obj
@handle_errors
def simulate(
    settings: Settings,
    game_name: str,
    players: int,
    count: int,
    bots: str | None,
    seed: int,
    options: tuple[str, ...],
    as_json: bool,
) -> None:
    """Play GAME between bots and report win rates with 95% confidence intervals, and how
    often each card or action was played, by bot."""
    from wordsvc.games.registry import GAMES
    from wordsvc.games.simulate import simulate as run_games

    entry = GAMES.get(game_name)
    if entry is None:
        raise click.BadParameter(
            f"{game_name!r} is not a hosted game; choose from {', '.join(sorted(GAMES))}.",
            param_hint="GAME",
        )
    judge = _judge(settings)
    game, makers = entry.make(judge), entry.bots(judge)
    bots = bots or ",".join(entry.default_bots)
    lineup = [b.strip() for b in bots.split(",") if b.strip()]
    unknown = sorted(set(lineup) - set(makers))
    if unknown or not lineup:
        raise click.BadParameter(
            f"unknown bots {unknown}; known: {sorted(makers)}", param_hint="--bots"
        )
    game_options = {"players": players, **parse_options(options)}
    with click.progressbar(length=count, label="Playing", file=sys.stderr) as bar:
        summary = run_games(
            game,
            makers,
            lineup,
            game_options,
            count,
            seed,
            progress=lambda done: bar.update(1),
            zipf=judge.lexicon.zipf,
        )
    report = summary.report()
    if as_json:
        _dump(report)
        return
    click.echo(f"{report['games']} games of {game_name}, {players} players, seed {seed}")
    for name, row in report["bots"].items():
        low, high = row["ci95"]
        click.echo(
            f"  {name:10} win rate {row['win_rate']:.3f} (95% CI {low:.3f}–{high:.3f}) "
            f"over {row['seats']} seats"
        )
    line = f"  turns per player {report['turns_per_player']}"
    if report["words"] or report["passes"]:  # word games
        line += (
            f", words {report['words']}, passes {report['passes']}, "
            f"mean word length {report['mean_word_length']}"
        )
    click.echo(line)
    if report["median_zipf"]:
        medians = ", ".join(f"{bot} {z:.2f}" for bot, z in report["median_zipf"].items())
        click.echo(f"  median Zipf of the words formed: {medians}")
    click.echo(f"  ends: {report['ends']}; {report['seconds_per_game']} s per game (median)")
    first = report["first_seat"]
    click.echo(
        f"  first seat: win rate {first['win_rate']} "
        f"[{first['ci95'][0]}, {first['ci95'][1]}], fair share {first['fair_share']}"
    )
    _echo_plays(report["plays"])
    if report["unplayed"]:
        click.secho(
            f"  warning: no bot played {len(report['unplayed'])} of the game's card plays: "
            + ", ".join(report["unplayed"]),
            fg="yellow",
        )


def _echo_plays(plays: dict[str, PlaysRow]) -> None:
    """The simulation's plays table: each card or action, its total, per game and by bot."""
    if not plays:
        return
    bots = list(next(iter(plays.values()))["by_bot"])
    width = max(len(label) for label in plays)
    click.echo(f"  plays{'':{width - 3}}total  per game  " + "  ".join(f"{b:>9}" for b in bots))
    for label, row in plays.items():
        counts = "  ".join(f"{row['by_bot'][b]:>9}" for b in bots)
        click.echo(f"    {label:{width}}  {row['total']:>5}  {row['per_game']:>8}  {counts}")


def parse_options(items: tuple[str, ...]) -> dict[str, object]:
    parsed = {}
    for item in items:
        name, _, value = item.partition("=")
        try:
            parsed[name.strip()] = json.loads(value)
        except ValueError:
            parsed[name.strip()] = value
    return parsed


@main.group()
@click.option(
    "--database",
    "database_url",
    metavar="URL",
    help="The session database to use, e.g. postgresql://user@host/db or sqlite:////path. "
    "[default: WORDSVC_DATABASE_URL, else SQLite in the data directory]",
)
@click.pass_context
def db(ctx: click.Context, database_url: str | None) -> None:
    """The game session database (SQLite by default; WORDSVC_DATABASE_URL for PostgreSQL):
    migrations, backups (export, import) and a check of every session (verify)."""
    if database_url:
        ctx.obj = replace(ctx.obj, database_url=database_url)


@db.command("upgrade")
@click.option("--revision", default="head", show_default=True)
@click.pass_obj
@handle_errors
def db_upgrade(settings: Settings, revision: str) -> None:
    """Apply the schema migrations (Alembic) up to REVISION."""
    from wordsvc.sessions.database import current_revision, make_engine, upgrade

    engine = make_engine(settings.sessions_url)
    upgrade(engine, revision)
    click.echo(f"Session database at revision {current_revision(engine)}: {_safe(engine.url)}")


def _safe(url: object) -> str:
    """A database URL without its password, for messages and logs."""
    return url.render_as_string(hide_password=True) if hasattr(url, "render_as_string") else "?"


def _current_engine(settings: Settings) -> Engine:
    """The session database, which must be at the newest schema (export and verify read it
    as this code does; ``wordsvc db upgrade`` brings it there)."""
    from wordsvc.errors import ConfigurationError
    from wordsvc.sessions.database import current_revision, head_revision, make_engine

    engine = make_engine(settings.sessions_url)
    revision, head = current_revision(engine), head_revision()
    if revision != head:
        where = _safe(engine.url)
        raise ConfigurationError(
            f"No session database at {where} yet (wordsvc db upgrade creates one)."
            if revision is None
            else f"The session database at {where} is at revision {revision}, not {head}: "
            "wordsvc db upgrade brings it up to date.",
            code="database_not_upgraded",
            details={"revision": revision, "head": head},
        )
    return engine


def _sessions(count: int) -> str:
    """``1 session``, ``2 sessions``."""
    return f"{count} session" + ("" if count == 1 else "s")


def _per_game(counts: Mapping[str, int]) -> str:
    """``words-of-magic 3, lost-words 2``: counts by game, for a summary line."""
    return ", ".join(f"{game} {n}" for game, n in sorted(counts.items())) or "none"


def _progress(length: int, label: str, *, shown: bool = True) -> ProgressBar[int]:
    """A progress bar on stderr (click's, drawn on a terminal only); ``shown=False``: none,
    as when the data itself goes to stdout, or comes from stdin, on a pipe of commands."""
    return click.progressbar(
        length=length,
        label=label.ljust(20),
        file=sys.stderr if shown else io.StringIO(),
        show_pos=True,
    )


def _output(path: str) -> AbstractContextManager[IO[str]]:
    """Where an export goes: a new private file (:func:`_private_file`), or stdout (``-``)."""
    if path == "-":
        return click.open_file("-", "w", encoding="utf-8")
    return _private_file(path)


@contextmanager
def _private_file(path: str) -> Iterator[IO[str]]:
    """A new text file at ``path``, readable by its owner only (a backup holds every hidden
    card and every seed), written beside it and moved into place once complete: a failed
    export leaves no half file behind, and an older backup there stays until then."""
    import os
    import tempfile

    folder = os.path.dirname(os.path.abspath(path))
    try:
        fd, temporary = tempfile.mkstemp(prefix=".wordsvc-export-", dir=folder)  # mode 0600
    except OSError as error:
        raise click.FileError(path, hint=error.strerror) from None
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as stream:
            yield stream
            stream.flush()
            os.fsync(stream.fileno())
        os.replace(temporary, path)
    except BaseException:
        os.unlink(temporary)
        raise


@db.command("export")
@click.option(
    "--output",
    "-o",
    default="-",
    show_default=True,
    type=click.Path(dir_okay=False, allow_dash=True),
    help="The file to write (- for standard output); it is readable by its owner only.",
)
@click.option("--game", help="Only the sessions of this game.")
@click.option(
    "--status", type=click.Choice(["active", "over"]), help="Only the sessions in play, or over."
)
@click.pass_obj
@handle_errors
def db_export(settings: Settings, output: str, game: str | None, status: Status | None) -> None:
    """Write every session, whole, as one JSON line each (docs/sessions.md, "Backups"):
    its options, seed, seats (token hashes, never tokens), log, idempotency keys and cached
    state, read from one snapshot of the database while the service goes on."""
    from wordsvc.sessions.backup import snapshot
    from wordsvc.wire.backup import SessionLine

    engine = _current_engine(settings)
    written: dict[str, int] = {}
    to_file = output != "-"
    with snapshot(engine) as snap:
        total = sum(snap.counts(game, status).values())
        with (
            _output(output) as stream,
            _progress(total, "Exporting sessions", shown=to_file) as bar,
        ):
            for record in snap.sessions(game, status):
                line = SessionLine.model_validate(record, from_attributes=True)
                stream.write(line.model_dump_json() + "\n")
                written[record.game] = written.get(record.game, 0) + 1
                bar.update(1)
    where = click.format_filename(output) if to_file else "standard output"
    click.echo(
        f"Exported {_sessions(sum(written.values()))} ({_per_game(written)}) "
        f"from {_safe(engine.url)} to {where}.",
        err=True,
    )


@db.command("import")
@click.argument("source", metavar="FILE", type=click.Path(dir_okay=False, allow_dash=True))
@click.option(
    "--replace",
    "replace_existing",
    is_flag=True,
    help="A session the database holds already is replaced by the file's.",
)
@click.option(
    "--skip-existing",
    is_flag=True,
    help="A session the database holds already is left as it is.",
)
@click.pass_obj
@handle_errors
def db_import(settings: Settings, source: str, replace_existing: bool, skip_existing: bool) -> None:
    """Read sessions written by `wordsvc db export` from FILE (- for standard input) into
    the database, migrated first. A session whose id is there already is refused, unless
    --replace or --skip-existing says otherwise. Stops at the first line it refuses, naming
    it: the sessions before it are imported, none from it on."""
    import os

    from wordsvc.games.registry import GAMES
    from wordsvc.sessions.backup import Existing, restore
    from wordsvc.sessions.database import make_engine, upgrade
    from wordsvc.sessions.errors import BackupRefused

    if replace_existing and skip_existing:
        raise click.UsageError("Give --replace or --skip-existing, not both.")
    existing: Existing = "replace" if replace_existing else "skip" if skip_existing else "refuse"
    engine = make_engine(settings.sessions_url)
    upgrade(engine)
    from_file = source != "-"
    try:
        with click.open_file(source, "rb") as stream:
            size = os.fstat(stream.fileno()).st_size if from_file else 0
            with _progress(size, "Importing sessions", shown=from_file) as bar:
                bots = {name: entry.known_bots() for name, entry in GAMES.items()}
                records = _backup_records(stream, bar.update)
                engines = _Engines(settings)
                restored = restore(engine, records, GAMES, existing, bots, engines.of)
    except BackupRefused as refused:
        click.secho(f"Error [{refused.code}]: {refused.message}", err=True, fg="red")
        before = refused.details.get("imported")
        hint = f"Imported before it: {_sessions(before if isinstance(before, int) else 0)}"
        if refused.code == "session_exists":
            hint += "; --replace writes the file's over it, --skip-existing keeps it"
        click.echo(f"  {hint}.", err=True)
        sys.exit(EXIT_ERROR)
    replaced = f", {restored.replaced} in place of stored ones" if restored.replaced else ""
    skipped = f"; {restored.skipped} skipped, already there" if restored.skipped else ""
    click.echo(
        f"Imported {_sessions(restored.total)} ({_per_game(restored.imported)}{replaced}) "
        f"into {_safe(engine.url)}{skipped}."
    )


def _backup_records(
    stream: IO[bytes], advance: Callable[[int], None]
) -> Iterator[tuple[int, SessionBackup]]:
    """The sessions of a backup's lines, each with its line number; a line that cannot be
    read stops them (:class:`BackupRefused`). Blank lines are passed over."""
    from pydantic import ValidationError

    from wordsvc.sessions.backup import FORMAT
    from wordsvc.sessions.errors import BackupRefused
    from wordsvc.wire.backup import SessionLine

    for number, raw in enumerate(stream, 1):
        advance(len(raw))
        if not raw.strip():
            continue
        try:
            value = json.loads(raw)
        except ValueError as error:  # not UTF-8, or not JSON
            raise BackupRefused(
                "invalid_backup_line", f"not a line of JSON ({error}).", number
            ) from None
        except RecursionError:  # nested thousands deep: refused, never a traceback
            raise BackupRefused(
                "invalid_backup_line", "a line of JSON nested too deep to read.", number
            ) from None
        if not isinstance(value, dict):
            raise BackupRefused(
                "invalid_backup_line", "not a JSON object: a backup has one per session.", number
            )
        found = value.get("format")
        if type(found) is not int or found != FORMAT:
            raise BackupRefused(
                "unsupported_backup_format",
                f"format {json.dumps(found)}, where this wordsvc reads format {FORMAT} "
                "(written by wordsvc db export).",
                number,
                {"format": found, "supported": [FORMAT]},
            )
        try:
            line = SessionLine.model_validate(value)
        except ValidationError as error:
            first = error.errors()[0]
            field = ".".join(str(part) for part in first["loc"])
            raise BackupRefused(
                "invalid_backup_line",
                f"{field or 'the line'}: {first['msg']}.",
                number,
                {"field": field},
            ) from None
        yield number, line.record()


@db.command("verify")
@click.option("--game", help="Only the sessions of this game.")
@click.option(
    "--status", type=click.Choice(["active", "over"]), help="Only the sessions in play, or over."
)
@click.pass_obj
@handle_errors
def db_verify(settings: Settings, game: str | None, status: Status | None) -> None:
    """Replay every session's log through its game's engine and compare the result with the
    cached state. Lists each session that differs; exit status 1 when any does, 0 when none
    does."""
    from wordsvc.games.registry import GAMES
    from wordsvc.sessions.backup import snapshot, verify

    engine = _current_engine(settings)
    differing = []
    with snapshot(engine) as snap:
        counts = snap.counts(game, status)
        # The engines of the games present, made before the bar: the judge (Words of Magic
        # judges words) opens the data directory's lexicon, and builds it if it must.
        hosted = [name for name in counts if name in GAMES]
        judge = _judge(settings) if hosted else None
        engines = {name: GAMES[name].make(judge) for name in hosted if judge is not None}
        with _progress(sum(counts.values()), "Verifying sessions") as bar:
            for checked in verify(snap.sessions(game, status), engines.get):
                bar.update(1)
                if checked.differs:
                    differing.append(checked)
    for checked in differing:
        click.echo(
            f"differs: {checked.id} ({checked.game}, version {checked.version}): {checked.problem}"
        )
    differ = {name: sum(c.game == name for c in differing) for name in counts}
    by_game = ", ".join(f"{name} {differ[name]} of {n}" for name, n in sorted(counts.items()))
    click.echo(
        f"{_sessions(sum(counts.values()))} verified, {len(differing)} differ"
        + (f" ({by_game})" if by_game else "")
        + f": {_safe(engine.url)}"
    )
    sys.exit(EXIT_INVALID if differing else 0)


@main.command()
@click.argument("session")
@click.option(
    "--database",
    "database_url",
    metavar="URL",
    help="The session database. [default: WORDSVC_DATABASE_URL, else SQLite in the data directory]",
)
@click.option("--json", "as_json", is_flag=True, help="Print the review as the API gives it.")
@click.pass_obj
@handle_errors
def review(settings: Settings, session: str, database_url: str | None, as_json: bool) -> None:
    """Review a finished game of SESSION turn by turn (Words of Magic): each play made beside
    the best play the solver finds for the same hand, the common words missed, and each
    seat's accuracy. Made once, then kept with the session (as GET .../review does)."""
    from wordsvc.sessions.service import open_store
    from wordsvc.wire.games import GameReview

    if database_url:
        settings = replace(settings, database_url=database_url)
    store = open_store(settings, _judge(settings))
    reviewed = GameReview.model_validate(store.review(session))
    if as_json:
        _dump_as(GameReview, reviewed.model_dump(mode="json"))
        return
    names = {seat.seat: seat.name for seat in store.summary(session).seats}
    for line in review_lines(reviewed, names):
        click.echo(line)


def review_lines(reviewed: GameReview, names: Mapping[int, str]) -> Iterator[str]:
    """A review as a terminal table: the turns, then each seat's summary."""
    rows = [("seat", "turn", "played", "cards", "best", "cards", "common words missed")]
    for turn in reviewed.turns:
        best = turn.best.word or "pass"
        rows.append(
            (
                names.get(turn.seat, str(turn.seat)),
                str(turn.turn),
                turn.made.word or "pass",
                str(turn.made.shed),
                best if turn.proven else f"{best} (best found)",
                str(turn.best.shed),
                ", ".join(turn.missed),
            )
        )
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    for row in rows:
        yield "  ".join(cell.ljust(width) for cell, width in zip(row, widths, strict=True)).rstrip()
    yield ""
    for seat in reviewed.seats:
        accuracy = "-" if seat.accuracy is None else f"{seat.accuracy:.0%}"
        yield (
            f"{names.get(seat.seat, str(seat.seat))}: accuracy {accuracy} ({seat.shed} of "
            f"{seat.best_shed} cards), longest word {seat.longest_word or '-'}, best turn "
            f"{seat.best_turn or '-'}"
            + (
                f", biggest miss turn {seat.biggest_miss_turn} ({seat.biggest_miss} cards)"
                if seat.biggest_miss_turn
                else ""
            )
        )


@main.command("api-key")
def api_key() -> None:
    """Print a new random API key for a front end: add it to WORDSVC_API_KEYS, then give it
    to the front end, which sends it as X-API-Key."""
    import secrets

    click.echo(secrets.token_urlsafe(32))


#: Where `wordsvc serve` listens without --host: this computer only.
LOCAL_HOST = "127.0.0.1"
#: Where `wordsvc serve --table` listens: every interface, so phones on the network reach it.
TABLE_HOST = "0.0.0.0"


@main.command()
@click.option(
    "--table",
    is_flag=True,
    help=f"Serve a table: listen on the local network ({TABLE_HOST}) and print the addresses "
    "phones can open.",
)
@click.option("--host", default=None, help=f"Listen here instead.  [default: {LOCAL_HOST}]")
@click.option("--port", default=8000, show_default=True, type=click.IntRange(1, 65535))
@click.option("--workers", default=2, show_default=True, type=click.IntRange(1, 64))
@click.option(
    "--worker-class",
    type=click.Choice(["buffered", "gthread", "sync"]),
    default=DefaultOf("wordsvc.server:run_gunicorn", "worker_class"),
    show_default=True,
    help="buffered and gthread hold many live event streams, and buffered gives a thread only "
    "a request that arrived whole, so slow or stalled clients hold none; sync cannot hold a "
    "stream for long.",
)
@click.option(
    "--threads",
    default=DefaultOf("wordsvc.server:run_gunicorn", "threads"),
    show_default=True,
    type=click.IntRange(1, 10_000),
    help="Threads per worker (buffered, gthread): each open event stream holds one.",
)
@click.option(
    "--request-timeout",
    default=DefaultOf("wordsvc.server:run_gunicorn", "request_timeout"),
    show_default=True,
    type=click.FloatRange(0.1, 300),
    help="Seconds a request has to arrive whole (buffered); slower ones are closed.",
)
@click.option(
    "--address-requests",
    default=DefaultOf("wordsvc.server:run_gunicorn", "address_requests"),
    show_default=True,
    type=click.IntRange(0, 10_000),
    help="Requests of one client address a worker answers at once (buffered); more wait "
    "their turn, and other clients do not wait behind them. 0: no share (behind trusted "
    "proxies, none).",
)
@click.option(
    "--public-url",
    default=None,
    help="The address people open the service at, behind a name or a proxy "
    "(https://games.example): seat links and QR codes are built from it. "
    "[default: WORDSVC_PUBLIC_URL]",
)
@click.pass_obj
@handle_errors
def serve(
    settings: Settings,
    table: bool,
    host: str | None,
    port: int,
    workers: int,
    worker_class: str,
    threads: int,
    request_timeout: float,
    address_requests: int,
    public_url: str | None,
) -> None:
    """Serve the HTTP API and the pages with gunicorn, building the lexicon first if needed.
    ``--table``: for phones at the table, on the local network."""
    if table and host is not None:
        raise click.UsageError(
            f"--table listens on every interface ({TABLE_HOST}): give --table or --host, not both."
        )
    from wordsvc.config import checked_public_url

    public_url = public_url or settings.public_url
    if public_url is not None:
        settings = replace(settings, public_url=checked_public_url(public_url))
    host = TABLE_HOST if table else host or LOCAL_HOST
    from wordsvc.network import is_loopback_host

    settings = replace(settings, loopback_only=is_loopback_host(host))  # the pages say so
    ensure_lexicon(settings)
    from wordsvc.server import run_gunicorn
    from wordsvc.sessions.database import make_engine, upgrade

    upgrade(make_engine(settings.sessions_url))  # migrations run once, before the workers

    kind = f"{worker_class} workers" + (f" x {threads} threads" if worker_class != "sync" else "")
    click.echo(f"Serving wordsvc on http://{host}:{port} with {workers} {kind}", err=True)
    for line in _where_to_open(host, port, settings.public_url):
        click.echo(line, err=True)
    click.echo(_limits_line(settings, workers), err=True)
    from wordsvc.stream_slots import PER_ADDRESS

    if 0 < address_requests <= PER_ADDRESS and worker_class == "buffered":
        click.echo(
            f"Note: --address-requests {address_requests} is no more than the event streams "
            f"one address may hold ({PER_ADDRESS}): a client's open streams can keep its other "
            "requests waiting until one of them ends.",
            err=True,
        )
    run_gunicorn(
        host,
        port,
        workers,
        worker_class,
        threads,
        settings,
        request_timeout=request_timeout,
        address_requests=address_requests,
    )


def _limits_line(settings: Settings, workers: int) -> str:
    """What `serve` says about the rate limits (docs/deploy.md#rate-limits)."""
    if not settings.rate_limits:
        return "Rate limits: off (WORDSVC_RATE_LIMITS=off)"
    where = (
        f"counted in Redis ({_safe_redis(settings.redis_url)}, prefix {settings.redis_prefix!r})"
        if settings.redis_url
        else "counted in each worker's memory" + (f" ({workers} workers)" if workers > 1 else "")
    )
    return (
        f"Rate limits: {settings.rate_limit} per client address, {settings.seat_rate_limit}"
        f" per seat token, {where}"
    )


def _safe_redis(url: str) -> str:
    """A Redis URL without its password."""
    from urllib.parse import urlsplit

    parts = urlsplit(url)
    host = parts.hostname or parts.path or "?"
    return f"{parts.scheme}://{host}" + (f":{parts.port}" if parts.port else "")


def _where_to_open(host: str, port: int, public_url: str | None) -> list[str]:
    """What `serve` says about who can open it: the addresses phones can open when it
    listens on every interface, else that only this computer can."""
    from wordsvc.network import is_loopback_host, lan_addresses

    bases = [public_url] if public_url else []
    if host in (TABLE_HOST, "::"):
        bases += [f"http://{address}:{port}" for address in lan_addresses()]
        if not bases:
            return [
                "No address on a local network found: phones cannot reach this computer. "
                "Join the table's Wi-Fi (or share this computer's), then start again; or set "
                "WORDSVC_PUBLIC_URL."
            ]
        lines = ["Phones at the table open (the games, then the arbiter):"]
        for base in bases:
            lines += [f"  {base}/play", f"  {base}/"]
        return lines
    if is_loopback_host(host) and not public_url:
        return ["Only this computer can open it; for phones at the table: wordsvc serve --table"]
    return [f"Open {base}/play" for base in bases]


if __name__ == "__main__":  # pragma: no cover
    main()


def command_table() -> str:
    """Every command and its first help line, as the Markdown table the README shows (its
    ``cog`` block; tests/test_docs.py fails when the two differ)."""
    rows = ["| command | what it does |", "|---|---|"]

    def walk(group: click.Group, prefix: str) -> None:
        for name in sorted(group.commands):
            command = group.commands[name]
            if isinstance(command, click.Group):
                walk(command, f"{prefix}{name} ")
            else:
                first = (command.help or "").split("\n\n")[0]
                rows.append(f"| `wordsvc {prefix}{name}` | {' '.join(first.split())} |")

    walk(main, "")
    return "\n".join(rows) + "\n"
