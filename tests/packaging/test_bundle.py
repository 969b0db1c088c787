"""Smoke test of the one-folder Linux bundle (built by packaging/build-linux.sh).

The bundled binary runs in a scrubbed environment (no Python variables, HOME and XDG folders in a
temporary place, working directory outside the checkout), offscreen, with an empty --data-dir, as
it would on a machine without Python. The size and wall times are written to
packaging/build/bundle-report.json and printed (`-s` shows them).
"""

from __future__ import annotations

import glob
import json
import os
import subprocess
import sys
import time
import tomllib
from pathlib import Path

import pytest

from tests.packaging.bundle_build import BINARY, REPO, load_packaging_module, scrubbed_environment
from tests.support.package_index_server import IndexContents, moon_plugin, package_index

pytestmark = pytest.mark.packaging

# The packaging issue's target was at most 150 MB unpacked, before the bundle carried Mermaid
# diagrams (mmdr's renderer: 26 MiB) and the headless server's stack; 179 MiB when this was
# set, with Qt's on-screen keyboard (20 MiB of QtQuick) and QtWebEngine left out. Measured in
# MiB like `du -sh`.
SIZE_LIMIT_MIB = 185
REPORT_FILE = REPO / "packaging" / "build" / "bundle-report.json"
REQUIRED_PLATFORM_PLUGINS = ("libqxcb.so", "libqwayland.so", "libqoffscreen.so")


def record(key: str, value: object) -> None:
    report = json.loads(REPORT_FILE.read_text()) if REPORT_FILE.is_file() else {}
    report[key] = value
    REPORT_FILE.parent.mkdir(parents=True, exist_ok=True)
    REPORT_FILE.write_text(json.dumps(report, indent=2, sort_keys=True) + "\n")
    print(f"bundle {key}: {value}")


def run_bundled(
    arguments: list[str], root: Path, timeout: float = 120
) -> tuple[subprocess.CompletedProcess[str], float]:
    started = time.perf_counter()
    result = subprocess.run(
        [str(BINARY), *arguments],
        cwd=root,
        env=scrubbed_environment(root),
        capture_output=True,
        text=True,
        timeout=timeout,
        check=False,
    )
    return result, time.perf_counter() - started


def project_version() -> str:
    return tomllib.loads((REPO / "pyproject.toml").read_text())["project"]["version"]


def test_version_prints_the_project_version(bundle, tmp_path):
    result, seconds = run_bundled(["--version"], tmp_path)

    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == f"agent-desktop {project_version()}"
    record("version_wall_seconds", round(seconds, 3))


def test_help_lists_the_options(bundle, tmp_path):
    result, _seconds = run_bundled(["--help"], tmp_path)

    assert result.returncode == 0, result.stderr
    for option in ("--version", "--data-dir", "--self-test"):
        assert option in result.stdout


def test_self_test_passes_offscreen_with_an_empty_data_dir(bundle, tmp_path):
    data_dir = tmp_path / "data-dir"
    data_dir.mkdir()

    result, seconds = run_bundled(["--self-test", "--data-dir", str(data_dir)], tmp_path)

    assert result.returncode == 0, f"stdout:\n{result.stdout}\nstderr:\n{result.stderr}"
    # --data-dir makes the bundle portable: the log went there, nothing to the user's folders.
    assert (data_dir / "logs" / "agent-desktop.log").is_file()
    home = tmp_path / "home"
    leaked = [p for p in home.rglob("*") if "agent-desktop" in p.name.lower()]
    assert leaked == [], f"files written outside --data-dir: {leaked}"
    record("self_test_wall_seconds", round(seconds, 3))


def test_exported_chat_given_on_the_command_line_is_imported(bundle, tmp_path):
    """What the desktop does on a double-click (`Exec=agent-desktop %F`), through the bundle."""
    from agent_app.application import AgentApplication
    from agent_app.paths import resolve_paths

    source = AgentApplication(resolve_paths(tmp_path / "source"), plugins=[])
    try:
        session = source.sessions.create_session()
        source.sessions.rename_session(session.session_id, "Chat from a file manager")
        exported = source.sessions.export_session(session.session_id, "json")
    finally:
        source.close()
    chat_file = tmp_path / "Chat from a file manager.agent-session.json"
    chat_file.write_text(exported)
    data_dir = tmp_path / "data-dir"

    result, _seconds = run_bundled(
        ["--self-test", "--data-dir", str(data_dir), str(chat_file)], tmp_path
    )

    assert result.returncode == 0, f"stdout:\n{result.stdout}\nstderr:\n{result.stderr}"
    target = AgentApplication(resolve_paths(data_dir), plugins=[])
    try:
        titles = [entry["title"] for entry in target.sessions.list_sessions()]
    finally:
        target.close()
    assert "Chat from a file manager" in titles


