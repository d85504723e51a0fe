"""Gradients of the neural-network ops: through `ag.GradientTape` against TensorFlow 2.21's
gradients of the same programs (rounded to 6 decimals), second derivatives under nested tapes,
`ag.gradients` in a graph with an unknown batch size, and the backprop ops' own gradients
against central differences in float64.
"""

import numpy as np
import numpy.testing as npt
import pytest

import autograph as ag
from autograph.runtime import execute


def _data(shape, seed, dtype=np.float32):
    """Distinct values in [-1, 1], the same on every platform (TensorFlow got the same)."""
    return np.sin(np.arange(np.prod(shape)) * 0.91 + seed).reshape(shape).astype(dtype)


X, W = ag.constant(_data((2, 4, 3, 2), 1)), ag.constant(_data((2, 2, 2, 3), 2))
P, R = ag.constant(_data((2, 5, 4, 3), 4)), ag.constant(_data((2, 5, 4, 3), 11))
LOGITS, LABELS = ag.constant(_data((3, 4), 7) * 3), ag.constant(np.abs(_data((3, 4), 8)))
SPARSE, WEIGHTS, RL = [3, 0, 1], ag.constant([1.0, 2.0, 3.0]), ag.constant(_data((3, 4), 12))

TF = {
    'conv_x': [[[[0.797493, -1.142136], [1.275828, -2.166393], [-0.199974, -1.126149]], [[0.964788,
        -0.535021], [2.388914, -1.605156], [3.278742, -2.985828]], [[-0.241828, 1.33605],
        [-1.390143, 1.36802], [3.779565, -5.139134]], [[-2.759352, 2.348291], [-0.129267, -0.44319],
        [3.890005, -1.930874]]], [[[-0.760976, 0.940386], [-1.06591, 1.959816], [-0.370759,
        1.902183]], [[-0.548112, 0.180418], [-2.369394, 1.67208], [-3.866152, 3.2774]], [[0.356739,
        -1.478053], [1.5511, -1.663962], [-3.723579, 4.851895]], [[2.842119, -2.375535], [0.487057,
        0.190698], [-3.306198, 1.435972]]]],
    'conv_w': [[[[6.696986, 4.922338, -0.654859], [0.390145, -3.550249, -4.748044]], [[-1.475603,
        -4.835512, -4.459946], [-3.858943, -6.529995, -4.15657]]], [[[8.00855, 9.450278, 3.591585],
        [6.263212, 4.182118, -1.129697]], [[1.739867, 0.021088, -1.713981], [-1.794386, -5.208515,
        -4.599021]]]],
    'conv_dilated_x': [[[[-3.024272, 4.305167], [6.999121, -7.643046], [-4.866969, 4.615838]],
        [[-6.305577, 5.545166], [10.407813, -7.956396], [-3.858546, 1.52743]], [[-4.752325,
        2.173857], [3.020395, 0.947811], [0.76771, -3.581047]], [[0.315756, -1.793523], [-3.38055,
        5.441574], [2.971717, -3.653544]]], [[[3.342272, -4.362503], [-7.193905, 7.395479],
        [4.654062, -4.168252]], [[6.18493, -4.999977], [-9.304498, 6.428633], [2.979877,
        -0.462046]], [[3.917422, -1.21304], [-1.187245, -2.770485], [-1.693955, 4.318009]],
        [[-1.094146, 2.428239], [4.334134, -6.023579], [-3.356742, 3.724567]]]],
    'conv_dilated_w': [[[[-0.673041, -7.26693, -8.247053], [-11.838795, -7.450355, 2.693548]],
        [[15.351564, 9.121483, -4.155021], [9.83375, 0.457453, -9.27223]]], [[[14.979937, 7.345848,
        -5.962972], [7.748098, -1.896087, -10.07553]], [[-0.487246, 6.554177, 8.532442], [12.686342,
        12.931681, 3.187185]]]],
    'pool_x': [[[[0.01406, 0.007903, 8.9e-05], [0.01406, 1.962289, 1.534892], [0.004309, 0.014375,
        0.006648], [0.004309, 0.014375, 1.990498]], [[1.432756, 0.013399, 0.014566], [0.014919,
        0.013399, 0.014566], [4.012184, 1.304931, 0.013384], [0.01544, 0.01474, 0.013384]],
        [[0.013889, 2.013356, 0.014553], [0.013889, 0.015515, 0.014553], [0.013602, 0.014057,
        1.997822], [0.013602, 0.014057, 0.015558]], [[0.015197, 0.013502, 1.556847], [3.918706,
        0.013502, 0.014238], [0.015243, 0.015044, 0.013431], [1.662413, 3.828135, 0.013431]],
        [[0.002167, 0.003483, 0.014162], [0.002167, 1.742808, 1.861137], [0.012772, 0.001351,
        0.004609], [0.012772, 0.001351, 1.822987]]], [[[1.77743, 0.001811, 0.013219], [0.003935,
        0.001811, 0.013219], [1.897646, 1.689527, 0.00272], [0.01391, 0.002872, 0.00272]],
        [[0.013469, 3.884946, 1.602271], [0.013469, 0.015136, 0.015159], [0.01413, 0.013558,
        3.958277], [1.489745, 0.013558, 0.015277]], [[0.015537, 0.013956, 0.013674], [2.008783,
        0.013956, 0.013674], [0.014663, 0.015474, 0.013798], [0.014663, 2.015453, 0.013798]],
        [[0.013389, 0.014847, 0.015382], [0.013389, 1.38137, 3.998677], [0.014454, 0.013423,
        0.015019], [0.014454, 0.013423, 1.503016]], [[1.975701, 0.014215, 0.003649], [0.007386,
        0.014215, 0.003649], [1.598275, 1.938791, 0.013777], [1.1e-05, 0.008634, 0.013777]]]],
    'sce_logits': [[-0.772384, 0.111985, -0.218586, -0.95267], [-1.586289, -0.016369, -1.406136,
        -0.127571], [1.162911, -0.844861, -2.912909, -2.226186]],
    'sce_labels': [[1.527975, 0.503641, 1.793197, 4.40045], [10.134272, 9.610808, 5.146612,
        0.190312], [0.659488, 5.111834, 13.006482, 18.244747]],
    'sparse_logits': [[0.216975, 0.604326, 0.166427, -0.987728], [-1.987399, 0.016371, 0.152566,
        1.818463], [2.407967, -2.454107, 0.039286, 0.006854]],
    'bias_value': [[[[-0.263805, -1.168445, -0.53372], [1.150037, 2.582112, 2.656213], [1.315097,
        -0.405212, -1.175761], [-0.401295, 1.319905, 2.658198]], [[0.822693, -0.611906, -2.294405],
        [-2.925061, -2.016685, -0.271006], [0.963424, 0.732998, -0.784279], [-2.416296, -2.902308,
        -1.866865]]], [[[1.64719, 2.768461, 2.387802], [0.799276, -0.769967, -1.107674], [0.047037,
        1.802141, 2.801806], [2.273782, 0.625972, -0.868677]], [[-2.812582, -1.547301, 0.192681],
        [1.063211, 0.391799, -1.302885], [-2.711682, -2.746285, -1.379963], [0.331789, 1.066628,
        0.256884]]]],
    'bias_bias': [20.140474, -22.767403],
    'conv2_x': [[[[1.448434, -19.9853], [24.28537, -57.188309], [32.882542, -66.169289]],
        [[46.394009, -40.532871], [85.229858, -65.786385], [87.326912, -64.195465]], [[-13.044285,
        33.401802], [-61.297222, 39.22039], [82.477585, -120.713577]], [[-52.470089, 41.265022],
        [46.893707, -66.150177], [106.241539, -61.059204]]], [[[0.521312, 14.941474], [-15.029201,
        51.265854], [-45.337051, 84.397621]], [[-38.470776, 34.301659], [-92.311035, 75.775368],
        [-103.369888, 73.415695]], [[12.965559, -35.658031], [63.5667, -46.961777], [-75.63147,
        107.969147]], [[58.279354, -46.444733], [-32.954296, 54.707733], [-90.632202, 49.973087]]]],
    'conv2_w': [[[[81.43927, 170.518463, 127.870697], [-98.332672, -88.674637, -10.514671]],
        [[-14.645149, -65.647919, -65.937096], [-85.715576, -213.703552, -176.603699]]],
        [[[141.152466, 258.116516, 175.683319], [20.322386, 66.2742, 61.028625]], [[34.965157,
        87.75235, 72.750107], [-54.250031, -127.995895, -102.863838]]]],
    'max_pool2_x': [[[[0.0, 0.0, 0.0], [0.0, 1.752442, 0.314614], [0.0, 0.0, 0.0], [0.0, 0.0,
        1.662273]], [[0.142177, 0.0, 0.0], [0.0, 0.0, 0.0], [3.119169, -0.031331, 0.0], [0.0, 0.0,
        0.0]], [[0.0, 1.445149, 0.0], [0.0, 0.0, 0.0], [0.0, 0.0, 1.319828], [0.0, 0.0, 0.0]],
        [[0.0, 0.0, 1.999276], [2.369133, 0.0, 0.0], [0.0, 0.0, 0.0], [1.987081, 2.080766, 0.0]],
        [[0.0, 0.0, 0.0], [0.0, 1.95992, 0.888363], [0.0, 0.0, 0.0], [0.0, 0.0, 1.917996]]],
        [[[0.729652, 0.0, 0.0], [0.0, 0.0, 0.0], [1.861626, 0.565445, 0.0], [0.0, 0.0, 0.0]], [[0.0,
        3.582468, 0.396979], [0.0, 0.0, 0.0], [0.0, 0.0, 3.414701], [0.225523, 0.0, 0.0]], [[0.0,
        0.0, 0.0], [1.610607, 0.0, 0.0], [0.0, 0.0, 0.0], [0.0, 1.501732, 0.0]], [[0.0, 0.0, 0.0],
        [0.0, 1.989654, 2.763092], [0.0, 0.0, 0.0], [0.0, 0.0, 1.999777]], [[1.250954, 0.0, 0.0],
        [0.0, 0.0, 0.0], [1.994837, 1.11094, 0.0], [0.0, 0.0, 0.0]]]],
    'avg_pool2_x': [[[[0.024381, 0.002445, 0.001624], [0.024381, 0.002445, 0.001624], [0.015194,
        0.023261, 0.000544], [0.015194, 0.023261, 0.000544]], [[0.021182, 0.019964, 0.023394],
        [0.021182, 0.019964, 0.023394], [0.023959, 0.020831, 0.020189], [0.023959, 0.020831,
        0.020189]], [[0.022153, 0.023843, 0.02051], [0.022153, 0.023843, 0.02051], [0.019648,
        0.022521, 0.023667], [0.019648, 0.022521, 0.023667]], [[0.021833, 0.019708, 0.022869],
        [0.021833, 0.019708, 0.022869], [0.024008, 0.021455, 0.019833], [0.024008, 0.021455,
        0.019833]], [[-0.003519, 0.013384, 0.024129], [-0.003519, 0.013384, 0.024129], [0.013125,
        -0.003496, 0.015811], [0.013125, -0.003496, 0.015811]]], [[[-0.00253, 0.009025, 0.02529],
        [-0.00253, 0.009025, 0.02529], [0.017285, -0.003255, 0.011533], [0.017285, -0.003255,
        0.011533]], [[0.020866, 0.023968, 0.021735], [0.020866, 0.023968, 0.021735], [0.019943,
        0.02122, 0.024013], [0.019943, 0.02122, 0.024013]], [[0.023075, 0.01978, 0.021592],
        [0.023075, 0.01978, 0.021592], [0.023525, 0.022746, 0.019679], [0.023525, 0.022746,
        0.019679]], [[0.020325, 0.023737, 0.022389], [0.020325, 0.023737, 0.022389], [0.020359,
        0.020622, 0.023893], [0.020359, 0.020622, 0.023893]], [[0.020646, 0.0189, -0.002757],
        [0.020646, 0.0189, -0.002757], [-0.000507, 0.022352, 0.016694], [-0.000507, 0.022352,
        0.016694]]]],
    'sce2_logits': [[-0.171856, 0.049206, 0.115607, 0.007043], [0.007159, -0.004024, -0.073751,
        0.070615], [-0.252725, 0.246393, 0.01004, -0.003708]],
    'sparse2_logits': [[-0.171856, 0.049206, 0.115607, 0.007043], [0.007159, -0.004024, -0.073751,
        0.070615], [-0.252725, 0.246393, 0.01004, -0.003708]],
}


