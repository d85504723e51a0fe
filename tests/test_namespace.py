"""`import autograph as ag` shows the public API and nothing of the implementation."""

import types

import pytest

import autograph as ag

# The public namespaces; every other module of the package is an implementation module.
NAMESPACES = {"autograph", "compat", "config", "data", "debugging", "distribute", "dtypes",
              "errors", "experimental", "image", "initializers", "io", "keras", "linalg", "math",
              "nn", "onnx", "optimizers", "profiler", "ragged", "random", "saved_model", "sparse",
              "strings", "summary", "test", "train", "types"}
IMPLEMENTATION = ["api", "converters", "operators", "pyct", "transpiler", "user_errors",
                  "static", "directives", "tracebacks", "autograph_experimental"]

# Every name the API contract (shared/API.md) lists, as a path from `ag`.
API_NAMES = """
function Function ConcreteFunction to_code to_graph convert do_not_convert
config.run_functions_eagerly config.functions_run_eagerly config.list_physical_devices device
init_scope print autograph.experimental.set_loop_options
config.optimizer.set_experimental_options config.threading.set_intra_op_parallelism_threads
debugging.disable_traceback_filtering debugging.enable_traceback_filtering
Tensor float16 float32 float64 int8 int16 int32 int64 uint8 bool string as_dtype DType
TensorShape TensorSpec
constant convert_to_tensor zeros ones zeros_like ones_like fill range linspace eye identity cast
random.uniform random.normal random.set_seed
reshape shape size rank expand_dims squeeze transpose concat stack unstack split tile gather
gather_nd slice strided_slice pad reverse one_hot where broadcast_to boolean_mask
add subtract multiply divide truediv floordiv mod pow negative abs sign square sqrt rsqrt exp log
log1p sin cos tanh sigmoid relu softmax maximum minimum clip_by_value round floor ceil matmul
tensordot einsum add_n cumsum reduce_sum reduce_mean reduce_max reduce_min reduce_prod reduce_any
reduce_all argmax argmin equal not_equal less less_equal greater greater_equal logical_and
logical_or logical_not is_nan is_finite
math.add math.reduce_sum math.matmul math.is_finite math.reduce_logsumexp
strings.join strings.length
cond case while_loop switch_case no_op group control_dependencies TensorArray
debugging.assert_equal debugging.assert_less debugging.assert_greater debugging.assert_rank
debugging.check_numerics debugging.assert_none_equal debugging.assert_less_equal
debugging.assert_greater_equal debugging.assert_positive debugging.assert_negative
debugging.assert_non_negative debugging.assert_shapes debugging.assert_type
debugging.enable_check_numerics debugging.disable_check_numerics
debugging.set_log_device_placement
summary.create_file_writer summary.create_noop_writer summary.scalar summary.histogram
summary.image summary.text summary.audio summary.graph summary.trace_on summary.trace_export
summary.record_if summary.should_record_summaries summary.flush summary.experimental.set_step
summary.experimental.get_step keras.callbacks.TensorBoard profiler.experimental.start
profiler.experimental.stop profiler.experimental.Trace
Variable Module Graph get_default_graph reset_default_graph placeholder Session
global_variables_initializer variables_initializer compat.v1.placeholder compat.v1.Session
name_scope variable_scope get_variable_scope AUTO_REUSE get_variable make_template
GraphKeys get_collection get_collection_ref add_to_collection global_variables
trainable_variables
zeros_initializer ones_initializer constant_initializer random_uniform_initializer
random_normal_initializer truncated_normal_initializer glorot_uniform_initializer
initializers.zeros_initializer
GradientTape UnconnectedGradients gradients stop_gradient custom_gradient RegisterGradient
no_gradient
nn.relu nn.relu6 nn.leaky_relu nn.elu nn.gelu nn.sigmoid nn.softplus nn.softmax nn.log_softmax
nn.softmax_cross_entropy_with_logits nn.sparse_softmax_cross_entropy_with_logits
nn.sigmoid_cross_entropy_with_logits nn.l2_loss nn.bias_add nn.dropout nn.conv2d nn.max_pool2d
nn.avg_pool2d clip_by_norm clip_by_global_norm
data.Dataset data.AUTOTUNE py_function numpy_function
optimizers.SGD optimizers.Adam optimizers.AdamW optimizers.RMSprop optimizers.Adagrad
optimizers.schedules.ExponentialDecay optimizers.schedules.PiecewiseConstantDecay
optimizers.schedules.CosineDecay keras.optimizers.SGD
keras.losses.MeanSquaredError keras.losses.MeanAbsoluteError keras.losses.BinaryCrossentropy
keras.losses.CategoricalCrossentropy keras.losses.SparseCategoricalCrossentropy
keras.losses.Huber keras.metrics.Mean keras.metrics.Accuracy
keras.metrics.SparseCategoricalAccuracy keras.layers.Dense keras.layers.Conv2D
keras.layers.MaxPooling2D keras.layers.Flatten keras.layers.Dropout keras.Sequential
train.Checkpoint train.CheckpointManager train.latest_checkpoint
onnx.export onnx.load
errors.OpError errors.InvalidArgumentError errors.NotFoundError errors.AlreadyExistsError
errors.FailedPreconditionError errors.OutOfRangeError errors.UnimplementedError
errors.InternalError errors.ResourceExhaustedError
autograph.ConversionError autograph.StagingError
""".split()

