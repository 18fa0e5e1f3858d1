# The README's two commands: `make demo` and `make test`. Each installs the Debian packages it needs first.
SWIFT ?= swift
OUT ?= out

.PHONY: deps build test demo bench clean

deps:
	@bash scripts/install-deps.sh

build: deps
	$(SWIFT) build

## Runs every test suite.
test: deps
	$(SWIFT) test

## Renders the showcase into $(OUT)/ and prints what it wrote.
demo: deps
	$(SWIFT) build --product calyx
	$(SWIFT) run --skip-build calyx demo --output $(OUT)

## Prints `bench: <name> <value> <unit>` lines, then a summary (release build, allocations counted).
bench: deps
	$(SWIFT) build -c release --product calyx-bench
	LD_PRELOAD=$$($(SWIFT) build -c release --show-bin-path)/libMallocInterposerSwift.so \
		$$($(SWIFT) build -c release --show-bin-path)/calyx-bench

clean:
	rm -rf .build $(OUT)
