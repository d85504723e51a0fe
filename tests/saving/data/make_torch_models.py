"""Writes the PyTorch-exported ONNX fixtures of tests/saving/test_onnx_load.py and prints
PyTorch's outputs on the tests' inputs (recorded there as expected values).

Not run by the test suite. Made with torch 2.13.0+cpu (CPU wheel) and onnx 1.23.2, exported by
`torch.onnx.export(..., dynamo=False)` at opset 17 with a dynamic batch axis:

    python3 -m venv /tmp/torchenv
    /tmp/torchenv/bin/pip install torch --index-url https://download.pytorch.org/whl/cpu
    /tmp/torchenv/bin/pip install onnx numpy
    /tmp/torchenv/bin/python tests/saving/data/make_torch_models.py
"""

import os

import numpy as np
import torch
from torch import nn

OPSET = 17
HERE = os.path.dirname(os.path.abspath(__file__))


def cnn_inputs() -> np.ndarray:
    """The CNN test input: 2 images of 1x8x8 (NCHW)."""
    return np.linspace(-1.0, 1.0, 2 * 64, dtype=np.float32).reshape(2, 1, 8, 8) ** 3


def mlp_inputs() -> np.ndarray:
    """The MLP test input: 3 rows of 6 features."""
    return np.cos(np.arange(18, dtype=np.float32)).reshape(3, 6)


def cnn() -> nn.Module:
    torch.manual_seed(0)
    model = nn.Sequential(
        nn.Conv2d(1, 4, 3, padding=1), nn.BatchNorm2d(4), nn.ReLU(), nn.MaxPool2d(2),
        nn.Conv2d(4, 6, 3, padding=1), nn.ReLU(), nn.AvgPool2d(2), nn.Flatten(),
        nn.Linear(24, 10), nn.Softmax(dim=1))
    batch_norm = model[1]  # statistics other than the defaults, so the test sees them used
    batch_norm.running_mean.copy_(torch.linspace(-0.5, 0.5, 4))
    batch_norm.running_var.copy_(torch.linspace(0.5, 2.0, 4))
    with torch.no_grad():
        batch_norm.weight.copy_(torch.linspace(0.8, 1.2, 4))
        batch_norm.bias.copy_(torch.linspace(-0.1, 0.1, 4))
        model[8].weight.mul_(8.0)  # spread the probabilities, so they show small errors
    return model.eval()


def mlp() -> nn.Module:
    torch.manual_seed(1)
    return nn.Sequential(nn.Linear(6, 16), nn.Tanh(), nn.Linear(16, 8), nn.Sigmoid(),
                         nn.Linear(8, 3)).eval()


def write(model: nn.Module, example: np.ndarray, name: str) -> None:
    path = os.path.join(HERE, name)
    torch.onnx.export(model, (torch.from_numpy(example),), path, opset_version=OPSET,
                      input_names=["input"], output_names=["output"],
                      dynamic_axes={"input": {0: "batch"}, "output": {0: "batch"}},
                      dynamo=False)
    with torch.no_grad():
        output = model(torch.from_numpy(example)).numpy()
    print(name, os.path.getsize(path), "bytes")
    print(np.array2string(output, precision=9, separator=", ", floatmode="unique"))


if __name__ == "__main__":
    print("torch", torch.__version__)
    write(cnn(), cnn_inputs(), "torch_cnn.onnx")
    write(mlp(), mlp_inputs(), "torch_mlp.onnx")
