# spirals (examples/train_classifier.py:15)
def spirals(n_per_class: int, seed: int=0) -> tuple[np.ndarray, np.ndarray]:
    rng = np.random.default_rng(seed)
    angle = ag__.converted_call(rng.uniform, 0.25, 3 * np.pi, n_per_class)
    arm = np.stack([angle * np.cos(angle), angle * np.sin(angle)], axis=1) / (3 * np.pi)
    points = np.concatenate([arm, -arm]) + ag__.converted_call(rng.normal, 0, 0.02, (2 * n_per_class, 2))
    labels = np.repeat([0, 1], n_per_class)
    return (ag__.converted_call(points.astype, np.float32), ag__.converted_call(labels.astype, np.int32))

# dense (examples/train_classifier.py:24)
def dense(n_in: int, n_out: int, rng: np.random.Generator) -> list[ag.Variable]:
    scale = np.sqrt(2.0 / n_in)
    return [ag.Variable(ag__.converted_call(ag__.converted_call(rng.normal, 0, scale, (n_in, n_out)).astype, np.float32)), ag.Variable(np.zeros(n_out, np.float32))]

# logits_of (examples/train_classifier.py:34)
def logits_of(x):
    w1, b1, w2, b2, w3, b3 = params
    h = ag.nn.relu(ag.matmul(x, w1) + b1)
    h = ag.nn.relu(ag.matmul(h, w2) + b2)
    return ag.matmul(h, w3) + b3

# train_step (examples/train_classifier.py:42)
def train_step(x, labels, learning_rate):
    with ag.GradientTape() as tape:
        loss = ag.reduce_mean(ag.nn.sparse_softmax_cross_entropy_with_logits(labels=labels, logits=ag__.converted_call(logits_of, x)))

    def loop_body(itr):
        variable, gradient = itr
        ag__.converted_call(variable.assign_sub, learning_rate * gradient)
    ag__.for_stmt(ag__.zip(params, ag__.converted_call(tape.gradient, loss, params)), loop_body, (), ())
    return loss

# accuracy (examples/train_classifier.py:52)
def accuracy(x, labels):
    predicted = ag.argmax(ag__.converted_call(logits_of, x), axis=1, output_type=ag.int32)
    return ag.reduce_mean(ag.cast(ag.equal(predicted, labels), ag.float32))

# main (examples/train_classifier.py:57)
def main() -> None:
    train_x, train_y = ag__.converted_call(spirals, 200, seed=0)
    test_x, test_y = ag__.converted_call(spirals, 100, seed=1)
    x, y = (ag.constant(train_x), ag.constant(train_y))

    def loop_body(step):
        loss = ag__.converted_call(train_step, x, y, 0.5)

        def if_body():
            ag__.print(f'step {step:4d}: loss {ag__.float(loss):.4f}')
        ag__.if_stmt(step % 500 == 0, if_body, None, (), ())
    ag__.for_stmt(ag__.range(1, 2001), loop_body, (), ())
    test_accuracy = ag__.float(ag__.converted_call(accuracy, ag.constant(test_x), ag.constant(test_y)))
    ag__.print(f'test accuracy: {test_accuracy:.3f}')
    ag__.print(f'traced train_step {ag__.converted_call(train_step.experimental_get_tracing_count)} time(s)')
