# Tessera: `make run` and `make test` do all the set-up on a fresh Debian/Ubuntu machine with a Swift 6 toolchain.
SHELL := /bin/bash
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
APT := DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get
RUN_PACKAGES := pkg-config gettext libsqlite3-dev libsdl2-dev libwayland-dev libdrm-dev libsdl2-image-dev libsdl2-ttf-dev libcurl4-openssl-dev libturbojpeg0-dev libheif-dev libfribidi-dev libpng-dev libavformat-dev libavcodec-dev libswscale-dev libswresample-dev libavutil-dev libwebp-dev libmosquitto-dev liblcms2-dev libjxl-dev libraw-dev libical-dev libsystemd-dev libavahi-client-dev fonts-inter fonts-dejavu-core fonts-noto-core fonts-wqy-microhei fonts-symbola fonts-material-design-icons-iconfont ca-certificates
# The clip benchmark (`bench --clips`) makes its test clip and times its peer with the ffmpeg and ffprobe commands;
# the remote's (`bench --remote --broker local`) starts a mosquitto of its own.
BENCH_PACKAGES := $(RUN_PACKAGES) ffmpeg mosquitto python3-pil icc-profiles-free
TEST_PACKAGES := $(RUN_PACKAGES) xvfb xauth python3 desktop-file-utils openssl xdotool imagemagick icc-profiles-free libheif-examples libjxl-tools ffmpeg time sway grim wtype weston libegl-mesa0 libgl1-mesa-dri mosquitto mosquitto-clients chromium chromium-driver python3-venv faketime dbus-daemon avahi-daemon avahi-utils iproute2
# Python for the browser, MQTT and metrics tests (Selenium, paho-mqtt, prometheus-client: Prometheus's own text-format
# parser); the tests find it through TESSERA_TEST_PYTHON, else here.
# Home Assistant Core for the MQTT discovery test goes into a venv of its own (scripts/install-home-assistant:
# /opt/tessera-ha-venv, TESSERA_HA_VENV for the tests; about 4 minutes and 820 MB the first time, nothing after).
TEST_VENV := /opt/tessera-test-venv
ARGS ?=
# The languages shipped (po/LINGUAS) and where `make locale` puts their compiled catalogues for the built program
# (GettextBook finds .build/locale above the executable; the installed one finds PREFIX/share/locale).
LINGUAS := $(shell grep -v '^\#' po/LINGUAS 2>/dev/null)
LOCALE_BUILD := .build/locale

# Installing: `make install PREFIX=/usr/local` (and DESTDIR for staging), `make uninstall`, `make deb`.
PREFIX ?= /usr/local
DESTDIR ?=
BINDIR := $(PREFIX)/bin
DATADIR := $(PREFIX)/share
# The installed program carries the Swift runtime, Foundation and ICU inside (--static-swift-stdlib): a machine
# without a Swift toolchain needs only the C libraries below.
DIST := .build-dist
DIST_BIN := $(DIST)/release/tessera
# The Vulkan stand-in loader that lets a Wayland window be made without OpenGL (Sources/VulkanStandIn), installed
# in PREFIX/lib/tessera. Plain C compiled here: SwiftPM's own build of it (for `swift build`) links the Swift runtime.
STAND_IN := libTesseraVulkanStandIn.so
# Any C compiler: the system's, else the clang every Swift toolchain carries.
STAND_IN_CC := $(shell command -v cc 2>/dev/null || command -v clang 2>/dev/null)
DIST_STAND_IN := $(DIST)/release/$(STAND_IN)
# The benchmark, built the same way beside it (it is not installed).
BENCH_BIN := $(DIST)/release/tessera-bench
GENERATED := $(DIST)/share
ICON_SIZES := 16 24 32 48 64 128 256 512
# System units for a frame with no desktop (docs/raspberry-pi.md): examples to copy, since each names its user.
FRAME_UNITS := tessera-frame-kms.service tessera-frame-labwc.service tessera-frame-cage.service
# What `make install` puts where, relative to PREFIX; `make uninstall` removes exactly these.
INSTALLED := bin/tessera lib/tessera/$(STAND_IN) share/applications/tessera.desktop share/icons/hicolor/scalable/apps/tessera.svg \
	$(foreach s,$(ICON_SIZES),share/icons/hicolor/$(s)x$(s)/apps/tessera.png) \
	share/man/man1/tessera.1 share/bash-completion/completions/tessera share/zsh/site-functions/_tessera \
	share/fish/vendor_completions.d/tessera.fish lib/systemd/user/tessera-kiosk.service \
	$(foreach l,$(LINGUAS),share/locale/$(l)/LC_MESSAGES/tessera.mo) \
	share/doc/tessera/kiosk.conf.example $(foreach u,$(FRAME_UNITS),share/doc/tessera/$(u))
