"""`frame_line` reads a running frame's line from a per-code table, and agrees with
`frame.f_lineno` everywhere in a function, however long."""

import sys

from autograph.runtime.graph.source_lines import frame_line


def _lines_seen(source: str) -> list[tuple[int, int]]:
    seen: list[tuple[int, int]] = []
    namespace = {"record": lambda: seen.append(
        (frame_line(sys._getframe(1)), sys._getframe(1).f_lineno))}
    exec(compile(source, "<frame-lines>", "exec"), namespace)
    namespace["f"]()
    return seen


def test_frame_line_matches_f_lineno_on_every_line_of_a_long_function():
    source = "def f():\n" + "    record()\n" * 500
    seen = _lines_seen(source)
    assert [ours for ours, _ in seen] == list(range(2, 502))
    assert all(ours == theirs for ours, theirs in seen)


def test_frame_line_matches_f_lineno_in_loops_and_branches():
    source = ("def f():\n"
              "    for i in range(3):\n"
              "        if i % 2:\n"
              "            record()\n"
              "        else:\n"
              "            x = [record()\n"
              "                 for _ in range(1)]\n"
              "    while False:\n"
              "        pass\n"
              "    return record()\n")
    seen = _lines_seen(source)
    assert [ours for ours, _ in seen] == [6, 4, 6, 10]
    assert all(ours == theirs for ours, theirs in seen)


def test_equal_code_objects_at_different_lines_keep_their_own_lines():
    first = _lines_seen("def f():\n    record()\n")
    second = _lines_seen("\n\ndef f():\n    record()\n")
    assert (first, second) == ([(2, 2)], [(4, 4)])
