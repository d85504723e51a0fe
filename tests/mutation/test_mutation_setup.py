"""The mutation-testing setup: every core module has tests, and RESULTS.md matches the records."""

import sys
import time
from pathlib import Path

import pytest

from tests.mutation import config, results
from tests.mutation.annotations import only_annotations_differ


def test_every_core_module_has_existing_tests_configured():
    for module in config.core_modules():
        for path in config.tests_for(module):
            assert (config.ROOT / path).exists(), f"{module}: its test path {path} is missing"


def test_longest_prefix_chooses_a_modules_tests():
    table = {"runtime": ["tests/a"], "runtime/train": ["tests/b"],
             "runtime/train/x.py": ["tests/c"]}
    assert config.tests_for("runtime/train/x.py", table) == ["tests/c"]
    assert config.tests_for("runtime/train/y.py", table) == ["tests/b"]
    assert config.tests_for("runtime/exec/z.py", table) == ["tests/a"]


def test_module_without_configured_tests_is_named_in_the_error():
    with pytest.raises(KeyError, match="no tests are configured for kernels/new.py"):
        config.tests_for("kernels/new.py", {"runtime": ["tests"]})


def test_package_of_takes_the_longest_core_package():
    packages = ["runtime", "runtime/train"]
    assert config.package_of("runtime/train/adam.py", packages) == "runtime/train"
    assert config.package_of("cli/main.py", ["runtime"]) is None


def _record(module, mutants, killed, survivors):
    return {"module": module, "mutants": mutants, "killed": killed, "untested": 0,
            "survivors": [{"line": 1, "original": o, "mutant": m} for o, m in survivors]}


def test_equivalent_survivor_leaves_the_score_and_the_list():
    record = _record("kernels/common.py", 4, 3, [("a = 1", "a = 2")])
    explained = {("kernels/common.py", "a = 1", "a = 2"): {"kind": "equivalent", "reason": "r"}}
    report = results.render([record], explained)
    assert "| `kernels` | 1 of" in report and "| 4 | 0 | 3 | 1 | 0 | 100.0% |" in report
    assert "None." in report


def test_survivor_not_worth_a_test_stays_in_the_score():
    record = _record("kernels/common.py", 4, 3, [("a = 1", "a = 2")])
    explained = {("kernels/common.py", "a = 1", "a = 2"): {"kind": "not worth a test",
                                                            "reason": "r"}}
    assert "| 4 | 0 | 3 | 0 | 0 | 75.0% |" in results.render([record], explained)


def test_untested_mutants_are_counted_apart_from_the_score():
    record = _record("kernels/common.py", 10, 3, [("a = 1", "a = 2")])
    record["untested"] = 6
    assert "| 10 | 6 | 3 | 0 | 1 | 75.0% |" in results.render([record], {})


def test_unexplained_survivor_is_listed_with_its_line():
    record = _record("kernels/common.py", 4, 3, [("a = 1", "a = 2")])
    report = results.render([record], {})
    assert "| 4 | 0 | 3 | 0 | 1 | 75.0% |" in report
    assert "- line 1: `a = 1` → `a = 2`" in report


def test_every_explanation_names_a_recorded_survivor():
    recorded = {(r["module"], s["original"], s["mutant"])
                for r in results.load_all() for s in r["survivors"]}
    stale = [key for key in results.explanations() if key not in recorded]
    assert not stale, f"equivalent.toml explains survivors that no longer survive: {stale}"


def test_results_md_is_rendered_from_the_records():
    expected = results.render(results.load_all(), results.explanations())
    assert Path(results.REPORT).read_text() == expected, (
        "tests/mutation/RESULTS.md is out of date: run python -m tests.mutation.run --report")


