# dynamic_rnn (examples/dynamic_rnn.py:25)
def dynamic_rnn(inputs, initial_state):
    inputs = ag.transpose(inputs, [1, 0, 2])
    steps = ag.shape(inputs)[0]
    states = ag.TensorArray(ag.float32, size=steps)
    state = initial_state

    def loop_body(t, state, states):
        state = ag.tanh(ag.matmul(inputs[t], W_IN) + ag.matmul(state, W_REC) + BIAS)
        states = ag__.converted_call(states.write, t, state)
        return (state, states)
    state, states = ag__.for_stmt(ag.range(steps), loop_body, (state, states), ('state', 'states'))
    return ag.transpose(ag__.converted_call(states.stack), [1, 0, 2])

# numpy_rnn (examples/dynamic_rnn.py:38)
def numpy_rnn(inputs: np.ndarray, initial_state: np.ndarray) -> np.ndarray:
    """The same recurrence as a plain NumPy loop."""
    state = initial_state
    states = []

    def loop_body(t, state, states):
        state = np.tanh(inputs[:, t] @ W_IN + state @ W_REC + BIAS)
        states = ag__.list_append(states, state)
        return (state, states)
    state, states = ag__.for_stmt(ag__.range(inputs.shape[1]), loop_body, (state, states), ('state', 'states'))
    return np.stack(states, axis=1)

# main (examples/dynamic_rnn.py:48)
def main() -> None:
    states = ag__.Undefined('states')

    def loop_body(itr, states):
        batch, time = itr
        inputs = ag__.converted_call(ag__.converted_call(RNG.uniform, -1.0, 1.0, size=[batch, time, FEATURES]).astype, np.float32)
        initial_state = np.zeros([batch, UNITS], np.float32)
        states = ag__.converted_call(ag__.converted_call(dynamic_rnn, ag.constant(inputs), ag.constant(initial_state)).numpy)
        error = ag__.float(np.max(np.abs(states - ag__.converted_call(numpy_rnn, inputs, initial_state))))
        ag__.print(f'batch {batch}, {time:2} steps -> states {list(states.shape)}, max |graph - numpy| = {error:.1e}, matches: {error < 1e-05}')
        return states
    states = ag__.for_stmt(((2, 5), (3, 12)), loop_body, (states,), ('states',))
    ag__.print('last state of the first sequence:', [round(ag__.float(v), 4) for v in ag__.ld(states)[0, -1]])
    ag__.print('tracing count:', ag__.converted_call(dynamic_rnn.experimental_get_tracing_count))
    graph = ag__.converted_call(dynamic_rnn.get_concrete_function).graph
    types = []

    def loop_body_1(op, types):
        types = ag__.list_append(types, op.type)
        return types
    types = ag__.for_stmt(ag__.converted_call(graph.get_operations), loop_body_1, (types,), ('types',))
    ag__.print('ops in the graph:', ag__.converted_call(', '.join, types), f"({ag__.converted_call(types.count, 'While')} While)")
