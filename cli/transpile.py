"""`autograph transpile FILE.py ...`: the converted code of a file's functions, without running it.

Each file is parsed, never imported: every top-level function and method (or those named with
`-f`) goes through the converter pipeline of `ag.to_code` (see `autograph/impl/static.py`). The
output is each converted function under a `# name (file:line)` header, a unified diff of the
original against it (`--diff`), one converted module per file (`-o DIR`), or one JSON record
per function (`--format json`). A function the converter rejects is reported on stderr as
`file:line: error: ...` (in the JSON, by its record) and the exit code is 1; the other functions
are converted all the same.
"""

from __future__ import annotations

import argparse
import difflib
import json
import os
import re
import sys
import tokenize

from autograph.cli import highlight
from autograph.cli.common import UserError, formatter
from autograph.impl import static

DESCRIPTION = """\
Print the converted code of the functions and methods of Python files, as ag.to_code gives it
for the live functions. The files are parsed, never imported: their code does not run.
"""

JSON_HELP = """\
--format json prints one JSON object on stdout, and nothing on stderr:
  {"functions": [RECORD, ...], "converted": N, "failed": M}
with one RECORD per function or method, in file order:
  {"file": "m.py", "name": "Counter.up_to", "line": 21, "status": "converted",
   "converted": "def up_to(self, n):\\n...", "error": null, "error_line": null}
  {"file": "m.py", "name": "numbers", "line": 1, "status": "failed",
   "converted": null, "error": "`yield` makes `numbers` a generator, ...", "error_line": 3}
`line` is the line of the def; `error_line` the line the error is about. The exit code is 1
when any function failed, else 0.
"""

EXAMPLES = JSON_HELP + """
examples:
  autograph transpile examples/collatz.py
  autograph transpile examples/collatz.py -f collatz_steps --diff
  autograph transpile model.py -f Model.call --color always | less -R
  autograph transpile examples/*.py -o converted/
  autograph transpile model.py --format json | jq '.functions[] | select(.status == "failed")'
"""


def add_parser(commands: argparse._SubParsersAction) -> argparse.ArgumentParser:
    parser = commands.add_parser(
        "transpile", help="the converted code of a file's functions, without running it",
        description=DESCRIPTION, epilog=EXAMPLES, formatter_class=formatter())
    parser.add_argument("files", nargs="+", metavar="FILE.py", help="Python files to convert")
    parser.add_argument("-f", "--function", dest="functions", action="append", metavar="NAME",
                        help="convert only this function (`name`, or `Class.method`); "
                             "repeat for several")
    output = parser.add_mutually_exclusive_group()
    output.add_argument("--diff", action="store_true",
                        help="show a unified diff of each function against its converted code")
    output.add_argument("-o", "--output-dir", metavar="DIR",
                        help="write DIR/<name>_converted.py for each FILE: the module with its "
                             "functions converted, importable and runnable")
    output.add_argument("--format", choices=("text", "json"), default="text",
                        help="text: each converted function under a header (default); json: "
                             "one record per function, converted or failed (see below; not with "
                             "--diff or -o)")
    parser.add_argument("--color", choices=("auto", "always", "never"), default="auto",
                        help="colour the output: on a terminal (auto, unless NO_COLOR is "
                             "set), always, or never (default: auto)")
    parser.set_defaults(handler=run)
    return parser


def run(args: argparse.Namespace) -> int:
    sources = {path: read_source(path) for path in args.files}
    if args.output_dir:
        _check_distinct_outputs(args.files)
    converted = {path: _convert(path, source, args.functions)
                 for path, source in sources.items()}
    _check_names(args.functions, converted)
    if args.format == "json":
        return _print_json(converted)
    color = highlight.use_color(args.color)
    failed = False
    printed = 0
    for path, functions in converted.items():
        if not functions:
            print(f"autograph: {path}: no functions or methods to convert", file=sys.stderr)
        for function in functions:
            if function.error is not None:
                failed = True
                print(error_line(path, function), file=sys.stderr, flush=True)
            elif not args.output_dir:
                text = (_diff(path, function, color) if args.diff
                        else _listing(path, function, color, first=printed == 0))
                sys.stdout.write(text)
                printed += 1
        if args.output_dir:
            written = _write_module(path, sources[path], functions, args.output_dir)
            print(f"{path} -> {written}")
    return 1 if failed or not any(converted.values()) else 0


