"""Functions with `except*` (Python 3.11 syntax), imported by the converter tests on 3.11+."""


def _refuse_positive(x):
    if x > 0:
        raise ValueError("positive")
    return x


def except_star_around_a_call(x):
    try:
        y = _refuse_positive(x)
    except* ValueError:
        y = -1
    return y


def raise_under_an_if_with_except_star(x):
    try:
        if x > 0:
            raise ValueError("positive")
        y = x * 2
    except* ValueError:
        y = -1
    return y


def assigned_in_a_try_star(xs):
    t = [1]
    try:
        t = [1 / v for v in xs]
    except* ZeroDivisionError:
        pass
    return t


def break_leaving_the_finally_of_a_try_star(xs):
    for x in xs:
        try:
            y = x
        except* ValueError:
            y = 0
        finally:
            break  # noqa: B012 (refused: the point of the test)
    return y


def deleted_in_an_except_star_handler_of_a_branch(x):
    t = 1
    if x > 0:
        try:
            raise ValueError("taken")
        except* ValueError:
            del t
    return x + 1


def return_in_a_try_star_skips_its_else(x, out):
    try:
        if x > 0:
            return 1
    except* ValueError:
        pass
    else:
        out.append("else ran")
    return 0


def unbound_after_a_try_star_that_raised(n):
    try:
        for _ in range(n):
            raise ValueError("before y is bound")
        y = 1
    except* ValueError:
        pass
    return y
