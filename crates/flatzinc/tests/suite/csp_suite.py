"""A pytest plugin that runs MiniZinc's test suite (libminizinc tests/) on csp.

It changes nothing in the checkout. It adds `csp` to the solvers of every
test that Gecode runs (csp is a CP solver of integers and booleans like
Gecode, whose expected answers these tests record), and it skips the tests
listed in skip.txt beside it, each with the reason written there (all of
them run with CSP_SUITE_NO_SKIP=1).
"""

import os
import pathlib

import pytest

SOLVER = "csp"
REFERENCE = "gecode"
SKIP_FILE = pathlib.Path(__file__).with_name("skip.txt")


def read_skips():
    """Maps a test id (`unit/.../file.mzn::suite.name`) to its reason."""
    skips = {}
    for number, line in enumerate(SKIP_FILE.read_text().splitlines(), 1):
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        test, sep, reason = line.partition(" ")
        if not reason.strip():
            raise pytest.UsageError(
                "{}:{}: a skipped test needs a reason".format(SKIP_FILE, number)
            )
        skips[test] = reason.strip()
    return skips


def with_csp(docs, spec):
    for doc in docs:
        if isinstance(doc, spec.Test):
            solvers = list(doc.solvers)
            if REFERENCE in solvers and SOLVER not in solvers:
                solvers.append(SOLVER)
            doc.solvers = solvers
        yield doc


def pytest_configure(config):
    from minizinc_testing import spec, yaml

    load_all = yaml.load_all
    yaml.load_all = lambda stream: with_csp(load_all(stream), spec)
    # CSP_SUITE_NO_SKIP=1 runs the listed tests too.
    config._csp_skips = {} if os.environ.get("CSP_SUITE_NO_SKIP") else read_skips()


def pytest_collection_modifyitems(config, items):
    skips = config._csp_skips
    root = pathlib.Path(str(config.rootpath)) / "spec"
    for item in items:
        path = pathlib.Path(str(item.fspath)).relative_to(root).as_posix()
        name, _, solver = item.name.rpartition(".")
        if solver != SOLVER and not solver.startswith(SOLVER + ":"):
            continue
        # The test id of the skip list: path::suite.test, for the solve item
        # and its checkers alike.
        test = "{}::{}".format(path, name)
        if test in skips:
            item.add_marker(pytest.mark.skip(reason="csp: " + skips[test]))