def _cache(path, module, statuses):
    import sqlite3

    with sqlite3.connect(path) as db:
        db.executescript(
            'CREATE TABLE SourceFile (id INTEGER PRIMARY KEY, filename TEXT, hash TEXT);'
            'CREATE TABLE Line (id INTEGER PRIMARY KEY, sourcefile INTEGER, line TEXT, '
            'line_number INTEGER);'
            'CREATE TABLE Mutant (id INTEGER PRIMARY KEY, line INTEGER, "index" INTEGER, '
            'tested_against_hash TEXT, status TEXT);')
        db.execute("INSERT INTO SourceFile VALUES (1, ?, '')", (module,))
        db.execute("INSERT INTO Line VALUES (1, 1, '    return x + 1', 1)")
        for index, status in enumerate(statuses):
            db.execute("INSERT INTO Mutant VALUES (?, 1, ?, '', ?)", (index + 1, index, status))


def test_cache_is_read_into_counts_and_survivors(tmp_path):
    pytest.importorskip("mutmut", reason="mutmut is the optional `mutation` extra")
    (tmp_path / "m.py").write_text("def f(x):\n    return x + 1\n")
    _cache(tmp_path / "cache", "m.py", ["ok_killed"])  # the second mutant has no status yet
    record = results.read_cache(tmp_path / "cache", tmp_path, "m.py")
    assert (record["mutants"], record["killed"], record["untested"]) == (2, 1, 1)
    assert record["untried"] == [{"line": 2, "original": "return x + 1",
                                  "mutant": "return x + 2"}]
    _cache(tmp_path / "cache2", "m.py", ["bad_timeout", "bad_survived"])
    record = results.read_cache(tmp_path / "cache2", tmp_path, "m.py")
    assert (record["killed"], record["timeout"]) == (1, 1)
    assert record["survivors"] == [{"line": 2, "original": "return x + 1",
                                    "mutant": "return x + 2"}]


def test_annotation_only_survivors_count_as_equivalent():
    record = _record("kernels/common.py", 4, 3, [])
    record["annotations"] = 1
    assert "| 4 | 0 | 3 | 1 | 0 | 100.0% |" in results.render([record], {})


def test_an_annotation_change_is_equivalent_only_where_annotations_are_deferred():
    deferred = "from __future__ import annotations\n\ndef f(x: int | None) -> int:\n    return 1\n"
    assert only_annotations_differ(deferred, deferred.replace("int | None", "int & None"))
    assert only_annotations_differ(deferred, deferred.replace("-> int", "-> None"))
    assert not only_annotations_differ(deferred, deferred.replace("return 1", "return 2"))
    evaluated = deferred.replace("from __future__ import annotations\n", "")
    assert not only_annotations_differ(evaluated, evaluated.replace("int | None", "int & None"))


def test_a_default_value_beside_an_annotation_is_not_an_annotation():
    source = "from __future__ import annotations\n\nclass A:\n    x: int | None = None\n"
    assert not only_annotations_differ(source, source.replace("= None", "= 0"))
    assert only_annotations_differ(source, source.replace("int | None", "int & None"))


def test_the_runner_passes_an_annotation_only_mutant_without_running_tests(tmp_path,
                                                                           monkeypatch):
    import json

    from tests.mutation import runner

    source = "from __future__ import annotations\nx: int | None = None\n"
    (tmp_path / "m.py").write_text(source.replace("|", "&"))
    (tmp_path / runner.ORIGINAL).write_text(json.dumps({"module": "m.py", "source": source}))
    monkeypatch.chdir(tmp_path)
    ran = []
    monkeypatch.setattr(runner.subprocess, "run", lambda *a, **k: ran.append(a))
    assert runner.main(["--testmon", "tests"]) == 0 and not ran


@pytest.mark.parametrize("selected_status", [0, 5])
def test_the_runner_confirms_a_survivor_with_every_test(tmp_path, monkeypatch,
                                                        selected_status):
    from tests.mutation import runner

    (tmp_path / runner.BASELINE).write_text("1.0\n")
    monkeypatch.chdir(tmp_path)
    commands = []

    def run(command, limit):
        commands.append(list(command))
        return selected_status if "--testmon" in command else 1
    monkeypatch.setattr(runner, "_run", run)
    assert runner.main(["--testmon", "tests/a"]) == 1  # killed by the run without selection
    assert ["--testmon" in c for c in commands] == [True, False]


