"""Runs a ported guide's cells (`checkpoint_guide.py`, `saved_model_guide.py`,
`basics_guide.py`, `advanced_autodiff_guide.py`, `data_guide.py`, ...) with TensorFlow and
prints what each shows, as the guide module's `TENSORFLOW` dict records it. Run it with
TensorFlow's Python, from an empty scratch directory (the cells write files there):

    cd "$(mktemp -d)" && PYTHONPATH=/path/to/repo /path/to/tensorflow/python \\
        -m tests.guides.record checkpoint_guide
"""

import importlib
import pprint
import sys

from tests.guides import notebook

if __name__ == "__main__":
    guide = importlib.import_module(f"tests.guides.{sys.argv[1]}")
    pprint.pprint(notebook.run_cells(guide.CELLS), width=100, sort_dicts=False)
