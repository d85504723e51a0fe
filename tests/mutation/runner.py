"""The test command mutmut runs against each mutant: `python -m tests.mutation.runner TESTS...`.

It runs pytest on TESTS under pytest-testmon, which selects the tests whose recorded coverage
reaches the changed code, and answers mutmut in the exit status it reads: 0 when the tests pass
(the mutant survives), 1 when they fail. A failure to import is a failure (pytest exits with 2 to
4), and so is a hang. testmon's selection is a fast way to a kill, not a proof of survival: a
mutant the selected tests pass (or for which none is selected) runs all of the module's tests,
and survives only if they pass. A mutant of code that runs at import (outside function bodies),
which testmon cannot trace to tests, runs them all at once. A mutant that changes only
annotations survives without running anything (`annotations.py`). Before all of that, when
run.py has started a warm process for the module (`warm.py`), a mutant of function bodies is
tried there first, and a test failing there kills it at once.

The first run in a copy is mutmut's baseline on the code as it is; its time is kept in
`.mutation-baseline`, and each later run may take three times as long plus half a minute before
it counts as a hang. (mutmut's own limit is read only when the tests print, so a silent hang
would wait forever.)
"""

from __future__ import annotations

import contextlib
import json
import os
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

from tests.mutation import config, warm
from tests.mutation.annotations import only_annotations_differ

BASELINE = Path(".mutation-baseline")
TESTMON = Path(".testmondata")
ORIGINAL = Path(".mutation-original.json")  # the mutated module's path and source, from run.py
WARM = Path(".mutation-warm.sock")  # the warm process run.py starts (warm.py)
WARM_LIMIT = 5.0  # seconds the warm process may look for a killing test (most take under 2)


def main(args: list[str]) -> int:
    # mutmut keeps testmon's data between mutants only when its runner command says --testmon.
    tests = [arg for arg in args if arg != "--testmon"]
    if _annotations_only():
        print("mutation runner: only annotations changed, which are never evaluated")
        return 0
    # --ff: the tests that killed the last mutants first (neighbouring mutants tend to fall to
    # the same test), which with -x stops a killed mutant's run early. The scratch copy may
    # keep pytest's cache, which the project's addopts turn off.
    baseline = not BASELINE.exists()
    command = [sys.executable, "-m", "pytest", "-o", f"addopts={addopts_with_cache()}", "-x",
               "-q", "--ff", "--testmon", "--no-header", *tests]
    if not baseline and _changed_at_import():
        # testmon knows which tests ran a function's body, but not which ones depend on code
        # that ran when a module was imported (a decorator, a class attribute, a default).
        command.remove("--testmon")
    if not baseline:
        # mutmut has just copied the baseline's data back over TESTMON; the last mutant's
        # write-ahead log would be replayed onto it.
        for name in (".testmondata-wal", ".testmondata-shm"):
            Path(name).unlink(missing_ok=True)
    limit = None if baseline else 3 * float(BASELINE.read_text()) + 30
    if not baseline and WARM.exists():
        answer = warm.ask(str(WARM), WARM_LIMIT)
        if answer["status"] == "killed":
            print(f"mutation runner: killed by {answer['test']} in the warm process "
                  f"({answer['seconds']} s)", flush=True)
            return 1
    started = time.monotonic()
    try:
        status = _run(command, limit)
        if status in (0, 5) and not baseline and "--testmon" in command:
            # testmon's selection finds kills fast, but it can miss a test that would fail:
            # coverage is recorded per test, so a test that reuses what an earlier test
            # traced or cached is not known to depend on that code. A survivor is only
            # one that every test of the module passes.
            command.remove("--testmon")
            status = _run(command, limit)
    except subprocess.TimeoutExpired:
        print(f"mutation runner: no result in {limit:.0f} s, counted as a hang", flush=True)
        return 1
    if baseline and status in (0, 5):
        BASELINE.write_text(f"{time.monotonic() - started:.1f}\n")
        # mutmut copies TESTMON alone to keep the baseline's data: move the log into it first.
        with contextlib.closing(sqlite3.connect(TESTMON)) as db:
            db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    return 0 if status in (0, 5) else 1


def _run(command: list[str], limit: float | None) -> int:
    """Runs `command` in a process group of its own; past `limit` seconds, kills the group
    (pytest and any process a test started, which would otherwise slow every later mutant)
    and raises TimeoutExpired."""
    process = subprocess.Popen(command, start_new_session=True)
    try:
        return process.wait(timeout=limit)
    except BaseException:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGKILL)
        process.wait()
        raise


def addopts_with_cache() -> str:
    with open(config.ROOT / "pyproject.toml", "rb") as file:
        addopts = config.tomllib.load(file)["tool"]["pytest"]["ini_options"]["addopts"]
    return addopts.replace("-p no:cacheprovider", "").strip()


def _changed_at_import() -> bool:
    """Whether the mutant changes code that runs when its module is imported: anything
    outside the bodies of functions and lambdas (see `warm.changed_functions`)."""
    if not ORIGINAL.exists():  # not started by run.py: testmon alone decides
        return False
    original = json.loads(ORIGINAL.read_text())
    try:
        warm.changed_functions(original["module"], original["source"],
                               Path(original["module"]).read_text())
    except warm.Ineligible:
        return True
    return False


def _annotations_only() -> bool:
    if not ORIGINAL.exists():
        return False
    original = json.loads(ORIGINAL.read_text())
    mutated = Path(original["module"]).read_text()
    return only_annotations_differ(original["source"], mutated)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
