"""The layers and the game-system boundary (docs/architecture.md), checked as code.

The import rules are import-linter contracts in pyproject.toml; these tests run the real
``lint-imports`` on the package, show that a broken rule is caught, and check what the
contracts cannot: that the core never names a game system in its code, that every system
folder registers a GameSystem, and that modules stay small.
"""

from __future__ import annotations

import ast
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "gm_tools"
SYSTEMS = sorted(p.name for p in (PACKAGE / "systems").iterdir() if (p / "__init__.py").exists())
CORE = [p for p in PACKAGE.rglob("*.py") if "systems" not in p.relative_to(PACKAGE).parts[:1]]
MAX_LINES = 620


def lint_imports(config: Path | None = None) -> subprocess.CompletedProcess:
    exe = Path(sys.executable).with_name("lint-imports")
    args = [str(exe if exe.exists() else shutil.which("lint-imports")), "--no-cache"]
    if config:
        args.append(str(config))
    return subprocess.run(args, cwd=ROOT, capture_output=True, text=True, timeout=300)


def contracts() -> dict[str, dict]:
    data = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    return {c["id"]: c for c in data["tool"]["importlinter"]["contracts"]}


def test_the_import_contracts_hold():
    result = lint_imports()
    assert result.returncode == 0, result.stdout + result.stderr
    assert "0 broken" in result.stdout


def test_a_broken_contract_is_caught(tmp_path):
    # The checker can fail: the engine's parser does import the model.
    config = tmp_path / "broken.toml"
    config.write_text(
        '[tool.importlinter]\nroot_package = "gm_tools"\n'
        '[[tool.importlinter.contracts]]\nid = "x"\nname = "parser without model"\ntype = "forbidden"\n'
        'source_modules = ["gm_tools.engine.parser"]\nforbidden_modules = ["gm_tools.engine.model"]\n',
        encoding="utf-8",
    )
    result = lint_imports(config)
    assert result.returncode != 0 and "BROKEN" in result.stdout


def test_the_system_contracts_cover_every_system_folder():
    # A wildcard, so a new system folder is under the contracts without touching this file.
    assert contracts()["core-names-no-system"]["forbidden_modules"] == ["gm_tools.systems.*"]
    assert contracts()["systems-independent"]["modules"] == ["gm_tools.systems.*"]
    assert {"standard", "centenary", "europe1619"} <= set(SYSTEMS)


@pytest.mark.parametrize("name", SYSTEMS)
def test_every_system_exports_its_game_system(name):
    import importlib

    from gm_tools.engine.system import GameSystem

    system = importlib.import_module(f"gm_tools.systems.{name}").SYSTEM
    assert isinstance(system, GameSystem) and system.name == name


def _code_strings(tree: ast.AST) -> list[ast.Constant]:
    """String constants that are code, not docstrings."""
    docstrings = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                docstrings.add(id(body[0].value))
        if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant):
            docstrings.add(id(node.value))  # attribute docstrings
    return [n for n in ast.walk(tree) if isinstance(n, ast.Constant) and isinstance(n.value, str)
            and id(n) not in docstrings]


def test_the_core_names_no_game_system():
    # docs/architecture.md: "the core names no variant". A string equal to a system's or a
    # shipped variant's name in the engine, the edges, publishing or the command line is a
    # branch on a variant (help text and docstrings may name them as examples).
    names = set(SYSTEMS) - {"standard"}
    names |= {p.name for p in (ROOT / "variants").iterdir() if p.is_dir()} - {"standard"}
    found = []
    for path in CORE:
        for node in _code_strings(ast.parse(path.read_text(encoding="utf-8"))):
            if node.value.strip().lower() in names:
                found.append(f"{path.relative_to(ROOT)}:{node.lineno}: {node.value!r}")
    assert found == []


def test_the_name_check_would_see_a_branch_on_a_variant():
    tree = ast.parse('"""A docstring naming europe1619."""\nif variant.name == "europe1619":\n    pass\n')
    assert [n.value for n in _code_strings(tree)] == ["europe1619"]


def test_no_module_is_over_the_size_limit():
    # Issue 10: "no module is over ~600 lines".
    sizes = {str(p.relative_to(ROOT)): len(p.read_text(encoding="utf-8").splitlines())
             for p in PACKAGE.rglob("*.py")}
    assert {p: n for p, n in sizes.items() if n > MAX_LINES} == {}


def test_rulebooks_are_cited_by_file_name_never_by_a_machine_path():
    # Issue 10 item 10: "Cite the rulebooks by file name, never by a machine's absolute path".
    found = []
    for folder in ("gm_tools", "tests", "docs", "variants", "sheets", "templates", "bench", "tools", "README.md"):
        for path in [ROOT / folder] if (ROOT / folder).is_file() else (ROOT / folder).rglob("*"):
            if path.is_file() and path.suffix in {".py", ".md", ".toml", ".html", ".txt", ".json"}:
                text = path.read_text(encoding="utf-8", errors="replace")
                for marker in ("/work/", "/home/", "/root/"):
                    if marker in text and path != Path(__file__):
                        found.append(f"{path.relative_to(ROOT)}: {marker}")
    assert found == []


