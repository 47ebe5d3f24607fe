#!/usr/bin/env bash
# The README's performance table, measured again: release builds of ours
# against the references, side by side with ../shared/bench/compare.py
# (A B A B ..., the median of the per-pair ratios; both commands must give
# the same last line). Prints a Markdown table to paste. Run it on a
# machine as quiet as you can get, one run at a time; QUICK=1 checks that
# everything works on small inputs in a minute or two.
#
# Every comparison runs in two flag pairs, like for like:
#   base    ours built for baseline x86-64 (a plain `cargo build --release`,
#           target/release) against the C references built with `gcc -O3`
#           alone (no -march);
#   native  ours built with RUSTFLAGS="-C target-cpu=native" (into
#           target/native/release) against the references built with
#           `gcc -O3 -march=native`.
#
#   benches/perf-table.sh                 # the README's sizes, 5 pairs each
#   QUICK=1 benches/perf-table.sh         # small sizes, 3 pairs: a smoke test
#   REFS=/path/to/refs benches/perf-table.sh
#
# Environment:
#   RUNS=N          pairs per row (default 5; 3 with QUICK=1)
#   PAIRS="..."     the flag pairs to run (default "base native")
#   ONLY=REGEX      only the rows whose work or reference matches REGEX
#                   (grep -E on "WORK | REFERENCE"), as ONLY='sudoku|threads'
#                   or ONLY='tdoku' 
#   BENCH=DIR       compare.py and build-anchors.sh (default ../shared/bench)
#   REFS=DIR        the public programs, built twice: DIR/base/NAME with
#                   baseline flags and DIR/native/NAME with -march=native,
#                   for NAME in faf, tdoku, sudoku-crate, dlx1 (see below);
#                   a missing one is a row marked "not run"
#   PREV=REV        also build commit REV (a git worktree under
#                   target/perf-prev, baseline flags) and time our rows
#                   against it, in a second table: a check that nothing got
#                   slower, not a figure to publish (the colouring row needs
#                   a REV that has examples/coloring.rs)
#   PREV_BIN=DIR    or take the previous binaries from DIR, laid out as
#                   target/release (nqueens, examples/sudoku, ...)
#
# The public programs are not in this repository; how to get them (build
# each twice, with and without -march=native):
#   bitcount, plaincount: C, in ../shared/anchors; built here into
#     target/anchors/base and target/anchors/native.
#   sudoku-crate: the Rust `sudoku` crate 0.8: a cargo project outside this
#     repository, `sudoku = "0.8"`, whose main reads the lines of FILE and
#     prints `Sudoku::from_str_line(line)?.some_solution()` with
#     `to_str_line()` (or "no solution"), as `examples/sudoku FILE` does;
#     native: RUSTFLAGS="-C target-cpu=native".
#   faf: NQueensFAF (github.com/olepoeschl/NQueensFAF); its CPU counter is
#     nqueensfaf-impl's CpuSolver (the SQ* routines and run()) with
#     ConstellationsGenerator and ConstellationUtils (5 preset queens),
#     ported to C for one thread (the routines are C already but for `>>>`,
#     an unsigned shift), `faf N` printing the total on its last line,
#     `gcc -O3 -fwrapv [-march=native]`. Check it prints 14772512 for 16
#     and 95815104 for 17.
#   tdoku: github.com/t-dillon/tdoku; compile its src/solver_dpll_triad_simd.cc
#     and src/util.cc with `g++ -O3 [-march=native]` and link a main of a
#     few lines that prints `SolveSudoku(puzzle, 1, 0, solution, &guesses)`'s
#     solution for each line of FILE ('.' for an empty cell). Without -march
#     its SIMD code falls back to SSE2, so both builds compile.
#   dlx1: Knuth's dlx1.w and gb_flip.w from his programs page (and the
#     Stanford GraphBase); `ctangle` each (Debian's texlive-binaries has
#     it), then `gcc -O3 [-march=native] -o dlx1 dlx1.c gb_flip.c`; it is
#     given the exact cover that `examples/pentomino 6x10 --dlx` writes.
set -euo pipefail
cd "$(dirname "$0")/.."

quick=${QUICK:-0}
if [ "$quick" = 1 ]; then runs=${RUNS:-3}; else runs=${RUNS:-5}; fi
pairs=${PAIRS:-base native}
bench=${BENCH:-../shared/bench}
compare="$bench/compare.py"
refs=${REFS:-}
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT

for tool in "$compare" "$bench/build-anchors.sh"; do
    if [ ! -e "$tool" ]; then
        echo "perf-table.sh: $tool is missing (set BENCH=DIR)" >&2
        exit 2
    fi
done

