#!/usr/bin/env bash
# Plays more of a ladder match on a machine lent for a while, and hands the games back.
#
#   bash benchmarks/lent.sh LOG_DIR SECONDS [bots.py arguments...]
#   bash benchmarks/lent.sh benchmarks/results/2026-11-26/ladder 540 \
#       --match rollout-heuristic --preset remik-500 --games 400
#
# The games saved so far in LOG_DIR (a folder of the checkout) are copied to $OUT, the
# folder the lent machine sends back, and benchmarks/bots.py resumes there with one
# process per core, beginning no game after SECONDS (the games begun finish). Copy the
# returned file over the one in LOG_DIR and commit it. Two lessons of 2026-11-26 are why
# it is written so: a log left in the checkout is replaced by the checkout's copy on the
# machine's next call, and a run stopped by a signal instead of --stop-after loses the
# games being played. Needs only python3 (the engine and bots use the standard library).
set -euo pipefail
if [ $# -lt 2 ]; then
    sed -n '2,5p' "$0" >&2
    exit 2
fi
log=$1
seconds=$2
shift 2
out=${OUT:?"set OUT to the folder that comes back (the lent machine sets it)"}
root=$(cd "$(dirname "$0")/.." && pwd)
if [ -d "$log" ]; then
    cp "$log"/*.jsonl "$out"/ 2>/dev/null || true
fi
cd "$root/benchmarks"
echo "$(nproc) cores; $(python3 --version)"
PYTHONUNBUFFERED=1 PYTHONPATH="$root/src" python3 bots.py --jobs "$(nproc)" \
    --stop-after "$seconds" --log "$out" --quiet "$@"
wc -l "$out"/*.jsonl
