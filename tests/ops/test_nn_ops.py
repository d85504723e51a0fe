"""The neural-network ops (Conv2D and its backprops, pooling and its gradients, the softmax
cross-entropies, BiasAdd) give TensorFlow's answers, on every device.

The expected values are TensorFlow 2.21's (`tf.raw_ops`, CPU) for the same inputs, rounded to 6
decimals. TensorFlow's CPU kernels take no NCHW convolution or pooling; there the NCHW answer
is checked against the NHWC one, transposed.
"""

import warnings

import numpy as np
import pytest

import autograph as ag
from autograph.runtime import execute


def _data(shape, seed, dtype=np.float32):
    """Distinct values in [-1, 1], the same on every platform (TensorFlow got the same)."""
    return np.sin(np.arange(np.prod(shape)) * 0.91 + seed).reshape(shape).astype(dtype)


X, W = _data((2, 4, 3, 2), 1), _data((2, 2, 2, 3), 2)
P = _data((2, 5, 4, 3), 4)
LOGITS, LABELS = _data((3, 4), 7) * 3, np.abs(_data((3, 4), 8))
BIAS = _data((2,), 9)
CONV = {
    "same_strided": {"strides": [1, 2, 1, 1], "padding": "SAME"},
    "valid_dilated": {"strides": [1, 1, 1, 1], "padding": "VALID", "dilations": [1, 2, 1, 1]},
    "explicit_strided": {"strides": [1, 1, 2, 1], "padding": "EXPLICIT",
                         "explicit_paddings": [0, 0, 1, 0, 2, 1, 0, 0]},
}
POOL = {
    "same": {"ksize": [1, 3, 2, 1], "strides": [1, 2, 2, 1], "padding": "SAME"},
    "valid": {"ksize": [1, 2, 2, 1], "strides": [1, 1, 2, 1], "padding": "VALID"},
}

