# The README's two commands: `make demo` and `make test`. Each installs the Debian packages it needs first.
SWIFT ?= swift
OUT ?= out

.PHONY: deps build test demo clean

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

clean:
	rm -rf .build $(OUT)