def test_the_site_is_written_only_through_its_one_writer():
    # Issue 10 item 9: "every file of the site, the manifest included, written through the
    # one writer" (SiteWriter.write in publish/sitefiles.py: atomic, only when changed; in
    # place in a folder the build made, which no page links to yet).
    writes = ("write_text(", "write_bytes(", "os.replace(", "os.write(", "O_WRONLY", '"wb"', '"w"', "land_file(")
    found = []
    for path in sorted((PACKAGE / "publish").glob("*.py")):
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if any(w in line for w in writes):
                found.append(f"{path.name}: {line.strip()}")
    # (a new file in a folder the build made goes through its descriptor: sitefiles._write_new;
    # the mark that a build is under way, naming its games, goes through the writer too)
    assert found == ["sitefiles.py: fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o666)  # the umask "
                     "applies, as for open()",
                     "sitefiles.py: view = view[os.write(fd, view):]",
                     "sitefiles.py: fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666)",
                     "sitefiles.py: land_file(fd, tmp, path, data)"]


def test_a_variant_carries_the_system_it_resolved_once():
    """Issue 10 item 2: the game system is 'resolved once ... and passed along': the variant
    keeps the system it found, and every lookup reads that same object."""
    from gm_tools.engine.hooks import hooks_for
    from gm_tools.engine.rules import rules_for
    from gm_tools.engine.system import system_for, system_named
    from gm_tools.edges.variants import load_variant

    variant = load_variant("europe1619")
    assert "system" in vars(variant)  # resolved when the loader checked the data, and kept
    assert system_for(variant) is variant.system is system_named("europe1619")
    assert rules_for(variant) is variant.system.rules and hooks_for(variant) is variant.system.sheets
    assert variant.system.record_keys and variant.system.name == "europe1619"


def test_the_architecture_page_names_every_contract_system_and_engine_module():
    # docs/architecture.md is where a newcomer starts: a contract, a game system or an engine
    # module added without a line there leaves the page silently behind the code.
    page = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
    contracts = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["importlinter"]["contracts"]
    missing = [f"contract {c['id']}" for c in contracts if f"| `{c['id']}` |" not in page]
    missing += [f"system {name}" for name in SYSTEMS if name not in page]
    modules = [p.stem for p in (PACKAGE / "engine").glob("*.py") if p.stem != "__init__"]
    missing += [f"engine module {m}" for m in sorted(modules) if f"`{m}`" not in page]
    missing += [f"mechanics module {p.name}" for p in sorted((PACKAGE / "mechanics").glob("*.py"))
                if p.stem != "__init__" and f"`{p.name}`" not in page]
    assert missing == []


def _unnamed_in_folders_table(page: str) -> list[str]:
    """Modules of the three layers above the engine that their row of the folders' table in
    docs/architecture.md does not name (the engine's have a table of their own)."""
    import re

    rows = {m.group(1): m.group(0) for m in re.finditer(r"^\| `gm_tools/([a-z]+)/` \|.*$", page, re.M)}
    return [f"gm_tools/{layer}/{p.name}" for layer in ("app", "edges", "publish")
            for p in sorted((PACKAGE / layer).glob("*.py"))
            if p.stem != "__init__" and f"`{p.name}`" not in rows.get(layer, "")]


def test_the_architecture_page_names_every_module_of_the_layers():
    # A newcomer reads the code by the folders' table: a module it leaves out (gm-tools
    # site's sitecmd.py, the map's labels.py) is one he does not know is there or what for.
    page = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
    assert _unnamed_in_folders_table(page) == []


def test_the_folders_check_would_see_a_module_left_out():
    page = "| `gm_tools/app/` | `cli.py` |\n| `gm_tools/edges/` | `workbook.py` |\n"
    missing = _unnamed_in_folders_table(page)
    assert "gm_tools/app/turn.py" in missing and "gm_tools/publish/site.py" in missing
    assert "gm_tools/app/cli.py" not in missing and "gm_tools/edges/workbook.py" not in missing


