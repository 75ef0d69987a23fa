# The web build (included by the Makefile): libamaze's sources plus web/glue.c compiled
# with clang for wasm32-wasi against Debian's wasi-libc, linked as a WASI "reactor"
# (a library with no main). Same sources as the native library, no threads: the
# slide solvers' pthread code is left out by not defining AMZ_HAVE_PTHREAD, as any
# build without threads does. Output: web/dist/ (amaze.wasm and the page).
WEB_CC ?= clang
WEB_BUILD ?= build-web
WEB_DIST ?= web/dist
WEB_CFLAGS = --target=wasm32-wasi -O2 -std=c11 -Wall -Wextra -Wpedantic -Wshadow -Wstrict-prototypes \
  -Wmissing-prototypes -Wwrite-strings -Wvla -Werror -D_POSIX_C_SOURCE=200809L -fvisibility=hidden \
  -D_WASI_EMULATED_MMAN -D_WASI_EMULATED_GETPID -Iinclude -Isrc -MMD -MP
# make lint checks web/*.c (not in the CMake compile database) with these flags.
WEB_TIDY_FLAGS = --target=wasm32-wasi -std=c11 -D_POSIX_C_SOURCE=200809L -D_WASI_EMULATED_MMAN \
  -D_WASI_EMULATED_GETPID -Iinclude -Isrc
WEB_LIB_SOURCES := $(wildcard src/core/*.c src/grid/*.c src/gen/*.c src/solve/*.c src/analyze/*.c \
  src/slide/*.c src/terrain/*.c)
WEB_OBJECTS := $(patsubst %.c,$(WEB_BUILD)/%.o,$(WEB_LIB_SOURCES) web/glue.c web/wasi_shim.c)
# Every `WEB_API <type> web_name(` line of web/glue.h is one export.
WEB_EXPORTS = $(shell sed -n 's/^WEB_API[^*]* [*]*\(web_[a-z0-9_]*\).*/\1/p' web/glue.h)
WEB_PAGE := $(wildcard web/*.html web/*.js web/*.css)

.PHONY: web web-serve web-clean bench-web web-screenshot web-node-modules
web: $(WEB_DIST)/amaze.wasm $(patsubst web/%,$(WEB_DIST)/%,$(WEB_PAGE))

$(WEB_BUILD)/%.o: %.c
	@mkdir -p $(dir $@)
	$(WEB_CC) $(WEB_CFLAGS) -c $< -o $@

$(WEB_DIST)/amaze.wasm: $(WEB_OBJECTS) web/glue.c
	@mkdir -p $(WEB_DIST)
	$(WEB_CC) --target=wasm32-wasi -mexec-model=reactor -O2 $(WEB_OBJECTS) -o $@.tmp \
	  -lwasi-emulated-getpid -Wl,--strip-all $(addprefix -Wl$(comma)--export=,$(WEB_EXPORTS))
	mv $@.tmp $@

$(WEB_DIST)/%: web/%
	@mkdir -p $(WEB_DIST)
	cp $< $@

# Serves the page on http://localhost:$(WEB_PORT)/ (any static server works).
WEB_PORT ?= 8000
web-serve: web
	@echo "amaze web page: http://localhost:$(WEB_PORT)/"
	cd $(WEB_DIST) && python3 -m http.server --bind 127.0.0.1 $(WEB_PORT)

# Wasm beside native (bench/web.mjs) and the page's screenshot (docs/web.png), both in
# Debian's chromium through tests/web's pinned playwright-core.
web-node-modules:
	cd tests/web && npm ci --no-audit --no-fund --loglevel=error

bench-web: build web web-node-modules
	node bench/web.mjs $(BUILD) $(WEB_DIST)

web-screenshot: web web-node-modules
	node tests/web/screenshot.mjs $(WEB_DIST) docs/web.png

web-clean:
	rm -rf $(WEB_BUILD) $(WEB_DIST)

comma := ,
-include $(WEB_OBJECTS:.o=.d)

