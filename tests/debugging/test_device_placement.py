"""`set_log_device_placement`: where each op runs, in TensorFlow's words."""

import autograph as ag


def test_eager_ops_log_each_run_and_function_ops_their_placement_once(capsys):
    x = ag.constant([1.0, 2.0])

    @ag.function
    def f(x):
        return ag.math.log(x * 2.0)
    ag.debugging.set_log_device_placement(True)
    try:
        x * 3.0
        f(x)
        f(x)
    finally:
        ag.debugging.set_log_device_placement(False)
    x * 3.0
    captured = capsys.readouterr()
    cpu = "/job:localhost/replica:0/task:0/device:CPU:0"
    assert captured.err.count(f"Executing op Mul in device {cpu}") == 1
    assert captured.out.count(f"mul: (Mul): {cpu}\n") == 1
    assert captured.out.count(f"Log: (Log): {cpu}\n") == 1
