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
# src/io without the two files that touch the file system beyond stdio (outfile.c:
# temporary files, rename, fchmod, realpath; save.c: saving by path through it), the
# UI-free rules of the terminal games (src/play: the page plays by them too), and the
# parts of libamaze-render that need neither cairo nor libpng: picture layout and
# openings, and the readers and painter of RGBA pixels (the browser decodes PNG).
WEB_RENDER_SOURCES := $(addprefix src/render/,img_options.c img_source.c img_bitmap.c img_read.c img_mask.c \
  img_band.c)
WEB_LIB_SOURCES := $(wildcard src/core/*.c src/grid/*.c src/gen/*.c src/solve/*.c src/analyze/*.c \
  src/slide/*.c src/terrain/*.c src/dungeon/*.c src/render/text*.c) \
  $(filter-out src/io/outfile.c src/io/save.c,$(wildcard src/io/*.c)) \
  src/play/maze_game.c src/play/dungeon_game.c src/play/slide_game.c $(WEB_RENDER_SOURCES)
WEB_OBJECTS := $(patsubst %.c,$(WEB_BUILD)/%.o,$(WEB_LIB_SOURCES) $(wildcard web/*.c))
# The wasm stack: wasm-ld's default of 64 KiB is less than the .amz writer's 64 KiB
# chunk buffer. --stack-first puts it below the data, so an overflow traps instead of
# overwriting the heap.
WEB_STACK ?= 2097152
# Every `WEB_API <type> web_name(` line of web/glue.h is one export.
WEB_EXPORTS = $(shell sed -n 's/^WEB_API[^*]* [*]*\(web_[a-z0-9_]*\).*/\1/p' web/glue.h)
WEB_PAGE := $(wildcard web/*.html web/*.js web/*.css web/*.svg web/*.webmanifest)

.PHONY: web web-serve web-clean bench-web web-screenshot web-node-modules
web: $(WEB_DIST)/amaze.wasm $(patsubst web/%,$(WEB_DIST)/%,$(WEB_PAGE))
	@# Files the page no longer has (renamed or removed sources) would be served and
	@# cached by the service worker: the folder holds exactly the page.
	@for f in $(WEB_DIST)/*; do case " $(notdir $(WEB_PAGE)) amaze.wasm " in *" $${f##*/} "*) ;; *) rm -f "$$f" ;; esac; done

$(WEB_BUILD)/%.o: %.c
	@mkdir -p $(dir $@)
	$(WEB_CC) $(WEB_CFLAGS) -c $< -o $@

$(WEB_DIST)/amaze.wasm: $(WEB_OBJECTS) web/glue.h web/web.mk
	@mkdir -p $(WEB_DIST)
	$(WEB_CC) --target=wasm32-wasi -mexec-model=reactor -O2 $(WEB_OBJECTS) -o $@.tmp \
	  -Wl,-z,stack-size=$(WEB_STACK) -Wl,--stack-first -lwasi-emulated-getpid -Wl,--strip-all $(addprefix -Wl$(comma)--export=,$(WEB_EXPORTS))
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

