#!/usr/bin/env bash
# The README's performance table, measured again: release builds of ours
# against the references, side by side with ../shared/bench/compare.py
# (A B A B ..., the median of the per-pair ratios; both commands must give
# the same last line). Prints a Markdown table to paste. Run it on a
# machine as quiet as you can get, one run at a time; QUICK=1 checks that
# everything works on small inputs in a minute or two.
#
#   benches/perf-table.sh                 # the README's sizes, 5 pairs each
#   QUICK=1 benches/perf-table.sh         # small sizes, 3 pairs: a smoke test
#
# Environment:
#   RUNS=N          pairs per row (default 5; 3 with QUICK=1)
#   BENCH=DIR       compare.py and build-anchors.sh (default ../shared/bench)
#   PREV=REV        also build commit REV (a git worktree under
#                   target/perf-prev) and time our rows against it
#   PREV_BIN=DIR    or take the previous binaries from DIR, laid out as
#                   target/release (nqueens, examples/sudoku, ...)
#   SUDOKU_REF=CMD  a sudoku solver run as `CMD FILE`, printing the first
#                   solution of each puzzle of FILE on a line, as
#                   `examples/sudoku FILE` does
#   FAF_REF=CMD     a one-thread N-queens counter run as `CMD N`, printing
#                   the total on its last line: NQueensFAF's CPU counter
#   TDOKU_REF=CMD   tdoku run as `CMD FILE` (its output is not compared)
#   DLX1=PATH       Knuth's dlx1, given the exact cover that
#                   `examples/pentomino 6x10` searches, written by its
#                   `--dlx` (its output is not compared); no single quotes
#                   in TDOKU_REF and DLX1
#
# The public programs are not in this repository; how to get them:
#   bitcount, plaincount: C, in ../shared/anchors; built here by
#     build-anchors.sh into target/anchors (gcc -O3 -march=native).
#   the Rust `sudoku` crate 0.8: a cargo project outside this repository,
#     `sudoku = "0.8"`, whose main reads the lines of FILE and prints
#     `Sudoku::from_str_line(line)?.some_solution()` with `to_str_line()`
#     (or "no solution"); SUDOKU_REF=path/to/its/binary.
#   NQueensFAF: github.com/olepoeschl/NQueensFAF; its CPU counter is
#     nqueensfaf-impl's CpuSolver (the SQ* routines and run()) with
#     ConstellationsGenerator and ConstellationUtils (5 preset queens). Either
#     compile those and nqueensfaf-core with javac (drop the Kryo save/load)
#     with a main that sets N and one thread, calls start() and prints
#     getSolutions(), FAF_REF="java -XX:+UseSerialGC -cp DIR Main"; or port
#     the same code to C, one thread (the routines are C already but for
#     `>>>`, an unsigned shift), gcc -O3 -march=native -fwrapv, FAF_REF=path.
#     Check it prints 14772512 for 16 and 95815104 for 17.
#   tdoku: github.com/t-dillon/tdoku; compile its src/solver_dpll_triad_simd.cc
#     and src/util.cc with `g++ -O3 -march=native`, and link a main of a few
#     lines that prints `SolveSudoku(puzzle, 1, 0, solution, &guesses)`'s
#     solution for each line of FILE ('.' for an empty cell);
#     TDOKU_REF=path/to/that/binary.
#   Knuth's dlx1: dlx1.w and gb_flip.w from his programs page (and the
#     Stanford GraphBase); `ctangle` each (Debian's texlive-binaries has
#     it), then `gcc -O3 -march=native -o dlx1 dlx1.c gb_flip.c`; DLX1=./dlx1.
set -euo pipefail
cd "$(dirname "$0")/.."

quick=${QUICK:-0}
if [ "$quick" = 1 ]; then runs=${RUNS:-3}; else runs=${RUNS:-5}; fi
bench=${BENCH:-../shared/bench}
compare="$bench/compare.py"
anchors=target/anchors
release=target/release
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT

for tool in "$compare" "$bench/build-anchors.sh"; do
    if [ ! -e "$tool" ]; then
        echo "perf-table.sh: $tool is missing (set BENCH=DIR)" >&2
        exit 2
    fi
done

echo "building release binaries and the C references..." >&2
cargo build --release --quiet --bin nqueens --example sudoku --example pentomino --example model >&2
"$bench/build-anchors.sh" "$anchors" >&2

prev=${PREV_BIN:-}
if [ -n "${PREV:-}" ] && [ -z "$prev" ]; then
    tree=target/perf-prev/src
    rm -rf "$tree"
    git worktree prune
    git worktree add --detach --force "$tree" "$PREV" >&2
    echo "building $PREV for comparison..." >&2
    cargo build --release --quiet --manifest-path "$tree/Cargo.toml" \
        --target-dir target/perf-prev/target \
        --bin nqueens --example sudoku --example pentomino --example model >&2
    prev=target/perf-prev/target/release
fi

# top95 twenty times: 1,900 hard puzzles (once with QUICK=1).
sudokus="$scratch/top95.txt"
copies=20
[ "$quick" = 1 ] && copies=1
for _ in $(seq "$copies"); do cat examples/data/top95.txt; done >"$sudokus"

