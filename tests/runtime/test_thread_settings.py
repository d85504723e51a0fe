"""`ag.config.threading`: intra-op threads limit BLAS (through threadpoolctl), inter-op threads
size our own pools; 0 means the system's choice, as in TensorFlow."""

import sys

import pytest

import autograph as ag
from autograph.runtime.data import threads

threading = ag.config.threading


@pytest.fixture(autouse=True)
def _system_defaults_after():
    yield
    threading.set_intra_op_parallelism_threads(0)
    threading.set_inter_op_parallelism_threads(0)


def _blas_threads():
    threadpoolctl = pytest.importorskip("threadpoolctl")
    found = [i["num_threads"] for i in threadpoolctl.threadpool_info() if i["user_api"] == "blas"]
    if not found:
        pytest.skip("no BLAS library loaded that threadpoolctl can see")
    return found


def test_both_settings_start_at_the_system_default():
    assert threading.get_intra_op_parallelism_threads() == 0
    assert threading.get_inter_op_parallelism_threads() == 0


def test_intra_op_setting_limits_blas():
    _blas_threads()
    threading.set_intra_op_parallelism_threads(1)
    assert threading.get_intra_op_parallelism_threads() == 1
    assert set(_blas_threads()) == {1}


def test_intra_op_zero_restores_blas_threads():
    before = _blas_threads()
    threading.set_intra_op_parallelism_threads(1)
    threading.set_intra_op_parallelism_threads(0)
    assert _blas_threads() == before and threading.get_intra_op_parallelism_threads() == 0


def test_matmul_is_unchanged_with_one_blas_thread():
    a = ag.constant([[1.0, 2.0], [3.0, 4.0]])
    expected = (a @ a).numpy()
    _blas_threads()
    threading.set_intra_op_parallelism_threads(1)
    assert ((a @ a).numpy() == expected).all()


def test_intra_op_limit_without_threadpoolctl_says_what_to_install(monkeypatch):
    monkeypatch.setitem(sys.modules, "threadpoolctl", None)
    with pytest.raises(ImportError, match=r"autograph\[threads\]"):
        threading.set_intra_op_parallelism_threads(2)
    assert threading.get_intra_op_parallelism_threads() == 0


def test_inter_op_setting_sizes_the_autotuned_map_pool(monkeypatch):
    sizes = []
    real = threads.parallel_map

    def spy(source, fn, workers, deterministic):
        sizes.append(workers)
        return real(source, fn, workers, deterministic)
    monkeypatch.setattr(threads, "parallel_map", spy)
    threading.set_inter_op_parallelism_threads(3)
    data = ag.data.Dataset.range(4).map(lambda x: x * 2, num_parallel_calls=ag.data.AUTOTUNE)
    assert [int(v) for v in data] == [0, 2, 4, 6]
    assert sizes == [3] and threading.get_inter_op_parallelism_threads() == 3


@pytest.mark.parametrize("threads_, expected", [
    (1, [0, 0, 1, 1, 2, 2, 3, 3]), (2, [0, 1, 0, 1, 2, 3, 2, 3])])
def test_inter_op_setting_is_interleaves_default_cycle_length(threads_, expected):
    threading.set_inter_op_parallelism_threads(threads_)
    data = ag.data.Dataset.range(4).interleave(
        lambda x: ag.data.Dataset.from_tensors(x).repeat(2))
    assert [int(v) for v in data] == expected


@pytest.mark.parametrize("setter", ["set_intra_op_parallelism_threads",
                                    "set_inter_op_parallelism_threads"])
@pytest.mark.parametrize("value", [-1, 1.5, True, "2", None])
def test_a_thread_count_must_be_an_int_of_at_least_zero(setter, value):
    with pytest.raises(ValueError, match="an int >= 0"):
        getattr(threading, setter)(value)
