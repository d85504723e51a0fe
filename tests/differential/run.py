"""Long differential runs of the converter, with every construct family on.

    python3 -m tests.differential.run --count 5000 --seed 0

generates `--count` programs from seeds `--seed`, `--seed + 1`, ... (see `generator`), runs each
as plain Python, converted by `ag.to_graph` on Python ints, and under `ag.function` on tensors
(see `runner`), then prints:

- how many programs Python ran and how many raised;
- the counts per outcome (same, different, error, crash, hang) for each converted stage, and
  for `ag.function` those of the programs Python raised in apart (see `runner`);
- the percentage of the programs Python runs that `ag.function` converted, ran and agreed on;
- each failure class (a stage, outcome kind, exception type and message shape) with its count
  and its smallest program, shrunk (see `shrink`), with the arguments and what happened.
  `different` programs are shrunk a few at a time and split by the constructs they keep, since
  one message cannot tell their causes apart. Classes whose cause another class already shows
  are counted but not listed: `ag.function` falling back to plain Python after a
  ConversionError, and the converter refusing a program that raises in Python too.

`--without FAMILY ...` switches families off (names in `generator.FAMILIES`); `--shrink-budget`
bounds the seconds spent shrinking one program; `--no-shrink` prints the smallest originals.
"""

from __future__ import annotations

import argparse
import ast
import collections
import sys
import time

from autograph import kernels  # noqa: F401 -- registers the kernels the traced programs run
from tests.differential import generator, runner, shrink


def main(argv: list | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--count", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--without", nargs="*", default=[], metavar="FAMILY")
    parser.add_argument("--shrink-budget", type=float, default=20.0)
    parser.add_argument("--different-samples", type=int, default=6,
                        help="`different` programs shrunk per class")
    parser.add_argument("--no-shrink", action="store_true")
    options = parser.parse_args(argv)
    config = generator.Config().without(*options.without)

    started = time.monotonic()
    tally = collections.Counter()
    failures = collections.defaultdict(list)  # key -> [(size, source, args, outcome)]
    for seed in range(options.seed, options.seed + options.count):
        source, args = generator.generate(seed, config), generator.arguments(seed)
        result = runner.run(source, args)
        tally["python raised" if result.python_raised else "python ran"] += 1
        for outcome in (result.to_graph, result.function):
            if outcome is None:
                continue
            tally[(outcome.stage, outcome.kind)] += 1
            if result.python_raised:
                tally[(outcome.stage, outcome.kind, "raised")] += 1
            if outcome.kind != "same":
                key = shrink.failing_key(result, outcome.stage)
                failures[key].append((shrink.size(source), source, args, outcome))
    print(f"{options.count} programs (seeds {options.seed}..{options.seed + options.count - 1})"
          f" in {time.monotonic() - started:.0f} s; switched off: "
          f"{', '.join(options.without) or 'nothing'}")
    _print_counts(tally)
    print()
    _print_classes(failures, options)
    return 0


def _print_counts(tally: collections.Counter) -> None:
    ran = tally["python ran"]
    print(f"Python ran {ran}, raised {tally['python raised']}")
    for stage in ("to_graph", "function"):
        counts = ", ".join(f"{kind} {tally[(stage, kind)]}" for kind in runner.KINDS)
        print(f"  {stage:9s} {counts}")
    raised = tally["python raised"]
    if raised:
        counts = ", ".join(f"{kind} {tally[('function', kind, 'raised')]}"
                           for kind in runner.KINDS)
        print(f"  {'':9s} (of which Python raised in {raised}: {counts})")
    if ran:
        agreed = tally[("function", "same")] - tally[("function", "same", "raised")]
        print(f"ag.function converted, ran and agreed on {agreed} of the {ran} programs "
              f"Python runs ({100 * agreed / ran:.1f}%)")


def _print_classes(failures: dict, options: argparse.Namespace) -> None:
    found = []  # (key, constructs, count, source, args, outcome)
    for key, programs in sorted(failures.items(), key=lambda item: -len(item[1])):
        if key[3] == "not converted" or (key[0] and key[2] == "error"):
            # ag.function fell back to plain Python, or Python raised and the converter
            # refused the program: the to_graph classes already show why.
            continue
        programs.sort(key=lambda program: program[0])
        samples = options.different_samples if key[2] == "different" else 1
        shrunk = {}
        for _, source, args, outcome in programs[:samples]:
            if not options.no_shrink:
                source, args = shrink.shrink(source, args, shrink.fails_like(key),
                                            options.shrink_budget)
                outcome = _outcome(source, args, key)
            tags = constructs(source) if key[2] == "different" else ()
            if tags not in shrunk or shrink.size(source) < shrink.size(shrunk[tags][0]):
                shrunk[tags] = (source, args, outcome)
        for tags, (source, args, outcome) in sorted(shrunk.items(),
                                                    key=lambda item: shrink.size(item[1][0])):
            found.append((key, tags, len(programs), source, args, outcome))
    bugs = [entry for entry in found if entry[0][2] in runner.BUGS]
    errors = [entry for entry in found if entry[0][2] not in runner.BUGS]
    for title, entries in (("Bugs", bugs), ("Can't convert or run", errors)):
        print(f"== {title}: {len(entries)} classes")
        for key, tags, count, source, args, outcome in entries:
            raised = f" (Python raised {key[0]})" if key[0] else ""
            print(f"-- {key[1]}: {key[2]}{raised} ({count} programs in the class)"
                  + (f"; keeps: {', '.join(tags)}" if tags else ""))
            print(f"   f{args} -> {outcome.detail}")
            print("   " + source.rstrip().replace("\n", "\n   "))
        print()
    sys.stdout.flush()


def _outcome(source: str, args: tuple, key: tuple) -> runner.Outcome:
    result = runner.run(source, args)
    return result.to_graph if key[1] == "to_graph" else result.function


def constructs(source: str) -> tuple:
    """The construct families a program uses, as far as its syntax shows them."""
    found = set()
    for node in ast.walk(ast.parse(source).body[0]):
        found.update(_tags(node))
    return tuple(sorted(found))


def _tags(node: ast.AST) -> list:
    tags = {ast.If: "if", ast.While: "while", ast.Break: "break", ast.Continue: "continue",
            ast.Try: "try", ast.Raise: "raise", ast.Lambda: "lambda", ast.NamedExpr: "walrus",
            ast.Delete: "del", ast.ListComp: "comprehension", ast.AugAssign: "augassign",
            ast.BoolOp: "bool_ops", ast.Dict: "dict"}
    found = [tag for kind, tag in tags.items() if isinstance(node, kind)]
    if isinstance(node, ast.For):
        source = ast.unparse(node.iter)
        found.append("for ag.range" if source.startswith("ag.range") else
                     "for range" if source.startswith("range") else "for list")
        found += ["for_else"] if node.orelse else []
    if isinstance(node, (ast.For, ast.While)) and any(
            isinstance(inner, (ast.For, ast.While)) for inner in ast.walk(node) if inner
            is not node):
        found.append("nested_loops")
    if isinstance(node, ast.FunctionDef) and node.name != "f":
        found.append("def")
    if isinstance(node, ast.With):
        found.append("name_scope" if "name_scope" in ast.unparse(node.items[0])
                     else "with CM")
    if isinstance(node, (ast.For, ast.While, ast.If)) and any(
            isinstance(inner, ast.Return) for inner in ast.walk(node)):
        found.append("early_return")
    if isinstance(node, ast.Subscript) and isinstance(node.ctx, ast.Store):
        found.append("item state")
    if isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store):
        found.append("attr state")
    return found


if __name__ == "__main__":
    sys.exit(main())
