"""A tiny recurrent network whose loop and outputs live in the graph: `TensorArray` in a loop.

Seed 004's dynamic_rnn: the states of an RNN, h_t = tanh(x_t @ W_IN + h_{t-1} @ W_REC + BIAS)
with weights drawn from a seeded generator, are accumulated into an `ag.TensorArray` inside a
loop over `ag.range(time steps)`. The sequence length is a tensor, so the loop is one `While`
op, and the input signature leaves the batch and time dimensions unknown: sequences of any
length share one trace. The result is checked against the same recurrence as a NumPy loop.

    python3 examples/dynamic_rnn.py
"""

import numpy as np

import autograph as ag

FEATURES, UNITS = 3, 4
RNG = np.random.default_rng(4)
W_IN = RNG.normal(scale=0.5, size=[FEATURES, UNITS]).astype(np.float32)
W_REC = RNG.normal(scale=0.5, size=[UNITS, UNITS]).astype(np.float32)
BIAS = RNG.normal(scale=0.1, size=[UNITS]).astype(np.float32)


@ag.function(input_signature=[ag.TensorSpec([None, None, FEATURES], ag.float32),
                              ag.TensorSpec([None, UNITS], ag.float32)])
def dynamic_rnn(inputs, initial_state):
    # [batch, time, features] -> [time, batch, features]
    inputs = ag.transpose(inputs, [1, 0, 2])
    steps = ag.shape(inputs)[0]
    states = ag.TensorArray(ag.float32, size=steps)
    state = initial_state
    for t in ag.range(steps):
        state = ag.tanh(ag.matmul(inputs[t], W_IN) + ag.matmul(state, W_REC) + BIAS)
        states = states.write(t, state)
    # [time, batch, units] -> [batch, time, units]
    return ag.transpose(states.stack(), [1, 0, 2])


def numpy_rnn(inputs: np.ndarray, initial_state: np.ndarray) -> np.ndarray:
    """The same recurrence as a plain NumPy loop."""
    state = initial_state
    states = []
    for t in range(inputs.shape[1]):
        state = np.tanh(inputs[:, t] @ W_IN + state @ W_REC + BIAS)
        states.append(state)
    return np.stack(states, axis=1)


def main() -> None:
    for batch, time in ((2, 5), (3, 12)):
        inputs = RNG.uniform(-1.0, 1.0, size=[batch, time, FEATURES]).astype(np.float32)
        initial_state = np.zeros([batch, UNITS], np.float32)
        states = dynamic_rnn(ag.constant(inputs), ag.constant(initial_state)).numpy()
        error = float(np.max(np.abs(states - numpy_rnn(inputs, initial_state))))
        print(f"batch {batch}, {time:2} steps -> states {list(states.shape)}, "
              f"max |graph - numpy| = {error:.1e}, matches: {error < 1e-5}")
    print("last state of the first sequence:", [round(float(v), 4) for v in states[0, -1]])
    print("tracing count:", dynamic_rnn.experimental_get_tracing_count())

    graph = dynamic_rnn.get_concrete_function().graph
    types = [op.type for op in graph.get_operations()]
    print("ops in the graph:", ", ".join(types), f"({types.count('While')} While)")


if __name__ == "__main__":
    main()
