def f(x, limit):

    def clip(v):

        def if_body(v):
            v = limit
            return v
        v = ag__.if_stmt(v > limit, if_body, None, (v,), ('v',))
        return v
    return ag__.converted_call(clip, x) * 2
