"""A tour of the eager API: tensors, dtypes, ops, indexing, devices, and a custom op.

Every op below runs at once, one kernel at a time (NumPy on the CPU, CuPy on a GPU when one is
present), exactly as TensorFlow 2 runs ops outside `tf.function`.

    python3 examples/eager_tour.py
"""

import autograph as ag
from autograph.runtime import op_function, register_kernel, register_op
from autograph.runtime.registry.shape_inference import broadcast


def section(title: str) -> None:
    print(f"\n== {title}")


def rounded(t, digits: int = 3) -> list:
    return [round(v, digits) for v in t.numpy().tolist()]


def tensors_and_dtypes() -> None:
    section("tensors and dtypes")
    x = ag.constant([[1.0, 2.0], [3.0, 4.0]])
    print(x)
    print("python int ->", ag.constant(7).dtype.name, "| python float ->",
          ag.constant(7.0).dtype.name, "| str ->", ag.constant("hi").dtype.name)
    try:
        ag.constant([1, 2]) + ag.constant([1.0, 2.0])
    except ag.errors.InvalidArgumentError as e:
        print("int32 + float32 ->", type(e).__name__ + ":", str(e).split(";")[0])


def math_and_reductions() -> None:
    section("math, broadcasting, reductions")
    x = ag.constant([[1.0, 2.0], [3.0, 4.0]])
    print("x * 10 + [1, 2] =", (x * 10 + [1.0, 2.0]).numpy().tolist())
    print("x @ x =", (x @ x).numpy().tolist())
    print("reduce_sum(x, axis=0) =", ag.reduce_sum(x, axis=0).numpy().tolist())
    print("reduce_mean(x) =", float(ag.reduce_mean(x)))
    print("softmax([1, 2, 3]) =", rounded(ag.math.softmax([1.0, 2.0, 3.0])))
    print("argmax(x, axis=1) =", ag.argmax(x, axis=1).numpy().tolist())


def shapes_and_indexing() -> None:
    section("shapes and indexing")
    t = ag.reshape(ag.range(12), [3, 4])
    print("t =", t.numpy().tolist(), "shape", t.shape)
    print("t[1] =", t[1].numpy().tolist(), "| t[:, -1] =", t[:, -1].numpy().tolist(),
          "| t[::2, 1:3] =", t[::2, 1:3].numpy().tolist())
    print("transpose(t).shape =", ag.transpose(t).shape,
          "| concat([t, t], 0).shape =", ag.concat([t, t], axis=0).shape)
    print("gather(t, [2, 0]) =", ag.gather(t, [2, 0]).numpy().tolist())
    print("boolean_mask(t, t % 5 == 0) =", ag.boolean_mask(t, t % 5 == 0).numpy().tolist())


def random_and_strings() -> None:
    section("random numbers and strings")
    ag.random.set_seed(42)
    first = ag.random.uniform([3], seed=1)
    ag.random.set_seed(42)
    again = ag.random.uniform([3], seed=1)
    print("uniform([3]) =", rounded(first), "| reproducible:",
          bool(ag.reduce_all(first == again)))
    words = ag.constant(["graph", "mode"])
    print("strings.join =", ag.strings.join([words, "s"], separator="-").numpy().tolist(),
          "| length =", ag.strings.length(words).numpy().tolist())


def devices() -> None:
    section("devices")
    print("physical devices:", [d.name for d in ag.config.list_physical_devices()])
    with ag.device("/CPU:0"):
        y = ag.constant([1.0, 2.0]) * 2
    print("placed on", y.device)


def custom_op() -> None:
    section("a custom op: declaration, kernel, front-end")
    register_op("Hypot").input("x: T").input("y: T").output("z: T") \
        .attr("T: {float32, float64}").set_is_commutative().set_shape_fn(broadcast) \
        .doc("Returns sqrt(x**2 + y**2) elementwise, with broadcasting.")

    @register_kernel("Hypot", device=("CPU", "GPU"))
    def hypot_kernel(ctx, x, y):
        return ctx.xp.hypot(x, y)

    hypot = op_function("Hypot")
    print("hypot([3, 5], 4) =", rounded(hypot([3.0, 5.0], 4.0)))
    try:
        hypot([1, 2], 3)
    except ag.errors.InvalidArgumentError as e:
        print("hypot on int32 ->", str(e).split(";")[0])


def main() -> None:
    tensors_and_dtypes()
    math_and_reductions()
    shapes_and_indexing()
    random_and_strings()
    devices()
    custom_op()


if __name__ == "__main__":
    main()
