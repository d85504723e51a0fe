"""Missing names say so: TensorFlow's names autograph lacks, misspelt names, and the coverage page
that comes from the same table (autograph/impl/coverage.py)."""

import pathlib

import pytest

import autograph as ag
from autograph.cli.main import main
from autograph.impl import coverage

ROOT = pathlib.Path(__file__).resolve().parents[1]


def _error(get) -> str:
    with pytest.raises(AttributeError) as caught:
        get()
    return str(caught.value)


def test_a_tensorflow_name_autograph_lacks_says_it_is_not_provided_yet():
    assert _error(lambda: ag.keras.layers.ConvLSTM2D) == (
        "autograph does not provide tf.keras.layers.ConvLSTM2D yet; docs/coverage.md lists what "
        f"it provides (ag.keras.layers: 56 of TensorFlow {coverage._version()}'s 178 names)")


def test_a_tensorflow_namespace_autograph_lacks_says_it_is_not_provided_yet():
    assert _error(lambda: ag.audio).startswith(
        "autograph does not provide tf.audio yet; docs/coverage.md lists")


def test_a_name_of_a_namespace_that_is_not_planned_says_why():
    assert _error(lambda: ag.tpu) == (
        "autograph does not provide tf.tpu: not planned (there are no TPUs here); "
        "docs/coverage.md lists what it provides")


def test_a_misspelt_name_suggests_the_closest_one():
    assert _error(lambda: ag.reduce_summ) == (
        "module 'autograph' has no attribute 'reduce_summ'. Did you mean: 'reduce_sum'?")


def test_a_misspelt_name_in_a_namespace_suggests_the_closest_one_there():
    assert _error(lambda: ag.nn.relu6x) == (
        "module 'autograph.nn' has no attribute 'relu6x'. Did you mean: 'relu6'?")


def test_a_name_neither_tensorflow_nor_autograph_has_is_a_plain_attribute_error():
    assert _error(lambda: ag.xyzzy) == "module 'autograph' has no attribute 'xyzzy'"


def test_a_namespace_shared_by_two_paths_names_its_shortest():
    assert ag.compat.v1.math is ag.math
    assert "tf.math.bessel_i0 yet" in _error(lambda: ag.compat.v1.math.bessel_i0)


def test_python_probes_of_special_names_get_the_plain_error():
    assert not hasattr(ag, "__wrapped__")
    assert _error(lambda: ag.math.__wrapped__) == (
        "module 'autograph.math' has no attribute '__wrapped__'")


def test_names_autograph_provides_are_found_as_before():
    assert ag.keras.layers.Dense is not None and hasattr(ag.math, "add")


def test_the_table_counts_a_provided_name_as_provided():
    assert coverage.provides("tf.math", "add")
    assert not coverage.provides("tf.keras.layers", "ConvLSTM2D")
    assert not coverage.provides("tf.image", "crop_and_resize")  # ag.image lacks it
    assert not coverage.provides("tf.signal", "fft")  # no ag.signal at all


def test_the_coverage_page_in_the_docs_is_the_tables_page():
    page = (ROOT / "docs" / "coverage.md").read_text()
    assert page == coverage.page(), "rewrite it: autograph coverage > docs/coverage.md"


def test_the_command_line_prints_one_namespace(capsys):
    assert main(["coverage", "tf.config.threading"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("## `tf.config.threading`\n")
    assert "Provided: `get_inter_op_parallelism_threads`" in out and "Not yet" not in out


def test_the_command_line_rejects_an_unknown_namespace(capsys):
    assert main(["coverage", "tf.nope"]) == 1
    assert "'tf.nope' is not a TensorFlow namespace" in capsys.readouterr().err


def test_every_namespace_is_known_by_the_tensorflow_path_it_stands_for():
    found = coverage.namespaces()
    assert found["tf"] is ag and found["tf.keras.layers"] is ag.keras.layers
    assert found["tf.math"] is ag.math  # its shortest path, not ag.compat.v1.math