TF = {
    'conv2d_same_strided': [[[[0.378218, 0.337504, 0.036065], [0.225247, 0.658779, 0.583398],
        [-0.51217, 0.329179, 0.916234]], [[-0.356299, -0.788967, -0.612151], [0.429314, 0.464705,
        0.141108], [1.113768, 1.188803, 0.345477]]], [[[-0.324415, -0.218366, 0.056373], [-0.290075,
        -0.728951, -0.604706], [0.343985, -0.508694, -0.968403]], [[0.405288, 0.821941, 0.603639],
        [-0.385511, -0.35463, -0.049795], [-1.165712, -1.111987, -0.199243]]]],
    'conv2d_valid_dilated': [[[[0.560086, 0.052296, -0.495893], [0.15547, 0.509475, 0.469906]],
        [[0.158628, -0.359719, -0.60018], [0.558528, 0.481038, 0.031943]]], [[[-0.508082, 0.029463,
        0.544248], [-0.246677, -0.531315, -0.405507]], [[-0.063961, 0.416574, 0.575301], [-0.598209,
        -0.438097, 0.060449]]]],
    'conv2d_explicit_strided': [[[[0.0, 0.0, 0.0], [-0.225181, 0.243115, 0.523603], [-0.384168,
        -0.447012, -0.164536]], [[0.0, 0.0, 0.0], [0.378218, 0.337504, 0.036065], [-0.51217,
        0.329179, 0.916234]], [[0.0, 0.0, 0.0], [0.01612, -0.332012, -0.423662], [0.442424,
        1.116346, 0.92788]], [[0.0, 0.0, 0.0], [-0.356299, -0.788967, -0.612151], [1.113768,
        1.188803, 0.345477]]], [[[0.0, 0.0, 0.0], [0.215898, -0.18238, -0.439768], [0.382498,
        0.347329, 0.043846]], [[0.0, 0.0, 0.0], [-0.324416, -0.218366, 0.056373], [0.343985,
        -0.508694, -0.968403]], [[0.0, 0.0, 0.0], [0.059475, 0.443878, 0.485382], [-0.604309,
        -1.191872, -0.858704]], [[0.0, 0.0, 0.0], [0.405287, 0.821941, 0.603639], [-1.165712,
        -1.111987, -0.199243]]]],
    'backprop_input_same_strided': [[[[0.592724, 0.013586], [-1.613981, 1.685909], [1.189884,
        -1.540961]], [[-1.432559, 1.507332], [-0.393375, -0.298948], [1.032876, -0.437928]],
        [[-1.264731, 1.36385], [-0.150516, -0.546106], [0.842931, -0.137631]], [[-0.414819,
        -0.13982], [1.716315, -1.581373], [-1.646096, 1.796954]]], [[[0.241317, -0.912992],
        [1.71324, -1.325773], [-1.745765, 1.631723]], [[1.706115, -1.415126], [-0.738469, 1.341802],
        [0.052661, -0.747094]], [[1.105591, -0.761767], [-0.9793, 1.420402], [0.308334, -0.938428]],
        [[-0.710299, 1.073041], [-1.229323, 0.696506], [1.611368, -1.304274]]]],
    'backprop_filter_same_strided': [[[[0.833635, 0.377781, -0.369913], [1.598366, -0.012172,
        -1.613307]], [[-0.826068, -1.921584, -1.53266], [-2.254213, -0.940107, 1.10024]]],
        [[[-0.442605, 0.483515, 1.036115], [0.949844, 0.349558, -0.520764]], [[1.061234, -1.528693,
        -2.937692], [-1.014842, -1.888072, -1.30275]]]],
    'backprop_input_explicit': [[[[2.021609, -2.676354], [2.884067, -2.610052], [-1.008259,
        2.034494]], [[1.326281, -0.104722], [-1.134329, 2.183913], [-2.257532, 1.244764]],
        [[-2.896241, 2.745414], [-2.13602, 1.169846], [2.497014, -2.855368]], [[0.02723, -0.533675],
        [0.95098, -1.209443], [0.660388, -0.094831]]], [[[2.511328, -1.620522], [0.459041,
        0.779114], [-2.899845, 2.434472]], [[-2.239802, 2.774445], [-2.845672, 2.441585], [1.301489,
        -2.243682]], [[-1.034265, -0.209117], [1.41757, -2.389246], [2.041563, -0.95485]],
        [[1.675342, -1.542195], [1.151455, -0.568387], [-1.391985, 1.490181]]]],
    'backprop_filter_explicit': [[[[1.985802, 3.018128, 1.718925], [1.455641, 1.054846, -0.160827]],
        [[-0.059407, -0.626545, -0.709671], [-1.007794, -1.582283, -0.934445]]], [[[-1.026419,
        1.351143, 2.684936], [-0.026031, 1.494807, 1.860894]], [[0.372017, 0.345443, 0.052011],
        [0.426827, -0.529715, -1.077048]]]],
    'max_pool_same': [[[[0.708918, 0.977193, 0.767401], [0.999186, 0.645096, 0.991925]], [[0.975877,
        0.998921, 0.771304], [0.999186, 0.953273, 0.991132]], [[0.975877, 0.869662, 0.923488],
        [0.823585, 0.953273, 0.909189]]], [[[0.886747, 0.967452, 0.793556], [0.941868, 0.843328,
        0.98575]], [[0.996623, 0.967452, 0.995824], [0.737807, 0.999989, 0.98575]], [[0.984158,
        0.683262, 0.995824], [0.799132, 0.965078, 0.743999]]]],
    'avg_pool_same': [[[[-0.136917, -0.102651, 0.010913], [-0.075794, -0.138446, -0.094147]],
        [[0.05071, 0.009175, -0.039447], [0.054863, 0.048108, 0.00419]], [[-0.053757, 0.068151,
        0.137412], [-0.130495, -0.042447, 0.078392]]], [[[0.072434, -0.049145, -0.132759],
        [0.136187, 0.061882, -0.060227]], [[0.007129, 0.049684, 0.053858], [-0.037237, 0.012078,
        0.052063]], [[-0.09924, -0.137672, -0.069751], [0.003828, -0.107297, -0.135534]]]],
    'max_pool_grad_same': [[[[0.0, 0.0, 0.0], [0.0, -0.364583, 0.511401], [0.0, 0.0, 0.0], [0.0,
        0.0, -0.124895]], [[-0.958924, 0.0, 0.0], [0.0, 0.0, 0.0], [1.576309, 0.706668, 0.0], [0.0,
        0.0, 0.0]], [[0.0, -0.930718, 0.0], [0.0, 0.0, 0.0], [0.0, 0.0, 0.642659], [0.0, 0.0, 0.0]],
        [[0.0, 0.0, -0.282473], [-1.070427, 0.0, 0.0], [0.0, 0.0, 0.0], [-0.198234, 1.65148, 0.0]],
        [[0.0, 0.0, 0.0], [0.0, -0.900986, -0.895501], [0.0, 0.0, 0.0], [0.0, 0.0, 0.998768]]],
        [[[0.573808, 0.0, 0.0], [0.0, 0.0, 0.0], [-0.853539, -0.112503, 0.0], [0.0, 0.0, 0.0]],
        [[0.0, 0.206214, -0.93521], [0.0, 0.0, 0.0], [0.0, 0.0, 0.68952], [-0.96239, 0.0, 0.0]],
        [[0.0, 0.0, 0.0], [0.990703, 0.0, 0.0], [0.0, 0.0, 0.0], [0.0, -0.805149, 0.0]], [[0.0, 0.0,
        0.0], [0.0, 0.975177, 0.047517], [0.0, 0.0, 0.0], [0.0, 0.0, -0.750694]], [[0.773328, 0.0,
        0.0], [0.0, 0.0, 0.0], [-0.455097, -0.982321, 0.0], [0.0, 0.0, 0.0]]]],
    'max_pool_grad_grad_same': [[[[-0.936333, -0.213564, -0.902363], [-0.379126, -0.96325,
        -0.297465]], [[-0.604625, -0.457931, 0.257761], [-0.379126, -0.67141, -0.533286]],
        [[-0.604625, 0.086965, -0.733138], [0.173015, -0.67141, 0.00026]]], [[[-0.789344, -0.172502,
        -0.883541], [-0.086446, -0.839604, -0.257258]], [[-0.340077, -0.172502, -0.497425],
        [-0.920822, -0.420334, -0.257258]], [[-0.570769, 0.379608, -0.497425], [0.214073, -0.639815,
        0.297963]]]],
    'avg_pool_grad_same': [[[[-0.239731, -0.091146, 0.12785], [-0.239731, -0.091146, 0.12785],
        [0.248081, 0.176667, -0.031224], [0.248081, 0.176667, -0.031224]], [[-0.38306, -0.246265,
        0.080772], [-0.38306, -0.246265, 0.080772], [0.345412, 0.343219, 0.075886], [0.345412,
        0.343219, 0.075886]], [[-0.143329, -0.15512, -0.047079], [-0.143329, -0.15512, -0.047079],
        [0.097331, 0.166552, 0.10711], [0.097331, 0.166552, 0.10711]], [[-0.195942, -0.380366,
        -0.270954], [-0.195942, -0.380366, -0.270954], [0.047772, 0.329594, 0.356802], [0.047772,
        0.329594, 0.356802]], [[-0.052613, -0.225246, -0.223875], [-0.052613, -0.225246, -0.223875],
        [-0.049559, 0.163043, 0.249692], [-0.049559, 0.163043, 0.249692]]], [[[0.143452, -0.073606,
        -0.233802], [0.143452, -0.073606, -0.233802], [-0.213385, -0.028126, 0.178861], [-0.213385,
        -0.028126, 0.178861]], [[0.308569, 0.009834, -0.296499], [0.308569, 0.009834, -0.296499],
        [-0.373783, -0.162317, 0.17454], [-0.373783, -0.162317, 0.17454]], [[0.165117, 0.083439,
        -0.062696], [0.165117, 0.083439, -0.062696], [-0.160398, -0.134191, -0.004321], [-0.160398,
        -0.134191, -0.004321]], [[0.358449, 0.327234, 0.043227], [0.358449, 0.327234, 0.043227],
        [-0.274172, -0.379772, -0.191994], [-0.274172, -0.379772, -0.191994]], [[0.193332, 0.243794,
        0.105923], [0.193332, 0.243794, 0.105923], [-0.113774, -0.24558, -0.187673], [-0.113774,
        -0.24558, -0.187673]]]],
    'max_pool_valid': [[[[0.708918, 0.977193, 0.767401], [0.999186, 0.645096, 0.991925]],
        [[0.708918, 0.998921, 0.581397], [0.999186, 0.713214, 0.991132]], [[0.975877, 0.998921,
        0.771304], [0.823585, 0.953273, 0.991132]], [[0.975877, 0.869662, 0.923488], [0.823585,
        0.953273, 0.909189]]], [[[0.886747, 0.967452, 0.793556], [0.941868, 0.843328, 0.98575]],
        [[0.996623, 0.967452, 0.793556], [0.737807, 0.999989, 0.98575]], [[0.996623, 0.683262,
        0.995824], [0.617378, 0.999989, 0.743999]], [[0.984158, 0.683262, 0.995824], [0.799132,
        0.965078, 0.743999]]]],
    'avg_pool_valid': [[[[-0.136917, -0.102651, 0.010913], [-0.075794, -0.138446, -0.094147]],
        [[0.033854, -0.085604, -0.138932], [0.121828, 0.022043, -0.09477]], [[0.131805, 0.115578,
        0.010066], [0.057397, 0.135117, 0.108458]], [[-0.053757, 0.068151, 0.137412], [-0.130495,
        -0.042447, 0.078392]]], [[[0.072434, -0.049145, -0.132759], [0.136187, 0.061882,
        -0.060227]], [[0.112749, 0.13329, 0.050864], [0.017127, 0.119363, 0.12939]], [[-0.08946,
        0.029017, 0.125078], [-0.138773, -0.079906, 0.040688]], [[-0.09924, -0.137672, -0.069751],
        [0.003828, -0.107297, -0.135534]]]],
    'max_pool_grad_valid': [[[[0.0, 0.0, 0.0], [0.0, -0.364583, 0.511401], [0.0, 0.0, 0.0], [0.0,
        0.0, -0.124895]], [[-1.8189, 0.0, 0.0], [0.0, 0.0, -0.282473], [1.576309, 0.706668, 0.0],
        [0.0, 0.0, 0.0]], [[0.0, -1.831704, 0.0], [0.0, 0.0, 0.0], [0.0, 0.999309, 1.641426], [0.0,
        0.0, 0.0]], [[0.0, 0.0, -0.895501], [0.363357, 0.0, 0.0], [0.0, 0.0, 0.0], [-1.051774,
        0.539668, 0.0]], [[0.0, 0.0, 0.0], [0.0, -0.294423, -0.93521], [0.0, 0.0, 0.0], [0.0, 0.0,
        0.715444]]], [[[0.990703, 0.0, 0.0], [0.0, 0.0, 0.0], [-0.96239, -0.805149, 0.0], [0.0, 0.0,
        0.0]], [[0.0, 1.475814, 0.047517], [0.0, 0.0, 0.0], [0.0, 0.0, -0.776618], [-0.455097, 0.0,
        0.0]], [[0.0, 0.0, 0.0], [0.834178, 0.0, 0.0], [0.0, 0.0, 0.0], [0.34356, -1.51291, 0.0]],
        [[0.0, 0.0, 0.0], [0.0, 0.972554, 1.823536], [0.0, 0.0, 0.0], [0.0, 0.0, -1.596938]],
        [[-0.690585, 0.0, 0.0], [0.0, 0.0, 0.0], [0.922261, 0.260838, 0.0], [0.0, 0.0, 0.0]]]],
    'max_pool_grad_grad_valid': [[[[-0.936333, -0.213564, -0.902363], [-0.379126, -0.96325,
        -0.297465]], [[-0.936333, -0.457931, 0.497877], [-0.379126, 0.340566, -0.533286]],
        [[-0.604625, -0.457931, 0.257761], [0.173015, -0.67141, -0.533286]], [[-0.604625, 0.086965,
        -0.733138], [0.173015, -0.67141, 0.00026]]], [[[-0.789344, -0.172502, -0.883541],
        [-0.086446, -0.839604, -0.257258]], [[-0.340077, -0.172502, -0.883541], [-0.920822,
        -0.420334, -0.257258]], [[-0.340077, 0.379608, -0.497425], [0.458394, -0.420334, 0.297963]],
        [[-0.570769, 0.379608, -0.497425], [0.214073, -0.639815, 0.297963]]]],
    'avg_pool_grad_valid': [[[[-0.239731, -0.091146, 0.12785], [-0.239731, -0.091146, 0.12785],
        [0.248081, 0.176667, -0.031224], [0.248081, 0.176667, -0.031224]], [[-0.454725, -0.323825,
        0.057232], [-0.454725, -0.323825, 0.057232], [0.394077, 0.426494, 0.129441], [0.394077,
        0.426494, 0.129441]], [[-0.267607, -0.457926, -0.294493], [-0.267607, -0.457926, -0.294493],
        [0.096438, 0.41287, 0.410357], [0.096438, 0.41287, 0.410357]], [[0.090839, -0.298852,
        -0.457678], [0.090839, -0.298852, -0.457678], [-0.262943, 0.134917, 0.428553], [-0.262943,
        0.134917, 0.428553]], [[0.143452, -0.073606, -0.233802], [0.143452, -0.073606, -0.233802],
        [-0.213385, -0.028126, 0.178861], [-0.213385, -0.028126, 0.178861]]], [[[0.247676, 0.125159,
        -0.094044], [0.247676, 0.125159, -0.094044], [-0.240597, -0.201287, -0.006481], [-0.240597,
        -0.201287, -0.006481]], [[0.441008, 0.368953, 0.011879], [0.441008, 0.368953, 0.011879],
        [-0.354372, -0.446867, -0.194154], [-0.354372, -0.446867, -0.194154]], [[0.208545, 0.450141,
        0.344], [0.208545, 0.450141, 0.344], [-0.027884, -0.378228, -0.436387], [-0.027884,
        -0.378228, -0.436387]], [[-0.157434, 0.243138, 0.455884], [-0.157434, 0.243138, 0.455884],
        [0.316455, -0.067438, -0.399235], [0.316455, -0.067438, -0.399235]], [[-0.172646, 0.036792,
        0.217808], [-0.172646, 0.036792, 0.217808], [0.230565, 0.065209, -0.150521], [0.230565,
        0.065209, -0.150521]]]],
    'sce_loss': [6.696262, 6.227657, 9.67437],
    'sce_backprop': [[-0.772384, 0.111985, -0.218586, -0.95267], [-0.793144, -0.008184, -0.703068,
        -0.063785], [0.387637, -0.28162, -0.97097, -0.742062]],
    'sce_broadcast_loss': [2.551665, 2.277848, 4.096053],
    'sce_broadcast_backprop': [[0.116975, 0.404326, -0.133573, -0.387728], [-0.0937, -0.191815,
        -0.223717, 0.509231], [0.702656, -0.018036, -0.286905, -0.397715]],
    'sparse_loss': [4.40045, 5.067136, 1.703945],
    'sparse_backprop': [[0.216975, 0.604326, 0.166427, -0.987728], [-0.9937, 0.008185, 0.076283,
        0.909231], [0.802656, -0.818036, 0.013095, 0.002285]],
    'bias_add': [[[[1.253589, 0.476615], [0.728197, -1.021442], [-0.585263, -1.135645]], [[0.588013,
        0.418744], [1.322737, -0.233778], [-0.212952, -1.466301]], [[-0.190175, -0.205819],
        [1.334279, 0.404953], [0.559542, -1.156801]], [[-0.582761, -0.997215], [0.755433, 0.485821],
        [1.237653, -0.405294]]], [[[-0.338403, -1.448774], [-0.04321, -0.042947], [1.387238,
        0.307088]], [[0.386455, -1.271399], [-0.550342, -0.842822], [0.91253, 0.524263]],
        [[1.127744, -0.578649], [-0.441285, -1.401707], [0.117447, 0.10719]], [[1.410873, 0.185963],
        [0.21414, -1.36179], [-0.48898, -0.677111]]]],
    'bias_add_nchw': [[[[1.253589, 0.728197, -0.585263], [0.588013, 1.322737, -0.212952],
        [-0.190175, 1.334279, 0.559542], [-0.582761, 0.755433, 1.237653]], [[0.476615, -1.021442,
        -1.135645], [0.418744, -0.233778, -1.466301], [-0.205819, 0.404953, -1.156801], [-0.997215,
        0.485821, -0.405294]]], [[[-0.338403, -0.04321, 1.387238], [0.386455, -0.550342, 0.91253],
        [1.127744, -0.441285, 0.117447], [1.410873, 0.21414, -0.48898]], [[-1.448774, -0.042947,
        0.307088], [-1.271399, -0.842822, 0.524263], [-0.578649, -1.401707, 0.10719], [0.185963,
        -1.36179, -0.677111]]]],
    'bias_add_grad': [0.011655, -0.143139],
    'bias_add_grad_nchw': [-0.137239, -0.099134, 0.002439, 0.10245],
}


