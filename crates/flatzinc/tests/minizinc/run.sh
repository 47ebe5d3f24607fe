#!/usr/bin/env bash
# Runs MiniZinc models of classic problems through `minizinc --solver csp`
# and compares what MiniZinc prints with NAME.expected (recorded from this
# solver, and checked against Gecode's answers when they were written:
# the same optimum, the same number of solutions, the same status). The
# improving solutions of an optimisation (-a) are those of the search
# that learns alone (--learn): fzn-csp's default takes turns of a fixed
# time between it and branch and bound, so which of the two finds an
# improvement first may vary with the machine's load. Every
# solution is also checked by fzn-csp itself against the FlatZinc
# constraints before it is printed. Needs Debian's minizinc; CI installs
# it. With --record, writes the .expected files instead.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
solvers="$(mktemp -d)"
trap 'rm -rf "$solvers"' EXIT
"$here/../../install.sh" "$solvers" > /dev/null
export MZN_SOLVER_PATH="$solvers"

# model, then its flags.
cases=(
    "queens -a"
    "sudoku -a"
    "golomb -a --fzn-flags --learn"
    "jobshop"
    "nonogram -a"
    "knapsack01 -a --fzn-flags --learn"
    "unsat"
    "sets -a"
    "unbounded"
    "pow -a"
)
failed=0
for case in "${cases[@]}"; do
    read -r name flags <<< "$case"
    data=()
    [ -f "$here/$name.dzn" ] && data=("$here/$name.dzn")
    got="$(timeout 120 minizinc --solver csp $flags "$here/$name.mzn" "${data[@]}" 2>&1)" || true
    if [ "${1:-}" = "--record" ]; then
        printf '%s\n' "$got" > "$here/$name.expected"
    elif [ "$got" != "$(cat "$here/$name.expected")" ]; then
        echo "FAILED $name: minizinc printed:" >&2
        printf '%s\n' "$got" | head -20 >&2
        failed=$((failed + 1))
    else
        echo "ok $name"
    fi
done
total=${#cases[@]}
echo "$((total - failed)) passed, $failed failed"
[ "$failed" = 0 ]
