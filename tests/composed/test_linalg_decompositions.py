"""`ag.linalg` decompositions (`eigh`, `eigvalsh`, `svd`, `qr`) and what is made of them
(`pinv`, `matrix_rank`, `lstsq`): values and gradients as TensorFlow 2.21 gives them for the
same programs (`TENSORFLOW` below; eigen- and singular vectors enter the losses through their
absolute values, since their signs are arbitrary)."""

import numpy as np
import numpy.testing as npt
import pytest

import autograph as ag

A = np.array([[2.0, 1.0, 0.5], [1.0, 3.0, -0.2], [0.5, -0.2, 1.5]])
W = np.array([[1.0, -2.0, 0.5], [0.3, 0.7, -1.1], [2.0, 0.1, 0.4]])
B = np.array([[1.0, 2.0], [3.0, -1.0], [0.5, 0.25], [-2.0, 1.5]])
RHS = np.array([[1.0], [2.0], [3.0], [4.0]])

# What TensorFlow 2.21 computed for the programs below (float64).
TENSORFLOW = {'eigh': [[2.2835438096501415, 0.0, 0.0],
                       [1.9408611659897899, 1.9810360028579437, 0.0],
                       [1.5268799813056233, 0.5055612086084539, 1.7354201874919124]],
              'eigvalsh': [[3.9999999999999973, 0.0, 0.0],
                           [3.999999999999991, 5.999999999999993, 0.0],
                           [2.0000000000000027, -0.7999999999999998, 2.9999999999999964]],
              'svd': [[-0.2630966299763883, -1.9585398215351242],
                      [1.0618010572324408, -0.9081168901146133],
                      [0.06678285792197788, -0.44703749207212373],
                      [-0.014767382707860155, -0.3942499606859122]],
              'svd_s': [[0.4080061813000385, 0.8534725120535815],
                        [0.7724156310439794, -0.20093479959872257],
                        [0.1556170642725761, 0.1308770771954193],
                        [-0.4611815024988273, 0.46268895398956117]],
              'qr': [[-0.23385952418325598, 3.102726519783797],
                     [-0.7972367342846819, -1.8839690551761457],
                     [-0.1271788508489402, 0.3522044797639482],
                     [0.5428790325868015, 2.588378014704042]],
              'qr_wide': [[1.654690303349844, -1.9453791404248177],
                          [-1.341640786499874, -0.44721359549995765],
                          [-1.3416407864998736, -0.44721359549995765],
                          [-1.3416407864998736, -0.44721359549995765]],
              'pinv': [[0.16888577435178698,
                        0.2025227750525578,
                        0.05185704274702173,
                        -0.09880868955851438],
                       [0.3629992992291521,
                        -0.02943237561317446,
                        0.061667834618079904,
                        0.15276804484933426]],
              'rank': 1,
              'lstsq': [[0.3342676944639103], [1.1002102312543798]],
              'lstsq_l2': [[0.2999688182101653], [1.0127845338322419]],
              'lstsq_wide': [[0.8948843728100909],
                             [0.14365802382620885],
                             [0.17519271198318148],
                             [0.20672740014015406]]}


def _gradients():
    x, y = ag.Variable(A), ag.Variable(B)
    with ag.GradientTape(persistent=True) as tape:
        e, v = ag.linalg.eigh(x)
        eigh_loss = ag.reduce_sum(e * [1.0, 2.0, 3.0]) + ag.reduce_sum(ag.abs(v) * W)
        eigvalsh_loss = ag.reduce_sum(ag.linalg.eigvalsh(x) ** 2)
        s, u, vv = ag.linalg.svd(y)
        svd_loss = (ag.reduce_sum(s * [1.0, -2.0]) + ag.reduce_sum(ag.abs(u) * B)
                    + ag.reduce_sum(ag.abs(vv) * [[1.0, 2.0], [3.0, 4.0]]))
        singular_loss = ag.reduce_sum(ag.linalg.svd(y, compute_uv=False))
        q, r = ag.linalg.qr(y)
        qr_loss = ag.reduce_sum(q * B) + ag.reduce_sum(r * [[1.0, 2.0], [3.0, 4.0]])
        q2, r2 = ag.linalg.qr(ag.transpose(y))
        wide_loss = ag.reduce_sum(q2 * [[1.0, 2.0], [3.0, 4.0]]) + ag.reduce_sum(r2)
    return {name: tape.gradient(loss, var).numpy() for name, loss, var in (
        ("eigh", eigh_loss, x), ("eigvalsh", eigvalsh_loss, x), ("svd", svd_loss, y),
        ("svd_s", singular_loss, y), ("qr", qr_loss, y), ("qr_wide", wide_loss, y))}