def _check(actual, key):
    np.testing.assert_allclose(actual.numpy(), np.array(TF[key], np.float32), rtol=1e-5,
                               atol=1e-5)


def _conv_loss(x, w):
    return ag.reduce_sum(ag.square(ag.nn.conv2d(x, w, [1, 2, 1, 1], "SAME")))


def _pool_loss(p):
    return (ag.reduce_sum(ag.square(ag.nn.max_pool2d(p, [3, 2], 2, "SAME")))
            + ag.reduce_sum(ag.nn.avg_pool2d(p, 2, [1, 2], "VALID") ** 3))


def test_conv2d_gradients_match_tensorflow():
    with ag.GradientTape(persistent=True) as tape:
        tape.watch(X)
        tape.watch(W)
        loss = _conv_loss(X, W)
    _check(tape.gradient(loss, X), "conv_x")
    _check(tape.gradient(loss, W), "conv_w")


def test_dilated_conv2d_gradients_match_tensorflow():
    with ag.GradientTape(persistent=True) as tape:
        tape.watch(X)
        tape.watch(W)
        loss = ag.reduce_sum(ag.square(ag.nn.conv2d(X, W, 1, "SAME", dilations=2)))
    _check(tape.gradient(loss, X), "conv_dilated_x")
    _check(tape.gradient(loss, W), "conv_dilated_w")