# Runtime libraries of the package (never the -dev ones).
DEB_DEPENDS := libc6, libstdc++6, libgcc-s1, libsdl2-2.0-0 (>= 2.26.0), libsdl2-image-2.0-0, libsdl2-ttf-2.0-0, \
	libcurl4, libturbojpeg0, libheif1, libsqlite3-0, libfribidi0, libpng16-16, libavformat59, libavcodec59, libswscale6, \
	libswresample4, libavutil57, libwebpdemux2, libmosquitto1, liblcms2-2, libjxl0.7, libraw20, libical3, libsystemd0, libavahi-client3, fonts-dejavu-core, ca-certificates
DEB_RECOMMENDS := fonts-inter, fonts-noto-core, fonts-wqy-microhei, fonts-symbola, fonts-material-design-icons-iconfont, xdg-utils
DEB_SUGGESTS := ddcutil

.PHONY: run test test-tsan tsan-build deps test-deps bench-deps build release bench bench-build bench-run clean dist install uninstall deb check-install check-deb check-vm locale check-words

deps:
	$(APT) update -qq
	$(APT) install -y -qq --no-install-recommends $(RUN_PACKAGES)

test-deps:
	$(APT) update -qq
	$(APT) install -y -qq --no-install-recommends $(TEST_PACKAGES)
	[ -x $(TEST_VENV)/bin/python ] || $(SUDO) python3 -m venv $(TEST_VENV)
	$(SUDO) $(TEST_VENV)/bin/pip install -q selenium paho-mqtt prometheus-client
	$(SUDO) scripts/install-home-assistant

bench-deps:
	$(APT) update -qq
	$(APT) install -y -qq --no-install-recommends $(BENCH_PACKAGES)

release: locale
	swift build -c release --product tessera

# Opens the gallery. Without network it falls back to the built-in demo catalogue.
run: deps release
	.build/release/tessera $(ARGS)

build: locale
	swift build --build-tests

# The catalogues: each po/LANG.po checked (placeholders, plural forms) and compiled to .mo by GNU gettext's msgfmt.
locale:
	@for l in $(LINGUAS); do mkdir -p $(LOCALE_BUILD)/$$l/LC_MESSAGES && \
		msgfmt --check -o $(LOCALE_BUILD)/$$l/LC_MESSAGES/tessera.mo po/$$l.po || exit 1; done

# Every language complete: no word missing or untranslated, no placeholder dropped, the template current.
check-words:
	scripts/check-words

# Every language complete first (check-words), then unit, adapter (libcurl against the fixture server) and UI tests (the real app, headless, checked by pixels). App
# tests that cannot run (no app built, no display) fail here rather than skip. The tests run as two halves at once,
# each under an Xvfb of its own (scripts/test-in-halves: most of a UI test's time is waiting, so two cores take
# about half as long), every test exactly once, the two logs and their counts together at the end.
test: test-deps check-words build
	scripts/test-in-halves

# The core, source and adapter tests under ThreadSanitizer, in a build folder of their own (CI runs it before
# `make test`): a data race between the decode workers, the network thread, the store's queue and the main thread
# fails the run. The UI tests run the app as a separate process and are left out.
# Its build needs only the run packages, so CI compiles it (make tsan-build) while the test packages install.
TSAN_FILTER := GalleryCoreTests|SourceTests|AdapterTests
TSAN_BUILD := --sanitize=thread --scratch-path .build-tsan
tsan-build:
	swift build --build-tests $(TSAN_BUILD)

test-tsan: test-deps tsan-build
	TSAN_OPTIONS="halt_on_error=1" xvfb-run -a -s "-screen 0 1600x1000x24" swift test --skip-build --disable-swift-testing \
		$(TSAN_BUILD) --filter '$(TSAN_FILTER)'

