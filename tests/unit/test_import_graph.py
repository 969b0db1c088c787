"""The import graphs of our three packages hold no circles, and only the entry point imports the
main window.

A module in a circle cannot be read, tested or moved without every module of the circle: a
window part that imports the window back is the window. Every import counts, also those under
`if TYPE_CHECKING:` and inside functions (grimp reads them all): either kind ties the modules
together for a reader and for mypy. The layers of agent_desktop's subsystem packages are an
import-linter contract in pyproject.toml.
"""

from __future__ import annotations

import itertools

import grimp
import pytest

PACKAGES = ("agent_core", "agent_app", "agent_desktop")
MAIN_WINDOW = "agent_desktop.window.main_window"
ENTRY_POINT = "agent_desktop.__main__"


def import_circles(graph: grimp.ImportGraph, package: str) -> list[list[str]]:
    """Each set of `package`'s modules that import one another round in a circle (a strongly
    connected component of two or more modules), sorted."""
    modules = sorted(m for m in graph.modules if m == package or m.startswith(f"{package}."))
    inside = set(modules)
    imports = {
        module: sorted(inside & graph.find_modules_directly_imported_by(module))
        for module in modules
    }
    # Tarjan's algorithm, iterative: a deep chain would overrun Python's recursion limit.
    index: dict[str, int] = {}
    lowest: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    components: list[list[str]] = []
    for root in modules:
        if root in index:
            continue
        work = [(root, 0)]
        while work:
            module, next_child = work.pop()
            if next_child == 0:
                index[module] = lowest[module] = len(index)
                stack.append(module)
                on_stack.add(module)
            children = imports[module]
            if next_child < len(children):
                work.append((module, next_child + 1))
                child = children[next_child]
                if child not in index:
                    work.append((child, 0))
                elif child in on_stack:
                    lowest[module] = min(lowest[module], index[child])
                continue
            if lowest[module] == index[module]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == module:
                        break
                if len(component) > 1:
                    components.append(sorted(component))
            if work:
                parent = work[-1][0]
                lowest[parent] = min(lowest[parent], lowest[module])
    return components


def one_way_round(graph: grimp.ImportGraph, circle: list[str]) -> list[str]:
    """A chain of imports from the circle's first module back to itself."""
    start = circle[0]
    first_step = min(set(circle) & graph.find_modules_directly_imported_by(start))
    back = graph.find_shortest_chain(importer=first_step, imported=start) or (first_step, start)
    return [start, *back]


def describe(graph: grimp.ImportGraph, circle: list[str]) -> str:
    """The circle's size and one way round it, with the line of each import."""
    steps = [f"{len(circle)} modules import one another; one way round:"]
    for importer, imported in itertools.pairwise(one_way_round(graph, circle)):
        lines = sorted(
            detail["line_number"]
            for detail in graph.get_import_details(importer=importer, imported=imported)
        )
        steps.append(f"  {importer} (line {', '.join(map(str, lines))}) imports {imported}")
    return "\n".join(steps)


@pytest.fixture(scope="module")
def graph() -> grimp.ImportGraph:
    return grimp.build_graph(*PACKAGES, cache_dir=None)


@pytest.mark.parametrize("package", PACKAGES)
def test_no_module_of_a_package_imports_itself_back(graph, package):
    circles = import_circles(graph, package)
    assert not circles, f"{len(circles)} import circle(s) in {package}:\n" + "\n\n".join(
        describe(graph, circle) for circle in circles
    )


def test_only_the_entry_point_imports_the_main_window(graph):
    # The window builds its parts with what they use; none of them knows the window.
    assert graph.find_modules_directly_imported_by(MAIN_WINDOW)  # the name is still right
    assert graph.find_modules_that_directly_import(MAIN_WINDOW) == {ENTRY_POINT}


def test_a_circle_is_found_and_shown_as_a_chain_of_imports():
    graph = grimp.ImportGraph()
    for module in ("pkg", "pkg.window", "pkg.menus", "pkg.menus.file", "pkg.toolkit"):
        graph.add_module(module)
    for importer, imported, line in (
        ("pkg.window", "pkg.menus", 3),
        ("pkg.menus", "pkg.menus.file", 4),
        ("pkg.menus.file", "pkg.window", 9),  # e.g. under TYPE_CHECKING
        ("pkg.menus", "pkg.toolkit", 5),
    ):
        graph.add_import(
            importer=importer, imported=imported, line_number=line, line_contents="import"
        )
    circles = import_circles(graph, "pkg")
    assert circles == [["pkg.menus", "pkg.menus.file", "pkg.window"]]
    assert describe(graph, circles[0]).splitlines() == [
        "3 modules import one another; one way round:",
        "  pkg.menus (line 4) imports pkg.menus.file",
        "  pkg.menus.file (line 9) imports pkg.window",
        "  pkg.window (line 3) imports pkg.menus",
    ]
    assert import_circles(graph, "pkg.toolkit") == []
