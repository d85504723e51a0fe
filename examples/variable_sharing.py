"""Variable sharing in graph mode, TensorFlow 1 style: seed 000's `make_template` example.

A template creates its variables on the first call, under its own scope, and reuses them on
every later call, even from other variable scopes: the program below has exactly one variable,
`abc/fn/w:0`, and both calls compute the same value.

    python3 examples/variable_sharing.py
"""

import autograph as ag


def scaled(x):
    w = ag.get_variable(name="w", shape=(), dtype=ag.float32,
                        initializer=ag.random_uniform_initializer(minval=0.0, maxval=1.0))
    return w * x + 0.0


def main() -> None:
    ag.random.set_seed(0)
    graph = ag.Graph()
    with graph.as_default():
        fn = ag.make_template(name_="fn", func_=scaled)
        x = ag.placeholder(name="x", shape=(), dtype=ag.float32)
        with ag.variable_scope("abc"):
            y1 = fn(x)
        with ag.variable_scope("def"):
            y2 = fn(x)
        print("variables:", [v.name for v in ag.get_collection(ag.GraphKeys.GLOBAL_VARIABLES)])

        with ag.Session() as sess:
            sess.run(ag.global_variables_initializer())
            y1_val, y2_val = sess.run([y1, y2], feed_dict={x: 0.5})
    print("y1 == y2:", y1_val == y2_val, f"({y1_val:.4f})")

    print("\nthe graph, one op per line:")
    print(graph)


if __name__ == "__main__":
    main()
