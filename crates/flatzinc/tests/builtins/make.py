#!/usr/bin/env python3
"""Writes one tiny FlatZinc file per builtin (plain, reified, half-reified)
into this folder. Run regenerate.sh afterwards to record fzn-gecode's
solutions."""
import os

INT = "var -2..2: {v} :: output_var;"
BOOL = "var bool: {v} :: output_var;"

def model(name, ints, bools, constraint):
    decls = [INT.format(v=v) for v in ints] + [BOOL.format(v=v) for v in bools]
    text = "\n".join(decls + [f"constraint {constraint};", "solve satisfy;", ""])
    with open(os.path.join(os.path.dirname(__file__), name + ".fzn"), "w") as f:
        f.write(text)

for rel in ["eq", "ne", "le", "lt"]:
    model(f"int_{rel}", "xy", "", f"int_{rel}(x, y)")
    model(f"int_{rel}_reif", "xy", "b", f"int_{rel}_reif(x, y, b)")
    model(f"int_{rel}_imp", "xy", "b", f"int_{rel}_imp(x, y, b)")
    if rel != "ne":
        model(f"bool_{rel}", "", "ab", f"bool_{rel}(a, b)")
        model(f"bool_{rel}_reif", "", "abr", f"bool_{rel}_reif(a, b, r)")
for rel in ["eq", "le", "ne"]:
    model(f"int_lin_{rel}", "xyz", "", f"int_lin_{rel}([2, -1, 1], [x, y, z], 1)")
    model(f"int_lin_{rel}_reif", "xyz", "b", f"int_lin_{rel}_reif([2, -1, 1], [x, y, z], 1, b)")
    model(f"int_lin_{rel}_imp", "xyz", "b", f"int_lin_{rel}_imp([2, -1, 1], [x, y, z], 1, b)")
for op in ["plus", "times", "div", "mod", "min", "max"]:
    model(f"int_{op}", "xyz", "", f"int_{op}(x, y, z)")
model("int_abs", "xy", "", "int_abs(x, y)")
model("array_int_element", "iz", "", "array_int_element(i, [2, -1, 2], z)")
model("array_var_int_element", "ixyz", "", "array_var_int_element(i, [x, y], z)")
model("array_bool_element", "i", "b", "array_bool_element(i, [true, false, true], b)")
model("array_var_bool_element", "i", "abc", "array_var_bool_element(i, [a, b], c)")
model("array_int_maximum", "mxyz", "", "array_int_maximum(m, [x, y, z])")
model("array_int_minimum", "mxyz", "", "array_int_minimum(m, [x, y, z])")
model("set_in", "x", "", "set_in(x, {-2, 0, 1})")
model("set_in_reif", "x", "b", "set_in_reif(x, -1..1, b)")
model("set_in_imp", "x", "b", "set_in_imp(x, {-2, 2}, b)")
model("bool2int", "x", "a", "bool2int(a, x)")
model("bool_not", "", "ab", "bool_not(a, b)")
for op in ["and", "or", "xor"]:
    model(f"bool_{op}", "", "abr", f"bool_{op}(a, b, r)")
model("bool_and_imp", "", "abr", "bool_and_imp(a, b, r)")
model("bool_or_imp", "", "abr", "bool_or_imp(a, b, r)")
model("bool_xor_imp", "", "abr", "bool_xor_imp(a, b, r)")
model("bool_clause", "", "abcd", "bool_clause([a, b], [c, d])")
model("bool_clause_reif", "", "abcr", "bool_clause_reif([a, b], [c], r)")
model("array_bool_and", "", "abcr", "array_bool_and([a, b, c], r)")
model("array_bool_or", "", "abcr", "array_bool_or([a, b, c], r)")
model("array_bool_and_imp", "", "abcr", "array_bool_and_imp([a, b, c], r)")
model("array_bool_or_imp", "", "abcr", "array_bool_or_imp([a, b, c], r)")
model("array_bool_xor", "", "abc", "array_bool_xor([a, b, c])")
model("bool_lin_eq", "", "abc", "bool_lin_eq([1, 2, -1], [a, b, c], 1)")
model("bool_lin_le", "", "abc", "bool_lin_le([1, 2, -1], [a, b, c], 1)")
# Division on wider domains, negative divisors and a hole at 0.
for op in ["div", "mod"]:
    text = "\n".join([
        "var -9..9: x :: output_var;",
        "var {-4, -3, 0, 2, 5}: y :: output_var;",
        "var -2..3: z :: output_var;",
        f"constraint int_{op}(x, y, z);",
        "solve satisfy;",
        "",
    ])
    with open(os.path.join(os.path.dirname(__file__), f"int_{op}_wide.fzn"), "w") as f:
        f.write(text)
