# Thin wrapper over CMake. `make` builds build/amaze; `make run` shows a solved maze;
# `make test` runs every test (a normal build and an ASan+UBSan build); `make bench`
# prints the benchmark table.
BUILD ?= build
SAN_BUILD ?= build-san
JOBS ?= $(shell nproc 2>/dev/null || echo 2)
CMAKE_FLAGS ?=

.PHONY: all build deps run test test-fast bench clean

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

# Every test twice: optimised with gcc, then under ASan+UBSan with clang.
test: deps build $(SAN_BUILD)/CMakeCache.txt
	cd $(BUILD) && ctest --output-on-failure -j $(JOBS)
	cmake --build $(SAN_BUILD) -j $(JOBS)
	cd $(SAN_BUILD) && ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 ctest --output-on-failure -j $(JOBS)

# The optimised build only, for quick iterations.
test-fast: build
	cd $(BUILD) && ctest --output-on-failure -j $(JOBS)

bench: deps build
	$(BUILD)/amaze-bench
	bench/slide.sh $(BUILD)

clean:
	rm -rf $(BUILD) $(SAN_BUILD)
