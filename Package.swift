// swift-tools-version:5.9
import PackageDescription

// Dependencies point one way: tessera → TesseraApp → ImageLayer and the adapters (GalleryNet, SDLKit, CurlKit) →
// GalleryCore.
// What ships is `tessera` alone. `tessera-bench` (the benchmark, the fixture server, the store's crash test) is for
// development: it alone links the fixture server and the hostile image samples (`tessera` links SwiftNIO for the
// remote, `--remote`, which listens nowhere unless asked).
let package = Package(
    name: "Tessera",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "tessera", targets: ["tessera"]),
        .executable(name: "tessera-bench", targets: ["tessera-bench"]),
        // A stand-in for the Vulkan loader, installed beside `tessera`: a Wayland window made with it has no OpenGL
        // (Sources/VulkanStandIn/stand_in.c says why).
        .library(name: "TesseraVulkanStandIn", type: .dynamic, targets: ["VulkanStandIn"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        // 2.100: the HTTP decoder's limits (NIOHTTPDecoderLimitConfiguration), which the remote sets.
        .package(url: "https://github.com/apple/swift-nio", from: "2.100.0"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.0.0"),
    ],
    targets: [
        .systemLibrary(
            name: "CSDL2", pkgConfig: "sdl2 SDL2_image SDL2_ttf",
            providers: [.apt(["libsdl2-dev", "libsdl2-image-dev", "libsdl2-ttf-dev"])]),
        .systemLibrary(
            name: "CTurboJPEG", pkgConfig: "libturbojpeg",
            providers: [.apt(["libturbojpeg0-dev"])]),
        .systemLibrary(
            name: "CHeif", pkgConfig: "libheif",
            providers: [.apt(["libheif-dev"])]),
        .systemLibrary(
            name: "CPNG", pkgConfig: "libpng",
            providers: [.apt(["libpng-dev"])]),
        // GNU gettext's runtime (glibc's libintl): the words a user reads, in their language. Wrapped by GettextKit.
        .systemLibrary(name: "CGettext", path: "Sources/CGettext"),
        .systemLibrary(
            name: "CFriBidi", pkgConfig: "fribidi",
            providers: [.apt(["libfribidi-dev"])]),
        // The media worker's decoders (FFmpeg 5.1, libwebp 1.2): linked by MediaDecode alone, which runs in a worker
        // process of its own (`tessera media-worker`).
        .systemLibrary(
            name: "CFFmpeg", pkgConfig: "libavformat libavcodec libswscale libswresample libavutil",
            providers: [.apt(["libavformat-dev", "libavcodec-dev", "libswscale-dev", "libswresample-dev", "libavutil-dev"])]),
        .systemLibrary(
            name: "CWebPDemux", pkgConfig: "libwebpdemux",
            providers: [.apt(["libwebp-dev"])]),
        // MQTT (`--mqtt`): libmosquitto, wrapped by MosquittoKit alone.
        .systemLibrary(
            name: "CMosquitto", pkgConfig: "libmosquitto",
            providers: [.apt(["libmosquitto-dev"])]),
        // JPEG XL (libjxl 0.7) and camera RAW (LibRaw 0.20, its thread-safe build): wrapped by JXLKit and RawKit alone.
        .systemLibrary(
            name: "CJXL", pkgConfig: "libjxl",
            providers: [.apt(["libjxl-dev"])]),
        .systemLibrary(
            name: "CLibRaw", pkgConfig: "libraw_r",
            providers: [.apt(["libraw-dev"])]),
        // Colour management (Little CMS 2): wrapped by ColourKit alone.
        .systemLibrary(
            name: "CLCMS2", pkgConfig: "lcms2",
            providers: [.apt(["liblcms2-dev"])]),
        .systemLibrary(
            name: "CCurl", pkgConfig: "libcurl",
            providers: [.apt(["libcurl4-openssl-dev"])]),
        // iCalendar (libical 3: `--calendar`): wrapped by ICalKit alone.
        .systemLibrary(
            name: "CICal", pkgConfig: "libical",
            providers: [.apt(["libical-dev"])]),
        // systemd-logind over sd-bus (the backlight's SetBrightness for `--brightness`): wrapped by SystemdKit alone.
        .systemLibrary(
            name: "CSystemd", pkgConfig: "libsystemd",
            providers: [.apt(["libsystemd-dev"])]),
        // DNS-SD over mDNS through avahi-daemon (D-Bus): the remote announced (`_tessera._tcp`), the other frames
        // found. Wrapped by AvahiKit alone.
        .systemLibrary(
            name: "CAvahi", pkgConfig: "avahi-client",
            providers: [.apt(["libavahi-client-dev"])]),

        .target(name: "GalleryCore"),
        // Frames composed from pictures in memory, in bands of rows on all cores (the slideshow's fades in software).
        .target(name: "PixelBands"),
        .target(name: "ImageSamples"),
        // Photos and repeatable randomness for the tests (not linked into `tessera`).
        .target(name: "GallerySamples", dependencies: ["GalleryCore"]),
        // Optimised in debug builds too: the clips' I420 conversion (yuv_convert.c) takes 20 ms a 1080p frame at -O0,
        // which would make the UI tests' clips drop frames.
        .target(name: "CPlatform", cSettings: [.unsafeFlags(["-O2"], .when(configuration: .debug))]),
        .target(name: "VulkanStandIn"),
        .target(name: "SDLKit", dependencies: ["CSDL2", "CPlatform"]),
        .target(name: "CurlKit", dependencies: ["CCurl"]),
        .target(name: "MosquittoKit", dependencies: ["CMosquitto"]),
        // ICalKit also reads a calendar into the core's `CalendarOccurrence`s (recurrences expanded by libical).
        .target(name: "ICalKit", dependencies: ["CICal", "GalleryCore"]),
        .target(name: "SystemdKit", dependencies: ["CSystemd"]),
        .target(name: "AvahiKit", dependencies: ["CAvahi"]),
        // Steering from afar (`--remote`, `--mqtt`): the HTTP server (SwiftNIO), its page, the MQTT bridge with Home
        // Assistant's discovery. Nothing in it runs unless asked.
        .target(
            name: "RemoteControl",
            dependencies: [
                "GalleryCore", "MosquittoKit", "AvahiKit", "CPlatform",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
            ]),
        .target(name: "TextKit", dependencies: ["CFriBidi"]),
        .target(name: "GettextKit", dependencies: ["CGettext", "GalleryCore"]),
        .target(name: "PNGKit", dependencies: ["CPNG"]),
        .target(name: "JPEGKit", dependencies: ["CTurboJPEG"]),
        .target(name: "HEIFKit", dependencies: ["CHeif"]),
        .target(name: "ColourKit", dependencies: ["CLCMS2"]),
        .target(name: "JXLKit", dependencies: ["CJXL"]),
        // RawKit also turns LibRaw's metadata into the core's `ImageHeader` (the folder scan and the decoder share it).
        .target(name: "RawKit", dependencies: ["CLibRaw", "GalleryCore"]),
        // Moving pictures: the worker process's decoding (MediaDecode, the only code that touches FFmpeg and libwebp,
        // and plays a clip's sound through SDL's audio in the worker;
        // optimized even in a debug build, where it turns and scales frames a pixel at a time) and the app's side of
        // the workers (MediaWorkers: processes, pipes, shared frames; no decoder linked).
        .target(name: "MediaDecode", dependencies: ["GalleryCore", "CPlatform", "CFFmpeg", "CWebPDemux", "CSDL2", "JXLKit"],
                swiftSettings: [.unsafeFlags(["-O"], .when(configuration: .debug))]),
        .target(name: "MediaWorkers", dependencies: ["GalleryCore", "CPlatform"]),
        .target(name: "GalleryNet", dependencies: ["GalleryCore", "CurlKit", "CPlatform"]),
        .target(name: "GalleryStore", dependencies: ["GalleryCore", "CPlatform", .product(name: "GRDB", package: "GRDB.swift")]),
        // The demo draws its landscapes a pixel at a time: optimized even in a debug build, where the tests' fixture
        // server draws hundreds of them.
        .target(name: "DemoPhotos", dependencies: ["GalleryCore", "SDLKit", "Workers"],
                swiftSettings: [.unsafeFlags(["-O"], .when(configuration: .debug))]),
        // Where photos come from, a target per family; the app installs them in `SourceRegistry.installed`.
        .target(name: "Workers", dependencies: ["GalleryCore"]),
        .target(name: "LocalSources", dependencies: ["GalleryCore", "CPlatform", "Workers", "RawKit", "JPEGKit"]),
        .target(name: "NetworkSources", dependencies: ["GalleryCore", "DemoPhotos"]),
        .target(
            name: "FixtureServer",
            dependencies: [
                "GalleryCore", "DemoPhotos", "CPlatform", "ImageSamples",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
            ]),
        // The image layer: the one owner of every texture (a slot holds a still or a playing clip's stream; the
        // uploader alone makes and fills them), the loads and their decoding, and the one door to the cell cache.
        // What to load, in what order and when to retry is the core's `LoadSchedule`.
        .target(name: "ImageLayer",
                dependencies: ["GalleryCore", "SDLKit", "JPEGKit", "HEIFKit", "PNGKit", "ColourKit", "JXLKit", "RawKit", "MediaWorkers",
                               "CPlatform"]),
        .target(
            name: "TesseraApp",
            dependencies: ["GalleryCore", "ImageLayer", "GalleryNet", "GalleryStore", "SDLKit", "JPEGKit", "HEIFKit", "DemoPhotos", "LocalSources", "MediaWorkers",
                           "NetworkSources", "CPlatform", "TextKit", "PNGKit", "RemoteControl", "SystemdKit", "ICalKit", "PixelBands"]),
        // The options the window and the benchmark share.
        .target(name: "TesseraOptions", dependencies: ["GalleryCore", .product(name: "ArgumentParser", package: "swift-argument-parser")]),
        .executableTarget(
            name: "tessera",
            dependencies: [
                "TesseraApp", "TesseraOptions", "GalleryCore", "SDLKit", "MediaDecode", "RemoteControl", "GettextKit",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]),
        .target(
            name: "TesseraBench",
            dependencies: ["TesseraApp", "ImageLayer", "GalleryCore", "GalleryStore", "GalleryNet", "NetworkSources", "CPlatform"]),
        .executableTarget(
            name: "tessera-bench",
            dependencies: [
                "TesseraBench", "TesseraOptions", "FixtureServer", "TesseraApp", "GalleryCore", "GalleryStore", "SDLKit",
                "MediaDecode", "MosquittoKit",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]),
        // The tests' pointer on a headless sway (virtual-pointer protocol); not installed.
        .executableTarget(name: "wayland-pointer", path: "Sources/WaylandPointer",
                          linkerSettings: [.linkedLibrary("wayland-client")]),

        .testTarget(name: "GalleryCoreTests", dependencies: ["GalleryCore", "GallerySamples", "ImageSamples"]),
        .testTarget(name: "PixelBandsTests", dependencies: ["PixelBands"]),
        // libical through ICalKit, on real .ics files.
        .testTarget(name: "ICalKitTests", dependencies: ["ICalKit", "GalleryCore"], resources: [.copy("Fixtures")]),
        .testTarget(name: "SourceTests", dependencies: ["GalleryCore", "GallerySamples", "NetworkSources", "LocalSources", "ImageSamples"],
                    resources: [.copy("Fixtures")]),
        .testTarget(
            name: "AdapterTests",
            dependencies: ["GalleryCore", "GalleryNet", "GalleryStore", "SDLKit", "JPEGKit", "HEIFKit", "ColourKit", "FixtureServer", "TesseraApp", "ImageLayer",
                           "LocalSources", "NetworkSources", "Workers", "DemoPhotos", "CPlatform", "TesseraBench",
                           "ImageSamples", "TextKit", "PNGKit", "MediaWorkers", "RemoteControl", "MosquittoKit",
                           "JXLKit", "RawKit", "AppDriving", "SystemdKit", "FakeLogind", "GettextKit", "TesseraOptions", "AvahiKit",
                           "PixelBands",
                           .product(name: "GRDB", package: "GRDB.swift"),
                           .product(name: "ArgumentParser", package: "swift-argument-parser")]),
        // The real app driven as a person would (a window under Xvfb, or headless with a script): shared by the UI
        // tests and the brief's.
        .target(name: "AppDriving", dependencies: ["SDLKit", "FixtureServer"], path: "Tests/AppDriving"),
        // A stand-in for systemd-logind on a private bus (the brightness tests' SetBrightness); not installed.
        .target(name: "FakeLogind", dependencies: ["CSystemd"], path: "Tests/FakeLogind"),
        .testTarget(name: "UITests", dependencies: ["AppDriving", "GalleryCore", "SDLKit", "FixtureServer", "GalleryStore",
                                                    "DemoPhotos", "ImageSamples"]),
        // The brief and the README's headline claims, one test each, against the real app: they change only when the
        // promise does.
        .testTarget(name: "BriefTests", dependencies: ["AppDriving", "GalleryCore", "SDLKit", "FixtureServer", "GalleryStore", "DemoPhotos"]),
    ]
)