def _running(pid: int) -> bool:
    """Whether `pid` runs (a zombie, dead but not yet reaped, does not)."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] != "Z"
    except FileNotFoundError:
        return False


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads /proc")
def test_a_hang_is_killed_with_the_processes_its_tests_started(tmp_path):
    import subprocess

    from tests.mutation import runner

    pid_file = tmp_path / "grandchild"
    script = (f"import subprocess, sys, time\n"
              f"child = subprocess.Popen([sys.executable, '-c', 'import time; time.sleep(60)'])\n"
              f"open({str(pid_file)!r}, 'w').write(str(child.pid))\n"
              f"time.sleep(60)\n")
    with pytest.raises(subprocess.TimeoutExpired):
        runner._run([sys.executable, "-c", script], limit=3)
    grandchild = int(pid_file.read_text())
    for _ in range(100):  # the kill is sent; the process may take a moment to go
        if not _running(grandchild):
            break
        time.sleep(0.02)
    assert not _running(grandchild)


@pytest.mark.parametrize("original, mutated, at_import", [
    ("def f():\n    return 1\n", "def f():\n    return 2\n", False),
    ("X = 1\n\ndef f():\n    return X\n", "X = 2\n\ndef f():\n    return X\n", True),
    ("@d\ndef f():\n    return 1\n", "def f():\n    return 1\n", True),
    ("def f(x=1):\n    return x\n", "def f(x=2):\n    return x\n", True),
    ("class A:\n    n = 1\n\n    def m(self):\n        return 1\n",
     "class A:\n    n = 1\n\n    def m(self):\n        return 2\n", False),
    ("class A:\n    n = 1\n", "class A:\n    n = 2\n", True),
    ("f = lambda x: x + 1\n", "f = lambda x: x + 2\n", False),
])
def test_the_runner_tells_import_time_mutants_from_function_bodies(tmp_path, monkeypatch,
                                                                   original, mutated, at_import):
    import json

    from tests.mutation import runner

    (tmp_path / "m.py").write_text(mutated)
    (tmp_path / runner.ORIGINAL).write_text(json.dumps({"module": "m.py", "source": original}))
    monkeypatch.chdir(tmp_path)
    assert runner._changed_at_import() is at_import


def test_mutants_not_known_killed_on_a_repeated_line_are_found_by_id(tmp_path):
    pytest.importorskip("mutmut", reason="mutmut is the optional `mutation` extra")
    import sqlite3

    from tests.mutation import run

    source = "def f(x):\n    return x + 1\n\n\ndef g(x):\n    return x + 1\n"
    _cache(tmp_path / "cache", "m.py", ["ok_killed", "ok_killed"])  # line 2's two mutants
    with sqlite3.connect(tmp_path / "cache") as db:
        db.execute("INSERT INTO Line VALUES (2, 1, '    return x + 1', 5)")  # line 6's
        db.execute("INSERT INTO Mutant VALUES (3, 2, 0, '', 'untested')")
        db.execute("INSERT INTO Mutant VALUES (4, 2, 1, '', 'bad_survived')")
        db.execute("INSERT INTO Line VALUES (3, 1, '    gone = 1', 9)")  # no longer in m.py
        db.execute("INSERT INTO Mutant VALUES (5, 3, 0, '', 'untested')")
    assert run._not_killed(tmp_path / "cache", "m.py", source) == [3, 4]


def test_a_rerun_does_not_try_again_the_survivors_already_explained(tmp_path, monkeypatch):
    pytest.importorskip("mutmut", reason="mutmut is the optional `mutation` extra")
    import sqlite3

    from mutmut.cache import hash_of_tests

    from tests.mutation import run

    (tmp_path / "m.py").write_text("def f(x):\n    return x + 1\n")
    (tmp_path / "tests").mkdir()
    (tmp_path / "tests" / "test_m.py").write_text("def test_f():\n    pass\n")
    _cache(tmp_path / "cache", "m.py", ["bad_survived", "bad_survived"])  # x - 1, x + 2
    monkeypatch.setattr(results, "explanations", lambda: {
        ("m.py", "return x + 1", "return x + 2"): {"kind": "equivalent", "reason": "r"}})
    assert run._keep_explained(tmp_path / "cache", tmp_path, "m.py") == {2}
    with sqlite3.connect(tmp_path / "cache") as db:
        hashes = dict(db.execute("SELECT id, tested_against_hash FROM Mutant"))
    assert hashes == {1: "", 2: hash_of_tests([str(tmp_path / "tests")])}


# Python 3.12 inlines list comprehensions into the code that holds them (PEP 709).
_INLINED_COMPREHENSIONS = sys.version_info >= (3, 12)


@pytest.mark.parametrize("mutated, changed", [
    ("def f():\n    return [x + 1 for x in range(2)]\n\nY = [y for y in range(3)]\n",
     ["f"] if _INLINED_COMPREHENSIONS else ["<listcomp>", "f"]),
    ("def f():\n    return [x for x in range(4)]\n\nY = [y for y in range(3)]\n", ["f"]),
    ("def f():\n    return [x for x in range(2)]\n\nY = [y + 1 for y in range(3)]\n", None),
])
def test_a_comprehension_at_module_level_runs_at_import(mutated, changed):
    from tests.mutation import warm

    original = "def f():\n    return [x for x in range(2)]\n\nY = [y for y in range(3)]\n"
    if changed is None:
        where = "<module>" if _INLINED_COMPREHENSIONS else "<listcomp>"
        with pytest.raises(warm.Ineligible, match=f"^{where} runs at import$"):
            warm.changed_functions("m.py", original, mutated)
    else:
        pairs = warm.changed_functions("m.py", original, mutated)
        assert [old.co_name for old, _ in pairs] == changed


def test_a_nested_function_change_swaps_the_outer_function_and_live_inner_ones():
    from tests.mutation import warm

    original = "def outer():\n    def inner():\n        return 1\n    return inner\n"
    namespace: dict = {}
    exec(compile(original, "/nowhere/m.py", "exec"), namespace)
    inner = namespace["outer"]()
    pairs = warm.changed_functions("/nowhere/m.py", original, original.replace("1", "2"))
    assert warm.swap_in(pairs) == 2
    assert inner() == 2 and namespace["outer"]()() == 2


def test_the_warm_process_kills_a_mutant_its_tests_catch_and_leaves_the_rest(tmp_path):
    import json
    import os
    import subprocess
    import sys
    import time

    from tests.mutation import warm

    source = "def add(a, b):\n    return a + b\n\n\ndef unused(a):\n    return a\n"
    (tmp_path / "m.py").write_text(source)
    (tmp_path / "test_m.py").write_text("from m import add\n\n\ndef test_add():\n"
                                        "    assert add(2, 3) == 5\n")
    (tmp_path / warm.ORIGINAL).write_text(json.dumps({"module": "m.py", "source": source}))
    address = tmp_path / "warm.sock"
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(tmp_path), str(config.ROOT)]))
    process = subprocess.Popen([sys.executable, "-m", "tests.mutation.warm", str(address),
                                "test_m.py", "-p", "no:cacheprovider"], cwd=tmp_path, env=env,
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 60
        while not address.exists() and process.poll() is None and time.monotonic() < deadline:
            time.sleep(0.05)
        answers = []
        for mutant in (source.replace("a + b", "a - b"), source.replace("return a\n", "return 0\n"),
                       source + "X = 1\n"):
            (tmp_path / "m.py").write_text(mutant)
            answers.append(warm.ask(str(address), 30)["status"])
    finally:
        process.kill()
        process.wait()
    assert answers == ["killed", "unsure", "ineligible"]


def _plan(monkeypatch, before, after, survivors, explained=()):
    pytest.importorskip("mutmut", reason="mutmut is the optional `mutation` extra")
    from tests.mutation import retry

    monkeypatch.setattr(results, "explanations", lambda: {
        ("m.py", o, m): {"kind": "equivalent", "reason": "r"} for o, m in explained})
    return retry.plan(_record("m.py", 0, 0, survivors), before, after)


def test_a_rerun_from_the_record_tries_the_unexplained_survivors_of_unchanged_lines(
        monkeypatch):
    source = "def f(x):\n    return x + 1\n"  # two mutants: x - 1 and x + 2
    work = _plan(monkeypatch, source, source,
                 [("return x + 1", "return x - 1"), ("return x + 1", "return x + 2")],
                 explained=[("return x + 1", "return x + 2")])
    assert [(c["mutant"], m) for c, m in work.to_try] == [
        ("return x - 1", "def f(x):\n    return x - 1\n")]
    assert [c["mutant"] for c in work.kept] == ["return x + 2"]
    assert (work.mutants, work.killed) == (2, 0)


def test_a_rerun_from_the_record_counts_other_mutants_of_unchanged_lines_killed(monkeypatch):
    source = "def f(x):\n    return x + 1\n"
    work = _plan(monkeypatch, source, source, [("return x + 1", "return x - 1")])
    assert [c["mutant"] for c, _ in work.to_try] == ["return x - 1"]
    assert work.killed == 1


def test_a_rerun_from_the_record_tries_every_mutant_of_a_changed_line(monkeypatch):
    before = "def f(x):\n    return x + 1\n"
    after = "def f(x):\n    y = 1\n    return x + 1\n"  # a new line; the old one moved
    work = _plan(monkeypatch, before, after, [])
    assert [(c["line"], c["mutant"]) for c, _ in work.to_try] == [(2, "y = 2"), (2, "y = None")]
    assert work.killed == 2


def test_a_rerun_from_the_record_tries_the_mutants_a_run_cut_short_left_untried(monkeypatch):
    source = "def f(x):\n    return x + 1\n"
    pytest.importorskip("mutmut", reason="mutmut is the optional `mutation` extra")
    from tests.mutation import retry

    monkeypatch.setattr(results, "explanations", lambda: {})
    record = _record("m.py", 2, 1, [])
    record["untried"] = [{"line": 2, "original": "return x + 1", "mutant": "return x + 2"}]
    work = retry.plan(record, source, source)
    assert [c["mutant"] for c, _ in work.to_try] == ["return x + 2"]
    assert work.killed == 1


def test_a_rerun_from_the_record_refuses_a_record_with_untested_mutants(tmp_path, monkeypatch):
    from tests.mutation import retry

    module = "runtime/gradients/jacobians.py"
    (tmp_path / "results").mkdir()
    record = _record(module, 3, 1, [])
    record["untested"] = 2
    (tmp_path / "results" / "runtime.gradients.jacobians.py.json").write_text(
        results.json.dumps(record))
    monkeypatch.setattr(results, "RESULTS", tmp_path / "results")
    with pytest.raises(RuntimeError, match="2 untested mutants, which it cannot name"):
        retry.retry(module, tmp_path, "abc1234")


def test_a_rerun_runs_the_test_files_named_after_the_module_first(tmp_path):
    from tests.mutation import retry

    for name in ("test_jacobians.py", "test_tape.py", "test_jacobians_graph.py"):
        (tmp_path / "tests" / "gradients").mkdir(parents=True, exist_ok=True)
        (tmp_path / "tests" / "gradients" / name).write_text("")
    tests = ["tests/gradients", "runtime/gradients/jacobians.py"]
    assert retry.first_tests("runtime/gradients/jacobians.py", tests, tmp_path) == [
        "tests/gradients/test_jacobians.py", "tests/gradients/test_jacobians_graph.py", *tests]


def test_a_record_from_a_cache_names_the_commit_its_copy_was_made_from():
    import subprocess

    from tests.mutation import run

    module = "kernels/__init__.py"
    latest = subprocess.run(["git", "log", "-1", "--format=%h", "--", module], cwd=config.ROOT,
                            check=True, capture_output=True, text=True).stdout.strip()
    source = subprocess.run(["git", "show", f"{latest}:{module}"], cwd=config.ROOT, check=True,
                            capture_output=True, text=True).stdout
    assert run._commit_with(module, source) == latest
    with pytest.raises(RuntimeError, match="its scratch copy's source is in no commit"):
        run._commit_with(module, source + "# changed\n")
