#!/usr/bin/env bash
# fzn-csp against Gecode's fzn-gecode on public MiniZinc instances, side by
# side on the same FlatZinc files, one core each, CPU time (user + system)
# per run, runs alternated. Each model is compiled once with MiniZinc's
# standard library alone (a solver configuration with an empty library, so
# the std decompositions are used): both solvers read the same file.
#
#   benches/minizinc.sh BENCHMARKS_CHECKOUT [SECONDS] [RUNS]
#
# BENCHMARKS_CHECKOUT is a checkout of MiniZinc's benchmark repository;
# the instances are listed in benches/minizinc-instances.txt. Needs
# Debian's minizinc and flatzinc (Gecode 6.2) packages. Prints a table:
# each solver's status ("done": the optimum proved or unsatisfiability;
# "sol": a solution, which solves a satisfaction problem; "-": nothing
# within the limit) and median CPU seconds, and the ratio csp / gecode
# where both reached the same status; then the same for fzn-csp on the
# model compiled with its own library (globals native: "lib").
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
bench="$1"
limit="${2:-60}"
runs="${3:-3}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/solvers" "$work/empty"
cat > "$work/solvers/csplib.msc" <<JSON
{ "id": "org.nqueens.csplib", "name": "csplib", "version": "0.1", "mznlib": "$root/crates/flatzinc/mznlib",
  "executable": "/bin/false", "supportsFzn": true, "stdFlags": ["-a", "-n", "-f", "-s", "-t"] }
JSON
cat > "$work/solvers/std.msc" <<JSON
{ "id": "org.nqueens.stdonly", "name": "stdonly", "version": "0.1", "mznlib": "$work/empty",
  "executable": "/bin/false", "supportsFzn": true, "stdFlags": ["-a", "-n", "-f", "-s", "-t"] }
JSON
export MZN_SOLVER_PATH="$work/solvers"
cargo build --release --quiet --manifest-path "$root/Cargo.toml" -p flatzinc --bin fzn-csp
csp="$root/target/release/fzn-csp"

# Runs a solver on a file; prints "status cpu-seconds".
run() {
    local cpu
    # CPU time of the child, user and system, in microseconds' resolution.
    cpu="$(python3 - "$limit" "$work/out" "$@" <<'PY'
import resource, subprocess, sys
limit, out, cmd = float(sys.argv[1]), sys.argv[2], sys.argv[3:]
# Children that the interpreter's own start-up may have run are not counted.
before = resource.getrusage(resource.RUSAGE_CHILDREN)
with open(out, "w") as f:
    child = subprocess.Popen(cmd, stdin=subprocess.DEVNULL, stdout=f, stderr=subprocess.DEVNULL)
    try:
        child.wait(timeout=limit)
    except subprocess.TimeoutExpired:
        child.kill()
        child.wait()
usage = resource.getrusage(resource.RUSAGE_CHILDREN)
cpu = usage.ru_utime + usage.ru_stime - before.ru_utime - before.ru_stime
print(f"{cpu:.4f}")
PY
)"
    if grep -q -- '^==========$\|^=====UNSATISFIABLE=====$' "$work/out"; then
        echo "done $cpu"
    elif grep -q -- '^----------$' "$work/out"; then
        echo "sol $cpu"
    else
        echo "- $cpu"
    fi
}

median() { sort -g | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }'; }

printf '%-14s %-22s %-6s %8s %-6s %8s %7s %-6s %8s %7s\n' family instance gecode cpu csp cpu ratio lib cpu ratio
grep -v '^#' "$root/benches/minizinc-instances.txt" | while read -r family model data; do
    fzn="$work/$(basename "$data" .dzn).fzn"
    if ! minizinc -c --solver org.nqueens.stdonly "$bench/$model" "$bench/$data" -o "$fzn" > /dev/null 2>&1; then
        printf '%-14s %-22s does not compile\n' "$family" "$(basename "$data")"
        continue
    fi
    native="$work/$(basename "$data" .dzn)-native.fzn"
    if ! minizinc -c --solver org.nqueens.csplib "$bench/$model" "$bench/$data" -o "$native" > /dev/null 2>&1; then
        native=""
    fi
    gecode_times=()
    csp_times=()
    lib_times=()
    lib_status=-
    for _ in $(seq "$runs"); do
        read -r gecode_status t < <(run fzn-gecode "$fzn")
        gecode_times+=("$t")
        read -r csp_status t < <(run "$csp" "$fzn")
        csp_times+=("$t")
        if [ -n "$native" ]; then
            read -r lib_status t < <(run "$csp" "$native")
            lib_times+=("$t")
        fi
    done
    g="$(printf '%s\n' "${gecode_times[@]}" | median)"
    c="$(printf '%s\n' "${csp_times[@]}" | median)"
    ratio="-"
    # Solved by both: the optimum proved, or for a satisfaction problem a
    # solution found.
    if [ "$gecode_status" = "$csp_status" ] && [ "$csp_status" != - ]; then
        ratio="$(awk -v c="$c" -v g="$g" 'BEGIN { printf "%.2f", c / (g > 0.0001 ? g : 0.0001) }')"
    fi
    l="-"
    lib_ratio="-"
    if [ -n "$native" ]; then
        l="$(printf '%s\n' "${lib_times[@]}" | median)"
        if [ "$gecode_status" = "$lib_status" ] && [ "$lib_status" != - ]; then
            lib_ratio="$(awk -v c="$l" -v g="$g" 'BEGIN { printf "%.2f", c / (g > 0.0001 ? g : 0.0001) }')"
        fi
    fi
    printf '%-14s %-22s %-6s %8s %-6s %8s %7s %-6s %8s %7s\n' "$family" "$(basename "$data")" \
        "$gecode_status" "$g" "$csp_status" "$c" "$ratio" "$lib_status" "$l" "$lib_ratio"
done
