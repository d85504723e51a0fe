"""`ag.keras.layers`: Keras 3's layers (core, convolution, pooling, normalization, reshaping,
merge, activation, preprocessing and recurrent layers), `Input` and `InputLayer`, and the base
`Layer`."""

from autograph.impl.tracebacks import filter_exports as _filter_exports
from autograph.runtime.train.keras.activation_layers import Activation, LeakyReLU, ReLU, Softmax
from autograph.runtime.train.keras.base_layer import Layer
from autograph.runtime.train.keras.bidirectional import Bidirectional
from autograph.runtime.train.keras.conv_layers import Conv2D, MaxPooling2D
from autograph.runtime.train.keras.conv_variants import Conv1D, DepthwiseConv2D
from autograph.runtime.train.keras.embedding_layer import Embedding
from autograph.runtime.train.keras.lambda_layer import Lambda
from autograph.runtime.train.keras.layers import Dense, Dropout, Flatten
from autograph.runtime.train.keras.merge_layers import (
    Add,
    Average,
    Concatenate,
    Maximum,
    Minimum,
    Multiply,
    Subtract,
)
from autograph.runtime.train.keras.model import Input, InputLayer
from autograph.runtime.train.keras.normalization_layers import (
    BatchNormalization,
    LayerNormalization,
)
from autograph.runtime.train.keras.pooling_layers import (
    AveragePooling1D,
    AveragePooling2D,
    GlobalAveragePooling1D,
    GlobalAveragePooling2D,
    GlobalMaxPooling1D,
    GlobalMaxPooling2D,
    MaxPooling1D,
)
from autograph.runtime.train.keras.preprocessing_layers import Normalization, Rescaling
from autograph.runtime.train.keras.recurrent import GRU, LSTM, RNN, SimpleRNN
from autograph.runtime.train.keras.reshaping_layers import (
    Permute,
    RepeatVector,
    Reshape,
    ZeroPadding2D,
)
from autograph.runtime.train.keras.rnn_cells import GRUCell, LSTMCell, SimpleRNNCell

__all__ = ["Layer", "Dense", "Conv2D", "MaxPooling2D", "Flatten", "Dropout", "Input",
           "InputLayer", "Add", "Average", "Concatenate", "Maximum", "Minimum", "Multiply",
           "Subtract", "BatchNormalization", "LayerNormalization", "Embedding", "Conv1D",
           "DepthwiseConv2D", "AveragePooling1D", "AveragePooling2D", "MaxPooling1D",
           "GlobalAveragePooling1D", "GlobalAveragePooling2D", "GlobalMaxPooling1D",
           "GlobalMaxPooling2D", "Activation", "ReLU", "LeakyReLU", "Softmax", "Reshape",
           "Permute", "RepeatVector", "ZeroPadding2D", "Lambda", "Normalization", "Rescaling",
           "RNN", "SimpleRNN", "LSTM", "GRU", "SimpleRNNCell", "LSTMCell", "GRUCell",
           "Bidirectional"]

# Keras's other names of the same classes
AvgPool1D, AvgPool2D, MaxPool1D, MaxPool2D = (AveragePooling1D, AveragePooling2D, MaxPooling1D,
                                              MaxPooling2D)
GlobalAvgPool1D, GlobalAvgPool2D = GlobalAveragePooling1D, GlobalAveragePooling2D
GlobalMaxPool1D, GlobalMaxPool2D = GlobalMaxPooling1D, GlobalMaxPooling2D
Convolution1D, Convolution2D = Conv1D, Conv2D
__all__ += ["AvgPool1D", "AvgPool2D", "MaxPool1D", "MaxPool2D", "GlobalAvgPool1D",
            "GlobalAvgPool2D", "GlobalMaxPool1D", "GlobalMaxPool2D", "Convolution1D",
            "Convolution2D"]


def __dir__() -> list[str]:
    """The public names only (`__all__`), not the modules this one imports."""
    return __all__


_filter_exports(globals())  # errors show the user's frames
