#!/usr/bin/env bash
# End to end on a real (one-node) Slurm: an 8-task array counting n = 13,
# a merge job that depends on it, a task that fails on purpose, `merge
# --status` naming it, its resubmission alone, and the exact total.
#
#   slurm/e2e.sh [PATH/TO/nqueens]      (default: target/release/nqueens)
#
# Starts the local cluster (installing Slurm if needed) and always stops it.
# Fails loudly if anything is missing; it never passes by skipping.
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$(pwd)

nqueens=$(realpath "${1:-target/release/nqueens}")
[ -x "$nqueens" ] || { echo "e2e: no nqueens binary at $nqueens" >&2; exit 1; }
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
say "passed"
