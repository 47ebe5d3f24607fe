#!/usr/bin/env bash
# End to end on a real (one-node) Slurm: an 8-task array counting n = 13,
# a merge job that depends on it, a task that fails on purpose, `merge
# --status` naming it, its resubmission alone, and the exact total; then
# the same for the pentomino 6x10 count, a job of the generic runner, with
# a failed task resubmitted too; then a FlatZinc model (10 queens,
# compiled by MiniZinc with this repository's library) solved
# by fzn-csp across an 8-task array, its merged count of all solutions and
# first solution checked against one process's, and a failed task
# resubmitted.
#
#   slurm/e2e.sh [PATH/TO/nqueens [PATH/TO/pentomino [PATH/TO/fzn-csp]]]
#       (default: TARGET/release/nqueens, TARGET/release/examples/pentomino,
#       TARGET/release/fzn-csp, TARGET being the target directory cargo
#       reports, so a custom CARGO_TARGET_DIR works)
#
# Starts the local cluster (installing Slurm if needed) and always stops it.
# Fails loudly if anything is missing; it never passes by skipping.
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$(pwd)

target=$(cargo metadata --format-version 1 --no-deps --manifest-path "$repo/Cargo.toml" |
    python3 -c 'import json, sys; print(json.load(sys.stdin)["target_directory"])') ||
    { echo "e2e: cargo cannot say where the target directory is" >&2; exit 1; }
nqueens=$(realpath "${1:-$target/release/nqueens}")
[ -x "$nqueens" ] || { echo "e2e: no nqueens binary at $nqueens" >&2; exit 1; }
pentomino=$(realpath "${2:-$target/release/examples/pentomino}")
[ -x "$pentomino" ] || { echo "e2e: no pentomino example at $pentomino" >&2; exit 1; }
fzn=$(realpath "${3:-$target/release/fzn-csp}")
[ -x "$fzn" ] || { echo "e2e: no fzn-csp binary at $fzn" >&2; exit 1; }
work=$(mktemp -d /tmp/nqueens-e2e.XXXXXX)
chmod 0755 "$work" # the munge user must reach the cluster's files inside
export NQUEENS_SLURM_DIR=$work/cluster
export SLURM_CONF=$NQUEENS_SLURM_DIR/slurm.conf

cleanup() {
    "$repo/slurm/local-cluster.sh" stop || true
    rm -rf "$work"
}
trap cleanup EXIT

say() { printf 'e2e: %s\n' "$*"; }

# Waits until none of the given jobs is in the queue any more.
wait_for() {
    for _ in $(seq 1 300); do
        if [ -z "$(squeue -h -j "$1" 2>/dev/null)" ]; then
            return 0
        fi
        sleep 1
    done
    say "job $1 still queued after 300 s"
    squeue
    exit 1
}

"$repo/slurm/local-cluster.sh" start

# A wrapper that fails the task named by FAIL_TASK, to show recovery.
cat > "$work/nqueens-flaky" <<WRAPPER
#!/usr/bin/env bash
if [ "\${SLURM_ARRAY_TASK_ID:-}" = "\${FAIL_TASK:-none}" ]; then
    echo "task \$SLURM_ARRAY_TASK_ID fails on purpose" >&2
    exit 1
fi
exec "$nqueens" "\$@"
WRAPPER
chmod +x "$work/nqueens-flaky"
export NQUEENS=$work/nqueens-flaky
cd "$work"

say "an 8-task array for n = 13, and a merge job after it"
array=$(sbatch --parsable --array=0-7 "$repo/slurm/count.sbatch" 13 8 "$work/ok")
merge=$(sbatch --parsable --dependency="afterok:$array" --output="$work/merge.out" \
    --wrap "$nqueens merge $work/ok")
