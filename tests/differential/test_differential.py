"""The differential test in the suite: `COUNT` seeded programs, three ways each.

`python3 -m tests.differential.run` runs thousands with every family on and shrinks what
fails; this file runs every family but those the converter refuses by design (`REFUSED`), so
a wrong answer or a crash in any of them fails the suite.
"""

import functools
import re

import pytest

from tests.differential import generator, runner, shrink

# Families switched off because they fail today; switch one on when its fix lands (and run
# `python3 -m tests.differential.run --count 5000` to see that nothing else broke). None is
# off: every family runs.
KNOWN_FAILING: dict[str, str] = {}
# Families the converter refuses by design, with a clear error (which the long run lists).
REFUSED: dict[str, str] = {
    "return_finally": "`return` in a `finally` that returns on some paths only, of a `try` "
                      "that may raise around graph control flow: a ConversionError",
}
CONFIG = generator.Config().without(*KNOWN_FAILING, *REFUSED)
COUNT = 100  # programs with every family take about 0.15 s each: the test stays near 20 s
# The tests share one run of the programs (`results`), so they run in one pytest-xdist worker.
pytestmark = pytest.mark.xdist_group("differential")


@functools.lru_cache(maxsize=None)
def results() -> tuple:
    return tuple((seed, runner.run(generator.generate(seed, CONFIG), generator.arguments(seed)))
                 for seed in range(COUNT))


def _report(failures: list) -> str:
    seed, outcome = failures[0]
    return (f"{len(failures)} programs; the first, seed {seed}, run on "
            f"f{generator.arguments(seed)}: {outcome.detail}\n"
            + generator.generate(seed, CONFIG)
            + "\nShrink it with `python3 -m tests.differential.run --count 1 --seed "
            + f"{seed}` (the same families: --without {' '.join([*KNOWN_FAILING, *REFUSED])})")


@pytest.mark.filterwarnings("ignore::UserWarning")
def test_converted_function_on_python_ints_matches_python():
    failures = [(seed, result.to_graph) for seed, result in results()
                if result.to_graph.kind != "same"]
    assert not failures, _report(failures)


@pytest.mark.filterwarnings("ignore::UserWarning")
def test_function_on_tensors_never_gives_a_wrong_answer_or_crashes():
    failures = [(seed, result.function) for seed, result in results()
                if result.function.kind in runner.BUGS]
    assert not failures, _report(failures)


@pytest.mark.filterwarnings("ignore::UserWarning")
def test_function_on_tensors_converts_and_runs_most_programs():
    ran = [result for _, result in results() if not result.python_raised]
    same = [result for result in ran if result.function.kind == "same"]
    assert len(ran) > 0.7 * COUNT  # some programs raise in Python on purpose (about 20%)
    assert len(same) > 0.4 * len(ran)


def test_generator_gives_the_same_program_for_the_same_seed():
    assert generator.generate(7) == generator.generate(7)
    assert generator.generate(7) != generator.generate(8)


def test_new_families_write_what_they_are_for():
    def some(*families, seeds=range(200)):
        return [generator.generate(seed, generator.Config.only(*families, "if", "for_range"))
                for seed in seeds]
    assert any(source.count("try:") >= 3 for source in some("try_nested"))
    assert any("def h(k):" in source and "h2(" in source for source in some("raise_helper"))
    assert any("iter(" in source and "next(" in source for source in some("shared_iter"))
    assert any('e.get("p", 0)' in source for source in some("branch_keys"))
    assert any('getattr(q, "extra", 0)' in source for source in some("branch_attrs"))
    assert any("lambda k" in source for source in some("closure_loop"))
    assert not any("iter(" in source or "lambda" in source for source in some("try_nested"))


def test_switched_off_families_do_not_appear():
    config = generator.Config.only("if", "for_range")
    sources = [generator.generate(seed, config) for seed in range(50)]
    assert any("for " in source for source in sources)
    assert not any("while" in source or "ag.range" in source or "with " in source
                   for source in sources)


def test_unknown_family_is_rejected_with_the_known_ones():
    with pytest.raises(ValueError, match="unknown construct families.*'whiles'"):
        generator.Config().without("whiles")


def test_runner_counts_a_python_error_raised_again_by_the_conversion_as_same():
    result = runner.run("def f(a, b):\n    return [a][b + 1]\n", (1, 0))
    assert result.python_raised == "IndexError"
    assert result.to_graph.kind == "same"
    assert result.function.kind == "error"  # a tensor cannot index a list: a clear error


