def f(digits):
    todo = list(digits)
    value = 0

    def loop_test(todo, value):
        return todo

    def loop_body(todo, value):
        todo, digit = ag__.list_pop(todo)
        value = value * 10 + digit
        return (todo, value)
    todo, value = ag__.while_stmt(loop_test, loop_body, (todo, value), ('todo', 'value'))
    return value
