#!/usr/bin/env bash
# Render a report.html, or the pages of the `scout serve` dashboard, in headless Chromium
# (Debian's `chromium` package), save screenshots, and fail when a page logs any console
# error.
#
#   scripts/screenshot_report.sh runs/<mission>/report.html [out.png]
#   scripts/screenshot_report.sh --dashboard [OUT_DIR]   # from a research root
#
# --dashboard starts `scout serve` on 127.0.0.1 (a free port) over ./runs (or
# $SCOUTE_RUNS_DIR), shoots / (missions), /missions/<newest> and /cost into OUT_DIR
# (default: ./screenshots), and stops the server.
#
# Not run in CI (the browser tests in tests/ops/test_browser.py shoot the same pages).
# Flags follow what works on a closed network: no background networking, no first-run, a
# throwaway profile.
set -euo pipefail
browser=$(command -v chromium || command -v chromium-browser || true)
[ -n "$browser" ] || { echo "chromium not found: apt-get install chromium" >&2; exit 2; }
profile=$(mktemp -d)
log=$(mktemp)
server_pid=""
cleanup() {
  [ -z "$server_pid" ] || kill "$server_pid" 2>/dev/null || true
  rm -rf "$profile" "$log"
}
trap cleanup EXIT

shoot() {  # shoot URL OUT_PNG
  "$browser" --headless --no-sandbox --disable-gpu --disable-quic --no-first-run \
    --disable-background-networking --disable-component-update --disable-sync \
    --user-data-dir="$profile" --hide-scrollbars --window-size=1280,2400 \
    --enable-logging=stderr --v=0 --virtual-time-budget=3000 \
    --screenshot="$2" "$1" >"$log" 2>&1 || { cat "$log" >&2; exit 1; }
  [ -s "$2" ] || { echo "no screenshot written" >&2; cat "$log" >&2; exit 1; }
  # Chromium logs page console messages as "...:CONSOLE(line)] message" with the level
  if grep -E "CONSOLE\(|Uncaught|Failed to load resource" "$log" | grep -viE "^.*:INFO:" ; then
    echo "console errors while rendering $1" >&2
    exit 1
  fi
  echo "$2"
}

if [ "${1:-}" = "--dashboard" ]; then
  outdir=${2:-screenshots}
  mkdir -p "$outdir"
  scout=$(command -v scout || echo "python3 -m scout")
  port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
  env -u SCOUTE_API_TOKEN $scout serve --port "$port" --log-level warning &
  server_pid=$!
  base="http://127.0.0.1:$port"
  for _ in $(seq 100); do
    python3 -c "import urllib.request,sys; urllib.request.urlopen(sys.argv[1], timeout=1)" \
      "$base/healthz" 2>/dev/null && break
    sleep 0.1
  done
  mission=$(python3 -c "import json,sys,urllib.request; r=json.load(urllib.request.urlopen(sys.argv[1])); print(r['runs'][0]['mission_id'] if r['runs'] else '')" "$base/api/missions")
  shoot "$base/" "$outdir/dashboard.png"
  [ -z "$mission" ] || shoot "$base/missions/$mission" "$outdir/mission.png"
  shoot "$base/cost" "$outdir/cost.png"
  exit 0
fi

html=${1:?usage: screenshot_report.sh REPORT_HTML [OUT_PNG] | --dashboard [OUT_DIR]}
out=${2:-${html%.html}.png}
[ -f "$html" ] || { echo "no such file: $html" >&2; exit 2; }
shoot "file://$(cd "$(dirname "$html")" && pwd)/$(basename "$html")" "$out"
