"""Rerun a module's mutants from its record, without mutmut's cache: survivors and changed lines.

A rerun in the same scratch copy tries only the survivors and the mutants of changed lines,
because mutmut keeps every mutant's status in its cache there, matched by the line's text. On
a machine without that cache (a fresh clone, a cleaned temporary directory) a full rerun would
try every mutant again, most of them killed long ago: for `runtime/gradients/jacobians.py`,
65 mutants and 2135 s. This module does what the cache would, from the module's record and
git: it compares the module with its source at the record's commit, line by line; on an
unchanged line, a mutant the record lists as a survivor, or as untried (a run cut short names
those), is tried, and any other counts as killed, as recorded; on a changed or new line, every
mutant is tried. Each tried mutant is made by mutmut's own mutation, written into a scratch
copy, and run against all of the module's tests; a test failing, or no result in three times
the unmutated run plus half a minute, kills it. Survivors that `equivalent.toml` explains are
kept without a retry, as in a full rerun. A record with untested mutants it does not name
(older records) needs a full run.

Like mutmut's cache, this trusts that a mutant killed on an unchanged line stays killed: the
tests only grow, but a change elsewhere in the module can in principle let it live.

    python -m tests.mutation.run --survivors runtime/gradients/jacobians.py
"""

from __future__ import annotations

import contextlib
import difflib
import json
import os
import signal
import subprocess
import sys
import threading
import time
from collections import Counter
from dataclasses import dataclass, field
from datetime import date
from pathlib import Path

from tests.mutation import config, results, runner
from tests.mutation.annotations import only_annotations_differ

running: set[subprocess.Popen] = set()
stopping = threading.Event()  # set by run.py when the run is stopped
_parsing = threading.Lock()


@dataclass
class Plan:
    """What a rerun of one module does with each of its current mutants."""
    to_try: list[tuple[dict, str]] = field(default_factory=list)  # (change, mutated source)
    kept: list[dict] = field(default_factory=list)  # explained survivors, not tried again
    killed: int = 0  # on unchanged lines, recorded as killed
    annotations: int = 0
    mutants: int = 0


def plan(record: dict, before: str, after: str) -> Plan:
    """The rerun of `record`'s module, whose source was `before` and is now `after`."""
    from mutmut import Context, list_mutations, mutate

    module = record["module"]
    explained = {(o, m) for name, o, m in results.explanations() if name == module}
    survived = Counter((s["original"], s["mutant"]) for s in record["survivors"])
    untried = Counter((s["original"], s["mutant"]) for s in record.get("untried", []))
    unchanged = set()
    lines = difflib.SequenceMatcher(None, before.splitlines(), after.splitlines(),
                                    autojunk=False)
    for tag, _, _, start, end in lines.get_opcodes():
        if tag == "equal":
            unchanged.update(range(start, end))
    result = Plan()
    for mutation in list_mutations(Context(source=after, filename=module, dict_synonyms=[])):
        mutated, _ = mutate(Context(source=after, filename=module, dict_synonyms=[],
                                    mutation_id=mutation))
        change = results.change(after, mutated, mutation.line_number)
        pair = (change["original"], change["mutant"])
        result.mutants += 1
        if only_annotations_differ(after, mutated):
            result.annotations += 1
        elif mutation.line_number not in unchanged:
            result.to_try.append((change, mutated))
        elif untried[pair]:  # a run cut short never tried it
            untried[pair] -= 1
            result.to_try.append((change, mutated))
        elif survived[pair] == 0:
            result.killed += 1
        else:
            survived[pair] -= 1
            if pair in explained:
                result.kept.append(change)
            else:
                result.to_try.append((change, mutated))
    return result


def retry(module: str, where: Path, head: str) -> dict:
    """Rerun `module`'s mutants in the scratch copy `where` as `plan` says; return its new
    record."""
    path = results.RESULTS / (module.replace("/", ".") + ".json")
    if not path.exists():
        raise RuntimeError(f"{module} has no record to rerun from: run it in full first")
    record = json.loads(path.read_text())
    if record.get("untested", 0) > len(record.get("untried", [])):
        raise RuntimeError(f"{module}: its record has {record['untested']} untested mutants, "
                           "which it cannot name; run it in full")
    before = subprocess.run(["git", "show", f"{record['commit']}:{module}"], cwd=config.ROOT,
                            check=True, capture_output=True, text=True).stdout
    source = (where / module).read_text()
    with _parsing:  # CPython 3.11's ast.parse is not safe in two threads at once
        work = plan(record, before, source)
    configured = [*config.tests_for(module), module]
    tests = first_tests(module, configured, where)
    started = time.monotonic()
    if _run_tests(where, tests, limit=None) != "passed":
        raise RuntimeError(f"{module}: its tests fail unmutated in {where}")
    limit = 3 * (time.monotonic() - started) + 30
    survivors, killed = list(work.kept), 0
    try:
        for change, mutated in work.to_try:
            if stopping.is_set():
                raise RuntimeError(f"{module}: stopped before all its mutants were tried")
            (where / module).write_text(mutated)
            _drop_bytecode(where / module)
            outcome = "survived" if _run_tests(where, tests, limit) == "passed" else "killed"
            if outcome == "survived":
                survivors.append(change)
            else:
                killed += 1
            print(f"{module}:{change['line']}: {outcome}", flush=True)
    finally:
        (where / module).write_text(source)
        _drop_bytecode(where / module)
    record.update(date=date.today().isoformat(), mutants=work.mutants, untested=0, untried=[],
                  killed=work.killed + killed, annotations=work.annotations,
                  survivors=sorted(survivors, key=lambda s: s["line"]), tests=configured,
                  seconds=round(time.monotonic() - started), commit=head,
                  rerun={"from": record["commit"], "tried": len(work.to_try)})
    results.save(record)
    return record


def first_tests(module: str, tests: list[str], tree: Path) -> list[str]:
    """`tests`, led by the test files named after `module` (a mutant of `jacobians.py` most
    likely fails in `test_jacobians.py`): pytest runs paths in order, and -x stops at the
    first failure. A path given twice is collected once."""
    stem = Path(module).stem
    named = [path.relative_to(tree).as_posix() for test in tests if (tree / test).is_dir()
             for path in sorted((tree / test).rglob(f"test_*{stem}*.py"))]
    return [*named, *tests]


def _run_tests(where: Path, tests: list[str], limit: float | None) -> str:
    # --ff with pytest's cache in the scratch copy: the tests that killed the last mutant first.
    command = [sys.executable, "-m", "pytest", "-o", f"addopts={runner.addopts_with_cache()}",
               "-x", "-q", "--ff", "-p", "no:randomly", "--no-header", *tests]
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
