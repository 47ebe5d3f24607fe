#!/usr/bin/env bash
# For each global's tiny MiniZinc model: NAME.fzn compiled with the csp
# library (the global native, as fzn-csp reads it), and NAME.gecode, the
# solutions fzn-gecode enumerates on the same model compiled with
# MiniZinc's standard library alone (the global decomposed). The tests
# compare the two as sets. Needs Debian's minizinc and flatzinc; CI only
# reads the recorded files.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/solvers" "$work/empty"
cat > "$work/solvers/std.msc" <<JSON
{ "id": "org.nqueens.stdonly", "name": "stdonly", "version": "0.1", "mznlib": "$work/empty",
  "executable": "/bin/false", "supportsFzn": true }
JSON
cat > "$work/solvers/csplib.msc" <<JSON
{ "id": "org.nqueens.csplib", "name": "csplib", "version": "0.1", "mznlib": "$here/../../mznlib",
  "executable": "/bin/false", "supportsFzn": true }
JSON
export MZN_SOLVER_PATH="$work/solvers"
for model in "$here"/*.mzn; do
    name="${model%.mzn}"
    minizinc -c --solver org.nqueens.csplib "$model" -o "$name.fzn" --no-output-ozn
    minizinc -c --solver org.nqueens.stdonly "$model" -o "$work/std.fzn" --no-output-ozn
    fzn-gecode -a "$work/std.fzn" > "$name.gecode"
done
