"""A set comprehension with a condition becomes a loop with an `if` that adds to the set."""


def f(words):
    initials = {word[0] for word in words if word}
    return sorted(initials)


PYTHON_ARGS = [(["bob", "", "alice", "bea"],)]