def _run(op, inputs, attrs=None):
    return execute(op, [ag.constant(x) for x in inputs], attrs or {})


def _check(actual, key):
    expected = np.array(TF[key], np.float32)
    assert actual.shape.as_list() == list(expected.shape)
    np.testing.assert_allclose(actual.numpy(), expected, rtol=1e-5, atol=2e-6)


@pytest.mark.parametrize("case", sorted(CONV))
def test_conv2d_matches_tensorflow(case, device):
    _check(_run("Conv2D", [X, W], CONV[case]), f"conv2d_{case}")


@pytest.mark.parametrize("case", ["same_strided", "explicit"])
def test_conv2d_backprop_input_matches_tensorflow(case, device):
    attrs = CONV["same_strided" if case == "same_strided" else "explicit_strided"]
    dy = _data((2, 2, 3, 3) if case == "same_strided" else (2, 4, 3, 3), 3)
    sizes = np.array([2, 4, 3, 2], np.int32)
    _check(_run("Conv2DBackpropInput", [sizes, W, dy], attrs), f"backprop_input_{case}")


@pytest.mark.parametrize("case", ["same_strided", "explicit"])
def test_conv2d_backprop_filter_matches_tensorflow(case, device):
    attrs = CONV["same_strided" if case == "same_strided" else "explicit_strided"]
    dy = _data((2, 2, 3, 3) if case == "same_strided" else (2, 4, 3, 3), 3)
    sizes = np.array([2, 2, 2, 3], np.int32)
    _check(_run("Conv2DBackpropFilter", [X, sizes, dy], attrs), f"backprop_filter_{case}")


