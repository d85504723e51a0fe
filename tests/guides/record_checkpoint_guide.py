"""Runs the checkpoint guide's cells (`checkpoint_guide.py`) with TensorFlow and prints what
each shows, as the `TENSORFLOW` dict recorded there. Run it with TensorFlow's Python, from
the repository root, in an empty scratch directory's stead (it writes checkpoints there):

    cd "$(mktemp -d)" && PYTHONPATH=/path/to/repo /path/to/tensorflow/python \\
        -m tests.guides.record_checkpoint_guide
"""

import pprint

from tests.guides import checkpoint_guide, notebook

if __name__ == "__main__":
    pprint.pprint(notebook.run_cells(checkpoint_guide.CELLS), width=100, sort_dicts=False)