def python_and_checkout_paths() -> list[str]:
    """Everywhere Python, its libraries or this checkout could be found on this machine."""
    version = f"python{sys.version_info.major}.{sys.version_info.minor}"
    candidates = {
        str(REPO),
        str(Path.home()),
        str(Path(sys.base_prefix) / "lib" / version),
        *glob.glob("/usr/lib/python3*"),
        *glob.glob("/usr/local/lib/python3*"),
    }
    # Never hide what any program needs (a HOME of "/" would otherwise hide the whole system).
    system = {"/", "/usr", "/bin", "/lib", "/lib64", "/etc", "/tmp", "/dev", "/proc"}
    return sorted(path for path in candidates if Path(path).exists() and path not in system)


def test_bundle_runs_where_python_and_the_checkout_are_hidden(bundle, tmp_path):
    """A machine without Python, simulated with bubblewrap: the bundle must not need any."""
    out = tmp_path / "out"
    out.mkdir()
    hide = [arg for path in python_and_checkout_paths() for arg in ("--tmpfs", path)]
    sandbox = [
        "bwrap", "--ro-bind", "/", "/", "--dev", "/dev", "--proc", "/proc", "--tmpfs", "/tmp",
        *hide,
        "--ro-bind", str(bundle), "/tmp/agent-desktop",
        "--bind", str(out), "/tmp/out",
        "--chdir", "/tmp/out", "--setenv", "HOME", "/tmp/out", "--unsetenv", "AGENT_DESKTOP_HOME",
        "--setenv", "QT_QPA_PLATFORM", "offscreen",
        "--",
    ]  # fmt: skip

    def run(*command: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [*sandbox, *command], capture_output=True, text=True, timeout=180, check=False
        )

    python = run("python3", "-c", "import encodings")
    self_test = run("/tmp/agent-desktop/agent-desktop", "--self-test", "--data-dir", "/tmp/out/d")

    assert python.returncode != 0, "the sandbox still has a working Python"
    assert self_test.returncode == 0, self_test.stdout + self_test.stderr


@pytest.fixture
def x_server(tmp_path):
    """A real X server (Xvfb) on a free display number; yields the DISPLAY value."""
    server = subprocess.Popen(
        ["Xvfb", "-displayfd", "1", "-screen", "0", "1280x860x24", "-nolisten", "tcp"],
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
    )
    try:
        assert server.stdout is not None
        display_number = server.stdout.readline().strip()
        assert display_number.isdigit(), "Xvfb did not report its display number"
        yield f":{display_number}"
    finally:
        server.terminate()
        server.wait(timeout=30)


def test_window_shows_on_a_real_x_server(bundle, tmp_path, x_server):
    """The xcb platform plugin and the X libraries it needs load from the bundle."""
    environment = scrubbed_environment(tmp_path)
    environment.update(QT_QPA_PLATFORM="xcb", DISPLAY=x_server)

    result = subprocess.run(
        [str(BINARY), "--exit-when-shown", "--data-dir", str(tmp_path / "data-dir")],
        cwd=tmp_path,
        env=environment,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )

    assert result.returncode == 0, result.stderr
    assert "Could not load the Qt platform plugin" not in result.stderr


@pytest.fixture
def wayland_compositor(tmp_path):
    """A real Wayland compositor (weston, headless); yields (XDG_RUNTIME_DIR, WAYLAND_DISPLAY).
    Short names: a Unix socket's path holds at most 107 bytes, and a parallel run's temporary
    folders are deeper."""
    runtime_dir = tmp_path / "xdg"
    runtime_dir.mkdir(mode=0o700)
    socket = "wl"
    log = tmp_path / "weston.log"
    with log.open("wb") as log_file:
        compositor = subprocess.Popen(
            ["weston", "--backend=headless-backend.so", f"--socket={socket}", "--idle-time=0"],
            env={**os.environ, "XDG_RUNTIME_DIR": str(runtime_dir)},
            stdout=subprocess.DEVNULL,
            stderr=log_file,
        )
    try:
        deadline = time.monotonic() + 30
        while not (runtime_dir / socket).exists():
            assert compositor.poll() is None, f"weston exited early:\n{log.read_text()[-2000:]}"
            assert time.monotonic() < deadline, "weston did not open its socket in 30 s"
            time.sleep(0.1)
        yield runtime_dir, socket
    finally:
        compositor.terminate()
        compositor.wait(timeout=30)


