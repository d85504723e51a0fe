def f(names):
    result_ = {}

    def loop_body(name):
        result_[name] = ag__.len(name)
    ag__.for_stmt(names, loop_body, (), ())
    return result_
