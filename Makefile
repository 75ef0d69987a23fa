# Thin wrapper over CMake. `make` builds build/amaze; `make run` shows a solved maze;
# `make test` runs every test (a normal build and an ASan+UBSan build); `make bench`
# prints the benchmark table.
BUILD ?= build
SAN_BUILD ?= build-san
JOBS ?= $(shell nproc 2>/dev/null || echo 2)
CMAKE_FLAGS ?=

.PHONY: all build deps run test test-fast lint bench fuzz valgrind install uninstall clean
PREFIX ?= /usr/local

all: build

deps:
	@scripts/deps.sh

$(BUILD)/CMakeCache.txt:
	cmake -S . -B $(BUILD) -DCMAKE_BUILD_TYPE=Release $(CMAKE_FLAGS)

build: $(BUILD)/CMakeCache.txt
	cmake --build $(BUILD) -j $(JOBS)

run: deps build
	$(BUILD)/amaze generate -s 20x10 | $(BUILD)/amaze solve - | $(BUILD)/amaze render - --style unicode

$(SAN_BUILD)/CMakeCache.txt:
	CC=clang cmake -S . -B $(SAN_BUILD) -DCMAKE_BUILD_TYPE=Debug -DAMZ_SANITIZE=ON $(CMAKE_FLAGS)

# Every test twice: optimised with gcc, then under ASan+UBSan with clang; then lint.
test: deps build $(SAN_BUILD)/CMakeCache.txt
	cd $(BUILD) && ctest --output-on-failure -j $(JOBS)
	cmake --build $(SAN_BUILD) -j $(JOBS)
	cd $(SAN_BUILD) && ASAN_OPTIONS=detect_leaks=1 LSAN_OPTIONS=suppressions=$(CURDIR)/tests/lsan.supp:print_suppressions=0 UBSAN_OPTIONS=print_stacktrace=1 ctest --output-on-failure -j $(JOBS)
	$(MAKE) --no-print-directory lint

# Static analysis of the library and program sources: cppcheck, then clang-tidy with the
# committed .clang-tidy (warnings are errors).
LINT_SOURCES = $(wildcard src/*/*.c)
lint: build
	cppcheck -j $(JOBS) --quiet --enable=warning,performance,portability --std=c11 --error-exitcode=1 \
	  --inline-suppr -I include -I src src/ bench/ examples/ web/
	printf '%s\n' $(LINT_SOURCES) | xargs -P $(JOBS) -n 8 clang-tidy -p $(BUILD) --quiet 2>&1 | \
	  { ! grep -E -A3 '(warning|error):'; }
	clang-tidy --quiet $(wildcard web/*.c) -- $(WEB_TIDY_FLAGS) 2>&1 | { ! grep -E -A3 '(warning|error):'; }

# The optimised build only, for quick iterations.
test-fast: build
	cd $(BUILD) && ctest --output-on-failure -j $(JOBS)

# Every CLI test script with the program under valgrind (slow: about half an hour).
valgrind: deps build
	cmake -S . -B $(BUILD) -DAMZ_VALGRIND_TESTS=ALL >/dev/null
	(cd $(BUILD) && ctest --output-on-failure -j $(JOBS) -L valgrind); \
	  rc=$$?; cmake -S . -B $(BUILD) -UAMZ_VALGRIND_TESTS >/dev/null; exit $$rc

# `make fuzz FUZZ_TIME=600`: every libFuzzer target for FUZZ_TIME seconds (or only
# FUZZ_TARGETS="maze_read json_read"), in $(FUZZ_BUILD), whose library carries the full
# libFuzzer instrumentation; each keeps its corpus in $(FUZZ_BUILD)/fuzz-work/<target>,
# crashes land in $(FUZZ_BUILD)/fuzz-crashes, and the line printed per target gives its
# executions and the coverage it reached (cov: edges, ft: features).
FUZZ_TIME ?= 300
FUZZ_BUILD ?= build-fuzz
FUZZ_TARGETS ?= $(patsubst tests/fuzz/fuzz_%.c,%,$(wildcard tests/fuzz/fuzz_*.c))
$(FUZZ_BUILD)/CMakeCache.txt:
	CC=clang cmake -S . -B $(FUZZ_BUILD) -DCMAKE_BUILD_TYPE=Debug -DAMZ_SANITIZE=ON -DAMZ_FUZZ_FULL=ON $(CMAKE_FLAGS)
fuzz: deps $(FUZZ_BUILD)/CMakeCache.txt
	cmake --build $(FUZZ_BUILD) -j $(JOBS) --target $(addprefix fuzz_,$(FUZZ_TARGETS))
	@mkdir -p $(FUZZ_BUILD)/fuzz-crashes
	@for t in $(FUZZ_TARGETS); do \
	  f=$(FUZZ_BUILD)/tests/fuzz_$$t; echo "== $$t ($(FUZZ_TIME) s)"; \
	  mkdir -p $(FUZZ_BUILD)/fuzz-work/$$t; \
	  $$f -max_total_time=$(FUZZ_TIME) -rss_limit_mb=2048 -timeout=10 -close_fd_mask=3 -print_final_stats=1 \
	    -artifact_prefix=$(FUZZ_BUILD)/fuzz-crashes/$$t- $(FUZZ_BUILD)/fuzz-work/$$t tests/fuzz/corpus/$$t \
	    2>&1 | grep -E '^(stat::number_of_executed_units|#[0-9]+ +DONE|INFO: Loaded 1 modules|==.*ERROR|SUMMARY)' ; \
	done

# The WebAssembly build and its page: `make web`, `make web-serve` (web/web.mk).
include web/web.mk

bench: deps build
	$(BUILD)/amaze-bench
	$(BUILD)/amaze-bench-terrain
	$(BUILD)/amaze-bench-dungeon
	$(BUILD)/amaze-bench-images
	bench/slide.sh $(BUILD)
	bench/book.sh $(BUILD)
	bench/difficulty.sh $(BUILD)

# `make install PREFIX=/opt/amaze DESTDIR=/tmp/stage`: libraries (static, shared with
# soname libamaze.so.MAJOR), headers, amaze.pc, the CMake package, the program and its
# man page. `make uninstall` removes exactly the files the last install wrote.
install: build
	DESTDIR="$(DESTDIR)" cmake --install $(BUILD) --prefix $(PREFIX)

uninstall:
	@test -f $(BUILD)/install_manifest.txt || { echo "uninstall: nothing installed from $(BUILD)" >&2; exit 1; }
	xargs -d '\n' rm -f -- < $(BUILD)/install_manifest.txt

clean:
	rm -rf $(BUILD) $(SAN_BUILD) $(FUZZ_BUILD) $(WEB_BUILD) $(WEB_DIST)