def test_window_shows_on_a_wayland_compositor(bundle, tmp_path, wayland_compositor):
    """The wayland platform plugin and the Wayland client libraries load from the bundle."""
    runtime_dir, socket = wayland_compositor
    environment = scrubbed_environment(tmp_path)
    environment.update(
        QT_QPA_PLATFORM="wayland", XDG_RUNTIME_DIR=str(runtime_dir), WAYLAND_DISPLAY=socket
    )

    result = subprocess.run(
        [str(BINARY), "--exit-when-shown", "--data-dir", str(tmp_path / "data-dir")],
        cwd=tmp_path,
        env=environment,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )

    assert result.returncode == 0, result.stderr
    assert "Could not load the Qt platform plugin" not in result.stderr


def test_plugin_entry_points_are_preserved_in_the_bundle(bundle):
    """Every first-party plugin entry point of the environment is in the bundle's metadata."""
    contents = load_packaging_module("pyinstaller/bundle_contents.py")
    groups = contents.PLUGIN_ENTRY_POINT_GROUPS
    expected = {
        (entry_point.group, entry_point.name, entry_point.value)
        for dist in contents.first_party_distributions()
        for entry_point in dist.entry_points
        if entry_point.group in groups
    }
    assert expected, "no plugin entry points installed: run `uv sync`"

    bundled = set()
    for entry_points_file in (bundle / "_internal").glob("*.dist-info/entry_points.txt"):
        group = ""
        for line in entry_points_file.read_text().splitlines():
            line = line.strip()
            if line.startswith("["):
                group = line.strip("[]")
            elif "=" in line and group in groups:
                name, value = (part.strip() for part in line.split("=", 1))
                bundled.add((group, name, value))

    assert expected <= bundled, f"missing in the bundle: {sorted(expected - bundled)}"


def test_every_declared_dependency_is_in_the_bundle(bundle):
    """Plugins import their SDKs on first use; the bundle must hold them all the same."""
    contents = load_packaging_module("pyinstaller/bundle_contents.py")
    expected = contents.declared_dependency_packages(contents.first_party_distributions())
    assert {"openai", "anthropic", "mcp", "PySide6", "qasync"} <= set(expected)

    # PyInstaller's tables of the build that produced the bundle: pure modules, then files.
    work = REPO / "packaging" / "build" / "work" / "agent-desktop"
    modules = (work / "PYZ-00.toc").read_text()
    files = (work / "COLLECT-00.toc").read_text()
    missing = [
        name
        for name in expected
        if f"('{name}'," not in modules and f"('{name}/" not in files and f"('{name}." not in files
    ]
    assert missing == [], f"declared dependencies missing from the bundle: {missing}"


def test_bundle_has_no_qtwebengine(bundle):
    offenders = [path for path in bundle.rglob("*") if "webengine" in path.name.lower()]
    assert offenders == []


def test_bundle_has_the_linux_qt_platform_plugins(bundle):
    platforms = bundle / "_internal" / "PySide6" / "Qt" / "plugins" / "platforms"
    present = {path.name for path in platforms.iterdir()}
    assert set(REQUIRED_PLATFORM_PLUGINS) <= present


def test_bundle_size_stays_within_the_budget(bundle):
    files = [path for path in bundle.rglob("*") if path.is_file() and not path.is_symlink()]
    size_bytes = sum(path.stat().st_size for path in files)
    size_mib = size_bytes / (1024 * 1024)
    record("unpacked_bytes", size_bytes)
    record("unpacked_mib", round(size_mib, 1))

    assert size_mib <= SIZE_LIMIT_MIB, (
        f"the bundle is {size_mib:.1f} MiB unpacked, over the {SIZE_LIMIT_MIB} MiB budget; "
        "see the largest files with: find packaging/dist -type f -printf '%s %p\\n' | sort -rn"
    )


