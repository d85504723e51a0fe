"""`ag.saved_model`: `save` an object's variables, functions and signatures to a directory,
and `load` them in another process, without its code (TensorFlow's `tf.saved_model`).

>>> import tempfile, autograph as ag
>>> module = ag.Module()
>>> module.v = ag.Variable(2.0)
>>> module.double = ag.function(lambda x: x * module.v,
...                             input_signature=[ag.TensorSpec([], ag.float32)])
>>> with tempfile.TemporaryDirectory() as export_dir:
...     ag.saved_model.save(module, export_dir)
...     loaded = ag.saved_model.load(export_dir)
>>> float(loaded.double(4.0)), float(loaded.signatures["serving_default"](x=1.0)["output_0"])
(8.0, 2.0)
"""

import sys as _sys

from autograph.impl.coverage import install_namespace as _install_namespace
from autograph.impl.tracebacks import filter_exports as _filter_exports
from autograph.runtime.saving.saved_model import contains_export as contains_saved_model
from autograph.runtime.saving.saved_model import load, save

__all__ = ["contains_saved_model", "load", "save"]


def __dir__() -> list[str]:
    """The public names only (`__all__`), not the modules this one imports."""
    return __all__


_filter_exports(globals())  # errors show the user's frames
_install_namespace(_sys.modules[__name__])  # loaded on first use: autograph/__init__.py
