# The README's two commands: `make demo` and `make test`. Each installs the Debian packages it needs first.
SWIFT ?= swift
OUT ?= out

# How many random programs `make test` runs (each twice, in child processes); `make fuzz` takes PROGRAMS,
# START (the first seed) and INPUTS (inputs per parser).
TEST_PROGRAMS ?= 300
PROGRAMS ?= 10000
START ?= 1
INPUTS ?= 1000000
# `make bench BENCH=lottie` runs one group of figures (see Benchmarks/CalyxBenchmarks/main.swift); empty: all.
BENCH ?=

.PHONY: deps build test check asan tsan demo docs bench fuzz soak clean

deps:
	@bash scripts/install-deps.sh

build: deps
	$(SWIFT) build

## Runs every test suite (the window tests inside a virtual X server), then a few hundred random programs, a
## short pass over each parser, the gallery page checked in a headless browser, and the Lottie reference files'
## frames compared with lottie-web's in the same browser.
test:
	@bash scripts/install-deps.sh --test
	$(SWIFT) build --build-tests
	xvfb-run -a -s "-screen 0 1280x800x24" $(SWIFT) test --skip-build
	$(SWIFT) run --skip-build calyx-fuzz programs --count $(TEST_PROGRAMS)
	@grep -v '^#' Fuzz/regressions.txt | while read -r seed keep; do \
		xvfb-run -a $(SWIFT) run --skip-build calyx-fuzz run --seed $$seed $${keep:+--keep $$keep} > /dev/null || exit 1; \
	done
	@for target in png jpeg font keypath lottie; do \
		$(SWIFT) run --skip-build calyx-fuzz inputs --target $$target --count 2000 || exit 1; \
	done
	rm -rf .build/gallery-check
	$(SWIFT) run --skip-build calyx demo --output .build/gallery-check > /dev/null
	python3 scripts/check-gallery.py .build/gallery-check
	python3 scripts/check-lottie-web.py "$$($(SWIFT) build --show-bin-path)/calyx"

## The unit tests alone (no random programs, parsers or gallery): the quick loop while working.
check:
	@bash scripts/install-deps.sh --test
	$(SWIFT) build --build-tests
	xvfb-run -a -s "-screen 0 1280x800x24" $(SWIFT) test --skip-build

## The whole suite under ThreadSanitizer (its own build folder, .build-tsan). The tests that limit a child's file
## size skip themselves here: the sanitizer's runtime cannot start under such a limit.
tsan:
	@bash scripts/install-deps.sh --test
	$(SWIFT) build --build-tests --sanitize=thread --scratch-path .build-tsan
	CALYX_SANITIZER=thread TSAN_OPTIONS=halt_on_error=1 xvfb-run -a -s "-screen 0 1280x800x24" \
		$(SWIFT) test --skip-build --sanitize=thread --scratch-path .build-tsan

## The whole suite under AddressSanitizer with its leak checker (its own build folder, .build-asan). Leaks in
## system libraries are listed, with why, in scripts/lsan-suppressions.txt; Calyx's own are not suppressed.
asan:
	@bash scripts/install-deps.sh --test
	$(SWIFT) build --build-tests --sanitize=address --scratch-path .build-asan
	ASAN_OPTIONS=detect_leaks=1 LSAN_OPTIONS=suppressions=$(CURDIR)/scripts/lsan-suppressions.txt \
		xvfb-run -a -s "-screen 0 1280x800x24" $(SWIFT) test --skip-build --sanitize=address --scratch-path .build-asan

## Renders the showcase and the gallery into $(OUT)/ and prints what it wrote, ending with the gallery's page.
demo: deps
	$(SWIFT) build --product calyx
	$(SWIFT) run --skip-build calyx demo --output $(OUT)

## The API documentation of every library product (DocC) into $(OUT)/docs, with its coverage; DocC warnings and
## coverage below the floor in scripts/build-docs.sh fail.
docs: deps
	bash scripts/build-docs.sh $(OUT)

## Prints `bench: <name> <value> <unit>` lines, then a summary (release build, allocations counted).
bench: deps
	@bash scripts/install-deps.sh --bench
	$(SWIFT) build -c release --product calyx-bench
	LD_PRELOAD=$$($(SWIFT) build -c release --show-bin-path)/libMallocInterposerSwift.so \
		$$($(SWIFT) build -c release --show-bin-path)/calyx-bench $(BENCH) | tee .build/bench.txt
	python3 scripts/bench-thorvg.py .build/bench.txt

## Hostile-input runs: PROGRAMS random programs from seed START, then INPUTS mutated inputs per parser
## (release build). Failing programs are printed shrunk, with the command that replays them.
fuzz: deps
	$(SWIFT) build -c release --product calyx-fuzz
	$$($(SWIFT) build -c release --show-bin-path)/calyx-fuzz programs --count $(PROGRAMS) --start $(START)
	@for target in png jpeg keypath font lottie; do \
		$$($(SWIFT) build -c release --show-bin-path)/calyx-fuzz inputs --target $$target --count $(INPUTS) || exit 1; \
	done

## Soaks (release build): a window playing for SOAK_SECONDS and an export to WebM of twenty times as many seconds
## of animation (exports run faster than real time), each with its memory's peak and slope
## (scripts/memory-profile.py). WebM, not MP4: an MP4 muxer keeps a sample table entry per frame in memory
## until the file's index is written at the end (about 50 bytes a frame), which is growth by design.
SOAK_SECONDS ?= 600
soak: deps
	@bash scripts/install-deps.sh --test
	$(SWIFT) build -c release --product calyx
	python3 scripts/memory-profile.py -- $$($(SWIFT) build -c release --show-bin-path)/calyx render worm \
		--out /tmp/calyx-soak.webm --duration $$(( $(SOAK_SECONDS) * 20 )) --fps 30
	rm -f /tmp/calyx-soak.webm
	xvfb-run -a -s "-screen 0 1280x800x24" python3 scripts/memory-profile.py -- \
		$$($(SWIFT) build -c release --show-bin-path)/calyx view worm --seconds $(SOAK_SECONDS)

clean:
	rm -rf .build $(OUT)
