"""Mutation testing of the rules and the scoring (mutmut): which small changes to the code
do the tests not notice? Run by hand through ``scripts/mutate``, never in CI.

Each run works on a copy of the checkout (mutmut writes a ``mutants/`` tree beside the code
it mutates), runs mutmut on the chosen modules with the tests that cover them, and writes
each module's counts and surviving mutants into its section of the report
(``docs/mutation.md``), between markers: other modules' sections and the notes around them
are kept.

    scripts/mutate                                   # the default scope, below
    scripts/mutate --module wordsvc/solver/scoring.py --module wordsvc/games/lost_words/moves.py
    scripts/mutate --module wordsvc/rules --tests tests/rules --jobs 1

The tests of a module default to the fast ones that exercise it (:data:`TESTS`): mutmut runs
only the tests that reach the mutated function, but a surviving mutant runs them all, so the
playouts and the lexicon's oracle tests would make each survivor cost minutes.
"""

from __future__ import annotations

import argparse
import collections
import datetime
import importlib.metadata
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
REPORT = ROOT / "docs" / "mutation.md"
#: What encloses a module's section of the report, which each run replaces.
MARKERS = ("<!-- scripts/mutate: {} -->", "<!-- scripts/mutate: end of {} -->")
#: What a run mutates unless told otherwise: the rules and the scoring.
DEFAULT_MODULES = ("wordsvc/solver/scoring.py", "wordsvc/rules", "wordsvc/games/*/moves.py")
#: The tests run against the mutants of each module, by path prefix (first match wins).
#: ``{game}`` is the game package the module is in.
TESTS = (
    ("wordsvc/solver/scoring.py", ("tests/solver/test_scoring.py",)),
    (
        "wordsvc/rules/words_of_magic/",
        (
            "tests/rules/test_words_of_magic.py",
            "tests/solver/test_scoring.py",
            "tests/games/words_of_magic/test_engine.py",
        ),
    ),
    ("wordsvc/games/", ("tests/games/{game}/test_engine.py",)),
)
#: The pytest options of every mutant's run: a fixed Hypothesis seed, so that a mutant is
#: killed or not the same way on every run, and no shrinking (tests/conftest.py); no xdist
#: (mutmut runs pytest in its process).
PYTEST_ARGS = (
    "-p", "no:cacheprovider", "-p", "no:xdist", "-x", "-q",
    "--hypothesis-seed=0", "--hypothesis-profile=mutate",
)  # fmt: skip
#: mutmut's statuses, in the order the report lists them.
STATUSES = ("killed", "survived", "no tests", "timeout", "suspicious", "skipped")


def modules_in(patterns: list[str]) -> list[str]:
    """The Python files the patterns name (a file, a folder, or a glob), as repo paths."""
    found: list[str] = []
    for pattern in patterns:
        paths = sorted(ROOT.glob(pattern)) if any(c in pattern for c in "*?[") else [ROOT / pattern]
        for path in paths:
            files = sorted(path.rglob("*.py")) if path.is_dir() else [path]
            if not files or not all(f.is_file() for f in files):
                raise SystemExit(f"no Python module at {pattern}")
            found += [str(f.relative_to(ROOT)) for f in files if f.name != "__init__.py"]
    return list(dict.fromkeys(found))


def tests_for(module: str) -> list[str]:
    for prefix, tests in TESTS:
        if module.startswith(prefix):
            game = module.split("/")[2] if module.startswith("wordsvc/games/") else ""
            return [t.format(game=game) for t in tests]
    raise SystemExit(f"no tests are known for {module}: name them with --tests")


def copy_checkout(work: Path) -> None:
    """The checkout's files as git sees them (tracked, and new ones not ignored)."""
    listed = subprocess.run(
        ["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
        cwd=ROOT,
        check=True,
        capture_output=True,
    ).stdout.decode()
    for name in filter(None, listed.split("\0")):
        source = ROOT / name
        if source.is_file():
            target = work / name
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, target)


def configure(work: Path, modules: list[str], tests: list[str]) -> None:
    """mutmut's settings, appended to the copy's pyproject.toml."""

    def array(items: list[str] | tuple[str, ...]) -> str:
        return "[" + ", ".join(f'"{item}"' for item in items) + "]"

    top = sorted({p.name for p in work.iterdir()} - {"wordsvc", "tests", "pyproject.toml"})
    with (work / "pyproject.toml").open("a", encoding="utf-8") as pyproject:
        pyproject.write(
            "\n[tool.mutmut]\n"
            'source_paths = ["wordsvc"]\n'
            f"only_mutate = {array(modules)}\n"
            f"also_copy = {array(top)}\n"
            f"pytest_add_cli_args_test_selection = {array(tests)}\n"
            f"pytest_add_cli_args = {array(PYTEST_ARGS)}\n"
        )


def mutmut(work: Path, *args: str, capture: bool = True) -> str:
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}  # the copy, not the tree
    command = [sys.executable, "-m", "mutmut", *args]
    done = subprocess.run(command, cwd=work, env=env, check=True, capture_output=capture)
    return done.stdout.decode() if capture else ""


