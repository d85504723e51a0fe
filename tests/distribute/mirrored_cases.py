"""Cases run the same way under TensorFlow and `autograph` with a two-replica MirroredStrategy.

`CASES[name](tf, strategy)` takes the library module (`tensorflow` or `autograph`) and a
`MirroredStrategy` with exactly 2 replicas, and returns a JSON-able answer. Answers never
depend on device names. TensorFlow's answers are in `mirrored_expected.json`; rerun
`record_mirrored_answers.py` (see its docstring) after changing a case.
"""

import numpy as np

CASES = {}

GLOBAL = 4  # global batch size of the training cases
X = np.arange(36.0, dtype=np.float32).reshape(12, 3) / 10
Y = np.arange(24.0, dtype=np.float32).reshape(12, 2) / 10


def case(fn):
    """Registers `fn` in CASES under its name."""
    CASES[fn.__name__] = fn
    return fn


def to_py(value):
    """Tensors, variables, numpy values and nests of them as plain lists, floats, ints."""
    if isinstance(value, dict):
        return {str(k): to_py(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [to_py(v) for v in value]
    if hasattr(value, "numpy"):
        value = value.numpy()
    if isinstance(value, np.ndarray):
        return value.tolist()
    if isinstance(value, np.generic):
        return value.item()
    return value


def local(strategy, value):
    """The local results of `value`, one per replica (one only for a non-distributed value)."""
    return [to_py(v) for v in strategy.experimental_local_results(value)]


def per_replica(strategy, nest):
    """A nest of distributed values as one plain nest per replica."""
    def pick(x, i):
        if isinstance(x, dict):
            return {k: pick(v, i) for k, v in x.items()}
        if isinstance(x, (list, tuple)):
            return [pick(v, i) for v in x]
        return to_py(strategy.experimental_local_results(x)[i])
    return [pick(nest, i) for i in range(strategy.num_replicas_in_sync)]


def error(e):
    return {"error": type(e).__name__, "message": str(e)}


def replica_values(strategy, fn):
    """A PerReplica of `fn(replica_id)`, one value per replica."""
    return strategy.experimental_distribute_values_from_function(
        lambda ctx: fn(ctx.replica_id_in_sync_group))


def replica_id(tf):
    """The current replica's id, as a float32 tensor (inside `run`)."""
    return tf.cast(tf.distribute.get_replica_context().replica_id_in_sync_group, tf.float32)


def dense_model(tf):
    return tf.keras.Sequential([
        tf.keras.Input((3,)),
        tf.keras.layers.Dense(2, kernel_initializer=tf.keras.initializers.Constant(0.1),
                              bias_initializer="zeros")])


# --- replica context ----------------------------------------------------------------------

@case
def run_replica_id(tf, strategy):
    return local(strategy, strategy.run(
        lambda: tf.distribute.get_replica_context().replica_id_in_sync_group))


@case
def num_replicas_in_sync(tf, strategy):
    inside = strategy.run(lambda: tf.distribute.get_replica_context().num_replicas_in_sync)
    return {"outside": strategy.num_replicas_in_sync, "inside_run": local(strategy, inside)}


@case
def in_cross_replica_context(tf, strategy):
    outside = tf.distribute.in_cross_replica_context()
    with strategy.scope():
        in_scope = tf.distribute.in_cross_replica_context()
        in_run = strategy.run(lambda: tf.distribute.in_cross_replica_context())
    return {"outside": outside, "in_scope": in_scope, "in_run": local(strategy, in_run)}


@case
def get_strategy_in_scope(tf, strategy):
    outside = tf.distribute.get_strategy() is strategy
    with strategy.scope():
        in_scope = tf.distribute.get_strategy() is strategy
        has = tf.distribute.has_strategy()
    in_run = strategy.run(lambda: tf.distribute.get_strategy() is strategy)
    return {"outside": outside, "in_scope": in_scope, "has_strategy_in_scope": has,
            "in_run": local(strategy, in_run)}


@case
def run_per_replica_argument(tf, strategy):
    values = replica_values(strategy, lambda i: tf.constant([1.0, 2.0]) * float(i + 1))
    return {"inputs": local(strategy, values),
            "outputs": local(strategy, strategy.run(lambda x: x * 10.0, args=(values,)))}


@case
def run_plain_tensor_argument(tf, strategy):
    found = strategy.run(lambda x, y: x * y + replica_id(tf),
                         args=(tf.constant([1.0, 2.0]),), kwargs={"y": 3.0})
    return local(strategy, found)


@case
def run_returns_a_nest(tf, strategy):
    found = strategy.run(lambda: {"id": replica_id(tf), "pair": (replica_id(tf) * 2, 7.0)})
    return {"type": type(found).__name__, "id": local(strategy, found["id"]),
            "pair": [local(strategy, x) for x in found["pair"]]}


@case
def values_from_function_context(tf, strategy):
    values = strategy.experimental_distribute_values_from_function(
        lambda ctx: tf.constant([ctx.replica_id_in_sync_group, ctx.num_replicas_in_sync]))
    return local(strategy, values)


# --- reduce -------------------------------------------------------------------------------

@case
def reduce_sum_axis_none(tf, strategy):
    values = replica_values(strategy, lambda i: tf.constant([1.0, 2.0]) + 10.0 * i)
    return to_py(strategy.reduce(tf.distribute.ReduceOp.SUM, values, axis=None))


@case
def reduce_mean_axis_none(tf, strategy):
    values = replica_values(strategy, lambda i: tf.constant([1.0, 2.0]) + 10.0 * i)
    return to_py(strategy.reduce("MEAN", values, axis=None))


@case
def reduce_uneven_batches_axis_0(tf, strategy):
    dataset = tf.data.Dataset.from_tensor_slices([1.0, 2.0, 6.0]).batch(3)
    batch = next(iter(strategy.experimental_distribute_dataset(dataset)))
    return {"local": local(strategy, batch),
            "sum": to_py(strategy.reduce("SUM", batch, axis=0)),
            "mean": to_py(strategy.reduce("MEAN", batch, axis=0))}


@case
def reduce_plain_value(tf, strategy):
    found = {}
    for op in ("SUM", "MEAN"):
        try:
            found[op] = to_py(strategy.reduce(op, tf.constant(3.0), axis=None))
        except Exception as e:
            found[op] = error(e)
    return found


@case
def reduce_plain_value_mean_axis_0(tf, strategy):
    return to_py(strategy.reduce("MEAN", tf.constant([1.0, 2.0, 6.0]), axis=0))


@case
def scale_regularization_loss_in_cross_replica_context(tf, strategy):
    with strategy.scope():
        try:
            tf.nn.scale_regularization_loss(tf.constant(2.0))
        except Exception as e:
            return error(e)
    return "no error"


@case
def set_sync_none_variable_error(tf, strategy):
    with strategy.scope():
        try:
            tf.Variable(1.0, name="v", synchronization=tf.VariableSynchronization.NONE)
        except Exception as e:
            return error(e)
    return "no error"


@case
def gather_on_the_default_strategy(tf, strategy):
    return to_py(tf.distribute.get_strategy().gather(tf.constant([1.0, 2.0]), axis=0))


# --- distributed datasets -----------------------------------------------------------------

@case
def dataset_batch_4_for_loop(tf, strategy):
    dist = strategy.experimental_distribute_dataset(tf.data.Dataset.range(10).batch(4))
    return [local(strategy, x) for x in dist]


@case
def dataset_batch_4_iter_next(tf, strategy):
    iterator = iter(strategy.experimental_distribute_dataset(tf.data.Dataset.range(10).batch(4)))
    steps = []
    while True:
        try:
            steps.append(local(strategy, next(iterator)))
        except (StopIteration, tf.errors.OutOfRangeError) as e:
            return {"steps": steps, "end": type(e).__name__}


@case
def dataset_batch_3(tf, strategy):
    dist = strategy.experimental_distribute_dataset(tf.data.Dataset.range(10).batch(3))
    return [local(strategy, x) for x in dist]


@case
def dataset_of_tuples(tf, strategy):
    dataset = tf.data.Dataset.from_tensor_slices((X[:6], Y[:6, 0])).batch(4)
    return [per_replica(strategy, x) for x in strategy.experimental_distribute_dataset(dataset)]


@case
def dataset_of_dicts(tf, strategy):
    dataset = tf.data.Dataset.from_tensor_slices(
        {"a": np.arange(4.0, dtype=np.float32), "b": np.arange(4) * 10}).batch(4)
    return [per_replica(strategy, x) for x in strategy.experimental_distribute_dataset(dataset)]


@case
def datasets_from_function_input_context(tf, strategy):
    contexts = []

    def dataset_fn(ctx):
        contexts.append({"num_input_pipelines": ctx.num_input_pipelines,
                         "input_pipeline_id": ctx.input_pipeline_id,
                         "num_replicas_in_sync": ctx.num_replicas_in_sync,
                         "per_replica_batch_size_8": ctx.get_per_replica_batch_size(8)})
        return tf.data.Dataset.range(8).batch(ctx.get_per_replica_batch_size(8))

    dist = strategy.distribute_datasets_from_function(dataset_fn)
    return {"contexts": contexts, "steps": [local(strategy, x) for x in dist]}


@case
def datasets_from_function_last_short_group(tf, strategy):
    dist = strategy.distribute_datasets_from_function(
        lambda ctx: tf.data.Dataset.range(5).batch(1))
    return [local(strategy, x) for x in dist]


@case
def datasets_from_function_of_tuples_last_short_group(tf, strategy):
    dist = strategy.distribute_datasets_from_function(
        lambda ctx: tf.data.Dataset.from_tensor_slices((X[:3], Y[:3])).batch(1))
    return [per_replica(strategy, x) for x in dist]


@case
def input_context_uneven_batch_size_error(tf, strategy):
    found = []

    def dataset_fn(ctx):
        try:
            ctx.get_per_replica_batch_size(7)
        except Exception as e:
            found.append(error(e))
        return tf.data.Dataset.range(2)

    strategy.distribute_datasets_from_function(dataset_fn)
    return found[0] if found else "no error"


# --- all_reduce and merge_call ------------------------------------------------------------

@case
def all_reduce_sum(tf, strategy):
    found = strategy.run(lambda: tf.distribute.get_replica_context().all_reduce(
        "SUM", replica_id(tf) + 1.0))
    return local(strategy, found)


@case
def all_reduce_mean(tf, strategy):
    found = strategy.run(lambda: tf.distribute.get_replica_context().all_reduce(
        tf.distribute.ReduceOp.MEAN, replica_id(tf) + 1.0))
    return local(strategy, found)


@case
def all_reduce_nest(tf, strategy):
    def fn():
        i = replica_id(tf)
        return tf.distribute.get_replica_context().all_reduce(
            "SUM", {"a": i * tf.constant([1.0, 2.0]), "b": [i + 1.0, tf.constant(3.0)]})
    return per_replica(strategy, strategy.run(fn))


@case
def merge_call(tf, strategy):
    received = []

    def merge_fn(s, value):
        received.append({"is_strategy": s is strategy,
                         "in_cross_replica": tf.distribute.in_cross_replica_context(),
                         "local": local(s, value)})
        return s.reduce("SUM", value, axis=None)

    def fn():
        return tf.distribute.get_replica_context().merge_call(
            merge_fn, args=(replica_id(tf) + 1.0,))

    returned = local(strategy, strategy.run(fn))
    return {"received": received, "returned": returned}


# --- variables ----------------------------------------------------------------------------

@case
def mirrored_variable(tf, strategy):
    with strategy.scope():
        v = tf.Variable([1.0, 2.0])
    in_run = strategy.run(lambda: v * 1.0)
    return {"type": type(v).__name__, "local": local(strategy, v), "value": to_py(v),
            "read_in_run": local(strategy, in_run)}


@case
def mirrored_variable_assign_cross_replica(tf, strategy):
    with strategy.scope():
        v = tf.Variable(1.0)
    v.assign(5.0)
    v.assign_add(1.0)
    return local(strategy, v)


def _assign_add_in_run(tf, strategy, aggregation):
    with strategy.scope():
        v = tf.Variable(1.0, aggregation=aggregation)
    try:
        strategy.run(lambda: v.assign_add(replica_id(tf) + 1.0))
    except Exception as e:
        return error(e)
    return local(strategy, v)


@case
def assign_add_in_run_sum(tf, strategy):
    return _assign_add_in_run(tf, strategy, tf.VariableAggregation.SUM)


@case
def assign_add_in_run_mean(tf, strategy):
    return _assign_add_in_run(tf, strategy, tf.VariableAggregation.MEAN)


@case
def assign_add_in_run_only_first_replica(tf, strategy):
    return _assign_add_in_run(tf, strategy, tf.VariableAggregation.ONLY_FIRST_REPLICA)


@case
def assign_add_in_run_none(tf, strategy):
    return _assign_add_in_run(tf, strategy, tf.VariableAggregation.NONE)


@case
def assign_same_value_in_run_default_aggregation(tf, strategy):
    with strategy.scope():
        v = tf.Variable(1.0)
    try:
        strategy.run(lambda: v.assign(4.0))
    except Exception as e:
        return error(e)
    return local(strategy, v)


def _on_read_assign_add(tf, strategy, aggregation):
    with strategy.scope():
        v = tf.Variable(1.0, synchronization=tf.VariableSynchronization.ON_READ,
                        aggregation=aggregation)
    strategy.run(lambda: v.assign_add(replica_id(tf) + 1.0))
    return {"type": type(v).__name__, "read_value": to_py(v.read_value()), "value": to_py(v),
            "local": local(strategy, v)}


@case
def on_read_sum_assign_add_in_run(tf, strategy):
    return _on_read_assign_add(tf, strategy, tf.VariableAggregation.SUM)


@case
def on_read_mean_assign_add_in_run(tf, strategy):
    return _on_read_assign_add(tf, strategy, tf.VariableAggregation.MEAN)


def _on_read_assign_cross_replica(tf, strategy, aggregation):
    with strategy.scope():
        v = tf.Variable(1.0, synchronization=tf.VariableSynchronization.ON_READ,
                        aggregation=aggregation)
    v.assign(6.0)
    return {"value": to_py(v), "local": local(strategy, v)}


@case
def on_read_sum_assign_cross_replica(tf, strategy):
    return _on_read_assign_cross_replica(tf, strategy, tf.VariableAggregation.SUM)


@case
def on_read_mean_assign_cross_replica(tf, strategy):
    return _on_read_assign_cross_replica(tf, strategy, tf.VariableAggregation.MEAN)


# --- Keras metrics ------------------------------------------------------------------------

@case
def keras_mean_metric(tf, strategy):
    with strategy.scope():
        metric = tf.keras.metrics.Mean()
    values = replica_values(strategy, lambda i: tf.constant([1.0, 2.0, 3.0]) * float(i + 1))
    strategy.run(metric.update_state, args=(values,))
    return to_py(metric.result())


@case
def keras_sparse_categorical_accuracy(tf, strategy):
    with strategy.scope():
        metric = tf.keras.metrics.SparseCategoricalAccuracy()
    labels = tf.constant([0, 1, 1])
    probs = tf.constant([[0.9, 0.1], [0.2, 0.8], [0.7, 0.3]])
    inputs = replica_values(strategy, lambda i: (labels[:3 - i], probs[:3 - i]))
    strategy.run(lambda yp: metric.update_state(*yp), args=(inputs,))
    return to_py(metric.result())


# --- custom training loops ----------------------------------------------------------------

def _train_step(tf, model, optimizer):
    def step(batch):
        x, y = batch
        with tf.GradientTape() as tape:
            per_example = tf.reduce_mean(tf.square(model(x, training=True) - y), axis=1)
            loss = tf.nn.compute_average_loss(per_example, global_batch_size=GLOBAL)
        grads = tape.gradient(loss, model.trainable_variables)
        optimizer.apply_gradients(zip(grads, model.trainable_variables))
        return loss
    return step


def _custom_training_loop(tf, strategy, compiled):
    with strategy.scope():
        model = dense_model(tf)
        optimizer = tf.keras.optimizers.SGD(0.1)
    step = _train_step(tf, model, optimizer)

    def train(batch):
        return strategy.run(step, args=(batch,))
    if compiled:
        train = tf.function(train)
    dataset = tf.data.Dataset.from_tensor_slices((X, Y)).batch(GLOBAL)
    losses = [to_py(strategy.reduce("SUM", train(batch), axis=None))
              for batch in strategy.experimental_distribute_dataset(dataset)]
    return {"losses": losses, "weights": to_py(model.get_weights()),
            "iterations": to_py(optimizer.iterations)}


@case
def custom_training_loop_eager(tf, strategy):
    return _custom_training_loop(tf, strategy, compiled=False)


@case
def custom_training_loop_function(tf, strategy):
    return _custom_training_loop(tf, strategy, compiled=True)


@case
def custom_training_loop_default_strategy(tf, strategy):
    default = tf.distribute.get_strategy()
    model = dense_model(tf)
    optimizer = tf.keras.optimizers.SGD(0.1)
    step = _train_step(tf, model, optimizer)
    losses = [to_py(default.reduce("SUM", default.run(step, args=(batch,)), axis=None))
              for batch in tf.data.Dataset.from_tensor_slices((X, Y)).batch(GLOBAL)]
    return {"num_replicas": default.num_replicas_in_sync, "losses": losses,
            "weights": to_py(model.get_weights()), "iterations": to_py(optimizer.iterations)}


# --- Keras compile / fit / evaluate / predict ---------------------------------------------

def _compiled_model(tf):
    model = dense_model(tf)
    model.compile(optimizer=tf.keras.optimizers.SGD(0.1), loss="mse")
    return model


@case
def keras_fit(tf, strategy):
    with strategy.scope():
        model = _compiled_model(tf)
    history = model.fit(X, Y, batch_size=GLOBAL, epochs=2, shuffle=False, verbose=0)
    return {"loss": to_py(history.history["loss"]), "weights": to_py(model.get_weights())}


@case
def keras_fit_default_strategy(tf, strategy):
    model = _compiled_model(tf)
    history = model.fit(X, Y, batch_size=GLOBAL, epochs=2, shuffle=False, verbose=0)
    return {"loss": to_py(history.history["loss"]), "weights": to_py(model.get_weights())}


@case
def keras_evaluate(tf, strategy):
    with strategy.scope():
        model = _compiled_model(tf)
    return to_py(model.evaluate(X[:10], Y[:10], batch_size=GLOBAL, verbose=0))


@case
def keras_predict(tf, strategy):
    with strategy.scope():
        model = _compiled_model(tf)
    return to_py(model.predict(X[:10], batch_size=GLOBAL, verbose=0))


@case
def keras_predict_last_batch_of_one_row(tf, strategy):
    with strategy.scope():
        model = _compiled_model(tf)
    return to_py(model.predict(X[:9], batch_size=GLOBAL, verbose=0))


# --- gathering and batch inference --------------------------------------------------------

@case
def gather_axis_0(tf, strategy):
    values = replica_values(strategy, lambda i: tf.fill([i + 1, 2], float(i)))
    return to_py(strategy.gather(values, axis=0))


@case
def gather_axis_1(tf, strategy):
    values = replica_values(strategy, lambda i: tf.fill([2, i + 1], float(i)))
    return to_py(strategy.gather(values, axis=1))


@case
def gather_plain_value(tf, strategy):
    return to_py(strategy.gather(tf.constant([[1.0, 2.0]]), axis=0))


@case
def gather_mirrored_variable(tf, strategy):
    with strategy.scope():
        v = tf.Variable([[1.0, 2.0]])
    return to_py(strategy.gather(v, axis=0))


@case
def gather_in_replica_context_error(tf, strategy):
    try:
        strategy.run(lambda: strategy.gather(tf.constant(1.0), axis=0))
    except Exception as e:
        return error(e)
    return "no error"


@case
def all_gather_in_run(tf, strategy):
    def fn():
        i = tf.distribute.get_replica_context().replica_id_in_sync_group
        value = tf.fill([2, 1], tf.cast(i, tf.float32))
        return tf.distribute.get_replica_context().all_gather(value, axis=0)
    return local(strategy, strategy.run(fn))


@case
def all_gather_uneven_nest_in_function(tf, strategy):
    def fn():
        context = tf.distribute.get_replica_context()
        i = context.replica_id_in_sync_group
        rows = tf.fill([i + 1, 2], tf.cast(i, tf.float32))
        ids = tf.fill([2 - i], i + 5)
        columns = tf.fill([1, 2 - i], tf.cast(i, tf.int64))
        return (context.all_gather({"rows": rows, "ids": [ids]}, axis=0),
                context.all_gather(columns, axis=1))
    return per_replica(strategy, tf.function(lambda: strategy.run(fn))())


@case
def all_gather_rank_3_axis_1(tf, strategy):
    def fn():
        context = tf.distribute.get_replica_context()
        i = context.replica_id_in_sync_group
        return context.all_gather(tf.fill([2, i + 1, 2], tf.cast(i, tf.float32)), axis=1)
    return local(strategy, strategy.run(fn))


@case
def batch_inference_over_a_distributed_dataset(tf, strategy):
    with strategy.scope():
        model = dense_model(tf)
    dataset = tf.data.Dataset.from_tensor_slices(X[:10]).batch(GLOBAL)

    @tf.function
    def predict(batch):
        return strategy.run(lambda x: model(x, training=False), args=(batch,))
    return [to_py(strategy.gather(predict(batch), axis=0))
            for batch in strategy.experimental_distribute_dataset(dataset)]


@case
def cross_device_ops_options(tf, strategy):
    def attempt(make):
        try:
            make()
        except Exception as e:
            return error(e)
        return "no error"
    one = tf.distribute.ReductionToOneDevice(reduce_to_device="/cpu:0")
    default_one = tf.distribute.ReductionToOneDevice()
    options = tf.distribute.experimental.CommunicationOptions()
    ring = tf.distribute.experimental.CommunicationOptions(
        bytes_per_pack=64, timeout_seconds=2.5,
        implementation=tf.distribute.experimental.CommunicationImplementation.RING)
    return {
        "reduce_to_device": [one.reduce_to_device, default_one.reduce_to_device],
        "accumulation_fn": to_py(default_one.accumulation_fn([tf.constant(1.0), tf.constant(2.0)])),
        "num_packs": [tf.distribute.HierarchicalCopyAllReduce()._num_packs,
                      tf.distribute.NcclAllReduce()._num_packs,
                      tf.distribute.NcclAllReduce(num_packs=0)._num_packs],
        "negative_packs": attempt(lambda: tf.distribute.NcclAllReduce(num_packs=-1)),
        "implementations": [
            i.value for i in tf.distribute.experimental.CommunicationImplementation],
        "default_options": [options.bytes_per_pack, options.timeout_seconds,
                            options.implementation.value],
        "ring_options": [ring.bytes_per_pack, ring.timeout_seconds, ring.implementation.value],
        "negative_bytes": attempt(
            lambda: tf.distribute.experimental.CommunicationOptions(bytes_per_pack=-1)),
        "string_implementation": tf.distribute.experimental.CommunicationOptions(
            implementation="nccl").implementation.value,
        "other_implementation": attempt(
            lambda: tf.distribute.experimental.CommunicationOptions(implementation=3)),
    }


# --- errors and odds ----------------------------------------------------------------------

@case
def run_raises_in_one_replica(tf, strategy):
    def fn():
        if tf.distribute.get_replica_context().replica_id_in_sync_group == 1:
            raise ValueError("bad replica")
        return 1.0
    try:
        strategy.run(fn)
    except Exception as e:
        return error(e)
    return "no error"


@case
def run_raises_in_every_replica(tf, strategy):
    def fn():
        raise ValueError("bad replica")
    try:
        strategy.run(fn)
    except Exception as e:
        return error(e)
    return "no error"


@case
def local_results_of_a_plain_value(tf, strategy):
    return {"float": local(strategy, 5.0), "tensor": local(strategy, tf.constant([1, 2])),
            "list": to_py(strategy.experimental_local_results([1, 2]))}


@case
def worker_devices_count(tf, strategy):
    return len(strategy.extended.worker_devices)


def adam_fit_weights(tf, strategy):
    """The weights of a Dense model made in `strategy`'s scope after 3 epochs of `fit` with
    Adam (not a case: tests compare strategies with the default strategy's answer)."""
    x = np.linspace(-1, 1, 24, dtype=np.float32).reshape(8, 3)
    y = (x @ np.array([[1.0], [-2.0], [0.5]], np.float32)).astype(np.float32)
    with strategy.scope():
        model = tf.keras.Sequential([tf.keras.Input((3,)), tf.keras.layers.Dense(
            1, kernel_initializer="ones")])
        model.compile(optimizer=tf.keras.optimizers.Adam(0.05), loss="mse")
    model.fit(x, y, batch_size=4, epochs=3, shuffle=False, verbose=0)
    return model.get_weights()