def _named_in_page(page: str) -> list[str]:
    """What docs/architecture.md names that is not in the code: a ``gm_tools/...`` path that is
    no file or folder, a ``name.py`` in a row of the folders' table that is not in that row's
    folder (elsewhere in the page: in no folder of the package), and a dotted name of a layer
    (``edges.journal.commit_turn``) whose module is missing or does not define the name."""
    import re

    missing = []
    for path in re.findall(r"`(gm_tools/[^`\s]*)`", page):
        path = path.split("<", 1)[0]  # gm_tools/systems/<name>/: the folder before the placeholder
        if not (ROOT / path).exists():
            missing.append(path)
    for line in page.splitlines():
        row = re.match(r"\| `(gm_tools/[a-z]+/)` \|", line)
        for name in re.findall(r"`([A-Za-z_0-9]+\.py)`", line):
            found = (ROOT / row.group(1) / name).is_file() if row else any(PACKAGE.rglob(name))
            if not found:
                missing.append(f"{row.group(1) if row else ''}{name}")
    for dotted in re.findall(r"`((?:app|edges|publish|engine|mechanics)(?:\.[A-Za-z_]\w*)+)`", page):
        parts = dotted.split(".")
        for n in range(len(parts), 1, -1):
            module = PACKAGE.joinpath(*parts[:n]).with_suffix(".py")
            if module.is_file():
                break
        else:
            missing.append(dotted)
            continue
        tree = ast.parse(module.read_text(encoding="utf-8"))
        defined = {node.name for node in tree.body if isinstance(node, (ast.FunctionDef, ast.ClassDef))}
        defined |= {t.id for node in tree.body if isinstance(node, ast.Assign) for t in node.targets
                    if isinstance(t, ast.Name)}
        if parts[n:] and parts[n] not in defined:
            missing.append(dotted)
    from gm_tools.engine.hooks import SheetHooks
    from gm_tools.engine.rules import Rules, Scores
    from gm_tools.engine.system import STANDARD_SYSTEM

    # instances: some attributes are set by __init__ (GameSystem.record_keys) or are fields
    standard = {"Rules": Rules(), "SheetHooks": SheetHooks(), "GameSystem": STANDARD_SYSTEM, "Scores": Scores()}
    for cls, attribute in re.findall(r"`(Rules|SheetHooks|GameSystem|Scores)\.(\w+)", page):
        if not hasattr(standard[cls], attribute):
            missing.append(f"{cls}.{attribute}")
    return missing


def test_the_architecture_page_names_only_modules_that_exist():
    # The map a newcomer reads the code by: a module moved or renamed without the page
    # following sends him to a file that is not there.
    page = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
    assert _named_in_page(page) == []


def test_the_page_check_would_see_a_missing_module():
    page = ("| `gm_tools/edges/` | `workbook.py`, `nosuch.py` |\n`gm_tools/engine/gone.py`, `edges.journal.commit_turn`,"
            " `edges.journal.no_such_function`, `publish.nosuchmodule`, `elsewhere.py`, `state.py`,"
            " `Rules.may_dislodge`, `Rules.may_teleport`, `Scores.notes`, `SheetHooks.awaited`\n")
    assert _named_in_page(page) == ["gm_tools/engine/gone.py", "gm_tools/edges/nosuch.py", "elsewhere.py",
                                    "edges.journal.no_such_function", "publish.nosuchmodule", "Rules.may_teleport"]


def _docstring_slips(layers=("app", "edges", "publish", "engine")) -> list[str]:
    """What the first docstrings of the layers' modules get wrong: a module with none, a
    ``gm_tools/...`` path that is not there (up to a ``<name>`` placeholder), a
    :mod:/:func:/:class:/:meth: reference that names nothing (a bare name is the module's own)."""
    import importlib
    import re

    slips = []
    for layer in layers:
        for path in sorted((PACKAGE / layer).glob("*.py")):
            where = str(path.relative_to(ROOT))
            text = ast.get_docstring(ast.parse(path.read_text(encoding="utf-8")))
            if not text:
                slips.append(f"{where}: no docstring")
                continue
            for named in re.findall(r"``(gm_tools/[^`\s]*)``", text):
                if not (ROOT / named.split("<", 1)[0]).exists():
                    slips.append(f"{where}: {named}")
            module = importlib.import_module(f"gm_tools.{layer}.{path.stem}" if path.stem != "__init__"
                                             else f"gm_tools.{layer}")
            for kind, ref in re.findall(r":(mod|func|class|meth):`~?([\w.]+)`", text):
                if ref.startswith("."):
                    ref = f"gm_tools.{layer}{ref}"
                parts, found = ref.split("."), None
                for n in range(len(parts), 0, -1):
                    try:
                        found, rest = importlib.import_module(".".join(parts[:n])), parts[n:]
                        break
                    except ImportError:
                        continue
                if found is None:
                    found, rest = module, parts
                for part in rest:
                    found = getattr(found, part, None)
                if found is None:
                    slips.append(f"{where}: :{kind}:`{ref}`")
    return slips


def test_every_layer_module_says_what_it_is_for_and_names_only_what_exists():
    # The first docstring is a module's line in the map: one pointing at a folder that was
    # moved (the rules' old gm_tools/engine/rules/<name>.py) sends a newcomer nowhere.
    assert _docstring_slips() == []
