#!/usr/bin/env bash
# Records fzn-gecode's solutions of every builtin's file, as NAME.gecode:
# the reference the tests compare with as sets. Needs Debian's `flatzinc`
# package (Gecode's fzn-gecode); CI only reads the recorded files.
set -euo pipefail
cd "$(dirname "$0")"
python3 make.py
for f in *.fzn; do
    if ! fzn-gecode -a "$f" > "${f%.fzn}.gecode" 2> "${f%.fzn}.err"; then
        echo "fzn-gecode refused $f: $(head -c 200 "${f%.fzn}.err")" >&2
        rm -f "${f%.fzn}.gecode"
    fi
    rm -f "${f%.fzn}.err"
done
