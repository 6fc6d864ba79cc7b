#!/usr/bin/env python3
"""Machine load per section of `make bench` (issue 29): whether other processes shared the CPU while a section ran,
and so whether its verdicts may be judged.

The 1-minute load average counts the benchmark's own work (the compile section runs two compilers on two cores, a
load of about 2), so a section is judged on the CPU that *other* processes used during it: the machine's busy CPU time
from /proc/stat (user, nice, system, irq, softirq and steal: what was not idle or waiting for I/O) minus the CPU time
of this process and every child it reaped (getrusage RUSAGE_SELF + RUSAGE_CHILDREN), both as deltas over the section,
divided by its wall time: the cores others used on average. A section is not judged ("not judged: load") when

  - others used more than OTHERS_LIMIT cores on average, or
  - the 1-minute load average at its end exceeded LOADAVG_MARGIN + the section's own parallelism (the most cores
    its own work runs on at once: 1 for a single-threaded process, the core count for a build).

A descendant that was never reaped (a daemon, a process still running at the end) counts as another process: the
gate errs towards not judging.

`python3 bench_load.py` runs a self-test of the verdict logic and a short live measurement.
"""
import os
import resource
import sys
import time

OTHERS_LIMIT = 0.5       # cores used by other processes, on average over the section
LOADAVG_MARGIN = 1.5     # over the section's own parallelism, for the 1-minute load average at its end
NOT_JUDGED = "not judged: load"


def busy_seconds():
    """CPU seconds the whole machine has spent busy since boot (all cores), from /proc/stat's first line."""
    with open("/proc/stat") as handle:
        fields = handle.readline().split()
    # cpu user nice system idle iowait irq softirq steal guest guest_nice; guest time is already in user.
    values = [int(x) for x in fields[1:9]]
    user, nice, system, _idle, _iowait, irq, softirq, steal = values
    return (user + nice + system + irq + softirq + steal) / os.sysconf("SC_CLK_TCK")


def own_seconds():
    """CPU seconds of this process and of every child it (or a reaped descendant) waited for."""
    total = 0.0
    for who in (resource.RUSAGE_SELF, resource.RUSAGE_CHILDREN):
        usage = resource.getrusage(who)
        total += usage.ru_utime + usage.ru_stime
    return total


def evaluate(others, load_end, parallelism, others_limit=OTHERS_LIMIT, margin=LOADAVG_MARGIN):
    """(judged?, why) for a section where others used `others` cores on average and the 1-minute load average was
    `load_end` at its end."""
    why = []
    if others > others_limit:
        why.append(f"other processes used {others:.2f} cores on average, limit {others_limit}")
    if load_end > margin + parallelism:
        why.append(f"1-minute load average {load_end:.2f} at the end, limit {margin + parallelism:g} "
                   f"({margin:g} + the section's own {parallelism:g})")
    return not why, "; ".join(why)


class Meter:
    """`with Meter("compile", parallelism=2) as load: …`; afterwards `load.result` is the section's load record."""

    def __init__(self, section, parallelism):
        self.section, self.parallelism, self.result = section, parallelism, None

    def __enter__(self):
        self.load_start = os.getloadavg()
        self.wall0, self.busy0, self.own0 = time.monotonic(), busy_seconds(), own_seconds()
        return self

    def __exit__(self, *exc):
        wall = time.monotonic() - self.wall0
        busy, own = busy_seconds() - self.busy0, own_seconds() - self.own0
        load_end = os.getloadavg()
        self.result = record(self.section, self.parallelism, wall, busy, own, self.load_start, load_end)
        print(f"  load during {self.section}: {summary(self.result)}", flush=True)
        return False


def record(section, parallelism, wall, busy, own, load_start, load_end):
    """The load record of one section from its measured deltas (seconds) and load averages (1, 5, 15 min)."""
    others = max(0.0, busy - own) / wall if wall > 0 else 0.0
    judged, why = evaluate(others, load_end[0], parallelism)
    return {"section": section, "parallelism": parallelism, "wall": wall, "busy": busy / wall if wall > 0 else 0.0,
            "own": own / wall if wall > 0 else 0.0, "others": others, "load_start": tuple(load_start),
            "load_end": tuple(load_end), "judged": judged, "why": why}


def summary(load):
    """One line: what others used, the load averages, and the verdict."""
    if not load:
        return "not measured"
    text = (f"others {load['others']:.2f} cores (machine busy {load['busy']:.2f}, this benchmark {load['own']:.2f}, "
            f"over {load['wall']:.0f} s); load average {' '.join(f'{x:.2f}' for x in load['load_start'])} → "
            f"{' '.join(f'{x:.2f}' for x in load['load_end'])}")
    return text + ("; judged" if load["judged"] else f"; **{NOT_JUDGED}** ({load['why']})")


def judged(load):
    """Whether a section's verdicts count: a section without a load record (measured apart) is judged."""
    return load is None or load["judged"]


def verdict(ok, load):
    """The table cell of one target."""
    if not judged(load):
        return NOT_JUDGED
    return "met" if ok else "**not met**"