def results(work: Path) -> dict[str, str]:
    """Every mutant's status, by name (``wordsvc.solver.scoring.xǁEvaluatorǁbound__mutmut_3``)."""
    found = {}
    for line in mutmut(work, "results", "--all", "true").splitlines():
        name, _, status = line.strip().rpartition(": ")
        if name:
            found[name] = status
    return found


def module_of(name: str, modules: list[str]) -> str:
    dotted = name.split(".x\u01c1")[0].split("__mutmut_")[0]
    for module in modules:
        if dotted.startswith(module.removesuffix(".py").replace("/", ".")):
            return module
    return "?"


def function_of(name: str) -> str:
    """``Evaluator.bound`` for ``...scoring.xǁEvaluatorǁbound__mutmut_3``."""
    tail = re.sub(r"__mutmut_\d+$", "", name.rpartition(".")[2])
    return tail.removeprefix("x\u01c1").replace("\u01c1", ".").removeprefix("x_")


def change(work: Path, name: str) -> list[str]:
    """The lines a mutant changes, as ``-`` and ``+`` lines of its diff."""
    diff = mutmut(work, "show", name).splitlines()
    return [line for line in diff if line[:1] in "-+" and line[:3] not in ("---", "+++")]


def report(
    work: Path, modules: list[str], tests: list[str], statuses: dict[str, str]
) -> dict[str, str]:
    """The report's section of each module: when and against which tests it ran, the
    count of each status, and every mutant not killed, by function."""
    by_module: dict[str, dict[str, str]] = {module: {} for module in modules}
    for name, status in statuses.items():
        by_module.setdefault(module_of(name, modules), {})[name] = status
    version = importlib.metadata.version("mutmut")
    sections = {}
    for module, found in by_module.items():
        counts = collections.Counter(found.values())
        lines = [
            f"### `{module}`",
            "",
            f"Run of {datetime.date.today().isoformat()} (mutmut {version}) against "
            + ", ".join(f"`{t}`" for t in tests)
            + ".",
            "",
            "| mutants | " + " | ".join(STATUSES) + " |",
            "|---:|" + "---:|" * len(STATUSES),
            f"| {len(found)} | " + " | ".join(str(counts[s]) for s in STATUSES) + " |",
        ]
        survivors = [n for n, s in found.items() if s not in ("killed", "skipped")]
        if survivors:
            lines += ["", "<details>", f"<summary>The {len(survivors)} not killed</summary>", ""]
            by_function: dict[str, list[str]] = collections.defaultdict(list)
            for name in survivors:
                by_function[function_of(name)].append(name)
            for function, group in by_function.items():
                lines.append(f"- `{function}`, {len(group)}:")
                for name in group:
                    number = name.rpartition("__mutmut_")[2]
                    lines.append(f"  - #{number} {found[name]}: {one_line(change(work, name))}")
            lines += ["", "</details>"]
        sections[module] = "\n".join(lines) + "\n"
    return sections


def one_line(diff: list[str]) -> str:
    """A mutant's change as ``old`` → ``new``, each its lines joined."""

    def joined(sign: str) -> str:
        code = " ".join(line[1:].strip() for line in diff if line.startswith(sign))
        return "`" + code.replace("`", "'") + "`" if code else "(nothing)"

    return f"{joined('-')} → {joined('+')}"


def write_report(path: Path, sections: dict[str, str]) -> None:
    """Each module's section between its markers in ``path``, replacing the one of an
    earlier run, or added at the end; the rest of the file is kept."""
    text = path.read_text("utf-8") if path.exists() else "# Mutation testing\n"
    for module, body in sections.items():
        begin, end = MARKERS[0].format(module), MARKERS[1].format(module)
        if begin in text and end in text:
            head, _, rest = text.partition(begin)
            text = head + begin + "\n" + body + end + rest.partition(end)[2]
        else:
            text = text.rstrip() + f"\n\n{begin}\n{body}{end}\n"
    path.write_text(text, "utf-8")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--module",
        action="append",
        help="a module, folder or glob to mutate (repeatable; default: "
        + ", ".join(DEFAULT_MODULES)
        + ")",
    )
    parser.add_argument(
        "--tests", action="append", help="the tests to run (repeatable; default: per module)"
    )
    parser.add_argument(
        "--jobs", type=int, default=os.cpu_count() or 1, help="mutants tested at once"
    )
    parser.add_argument("--report", type=Path, default=REPORT, help="the report to update")
    parser.add_argument("--work", type=Path, help="work here and keep it (default: a temp dir)")
    args = parser.parse_args()
    modules = modules_in(args.module or list(DEFAULT_MODULES))
    tests = args.tests or list(dict.fromkeys(t for m in modules for t in tests_for(m)))
    work = args.work or Path(tempfile.mkdtemp(prefix="wordsvc-mutate-"))
    try:
        copy_checkout(work)
        configure(work, modules, tests)
        print(f"mutating {len(modules)} modules in {work}, against {' '.join(tests)}", flush=True)
        mutmut(work, "run", "--max-children", str(args.jobs), capture=False)
        statuses = results(work)
        write_report(args.report, report(work, modules, tests, statuses))
        print(collections.Counter(statuses.values()), "→", args.report)
    finally:
        if args.work is None:
            shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