def test_desktop_integration_script_installs_and_uninstalls(bundle, tmp_path):
    data_home = tmp_path / "share"
    bin_dir = tmp_path / "bin"
    environment = scrubbed_environment(tmp_path)
    environment.update(XDG_DATA_HOME=str(data_home), AGENT_DESKTOP_BIN_DIR=str(bin_dir))
    script = bundle / "install-desktop-integration.sh"

    installed = subprocess.run(
        [str(script)], env=environment, capture_output=True, text=True, timeout=60, check=False
    )

    assert installed.returncode == 0, installed.stderr
    desktop_file = data_home / "applications" / "agent-desktop.desktop"
    validation = subprocess.run(
        ["desktop-file-validate", str(desktop_file)], capture_output=True, text=True, check=False
    )
    assert validation.returncode == 0, validation.stdout
    assert f'Exec="{BINARY}" %F' in desktop_file.read_text().splitlines()
    assert (data_home / "icons/hicolor/scalable/apps/agent-desktop.svg").is_file()
    assert (data_home / "icons/hicolor/48x48/apps/agent-desktop.png").is_file()
    assert (data_home / "mime/packages/agent-desktop.xml").is_file()
    assert (bin_dir / "agent-desktop").resolve() == BINARY.resolve()

    removed = subprocess.run(
        [str(script), "--uninstall"],
        env=environment,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )

    assert removed.returncode == 0, removed.stderr
    assert not desktop_file.exists()
    assert not (bin_dir / "agent-desktop").exists()
    assert not list((data_home / "icons").rglob("agent-desktop.*"))


def test_bundle_draws_math_and_diagrams_with_its_own_fonts(bundle, tmp_path):
    """ziamath's math font, ziafont's text font and latex2mathml's symbol table are in the
    bundle, and its figure helper (`agent-desktop -m ...figure_helper`) draws with them."""
    internal = bundle / "_internal"
    for data_file in (
        "ziamath/fonts/STIXTwoMath-Regular.ttf",
        "ziafont/fonts/DejaVuSans.ttf",
        "latex2mathml/unimathsymbols.txt",
    ):
        assert (internal / data_file).is_file(), f"{data_file} is not in the bundle"
    requests = [
        {
            "kind": "math_block",
            "source": r"\frac{a}{b} + \sqrt{x^2}",
            "size": 16.0,
            "colour": "#000000",
        },
        {
            "kind": "mermaid",
            "source": "flowchart LR\n  A --> B",
            "dark": False,
            "background": "#ffffff",
            "width": 400.0,
            "scale": 1.0,
        },
    ]

    result = subprocess.run(
        [str(BINARY), "-m", "agent_desktop.conversation.figure_helper"],
        input=b"".join(json.dumps(request).encode() + b"\n" for request in requests),
        env=scrubbed_environment(tmp_path),
        cwd=tmp_path,
        capture_output=True,
        timeout=120,
        check=False,
    )

    assert result.returncode == 0, result.stderr
    # The diagram's answer is a line and then its pixels as raw bytes.
    formula_line, diagram_line, pixels = result.stdout.split(b"\n", 2)
    formula, diagram = json.loads(formula_line), json.loads(diagram_line)
    assert "error" not in formula, formula
    assert "<path" in formula["svg"], "the formula has no glyphs drawn"
    assert "error" not in diagram, diagram
    assert diagram["width"] > 100
    assert len(pixels) == diagram["rgba_bytes"] == diagram["width"] * diagram["height"] * 4


def test_the_bundle_installs_a_plugin_by_its_package_name(bundle, tmp_path):
    """The bundle has no pip or uv: its own resolver fetches a plugin and what it needs from a
    package index (a loopback one here) into the plugin environment, and lists it after."""
    contents = IndexContents()
    plugin = moon_plugin(tmp_path / "dist", contents)
    data = str(tmp_path / "data")
    runs = [tmp_path / "install", tmp_path / "list"]  # each run makes its own home folder
    for root in runs:
        root.mkdir()
    with package_index(contents) as index_url:
        installed, _seconds = run_bundled(
            ["plugin", "--data-dir", data, "install", "--index-url", index_url, plugin.name],
            runs[0],
        )
    assert installed.returncode == 0, installed.stdout + installed.stderr
    assert installed.stdout == f"Installed {plugin.name} 0.4.0: moon-tides\n"
    listed, _seconds = run_bundled(["plugin", "--data-dir", data, "list"], runs[1])
    assert f"moon-tides\ttool\t0.4.0\tpackage {plugin.name}\tok" in listed.stdout, listed.stderr


def _collected_as_file(internal: Path, module: str) -> bool:
    path = internal.joinpath(*module.split("."))
    return path.with_name(path.name + ".pyc").is_file() or (path / "__init__.pyc").is_file()