wait_for "$array"
wait_for "$merge"
total=$(cat "$work/merge.out")
[ "$total" = "73712" ] || { say "merge printed '$total', expected 73712"; cat "$work"/*.out; exit 1; }
say "merged: $total"

say "the same with task 3 failing"
FAIL_TASK=3 sbatch --parsable --array=0-7 "$repo/slurm/count.sbatch" 13 8 "$work/flaky" > "$work/array.id"
wait_for "$(cat "$work/array.id")"
if "$nqueens" merge "$work/flaky" > "$work/refused.out" 2>&1; then
    say "merge accepted an incomplete set of shards"
    exit 1
fi
status=$("$nqueens" merge "$work/flaky" --status)
echo "$status"
echo "$status" | grep -qx "missing: 3" || { say "merge --status did not name shard 3"; exit 1; }

say "resubmitting task 3 alone"
retry=$(sbatch --parsable --array=3 "$repo/slurm/count.sbatch" 13 8 "$work/flaky")
wait_for "$retry"
total=$("$nqueens" merge "$work/flaky")
[ "$total" = "73712" ] || { say "merge after the retry printed '$total'"; exit 1; }
say "merged after the retry: $total"

# The pentomino count through the generic script, as any job of the runner.
expected="6x10: 2339 tilings up to rotation and reflection (9356 counting the symmetric copies apart)"
cat > "$work/pentomino-flaky" <<WRAPPER
#!/usr/bin/env bash
if [ "\${SLURM_ARRAY_TASK_ID:-}" = "\${FAIL_TASK:-none}" ]; then
    echo "task \$SLURM_ARRAY_TASK_ID fails on purpose" >&2
    exit 1
fi
exec "$pentomino" "\$@"
WRAPPER
chmod +x "$work/pentomino-flaky"

say "an 8-task array for the pentomino 6x10 count, and a merge job after it"
array=$(sbatch --parsable --array=0-7 "$repo/slurm/shard.sbatch" 8 "$work/pento" "$pentomino" 6x10)
merge=$(sbatch --parsable --dependency="afterok:$array" --output="$work/pento-merge.out" \
    --wrap "$pentomino merge $work/pento")
wait_for "$array"
wait_for "$merge"
merged=$(cat "$work/pento-merge.out")
[ "$merged" = "$expected" ] || { say "pentomino merge printed '$merged'"; cat "$work"/*.out; exit 1; }
say "merged: $merged"

say "the same with task 5 failing, then resubmitted alone"
FAIL_TASK=5 sbatch --parsable --array=0-7 "$repo/slurm/shard.sbatch" 8 "$work/pento-flaky" \
    "$work/pentomino-flaky" 6x10 > "$work/array.id"
wait_for "$(cat "$work/array.id")"
if "$pentomino" merge "$work/pento-flaky" > "$work/refused.out" 2>&1; then
    say "the pentomino merge accepted an incomplete set of shards"
    exit 1
fi
grep -q "missing shards of 8: 5" "$work/refused.out" || { say "the refusal did not name shard 5"; cat "$work/refused.out"; exit 1; }
retry=$(sbatch --parsable --array=5 "$repo/slurm/shard.sbatch" 8 "$work/pento-flaky" "$pentomino" 6x10)
wait_for "$retry"
merged=$("$pentomino" merge "$work/pento-flaky")
[ "$merged" = "$expected" ] || { say "pentomino merge after the retry printed '$merged'"; exit 1; }
say "merged after the retry: $merged"

# A FlatZinc model across an array, against one process.
model=$repo/crates/flatzinc/tests/data/shard/queens10.fzn
alone=$("$fzn" -a "$model" | grep -c -- '^----------$')
first=$("$fzn" "$model" | sed -n 1p)
[ "$alone" = 724 ] || { say "fzn-csp -a alone printed $alone solutions, expected 724"; exit 1; }
cat > "$work/fzn-flaky" <<WRAPPER
#!/usr/bin/env bash
if [ "\${SLURM_ARRAY_TASK_ID:-}" = "\${FAIL_TASK:-none}" ]; then
    echo "task \$SLURM_ARRAY_TASK_ID fails on purpose" >&2
    exit 1
fi
exec "$fzn" "\$@"
WRAPPER
chmod +x "$work/fzn-flaky"

# The answer of a merge, checked: the first solution one process finds
# first, every solution counted, the count of one process.
check_fzn() {
    local out=$1
    [ "$(sed -n 1p "$out")" = "$first" ] || { say "the merged first solution is not one process's"; cat "$out"; exit 1; }
    grep -qx '==========' "$out" || { say "the merge did not say the search is complete"; cat "$out"; exit 1; }
    grep -qx "%%%mzn-stat: solutions=$alone" "$out" || { say "the merge did not count $alone solutions"; cat "$out"; exit 1; }
}

say "an 8-task array for a FlatZinc model (fzn-csp -a), and a merge job after it"
array=$(FZN_CSP=$fzn sbatch --parsable --array=0-7 "$repo/slurm/fzn.sbatch" "$model" 8 "$work/fzn" -a)
merge=$(sbatch --parsable --dependency="afterok:$array" --output="$work/fzn-merge.out" \
    --wrap "$fzn merge $work/fzn")
wait_for "$array"
wait_for "$merge"
check_fzn "$work/fzn-merge.out"
say "merged: $(grep solutions= "$work/fzn-merge.out"), as one process"

say "the same with task 2 failing, then resubmitted alone"
FAIL_TASK=2 FZN_CSP=$work/fzn-flaky sbatch --parsable --array=0-7 "$repo/slurm/fzn.sbatch" \
    "$model" 8 "$work/fzn-shards" -a > "$work/array.id"
wait_for "$(cat "$work/array.id")"
if "$fzn" merge "$work/fzn-shards" > "$work/refused.out" 2>&1; then
    say "the fzn-csp merge accepted an incomplete set of shards"
    exit 1
fi
"$fzn" merge "$work/fzn-shards" --status | grep -qx "missing: 2" || { say "merge --status did not name shard 2"; exit 1; }
retry=$(FZN_CSP=$fzn sbatch --parsable --array=2 "$repo/slurm/fzn.sbatch" "$model" 8 "$work/fzn-shards" -a)
wait_for "$retry"
"$fzn" merge "$work/fzn-shards" > "$work/fzn-retry.out"
check_fzn "$work/fzn-retry.out"
say "merged after the retry: $(grep solutions= "$work/fzn-retry.out")"
say "passed"
