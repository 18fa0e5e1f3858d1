#!/usr/bin/env python3
"""Reads DocC's coverage summaries (one log per module), prints `docs: <module> <percent> %` lines and the total,
writes the docs index page, and exits 1 when the share of public symbols with a summary is below the floor.
Usage: docs-coverage.py <out/docs> <minimum percent> <module logs…>
"""
import html
import os
import re
import sys

out, minimum, logs = sys.argv[1], float(sys.argv[2]), sys.argv[3:]
rows = []
documented_all = total_all = 0
for log in sorted(logs):
    module = os.path.splitext(os.path.basename(log))[0]
    documented = total = 0
    with open(log, encoding="utf-8", errors="replace") as f:
        for line in f:
            match = re.match(r"(Types|Members|Globals)\s*\|\s*[\d.]+% \((\d+)/(\d+)\)", line)
            if match:
                documented += int(match.group(2))
                total += int(match.group(3))
    share = 100 * documented / total if total else 100
    rows.append((module, documented, total, share))
    documented_all += documented
    total_all += total
    print(f"docs: {module} {share:.1f} % ({documented}/{total} public symbols with a summary)")
share_all = 100 * documented_all / total_all if total_all else 100
print(f"docs: total {share_all:.1f} % ({documented_all}/{total_all}); floor {minimum:g} %, goal 95 %")

items = "\n".join(
    f'<li><a href="{m}/documentation/{m.lower()}/">{html.escape(m)}</a> — {s:.0f} % of {t} public symbols documented</li>'
    for m, d, t, s in sorted(rows))
with open(os.path.join(out, "index.html"), "w", encoding="utf-8") as f:
    f.write(f"""<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Calyx documentation</title>
<style>body {{ font: 15px/1.5 Helvetica, Arial, sans-serif; margin: 24px; }}</style></head>
<body><h1>Calyx documentation</h1>
<p>API reference and articles for each of Calyx's modules, built with DocC. Start with
<a href="QuartzCore/documentation/quartzcore/gettingstarted">Getting started</a>.</p>
<ul>
{items}
</ul>
<p><a href="../index.html">The gallery</a></p>
</body></html>
""")
if share_all < minimum:
    print(f"docs: coverage {share_all:.1f} % is below the floor of {minimum:g} %", file=sys.stderr)
    sys.exit(1)
