# Tessera: `make run` and `make test` do all the set-up on a fresh Debian/Ubuntu machine with a Swift 6 toolchain.
SHELL := /bin/bash
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
APT := DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get
RUN_PACKAGES := pkg-config libsqlite3-dev libsdl2-dev libsdl2-image-dev libsdl2-ttf-dev libcurl4-openssl-dev libturbojpeg0-dev fonts-dejavu-core fonts-wqy-microhei fonts-symbola ca-certificates
TEST_PACKAGES := $(RUN_PACKAGES) xvfb xauth python3 openssl xdotool imagemagick
ARGS ?=

.PHONY: run test deps test-deps build release bench clean

deps:
	$(APT) update -qq
	$(APT) install -y -qq --no-install-recommends $(RUN_PACKAGES)

test-deps:
	$(APT) update -qq
	$(APT) install -y -qq --no-install-recommends $(TEST_PACKAGES)

release:
	swift build -c release --product tessera

# Opens the gallery. Without network it falls back to the built-in demo catalogue.
run: deps release
	.build/release/tessera $(ARGS)

build:
	swift build --build-tests

# Unit, adapter (libcurl against the fixture server) and UI tests (the real app, headless, checked by pixels).
test: test-deps build
	xvfb-run -a -s "-screen 0 1600x1000x24" swift test --disable-swift-testing

# The benchmark (release build, headless). CI: make bench ARGS="--items 100 --check"
bench: deps release
	.build/release/tessera bench $(ARGS)

clean:
	rm -rf .build
