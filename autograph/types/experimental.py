"""`ag.types.experimental`: the function and trace types, as `tf.types.experimental`.

`TraceType` is what to subclass when a class of your own should decide how a `Function`
matches its instances (return one from `__tf_tracing_type__(self, context)`); the others name
what `ag.function` returns (`PolymorphicFunction`, also `GenericFunction` as TensorFlow
called it before), one trace of it (`ConcreteFunction`) and the type of a whole call
(`FunctionType`).

>>> import autograph as ag
>>> @ag.function
... def double(a):
...     return a + a
>>> isinstance(double, ag.types.experimental.PolymorphicFunction)
True
>>> concrete = double.get_concrete_function(ag.TensorSpec([], ag.int32))
>>> isinstance(concrete, ag.types.experimental.ConcreteFunction)
True
>>> isinstance(ag.TensorSpec([2]), ag.types.experimental.TraceType)
True
"""

from autograph.runtime.function.concrete_function import ConcreteFunction
from autograph.runtime.function.function import Function
from autograph.runtime.function.function_type import FunctionType
from autograph.runtime.function.trace_type import TraceType, TracingContext

PolymorphicFunction = Function
GenericFunction = Function

__all__ = ["ConcreteFunction", "FunctionType", "GenericFunction", "PolymorphicFunction",
           "TraceType", "TracingContext"]
