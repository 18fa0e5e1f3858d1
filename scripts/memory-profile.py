#!/usr/bin/env python3
"""Runs a command and samples its resident memory once a second: prints the peak, and the slope of a least-squares
line through the samples after the first minute (start-up and caches filling are not a leak; for runs shorter than
five minutes, after the first fifth), in MiB per minute.

    scripts/memory-profile.py -- .build/release/calyx render worm --out /tmp/long.mp4 --duration 600
    xvfb-run -a scripts/memory-profile.py -- .build/release/calyx view worm --seconds 600

Used for the soak figures in the closing notes (`make soak` runs both); not part of `make test`.
"""
import subprocess
import sys
import time


def rss_kib(pid):
    try:
        with open(f"/proc/{pid}/status") as status:
            for line in status:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1])
    except FileNotFoundError:
        return None
    return None


def main():
    if "--" not in sys.argv:
        sys.exit("usage: memory-profile.py -- command [arguments…]")
    command = sys.argv[sys.argv.index("--") + 1:]
    started = time.monotonic()
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL)
    samples = []
    while process.poll() is None:
        kib = rss_kib(process.pid)
        if kib is not None:
            samples.append((time.monotonic() - started, kib / 1024))
        time.sleep(1)
    if not samples:
        sys.exit("no samples")
    peak = max(mib for _, mib in samples)
    length = samples[-1][0]
    settle = 60 if length >= 300 else length / 5
    settled = [(t, mib) for t, mib in samples if t >= settle] or samples
    n = len(settled)
    mean_t = sum(t for t, _ in settled) / n
    mean_m = sum(m for _, m in settled) / n
    var = sum((t - mean_t) ** 2 for t, _ in settled)
    slope = sum((t - mean_t) * (m - mean_m) for t, m in settled) / var * 60 if var > 0 else 0.0
    print(f"memory: {' '.join(command[:3])}: {len(samples)} s, exit {process.returncode}")
    print(f"memory: peak {peak:.1f} MiB, after {settle:.0f} s {settled[0][1]:.1f} → {settled[-1][1]:.1f} MiB, "
          f"slope {slope:+.3f} MiB/min")
    sys.exit(process.returncode)


if __name__ == "__main__":
    main()
