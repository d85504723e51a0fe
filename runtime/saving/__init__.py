"""Exports that leave the process: SavedModel-style directories (`saved_model/`) and ONNX
files (`onnx/`). The layer above `train`: it saves functions, modules and Keras models."""