echo "| work | ours | reference | ours / reference (median of pairs, min to max) | pairs | load |"
echo "| --- | --- | --- | --- | --- | --- |"

# row NAME REFNAME "OUR COMMAND" "REFERENCE COMMAND": one line of the table.
row() {
    local name=$1 refname=$2 ours=$3 theirs=$4 load out
    load=$(cut -d' ' -f1 /proc/loadavg 2>/dev/null || echo "?")
    if ! out=$(python3 "$compare" --runs "$runs" -- "$ours" "$theirs" 2>&1); then
        echo "| $name | | $refname | failed: $(echo "$out" | tail -n 1) | | $load |"
        return
    fi
    python3 - "$name" "$refname" "$load" "$out" <<'PY'
import re, sys
name, refname, load, out = sys.argv[1:]
a = re.search(r"A median\s+([\d.]+) s", out).group(1)
b = re.search(r"B median\s+([\d.]+) s", out).group(1)
r = re.search(r"ratio A/B ([\d.]+) \(min ([\d.]+), max ([\d.]+), (\d+) pairs\)", out)
print(f"| {name} | {float(a):.3g} s | {refname} {float(b):.3g} s | "
      f"{float(r.group(1)):.2f}x ({float(r.group(2)):.2f}x to {float(r.group(3)):.2f}x) | {r.group(4)} | {load} |")
PY
}

# A command whose output is thrown away and replaced by "done", so that
# programs that print different things can be compared.
quiet() {
    printf "sh -c '%s >/dev/null && echo done'" "$1"
}

not_run() {
    echo "| $1 | | | not run: $2 | | |"
}

if [ "$quick" = 1 ]; then counter=(11 12); engine=(10 11); else counter=(16 17); engine=(14 15); fi

for n in "${counter[@]}"; do
    row "counter, n = $n, 1 thread" "bitcount" \
        "$release/nqueens count $n --threads 1" "$anchors/bitcount $n"
    row "counter, n = $n, 2 threads" "bitcount" \
        "$release/nqueens count $n --threads 2" "$anchors/bitcount $n"
    if [ -n "${FAF_REF:-}" ]; then
        row "counter, n = $n, 1 thread" "NQueensFAF" \
            "$release/nqueens count $n --threads 1" "$FAF_REF $n"
    else
        not_run "counter, n = $n, 1 thread, against NQueensFAF" "set FAF_REF"
    fi
done
for n in "${engine[@]}"; do
    row "engine, n = $n (\`count --engine --threads 1\`)" "plaincount" \
        "$release/nqueens count $n --engine --threads 1" "$anchors/plaincount $n"
done

ours_sudoku="$release/examples/sudoku $sudokus"
if [ -n "${SUDOKU_REF:-}" ]; then
    row "sudoku, top95 x $copies" "\`sudoku\` crate" "$ours_sudoku" "$SUDOKU_REF $sudokus"
else
    not_run "sudoku, top95 x $copies, against the \`sudoku\` crate" "set SUDOKU_REF"
fi
if [ -n "${TDOKU_REF:-}" ]; then
    row "sudoku, top95 x $copies" "tdoku" "$(quiet "$ours_sudoku")" "$(quiet "$TDOKU_REF $sudokus")"
else
    not_run "sudoku, top95 x $copies, against tdoku" "set TDOKU_REF"
fi

ours_pentomino="$release/examples/pentomino 6x10"
if [ -n "${DLX1:-}" ]; then
    "$release/examples/pentomino" 6x10 --dlx >"$scratch/pent6x10.dlx"
    row "pentomino 6x10" "dlx1" "$(quiet "$ours_pentomino")" \
        "$(quiet "$DLX1 < $scratch/pent6x10.dlx")"
else
    not_run "pentomino 6x10, against dlx1" "set DLX1"
fi

row "sudoku as a model (\`model sudoku\`), top95 x $copies" "hand-written" \
    "$release/examples/model sudoku $sudokus" "$ours_sudoku"

if [ -n "$prev" ]; then
    model=12
    [ "$quick" = 1 ] && model=8
    row "12-queens as a model (\`model queens $model\`)" "previous" \
        "$release/examples/model queens $model" "$prev/examples/model queens $model"
    row "sudoku, top95 x $copies" "previous" "$ours_sudoku" "$prev/examples/sudoku $sudokus"
    row "pentomino 6x10" "previous" "$ours_pentomino" "$prev/examples/pentomino 6x10"
    golomb=10
    [ "$quick" = 1 ] && golomb=8
    for m in "golomb $golomb" jobshop-ft06 "magic-sequence 100" "knights 8"; do
        row "\`model $m\`" "previous" "$release/examples/model $m" "$prev/examples/model $m"
    done
    row "engine, n = ${engine[0]}" "previous" \
        "$release/nqueens count ${engine[0]} --engine --threads 1" \
        "$prev/nqueens count ${engine[0]} --engine --threads 1"
else
    not_run "12-queens as a model, sudoku, pentomino against the previous version" "set PREV=REV or PREV_BIN=DIR"
fi
