#!/usr/bin/env bash
# Builds the browser game (`make web`): web/ compiled to WebAssembly (the `wasm` profile:
# release with LTO), its JavaScript glue from wasm-bindgen, and the static page of
# web/www, into OUT (default target/web). Any static file server
# serves OUT; `make serve-web` does on 127.0.0.1:8000.
#
#     scripts/build-web.sh [OUT]
#
# Needs the wasm32-unknown-unknown target (`rustup target add wasm32-unknown-unknown`)
# and the `wasm-bindgen` command of exactly the version the crate is locked to
# (`cargo install --locked wasm-bindgen-cli --version V`, as .ci/run does).
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:-target/web}
cargo=${CARGO:-cargo}

locked=$(awk '/^name = "wasm-bindgen"$/ { getline; gsub(/[^0-9.]/, ""); print; exit }' Cargo.lock)
if ! command -v wasm-bindgen > /dev/null; then
    echo "make web: no wasm-bindgen command: cargo install --locked wasm-bindgen-cli --version $locked" >&2
    exit 2
fi
have=$(wasm-bindgen --version | awk '{ print $2 }')
if [ "$have" != "$locked" ]; then
    echo "make web: wasm-bindgen $have, but the crate is locked to $locked: cargo install --locked wasm-bindgen-cli --version $locked" >&2
    exit 2
fi
if [ ! -d "$(rustc --print target-libdir --target wasm32-unknown-unknown 2> /dev/null)" ]; then
    echo "make web: no wasm32-unknown-unknown target: rustup target add wasm32-unknown-unknown" >&2
    exit 2
fi

"$cargo" build -p sudosat-web --target wasm32-unknown-unknown --profile wasm
wasm=target/wasm32-unknown-unknown/wasm/sudosat_web.wasm

rm -rf "$out"
mkdir -p "$out/pkg"
wasm-bindgen --target web --no-typescript --out-dir "$out/pkg" "$wasm"
# Not wasm-opt: Debian's binaryen (108) renumbers the tables of wasm-bindgen's output
# wrongly (the export `__wbindgen_externrefs` lands on the funcref table, and the module
# fails to start with "WebAssembly.Table.grow(): failed to grow table"). The build is
# optimised by rustc instead: the `wasm` profile's LTO, one codegen unit, opt-level 3.
cp web/www/index.html web/www/style.css web/www/app.js web/www/worker.js "$out/"
# The service worker's cache is named after the build's content, so a new build
# replaces the copy a browser holds.
version=$(cat "$out"/index.html "$out"/style.css "$out"/*.js "$out"/pkg/* web/www/sw.js \
    | sha256sum | cut -c1-16)
sed "s/^const VERSION = 'sudoplay-dev';/const VERSION = 'sudoplay-$version';/" web/www/sw.js > "$out/sw.js"
grep -q "sudoplay-$version" "$out/sw.js" || { echo "make web: sw.js has no VERSION line" >&2; exit 1; }
raw=$(wc -c < "$out/pkg/sudosat_web_bg.wasm")
gz=$(gzip -9 -c "$out/pkg/sudosat_web_bg.wasm" | wc -c)
echo "make web: $out ready (sudosat_web_bg.wasm: $raw bytes, $gz gzipped)" >&2
