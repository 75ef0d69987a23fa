#!/usr/bin/env bash
# The web page in a real browser: builds web/dist (make web) into the CMake build folder,
# installs the pinned playwright-core there with `npm ci`, and runs test_web.mjs against
# Debian's chromium (/usr/bin/chromium; playwright never downloads a browser).
# Environment (from CTest): AMAZE, AMZ_SOURCE_DIR, AMZ_BUILD_DIR.
set -euo pipefail
: "${AMAZE:?}" "${AMZ_SOURCE_DIR:?}" "${AMZ_BUILD_DIR:?}"

work="$AMZ_BUILD_DIR/web-test"
dist="$work/dist"
mkdir -p "$work"

for tool in node npm clang wasm-ld; do
  command -v "$tool" >/dev/null || { echo "test_web: $tool is missing (run scripts/deps.sh)" >&2; exit 1; }
done
export AMZ_CHROMIUM="${AMZ_CHROMIUM:-/usr/bin/chromium}"
[ -x "$AMZ_CHROMIUM" ] || { echo "test_web: $AMZ_CHROMIUM is missing (run scripts/deps.sh)" >&2; exit 1; }

# The wasm build, kept apart from a developer's web/dist. A make from an outer `make
# test` must not inherit its jobserver.
env -u MAKEFLAGS -u MAKELEVEL -u MFLAGS make --no-print-directory -C "$AMZ_SOURCE_DIR" web \
  WEB_BUILD="$work/obj" WEB_DIST="$dist" >"$work/make.log" 2>&1 || { cat "$work/make.log" >&2; exit 1; }

cp "$AMZ_SOURCE_DIR/tests/web/package.json" "$AMZ_SOURCE_DIR/tests/web/package-lock.json" "$work/"
(cd "$work" && npm ci --no-audit --no-fund --loglevel=error >"$work/npm.log" 2>&1) || { cat "$work/npm.log" >&2; exit 1; }

export AMZ_WEB_DIST="$dist" AMZ_NODE_MODULES="$work/node_modules"
exec node "$AMZ_SOURCE_DIR/tests/web/test_web.mjs"
