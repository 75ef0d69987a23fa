#!/usr/bin/env bash
# test_install.sh — libamaze as other programs use it: install into a temporary prefix
# (as `make install PREFIX=...` does), then build an external program against it with
# pkg-config (shared and static) and with CMake (find_package and add_subdirectory),
# check their output, render the man page, and uninstall exactly what was installed.
set -u
build=${AMZ_BUILD_DIR:?build directory}
src=${AMZ_SOURCE_DIR:?source directory}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fails=0
fail() { echo "FAIL: $*" >&2; fails=$((fails + 1)); }

prefix=$tmp/prefix
cmake --install "$build" --prefix "$prefix" >"$tmp/install.log" 2>&1 || { cat "$tmp/install.log"; exit 1; }
manifest=$build/install_manifest.txt
for f in bin/amaze include/amaze.h include/amaze/maze.h lib/libamaze.a lib/pkgconfig/amaze.pc \
  lib/cmake/amaze/amazeConfig.cmake share/man/man1/amaze.1; do
  [ -e "$prefix/$f" ] || fail "$f not installed"
done
soname=$(objdump -p "$prefix/lib/libamaze.so" | awk '/SONAME/ { print $2 }')
[ "$soname" = "libamaze.so.0" ] || fail "soname is '$soname', expected libamaze.so.0"

expected=$("$prefix/bin/amaze" generate -s 12x7 --seed 42 --format text --color never)
[ -n "$expected" ] || fail "installed amaze printed nothing"

export PKG_CONFIG_PATH=$prefix/lib/pkgconfig
cc=${CC:-cc}
# Shared, through pkg-config.
$cc -std=c11 -Wall -Werror $(pkg-config --cflags amaze) "$src/tests/consumer/consumer.c" -o "$tmp/shared" \
  $(pkg-config --libs amaze) || fail "pkg-config shared build"
LD_LIBRARY_PATH=$prefix/lib "$tmp/shared" 12 7 42 >"$tmp/out" 2>/dev/null || fail "shared consumer failed"
[ "$(cat "$tmp/out")" = "$expected" ] || fail "shared consumer printed a different maze"
ldd "$tmp/shared" | grep -q 'libamaze.so.0' || fail "shared consumer does not use libamaze.so.0"
# Static, through pkg-config --static and the archive.
$cc -std=c11 -Wall -Werror $(pkg-config --cflags amaze) "$src/tests/consumer/consumer.c" -o "$tmp/static" \
  "$prefix/lib/libamaze.a" $(pkg-config --libs-only-other --static amaze) -lm || fail "static build"
"$tmp/static" 12 7 42 >"$tmp/out" 2>/dev/null || fail "static consumer failed"
[ "$(cat "$tmp/out")" = "$expected" ] || fail "static consumer printed a different maze"
ldd "$tmp/static" | grep -q libamaze && fail "static consumer still needs libamaze.so"

# libamaze-render through its own pkg-config file: a PNG, the same as amaze render's.
$cc -std=c11 -Wall -Werror $(pkg-config --cflags amaze-render) "$src/tests/consumer/consumer_render.c" \
  -o "$tmp/render" $(pkg-config --libs amaze-render) || fail "pkg-config amaze-render build"
LD_LIBRARY_PATH=$prefix/lib "$tmp/render" >"$tmp/a.png" || fail "render consumer failed"
"$prefix/bin/amaze" generate -s 8x5 --seed 3 --format amz | "$prefix/bin/amaze" render - -o "$tmp/b.png" ||
  fail "amaze render"
cmp -s "$tmp/a.png" "$tmp/b.png" || fail "render consumer's PNG differs from amaze render's"

# CMake: find_package against the prefix, then add_subdirectory of the source tree.
cmake -S "$src/tests/consumer" -B "$tmp/cm" -DCMAKE_PREFIX_PATH="$prefix" >"$tmp/cm.log" 2>&1 &&
  cmake --build "$tmp/cm" >>"$tmp/cm.log" 2>&1 || { cat "$tmp/cm.log"; fail "find_package consumer build"; }
[ "$("$tmp/cm/consumer" 12 7 42 2>/dev/null)" = "$expected" ] || fail "find_package consumer output"
[ "$(LD_LIBRARY_PATH=$prefix/lib "$tmp/cm/consumer_shared" 12 7 42 2>/dev/null)" = "$expected" ] ||
  fail "find_package shared consumer output"
cmake -S "$src/tests/consumer" -B "$tmp/sub" -DAMAZE_SOURCE_DIR="$src" >"$tmp/sub.log" 2>&1 &&
  cmake --build "$tmp/sub" -j 2 >>"$tmp/sub.log" 2>&1 || { tail -20 "$tmp/sub.log"; fail "add_subdirectory build"; }
[ "$("$tmp/sub/consumer" 12 7 42 2>/dev/null)" = "$expected" ] || fail "add_subdirectory consumer output"

# The man page renders without a warning and documents every command.
warnings=$(groff -ww -z -man "$prefix/share/man/man1/amaze.1" 2>&1)
[ -z "$warnings" ] || fail "groff warnings: $warnings"
for c in $("$prefix/bin/amaze" --help | awk '/^Commands:/ { on = 1; next } on && /^$/ { on = 0 } on && $1 != "help" { print $1 }'); do
  grep -q "^\.SS amaze $c\$" "$prefix/share/man/man1/amaze.1" || fail "man page lacks amaze $c"
done
MANWIDTH=80 man -l "$prefix/share/man/man1/amaze.1" >/dev/null 2>"$tmp/man.err" || fail "man -l failed"

# Uninstall removes exactly the manifest: nothing but empty folders remains.
xargs -d '\n' rm -f -- <"$manifest"
left=$(find "$prefix" -type f -o -type l)
[ -z "$left" ] || fail "files left after uninstall: $left"

[ "$fails" -eq 0 ] || { echo "$fails failure(s)" >&2; exit 1; }
echo ok