def test_conv2d_nchw_is_the_transposed_nhwc_answer(device):
    attrs = dict(CONV["explicit_strided"], data_format="NCHW", strides=[1, 1, 1, 2],
                 explicit_paddings=[0, 0, 0, 0, 1, 0, 2, 1])
    out = _run("Conv2D", [X.transpose(0, 3, 1, 2), W], attrs)
    expected = np.array(TF["conv2d_explicit_strided"]).transpose(0, 3, 1, 2)
    np.testing.assert_allclose(out.numpy(), expected, rtol=1e-5, atol=2e-6)


@pytest.mark.parametrize("case", sorted(POOL))
def test_pooling_matches_tensorflow(case, device):
    _check(_run("MaxPool", [P], POOL[case]), f"max_pool_{case}")
    _check(_run("AvgPool", [P], POOL[case]), f"avg_pool_{case}")


@pytest.mark.parametrize("case", sorted(POOL))
def test_pooling_gradients_match_tensorflow(case, device):
    attrs = POOL[case]
    pooled = _run("MaxPool", [P], attrs)
    grad = _data(tuple(pooled.shape.as_list()), 5)
    _check(_run("MaxPoolGrad", [P, pooled.numpy(), grad], attrs), f"max_pool_grad_{case}")
    _check(_run("MaxPoolGradGrad", [P, pooled.numpy(), _data(P.shape, 6)], attrs),
           f"max_pool_grad_grad_{case}")
    sizes = np.array(P.shape, np.int32)
    _check(_run("AvgPoolGrad", [sizes, grad], attrs), f"avg_pool_grad_{case}")


