#!/usr/bin/env bash
# Builds fzn-csp (release) and writes the MiniZinc solver configuration
# csp.msc into DIR, by default MiniZinc's user solver folder
# (~/.minizinc/solvers); then `minizinc --solver csp model.mzn` works.
# For another folder, point MZN_SOLVER_PATH at it.
#
#   crates/flatzinc/install.sh [DIR]
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
dir="${1:-$HOME/.minizinc/solvers}"
cargo build --release --quiet --manifest-path "$root/Cargo.toml" -p flatzinc --bin fzn-csp
target="$(cargo metadata --format-version 1 --no-deps --manifest-path "$root/Cargo.toml" |
    python3 -c 'import json, sys; print(json.load(sys.stdin)["target_directory"])')"
mkdir -p "$dir"
python3 - "$dir/csp.msc" "$target/release/fzn-csp" "$here/mznlib" <<'PY'
import json, sys
path, executable, mznlib = sys.argv[1:]
config = {
    "id": "org.nqueens.csp",
    "name": "csp",
    "description": "The csp finite-domain solver of the nqueens workspace",
    "version": "0.1.0",
    "mznlib": mznlib,
    "executable": executable,
    "tags": ["cp", "int"],
    "stdFlags": ["-a", "-n", "-f", "-s", "-t", "-p", "-r", "-i"],
    "supportsMzn": False,
    "supportsFzn": True,
    "needsSolns2Out": True,
}
with open(path, "w") as f:
    json.dump(config, f, indent=2)
    f.write("\n")
PY
echo "installed $dir/csp.msc (minizinc --solver csp)"
