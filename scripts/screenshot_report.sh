#!/usr/bin/env bash
# Render a report.html in headless Chromium (Debian's `chromium` package), save a
# screenshot, and fail when the page logs any console error.
#
#   scripts/screenshot_report.sh runs/<mission>/report.html [out.png]
#
# Not run in CI (it needs Chromium: apt-get install chromium). Flags follow what works
# on a closed network: no background networking, no first-run, a throwaway profile.
set -euo pipefail
html=${1:?usage: screenshot_report.sh REPORT_HTML [OUT_PNG]}
out=${2:-${html%.html}.png}
[ -f "$html" ] || { echo "no such file: $html" >&2; exit 2; }
browser=$(command -v chromium || command -v chromium-browser || true)
[ -n "$browser" ] || { echo "chromium not found: apt-get install chromium" >&2; exit 2; }
profile=$(mktemp -d)
log=$(mktemp)
trap 'rm -rf "$profile" "$log"' EXIT
url="file://$(cd "$(dirname "$html")" && pwd)/$(basename "$html")"
"$browser" --headless --no-sandbox --disable-gpu --disable-quic --no-first-run \
  --disable-background-networking --disable-component-update --disable-sync \
  --user-data-dir="$profile" --hide-scrollbars --window-size=1280,2400 \
  --enable-logging=stderr --v=0 --virtual-time-budget=3000 \
  --screenshot="$out" "$url" >"$log" 2>&1 || { cat "$log" >&2; exit 1; }
[ -s "$out" ] || { echo "no screenshot written" >&2; cat "$log" >&2; exit 1; }
# Chromium logs page console messages as "...:CONSOLE(line)] message" with the level
if grep -E "CONSOLE\(|Uncaught|Failed to load resource" "$log" | grep -viE "^.*:INFO:" ; then
  echo "console errors while rendering $html" >&2
  exit 1
fi
echo "$out"