# The benchmark (headless), on the release build of the code that ships (`make install` and `make deb` install
# `tessera` alone; `tessera-bench` links the same app with the fixture server beside it).
# CI builds it once (make bench-build), then runs its short forms and their second tries with make bench-run (.ci/run).
bench: bench-build
	$(BENCH_BIN) bench $(ARGS)

bench-build: bench-deps dist
	swift build -c release --product tessera-bench --static-swift-stdlib --build-path $(DIST)

# One run of the benchmark `make bench-build` made, nothing installed or rebuilt first (each `make bench` asks apt
# and SwiftPM again: four release builds with nothing to do, a manual made again, a quarter of a minute or more).
bench-run:
	$(BENCH_BIN) bench $(ARGS)

# The release binary without the toolchain's libraries, its man page (from the same option definitions as
# --help) and shell completions.
# Every product in $(DIST) with the same --static-swift-stdlib (generate-manual too): one product built without it
# made the other compile the argument parser's modules again (two flags, two compile commands, one folder): 26-30 s
# each time, five times in a CI run (bench-build, check-install, check-vm), against 1-4 s with nothing to build.
dist: locale
	swift build -c release --product tessera --static-swift-stdlib --build-path $(DIST)
	$(STAND_IN_CC) -shared -fPIC -O2 -Wall -Werror -o $(DIST_STAND_IN) Sources/VulkanStandIn/stand_in.c
	swift build -c release --product generate-manual --static-swift-stdlib --build-path $(DIST)
	mkdir -p $(GENERATED)
	$(DIST)/release/generate-manual $(DIST_BIN) --output-directory $(GENERATED)
	scripts/finish-manual $(GENERATED)/tessera.1 assets/manual-extra.mdoc
	$(DIST_BIN) --generate-completion-script bash > $(GENERATED)/tessera.bash
	$(DIST_BIN) --generate-completion-script zsh > $(GENERATED)/_tessera
	$(DIST_BIN) --generate-completion-script fish > $(GENERATED)/tessera.fish
	sed 's|@BINDIR@|$(BINDIR)|' assets/tessera-kiosk.service > $(GENERATED)/tessera-kiosk.service
	for u in $(FRAME_UNITS); do sed 's|@BINDIR@|$(BINDIR)|; s|@LABWC@|/usr/bin/labwc|; s|@CAGE@|/usr/bin/cage|' \
		assets/pi/$$u > $(GENERATED)/$$u; done

install: dist
	install -Dm755 $(DIST_BIN) $(DESTDIR)$(BINDIR)/tessera
	install -Dm644 $(DIST_STAND_IN) $(DESTDIR)$(PREFIX)/lib/tessera/$(STAND_IN)
	install -Dm644 assets/tessera.desktop $(DESTDIR)$(DATADIR)/applications/tessera.desktop
	install -Dm644 assets/tessera.svg $(DESTDIR)$(DATADIR)/icons/hicolor/scalable/apps/tessera.svg
	for s in $(ICON_SIZES); do \
		install -Dm644 assets/icons/tessera-$$s.png $(DESTDIR)$(DATADIR)/icons/hicolor/$${s}x$${s}/apps/tessera.png; done
	install -Dm644 $(GENERATED)/tessera.1 $(DESTDIR)$(DATADIR)/man/man1/tessera.1
	install -Dm644 $(GENERATED)/tessera.bash $(DESTDIR)$(DATADIR)/bash-completion/completions/tessera
	install -Dm644 $(GENERATED)/_tessera $(DESTDIR)$(DATADIR)/zsh/site-functions/_tessera
	install -Dm644 $(GENERATED)/tessera.fish $(DESTDIR)$(DATADIR)/fish/vendor_completions.d/tessera.fish
	install -Dm644 $(GENERATED)/tessera-kiosk.service $(DESTDIR)$(PREFIX)/lib/systemd/user/tessera-kiosk.service
	install -Dm644 assets/kiosk.conf.example $(DESTDIR)$(DATADIR)/doc/tessera/kiosk.conf.example
	for u in $(FRAME_UNITS); do install -Dm644 $(GENERATED)/$$u $(DESTDIR)$(DATADIR)/doc/tessera/$$u; done
	for l in $(LINGUAS); do install -Dm644 $(LOCALE_BUILD)/$$l/LC_MESSAGES/tessera.mo \
		$(DESTDIR)$(DATADIR)/locale/$$l/LC_MESSAGES/tessera.mo; done

