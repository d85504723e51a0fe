"""Comparing what a guide's cell shows here with what it showed under TensorFlow, where the
difference is not the point: terminal control codes, addresses, times, random numbers."""

import re

NUMBER = r"-?\d+\.\d*(?:e[-+]?\d+)?"


def displayed(text):
    """`text` as a terminal or a notebook shows it: a carriage return goes back to the line's
    start, a backspace one character back, `ESC[K` clears the rest of the line, colour codes
    are not seen, nor spaces at a line's end."""
    lines = []
    for line in text.split("\n"):
        shown, at = [], 0
        for token in re.findall(r"\x1b\[[0-9;]*[A-Za-z]|.", line, re.S):
            if token == "\r":
                at = 0
            elif token == "\b":
                at = max(at - 1, 0)
            elif token == "\x1b[K":
                del shown[at:]
            elif not token.startswith("\x1b"):
                shown[at:at + 1] = [token]
                at += 1
        lines.append("".join(shown).rstrip(" "))
    return "\n".join(lines)


def normal(text):
    """As displayed, without what differs between two runs of one program: addresses,
    module paths, the times of a progress bar."""
    text = re.sub(r"0x[0-9a-f]+", "0x?", displayed(text))
    text = re.sub(r"<(?:\w+\.)+(\w+) object at", r"<\1 object at", text)
    return re.sub(r"\b\d+(?:ms|us|s)\b", "#s", text)


def masked(text):
    """Numbers replaced by #, without the spaces NumPy aligns them with."""
    text = re.sub(r" +", " ", re.sub(NUMBER, "#", normal(text)))
    return re.sub(r"\[ ", "[", re.sub(r" ([\],])", r"\1", text))
