"""autograph: write plain Python, run it as a dataflow graph on NumPy or CuPy.

Users write `import autograph as ag`; names and behaviour follow TensorFlow 2. `dir(ag)` and
`from autograph import *` show the public API (`__all__`) only: the implementation modules
(`autograph.impl.api`, `autograph.operators`, ...) stay importable by their full names but are not
names of the API.

>>> import autograph as ag
>>> ag.add(ag.constant([1.0, 2.0]), 1.0)
<ag.Tensor: shape=(2,), dtype=float32, numpy=array([2., 3.], dtype=float32)>
"""

import importlib as _importlib
import sys as _sys
from types import ModuleType as _ModuleType

from autograph import _layout

_layout.install()  # in a checkout: runtime/, kernels/ and cli/ beside this folder
from autograph import (  # noqa: E402
    autograph,
    config,
    debugging,
    dtypes,
    errors,
    initializers,
    math,
    nn,
    ragged,
    random,
    strings,
    test,
)
from autograph import kernels as _kernels  # noqa: F401  (registers every kernel)
from autograph import operators as _operators  # noqa: E402
from autograph.impl import api  # noqa: E402
from autograph.impl.api import convert, do_not_convert, to_code, to_graph  # noqa: E402
from autograph.pyct.errors import ConversionError, StagingError  # noqa: E402
from autograph.runtime.core.dtypes import (  # noqa: A004
    DType,
    as_dtype,
    complex64,
    complex128,
    double,
    float16,
    float32,
    float64,
    half,
    int8,
    int16,
    int32,
    int64,
    string,
    uint8,
    uint16,
    uint32,
    uint64,
)
from autograph.runtime.core.dtypes import bool_ as bool
from autograph.runtime.core.tensor_shape import TensorShape
from autograph.runtime.exec.session import Session, get_default_session
from autograph.runtime.gradients import (
    GradientTape,
    RegisterGradient,
    UnconnectedGradients,
    custom_gradient,
    gradients,
    no_gradient,
    recompute_grad,
)
from autograph.runtime.graph import source_lines as _source_lines
from autograph.runtime.graph.graph import device
from autograph.runtime.graph.tensor import Tensor
from autograph.runtime.graph.tensor_conversion import convert_to_tensor
from autograph.runtime.graph.tensor_spec import TensorSpec
from autograph.runtime.graph.type_spec import TypeSpec, type_spec_from_value
from autograph.runtime.ops.array.ops import *  # noqa: F401,F403
from autograph.runtime.ops.complex.ops import complex  # noqa: A004
from autograph.runtime.ops.control_flow.ops import *  # noqa: F401,F403
from autograph.runtime.ops.creation.ops import *  # noqa: F401,F403
from autograph.runtime.ops.graph.ops import *  # noqa: F401,F403
from autograph.runtime.ops.logging.ops import print  # noqa: A004
from autograph.runtime.ops.math.clip import clip_by_global_norm, clip_by_norm  # noqa: E402
from autograph.runtime.ops.math.ops import *  # noqa: F401,F403
from autograph.runtime.ops.ragged.ops import RaggedTensor, RaggedTensorSpec
from autograph.runtime.ops.script.ops import numpy_function, py_function
from autograph.runtime.ops.sparse.indexed_slices import IndexedSlices, IndexedSlicesSpec
from autograph.runtime.ops.sparse.indexed_slices import IndexedSlicesValue as _IndexedSlicesValue
from autograph.runtime.ops.sparse.sparse_tensor import SparseTensor, SparseTensorSpec
from autograph.runtime.ops.sparse.sparse_tensor import SparseTensorValue as _SparseTensorValue
from autograph.runtime.ops.state.ops import *  # noqa: F401,F403
from autograph.runtime.state.collections import *  # noqa: F401,F403
from autograph.runtime.state.creator_scope import *  # noqa: F401,F403
from autograph.runtime.state.initializers import *  # noqa: F401,F403
from autograph.runtime.state.module import Module
from autograph.runtime.state.templates import make_template
from autograph.runtime.state.variable_scope import *  # noqa: F401,F403
from autograph.runtime.state.variables import Variable