uninstall:
	rm -f $(addprefix $(DESTDIR)$(PREFIX)/,$(INSTALLED))
	-rmdir $(DESTDIR)$(DATADIR)/doc/tessera $(DESTDIR)$(PREFIX)/lib/tessera 2>/dev/null

# The architecture the package is built for: the machine's own (amd64 here, arm64 on a Raspberry Pi 4 or 5, armhf
# on a 32-bit Pi OS); the binary is built natively, so the two always agree.
DEB_ARCH := $(shell dpkg --print-architecture 2>/dev/null || echo amd64)

# A Debian package in dist/: `sudo apt install ./dist/tessera_VERSION_$(DEB_ARCH).deb`; it must hold every language's catalogue.
deb:
	rm -rf $(DIST)/deb
	$(MAKE) install PREFIX=/usr DESTDIR=$(CURDIR)/$(DIST)/deb
	mkdir -p $(DIST)/deb/DEBIAN dist
	version=$$($(DIST_BIN) --version); size=$$(du -sk $(DIST)/deb/usr | cut -f1); \
	printf '%s\n' "Package: tessera" "Version: $$version" "Architecture: $(DEB_ARCH)" \
		"Maintainer: Tessera developers <tessera@localhost>" "Installed-Size: $$size" \
		"Depends: $(DEB_DEPENDS)" "Recommends: $(DEB_RECOMMENDS)" "Suggests: $(DEB_SUGGESTS)" "Section: graphics" "Priority: optional" \
		"Homepage: https://github.com/tessera-photo/tessera" \
		"Description: endless photo wall for the Linux desktop and kiosks" \
		" An infinite two-column masonry wall of your photos (folders, watched for new files), Lorem Picsum or" \
		" Unsplash, with a clock to the millisecond, a detail pane, bookmarks, an offline cache and a kiosk" \
		" mode that scrolls by itself, keeps to a schedule and survives display resets." \
		> $(DIST)/deb/DEBIAN/control; \
	dpkg-deb --root-owner-group --build $(DIST)/deb dist/tessera_$${version}_$(DEB_ARCH).deb && \
	dpkg-deb -c dist/tessera_$${version}_$(DEB_ARCH).deb > $(DIST)/deb-contents.txt && \
	for l in $(LINGUAS); do grep -q " ./usr/share/locale/$$l/LC_MESSAGES/tessera.mo$$" $(DIST)/deb-contents.txt || \
		{ echo "deb: no catalogue for $$l" >&2; exit 1; }; done

# make install into a temporary prefix, checked (desktop entry, man page, no toolchain library), then removed.
check-install:
	$(APT) update -qq
	$(APT) install -y -qq --no-install-recommends desktop-file-utils man-db systemd cage sway
	scripts/check-install

# The console and a TV over HDMI-CEC, for real, in a QEMU virtual machine (scripts/vm-console-check: a virtio GPU and
# vivid's emulated HDMI-CEC; no KVM, GPU or /dev/cec needed here; about two and a half minutes on 2 cores). The guest
# uses this machine's own root, so what it runs is installed here too: modetest, cec-ctl and cec-follower, Mesa.
VM_PACKAGES := qemu-system-x86 cpio busybox-static kmod imagemagick python3 libdrm-tests v4l-utils iproute2 libgbm1 \
	libegl-mesa0 libgl1-mesa-dri
check-vm: dist
	$(APT) update -qq
	$(APT) install -y -qq --no-install-recommends $(VM_PACKAGES)
	TESSERA=$(DIST_BIN) scripts/vm-console-check

# The package on a clean Debian 12: a debootstrap chroot, apt install, the demo drawn, apt remove. Needs root and
# the network (it downloads a minimal Debian), so CI does not run it.
check-deb: deb
	$(APT) update -qq
	$(APT) install -y -qq --no-install-recommends debootstrap
	scripts/check-deb-chroot dist/tessera_$$($(DIST_BIN) --version)_$(DEB_ARCH).deb

clean:
	rm -rf .build $(DIST) dist