def test_max_pool_grad_gives_ties_to_the_first_largest(device):
    x = np.array([1.0, 3.0, 3.0, 2.0], np.float32).reshape(1, 2, 2, 1)
    attrs = {"ksize": [1, 2, 2, 1], "strides": [1, 2, 2, 1], "padding": "VALID"}
    y = _run("MaxPool", [x], attrs).numpy()
    grad = _run("MaxPoolGrad", [x, y, np.ones_like(y)], attrs)
    np.testing.assert_array_equal(grad.numpy().ravel(), [0.0, 1.0, 0.0, 0.0])  # TensorFlow's


_POOLS = [  # (ksize, strides, padding): disjoint, overlapping, padded windows
    ([1, 2, 2, 1], [1, 2, 2, 1], "VALID"), ([1, 3, 3, 1], [1, 1, 1, 1], "VALID"),
    ([1, 3, 2, 1], [1, 2, 1, 1], "SAME"), ([1, 4, 4, 1], [1, 3, 3, 1], "SAME")]


def _pool_input(seed):
    """Small integers (ties in most windows), with NaNs (two in one window), infinities and
    negative zeros."""
    rng = np.random.default_rng(seed)
    x = rng.integers(-3, 4, (2, 7, 6, 3)).astype(np.float32)
    spots = rng.choice(x.size, 12, replace=False)
    x.reshape(-1)[spots] = [np.nan] * 4 + [np.inf, -np.inf] * 2 + [-0.0] * 4
    x[0, 0, :2, 0] = np.nan  # two NaNs in one window
    return x


