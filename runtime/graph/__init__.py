"""Dataflow graphs: tensors (eager and symbolic), operations, graphs and function graphs, the
conversion of Python values to tensors, tensor specs, printing and linting, `init_scope`, and
the default session stack that `Tensor.eval` reads.

Imports `core` and `registry`. What needs a higher layer arrives through a hook that layer
installs: Tensor's Python operators (`ops.operators`), stacking lists of tensors
(`tensor_conversion.set_list_packer`), the user's line in converted code
(`graph.set_generated_source_resolver`).
"""
