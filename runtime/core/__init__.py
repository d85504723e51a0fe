"""The lowest layer: dtypes, shapes, errors, devices, the random seed, traceback filtering.

Imports nothing else of the project.
"""
