"""Mutation results: read from a mutmut cache, kept as JSON per module, summed up in RESULTS.md.

A survivor counts as explained when `equivalent.toml` names it (module, original line, mutated
line) with a reason, or when it changes only annotations (`annotations.py`: counted as
equivalent, not listed). The score of a module or package is killed / (mutants tried -
equivalent): survivors marked "not worth a test" stay in the denominator.

>>> score({"mutants": 10, "killed": 8, "untested": 0}, equivalent=2)
1.0
"""

from __future__ import annotations

import contextlib
import difflib
import json
import sqlite3
from datetime import date
from pathlib import Path

try:
    import tomllib
except ModuleNotFoundError:  # Python 3.10: pytest brings tomli there
    import tomli as tomllib

from tests.mutation import config
from tests.mutation.annotations import only_annotations_differ

HERE = Path(__file__).resolve().parent
RESULTS = HERE / "results"
REPORT = HERE / "RESULTS.md"
EQUIVALENT = HERE / "equivalent.toml"
KINDS = ("equivalent", "not worth a test")
# mutmut's statuses; "suspicious" means the tests failed, only slowly, so the mutant is killed.
KILLED = {"ok_killed", "ok_suspicious", "bad_timeout"}


def read_cache(cache: Path, tree: Path, module: str) -> dict:
    """The record of `module`'s mutants: counts, and each survivor's line before and after."""
    from mutmut import Context, list_mutations, mutate

    source = (tree / module).read_text()
    query = ('SELECT Line.line, Line.line_number, Mutant."index", Mutant.status FROM Mutant '
             "JOIN Line ON Mutant.line = Line.id JOIN SourceFile ON Line.sourcefile = "
             "SourceFile.id WHERE SourceFile.filename = ?")
    with contextlib.closing(sqlite3.connect(f"file:{cache}?mode=ro", uri=True)) as db:
        statuses = {(line, number, index): status
                    for line, number, index, status in db.execute(query, (module,))}
    record = {"module": module, "date": date.today().isoformat(), "mutants": 0, "killed": 0,
              "timeout": 0, "untested": 0, "annotations": 0, "survivors": [], "untried": []}
    for mutation in list_mutations(Context(source=source, filename=module, dict_synonyms=[])):
        status = statuses.get((mutation.line, mutation.line_number, mutation.index), "untested")
        record["mutants"] += 1
        if status in KILLED:
            record["killed"] += 1
            record["timeout"] += status == "bad_timeout"
        elif status in ("untested", "skipped"):
            record["untested"] += 1
            mutated, _ = mutate(Context(source=source, filename=module, dict_synonyms=[],
                                        mutation_id=mutation))
            # named, so that a rerun on a machine without this cache can try them (retry.py)
            record["untried"].append(change(source, mutated, mutation.line_number))
        else:
            mutated, _ = mutate(Context(source=source, filename=module, dict_synonyms=[],
                                        mutation_id=mutation))
            if only_annotations_differ(source, mutated):
                record["annotations"] += 1
            else:
                record["survivors"].append(change(source, mutated, mutation.line_number))
    return record


def change(source: str, mutated: str, line_number: int) -> dict:
    """The mutated line as recorded: its number, its text before and after (stripped)."""
    before, after = [], []
    for line in difflib.ndiff(source.splitlines(), mutated.splitlines()):
        if line.startswith("- "):
            before.append(line[2:].strip())
        elif line.startswith("+ "):
            after.append(line[2:].strip())
    return {"line": line_number + 1, "original": " ".join(before), "mutant": " ".join(after)}


def save(record: dict) -> None:
    RESULTS.mkdir(exist_ok=True)
    path = RESULTS / (record["module"].replace("/", ".") + ".json")
    path.write_text(json.dumps(record, indent=1) + "\n")


def load_all() -> list[dict]:
    return [json.loads(path.read_text()) for path in sorted(RESULTS.glob("*.json"))]


def explanations() -> dict[tuple[str, str, str], dict]:
    """The survivors `equivalent.toml` explains, by (module, original, mutant)."""
    with open(EQUIVALENT, "rb") as file:
        entries = tomllib.load(file).get("mutant", [])
    explained = {}
    for entry in entries:
        if entry.get("kind") not in KINDS or not entry.get("reason"):
            raise ValueError(f"{EQUIVALENT.name}: {entry} needs a kind in {KINDS} and a reason")
        explained[(entry["module"], entry["original"], entry["mutant"])] = entry
    return explained


def score(counts: dict, equivalent: int) -> float:
    """Killed among the mutants tried that are not equivalent (a run cut short leaves some
    untested: RESULTS.md lists how many)."""
    tried = counts["mutants"] - counts.get("untested", 0) - equivalent
    return counts["killed"] / max(1, tried)


def summary_line(record: dict) -> str:
    return (f"{record['module']}: {record['killed']} of {record['mutants']} killed, "
            f"{len(record['survivors'])} survived, {record['untested']} untested "
            f"({record.get('seconds', '?')} s)")


def write_report() -> None:
    REPORT.write_text(render(load_all(), explanations()))


def render(records: list[dict], explained: dict) -> str:
    packages = config.core_packages()
    rows, lists = [], []
    for package in packages:
        members = [r for r in records if config.package_of(r["module"], packages) == package]
        total = len([m for m in config.core_modules() if config.package_of(m, packages) == package])
        counts = {key: sum(r[key] for r in members) for key in ("mutants", "killed", "untested")}
        equivalent = sum(r.get("annotations", 0) for r in members)
        unexplained = 0
        for record in members:
            for survivor in record["survivors"]:
                entry = explained.get((record["module"], survivor["original"], survivor["mutant"]))
                if entry is None:
                    unexplained += 1
                else:
                    equivalent += entry["kind"] == "equivalent"
        shown = f"{score(counts, equivalent):.1%}" if counts["mutants"] else "-"
        rows.append(f"| `{package}` | {len(members)} of {total} | {counts['mutants']} | "
                    f"{counts['untested']} | {counts['killed']} | {equivalent} | {unexplained} "
                    f"| {shown} |")
    for record in records:
        open_survivors = [s for s in record["survivors"]
                          if (record["module"], s["original"], s["mutant"]) not in explained]
        if open_survivors:
            lists.append(f"\n### `{record['module']}`\n")
            lists += [f"- line {s['line']}: `{s['original']}` → `{s['mutant'] or '(removed)'}`"
                      for s in open_survivors]
    modules = [f"| `{r['module']}` | {r['mutants']} | {r['killed']} | {len(r['survivors'])} | "
               f"{r['untested']} | {r.get('seconds', '?')} | {r.get('commit', '?')} |"
               for r in records]
    return "\n".join([
        "# Mutation results",
        "",
        "Written by `python -m tests.mutation.run` (CONTRIBUTING.md, \"Mutation testing\"). Score:",
        "killed / (mutants tried - equivalent); a run cut short leaves mutants untested, and a",
        "package counts as done when none is. Survivors explained in `equivalent.toml` are not",
        "listed.",
        "",
        "| package | modules run | mutants | untested | killed | equivalent | unexplained "
        "| score |",
        "|---|---|---|---|---|---|---|---|",
        *rows,
        "",
        "## Modules",
        "",
        "| module | mutants | killed | survived | untested | seconds | commit |",
        "|---|---|---|---|---|---|---|",
        *modules,
        "",
        "## Survivors without an explanation",
        *(lists or ["", "None."]),
        "",
    ])
