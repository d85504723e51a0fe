def f(n):
    result = 1

    def if_body(result):
        result = n * ag__.converted_call(f, n - 1)
        return result
    result = ag__.if_stmt(n > 1, if_body, None, (result,), ('result',))
    return result
