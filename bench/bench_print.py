"""Printing benchmark: 100 personalised sheets (hero name, game code, QR code) as one PDF,
median of several runs, and the file size; then the whole ``dicehero print`` command.

    .venv/bin/python bench/bench_print.py [--runs 5] [--sheets 100] [--paper a4] [--lang en]

``--lang`` prints the sheets in a language (ja and ar draw the edition's words in runs of
the script fonts, as names are).

Budget (DESIGN.md): 100 personalised sheets in under 5 s.
"""

from __future__ import annotations

import argparse
import io
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from dicehero.editions import load_edition
from dicehero.printing import SheetHeader, join_url, render_sheets

BUDGET_S = 5.0


def main() -> None:
    """Time render_sheets in process, then the CLI end to end (Python start-up included)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--sheets", type=int, default=100)
    parser.add_argument("--paper", default="a4")
    parser.add_argument("--lang", default="en")
    args = parser.parse_args()
    edition = load_edition("classic")
    code = "K7QX2M"
    url = join_url("http://localhost:5000", code)
    sheets = [SheetHeader(hero=f"Hero Number {i + 1}", game=code, url=url)
              for i in range(args.sheets)]
    times, size = [], 0
    for _ in range(args.runs):
        out = io.BytesIO()
        t = time.perf_counter()
        render_sheets(edition, sheets, out, paper=args.paper, lang=args.lang)
        times.append(time.perf_counter() - t)
        size = len(out.getvalue())
    median = statistics.median(times)
    print(f"render_sheets, {args.sheets} personalised sheets ({args.paper}, {args.lang}): "
          f"median {median:.3f} s (min {min(times):.3f}, max {max(times):.3f}, {args.runs} runs), "
          f"{size / 1024:.0f} KB ({size / args.sheets / 1024:.1f} KB a sheet)")

    with tempfile.TemporaryDirectory() as tmp:
        names = Path(tmp) / "names.txt"
        names.write_text("\n".join(s.hero for s in sheets), encoding="utf-8")
        pdf = Path(tmp) / "sheets.pdf"
        command = [sys.executable, "-m", "dicehero.cli", "print", "--names", str(names),
                   "--game", code, "--paper", args.paper, "--rules", "--lang", args.lang,
                   "-o", str(pdf)]
        cli_times = []
        for _ in range(args.runs):
            t = time.perf_counter()
            subprocess.run(command, check=True, capture_output=True)
            cli_times.append(time.perf_counter() - t)
        cli = statistics.median(cli_times)
        print(f"dicehero print --names ({args.sheets} names) --game --rules: "
              f"median {cli:.3f} s end to end, {pdf.stat().st_size / 1024:.0f} KB")
    verdict = "within" if max(median, cli) < BUDGET_S else "OVER"
    print(f"budget {BUDGET_S:.0f} s for {args.sheets} sheets: {verdict}")


if __name__ == "__main__":
    main()