def test_nchw_conv2d_gradients_are_the_transposed_nhwc_ones():
    x = ag.transpose(X, [0, 3, 1, 2])
    with ag.GradientTape(persistent=True) as tape:
        tape.watch(x)
        tape.watch(W)
        loss = ag.reduce_sum(ag.square(ag.nn.conv2d(x, W, [1, 1, 2, 1], "SAME", "NCHW")))
    np.testing.assert_allclose(tape.gradient(loss, x).numpy(),
                               np.array(TF["conv_x"]).transpose(0, 3, 1, 2), atol=1e-5)
    _check(tape.gradient(loss, W), "conv_w")


def test_pooling_gradients_match_tensorflow():
    with ag.GradientTape() as tape:
        tape.watch(P)
        loss = _pool_loss(P)
    _check(tape.gradient(loss, P), "pool_x")


def test_softmax_cross_entropy_gradients_match_tensorflow():
    with ag.GradientTape(persistent=True) as tape:
        tape.watch(LOGITS)
        tape.watch(LABELS)
        loss = ag.reduce_sum(ag.nn.softmax_cross_entropy_with_logits(LABELS, LOGITS) * WEIGHTS)
    _check(tape.gradient(loss, LOGITS), "sce_logits")
    _check(tape.gradient(loss, LABELS), "sce_labels")


