"""Retry a module's recorded survivors against today's tests, without mutmut's cache.

A rerun in the same scratch copy tries only the survivors, because mutmut keeps their
statuses in its cache there. On a machine without that cache (a fresh clone, a cleaned
temporary directory) a full rerun would try every mutant again, most of them killed long ago:
for `runtime/gradients/jacobians.py`, 65 mutants and 2135 s. This module rebuilds only the
recorded survivors with mutmut's own mutation (so each is the very mutant recorded), writes
each in turn into a scratch copy, and runs the module's tests against it; a test failing, or
no result in three times the unmutated run plus half a minute, kills it.

It is exact only while the module is as it was when its record was made: a changed module has
new mutants nobody tried, and is refused (run it in full). Survivors that `equivalent.toml`
explains are not retried, as in a full rerun.

    python -m tests.mutation.run --survivors runtime/gradients/jacobians.py
"""

from __future__ import annotations

import contextlib
import json
import os
import signal
import subprocess
import sys
import time
from datetime import date
from pathlib import Path

from tests.mutation import config, results

running: set[subprocess.Popen] = set()


class ModuleChanged(RuntimeError):
    """The module differs from the commit its record was made at."""


def changed_since(module: str, commit: str) -> bool:
    """Whether `module` in the working tree differs from `module` at `commit`."""
    return subprocess.run(["git", "diff", "--quiet", commit, "--", module],
                          cwd=config.ROOT).returncode != 0


def survivors_to_retry(record: dict, source: str) -> list[tuple[dict, str]]:
    """(recorded survivor, mutated source) for each unexplained survivor of `record`."""
    from mutmut import Context, list_mutations, mutate

    module = record["module"]
    explained = {(o, m) for name, o, m in results.explanations() if name == module}
    wanted = {(s["line"], s["original"], s["mutant"]): s for s in record["survivors"]
              if (s["original"], s["mutant"]) not in explained}
    found = []
    for mutation in list_mutations(Context(source=source, filename=module, dict_synonyms=[])):
        mutated, _ = mutate(Context(source=source, filename=module, dict_synonyms=[],
                                    mutation_id=mutation))
        key = tuple(results.change(source, mutated, mutation.line_number).values())
        if key in wanted:
            found.append((wanted.pop(key), mutated))
    if wanted:  # the module is unchanged, so mutmut must make the same mutants again
        raise RuntimeError(f"{module}: recorded survivors mutmut no longer makes: "
                           f"{list(wanted)}")
    return found


def retry(module: str, where: Path, head: str) -> dict:
    """Retry `module`'s survivors in the scratch copy `where`; return its updated record."""
    path = results.RESULTS / (module.replace("/", ".") + ".json")
    if not path.exists():
        raise RuntimeError(f"{module} has no record to retry: run it in full first")
    record = json.loads(path.read_text())
    if changed_since(module, record["commit"]):
        raise ModuleChanged(f"{module} changed since its record ({record['commit']}): its new "
                            "mutants were never tried; run it in full")
    source = (where / module).read_text()
    tests = record["tests"]
    started = time.monotonic()
    if _run_tests(where, tests, limit=None) != "passed":
        raise RuntimeError(f"{module}: its tests fail unmutated in {where}")
    limit = 3 * (time.monotonic() - started) + 30
    killed = []
    try:
        for survivor, mutated in survivors_to_retry(record, source):
            (where / module).write_text(mutated)
            _drop_bytecode(where / module)
            if _run_tests(where, tests, limit) != "passed":
                killed.append(survivor)
            outcome = "killed" if killed and killed[-1] is survivor else "survived"
            print(f"{module}:{survivor['line']}: {outcome}", flush=True)
    finally:
        (where / module).write_text(source)
        _drop_bytecode(where / module)
    record["survivors"] = [s for s in record["survivors"] if s not in killed]
    record["killed"] += len(killed)
    record.update(date=date.today().isoformat(), commit=head,
                  seconds=record.get("seconds", 0) + round(time.monotonic() - started),
                  retried={"at": head, "killed": len(killed)})
    results.save(record)
    return record


def _run_tests(where: Path, tests: list[str], limit: float | None) -> str:
    command = [sys.executable, "-m", "pytest", "-x", "-q", "-p", "no:randomly", "--no-header",
               *tests]
    env = dict(os.environ, PYTHONPATH=str(where))
    run = subprocess.Popen(command, cwd=where, env=env, stdout=subprocess.DEVNULL,
                           stderr=subprocess.DEVNULL, start_new_session=True)
    running.add(run)  # run.py stops it when the run is stopped
    try:
        status = run.wait(timeout=limit)
    except subprocess.TimeoutExpired:
        return "hang"
    finally:
        running.discard(run)
        with contextlib.suppress(ProcessLookupError):
            os.killpg(run.pid, signal.SIGTERM)
    return "passed" if status in (0, 5) else "failed"


def _drop_bytecode(module: Path) -> None:
    for stale in (module.parent / "__pycache__").glob(module.stem + ".*.pyc"):
        stale.unlink(missing_ok=True)