def line(load):
    """The sentence every section shows under its heading."""
    return f"Machine load during this section: {summary(load)}.\n"


def annotate(lines, load):
    """A section rendered by another module (`lines`, heading first) with its load sentence after the heading and,
    when the section is not judged, every verdict cell replaced by "not judged: load"."""
    if not lines or load is None:
        return lines
    out = [lines[0], line(load)] + lines[1:]
    if not load["judged"]:
        out = [text.replace("| **not met** |", f"| {NOT_JUDGED} |").replace("| met |", f"| {NOT_JUDGED} |")
               for text in out]
    return out


def gate(label, load, found):
    """A section's missed targets for `--check`; when the section is not judged, one line saying so instead."""
    if judged(load):
        return found
    return [f"{label}: {NOT_JUDGED} ({load['why']}); its targets were not judged"]


def render_table(loads):
    """The per-section summary for the top of BENCHMARKS.md."""
    loads = [load for load in loads if load]
    if not loads:
        return []
    out = ["## Machine load per section\n",
           f"Other processes' CPU: the machine's busy CPU time (`/proc/stat`) minus this benchmark's own (its process "
           f"and every child it reaped, `getrusage`), over the section's wall time. A section is not judged when "
           f"others used more than {OTHERS_LIMIT} cores on average, or the 1-minute load average at its end exceeded "
           f"{LOADAVG_MARGIN} + the section's own parallelism (`Benchmarks/bench_load.py`).\n",
           "| section | wall | machine busy | this benchmark | others | load average start → end (1, 5, 15 min) "
           "| own parallelism | judged? |",
           "|---|---:|---:|---:|---:|---|---:|---|"]
    for load in loads:
        out.append(f"| {load['section']} | {load['wall']:.0f} s | {load['busy']:.2f} cores | {load['own']:.2f} cores "
                   f"| **{load['others']:.2f} cores** | {' '.join(f'{x:.2f}' for x in load['load_start'])} → "
                   f"{' '.join(f'{x:.2f}' for x in load['load_end'])} | {load['parallelism']:g} "
                   f"| {'judged' if load['judged'] else f'**{NOT_JUDGED}**: ' + load['why']} |")
    out.append("")
    return out


def self_test():
    """The verdict logic on made-up numbers, then one live measurement of a busy child; exits 1 on a mismatch."""
    problems = []

    def expect(condition, text):
        if not condition:
            problems.append(text)

    expect(evaluate(0.1, 2.0, 2) == (True, ""), "quiet machine, own load 2 on 2 cores: judged")
    expect(not evaluate(0.6, 0.5, 1)[0], "others 0.6 cores: not judged")
    expect(not evaluate(0.0, 3.6, 2)[0], "load 3.6 > 1.5 + 2: not judged")
    expect(evaluate(0.0, 3.4, 2)[0], "load 3.4 ≤ 1.5 + 2: judged")
    quiet = record("x", 2, wall=10, busy=19, own=18, load_start=(0, 0, 0), load_end=(2.0, 1, 1))
    expect(quiet["judged"] and abs(quiet["others"] - 0.1) < 1e-9, "busy 1.9 cores, own 1.8: others 0.1, judged")
    noisy = record("y", 1, wall=10, busy=15, own=9, load_start=(0, 0, 0), load_end=(1.0, 1, 1))
    expect(not noisy["judged"] and abs(noisy["others"] - 0.6) < 1e-9, "busy 1.5, own 0.9: others 0.6, not judged")
    expect(verdict(True, noisy) == NOT_JUDGED and verdict(False, quiet) == "**not met**" and verdict(True, None) == "met",
           "verdict cells")
    expect(gate("s", noisy, ["a"]) == [f"s: {NOT_JUDGED} ({noisy['why']}); its targets were not judged"]
           and gate("s", quiet, ["a"]) == ["a"] and gate("s", None, []) == [], "gate")
    annotated = annotate(["## T", "| a | met |", "| b | **not met** |"], noisy)
    expect(annotated[1].startswith("Machine load") and annotated[2:] == [f"| a | {NOT_JUDGED} |", f"| b | {NOT_JUDGED} |"],
           "annotate")
    expect(annotate(["## T", "| a | met |"], quiet)[2] == "| a | met |", "annotate keeps a judged section's verdicts")
    # Live: a child that spins for about a second is the benchmark's own work, not others'.
    import subprocess
    with Meter("self-test", parallelism=1) as meter:
        subprocess.run([sys.executable, "-c", "import time\nt = time.process_time()\nwhile time.process_time() - t < 1: pass"],
                       check=True)
    live = meter.result
    expect(live["own"] * live["wall"] >= 0.9, f"the reaped child's CPU counts as the benchmark's own: {live}")
    for text in problems:
        print(f"bench_load self-test failed: {text}", file=sys.stderr)
    print("bench_load self-test: " + ("ok" if not problems else f"{len(problems)} failed"))
    return not problems


if __name__ == "__main__":
    sys.exit(0 if self_test() else 1)
