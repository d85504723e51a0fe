"""`import autograph` leaves Keras, optimizers, data, linalg, the converter, the jit, gradients'
tables and the command line to load on first use; the names are there all the same."""

import json
import os
import pathlib
import subprocess
import sys

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[1]
ON_FIRST_USE = ["autograph.cli", "autograph.converters", "autograph.data",
                "autograph.impl.transpiler", "autograph.keras", "autograph.linalg",
                "autograph.optimizers", "autograph.pyct.cfg", "autograph.runtime.data",
                "autograph.runtime.exec.jit", "autograph.runtime.gradients.math_grad",
                "autograph.runtime.train", "autograph.train",
                "difflib"]  # for misspelt names: errors only
PROGRAM = """
import json, sys
import autograph as ag
loaded_at_import = sorted(set(sys.argv[1:]) & set(sys.modules))
listed = [name for name in ("data", "keras", "linalg", "norm", "optimizers", "train")
          if name in dir(ag) and name in ag.__all__]
print(json.dumps([loaded_at_import, listed]))
"""


def _fresh_python(*args):
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    result = subprocess.run([sys.executable, *args], cwd=ROOT, env=env, capture_output=True,
                            text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    return result.stdout


def test_import_loads_none_of_what_loads_on_first_use_and_dir_lists_it_all():
    loaded, listed = json.loads(_fresh_python("-c", PROGRAM, *ON_FIRST_USE))
    assert loaded == []
    assert listed == ["data", "keras", "linalg", "norm", "optimizers", "train"]


def test_a_namespace_loaded_on_first_use_is_the_module_of_its_name():
    import autograph as ag
    import autograph.keras
    import autograph.train

    assert ag.keras is autograph.keras and ag.compat.v1.train is autograph.train
    assert ag.norm is ag.linalg.norm


def test_a_missing_name_of_a_namespace_imported_directly_says_so():
    from autograph.keras import layers

    with pytest.raises(AttributeError, match=r"does not provide tf\.keras\.layers\.ConvLSTM2D yet"):
        layers.ConvLSTM2D  # noqa: B018


def test_a_misspelt_name_in_compat_v1_suggests_the_closest():
    import autograph as ag

    with pytest.raises(AttributeError, match="Did you mean: 'train'"):
        ag.compat.v1.trian  # noqa: B018
