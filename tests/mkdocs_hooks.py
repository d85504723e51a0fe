"""mkdocs hooks (mkdocs.yml): the API reference, one page per namespace of `ag`.

griffe, which mkdocstrings uses, finds modules on disk, so before a build the checkout is laid
out as installed under `.docs-layout/` (tests/installed_layout.py), where griffe imports it.
There is one page per namespace (`ag`, `ag.math`, `ag.keras.layers`, ...) that the coverage
table knows (autograph/impl/coverage.py), so a new namespace gets its page.
"""

from __future__ import annotations

import importlib.util
import json
import os
import pathlib
import subprocess
import sys
import types

ROOT = pathlib.Path(__file__).resolve().parents[1]
LAYOUT = ROOT / ".docs-layout"  # mkdocs.yml gives it to the Python handler as its path
SECTION = "API reference"


def _installed_layout() -> types.ModuleType:
    # mkdocs loads hooks by path; this loads the helper the same way, leaving sys.path alone
    spec = importlib.util.spec_from_file_location(
        "installed_layout", pathlib.Path(__file__).with_name("installed_layout.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


_NAMESPACES = """
import json
import autograph
from autograph.impl import coverage
print(json.dumps({path: module.__name__ for path, module in coverage.namespaces().items()}))
"""


# Laid out as the hook loads, before mkdocstrings reads its `paths` (a missing one is dropped).
_installed_layout().lay_out(LAYOUT)


def api_pages() -> dict[str, tuple[str, str]]:
    """Page path (`api/ag.math.md`) -> its title and Markdown, for every namespace but
    `ag.compat` (the same objects again). The namespaces are read in a process of their own,
    so that in this one only griffe imports the package, from the layout."""
    listed = subprocess.run([sys.executable, "-c", _NAMESPACES], capture_output=True, text=True,
                            check=True, env={**os.environ, "PYTHONPATH": str(LAYOUT)}).stdout
    pages = {}
    for path, module in sorted(json.loads(listed).items()):
        if not path.startswith("tf.compat"):
            shown = path.replace("tf", "ag", 1)
            options = "    options:\n      show_root_heading: false\n"
            pages[f"api/{shown}.md"] = shown, f"# {shown}\n\n::: {module}\n{options}"
    return pages


def on_config(config):
    pages = api_pages()
    config["nav"] = [entry for entry in config["nav"] if SECTION not in entry]
    config["nav"].append({SECTION: [{title: page} for page, (title, _) in pages.items()]})
    config["_api_pages"] = pages
    return config


def on_files(files, config):
    from mkdocs.structure.files import File

    for page, (_, text) in config["_api_pages"].items():
        files.append(File.generated(config, page, content=text))
    return files

