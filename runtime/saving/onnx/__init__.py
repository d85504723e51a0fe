"""ONNX files both ways: `export` writes a traced function (or a Keras model) as an ONNX model,
`load` runs an ONNX model on our runtime.

`export.py` resolves what to export and writes the file; `export_graph.py` walks our graphs
and names their values; `export_*ops.py` are the op table (one small function per op type of
ours). `load.py` reads a file and traces it into a function; `import_*ops.py` are the table
the other way (one small function per ONNX op type). `onnx_module.py` imports the optional
`onnx` package, with a message naming the extra when it is missing.
"""