def read_source(path: str) -> str:
    """The text of a Python file, decoded as Python decodes it (a coding cookie, or UTF-8)."""
    if not os.path.exists(path):
        raise UserError(f"{path}: no such file")
    if os.path.isdir(path):
        raise UserError(f"{path}: is a directory, not a Python file")
    try:
        with tokenize.open(path) as f:
            return f.read()
    except (SyntaxError, UnicodeDecodeError) as e:
        raise UserError(f"{path}: cannot decode the file: {e}") from None
    except OSError as e:
        raise UserError(f"{path}: cannot read the file: {e.strerror}") from None


def error_line(path: str, function: static.StaticFunction) -> str:
    """`FILE:LINE: error: MESSAGE` for a function the converter rejected."""
    line, message = _error_at(path, function)
    return f"{path}:{line}: error: {message}"


def _error_at(path: str, function: static.StaticFunction) -> tuple[int, str]:
    """Where a rejected function's error is, and what it says: the line of the construct the
    converter names (else the function's own), and the message without `FILE:LINE: `."""
    message = str(function.error)
    where = re.match(re.escape(path) + r":(\d+): ", message)
    if where:
        return int(where.group(1)), message[where.end():]
    return function.line, message


def json_record(path: str, function: static.StaticFunction) -> dict:
    """The `--format json` record of one function (every key present; null where unused)."""
    record = {"file": path, "name": function.name, "line": function.line,
              "status": "converted", "converted": function.converted, "error": None,
              "error_line": None}
    if function.error is not None:
        line, message = _error_at(path, function)
        record.update(status="failed", converted=None, error=message, error_line=line)
    return record


def _print_json(converted: dict[str, list[static.StaticFunction]]) -> int:
    records = [json_record(path, f) for path, functions in converted.items() for f in functions]
    failed = sum(record["status"] == "failed" for record in records)
    summary = {"functions": records, "converted": len(records) - failed, "failed": failed}
    sys.stdout.write(json.dumps(summary, indent=2) + "\n")
    return 1 if failed else 0


def _convert(path: str, source: str, names: list[str] | None) -> list[static.StaticFunction]:
    try:
        return static.convert_source(source, path, names)
    except SyntaxError as e:
        raise UserError(f"{path}:{e.lineno}: cannot parse the file: {e.msg}") from None
    except ValueError as e:  # e.g. a null byte in the source
        raise UserError(f"{path}: cannot parse the file: {e}") from None


def _check_names(names: list[str] | None,
                 converted: dict[str, list[static.StaticFunction]]) -> None:
    """Every `-f` name is a function of some file."""
    found = {function.name for functions in converted.values() for function in functions}
    for name in names or ():
        if name not in found:
            files = ", ".join(converted)
            raise UserError(f"-f {name}: no function or method {name!r} in {files} (give "
                            f"`name` or `Class.method` of a top-level def)")


def _check_distinct_outputs(paths: list[str]) -> None:
    seen: dict[str, str] = {}
    for path in paths:
        stem = _stem(path)
        if stem in seen and seen[stem] != path:
            raise UserError(f"{path}: {seen[stem]} has the same name; both would be written "
                            f"to {stem}_converted.py")
        seen[stem] = path


def _listing(path: str, function: static.StaticFunction, color: bool, first: bool) -> str:
    text = f"# {function.name} ({path}:{function.line})\n{function.converted}"
    return ("" if first else "\n") + (highlight.python(text) if color else text)


def _diff(path: str, function: static.StaticFunction, color: bool) -> str:
    assert function.converted is not None  # only functions converted without error get here
    original = function.source if function.source.endswith("\n") else function.source + "\n"
    lines = list(difflib.unified_diff(
        original.splitlines(True), function.converted.splitlines(True),
        f"a/{path}:{function.name}", f"b/{path}:{function.name}"))
    return highlight.diff(lines) if color else "".join(lines)


def _write_module(path: str, source: str, functions: list[static.StaticFunction],
                  directory: str) -> str:
    target = os.path.join(directory, f"{_stem(path)}_converted.py")
    try:
        os.makedirs(directory, exist_ok=True)
        with open(path, "rb") as original:  # written in the file's own encoding
            encoding, _ = tokenize.detect_encoding(original.readline)
        with open(target, "w", encoding=encoding) as f:
            f.write(static.converted_module(source, functions, path))
    except OSError as e:
        raise UserError(f"{target}: cannot write the converted module: {e.strerror}") from None
    return target


def _stem(path: str) -> str:
    return os.path.splitext(os.path.basename(path))[0]
