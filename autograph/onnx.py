"""`ag.onnx`: ONNX files both ways (autograph's own: TensorFlow has no `tf.onnx`).

`export(f, path, input_signature=None, opset=None)` writes an `ag.function`, a
`ConcreteFunction` or a Keras model as an ONNX model and returns the `onnx.ModelProto`;
`load(path)` runs an ONNX model on autograph's runtime. Both need the `onnx` package
(`pip install "autograph-dataflow[onnx]"`). docs/onnx.md lists the ops that map each way.

>>> import autograph as ag, os, tempfile
>>> path = os.path.join(tempfile.mkdtemp(), "affine.onnx")
>>> f = ag.function(lambda x: 2.0 * x + 1.0, input_signature=[ag.TensorSpec([None])])
>>> _ = ag.onnx.export(f, path)
>>> ag.onnx.load(path)(ag.constant([1.0, 2.0])).numpy()
array([3., 5.], dtype=float32)
"""

import sys as _sys

from autograph.impl.coverage import install_namespace as _install_namespace
from autograph.impl.tracebacks import filter_exports as _filter_exports
from autograph.runtime.saving.onnx.export import export
from autograph.runtime.saving.onnx.load import LoadedModel, load

__all__ = ["LoadedModel", "export", "load"]


def __dir__() -> list[str]:
    """The public names only (`__all__`), not the modules this one imports."""
    return __all__


_filter_exports(globals())  # errors show the user's frames
_install_namespace(_sys.modules[__name__])  # loaded on first use: autograph/__init__.py
