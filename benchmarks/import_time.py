"""`import autograph` in fresh processes, next to `import numpy` measured the same way.

Median of `--runs` fresh interpreters each, with compiled bytecode (as `pip install` leaves a
package), and once more without it (every module compiled from source, as a checkout runs
with PYTHONDONTWRITEBYTECODE set). The bytecode goes to a temporary folder
(PYTHONPYCACHEPREFIX), never into the source tree. Also prints how many of autograph's modules
`import autograph` loads, of those a program may load later (Keras, optimizers, data, the
converter, the jit, gradients' tables load on first use).

    python3 benchmarks/import_time.py [--runs 10]
"""

from __future__ import annotations

import argparse
import os
import platform
import statistics
import subprocess
import sys
import tempfile

from headline import headline

TIMED = "import time; t = time.perf_counter(); import {module}; print(time.perf_counter() - t)"
COUNT = ("import sys, {module}; print(sum(name.split('.')[0] == 'autograph' "
         "for name in sys.modules))")
EVERYTHING = ("import autograph as ag, autograph.cli.main, autograph.impl.transpiler\n"
              "from autograph.impl import coverage; coverage.namespaces()\n"
              "ag.gradients  # noqa\nfrom autograph.runtime.gradients import registry\n"
              "registry.has_gradient('Add')\nimport autograph.runtime.exec.jit\n"
              "import sys; print(sum(n.split('.')[0] == 'autograph' for n in sys.modules))")


def seconds(module: str, env: dict[str, str], runs: int) -> float:
    """Median seconds of `import module` over `runs` fresh interpreters."""
    times = [float(subprocess.run([sys.executable, "-c", TIMED.format(module=module)], env=env,
                                  check=True, capture_output=True, text=True).stdout)
             for _ in range(runs)]
    return statistics.median(times)


def output(code: str, env: dict[str, str]) -> str:
    return subprocess.run([sys.executable, "-c", code], env=env, check=True,
                          capture_output=True, text=True).stdout.strip()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=10, help="fresh processes per figure")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as cache:
        compiled = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
        compiled["PYTHONPYCACHEPREFIX"] = cache
        source_only = dict(compiled, PYTHONDONTWRITEBYTECODE="1")
        source_only["PYTHONPYCACHEPREFIX"] = os.path.join(cache, "empty")
        for module in ("numpy", "autograph"):  # writes the bytecode the timed runs read
            output(f"import {module}", compiled)
        rows = [(label, seconds("numpy", env, args.runs), seconds("autograph", env, args.runs))
                for label, env in (("compiled bytecode", compiled),
                                   ("no bytecode cache", source_only))]
        loaded = output(COUNT.format(module="autograph"), compiled)
        everything = output(EVERYTHING, compiled)
    print(f"import time, median of {args.runs} fresh processes; Python "
          f"{platform.python_version()}, {platform.machine()}, {os.cpu_count()} cores")
    print(f"  {'':20} {'numpy':>8} {'autograph':>10} {'ratio':>7}")
    for label, numpy_s, autograph_s in rows:
        print(f"  {label:20} {numpy_s:7.3f}s {autograph_s:9.3f}s {autograph_s / numpy_s:7.2f}")
        headline(f"import autograph / import numpy, {label}", autograph_s / numpy_s)
    print(f"  modules loaded by `import autograph`: {loaded} of {everything}")


if __name__ == "__main__":
    main()