bins=(--bin nqueens --example sudoku --example pentomino --example model --example coloring)
for pair in $pairs; do
    case $pair in
    base)
        echo "building the baseline release binaries and C references..." >&2
        cargo build --release --quiet "${bins[@]}" >&2
        mkdir -p target/anchors/base
        for src in "$bench"/../anchors/*.c; do
            gcc -O3 -std=c99 -o "target/anchors/base/$(basename "$src" .c)" "$src"
        done
        ;;
    native)
        echo "building the native release binaries and C references..." >&2
        RUSTFLAGS="-C target-cpu=native" cargo build --release --quiet \
            --target-dir target/native "${bins[@]}" >&2
        "$bench/build-anchors.sh" target/anchors/native >&2
        ;;
    *)
        echo "perf-table.sh: unknown flag pair '$pair' (base or native)" >&2
        exit 2
        ;;
    esac
done

prev=${PREV_BIN:-}
if [ -n "${PREV:-}" ] && [ -z "$prev" ]; then
    tree=target/perf-prev/src
    rm -rf "$tree"
    git worktree prune
    git worktree add --detach --force "$tree" "$PREV" >&2
    echo "building $PREV for comparison..." >&2
    prev_bins=(--bin nqueens --example sudoku --example pentomino --example model)
    if [ -e "$tree/examples/coloring.rs" ]; then prev_bins+=(--example coloring); fi
    cargo build --release --quiet --manifest-path "$tree/Cargo.toml" \
        --target-dir target/perf-prev/target "${prev_bins[@]}" >&2
    prev=target/perf-prev/target/release
fi

# top95 twenty times: 1,900 hard puzzles (once with QUICK=1).
sudokus="$scratch/top95.txt"
copies=20
[ "$quick" = 1 ] && copies=1
for _ in $(seq "$copies"); do cat examples/data/top95.txt; done >"$sudokus"

# row NAME PAIR REFNAME "OUR COMMAND" "REFERENCE COMMAND" [speedup]: one
# line of the table. With "speedup", both commands are ours and the ratio
# is printed the other way round: how many times as fast B is as A.
row() {
    local name=$1 pair=$2 refname=$3 ours=$4 theirs=$5 how=${6:-ratio} load out
    if ! wanted "$name | $refname"; then
        return
    fi
    load=$(cut -d' ' -f1 /proc/loadavg 2>/dev/null || echo "?")
    if ! out=$(python3 "$compare" --runs "$runs" -- "$ours" "$theirs" 2>&1); then
        echo "| $name | $pair | | $refname | failed: $(echo "$out" | tail -n 1) | | $load |"
        return
    fi
    python3 - "$name" "$pair" "$refname" "$load" "$how" "$out" <<'PY'
import re, sys
name, pair, refname, load, how, out = sys.argv[1:]
a = float(re.search(r"A median\s+([\d.]+) s", out).group(1))
b = float(re.search(r"B median\s+([\d.]+) s", out).group(1))
r = re.search(r"ratio A/B ([\d.]+) \(min ([\d.]+), max ([\d.]+), (\d+) pairs\)", out)
mid, lo, hi = (float(r.group(i)) for i in (1, 2, 3))
if how == "speedup":
    # A is the reference (one thread), B ours: A/B is the speedup.
    print(f"| {name} | {pair} | {b:.3g} s | {refname} {a:.3g} s | "
          f"{mid:.2f}x as fast ({lo:.2f}x to {hi:.2f}x) | {r.group(4)} | {load} |")
else:
    print(f"| {name} | {pair} | {a:.3g} s | {refname} {b:.3g} s | "
          f"{mid:.2f}x ({lo:.2f}x to {hi:.2f}x) | {r.group(4)} | {load} |")
PY
}

# A command whose output is thrown away and replaced by "done", so that
# programs that print different things can be compared.
quiet() {
    printf "sh -c '%s >/dev/null && echo done'" "$1"
}

# Whether a row is asked for: every row, or those ONLY matches.
wanted() {
    [ -z "${ONLY:-}" ] || grep -Eq -- "$ONLY" <<<"$1"
}

not_run() {
    if ! wanted "$1"; then
        return
    fi
    echo "| $1 | $2 | | | not run: $3 | | |"
}

# The reference program NAME of a flag pair, or nothing.
ref() {
    local path="$refs/$1/$2"
    if [ -n "$refs" ] && [ -x "$path" ]; then echo "$path"; fi
}

if [ "$quick" = 1 ]; then counter=(11 12); engine=(10 11); else counter=(16 17); engine=(14 15); fi

echo "| work | flags | ours | reference | ours / reference (median of pairs, min to max) | pairs | load |"
echo "| --- | --- | --- | --- | --- | --- | --- |"
for pair in $pairs; do
    if [ "$pair" = base ]; then ours=target/release; else ours=target/native/release; fi
    anchors=target/anchors/$pair
    for n in "${counter[@]}"; do
        row "counter, n = $n, 1 thread" "$pair" "bitcount" \
            "$ours/nqueens count $n --threads 1" "$anchors/bitcount $n"
        faf=$(ref "$pair" faf)
        if [ -n "$faf" ]; then
            row "counter, n = $n, 1 thread" "$pair" "NQueensFAF" \
                "$ours/nqueens count $n --threads 1" "$faf $n"
        else
            not_run "counter, n = $n, 1 thread, against NQueensFAF" "$pair" "no \$REFS/$pair/faf"
        fi
    done
    n=${counter[1]}
    row "counter, n = $n, 2 threads against 1" "$pair" "1 thread" \
        "$ours/nqueens count $n --threads 1" "$ours/nqueens count $n --threads 2" speedup
    for n in "${engine[@]}"; do
        row "engine, n = $n (\`count --engine --threads 1\`)" "$pair" "plaincount" \
            "$ours/nqueens count $n --engine --threads 1" "$anchors/plaincount $n"
    done
    ours_sudoku="$ours/examples/sudoku $sudokus"
    crate=$(ref "$pair" sudoku-crate)
    if [ -n "$crate" ]; then
        row "sudoku, top95 x $copies" "$pair" "\`sudoku\` crate" "$ours_sudoku" "$crate $sudokus"
    else
        not_run "sudoku, top95 x $copies, against the \`sudoku\` crate" "$pair" "no \$REFS/$pair/sudoku-crate"
    fi
    tdoku=$(ref "$pair" tdoku)
    if [ -n "$tdoku" ]; then
        row "sudoku, top95 x $copies" "$pair" "tdoku" "$(quiet "$ours_sudoku")" "$(quiet "$tdoku $sudokus")"
    else
        not_run "sudoku, top95 x $copies, against tdoku" "$pair" "no \$REFS/$pair/tdoku"
    fi
    dlx1=$(ref "$pair" dlx1)
    if [ -n "$dlx1" ]; then
        if ! wanted "pentomino 6x10 | dlx1"; then
            continue
        fi
        "$ours/examples/pentomino" 6x10 --dlx >"$scratch/pent6x10.dlx"
        row "pentomino 6x10" "$pair" "dlx1" "$(quiet "$ours/examples/pentomino 6x10")" \
            "$(quiet "$dlx1 < $scratch/pent6x10.dlx")"
    else
        not_run "pentomino 6x10, against dlx1" "$pair" "no \$REFS/$pair/dlx1"
    fi
done

if [ -n "$prev" ]; then
    echo
    echo "Against $([ -n "${PREV:-}" ] && echo "$PREV" || echo "$prev"), baseline flags (a check that nothing got slower, not for publication):"
    echo
    echo "| work | flags | ours | reference | ours / reference (median of pairs, min to max) | pairs | load |"
    echo "| --- | --- | --- | --- | --- | --- | --- |"
    ours=target/release
    model=12
    [ "$quick" = 1 ] && model=8
    row "12-queens as a model (\`model queens $model\`)" base "previous" \
        "$ours/examples/model queens $model" "$prev/examples/model queens $model"
    row "sudoku as a model (\`model sudoku\`), top95 x $copies" base "previous" \
        "$ours/examples/model sudoku $sudokus" "$prev/examples/model sudoku $sudokus"
    row "sudoku, top95 x $copies" base "previous" "$ours/examples/sudoku $sudokus" "$prev/examples/sudoku $sudokus"
    row "pentomino 6x10" base "previous" "$ours/examples/pentomino 6x10" "$prev/examples/pentomino 6x10"
    if [ -x "$prev/examples/coloring" ]; then
        row "chromatic number of queen8_8" base "previous" \
            "$ours/examples/coloring examples/data/queen8_8.col" "$prev/examples/coloring examples/data/queen8_8.col"
    fi
    golomb=10
    [ "$quick" = 1 ] && golomb=8
    for m in "golomb $golomb" jobshop-ft06 "magic-sequence 100" "knights 8"; do
        row "\`model $m\`" base "previous" "$ours/examples/model $m" "$prev/examples/model $m"
    done
    for n in "${engine[@]}"; do
        row "engine, n = $n" base "previous" \
            "$ours/nqueens count $n --engine --threads 1" \
            "$prev/nqueens count $n --engine --threads 1"
    done
    for n in "${counter[@]}"; do
        row "counter, n = $n, 1 thread" base "previous" \
            "$ours/nqueens count $n --threads 1" "$prev/nqueens count $n --threads 1"
    done
fi
