#!/usr/bin/env python3
"""Gecode 6.2's MiniZinc library (Debian's package) repaired for MiniZinc 2.6.

Debian ships Gecode's library in the old layout: files named after the
globals (inverse.mzn, circuit.mzn, ...) that replace the standard library's,
which MiniZinc 2.6 no longer accepts (its globals have optional-variable
forms those files lack). Here each such file becomes the fzn_NAME.mzn that
MiniZinc 2.6 asks a solver for, its predicates renamed fzn_NAME; a
predicate that Gecode implements natively (declared without a body) keeps
Gecode's name in the FlatZinc through a wrapper that renames the
constraints back before fzn-gecode reads the file. Gecode's propagators are
used for every global its library names, as `minizinc --solver gecode`
would with a library of the new layout.

    gecode-mznlib.py OUT_DIR    writes OUT_DIR/lib, OUT_DIR/fzn-gecode-lib,
                                OUT_DIR/gecode-lib.msc
"""
import os
import re
import stat
import sys

SRC = "/usr/share/minizinc/gecode"
STD = "/usr/share/minizinc/std"
# Gecode's name of a global whose MiniZinc 2.6 name differs.
RENAMED = {"count": "count_eq", "count_reif": "count_eq_reif", "count_imp": "count_eq_imp"}

out = sys.argv[1]
lib = os.path.join(out, "lib")
os.makedirs(lib, exist_ok=True)
std_fzn = set()
for f in [f for f in os.listdir(STD) if f.endswith(".mzn")]:
    for m in re.finditer(r"predicate\s+(fzn_\w+)\s*\(", open(os.path.join(STD, f)).read()):
        std_fzn.add(m.group(1))

natives = {}
for f in sorted(os.listdir(SRC)):
    text = open(os.path.join(SRC, f)).read()
    heads = re.findall(r"^\s*predicate\s+(\w+)\s*\(", re.sub(r"%.*", "", text), re.M)
    renames = {}
    for p in heads:
        q = RENAMED.get(p, p)
        if "fzn_" + q in std_fzn:
            renames[p] = "fzn_" + q
    if not renames:
        open(os.path.join(lib, f), "w").write(text)
        continue
    def head(m):
        return m.group(1) + renames[m.group(2)] + m.group(3)
    new = re.sub(r"(^\s*predicate\s+)(\w+)(\s*\()",
                 lambda m: head(m) if m.group(2) in renames else m.group(0), text, flags=re.M)
    code = re.sub(r"%.*", "", new)
    for p, q in renames.items():
        if re.search(r"predicate\s+" + q + r"\s*\([^=;]*\)\s*;", code, re.S):
            natives[q] = p
    base = f[:-4]
    name = "fzn_" + RENAMED.get(base, base) + ".mzn"
    if base == "disjunctive_strict":
        # MiniZinc 2.6's cumulative of unit demands on a capacity of 1 is
        # disjunctive_strict again: Gecode's cumulative directly.
        new = new.replace("cumulative(s,d,", "fzn_cumulative(s,d,")
        new = new.replace('include "cumulative.mzn";', 'include "fzn_cumulative.mzn";')
    open(os.path.join(lib, name), "w").write(new)
    # Another of its predicates has a file of its own in the standard
    # library (fzn_X_reif.mzn): that file would define it twice.
    for q in renames.values():
        if q + ".mzn" != name and os.path.exists(os.path.join(STD, q + ".mzn")):
            open(os.path.join(lib, q + ".mzn"), "w").write(f'include "{name}";\n')

rename = "".join(f"s/^constraint {q}(/constraint {p}(/;" for q, p in sorted(natives.items()))
wrapper = os.path.join(out, "fzn-gecode-lib")
with open(wrapper, "w") as w:
    w.write("#!/bin/sh\n# fzn-gecode on a FlatZinc file whose Gecode natives carry their\n"
            "# MiniZinc 2.6 names: renamed back, then solved.\n")
    w.write('file=""\nfor a in "$@"; do file="$a"; done\n')
    w.write('tmp="$(mktemp --suffix=.fzn)"\ntrap \'rm -f "$tmp"\' EXIT\n')
    w.write(f"sed '{rename}' \"$file\" > \"$tmp\"\n")
    w.write('n=$#\nset -- $(i=1; for a in "$@"; do [ $i -lt $n ] && printf "%s\\n" "$a"; i=$((i+1)); done)\n')
    w.write('/usr/bin/fzn-gecode "$@" "$tmp"\n')
os.chmod(wrapper, os.stat(wrapper).st_mode | stat.S_IEXEC | stat.S_IXGRP | stat.S_IXOTH)
with open(os.path.join(out, "gecode-lib.msc"), "w") as m:
    m.write(f'{{ "id": "org.gecode.lib", "name": "Gecode (own library)", "version": "6.2.0",\n'
            f'  "mznlib": "{lib}", "executable": "{wrapper}", "tags": ["cp", "int"],\n'
            f'  "stdFlags": ["-a", "-f", "-n", "-p", "-r", "-s", "-t"],\n'
            f'  "supportsMzn": false, "supportsFzn": true, "needsSolns2Out": true }}\n')
print(" ".join(sorted(natives)))
