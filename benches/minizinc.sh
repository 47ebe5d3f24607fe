#!/usr/bin/env bash
# fzn-csp against Gecode 6.2 and Chuffed on public MiniZinc instances, each
# solver with its own MiniZinc library (Gecode's native globals for Gecode,
# Chuffed's for Chuffed, the csp library for fzn-csp): the whole
# `minizinc --solver X model data` process is timed, flattening included,
# as a user would run it. CPU time (user + system of every process), runs
# alternated between the solvers, and the limit of SECONDS on each
# process's CPU time, not on the clock.
#
#   [CHUFFED_DIR=DIR] [CSP_FLAGS=WORDS] \
#       benches/minizinc.sh BENCHMARKS_CHECKOUT [SECONDS] [RUNS] [INSTANCES]
#
# BENCHMARKS_CHECKOUT is a checkout of MiniZinc's benchmark repository
# (github.com/MiniZinc/minizinc-benchmarks); the instances are listed in
# INSTANCES (default benches/minizinc-instances.txt: family, model, data,
# '-' for no data; lines starting with '#' are skipped). SECONDS defaults
# to 60, RUNS to 3. fzn-csp is built by cargo (release, in
# CARGO_TARGET_DIR).
#
# Needs Debian's minizinc and flatzinc (Gecode 6.2) packages; Gecode's
# library in Debian's package has the layout of MiniZinc before 2.5, which
# MiniZinc 2.6 refuses, so benches/gecode-mznlib.py rewrites a copy of it
# for this run (Gecode's propagators, the new file names).
#
# CHUFFED_DIR: a directory holding chuffed.msc, MiniZinc's configuration of
# Chuffed (github.com/chuffed/chuffed, built from source with CMake: it is
# not packaged), whose "executable" (fzn-chuffed) and "mznlib" (Chuffed's
# library) are absolute or relative to that directory; the folder
# share/minizinc/solvers of its `cmake --install` will do. Chuffed runs
# with its defaults (learning on, the model's search annotations). When
# CHUFFED_DIR is unset or holds no chuffed.msc, Chuffed is not run: its
# columns and ratios are left out, with a note on stderr.
#
# CSP_FLAGS (default empty): words handed to fzn-csp on each of its runs,
# e.g. "--learn", by MiniZinc's --fzn-flags (which passes any flag on to
# the FlatZinc solver, where the configuration's "extraFlags" would have to
# declare each one). The script first checks that fzn-csp accepts them and
# stops if it does not: a refused flag would otherwise only show as "-" on
# every instance.
#
# For each instance and solver: the status ("opt": optimum proved; "unsat";
# "sat": a satisfaction problem solved; "sol": a solution of an
# optimisation problem, not proved; "-": nothing within the limit), the
# median CPU seconds, the last objective printed and the peak resident
# memory (MiB, the largest process); then csp / gecode and csp / chuffed,
# each where the two reached the same final status. A round of runs where
# no solver finished is not repeated. At the end, a summary: how many
# instances each solver solved (opt, unsat or sat), and for each solver the
# median of the ratios of its time to each other solver's, over the
# instances both solved with the same status (their number in parentheses;
# of an even number, the geometric mean of the two middle ratios, so that
# B/A is the inverse of A/B).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
if [ $# -lt 1 ]; then
    sed -n '2,/^set -euo/p' "$0" | sed '$d' | sed 's/^# \{0,1\}//' >&2
    exit 2
fi
bench="$1"
limit="${2:-60}"
runs="${3:-3}"
instances="${4:-$root/benches/minizinc-instances.txt}"
csp_flags="${CSP_FLAGS:-}"
[ -d "$bench" ] || { echo "minizinc.sh: no benchmark checkout at $bench" >&2; exit 2; }
[ -f "$instances" ] || { echo "minizinc.sh: no list $instances" >&2; exit 2; }
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/solvers"
cargo build --release --quiet --manifest-path "$root/Cargo.toml" -p flatzinc --bin fzn-csp
csp="${CARGO_TARGET_DIR:-$root/target}/release/fzn-csp"
# CSP_FLAGS reach fzn-csp through MiniZinc's --fzn-flags on each csp run.
csp_args=()
if [ -n "$csp_flags" ]; then
    csp_args=(--fzn-flags "$csp_flags")
    # A binary refuses a flag it does not know (exit status 2): said once.
    printf 'var 1..3: x :: output_var;\nsolve minimize x;\n' > "$work/tiny.fzn"
    # shellcheck disable=SC2086 # the flags are words
    if ! timeout 20 "$csp" $csp_flags -t 5000 "$work/tiny.fzn" > "$work/tiny.out" 2> "$work/tiny.err" ||
        ! grep -qx -- ---------- "$work/tiny.out"; then
        echo "minizinc.sh: $csp does not run '$csp_flags': $(head -n 1 "$work/tiny.err")" >&2
        exit 1
    fi
    echo "minizinc.sh: fzn-csp runs with $csp_flags" >&2
fi
python3 "$root/benches/gecode-mznlib.py" "$work/gecode" > /dev/null
cp "$work/gecode/gecode-lib.msc" "$work/solvers/"
# Chuffed's configuration, copied with its paths made absolute (an
# installed chuffed.msc has them relative to its own folder), or none.
chuffed=""
if [ -z "${CHUFFED_DIR:-}" ]; then
    echo "minizinc.sh: CHUFFED_DIR is not set: Chuffed is not run, its columns are left out" >&2
elif [ ! -f "$CHUFFED_DIR/chuffed.msc" ]; then
    echo "minizinc.sh: no chuffed.msc in CHUFFED_DIR ($CHUFFED_DIR): Chuffed is not run, its columns are left out" >&2
else
    chuffed="$(python3 - "$CHUFFED_DIR/chuffed.msc" "$work/solvers/chuffed.msc" <<'PY'
import json, os, re, sys
src, dst = sys.argv[1], sys.argv[2]
text = re.sub(r",\s*([\]}])", r"\1", open(src).read())  # trailing commas, as in Chuffed's template
config = json.loads(text)
base = os.path.dirname(os.path.abspath(src))
for key in ("mznlib", "executable"):
    if not os.path.isabs(config[key]):
        config[key] = os.path.normpath(os.path.join(base, config[key]))
if not os.access(config["executable"], os.X_OK):
    sys.exit(f"minizinc.sh: {src}: {config['executable']} is not an executable")
if not os.path.isdir(config["mznlib"]):
    sys.exit(f"minizinc.sh: {src}: no library folder {config['mznlib']}")
json.dump(config, open(dst, "w"))
print(config["id"])
PY
)"
fi
cat > "$work/solvers/csp.msc" <<JSON
{ "id": "org.nqueens.csp.bench", "name": "csp", "version": "0.1", "mznlib": "$root/crates/flatzinc/mznlib",
  "executable": "$csp", "tags": ["cp", "int"], "supportsFzn": true, "needsSolns2Out": true,
  "stdFlags": ["-a", "-n", "-f", "-s", "-t", "-i", "-p", "-r"] }
