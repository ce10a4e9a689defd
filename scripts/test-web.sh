#!/usr/bin/env bash
# The browser tests (part of `make test`): builds the page (scripts/build-web.sh), installs
# playwright-core from web/package-lock.json when web/node_modules is older, and runs
# web/tests in Debian's headless Chromium with node's test runner.
#
# Without node, npm, Chromium, the wasm32-unknown-unknown target or the wasm-bindgen
# command the tests are skipped with a note; under CI=true that fails the run instead.
set -euo pipefail
cd "$(dirname "$0")/.."

skip() {
    if [ "${CI:-}" = true ]; then
        echo "test-web: $1, and CI=true forbids skipping the browser tests" >&2
        exit 1
    fi
    echo "note: test-web: $1; skipping the browser tests" >&2
    exit 0
}

command -v node > /dev/null || skip "no node"
command -v npm > /dev/null || skip "no npm"
command -v wasm-bindgen > /dev/null \
    || skip "no wasm-bindgen (cargo install --locked wasm-bindgen-cli, the version of Cargo.lock)"
rustc --print target-libdir --target wasm32-unknown-unknown > /dev/null 2>&1 \
    && [ -d "$(rustc --print target-libdir --target wasm32-unknown-unknown)" ] \
    || skip "no wasm32-unknown-unknown target (rustup target add wasm32-unknown-unknown)"
chromium=${CHROMIUM:-/usr/bin/chromium}
[ -x "$chromium" ] || skip "no Chromium at $chromium (Debian package chromium)"

scripts/build-web.sh target/web
if [ ! -f web/node_modules/.package-lock.json ] \
    || [ web/package-lock.json -nt web/node_modules/.package-lock.json ]; then
    (cd web && npm ci --no-audit --no-fund)
fi
start=$(date +%s)
node --test web/tests/
echo "test-web: the browser tests took $(($(date +%s) - start)) s" >&2
