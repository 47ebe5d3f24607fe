#!/usr/bin/env bash
# Large-neighbourhood search against the complete search: the best objective
# fzn-csp prints in SECONDS of CPU time without --lns and with it, and
# Gecode's and Chuffed's, on optimisation instances that none of them
# proves optimal.
#
#   benches/lns.sh BENCHMARKS_CHECKOUT [SECONDS] [INSTANCES]
#
# BENCHMARKS_CHECKOUT is a checkout of MiniZinc's benchmark repository
# (github.com/MiniZinc/minizinc-benchmarks); INSTANCES (default
# benches/lns-instances.txt) has lines "family model data" ('#' starts a
# comment). SECONDS defaults to 60.
#
# Each run is a whole `minizinc --solver X -a --output-objective model data`
# process, each solver with its own library, as in benches/minizinc.sh (the
# csp library for fzn-csp; Gecode 6.2's, repaired for MiniZinc 2.6 by
# benches/gecode-mznlib.py, for fzn-gecode): the limit is on the CPU time of
# the process tree, flattening included, and at the limit the tree gets
# SIGINT. Every improving solution is printed as it is found (-a), so the
# best is the last `_objective` printed. --lns reaches fzn-csp through
# MiniZinc's --fzn-flags, with LNS_FLAGS after it (e.g. a seed); the script
# first checks that the binary accepts them, and stops if it does not.
#
# Chuffed (github.com/chuffed/chuffed, built from source with CMake and
# installed) runs with its own library when CHUFFED_MSC names the
# chuffed.msc its installation put under share/minizinc/solvers; without
# it, its column says "-" and the summary leaves it out.
#
# The binary is $FZN_CSP, or else fzn-csp built by cargo (release) in
# CARGO_TARGET_DIR. TOGETHER=1 runs the two csp runs of an instance at the
# same time, one on each core (each search is single-threaded), then
# Gecode's and Chuffed's together, to halve the time; the limit is on each
# process's own CPU time.
#
# Prints a markdown table: each solver's best objective ("opt" after it when
# it proved it, "-" when it printed none), and for --lns whether it is
# better, equal or worse than csp without it and than Gecode (by the sense
# of the model's objective); then one line: on how many instances --lns is at
# least as good as without it, and how it compares with Gecode.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
if [ $# -lt 1 ]; then
    sed -n '2,/^set -euo/p' "$0" | sed '$d' | sed 's/^# \{0,1\}//' >&2
    exit 2
fi
bench="$1"
limit="${2:-60}"
instances="${3:-$root/benches/lns-instances.txt}"
lns_flags="--lns${LNS_FLAGS:+ $LNS_FLAGS}"
[ -d "$bench" ] || { echo "lns.sh: no benchmark checkout at $bench" >&2; exit 2; }
[ -f "$instances" ] || { echo "lns.sh: no list $instances" >&2; exit 2; }
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/solvers"
if [ -n "${FZN_CSP:-}" ]; then
    csp="$FZN_CSP"
else
    cargo build --release --quiet --manifest-path "$root/Cargo.toml" -p flatzinc --bin fzn-csp
    csp="${CARGO_TARGET_DIR:-$root/target}/release/fzn-csp"
fi
[ -x "$csp" ] || { echo "lns.sh: $csp is not an executable" >&2; exit 2; }
# A binary without --lns refuses the flag (exit status 2): say so, once.
printf 'var 1..3: x :: output_var;\nsolve minimize x;\n' > "$work/tiny.fzn"
# shellcheck disable=SC2086 # the flags are words
if ! timeout 20 "$csp" $lns_flags -t 5000 "$work/tiny.fzn" > "$work/tiny.out" 2> "$work/tiny.err" ||
    ! grep -qx -- ---------- "$work/tiny.out"; then
    echo "lns.sh: $csp does not run '$lns_flags': $(head -n 1 "$work/tiny.err")" >&2
    exit 1
fi
python3 "$root/benches/gecode-mznlib.py" "$work/gecode" > /dev/null
cp "$work/gecode/gecode-lib.msc" "$work/solvers/"
chuffed=""
if [ -n "${CHUFFED_MSC:-}" ]; then
    [ -f "$CHUFFED_MSC" ] || { echo "lns.sh: no Chuffed configuration at $CHUFFED_MSC" >&2; exit 2; }
    # Its paths are relative to where it was installed: made absolute.
    python3 - "$CHUFFED_MSC" "$work/solvers/chuffed.msc" <<'PY'
import json, os, re, sys
src, dst = sys.argv[1], sys.argv[2]
text = re.sub(r",\s*([\]}])", r"\1", open(src).read())  # trailing commas
config = json.loads(text)
base = os.path.dirname(os.path.abspath(src))
for key in ("mznlib", "executable"):
    if not os.path.isabs(config[key]):
        config[key] = os.path.normpath(os.path.join(base, config[key]))
json.dump(config, open(dst, "w"))
PY
    chuffed="$(python3 -c 'import json, sys; print(json.load(open(sys.argv[1]))["id"])' "$work/solvers/chuffed.msc")"
fi
cat > "$work/solvers/csp.msc" <<JSON
{ "id": "org.nqueens.csp.bench", "name": "csp", "version": "0.1", "mznlib": "$root/crates/flatzinc/mznlib",
  "executable": "$csp", "tags": ["cp", "int"], "supportsFzn": true, "needsSolns2Out": true,
  "stdFlags": ["-a", "-n", "-f", "-s", "-t", "-i", "-p", "-r"] }
JSON
export MZN_SOLVER_PATH="$work/solvers"

# Runs one solver on an instance into $work/NAME.result: "status cpu sols objective".
run() {
    local name="$1" solver="$2" model="$3" data="$4"
    shift 4
    local d=()
    [ "$data" = "-" ] || d=("$data")
    # MiniZinc's own -t, on the clock, is set far beyond the CPU limit.
    python3 "$root/benches/timed-run.py" cpu "$limit" "$work/$name.out" -- \
        minizinc --solver "$solver" -a --output-objective --output-mode dzn \
        -t "$(awk -v l="$limit" 'BEGIN { printf "%d", l * 10000 }')" "$@" "$model" "${d[@]}" \
        > "$work/$name.result"
}

# The best objective of a run, with " opt" when proved, or "-".
best() {
    local status cpu sols obj
    read -r status cpu sols obj < "$work/$1.result"
    if [ "$status" = error ]; then echo error
    elif [ "$obj" = "-" ]; then echo -
    elif [ "$status" = complete ]; then echo "$obj opt"
    else echo "$obj"; fi
}

# better|equal|worse of objective A against B, for SENSE min or max.
compare() {
    local a="${1%% *}" b="${2%% *}" sense="$3"
    if [ "$a" = - ] || [ "$a" = error ]; then
        if [ "$b" = - ] || [ "$b" = error ]; then echo equal; else echo worse; fi
    elif [ "$b" = - ] || [ "$b" = error ]; then echo better
    else
        awk -v a="$a" -v b="$b" -v s="$sense" 'BEGIN {
            if (a == b) print "equal"; else if ((a < b) == (s == "min")) print "better"; else print "worse" }'
    fi
}

