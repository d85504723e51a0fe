"""Run mutation testing over core modules and record the results.

    python -m tests.mutation.run kernels/math_kernels.py   # one module, or several
    python -m tests.mutation.run --changed origin/main     # core modules changed since a revision
    python -m tests.mutation.run --all --jobs 2            # the whole core: hours
    python -m tests.mutation.run --report                  # rewrite RESULTS.md only
    python -m tests.mutation.run --from-cache MODULE       # record a run that was cut short
    python -m tests.mutation.run --survivors MODULE        # rerun from the record (retry.py)

Each module is mutated in its own scratch copy of the working tree (under the temporary
directory), never in the repository, and keeps its mutmut cache there: a rerun after new tests
tries only the mutants that survived; without that cache, `--survivors` does the same from the
module's record and git. Needs the `mutation` extra
(`pip install -e ".[mutation]"`).
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import shlex
import shutil
import signal
import sqlite3
import subprocess
import sys
import tempfile
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Iterator

from tests.mutation import config, results, retry, runner

SCRATCH = Path(tempfile.gettempdir()) / "autograph-mutation"


def _scratch(module: str) -> Path:
    return SCRATCH / module.replace("/", ".")


def scratch_copy(module: str) -> Path:
    """A copy of the working tree for `module`'s mutants, keeping its earlier mutmut cache."""
    where = _scratch(module)
    where.mkdir(parents=True, exist_ok=True)
    for entry in where.iterdir():
        if entry.name != ".mutmut-cache":
            shutil.rmtree(entry) if entry.is_dir() else entry.unlink()
    if (where / ".mutmut-cache").exists():
        # Without a cached baseline time mutmut runs the tests unmutated again, which records
        # the coverage pytest-testmon selects tests by, for this copy of the code.
        try:
            with sqlite3.connect(where / ".mutmut-cache") as cache:
                cache.execute("DELETE FROM MiscData WHERE key = 'baseline_time_elapsed'")
        except sqlite3.DatabaseError:  # not a cache mutmut wrote: start afresh
            (where / ".mutmut-cache").unlink()
    listed = subprocess.run(
        ["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
        cwd=config.ROOT, check=True, capture_output=True, text=True,
    ).stdout.split("\0")
    for name in filter(None, listed):
        source = config.ROOT / name
        if source.is_file():
            (where / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, where / name)
    return where


def mutate_module(module: str) -> dict:
    """Run mutmut over `module` against its tests; return its results record."""
    from mutmut import Context, list_mutations  # a clear error here, before copying anything

    tests = [*config.tests_for(module), module]  # the module's own doctests too
    source = (config.ROOT / module).read_text()
    if not list_mutations(Context(source=source, filename=module, dict_synonyms=[])):
        record = {"module": module, "mutants": 0, "killed": 0, "timeout": 0, "untested": 0,
                  "survivors": [], "tests": tests, "seconds": 0, "commit": _head()}
        results.save(record)
        return record
    if _stopping.is_set():
        raise RuntimeError(f"not started: {module} (the run was stopped)")
    where = scratch_copy(module)
    (where / ".mutation-commit").write_text(_head() + "\n")
    (where / ".mutation-original.json").write_text(json.dumps({"module": module,
                                                                "source": source}))
    # pytest-testmon runs only the tests whose recorded coverage reaches the mutated code: on
    # math_kernels, 3.7 s a mutant against about 22 s. See runner.py for exit statuses.
    runner = shlex.join([sys.executable, "-m", "tests.mutation.runner", "--testmon", *tests])
    stale_bytecode = Path(module).parent / "__pycache__" / (Path(module).stem + ".*.pyc")
    command = [
        sys.executable, "-m", "mutmut", "run", "--paths-to-mutate", module, "--tests-dir", "tests/",
        "--runner", runner, "--pre-mutation", f"rm -f {stale_bytecode}",
        "--no-progress", "--simple-output", "--CI",
    ]
    env = dict(os.environ, PYTHONPATH=str(where))  # the copy's packages, not an installed tree
    explained = _keep_explained(where / ".mutmut-cache", where, module)
    started = time.monotonic()
    with _warm_process(where, tests, env):
        returncode, output = _mutmut(command, where, env)
        if returncode != 0:
            raise RuntimeError(f"mutmut failed on {module} (exit {returncode}); its tests "
                               f"must pass unmutated first:\n{output[-3000:]}")
        # mutmut 2 looks cached statuses up by a line's text, so a mutant on a line whose
        # text occurs earlier in the file (`return False`) takes that line's status and may
        # never run: run each mutant not known killed by its id, which finds it by line
        # number too (one already tested against these tests is skipped in about a second).
        for mutant_id in _not_killed(where / ".mutmut-cache", module, source):
            if mutant_id not in explained:
                _mutmut([*command[:4], str(mutant_id), *command[4:]], where, env)
    seconds = round(time.monotonic() - started)
    record = results.read_cache(where / ".mutmut-cache", where, module)
    record.update(tests=tests, seconds=seconds, commit=_head())
    results.save(record)
    return record


def _record_from_cache(module: str) -> dict:
    """The record of a run cut short, read against the source its scratch copy mutated: a
    stopped mutmut may leave a mutant written, with the original beside it (`.bak`), and the
    repository may have moved on since the copy was made. Its commit is the one the copy
    was made at (the last commit with that source, for copies made before that was kept)."""
    where = _scratch(module)
    original = where / (module + ".bak")
    if original.exists():
        shutil.copy2(original, where / module)
        original.unlink()
    source = (where / module).read_text()
    record = results.read_cache(where / ".mutmut-cache", where, module)
    made_at = where / ".mutation-commit"
    commit = made_at.read_text().strip() if made_at.exists() else _commit_with(module, source)
    record.update(tests=[*config.tests_for(module), module], commit=commit)
    return record


def _commit_with(module: str, source: str) -> str:
    blob = subprocess.run(["git", "hash-object", "--stdin"], input=source, cwd=config.ROOT,
                          check=True, capture_output=True, text=True).stdout.strip()
    for commit in subprocess.run(["git", "log", "--format=%h", "--", module], cwd=config.ROOT,
                                 check=True, capture_output=True, text=True).stdout.split():
        found = subprocess.run(["git", "rev-parse", f"{commit}:{module}"], cwd=config.ROOT,
                               capture_output=True, text=True).stdout.strip()
        if found == blob:
            return commit
    raise RuntimeError(f"{module}: its scratch copy's source is in no commit; run it in full")


def _retry_survivors(module: str) -> dict:
    if _stopping.is_set():
        raise RuntimeError(f"not started: {module} (the run was stopped)")
    return retry.retry(module, scratch_copy(module), _head())


@contextlib.contextmanager
def _warm_process(where: Path, tests: list[str], env: dict) -> Iterator[None]:
    """The warm process of `warm.py` for this copy, while mutmut runs; without it (it did not
    start in time) every mutant runs in fresh processes, as it would anyway in the end."""
    address = where / runner.WARM
    with open(where / ".mutation-warm.log", "w") as log:
        process = subprocess.Popen([sys.executable, "-m", "tests.mutation.warm", str(address),
                                    *tests], cwd=where, env=env, stdout=log,
                                   stderr=subprocess.STDOUT, start_new_session=True)
    _running.add(process)
    try:
        deadline = time.monotonic() + WARM_START
        while not address.exists() and process.poll() is None and time.monotonic() < deadline:
            time.sleep(0.2)
        if not address.exists():
            print(f"mutation: no warm process for {where.name}; see "
                  f"{where / '.mutation-warm.log'}", file=sys.stderr, flush=True)
            _stop(process)
        yield
    finally:
        _running.discard(process)
        _stop(process)
        process.wait()
        address.unlink(missing_ok=True)


WARM_START = 300  # seconds a warm process may take to import and collect the tests


def _mutmut(command: list[str], where: Path, env: dict) -> tuple[int, str]:
    # Its own process group: mutmut tests mutants in a child process, which must stop with it.
    run = subprocess.Popen(command, cwd=where, env=env, stdout=subprocess.PIPE,
                           stderr=subprocess.STDOUT, text=True, start_new_session=True)
    _running.add(run)
    try:
        output, _ = run.communicate()
    finally:
        _running.discard(run)
        _stop(run)
    return run.returncode, output


def _keep_explained(cache: Path, tree: Path, module: str) -> set[int]:
    """Marks `module`'s survivors that equivalent.toml explains as tested against the tests of
    `tree`, so that a rerun after new tests does not try them again (each takes a full run of
    the tests reaching it, 20 s to a minute); returns their cache ids. A survivor whose line
    changed no longer matches its explanation, and is tried."""
    if not cache.exists():
        return set()
    from mutmut import Context, list_mutations, mutate
    from mutmut.cache import hash_of_tests

    explained = {(original, mutant) for name, original, mutant in results.explanations()
                 if name == module}
    source = (tree / module).read_text()
    query = ('SELECT Mutant.id FROM Mutant JOIN Line ON Mutant.line = Line.id JOIN SourceFile '
             "ON Line.sourcefile = SourceFile.id WHERE SourceFile.filename = ? AND Line.line = ? "
             'AND Line.line_number = ? AND Mutant."index" = ? AND Mutant.status = \'bad_survived\'')
    ids = set()
    with contextlib.closing(sqlite3.connect(cache)) as db:
        for mutation in list_mutations(Context(source=source, filename=module, dict_synonyms=[])):
            mutated, _ = mutate(Context(source=source, filename=module, dict_synonyms=[],
                                        mutation_id=mutation))
            change = results.change(source, mutated, mutation.line_number)
            if (change["original"], change["mutant"]) in explained:
                ids.update(pk for (pk,) in db.execute(query, (
                    module, mutation.line, mutation.line_number, mutation.index)))
        current = hash_of_tests([str(tree / "tests")])
        db.executemany("UPDATE Mutant SET tested_against_hash = ? WHERE id = ?",
                       [(current, pk) for pk in ids])
        db.commit()
    return ids


def _not_killed(cache: Path, module: str, source: str) -> list[int]:
    """The cache ids of `module`'s current mutants not recorded as killed."""
    from mutmut import Context, list_mutations

    current = {(m.line, m.line_number, m.index)
               for m in list_mutations(Context(source=source, filename=module, dict_synonyms=[]))}
    query = ('SELECT Mutant.id, Line.line, Line.line_number, Mutant."index" FROM Mutant '
             "JOIN Line ON Mutant.line = Line.id JOIN SourceFile ON Line.sourcefile = "
             "SourceFile.id WHERE SourceFile.filename = ? AND Mutant.status != 'ok_killed'")
    with contextlib.closing(sqlite3.connect(f"file:{cache}?mode=ro", uri=True)) as db:
        return [pk for pk, *key in db.execute(query, (module,)) if tuple(key) in current]


_running: set[subprocess.Popen] = set()
_stopping = threading.Event()  # set by SIGTERM or SIGINT: modules still queued do not start


def _stop(run: subprocess.Popen) -> None:
    with contextlib.suppress(ProcessLookupError):
        os.killpg(run.pid, signal.SIGTERM)


def _stop_all(signum: int, frame: object) -> None:
    _stopping.set()
    retry.stopping.set()
    for run in [*_running, *retry.running]:
        _stop(run)
    sys.exit(128 + signum)


def _head() -> str:
    return subprocess.run(
        ["git", "rev-parse", "--short", "HEAD"], cwd=config.ROOT, check=True,
        capture_output=True, text=True,
    ).stdout.strip()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.mutation.run", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("modules", nargs="*", help="core modules, as paths from the repo's root")
    parser.add_argument("--changed", metavar="REV", help="the core modules changed since REV")
    parser.add_argument("--all", action="store_true", help="every core module (hours)")
    parser.add_argument("--jobs", type=int, default=1, help="modules mutated at once")
    parser.add_argument("--report", action="store_true", help="only rewrite RESULTS.md")
    parser.add_argument("--from-cache", action="store_true",
                        help="record what the named modules' scratch caches hold, without "
                             "running mutmut (after a run was cut short)")
    parser.add_argument("--survivors", action="store_true",
                        help="rerun the named modules from their records, without mutmut's "
                             "cache: their survivors and the mutants of lines changed since")
    args = parser.parse_args(argv)
    modules = list(args.modules)
    if args.changed:
        modules += config.changed_modules(args.changed)
    if args.all:
        modules += config.core_modules()
    unknown = [m for m in modules if m not in config.core_modules()]
    if unknown:
        parser.error(f"not a core module: {', '.join(unknown)} (see [tool.autograph.mutation])")
    if not modules and not args.report:
        parser.error("name modules, or give --changed REV, --all or --report")
    if args.from_cache:
        for module in dict.fromkeys(modules):
            record = _record_from_cache(module)
            results.save(record)
            print(results.summary_line(record))
        results.write_report()
        return 0
    signal.signal(signal.SIGTERM, _stop_all)
    signal.signal(signal.SIGINT, _stop_all)
    failed = []
    work = _retry_survivors if args.survivors else mutate_module
    with ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        runs = {module: pool.submit(work, module) for module in dict.fromkeys(modules)}
        for module, run in runs.items():
            try:
                print(results.summary_line(run.result()), flush=True)
            except RuntimeError as error:
                failed.append(module)
                print(error, file=sys.stderr, flush=True)
    results.write_report()
    if failed:
        print(f"not mutated: {', '.join(failed)}", file=sys.stderr)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