def test_sparse_softmax_cross_entropy_gradient_matches_tensorflow():
    with ag.GradientTape() as tape:
        tape.watch(LOGITS)
        loss = ag.reduce_sum(ag.nn.sparse_softmax_cross_entropy_with_logits(SPARSE, LOGITS)
                             * WEIGHTS)
    _check(tape.gradient(loss, LOGITS), "sparse_logits")


def test_bias_add_gradients_match_tensorflow():
    value, bias = ag.constant(_data((2, 2, 4, 3), 10)), ag.constant(_data((2,), 9))
    with ag.GradientTape(persistent=True) as tape:
        tape.watch(value)
        tape.watch(bias)
        loss = ag.reduce_sum(ag.square(ag.nn.bias_add(value, bias, data_format="NCHW")))
    _check(tape.gradient(loss, value), "bias_value")
    _check(tape.gradient(loss, bias), "bias_bias")


# Second derivatives ------------------------------------------------------------------------
# The inner tapes take the loss's gradient as `output_gradients` (2 y for sum(y ** 2)): the same
# numbers as TensorFlow's programs with reduce_sum, while the ops differentiated twice are only
# the nn ops and elementwise math.
def test_conv2d_second_derivatives_match_tensorflow():
    with ag.GradientTape(persistent=True) as outer:
        outer.watch(X)
        outer.watch(W)
        with ag.GradientTape() as inner:
            inner.watch(X)
            y = ag.nn.conv2d(X, W, [1, 2, 1, 1], "SAME")
        gx = inner.gradient(y, X, output_gradients=2.0 * y)
        r = ag.reduce_sum(gx * gx)
    _check(outer.gradient(r, X), "conv2_x")
    _check(outer.gradient(r, W), "conv2_w")


