#!/usr/bin/env bash
# Builds web/dist/: khun.wasm (the engine and the rules, WebAssembly), the JavaScript
# around it (web/src/), and the page. Run from anywhere; needs Debian's Rust for the
# web (rustc-web, cargo-web, rust-web-src: a rustc with the standard library's
# source, built here for wasm32), binaryen (wasm-opt) and npm (the page's board); it
# says what is missing before it starts.
# `web/build.sh --page`: only the page and its bundled board (no wasm), for work on the page.
set -euo pipefail
web="$(cd "$(dirname "$0")" && pwd)"
root="$(dirname "$web")"
dist="$web/dist"

# The page's board, chessgroundx, and esbuild, which bundles it, from the npm registry,
# pinned in web/package.json and web/package-lock.json (once; `npm ci` again when the
# lock file changes). The full build does this first, before the minutes of the wasm.
board_deps() {
    command -v npm >/dev/null || { echo "web/build.sh: no npm: apt-get install -y npm" >&2; exit 1; }
    if [ ! -x "$web/node_modules/.bin/esbuild" ] || [ "$web/package-lock.json" -nt "$web/node_modules/.package-lock.json" ]; then
        npm ci --prefix "$web" --no-audit --no-fund --loglevel=error
    fi
}

# The page: web/src/index.html, web/src/page/ (without its notes for developers, the
# *.md files: only page/ART.md, the art's credits the page links to, goes with it), the
# web app manifest, chessgroundx bundled by esbuild into one minified module,
# page/vendor/chessgroundx.js, with its base stylesheet, so the page needs nothing from
# outside web/dist; last, the service worker, sw.js, with the list of the page's files
# and the build's version (web/write-sw.js).
page() {
    board_deps
    mkdir -p "$dist"
    cp "$web/src/index.html" "$web/src/manifest.webmanifest" "$dist/"
    rm -rf "$dist/page" && cp -r "$web/src/page" "$dist/page"
    find "$dist/page" -name '*.md' ! -path "$dist/page/ART.md" -delete
    mkdir -p "$dist/page/vendor"
    "$web/node_modules/.bin/esbuild" "$web/node_modules/chessgroundx/chessground.js" --bundle --format=esm \
        --minify --legal-comments=none --log-level=warning --outfile="$dist/page/vendor/chessgroundx.js"
    cp "$web/node_modules/chessgroundx/assets/chessground.base.css" "$dist/page/vendor/"
    cp "$web/node_modules/chessgroundx/LICENSE" "$dist/page/vendor/chessgroundx.LICENSE"
    node "$web/write-sw.js" "$dist"
}
if [ "${1:-}" = "--page" ]; then
    page
    exit 0
fi

missing=()
[ -x /usr/bin/cargo ] && /usr/bin/rustc --version 2>/dev/null | grep -q . || missing+=(rustc-web cargo-web)
[ -d /usr/lib/rustlib/src/rust/library ] || missing+=(rust-web-src)
command -v wasm-opt >/dev/null || missing+=(binaryen)
# npm (and node with it) for the page's board, asked for now rather than after the wasm.
command -v npm >/dev/null || missing+=(npm)
# rustc-web links wasm with /usr/bin/rust-lld, a link to LLVM's lld package (lld-22 for
# rustc-web 1.96), which apt leaves out where recommended packages are not installed.
if [ -L /usr/bin/rust-lld ] && [ ! -e /usr/bin/rust-lld ]; then
    missing+=("$(basename "$(readlink /usr/bin/rust-lld)")")
fi
if [ ${#missing[@]} -gt 0 ]; then
    echo "web/build.sh: missing Debian packages: ${missing[*]}" >&2
    echo "install them with: apt-get install -y ${missing[*]}" >&2
    exit 1
fi

# Debian's cargo and rustc (1.96 with the standard library's source), not rustup's:
# -Zbuild-std compiles the standard library for wasm32 (RUSTC_BOOTSTRAP lets the
# stable compiler take the flag). Without the `native` feature: no threads, signals,
# files or command line (Cargo.toml).
export PATH="/usr/bin:$PATH" RUSTC=/usr/bin/rustc RUSTC_BOOTSTRAP=1
board_deps
cd "$root"
mkdir -p "$dist"
features="+bulk-memory,+nontrapping-fptoint,+sign-ext"
opt_features="--enable-bulk-memory --enable-nontrapping-float-to-int --enable-sign-ext \
    --enable-mutable-globals --enable-multivalue --enable-reference-types"

# build NAME TARGET_FEATURES WASM_OPT_FEATURES: one khun.wasm flavour into dist/NAME.
build() {
    local name=$1 target_features=$2 wasm_opt_features=$3
    local target_dir="$root/target/web-${name%.wasm}"
    CARGO_TARGET_DIR="$target_dir" RUSTFLAGS="-C target-feature=$target_features -C panic=abort" \
        /usr/bin/cargo rustc --lib --release --locked --target wasm32-unknown-unknown \
        --no-default-features -Zbuild-std=std,panic_abort --crate-type cdylib
    # Asyncify lets the search, which runs on the worker's only thread, pause at the
    # host's `poll` so the worker reads `stop` and `isready` mid-search, and go on
    # (web/src/khun.js; src/search/host.rs). Only the functions that can reach `poll`
    # through direct calls are instrumented (`asyncify-ignore-indirect`): the path
    # from `khun_session_line` to the search's node check is all direct calls, and
    # leaving out the rest makes the search 20% faster (bench, under node).
    # shellcheck disable=SC2086
    wasm-opt "$target_dir/wasm32-unknown-unknown/release/khun.wasm" -O3 $wasm_opt_features \
        --asyncify --pass-arg=asyncify-imports@khun.poll --pass-arg=asyncify-ignore-indirect \
        --strip-debug --strip-producers -o "$dist/$name"
}

# WebAssembly SIMD (the network's inference: src/nnue/accumulator.rs), which every
# current browser has; khun.js loads the scalar flavour where it is missing.
build khun.wasm "+simd128,$features" "--enable-simd $opt_features"
build khun-nosimd.wasm "$features" "$opt_features"

cp "$web"/src/*.js "$dist/"
# Fairy-Stockfish's wasm module shape, under that package's file names (web/README.md,
# "Other boards"): stockfish.js, the factory, and stockfish.worker.js, the worker, which
# loads khun.js and khun.wasm from beside it: each file once (no stockfish.wasm copy,
# which earlier builds left here).
cp "$web/src/stockfish/stockfish.js" "$dist/stockfish.js"
cp "$web/src/stockfish/worker.js" "$dist/stockfish.worker.js"
rm -f "$dist/stockfish.wasm"
page
[ -f "$web/src/package.json" ] && cp "$web/src/package.json" "$dist/"
cp "$root/LICENSE" "$dist/LICENSE"
[ -f "$web/README.md" ] && cp "$web/README.md" "$dist/README.md"
ls -l "$dist"