printf '| family | instance | sense | csp | csp --lns | Gecode | Chuffed | --lns vs csp | --lns vs Gecode | --lns vs Chuffed |\n'
printf '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |\n'
n=0
no_worse=0
declare -A vs_gecode=([better]=0 [equal]=0 [worse]=0)
declare -A vs_chuffed=([better]=0 [equal]=0 [worse]=0)
while read -r family model data; do
    [ -n "$family" ] || continue
    m="$bench/$model"
    d="-"
    [ "$data" = "-" ] || d="$bench/$data"
    name="$(basename "$data" .dzn)"
    [ "$data" = "-" ] && name="$(basename "$model" .mzn)"
    # The sense, from the FlatZinc MiniZinc makes of the instance for csp.
    dd=()
    [ "$d" = "-" ] || dd=("$d")
    if ! minizinc --solver org.nqueens.csp.bench -c --fzn "$work/x.fzn" --ozn "$work/x.ozn" \
        "$m" "${dd[@]}" < /dev/null > "$work/compile.log" 2>&1; then
        echo "lns.sh: $family $name does not compile: $(tail -n 1 "$work/compile.log")" >&2
        continue
    fi
    if grep -q '^solve.*minimize' "$work/x.fzn"; then sense=min
    elif grep -q '^solve.*maximize' "$work/x.fzn"; then sense=max
    else
        echo "lns.sh: $family $name is not an optimisation problem" >&2
        continue
    fi
    if [ "${TOGETHER:-0}" = 1 ]; then
        run csp org.nqueens.csp.bench "$m" "$d" &
        run lns org.nqueens.csp.bench "$m" "$d" --fzn-flags "$lns_flags" &
        wait
    else
        run csp org.nqueens.csp.bench "$m" "$d"
        run lns org.nqueens.csp.bench "$m" "$d" --fzn-flags "$lns_flags"
    fi
    if [ -n "$chuffed" ] && [ "${TOGETHER:-0}" = 1 ]; then
        run gecode org.gecode.lib "$m" "$d" &
        run chuffed "$chuffed" "$m" "$d" &
        wait
    else
        run gecode org.gecode.lib "$m" "$d"
        [ -z "$chuffed" ] || run chuffed "$chuffed" "$m" "$d"
    fi
    c="$(best csp)"
    l="$(best lns)"
    g="$(best gecode)"
    h=-
    vh=-
    if [ -n "$chuffed" ]; then
        h="$(best chuffed)"
        vh="$(compare "$l" "$h" "$sense")"
        vs_chuffed[$vh]=$((vs_chuffed[$vh] + 1))
    fi
    vc="$(compare "$l" "$c" "$sense")"
    vg="$(compare "$l" "$g" "$sense")"
    n=$((n + 1))
    [ "$vc" = worse ] || no_worse=$((no_worse + 1))
    vs_gecode[$vg]=$((vs_gecode[$vg] + 1))
    printf '| %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |\n' "$family" "$name" "$sense" "$c" "$l" "$g" "$h" "$vc" "$vg" "$vh"
done < <(grep -v '^[[:space:]]*#' "$instances")
echo
summary="--lns is at least as good as without it on $no_worse of $n instances; against Gecode it is better on ${vs_gecode[better]}, equal on ${vs_gecode[equal]}, worse on ${vs_gecode[worse]}"
if [ -n "$chuffed" ]; then
    summary+="; against Chuffed better on ${vs_chuffed[better]}, equal on ${vs_chuffed[equal]}, worse on ${vs_chuffed[worse]}"
fi
echo "$summary (${limit} s of CPU each)."