JSON
export MZN_SOLVER_PATH="$work/solvers"
if [ -n "$chuffed" ]; then
    # A configuration that MiniZinc or Chuffed cannot use would otherwise
    # only show as "-" on every instance: a tiny model first.
    printf 'var 1..3: x;\nsolve minimize x;\n' > "$work/tiny.mzn"
    if ! timeout 60 minizinc --solver "$chuffed" "$work/tiny.mzn" < /dev/null > "$work/tiny.out" 2>&1 ||
        ! grep -qx -- ========== "$work/tiny.out"; then
        echo "minizinc.sh: Chuffed ($CHUFFED_DIR/chuffed.msc) does not solve a tiny model: $(tail -n 1 "$work/tiny.out")" >&2
        exit 1
    fi
fi

# Runs one solver on an instance, FLAGS on MiniZinc's command line; prints
# "status cpu-seconds objective rss-MiB".
run() {
    local solver="$1" model="$2" data="$3"
    shift 3
    python3 - "$limit" "$work/out" "$solver" "$model" "$data" "$@" <<'PY'
import os, resource, signal, subprocess, sys, time
limit, out = float(sys.argv[1]), sys.argv[2]
solver, model, data, *flags = sys.argv[3:]
# The limit is on CPU time, of the whole process tree (MiniZinc and the
# solver), so that a busy machine does not cut a run short: the tree's
# time is read from /proc every 0.1 s, and at the limit the tree gets
# SIGINT, on which MiniZinc stops the solver and prints the best solution
# it has (as a user's Ctrl-C). MiniZinc's own -t, on the clock, is set far
# beyond it.
cmd = ["minizinc", "--solver", solver, *flags, "-t", str(int(limit * 10000)), "--output-mode", "dzn",
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
# A solution without an objective is a satisfaction problem solved ("sat"),
# whether or not "==========" follows it (which, without -a, a solver should
# print only if it knows there is no other solution).
if "=====UNSATISFIABLE=====" in text:
    status = "unsat"
elif "----------" in text and objective == "-":
    status = "sat"
elif "==========" in text and stopped is None:
    status = "opt"
elif "----------" in text or objective != "-":
    status = "sol"
else:
    status = "-"
print(f"{status} {cpu:.3f} {objective} {usage.ru_maxrss // 1024}")
PY
}

median() { sort -g | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }'; }
finished() { [ "$1" = opt ] || [ "$1" = unsat ] || [ "$1" = sat ]; }
# A's time over B's (statuses and median times), or "-" unless both reached
# the same final status.
ratio() {
    if [ "$1" = "$3" ] && finished "$1"; then
        awk -v a="$2" -v b="$4" 'BEGIN { printf "%.2f", a / (b > 0.001 ? b : 0.001) }'
    else
        echo -
    fi
}

solvers=(gecode csp)
[ -z "$chuffed" ] || solvers+=(chuffed)
declare -A status=() cpu=()
n=0
if [ -n "$chuffed" ]; then
    printf '%-18s %-20s %-5s %7s %9s %5s | %-5s %7s %9s %5s | %-7s %7s %9s %5s | %10s %11s\n' \
        family instance gecode cpu objective MiB csp cpu objective MiB chuffed cpu objective MiB \
        csp/gecode csp/chuffed
else
    printf '%-18s %-20s %-5s %7s %9s %5s | %-5s %7s %9s %5s | %10s\n' \
        family instance gecode cpu objective MiB csp cpu objective MiB csp/gecode
fi
while read -r family model data; do
    [ -n "$family" ] || continue
    m="$bench/$model"
    d="-"
    [ "$data" = "-" ] || d="$bench/$data"
    g_times=()
    c_times=()
    h_times=()
    h_status=-
    for _ in $(seq "$runs"); do
        read -r g_status t g_obj g_rss < <(run org.gecode.lib "$m" "$d")
        g_times+=("$t")
        read -r c_status t c_obj c_rss < <(run org.nqueens.csp.bench "$m" "$d" "${csp_args[@]}")
        c_times+=("$t")
        if [ -n "$chuffed" ]; then
            read -r h_status t h_obj h_rss < <(run "$chuffed" "$m" "$d")
            h_times+=("$t")
        fi
        if ! finished "$g_status" && ! finished "$c_status" && ! finished "$h_status"; then
            break
        fi
    done
    g="$(printf '%s\n' "${g_times[@]}" | median)"
    c="$(printf '%s\n' "${c_times[@]}" | median)"
    name="$(basename "$data" .dzn)"
    [ "$data" = "-" ] && name="$(basename "$model" .mzn)"
    status[gecode,$n]="$g_status"
    cpu[gecode,$n]="$g"
    status[csp,$n]="$c_status"
    cpu[csp,$n]="$c"
    if [ -n "$chuffed" ]; then
        h="$(printf '%s\n' "${h_times[@]}" | median)"
        status[chuffed,$n]="$h_status"
        cpu[chuffed,$n]="$h"
        printf '%-18s %-20s %-5s %7.2f %9s %5s | %-5s %7.2f %9s %5s | %-7s %7.2f %9s %5s | %10s %11s\n' \
            "$family" "$name" "$g_status" "$g" "$g_obj" "$g_rss" "$c_status" "$c" "$c_obj" "$c_rss" \
            "$h_status" "$h" "$h_obj" "$h_rss" \
            "$(ratio "$c_status" "$c" "$g_status" "$g")" "$(ratio "$c_status" "$c" "$h_status" "$h")"
    else
        printf '%-18s %-20s %-5s %7.2f %9s %5s | %-5s %7.2f %9s %5s | %10s\n' "$family" "$name" \
            "$g_status" "$g" "$g_obj" "$g_rss" "$c_status" "$c" "$c_obj" "$c_rss" \
            "$(ratio "$c_status" "$c" "$g_status" "$g")"
    fi
    n=$((n + 1))
done < <(grep -v '^#' "$instances")

# The summary: instances solved per solver, then each solver's median
# ratio to each other one over the instances both solved alike, as
# "1.23 (17)": "- (0)" when there are none.
pair_median() {
    local a="$1" b="$2" i
    for ((i = 0; i < n; i++)); do
        if [ "${status[$a,$i]}" = "${status[$b,$i]}" ] && finished "${status[$a,$i]}"; then
            echo "${cpu[$a,$i]} ${cpu[$b,$i]}"
        fi
    done | awk '{ printf "%.9f\n", log(($1 > 0.001 ? $1 : 0.001) / ($2 > 0.001 ? $2 : 0.001)) }' | sort -g |
        awk '{ r[NR] = $1 }
            END {
                if (NR == 0) { print "- (0)"; exit }
                printf "%.2f (%d)", exp((r[int((NR + 1) / 2)] + r[int(NR / 2) + 1]) / 2), NR
            }'
}
echo
line="solved (opt, unsat or sat) of $n instances:"
for s in "${solvers[@]}"; do
    k=0
    for ((i = 0; i < n; i++)); do
        if finished "${status[$s,$i]}"; then k=$((k + 1)); fi
    done
    line+=" $s $k,"
done
echo "${line%,}"
for s in "${solvers[@]}"; do
    line="$(printf '%-8s median' "$s:")"
    for o in "${solvers[@]}"; do
        [ "$o" = "$s" ] || line+=" $s/$o $(pair_median "$s" "$o"),"
    done
    echo "${line%,}"
done
echo "(median ratios of CPU seconds over the instances both solvers solved with the same status, in parentheses their number; limit ${limit} s)"
