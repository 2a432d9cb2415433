#!/usr/bin/env bash
# Tests the web build in web/dist (make it with web/build.sh first): under node, the
# engine and the rules (web/tests/engine.test.js), the Fairy-Stockfish module shape
# (stockfish.test.js), the npm package, packed and installed offline
# (package.test.js), the page's two languages' tables (i18n.test.js), its module
# preloads (page.test.js), its service worker's list (offline.test.js) and the rules
# guide's lessons against the rules (guide.test.js); then in a
# real browser, Debian's headless chromium driven by Playwright for Python, the engine
# as other boards load it (web/tests/test_boards.py),
# the page (test_page.py), its board and editor (test_board_ui.py), the page in Thai and
# English (test_language.py), sittuyin's hands, drops and promotions (test_sittuyin_page.py),
# the analysis board's tree of moves (test_analysis_board.py), the page installed and
# offline (test_offline.py: its manifest, its service worker, the page played with the
# server gone, a new build picked up), Khun's pace and the analysis's settings
# (test_pace_analysis.py), the page reachable by everyone (test_access.py: axe-core,
# the keys, the layout's fit), the rules guide (test_guide.py): every web/tests/test_*.py.
# A missing npm, browser or Playwright fails here, where the tests alone would skip.
# KHUN_NATIVE=path/to/khun adds the check that the wasm bench equals the native one.
set -euo pipefail
web="$(cd "$(dirname "$0")" && pwd)"
cd "$web/.."
[ -f web/dist/khun.wasm ] || { echo "web/test.sh: no web/dist/khun.wasm: run web/build.sh" >&2; exit 1; }
command -v npm >/dev/null || {
    echo "web/test.sh: no npm (web/tests/package.test.js packs the package): apt-get install -y npm" >&2; exit 1; }
node --test web/tests/
[ -x "${KHUN_CHROMIUM:-/usr/bin/chromium}" ] || {
    echo "web/test.sh: no chromium: apt-get install -y chromium" >&2; exit 1; }
python3 -c "import playwright, pytest" 2>/dev/null || {
    echo "web/test.sh: no Playwright: pip install playwright pytest" >&2; exit 1; }
python3 -c "import axe_playwright_python" 2>/dev/null || {
    echo "web/test.sh: no axe-core for Playwright: pip install axe-playwright-python" >&2; exit 1; }
report=$(mktemp)
trap 'rm -f "$report"' EXIT
python3 -m pytest -q -rs web/tests/ | tee "$report"
if grep -q "skipped" "$report"; then
    echo "web/test.sh: browser tests were skipped" >&2
    exit 1
fi
