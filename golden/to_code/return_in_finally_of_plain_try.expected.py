def f(x):
    y = -1
    try:
        with ag__.handling(BaseException):
            y = ag__.converted_call(halved, x)
    finally:
        ag__.finally_entered()
        y = ag__.recovered('y', y)
        return ag__.finally_return(y)