@pytest.mark.parametrize("ksize, strides, padding", _POOLS)
def test_max_pooling_a_tap_at_a_time_gives_the_bits_of_whole_windows(ksize, strides, padding,
                                                                     monkeypatch):
    from autograph.kernels import nn_kernels
    attrs = {"ksize": ksize, "strides": strides, "padding": padding}
    x = _pool_input(11)
    grad = _data((2, *_run("MaxPool", [x], attrs).shape.as_list()[1:]), 12)
    grad.reshape(-1)[0] = np.inf  # a gradient no mask may multiply: inf * 0 is NaN

    def pooled():
        y = _run("MaxPool", [x], attrs).numpy()
        return [y, _run("MaxPoolGrad", [x, y, grad], attrs).numpy(),
                _run("MaxPoolGradGrad", [x, y, x], attrs).numpy()]
    tap_by_tap = pooled()
    monkeypatch.setattr(nn_kernels, "MAX_TAPS_ONE_AT_A_TIME", 0)
    for got, want in zip(tap_by_tap, pooled()):
        assert got.tobytes() == want.tobytes()


@pytest.mark.parametrize("values, routed", [([1.0, 3.0, 2.0, 0.0], [0.0, np.inf, 0.0, 0.0]),
                                            ([1.0, 0.0, 3.0, 2.0], [0.0, 0.0, np.inf, 0.0])])
def test_max_pool_grad_of_an_infinite_gradient_leaves_the_other_taps_zero(device, values,
                                                                          routed):
    x = np.array(values, np.float32).reshape(1, 2, 2, 1)
    attrs = {"ksize": [1, 2, 2, 1], "strides": [1, 2, 2, 1], "padding": "VALID"}
    y = _run("MaxPool", [x], attrs).numpy()
    grad = _run("MaxPoolGrad", [x, y, np.full_like(y, np.inf)], attrs)
    np.testing.assert_array_equal(grad.numpy().ravel(), routed)  # TensorFlow 2.21's


@pytest.mark.parametrize("ksize, by_taps", [((4, 4), True), ((1, 16), True), ((1, 17), False),
                                            ((5, 4), False)])
def test_max_pooling_works_a_tap_at_a_time_for_windows_of_up_to_16_taps(ksize, by_taps):
    from autograph.kernels import nn_kernels
    assert nn_kernels.one_tap_at_a_time(ksize) is by_taps


def test_pooling_nchw_is_the_transposed_nhwc_answer(device):
    attrs = {"ksize": [1, 1, 3, 2], "strides": [1, 1, 2, 2], "padding": "SAME",
             "data_format": "NCHW"}
    nchw = P.transpose(0, 3, 1, 2)
    for op, key in (("MaxPool", "max_pool_same"), ("AvgPool", "avg_pool_same")):
        expected = np.array(TF[key]).transpose(0, 3, 1, 2)
        np.testing.assert_allclose(_run(op, [nchw], attrs).numpy(), expected, rtol=1e-5,
                                   atol=2e-6)


@pytest.mark.parametrize("case, labels", [("sce", LABELS),
                                          ("sce_broadcast", [[0.1, 0.2, 0.3, 0.4]])])
def test_softmax_cross_entropy_matches_tensorflow(case, labels, device):
    loss, backprop = _run("SoftmaxCrossEntropyWithLogits",
                          [LOGITS, np.array(labels, np.float32)])
    _check(loss, f"{case}_loss")
    _check(backprop, f"{case}_backprop")


def test_sparse_softmax_cross_entropy_matches_tensorflow(device):
    loss, backprop = _run("SparseSoftmaxCrossEntropyWithLogits",
                          [LOGITS, np.array([3, 0, 1], np.int64)])
    _check(loss, "sparse_loss")
    _check(backprop, "sparse_backprop")


