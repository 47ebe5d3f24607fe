#!/usr/bin/env bash
# The README's table of `nqueens estimate` against the known counts:
# n = 18 to 27, the estimate of Q(n) with its 99% interval and of the CPU
# time, beside Q(n) from OEIS A000170 and, for n <= 19, the measured time
# of the count itself. Takes some ten minutes on two cores; run it on a
# quiet machine, once, not in CI.
#
#   benches/estimate-table.sh [PATH/TO/nqueens] [SAMPLES]
set -euo pipefail
nqueens=${1:-target/release/nqueens}
samples=${2:-256}
threads=2

# OEIS A000170, n = 18 to 27.
known=(666090624 4968057848 39029188884 314666222712 2691008701644
       24233937684440 227514171973736 2207893435808352 22317699616364044
       234907967154122528)

echo "| n | method | estimate of Q(n) (99% interval) | Q(n), OEIS A000170 | estimated CPU time | measured CPU time |"
echo "| --- | --- | --- | --- | --- | --- |"
for n in $(seq 18 27); do
    json=$("$nqueens" estimate "$n" --samples "$samples" --threads "$threads" --json)
    measured="-"
    if [ "$n" -le 19 ]; then
        # CPU time of the count itself, user plus system, on the same threads.
        measured=$( { /usr/bin/time -f "%U %S" "$nqueens" count "$n" --threads "$threads" >/dev/null; } 2>&1 |
            awk '{ printf "%.0f s", $1 + $2 }')
    fi
    python3 - "$n" "${known[$((n - 18))]}" "$measured" "$json" <<'PY'
import json, sys
n, known, measured, text = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3], sys.argv[4]
e = json.loads(text)
t, c = e["total"], e["cpu_seconds"]
def human(seconds):
    for unit, size in (("years", 365.25 * 86400), ("days", 86400), ("hours", 3600), ("min", 60)):
        if seconds >= size:
            return f"{seconds / size:.3g} {unit}"
    return f"{seconds:.3g} s"
print(f"| {n} | {e['method']} | {t['estimate']:.3g} ({t['low']:.3g} to {t['high']:.3g}) | {known:.4g} | {human(c['estimate'])} | {measured} |")
PY
done