_RETURNS = "def f(a, b):\n    return a, b\n"


def test_runner_calls_a_value_where_python_raised_different_in_both_stages():
    converted = runner._stage_to_graph(_RETURNS, (1, 2), None, "UnboundLocalError")
    assert converted.kind == "different"
    assert "Python raised UnboundLocalError; converted returned" in converted.detail
    traced = runner._stage_function(_RETURNS, (1, 2), None, "UnboundLocalError")
    assert traced.kind == "different"
    assert "Python raised UnboundLocalError; ag.function returned (1, 2)" in traced.detail


def test_runner_checks_that_a_program_raising_in_python_raises_under_function_too():
    source = "def f(a, b):\n    if a > b:\n        t = 1\n    return t + 1\n"
    result = runner.run(source, (0, 1))
    assert result.python_raised == "UnboundLocalError"
    assert result.to_graph.kind == "same"
    assert result.function.kind == "error"  # the graph says at run time that t has no value
    assert "no value" in result.function.detail


def test_runner_calls_the_programs_own_exception_where_python_returned_different():
    assert runner._classify("to_graph", ValueError("r")).kind == "different"
    assert runner._classify("function", KeyError("h")).kind == "different"
    assert runner._classify("function", ValueError("h"), python_raised=True).kind == "error"


def test_programs_raise_only_with_the_messages_the_runner_knows():
    sources = "".join(generator.generate(seed) for seed in range(300))
    assert set(re.findall(r"Error\('(\w*)'\)", sources)) == set(runner.PROGRAM_MESSAGES)


def test_runner_takes_a_subtype_of_pythons_exception_as_the_same():
    assert runner._is_a(UnboundLocalError("'y' is used before assignment"), "NameError")
    assert not runner._is_a(NameError("y"), "UnboundLocalError")


def test_runner_knows_the_programs_exception_under_our_traceback():
    error = KeyError("in user code:\n\n    File \"<differential-1>\", line 9, in f\n"
                     "        raise KeyError('r')\n\n    KeyError: 'r'")
    assert runner._classify("function", error).kind == "different"
    assert runner._classify("function", StopIteration()).kind == "crash"
    unbound = UnboundLocalError("'y' is used before assignment")
    assert runner._classify("to_graph", unbound).kind == "crash"  # where Python found a value


def test_runner_does_not_take_python_error_quoted_in_ours_for_a_crash():
    error = ValueError("q.extra is assigned in an `if` ... but has no value before it "
                       "(AttributeError: 'Box' object has no attribute 'extra'). Assign it.")
    assert runner._classify("function", error).kind == "error"
    assert runner._classify("function", TypeError("'<' not supported between instances of "
                                                  "'int' and 'Undefined'")).kind == "crash"


def test_runner_reads_our_errors_line_not_the_note_after_it():
    from autograph.pyct.errors import StagingError

    error = StagingError("in user code:\n\n    File \"<differential-2>\", line 18, in f\n"
                         "        if a > b:\n\n    StagingError: This `finally` block raises "
                         "UnboundLocalError, but ...\n\nThe `finally`'s exception: 'g8' is "
                         "used before assignment")
    outcome = runner._classify("function", error, python_raised=True)
    assert (outcome.kind, outcome.detail) == (
        "error", "StagingError: This `finally` block raises UnboundLocalError, but ...")


def test_runner_takes_our_refusal_quoting_the_programs_error_for_an_error():
    from autograph.pyct.errors import StagingError

    listing = ("in user code:\n\n    File \"<differential-3>\", line 10, in f\n"
               "        if b == 1:\n\n    StagingError: AttributeError: 'Box' object has no "
               "attribute 'extra'\n")
    refusal = StagingError(listing + "This exception is raised in a branch of an `if` ...")
    assert runner._classify("function", refusal).kind == "error"
    assert runner._classify("function", StagingError(listing)).kind == "crash"  # no reason


def test_runner_calls_an_internal_exception_type_a_crash():
    outcome = runner._classify("function", KeyError("k"))
    assert outcome.kind == "crash"


def test_shrink_keeps_only_what_the_failure_needs():
    source = generator.generate(0, generator.Config.only("if", "while", "for_range"))
    assert source.count("\n") > 10 and "while" in source

    def fails(candidate, args):
        return "while" in candidate and runner.run(candidate, args).python_raised == ""

    small, args = shrink.shrink(source, (3, 2), fails, budget_s=20)
    assert small == "def f(a, b):\n    while 0:\n        pass\n"
    assert args == (0, 0)