def _softmax_parts(logits):
    shifted = logits - logits.max(axis=1, keepdims=True)
    exps = np.exp(shifted)
    return shifted, exps, exps.sum(axis=1, keepdims=True)


def test_sparse_cross_entropy_is_computed_as_tensorflows_kernel_computes_it(device):
    # TensorFlow 2.21's kernel: loss log(sum) - shifted[label], backprop exps / sum - onehot.
    # On 4096x10 random float32 its backprop had the same bits as this in 48% of entries, and
    # as exp(log_softmax) - onehot in 28% (the rest: its exp rounds differently from NumPy's).
    logits = _data((64, 10), 7) * 3
    labels = np.random.default_rng(8).integers(0, 10, 64).astype(np.int32)
    loss, backprop = _run("SparseSoftmaxCrossEntropyWithLogits", [logits, labels])
    shifted, exps, sums = _softmax_parts(logits)
    rows = np.arange(64)
    np.testing.assert_array_equal(loss.numpy(), np.log(sums[:, 0]) - shifted[rows, labels])
    want = exps / sums
    want[rows, labels] -= 1
    np.testing.assert_array_equal(backprop.numpy(), want)


def test_dense_cross_entropy_is_computed_as_tensorflows_kernel_computes_it(device):
    logits = _data((64, 10), 9) * 3
    labels = np.random.default_rng(10).dirichlet(np.ones(10), 64).astype(np.float32)
    loss, backprop = _run("SoftmaxCrossEntropyWithLogits", [logits, labels])
    shifted, exps, sums = _softmax_parts(logits)
    np.testing.assert_array_equal(loss.numpy(), (labels * (np.log(sums) - shifted)).sum(1))
    np.testing.assert_array_equal(backprop.numpy(), exps / sums - labels)


def test_bias_add_and_its_gradient_match_tensorflow(device):
    _check(_run("BiasAdd", [X, BIAS]), "bias_add")
    _check(_run("BiasAdd", [X.transpose(0, 3, 1, 2), BIAS], {"data_format": "NCHW"}),
           "bias_add_nchw")
    _check(_run("BiasAddGrad", [X]), "bias_add_grad")
    _check(_run("BiasAddGrad", [X], {"data_format": "NCHW"}), "bias_add_grad_nchw")


def test_the_public_functions_take_nchw_windows_in_nchw_order(device):
    nchw = ag.constant(P.transpose(0, 3, 1, 2))
    for fn, key in ((ag.nn.max_pool2d, "max_pool_same"), (ag.nn.avg_pool2d, "avg_pool_same")):
        out = fn(nchw, [1, 1, 3, 2], [1, 1, 2, 2], "SAME", data_format="NCHW")
        np.testing.assert_allclose(out.numpy(), np.array(TF[key]).transpose(0, 3, 1, 2),
                                   rtol=1e-5, atol=2e-6)
    out = ag.nn.conv2d(ag.constant(X.transpose(0, 3, 1, 2)), W, [1, 1, 1, 2],
                       [[0, 0], [0, 0], [1, 0], [2, 1]], data_format="NCHW")
    np.testing.assert_allclose(out.numpy(),
                               np.array(TF["conv2d_explicit_strided"]).transpose(0, 3, 1, 2),
                               rtol=1e-5, atol=2e-6)


def test_the_public_functions_build_the_ops():
    graph = ag.Graph()
    with graph.as_default():
        x = ag.placeholder(ag.float32, [None, 4, 3, 2])
        y = ag.nn.bias_add(ag.nn.conv2d(x, W, 1, "SAME"), [1.0, 2.0, 3.0])
        ag.nn.max_pool2d(y, 2, 2, "VALID")
        ag.nn.avg_pool2d(y, 2, 2, "SAME")
        logits = ag.placeholder(ag.float32, [None, 4])
        ag.nn.softmax_cross_entropy_with_logits(LABELS, logits)
        ag.nn.sparse_softmax_cross_entropy_with_logits([3, 0, 1], logits)
    types = {op.type for op in graph.get_operations()}
    assert {"Conv2D", "BiasAdd", "MaxPool", "AvgPool", "SoftmaxCrossEntropyWithLogits",
            "SparseSoftmaxCrossEntropyWithLogits"} <= types
    assert "Einsum" not in types and "StridedSlice" not in types


def test_the_first_label_out_of_range_is_named_after_valid_zeros():
    with pytest.raises(ag.errors.InvalidArgumentError,
                       match=r"Received a label value of 5 .*Label values: 0 5 1 "):
        _run("SparseSoftmaxCrossEntropyWithLogits", [LOGITS, np.array([0, 5, 1], np.int32)])


def test_sparse_labels_out_of_range_are_tensorflows_error():
    with pytest.raises(ag.errors.InvalidArgumentError,
                       match=r"Received a label value of 4 which is outside the valid range of "
                             r"\[0, 4\)\.  Label values: 3 4 0"):
        _run("SparseSoftmaxCrossEntropyWithLogits", [LOGITS, np.array([3, 4, 0], np.int32)])


