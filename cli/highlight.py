"""ANSI colours for Python source and unified diffs, with `tokenize` (no dependency).

Keywords are bold blue, strings green, numbers cyan, comments grey, and the operator calls of
converted code (`ag__.while_stmt`) bold yellow, so the generated scaffolding stands out from
the user's own statements. A diff colours its removed lines red, added lines green and hunk
headers cyan.

>>> python("x = 1  # one") == f"x = {CYAN}1{RESET}  {GREY}# one{RESET}"
True
>>> use_color("never"), use_color("always")
(False, True)
"""

from __future__ import annotations

import io
import keyword
import os
import sys
import tokenize
from typing import TextIO

RESET = "\033[0m"
BOLD_BLUE = "\033[1;34m"
GREEN = "\033[32m"
CYAN = "\033[36m"
GREY = "\033[90m"
RED = "\033[31m"
BOLD = "\033[1m"
BOLD_YELLOW = "\033[1;33m"

_STRING_TOKENS = {tokenize.STRING} | {getattr(tokenize, name) for name in (
    "FSTRING_START", "FSTRING_MIDDLE", "FSTRING_END") if hasattr(tokenize, name)}
_KEYWORDS = frozenset(keyword.kwlist)  # not `match`, `case`, `type`: also plain names
OPERATORS_MODULE = "ag__"  # the name converted code gives `autograph.operators`


def use_color(mode: str, stream: TextIO | None = None) -> bool:
    """Whether to colour output for `--color MODE`: `always`, `never`, or `auto` (when the
    stream is a terminal and the `NO_COLOR` environment variable is not set)."""
    if mode != "auto":
        return mode == "always"
    stream = stream or sys.stdout
    return stream.isatty() and not os.environ.get("NO_COLOR")


def python(source: str) -> str:
    """`source` with ANSI colours; text that does not tokenize is left as it is from there on."""
    offsets = _line_offsets(source)
    out, done = [], 0
    tokens = _tokens(source)
    for i, token in enumerate(tokens):
        color = _color(token, tokens[i + 1:i + 3])
        if color is None:
            continue
        start = offsets[token.start[0] - 1] + token.start[1]
        end = offsets[token.end[0] - 1] + token.end[1]
        if color is BOLD_YELLOW:  # `ag__.name`: the three tokens in one colour
            end = offsets[tokens[i + 2].end[0] - 1] + tokens[i + 2].end[1]
        if start < done:
            continue
        out += [source[done:start], color, source[start:end], RESET]
        done = end
    return "".join(out) + source[done:]


def diff(lines: list[str]) -> str:
    """Lines of a unified diff (each ending with a newline), coloured by kind."""
    out = []
    for line in lines:
        if line.startswith(("+++", "---")):
            color = BOLD
        elif line.startswith("@@"):
            color = CYAN
        elif line.startswith("+"):
            color = GREEN
        elif line.startswith("-"):
            color = RED
        else:
            out.append(line)
            continue
        text = line.rstrip("\n")
        out.append(f"{color}{text}{RESET}{line[len(text):]}")
    return "".join(out)


def _tokens(source: str) -> list[tokenize.TokenInfo]:
    tokens = []
    try:
        for token in tokenize.generate_tokens(io.StringIO(source).readline):
            tokens.append(token)
    except (tokenize.TokenError, SyntaxError):
        pass  # the tokens up to the error are coloured
    return tokens


def _color(token: tokenize.TokenInfo, following: list[tokenize.TokenInfo]) -> str | None:
    kind = token.type
    if kind == tokenize.NAME:
        if token.string == OPERATORS_MODULE and len(following) == 2 and (
                following[0].string == "." and following[1].type == tokenize.NAME):
            return BOLD_YELLOW
        return BOLD_BLUE if token.string in _KEYWORDS else None
    if kind in _STRING_TOKENS:
        return GREEN
    if kind == tokenize.NUMBER:
        return CYAN
    if kind == tokenize.COMMENT:
        return GREY
    return None


def _line_offsets(source: str) -> list[int]:
    """The offset in `source` of the start of each line (1-based lines at index line - 1)."""
    offsets, total = [], 0
    for line in io.StringIO(source).readlines():  # lines as `tokenize` counts them
        offsets.append(total)
        total += len(line)
    offsets.append(total)
    return offsets