def test_the_first_paints_modules_are_files_and_the_rest_stays_compressed(bundle):
    """From the compressed archive each import goes through PyInstaller's importer and a zlib
    inflate (a quarter of the bundle's start-up work): what the first paint imports is read as
    files, as in an installed app; the application and the SDKs, which load after, stay
    compressed (the size budget)."""
    contents = load_packaging_module("pyinstaller/bundle_contents.py")
    first_paint = contents.first_paint_modules()
    own = {"agent_core", "agent_app", "agent_desktop"}
    ours = sorted(name for name in first_paint if name.split(".")[0] in own)
    assert "agent_desktop.window.main_window" in ours
    internal = bundle / "_internal"
    assert [name for name in ours if not _collected_as_file(internal, name)] == []
    assert _collected_as_file(internal, "logging")  # Python's own library too
    for later in ("agent_app.application", "openai", "pydantic"):
        assert not _collected_as_file(internal, later), f"{later} is not in the archive"


def test_the_bundles_archive_reader_reads_its_table_of_contents_at_once(bundle):
    """PyInstaller's reader unmarshalled the archive's table of contents (~7,000 modules) from
    the open file, which makes marshal call the file for each name and number: 20 ms of every
    start. The bundle's bootstrap reads the table whole and unmarshals it from bytes."""
    import marshal

    work = REPO / "packaging" / "build" / "work" / "agent-desktop"
    package = (work / "PKG-00.toc").read_text()
    start = package.index("('pyimod01_archive',")
    compiled = Path(package[start:].split("'")[3])
    module = marshal.loads(compiled.read_bytes()[16:])  # after the .pyc header
    reader = next(
        code for code in module.co_consts if getattr(code, "co_name", "") == "ZlibArchiveReader"
    )
    init = next(code for code in reader.co_consts if getattr(code, "co_name", "") == "__init__")
    assert "loads" in init.co_names
    assert "load" not in init.co_names


def test_pysides_support_modules_ship_as_bytecode_where_shiboken_imports_them(bundle, tmp_path):
    """shiboken6 compiled its support modules (the signature loader, parser and mapping) from
    sources zipped into its library at every start, 30 ms of it; the bundle ships them compiled
    in shiboken6/files.dir, where its bootstrap imports them as a package: each is bytecode of
    the bundle's Python, made from the very sources the library carries."""
    import importlib.util
    import marshal
    import zipfile

    import shiboken6  # noqa: F401 - its import loads the support package from its library

    files = bundle / "_internal" / "shiboken6" / "files.dir"
    archive = sys.modules["shibokensupport"].__loader__.zfile
    assert isinstance(archive, zipfile.ZipFile)
    sources = [
        name
        for name in archive.namelist()
        if name.startswith("shibokensupport/") and name.endswith(".py")
    ]
    assert "shibokensupport/signature/parser.py" in sources
    for name in sources:
        compiled = (files / name).with_suffix(".pyc").read_bytes()
        assert compiled[:4] == importlib.util.MAGIC_NUMBER, name
        code = marshal.loads(compiled[16:])  # after the .pyc header
        assert code == compile(archive.read(name), name, "exec", dont_inherit=True), name
    # The bundle starts with it (its bootstrap would stop the start on a package it cannot use).
    result, _seconds = run_bundled(
        ["--exit-when-shown", "--data-dir", str(tmp_path / "data")], tmp_path
    )
    assert result.returncode == 0, result.stderr


def test_the_bundle_keeps_the_patterns_pysides_support_modules_compile(bundle, tmp_path):
    """Those modules compile their patterns at every start (25-40 ms of CPU). PyInstaller's
    PySide6 runtime hook imports QtCore before the entry point could keep them: the bundle's own
    hook imports it first, keeping them in the cache folder, and later starts build them from
    the kept programs."""
    import marshal

    data_dir = tmp_path / "data"
    starts = []
    for start in ("first", "second"):  # each start in a folder (and HOME) of its own
        (tmp_path / start).mkdir()
        arguments = ["--exit-when-shown", "--data-dir", str(data_dir)]
        result, _seconds = run_bundled(arguments, tmp_path / start)
        assert result.returncode == 0, result.stderr
        kept = data_dir / "cache" / "pyside-support" / "patterns.marshal"
        starts.append(kept.stat().st_mtime_ns)
    _stamp, programs = marshal.loads(kept.read_bytes())
    assert len(programs) >= 4  # the stub formatter's, the signature parser's, ...
    assert starts[1] == starts[0]  # nothing new to keep: all were built from the kept programs