# Names of the contract that the package does not have yet (TensorBoard summaries and the
# profiler). Their checks are strict expected failures until they land (then the name must
# leave this set);
# the first segment of each path names what is missing.
NOT_YET: set[str] = set()


def _lookup(path):
    value = ag
    for part in path.split("."):
        value = getattr(value, part)
    return value


def _pending(path):
    parts = path.split(".")
    return any(".".join(parts[:i]) in NOT_YET for i in range(1, len(parts) + 1))


@pytest.mark.parametrize("path", [
    pytest.param(p, marks=pytest.mark.xfail(reason="not in the package yet", strict=True,
                                            raises=AttributeError)) if _pending(p) else p
    for p in API_NAMES])
def test_every_api_name_is_reachable_from_ag(path):
    _lookup(path)
    assert path.split(".")[0] in dir(ag), f"ag.{path.split('.')[0]} is hidden from dir(ag)"


def test_dir_holds_no_implementation_module():
    modules = {name for name in dir(ag) if isinstance(getattr(ag, name), types.ModuleType)}
    assert modules == NAMESPACES


@pytest.mark.parametrize("name", IMPLEMENTATION)
def test_implementation_modules_are_not_listed(name):
    assert name not in dir(ag) and name not in ag.__all__


def test_dir_holds_no_private_name():
    assert [name for name in dir(ag) if name.startswith("_") and not name.startswith("__")] == []


def test_star_import_gives_the_public_api_only():
    namespace = {}
    exec("from autograph import *", namespace)
    names = set(namespace) - {"__builtins__"}
    assert names == set(ag.__all__)
    assert "api" not in names and "function" in names and "nn" in names


def test_compat_v1_shows_no_implementation_module():
    modules = {name for name in dir(ag.compat.v1)
               if isinstance(getattr(ag.compat.v1, name), types.ModuleType)}
    assert modules <= NAMESPACES, modules - NAMESPACES
    assert ag.compat.v1.placeholder is ag.placeholder


def test_implementation_modules_import_by_their_full_names():
    import autograph.operators as ag__
    from autograph.impl.api import to_code
    from autograph.impl.static import OPERATORS_IMPORT

    assert callable(ag__.if_stmt) and to_code is ag.to_code
    assert OPERATORS_IMPORT == "import autograph.operators as ag__"
    assert "static" not in dir(ag)  # importing a submodule later does not list it either


def test_dir_lists_version_and_module_attributes():
    assert {"__version__", "__name__", "__doc__", "__all__"} <= set(dir(ag))
