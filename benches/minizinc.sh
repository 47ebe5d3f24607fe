#!/usr/bin/env bash
# fzn-csp against Gecode 6.2 on public MiniZinc instances, each solver with
# its own MiniZinc library (Gecode's native globals for Gecode, the csp
# library for fzn-csp): the whole `minizinc --solver X model data` process
# is timed, flattening included, as a user would run it. CPU time (user +
# system of every process), runs alternated between the solvers, and the
# limit of SECONDS on each process's CPU time, not on the clock.
#
#   benches/minizinc.sh BENCHMARKS_CHECKOUT [SECONDS] [RUNS] [INSTANCES]
#
# BENCHMARKS_CHECKOUT is a checkout of MiniZinc's benchmark repository
# (github.com/MiniZinc/minizinc-benchmarks); the instances are listed in
# INSTANCES (default benches/minizinc-instances.txt: family, model, data).
# Needs Debian's minizinc and flatzinc (Gecode 6.2) packages; Gecode's
# library in Debian's package has the layout of MiniZinc before 2.5, which
# MiniZinc 2.6 refuses, so benches/gecode-mznlib.py rewrites a copy of it
# for this run (Gecode's propagators, the new file names).
#
# For each instance and solver: the status ("opt": optimum proved; "unsat";
# "sat": a satisfaction problem solved; "sol": a solution of an
# optimisation problem, not proved; "-": nothing within the limit), the
# median CPU seconds, the last objective printed and the peak resident
# memory (MiB, the largest process); then csp / gecode where both reached
# the same final status. A pair of runs where neither solver finished is
# not repeated. Lines starting with '#' in INSTANCES are skipped.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
bench="$1"
limit="${2:-60}"
runs="${3:-3}"
instances="${4:-$root/benches/minizinc-instances.txt}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/solvers"
cargo build --release --quiet --manifest-path "$root/Cargo.toml" -p flatzinc --bin fzn-csp
csp="${CARGO_TARGET_DIR:-$root/target}/release/fzn-csp"
python3 "$root/benches/gecode-mznlib.py" "$work/gecode" > /dev/null
cp "$work/gecode/gecode-lib.msc" "$work/solvers/"
cat > "$work/solvers/csp.msc" <<JSON
{ "id": "org.nqueens.csp.bench", "name": "csp", "version": "0.1", "mznlib": "$root/crates/flatzinc/mznlib",
  "executable": "$csp", "tags": ["cp", "int"], "supportsFzn": true, "needsSolns2Out": true,
  "stdFlags": ["-a", "-n", "-f", "-s", "-t", "-i", "-p", "-r"] }
JSON
export MZN_SOLVER_PATH="$work/solvers"

# Runs one solver on an instance; prints "status cpu-seconds objective rss-MiB".
run() {
    local solver="$1" model="$2" data="$3"
    python3 - "$limit" "$work/out" "$solver" "$model" "$data" <<'PY'
import os, resource, signal, subprocess, sys, time
limit, out, solver, model, data = float(sys.argv[1]), sys.argv[2], *sys.argv[3:]
# The limit is on CPU time, of the whole process tree (MiniZinc and the
# solver), so that a busy machine does not cut a run short: the tree's
# time is read from /proc every 0.1 s, and at the limit the tree gets
# SIGINT, on which MiniZinc stops the solver and prints the best solution
# it has (as a user's Ctrl-C). MiniZinc's own -t, on the clock, is set far
# beyond it.
cmd = ["minizinc", "--solver", solver, "-t", str(int(limit * 10000)), "--output-mode", "dzn",
       "--output-objective",
       model] + ([data] if data != "-" else [])
tick = os.sysconf("SC_CLK_TCK")
def tree_cpu(session):
    total = 0
    for pid in filter(str.isdigit, os.listdir("/proc")):
        try:
            stat = open(f"/proc/{pid}/stat").read()
        except OSError:
            continue
        fields = stat[stat.rindex(")") + 2:].split()
        if int(fields[3]) == session:
            total += int(fields[11]) + int(fields[12]) + int(fields[13]) + int(fields[14])
    return total / tick
before = resource.getrusage(resource.RUSAGE_CHILDREN)
with open(out, "w") as f:
    child = subprocess.Popen(cmd, stdin=subprocess.DEVNULL, stdout=f, stderr=subprocess.DEVNULL,
                             start_new_session=True)
    stopped = None
    while child.poll() is None:
        time.sleep(0.1)
        if stopped is None and tree_cpu(child.pid) >= limit:
            os.killpg(child.pid, signal.SIGINT)
            stopped = time.time()
        if stopped is not None and time.time() - stopped > 10:
            os.killpg(child.pid, signal.SIGKILL)
            child.wait()
usage = resource.getrusage(resource.RUSAGE_CHILDREN)
cpu = usage.ru_utime + usage.ru_stime - before.ru_utime - before.ru_stime
text = open(out).read().split("\n")
objective = "-"
for line in text:
    if line.startswith("_objective = "):
        objective = line[len("_objective = "):].rstrip(";")
if "=====UNSATISFIABLE=====" in text:
    status = "unsat"
elif "==========" in text and stopped is None:
    status = "opt"
elif "----------" in text:
    status = "sol" if objective != "-" else "sat"
elif objective != "-":
    status = "sol"
else:
    status = "-"
print(f"{status} {cpu:.3f} {objective} {usage.ru_maxrss // 1024}")
PY
}

median() { sort -g | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }'; }
finished() { [ "$1" = opt ] || [ "$1" = unsat ] || [ "$1" = sat ]; }

printf '%-18s %-20s %-5s %7s %9s %5s | %-5s %7s %9s %5s | %6s\n' \
    family instance gecode cpu objective MiB csp cpu objective MiB ratio
grep -v '^#' "$instances" | while read -r family model data; do
    [ -n "$family" ] || continue
    m="$bench/$model"
    d="-"
    [ "$data" = "-" ] || d="$bench/$data"
    g_times=()
    c_times=()
    for _ in $(seq "$runs"); do
        read -r g_status t g_obj g_rss < <(run org.gecode.lib "$m" "$d")
        g_times+=("$t")
        read -r c_status t c_obj c_rss < <(run org.nqueens.csp.bench "$m" "$d")
        c_times+=("$t")
        if ! finished "$g_status" && ! finished "$c_status"; then
            break
        fi
    done
    g="$(printf '%s\n' "${g_times[@]}" | median)"
    c="$(printf '%s\n' "${c_times[@]}" | median)"
    ratio="-"
    if [ "$g_status" = "$c_status" ] && finished "$c_status"; then
        ratio="$(awk -v c="$c" -v g="$g" 'BEGIN { printf "%.2f", c / (g > 0.001 ? g : 0.001) }')"
    fi
    name="$(basename "$data" .dzn)"
    [ "$data" = "-" ] && name="$(basename "$model" .mzn)"
    printf '%-18s %-20s %-5s %7.2f %9s %5s | %-5s %7.2f %9s %5s | %6s\n' "$family" "$name" \
        "$g_status" "$g" "$g_obj" "$g_rss" "$c_status" "$c" "$c_obj" "$c_rss" "$ratio"
done