@pytest.fixture(scope="module")
def gradients():
    return _gradients()


@pytest.mark.parametrize("name", ["eigh", "eigvalsh", "svd", "svd_s", "qr", "qr_wide"])
def test_gradients_are_tensorflows(gradients, name):
    npt.assert_allclose(gradients[name], TENSORFLOW[name], rtol=1e-6, atol=1e-9)


def test_pinv_rank_and_least_squares_are_tensorflows():
    npt.assert_allclose(ag.linalg.pinv(B).numpy(), TENSORFLOW["pinv"], rtol=1e-9)
    assert int(ag.linalg.matrix_rank([[1.0, 2.0], [2.0, 4.0]])) == TENSORFLOW["rank"]
    npt.assert_allclose(ag.linalg.lstsq(B, RHS).numpy(), TENSORFLOW["lstsq"], rtol=1e-9)
    npt.assert_allclose(ag.linalg.lstsq(B, RHS, l2_regularizer=0.5).numpy(),
                        TENSORFLOW["lstsq_l2"], rtol=1e-9)
    npt.assert_allclose(ag.linalg.lstsq(B.T, [[1.0], [2.0]]).numpy(), TENSORFLOW["lstsq_wide"],
                        rtol=1e-9)
    npt.assert_allclose(ag.linalg.lstsq(B, RHS, fast=False).numpy(), TENSORFLOW["lstsq"],
                        rtol=1e-9)


def test_decompositions_rebuild_their_matrices_in_batches():
    batch = np.stack([A, A * 2.0 + np.eye(3)])
    e, v = ag.linalg.eigh(batch)
    npt.assert_allclose((v.numpy() * e.numpy()[:, None, :]) @ np.swapaxes(v.numpy(), 1, 2),
                        batch, atol=1e-12)
    s, u, v = ag.linalg.svd(np.stack([B, -B]))
    npt.assert_allclose((u.numpy() * s.numpy()[:, None, :]) @ np.swapaxes(v.numpy(), 1, 2),
                        np.stack([B, -B]), atol=1e-12)
    q, r = ag.linalg.qr(B, full_matrices=True)
    assert q.shape == (4, 4) and r.shape == (4, 2)
    npt.assert_allclose(q.numpy() @ r.numpy(), B, atol=1e-12)
    assert ag.linalg.eigvalsh(A.astype(np.float32)).dtype == ag.float32


def test_shapes_are_known_while_tracing():
    @ag.function(input_signature=[ag.TensorSpec([None, 4, 2], ag.float64)])
    def shapes(x):
        s, u, v = ag.linalg.svd(x)
        q, r = ag.linalg.qr(x)
        assert (s.shape.as_list(), u.shape.as_list(), v.shape.as_list()) == \
            ([None, 2], [None, 4, 2], [None, 2, 2])
        assert (q.shape.as_list(), r.shape.as_list()) == ([None, 4, 2], [None, 2, 2])
        return s
    assert shapes(np.stack([B])).shape == (1, 2)


@pytest.mark.parametrize("call, message", [
    (lambda: ag.linalg.eigh([1.0, 2.0]), "matrices"),
    (lambda: ag.linalg.eigh(B), "square"),
    (lambda: ag.linalg.svd(3.0), "matrices"),
])
def test_bad_inputs_are_refused(call, message):
    with pytest.raises(ag.errors.InvalidArgumentError, match=message):
        call()