def test_sparse_cross_entropy_needs_a_class():
    with pytest.raises(ag.errors.InvalidArgumentError, match="at least one class"):
        _run("SparseSoftmaxCrossEntropyWithLogits", [np.zeros((2, 0), np.float32),
                                                     np.array([0, 0], np.int32)])


@pytest.mark.parametrize("attrs, message", [
    ({"strides": [2, 1, 1, 1], "padding": "SAME"}, "must be 1 on the batch and channel"),
    ({"strides": [1, 1, 1], "padding": "SAME"}, "strides must have 4 entries"),
    ({"strides": [1, 1, 1, 1], "padding": "EXPLICIT", "explicit_paddings": [1, 0] + [0] * 6},
     "must be 0 on the batch and channel"),
    ({"strides": [1, 1, 1, 1], "padding": "EXPLICIT", "explicit_paddings": [0] * 4},
     "explicit_paddings must be 8 non-negative ints"),
    ({"strides": [1, 1, 1, 1], "padding": "SAME", "explicit_paddings": [0] * 8},
     "use padding 'EXPLICIT'"),
    ({"strides": [1, 1, 1, 1], "padding": "VALID", "dilations": [1, 5, 1, 1]},
     "larger than the padded input"),
])
def test_bad_convolution_attrs_say_what_is_wrong(attrs, message):
    with pytest.raises(ag.errors.InvalidArgumentError, match=message):
        _run("Conv2D", [X, W], attrs)


_INF = np.float32(np.inf)


@pytest.mark.parametrize("op, inputs, attrs, expected", [
    ("AvgPool", [np.array([_INF, -_INF, 1.0], np.float32).reshape(1, 1, 3, 1)],
     {"ksize": [1, 1, 2, 1], "strides": [1, 1, 1, 1], "padding": "VALID"}, [[np.nan, -np.inf]]),
    ("AvgPoolGrad", [np.array([1, 1, 3, 1], np.int32),
                     np.array([_INF, -_INF], np.float32).reshape(1, 1, 2, 1)],
     {"ksize": [1, 1, 2, 1], "strides": [1, 1, 1, 1], "padding": "VALID"},
     [[np.inf, np.nan, -np.inf]]),
    ("SoftmaxCrossEntropyWithLogits", [np.array([[_INF, 0.0], [1.0, 2.0]], np.float32),
                                       np.array([[1.0, 0.0], [0.0, 1.0]], np.float32)], {},
     [[np.nan, 0.31326166], [[np.nan, np.nan], [0.26894143, -0.2689414]]]),
    ("SparseSoftmaxCrossEntropyWithLogits", [np.array([[_INF, 0.0], [1.0, 2.0]], np.float32),
                                             np.array([0, 1], np.int32)], {},
     [[np.nan, 0.31326166], [[np.nan, np.nan], [0.26894143, -0.2689414]]]),
])
def test_infinities_give_tensorflows_nans_without_numpy_warnings(op, inputs, attrs, expected):
    # TensorFlow 2.21's answers; NumPy would warn of inf - inf where TensorFlow is silent.
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        results = _run(op, inputs, attrs)
    results = results if isinstance(results, (tuple, list)) else [results]
    for result, want in zip(results, expected):
        np.testing.assert_allclose(result.numpy().reshape(np.shape(want)), want, rtol=1e-6)


def test_softmax_cross_entropy_over_no_classes_is_zero_as_tensorflow():
    loss, backprop = _run("SoftmaxCrossEntropyWithLogits", [np.zeros((2, 0), np.float32)] * 2)
    np.testing.assert_array_equal(loss.numpy(), np.zeros(2, np.float32))
    assert backprop.shape == (2, 0)


def test_a_window_larger_than_an_input_of_unknown_size_fails_when_the_graph_runs():
    with ag.Graph().as_default():
        x = ag.placeholder(ag.float32, [None, None, None, 3])
        y = ag.nn.conv2d(x, np.ones((2, 2, 3, 2), np.float32), strides=1, padding="VALID",
                         dilations=5)
        with ag.Session() as sess:
            with pytest.raises(ag.errors.InvalidArgumentError) as info:
                sess.run(y, {x: np.ones((1, 4, 4, 3), np.float32)})
    assert str(info.value).endswith(
        ": The window of 2 (dilation 5) is larger than the padded input (4 + 0 + 0); pad more "
        "or use a smaller window.")


def test_mismatched_channels_are_an_error():
    with pytest.raises(ag.errors.InvalidArgumentError, match="input channels"):
        _run("Conv2D", [X, _data((2, 2, 3, 3), 2)], CONV["same_strided"])


def test_out_backprop_of_the_wrong_shape_is_an_error():
    with pytest.raises(ag.errors.InvalidArgumentError, match="out_backprop has shape"):
        _run("Conv2DBackpropInput", [np.array([2, 4, 3, 2], np.int32), W, _data((2, 4, 3, 3), 3)],
             CONV["same_strided"])
