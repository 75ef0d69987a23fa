#!/usr/bin/env bash
# Installs what building and testing amaze needs on Debian, and does nothing when all
# of it is present. Run as root (or with sudo available).
set -euo pipefail

packages=(
  gcc clang make cmake pkg-config   # compilers (gcc builds, clang for the sanitizer build)
  libcmocka-dev                     # unit tests
  cppcheck clang-tidy               # make lint
  libclang-rt-14-dev                # clang's sanitizer and libFuzzer runtimes
  groff-base man-db perl            # the man page: generated, then checked
  binutils                          # nm, objdump: exported-symbol checks
  bsdutils coreutils                # CLI tests: script (a terminal), od, dd
  libcairo2-dev libgif-dev libpng-dev zlib1g-dev   # pictures and animations
  libxml2-utils poppler-utils       # xmllint and pdfinfo check SVG and PDF output in tests
  fonts-dejavu-core                 # the text of amaze book (DejaVu Sans, embedded in the PDF)
  time bc                           # make bench: /usr/bin/time for peak memory, bc for ratios
  bsdutils                          # script(1): the live terminal animation test
  valgrind                          # memcheck over CLI tests (make test: a subset; make valgrind: all)
  lld wasi-libc libclang-rt-14-dev-wasm32   # make web: clang's wasm32 linker, libc, builtins
  chromium                          # the web page's browser tests (driven by playwright-core)
  libncurses-dev tmux               # amaze play (ncursesw), and its headless end-to-end test
  openmpi-bin libopenmpi-dev        # amaze-mpi (optional at build time) and its mpirun test
)
# Node and npm for the browser tests (npm ci of the pinned playwright-core); a Node
# already installed from elsewhere (nodesource bundles npm) is used as it is.
if ! command -v node >/dev/null 2>&1 || ! command -v npm >/dev/null 2>&1; then
  packages+=(nodejs npm)
fi

missing=()
for p in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed'; then
    missing+=("$p")
  fi
done
[ ${#missing[@]} -eq 0 ] && exit 0

echo "deps: installing ${missing[*]}" >&2
if [ "$(id -u)" -eq 0 ]; then
  sudo=()
elif command -v sudo >/dev/null 2>&1; then
  sudo=(sudo)
else
  echo "deps: missing packages (${missing[*]}) and not root; install them and retry" >&2
  exit 1
fi
export DEBIAN_FRONTEND=noninteractive
"${sudo[@]}" apt-get update -qq || true
"${sudo[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}" >&2
