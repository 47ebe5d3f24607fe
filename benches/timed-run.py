#!/usr/bin/env python3
"""Runs one solver command under a limit and reads its answer.

    timed-run.py wall|cpu SECONDS OUT -- COMMAND...

The command's standard output goes to OUT. "wall": the limit and the
seconds printed are the clock's, from start to exit (what threads shorten);
"cpu": they are the CPU time (user + system) of the whole process tree
(MiniZinc and the solver it starts), read from /proc every 0.1 s, so that a
busy machine does not cut a run short. At the limit the tree gets SIGINT,
on which fzn-csp, Gecode and MiniZinc print the best solution they have
(as a user's Ctrl-C), and SIGKILL 10 s later.

Prints one line: STATUS SECONDS SOLUTIONS OBJECTIVE, where STATUS is
"unsat" (=====UNSATISFIABLE=====), "complete" (========== before the
limit: every solution given, or the optimum proved), "limit" (stopped at
the limit, whatever was printed), "unknown" (=====UNKNOWN=====), "error"
(a non-zero exit: its last line on standard error is repeated on ours) or
"done" (exited with neither mark, e.g. the one solution of a satisfaction
problem); SOLUTIONS counts the "----------" lines; OBJECTIVE is the last
`_objective = N;` printed or else fzn-csp's `%%%mzn-stat: objective=N`,
"-" when there is none.
"""
import os
import resource
import signal
import subprocess
import sys
import time

mode, limit, out = sys.argv[1], float(sys.argv[2]), sys.argv[3]
if mode not in ("wall", "cpu") or sys.argv[4] != "--":
    sys.exit(f"usage: {sys.argv[0]} wall|cpu SECONDS OUT -- COMMAND...")
cmd = sys.argv[5:]
tick = os.sysconf("SC_CLK_TCK")


def tree_cpu(session):
    total = 0
    for pid in filter(str.isdigit, os.listdir("/proc")):
        try:
            stat = open(f"/proc/{pid}/stat").read()
        except OSError:
            continue
        fields = stat[stat.rindex(")") + 2:].split()
        if int(fields[3]) == session:
            total += sum(int(f) for f in fields[11:15])
    return total / tick


before = resource.getrusage(resource.RUSAGE_CHILDREN)
err_path = out + ".err"
with open(out, "w") as f, open(err_path, "w") as err:
    start = time.monotonic()
    child = subprocess.Popen(cmd, stdin=subprocess.DEVNULL, stdout=f, stderr=err,
                             start_new_session=True)
    stopped = None
    while True:
        try:
            child.wait(timeout=0.1)
            break
        except subprocess.TimeoutExpired:
            pass
        now = time.monotonic()
        if stopped is None:
            used = now - start if mode == "wall" else tree_cpu(child.pid)
            if used >= limit:
                os.killpg(child.pid, signal.SIGINT)
                stopped = now
        elif now - stopped > 10:
            os.killpg(child.pid, signal.SIGKILL)
    wall = time.monotonic() - start
usage = resource.getrusage(resource.RUSAGE_CHILDREN)
cpu = usage.ru_utime + usage.ru_stime - before.ru_utime - before.ru_stime

solutions = 0
objective = stat_objective = "-"
marks = set()
with open(out, errors="replace") as f:
    for line in f:
        line = line.rstrip("\n")
        if line == "----------":
            solutions += 1
        elif line.startswith("====="):
            marks.add(line)
        elif line.startswith("_objective = "):
            objective = line[len("_objective = "):].rstrip(";").strip()
        elif line.startswith("%%%mzn-stat: objective="):
            stat_objective = line.split("=", 1)[1].strip()
if objective == "-":
    objective = stat_objective
if "=====UNSATISFIABLE=====" in marks:
    status = "unsat"
elif stopped is not None:
    status = "limit"
elif child.returncode != 0:
    status = "error"
    lines = [x for x in open(err_path, errors="replace").read().splitlines() if x.strip()]
    last = lines[-1] if lines else f"exit status {child.returncode}"
    print(f"{cmd[0]}: {last}", file=sys.stderr)
elif "==========" in marks:
    status = "complete"
elif "=====UNKNOWN=====" in marks:
    status = "unknown"
else:
    status = "done"
seconds = wall if mode == "wall" else cpu
print(f"{status} {seconds:.3f} {solutions} {objective}")
