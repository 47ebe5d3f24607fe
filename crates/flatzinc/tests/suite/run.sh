#!/usr/bin/env bash
# Runs MiniZinc's own test suite (libminizinc's tests/, the spec tests and
# their pytest harness) on the csp solver, from a libminizinc checkout of the
# version of the installed minizinc (2.6.4 for Debian's). Fetches nothing.
#
#   crates/flatzinc/tests/suite/run.sh LIBMINIZINC_CHECKOUT [PYTEST ARGS...]
#
# It installs csp's solver configuration into a temporary folder, adds csp to
# the solvers of every test that Gecode runs (csp_suite.py, a pytest plugin:
# the checkout is not changed), skips the tests in skip.txt with the reason
# written there, and prints the counts of the two parts: unit/globals and the
# rest. SOLVERS=csp,gecode also runs Gecode, for comparison; PYTHON picks the
# interpreter that has pytest, pytest-html, PyYAML and minizinc (the Python
# package) installed; -n 2 needs pytest-xdist.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
if [ $# -lt 1 ] || [ ! -f "$1/tests/minizinc_testing/spec.py" ]; then
    echo "usage: $0 LIBMINIZINC_CHECKOUT [PYTEST ARGS...] (a checkout with tests/minizinc_testing)" >&2
    exit 2
fi
checkout="$(cd "$1" && pwd)"
shift
python="${PYTHON:-python3}"
solvers="${SOLVERS:-csp}"

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
"$here/../../install.sh" "$work/solvers" > /dev/null
export MZN_SOLVER_PATH="$work/solvers${MZN_SOLVER_PATH:+:$MZN_SOLVER_PATH}"

run_part() {
    local part="$1"
    shift
    (cd "$checkout/tests" &&
        PYTHONPATH="$here${PYTHONPATH:+:$PYTHONPATH}" "$python" -m pytest \
            -o addopts= -p csp_suite -p no:cacheprovider -q -rfEs --tb=line \
            --solvers "$solvers" --junitxml="$work/$part.xml" "$@") || true
}
run_part globals spec/unit/globals "$@"
run_part rest spec --ignore=spec/unit/globals "$@"

"$python" - "$work" "$solvers" <<'PY'
import sys
import xml.etree.ElementTree as ET

work, solvers = sys.argv[1], sys.argv[2].split(",")
failed_any = False
for part, title in (("globals", "unit/globals"), ("rest", "the rest")):
    counts = {s: {"passed": 0, "failed": 0, "skipped": 0} for s in solvers}
    failures = {s: [] for s in solvers}
    for case in ET.parse("{}/{}.xml".format(work, part)).iter("testcase"):
        name = case.get("name")
        # name: suite.test.solver or suite.test.solver:checker
        solver = name.rpartition(".")[2].partition(":")[0]
        if solver not in counts:
            continue
        if case.find("skipped") is not None:
            counts[solver]["skipped"] += 1
        elif case.find("failure") is not None or case.find("error") is not None:
            counts[solver]["failed"] += 1
            failures[solver].append("{}::{}".format(case.get("classname"), name))
        else:
            counts[solver]["passed"] += 1
    for s in solvers:
        c = counts[s]
        print("{:12} {:7} passed {:4}  failed {:4}  skipped {:4}".format(
            title, s, c["passed"], c["failed"], c["skipped"]))
        for f in failures[s]:
            print("    failed: " + f)
        failed_any = failed_any or (s == "csp" and c["failed"] > 0)
sys.exit(1 if failed_any else 0)
PY
