"""Headline figures: each benchmark prints its main figures as `headline:` lines, which
`run.py` gathers into one table after all have run.

    headline("fizzbuzz plan / NumPy", 0.96, target="<= 1.05")
    # headline: fizzbuzz plan / NumPy = 0.96x (target <= 1.05)
"""

from __future__ import annotations

PREFIX = "headline: "


def headline(label: str, value: float, unit: str = "x", target: str | None = None) -> None:
    """Prints one headline figure: a ratio by default (`unit` "x"), or a time ("ms", "µs")."""
    text = f"{PREFIX}{label} = {value:.3g}{unit}"
    print(text + (f" (target {target})" if target else ""), flush=True)


def parse(line: str) -> tuple[str, str, str] | None:
    """(label, value, target) of a headline line, else None."""
    if not line.startswith(PREFIX):
        return None
    label, _, rest = line[len(PREFIX):].rstrip("\n").rpartition(" = ")
    value, _, target = rest.partition(" (target ")
    return label, value, target.rstrip(")")
