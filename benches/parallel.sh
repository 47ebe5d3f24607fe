#!/usr/bin/env bash
# fzn-csp on one thread against THREADS threads (`-p 1` against `-p 2` by
# default) on public MiniZinc instances: wall-clock seconds, the point of
# threads.
#
#   benches/parallel.sh BENCHMARKS_CHECKOUT [SECONDS] [RUNS] [LIST...]
#
# BENCHMARKS_CHECKOUT is a checkout of MiniZinc's benchmark repository
# (github.com/MiniZinc/minizinc-benchmarks). Each LIST (default
# benches/parallel-count.txt and benches/parallel-optimum.txt) has lines
# "family model data" (data "-" for none; '#' starts a comment) and one
# line "# flags: ..." with the solver flags of that list: "-a" for the count
# list (every solution, or the proof that there is none), "--learn=off"
# for the optimum list (the optimum proved by branch and bound on every
# thread; fzn-csp's default would learn on one of them). FLAGS=...
# overrides them for every list.
#
# Each instance is compiled once with the csp library
# (crates/flatzinc/mznlib), then the .fzn is run by fzn-csp directly (not
# through MiniZinc, so that flattening is not timed) RUNS times (default 3)
# with `-p 1` and with `-p THREADS`, alternated (the first of a pair changes
# every run), each stopped by SIGINT at SECONDS (default 120) on the clock.
# The binary is $FZN_CSP, or else fzn-csp built by cargo (release) in
# CARGO_TARGET_DIR.
#
# The final answers must agree, across runs and thread counts: the number of
# solutions printed and "==========" with -a, "=====UNSATISFIABLE=====", or
# the optimum proved ("==========" and the same objective). Prints a markdown
# table (instance, answer, median seconds on 1 and on THREADS threads, p1/pN
# of those medians, and the median of each run's own p1/pN, its two timed
# back to back: the speed-up, less disturbed by a machine whose speed drifts
# from run to run), then per list the geometric mean and the minimum of
# the speed-ups over the instances that finished every run; an instance
# whose runs disagree is marked DIFFERENT, one where fzn-csp failed ERROR, and
# either makes the script exit with 1 (after the whole table).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
if [ $# -lt 1 ]; then
    sed -n '2,/^set -euo/p' "$0" | sed '$d' | sed 's/^# \{0,1\}//' >&2
    exit 2
fi
bench="$1"
limit="${2:-120}"
runs="${3:-3}"
shift $(($# < 3 ? $# : 3))
lists=("$@")
[ ${#lists[@]} -gt 0 ] || lists=("$root/benches/parallel-count.txt" "$root/benches/parallel-optimum.txt")
threads="${THREADS:-2}"
[ -d "$bench" ] || { echo "parallel.sh: no benchmark checkout at $bench" >&2; exit 2; }
for list in "${lists[@]}"; do
    [ -f "$list" ] || { echo "parallel.sh: no list $list" >&2; exit 2; }
done
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/solvers"
if [ -n "${FZN_CSP:-}" ]; then
    csp="$FZN_CSP"
else
    cargo build --release --quiet --manifest-path "$root/Cargo.toml" -p flatzinc --bin fzn-csp
    csp="${CARGO_TARGET_DIR:-$root/target}/release/fzn-csp"
fi
[ -x "$csp" ] || { echo "parallel.sh: $csp is not an executable" >&2; exit 2; }
cat > "$work/solvers/csp.msc" <<JSON
{ "id": "org.nqueens.csp.bench", "name": "csp", "version": "0.1", "mznlib": "$root/crates/flatzinc/mznlib",
  "executable": "$csp", "tags": ["cp", "int"], "supportsFzn": true, "needsSolns2Out": true,
  "stdFlags": ["-a", "-n", "-f", "-s", "-t", "-i", "-p", "-r"] }
JSON
export MZN_SOLVER_PATH="$work/solvers"

median() { sort -g | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }'; }

# The answer a run proves, or "-" when it proves none.
answer() {
    local status="$1" sols="$2" obj="$3" flags="$4"
    case "$status" in
    unsat) echo unsat ;;
    error) echo error ;;
    complete)
        if [ "$obj" != "-" ]; then echo "opt=$obj"
        elif [[ " $flags " == *" -a "* ]]; then echo "all=$sols"
        else echo sat; fi ;;
    *) echo - ;;
    esac
}

failed=0
declare -A summary
printf '| list | instance | answer | p1 s | p%s s | p1 / p%s | pairs |\n| --- | --- | --- | --- | --- | --- | --- |\n' \
    "$threads" "$threads"
for list in "${lists[@]}"; do
    flags="$(sed -n 's/^# flags:[[:space:]]*//p' "$list" | head -n 1)"
    flags="${FLAGS-$flags}"
    tag="$(basename "$list" .txt)"
    ratios=()
    while read -r family model data; do
        [ -n "$family" ] || continue
        name="$family/$(basename "$data" .dzn)"
        [ "$data" = "-" ] && name="$family/$(basename "$model" .mzn)"
        fzn="$work/instance.fzn"
        d=()
        [ "$data" = "-" ] || d=("$bench/$data")
        if ! minizinc --solver org.nqueens.csp.bench -c --fzn "$fzn" --ozn "$work/instance.ozn" \
            "$bench/$model" "${d[@]}" < /dev/null > "$work/compile.log" 2>&1; then
            echo "parallel.sh: $name does not compile: $(tail -n 1 "$work/compile.log")" >&2
            printf '| %s | %s | no FlatZinc | - | - | - |\n' "$tag" "$name"
            continue
        fi
        t1=()
        tn=()
        pairs=()
        answers=()
        for r in $(seq "$runs"); do
            # Which goes first changes every run, so that neither is always second.
            order=(1 "$threads")
            [ $((r % 2)) = 1 ] || order=("$threads" 1)
            for p in "${order[@]}"; do
                # shellcheck disable=SC2086 # the flags are words
                read -r status t sols obj < <(python3 "$root/benches/timed-run.py" wall "$limit" \
                    "$work/out" -- "$csp" -s -p "$p" $flags "$fzn")
                a="$(answer "$status" "$sols" "$obj" "$flags")"
                answers+=("$a")
                if [ "$p" = 1 ]; then t1+=("$t"); else tn+=("$t"); fi
            done
            pairs+=("$(awk -v a="${t1[-1]}" -v b="${tn[-1]}" 'BEGIN { printf "%.6f", a / (b > 0.001 ? b : 0.001) }')")
        done
        m1="$(printf '%s\n' "${t1[@]}" | median)"
        mn="$(printf '%s\n' "${tn[@]}" | median)"
        distinct="$(printf '%s\n' "${answers[@]}" | grep -vx -- - | sort -u || true)"
        ratio="-"
        paired="-"
        if printf '%s\n' "${answers[@]}" | grep -qx error; then
            shown="ERROR (fzn-csp's message above)"
            failed=1
        elif [ "$(printf '%s' "$distinct" | grep -c .)" -gt 1 ]; then
            shown="DIFFERENT: $(printf '%s\n' "${answers[@]}" | paste -sd ' ')"
            failed=1
        elif [ -z "$distinct" ]; then
            shown="none within ${limit} s"
        elif printf '%s\n' "${answers[@]}" | grep -qx -- -; then
            shown="$distinct, but not in every run within ${limit} s"
        else
            shown="$distinct"
            exact="$(awk -v a="$m1" -v b="$mn" 'BEGIN { printf "%.6f", a / (b > 0.001 ? b : 0.001) }')"
            ratio="$(printf '%.2f' "$exact")"
            exact="$(printf '%s\n' "${pairs[@]}" | median)"
            ratios+=("$exact")
            paired="$(printf '%.2f' "$exact")"
        fi
        printf '| %s | %s | %s | %.2f | %.2f | %s | %s |\n' "$tag" "$name" "$shown" "$m1" "$mn" "$ratio" "$paired"
    done < <(grep -v '^[[:space:]]*#' "$list")
    summary["$tag"]="$(printf '%s\n' "${ratios[@]}" | awk -v tag="$tag" -v threads="$threads" '
        $1 != "" { n++; s += log($1); if (n == 1 || $1 < min) min = $1 }
        END { if (n) printf "%s: geometric mean of p1 / p%s (each the median of its pairs) %.2f, minimum %.2f, over %d instances", tag, threads, exp(s / n), min, n
              else printf "%s: no instance finished", tag }')"
done
echo
for list in "${lists[@]}"; do
    echo "${summary[$(basename "$list" .txt)]}"
done
exit "$failed"
