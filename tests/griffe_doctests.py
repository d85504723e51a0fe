"""griffe extension (mkdocs.yml): docstring examples render as code, not as Markdown.

A docstring's `>>>` examples, with their output up to the next blank line, become a fenced
`pycon` block; read as Markdown, `[[1, 2], [3, 4]]` in an output would be a link.
"""

from __future__ import annotations

from typing import Any

import griffe


def fence_examples(text: str) -> str:
    """`text` with each run of doctest lines (a `>>>` line up to a blank line) fenced."""
    out: list[str] = []
    inside = False
    for line in text.splitlines():
        starts = line.lstrip().startswith(">>>")
        if starts and not inside:
            out.append("```pycon")
            inside = True
        elif inside and not line.strip():
            out.append("```")
            inside = False
        out.append(line)
    if inside:
        out.append("```")
    return "\n".join(out)


class FenceExamples(griffe.Extension):
    def on_instance(self, *, obj: griffe.Object, **kwargs: Any) -> None:
        if obj.docstring is not None:
            obj.docstring.value = fence_examples(obj.docstring.value)
