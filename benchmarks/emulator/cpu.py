"""Prints the CPU seconds (user + system) used so far by a process and all its descendants."""
import os, sys

def children(pid):
    try:
        with open(f"/proc/{pid}/task/{pid}/children") as f:
            return [int(x) for x in f.read().split()]
    except OSError:
        return []

def cpu(pid):
    try:
        with open(f"/proc/{pid}/stat") as f:
            fields = f.read().rsplit(")", 1)[1].split()
        total = (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except OSError:
        total = 0.0
    return total + sum(cpu(child) for child in children(pid))

print(f"{cpu(int(sys.argv[1])):.3f}")
