"""Python functions as ops: `ag.py_function` and `ag.numpy_function`."""