@pytest.mark.parametrize("pool", ["max", "avg"])
def test_pooling_second_derivatives_match_tensorflow(pool):
    with ag.GradientTape() as outer:
        outer.watch(P)
        with ag.GradientTape() as inner:
            inner.watch(P)
            if pool == "max":
                y = ag.nn.max_pool2d(P, [3, 2], 2, "SAME")
                upstream = 2.0 * y  # of sum(y ** 2)
            else:
                y = ag.nn.avg_pool2d(P, 2, [1, 2], "VALID")
                upstream = 3.0 * y * y  # of sum(y ** 3)
        r = ag.reduce_sum(inner.gradient(y, P, output_gradients=upstream) * R)
    _check(outer.gradient(r, P), f"{pool}_pool2_x")


def _loss_gradient_probe(sparse):
    with ag.GradientTape(persistent=True) as outer:
        outer.watch(LOGITS)
        outer.watch(LABELS)
        with ag.GradientTape() as inner:
            inner.watch(LOGITS)
            if sparse:
                loss = ag.nn.sparse_softmax_cross_entropy_with_logits(SPARSE, LOGITS)
            else:
                loss = ag.nn.softmax_cross_entropy_with_logits(LABELS, LOGITS)
        r = ag.reduce_sum(inner.gradient(loss, LOGITS, output_gradients=WEIGHTS) * RL)
    return outer, r


def test_softmax_cross_entropy_second_derivatives_match_tensorflow():
    outer, r = _loss_gradient_probe(sparse=False)
    _check(outer.gradient(r, LOGITS), "sce2_logits")
    outer, r = _loss_gradient_probe(sparse=True)
    _check(outer.gradient(r, LOGITS), "sparse2_logits")


def test_softmax_cross_entropy_second_derivative_reaches_the_labels():
    # d/dlabels of sum(dloss/dlogits * RL): dloss/dlogits = weights * (softmax - labels), so
    # the answer is -weights * RL. TensorFlow answers zeros: its gradient leaves out that the
    # op's backprop output depends on the labels.
    outer, r = _loss_gradient_probe(sparse=False)
    expected = -WEIGHTS.numpy()[:, None] * RL.numpy()
    np.testing.assert_allclose(outer.gradient(r, LABELS).numpy(), expected, rtol=1e-6)


# Graphs ----------------------------------------------------------------------------------------
def test_gradients_in_a_graph_with_an_unknown_batch_size():
    graph = ag.Graph()
    with graph.as_default():
        x = ag.placeholder(ag.float32, [None, 4, 3, 2])
        w = ag.placeholder(ag.float32, [2, 2, 2, 3])
        p = ag.placeholder(ag.float32, [None, 5, 4, 3])
        gx, gw = ag.gradients(_conv_loss(x, w), [x, w])
        gp = ag.gradients(_pool_loss(p), p)[0]
        logits = ag.placeholder(ag.float32, [None, 4])
        gl = ag.gradients(ag.reduce_sum(
            ag.nn.softmax_cross_entropy_with_logits(LABELS, logits) * WEIGHTS), logits)[0]
        with ag.Session() as session:
            values = session.run([gx, gw, gp, gl], {x: X.numpy(), w: W.numpy(), p: P.numpy(),
                                                    logits: LOGITS.numpy()})
    for value, key in zip(values, ["conv_x", "conv_w", "pool_x", "sce_logits"]):
        np.testing.assert_allclose(value, np.array(TF[key]), rtol=1e-5, atol=1e-5)