_operators.set_conversion_hook(api.conversion_hook)
_source_lines.set_generated_source_resolver(api.user_line)  # op sources name user lines
from autograph.operators import raising_branches as _raising_branches  # noqa: E402
from autograph.runtime.function import function as _function  # noqa: E402
from autograph.runtime.function.concrete_function import ConcreteFunction  # noqa: E402,F401
from autograph.runtime.function.function import Function, function  # noqa: E402,F401
from autograph.runtime.function.map_fn import map_fn  # noqa: E402,F401
from autograph.runtime.graph.init_scope import init_scope  # noqa: E402,F401

_function.set_conversion_hook(api.to_graph)
_function.set_error_holder(_raising_branches.raise_after_held)
from autograph.impl.tracebacks import filter_exports as _filter_exports  # noqa: E402

_filter_exports(globals())  # errors of ag.add, ag.constant, ... show the user's frames
from autograph import types  # noqa: E402

# Loaded on first use (PEP 562): most programs touch few of them, and together they are about
# a third of the package. A name maps to its module, or to "module:attribute".
_ON_FIRST_USE = {
    "data": "autograph.data",
    "distribute": "autograph.distribute",
    "experimental": "autograph.experimental",
    "image": "autograph.image",
    "io": "autograph.io",
    "keras": "autograph.keras",
    "linalg": "autograph.linalg",
    "norm": "autograph.linalg:norm",
    "onnx": "autograph.onnx",
    "optimizers": "autograph.optimizers",
    "profiler": "autograph.profiler",
    "saved_model": "autograph.saved_model",
    "sparse": "autograph.sparse",
    "summary": "autograph.summary",
    "train": "autograph.train",
}
# The namespaces of the API; every other module is an implementation module.
_NAMESPACES = ("autograph", "compat", "config", "data", "debugging", "distribute", "dtypes",
               "errors", "experimental", "image", "initializers", "io", "keras", "linalg", "math",
               "nn", "onnx", "optimizers", "profiler", "ragged", "random", "saved_model", "sparse",
               "strings", "summary", "test", "train", "types")
__all__ = sorted([*_ON_FIRST_USE, *(
    name for name, value in globals().items() if not name.startswith("_") and (
        not isinstance(value, _ModuleType) or name in _NAMESPACES))])
from autograph import compat  # noqa: E402

compat.v1.__dict__.update({name: globals()[name] for name in __all__  # TensorFlow 1's names
                           if name not in _ON_FIRST_USE})
compat.v1.__dict__["NotDifferentiable"] = no_gradient  # TensorFlow 1's name for it
from autograph.runtime.core import dimension as _dimension  # noqa: E402
from autograph.runtime.graph.tensor import (  # noqa: E402
    disable_tensor_equality as _disable_tensor_equality,
)
from autograph.runtime.graph.tensor import enable_tensor_equality as _enable_tensor_equality

compat.v1.__dict__.update(enable_tensor_equality=_enable_tensor_equality,
                          disable_tensor_equality=_disable_tensor_equality,
                          SparseTensorValue=_SparseTensorValue,
                          IndexedSlicesValue=_IndexedSlicesValue,
                          **{name: getattr(_dimension, name) for name in _dimension.__all__})
compat.v1.__dict__["__all__"] = [*__all__, "NotDifferentiable", "enable_tensor_equality",
                                 "disable_tensor_equality", "SparseTensorValue",
                                 "IndexedSlicesValue", *_dimension.__all__]
__all__.append("compat")
__version__ = "0.1.0"


def __dir__() -> list[str]:
    """The public API (Python sets every imported submodule as an attribute of its package;
    those stay out of sight)."""
    return __all__ + [name for name in globals() if name.startswith("__")]


from autograph.impl import coverage as _coverage  # noqa: E402


def __getattr__(name: str) -> object:
    """A name loaded on first use; otherwise, for a name autograph does not have, whether
    TensorFlow has it (and whether it is planned), or the closest name autograph has (see
    autograph/impl/coverage.py)."""
    if name not in _ON_FIRST_USE:
        raise _coverage.missing_name(_sys.modules[__name__], name)
    module, _, attribute = _ON_FIRST_USE[name].partition(":")
    value = _importlib.import_module(module)
    value = getattr(value, attribute) if attribute else value
    globals()[name] = value
    return value


def _compat_v1_getattr(name: str) -> object:
    if name not in _ON_FIRST_USE:
        raise _coverage.missing_name(compat.v1, name)
    return __getattr__(name)


compat.v1.__getattr__ = _compat_v1_getattr  # type: ignore[method-assign]
_coverage.install(_sys.modules[__name__])
