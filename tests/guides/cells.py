"""Reading a ported guide: code cells, each followed by what TensorFlow printed.

The file's blocks start with `# %% cell N` (the cell's number in the notebook) and
`# %% TensorFlow 2.21 printed`, and are separated by one blank line; lines before the first
block are comments.
"""

import pathlib
import re

_MARK = re.compile(r"^# %% (cell (\d+)|TensorFlow [\d.]+ printed)\n", re.MULTILINE)


def read_cells(path: pathlib.Path) -> list[tuple[int, str, str]]:
    """(cell number, source, TensorFlow's output) for each cell of the file at `path`."""
    text = path.read_text()
    marks = list(_MARK.finditer(text))
    cells = []
    for code, printed in zip(marks[0::2], marks[1::2]):
        assert code.group(2) and not printed.group(2), f"{path}: blocks out of order"
        end = marks[marks.index(printed) + 1].start() if printed is not marks[-1] else len(text)
        source = text[code.end():printed.start()].rstrip("\n")
        output = text[printed.end():end]
        if printed is not marks[-1]:
            output = output[:-1]  # the blank line between blocks
        cells.append((int(code.group(2)), source, output))
    return cells