def test_a_tape_inside_a_function_differentiates_the_ops():
    @ag.function(input_signature=[ag.TensorSpec([None, 4, 3, 2]), ag.TensorSpec([2, 2, 2, 3])])
    def grads(x, w):
        with ag.GradientTape() as tape:
            tape.watch(x)
            tape.watch(w)
            loss = _conv_loss(x, w)
        return tape.gradient(loss, [x, w])
    gx, gw = grads(X, W)
    _check(gx, "conv_x")
    _check(gw, "conv_w")


# The backprop ops against central differences ----------------------------------------------
CONV_ATTRS = {"strides": [1, 2, 1, 1], "padding": "EXPLICIT",
              "explicit_paddings": [0, 0, 1, 0, 0, 1, 0, 0]}
POOL_ATTRS = {"ksize": [1, 3, 2, 1], "strides": [1, 2, 2, 1], "padding": "SAME"}
X64, W64 = _data((2, 4, 3, 2), 1, np.float64), _data((2, 2, 2, 3), 2, np.float64)
DY64 = _data((2, 2, 3, 3), 3, np.float64)  # Conv2D's output shape with CONV_ATTRS
P64 = _data((2, 5, 4, 3), 4, np.float64)
POOLED64 = _data((2, 3, 2, 3), 5, np.float64)


def _numeric_check(op, inputs, attrs, wrt, delta=1e-6):
    """The tape's gradient of `sum(op(inputs) * weights)` with respect to each input in `wrt`
    equals central differences of that sum."""
    def output(values):
        out = execute(op, [ag.constant(v) for v in values], attrs)
        return out[0] if isinstance(out, (list, tuple)) else out
    weights = _data(tuple(output(inputs).shape.as_list()), 13, np.float64)
    tensors = [ag.constant(v) for v in inputs]
    with ag.GradientTape(persistent=True) as tape:
        for i in wrt:
            tape.watch(tensors[i])
        out = execute(op, tensors, attrs)
        out = out[0] if isinstance(out, (list, tuple)) else out
        total = ag.reduce_sum(out * weights)
    for i in wrt:
        numeric = np.zeros_like(inputs[i])
        for index in np.ndindex(*inputs[i].shape):
            values = [v.copy() for v in inputs]
            values[i][index] += delta
            up = float(np.sum(output(values).numpy() * weights))
            values[i][index] -= 2 * delta
            down = float(np.sum(output(values).numpy() * weights))
            numeric[index] = (up - down) / (2 * delta)
        np.testing.assert_allclose(tape.gradient(total, tensors[i]).numpy(), numeric,
                                   rtol=1e-6, atol=1e-7, err_msg=f"{op} input {i}")


def test_conv2d_gradients_are_central_differences():
    _numeric_check("Conv2D", [X64, W64], CONV_ATTRS, wrt=[0, 1])


def test_conv2d_backprop_input_gradients_are_central_differences():
    sizes = np.array([2, 4, 3, 2], np.int32)
    _numeric_check("Conv2DBackpropInput", [sizes, W64, DY64], CONV_ATTRS, wrt=[1, 2])


def test_conv2d_backprop_filter_gradients_are_central_differences():
    sizes = np.array([2, 2, 2, 3], np.int32)
    _numeric_check("Conv2DBackpropFilter", [X64, sizes, DY64], CONV_ATTRS, wrt=[0, 2])


def test_max_pool_gradients_are_central_differences():
    pooled = execute("MaxPool", [ag.constant(P64)], POOL_ATTRS).numpy()
    _numeric_check("MaxPool", [P64], POOL_ATTRS, wrt=[0])
    _numeric_check("MaxPoolGrad", [P64, pooled, POOLED64], POOL_ATTRS, wrt=[2])
    _numeric_check("MaxPoolGradGrad", [P64, pooled, P64[::-1].copy()], POOL_ATTRS, wrt=[2])


