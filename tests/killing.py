"""Killing a child process at a point it names: for tests that a save killed midway leaves
the previous files whole."""

import os
import pathlib
import signal
import subprocess
import sys
import textwrap
import time

ROOT = pathlib.Path(__file__).resolve().parents[1]


def kill_when(code: str, args: list[str], trigger: pathlib.Path) -> None:
    """Runs `code` in a child Python with `args`, and kills it (SIGKILL) once the file
    `trigger` exists; fails if the child ends first or never makes it within two minutes."""
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(filter(None, [str(ROOT),
                                                                  os.environ.get("PYTHONPATH")])))
    child = subprocess.Popen([sys.executable, "-c", textwrap.dedent(code), *args], env=env,
                             stderr=subprocess.PIPE)
    try:
        deadline = time.monotonic() + 120
        while not trigger.exists():
            assert child.poll() is None, child.stderr.read().decode()
            assert time.monotonic() < deadline, f"the child never made {trigger.name}"
            time.sleep(0.005)
    finally:
        child.send_signal(signal.SIGKILL)
        child.wait()
        child.stderr.close()
    assert child.returncode == -signal.SIGKILL
