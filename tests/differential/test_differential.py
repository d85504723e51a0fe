"""The differential test in the suite: a few hundred seeded programs, three ways each.

`python3 -m tests.differential.run` runs thousands with every family on and shrinks what
fails; this file runs the families that pass today, so a regression in them fails the suite.
"""

import functools

import pytest

from tests.differential import generator, runner, shrink

# Families switched off because they fail today; switch one on when its fix lands (and run
# `python3 -m tests.differential.run --count 5000` to see that nothing else broke). None is
# off: every family runs.
KNOWN_FAILING: dict[str, str] = {}
CONFIG = generator.Config().without(*KNOWN_FAILING)
COUNT = 500


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
            + f"{seed}` (the same families: --without {' '.join(KNOWN_FAILING)})")


@pytest.mark.filterwarnings("ignore::UserWarning")
def test_converted_function_on_python_ints_matches_python():
    failures = [(seed, result.to_graph) for seed, result in results()
                if result.to_graph.kind != "same"]
    assert not failures, _report(failures)


@pytest.mark.filterwarnings("ignore::UserWarning")
def test_function_on_tensors_never_gives_a_wrong_answer_or_crashes():
    failures = [(seed, result.function) for seed, result in results()
                if result.function is not None and result.function.kind in runner.BUGS]
    assert not failures, _report(failures)


@pytest.mark.filterwarnings("ignore::UserWarning")
def test_function_on_tensors_converts_and_runs_most_programs():
    ran = [result for _, result in results() if result.function is not None]
    same = [result for result in ran if result.function.kind == "same"]
    assert len(ran) > 0.9 * COUNT
    assert len(same) > 0.4 * len(ran)


def test_generator_gives_the_same_program_for_the_same_seed():
    assert generator.generate(7) == generator.generate(7)
    assert generator.generate(7) != generator.generate(8)


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
    assert result.function is None


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