def test_avg_pool_gradients_are_central_differences():
    _numeric_check("AvgPool", [P64], POOL_ATTRS, wrt=[0])
    sizes = np.array(P64.shape, np.int32)
    _numeric_check("AvgPoolGrad", [sizes, POOLED64], POOL_ATTRS, wrt=[1])


def test_loss_gradients_are_central_differences():
    logits, labels = _data((3, 4), 7, np.float64) * 3, np.abs(_data((3, 4), 8, np.float64))
    labels /= labels.sum(axis=1, keepdims=True)  # backprop is softmax - labels: rows sum to 1
    _numeric_check("SoftmaxCrossEntropyWithLogits", [logits, labels], {}, wrt=[0, 1])
    _numeric_check("SparseSoftmaxCrossEntropyWithLogits", [logits, np.array([3, 0, 1])], {},
                   wrt=[0])


def test_bias_add_gradients_are_central_differences():
    _numeric_check("BiasAdd", [X64, _data((2,), 9, np.float64)], {}, wrt=[0, 1])
    _numeric_check("BiasAddGrad", [X64], {"data_format": "NCHW"}, wrt=[0])


def test_an_empty_batch_has_empty_gradients():
    x = ag.zeros([0, 4, 3, 2])
    with ag.GradientTape() as tape:
        tape.watch(x)
        y = ag.nn.conv2d(x, W, 1, "SAME")
        loss = ag.reduce_sum(ag.nn.max_pool2d(y, 2, 2, "SAME")) + ag.reduce_sum(
            ag.nn.avg_pool2d(y, 2, 1, "VALID"))
    assert tape.gradient(loss, x).shape.as_list() == [0, 4, 3, 2]


_HESSIAN = [[0.081925, -0.022033, -0.059892],  # TensorFlow 2.21: diag(p) - p p^T
            [-0.022033, 0.184836, -0.162803],
            [-0.059892, -0.162803, 0.222695]]


@pytest.mark.parametrize("loss", [
    lambda logits: ag.nn.softmax_cross_entropy_with_logits(labels=[[0.0, 0.0, 1.0]],
                                                           logits=logits),
    lambda logits: ag.nn.sparse_softmax_cross_entropy_with_logits(labels=[2], logits=logits)])
@pytest.mark.parametrize("traced", [False, True])
def test_the_second_derivative_of_a_softmax_cross_entropy(loss, traced):
    def hessian(logits):
        with ag.GradientTape() as outer:
            outer.watch(logits)
            with ag.GradientTape() as inner:
                inner.watch(logits)
                value = loss(logits)
            grad = inner.gradient(value, logits)
        return outer.jacobian(grad, logits)
    found = (ag.function(hessian) if traced else hessian)(ag.constant([[1.0, 2.0, 3.0]]))
    npt.assert_allclose(found.numpy().reshape(3, 3), _HESSIAN, atol=1e-6)


@pytest.mark.parametrize("batch", [2, None], ids=["known", "unknown"])
def test_cross_entropy_gradient_in_a_graph_skips_the_unreached_softmax_term(batch):
    # The loss's second output (backprop) reaches nothing: its gradient is zeros (a Fill for a
    # known shape, a ZerosLike otherwise), and the Jacobian term through it is left out.
    g = ag.Graph()
    with g.as_default():
        logits = ag.placeholder(ag.float32, [batch, 3])
        labels = ag.constant([[0.0, 1.0, 0.0], [1.0, 0.0, 0.0]])
        loss = ag.nn.softmax_cross_entropy_with_logits(labels=labels, logits=logits)
        (grad,) = ag.gradients(ag.reduce_sum(loss), [logits])
    assert "Softmax" not in {op.type for op in g.get_operations()}
    values = np.array([[1.0, 2.0, 3.0], [0.5, 0.5, -1.0]], np.float32)
    with ag.Session(graph=g) as sess:
        npt.assert_allclose(sess.run(grad, {logits: values}),
                            _softmax(values) - [[0.0, 1.0, 0.0], [1.0, 0.0, 0.0]], rtol=1e-6)


def _softmax(x):
    e = np.exp(x - x.max(axis=-1, keepdims=True))
    return e / e.sum(axis=-1, keepdims=True)
