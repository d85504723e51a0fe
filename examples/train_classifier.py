"""Trains a small neural network with a gradient tape and a hand-written SGD update.

Two interleaved spirals of 2-D points (made with a seeded NumPy generator) are classified by
an MLP 2-32-32-2; each training step is one `ag.function` holding a `GradientTape`, which
differentiates the loss with respect to the six variables, and plain `assign_sub` updates.

    python3 examples/train_classifier.py
"""

import numpy as np

import autograph as ag


def spirals(n_per_class: int, seed: int = 0) -> tuple[np.ndarray, np.ndarray]:
    rng = np.random.default_rng(seed)
    angle = rng.uniform(0.25, 3 * np.pi, n_per_class)
    arm = np.stack([angle * np.cos(angle), angle * np.sin(angle)], axis=1) / (3 * np.pi)
    points = np.concatenate([arm, -arm]) + rng.normal(0, 0.02, (2 * n_per_class, 2))
    labels = np.repeat([0, 1], n_per_class)
    return points.astype(np.float32), labels.astype(np.int32)


def dense(n_in: int, n_out: int, rng: np.random.Generator) -> list[ag.Variable]:
    scale = np.sqrt(2.0 / n_in)  # He initialization, for ReLU layers
    return [ag.Variable(rng.normal(0, scale, (n_in, n_out)).astype(np.float32)),
            ag.Variable(np.zeros(n_out, np.float32))]


rng = np.random.default_rng(1)
params = dense(2, 32, rng) + dense(32, 32, rng) + dense(32, 2, rng)


def logits_of(x):
    w1, b1, w2, b2, w3, b3 = params
    h = ag.nn.relu(ag.matmul(x, w1) + b1)
    h = ag.nn.relu(ag.matmul(h, w2) + b2)
    return ag.matmul(h, w3) + b3


@ag.function
def train_step(x, labels, learning_rate):
    with ag.GradientTape() as tape:
        loss = ag.reduce_mean(ag.nn.sparse_softmax_cross_entropy_with_logits(
            labels=labels, logits=logits_of(x)))
    for variable, gradient in zip(params, tape.gradient(loss, params)):
        variable.assign_sub(learning_rate * gradient)
    return loss


@ag.function
def accuracy(x, labels):
    predicted = ag.argmax(logits_of(x), axis=1, output_type=ag.int32)
    return ag.reduce_mean(ag.cast(ag.equal(predicted, labels), ag.float32))


def main() -> None:
    train_x, train_y = spirals(200, seed=0)
    test_x, test_y = spirals(100, seed=1)
    x, y = ag.constant(train_x), ag.constant(train_y)
    for step in range(1, 2001):
        loss = train_step(x, y, 0.5)
        if step % 500 == 0:
            print(f"step {step:4d}: loss {float(loss):.4f}")
    test_accuracy = float(accuracy(ag.constant(test_x), ag.constant(test_y)))
    print(f"test accuracy: {test_accuracy:.3f}")
    print(f"traced train_step {train_step.experimental_get_tracing_count()} time(s)")


if __name__ == "__main__":
    main()
