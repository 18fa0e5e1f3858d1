// swift-tools-version: 6.1
// Calyx: Apple's Core Animation (QuartzCore) and its CoreGraphics base, for Linux.
// Layout and layering: see docs/architecture.md and README.md; the Core Animation rules the code follows (cited
// in source comments as "semantics §n") are docs/semantics.md.
import PackageDescription

/// A C library from a Debian `-dev` package, found through pkg-config.
func systemLibrary(_ name: String, pkgConfig: String, apt: [String]) -> Target {
    .systemLibrary(name: name, path: "Sources/\(name)", pkgConfig: pkgConfig, providers: [.apt(apt)])
}

let package = Package(
    name: "Calyx",
    products: [
        .library(name: "CoreGraphics", targets: ["CoreGraphics"]),
        .library(name: "ImageIO", targets: ["ImageIO"]),
        .library(name: "CoreText", targets: ["CoreText"]),
        .library(name: "CoreImage", targets: ["CoreImage"]),
        .library(name: "QuartzCore", targets: ["QuartzCore"]),
        .library(name: "UIKit", targets: ["UIKit"]),
        .library(name: "Lottie", targets: ["Lottie"]),
        .library(name: "OpenGLES", targets: ["OpenGLES"]),
        .library(name: "CoreMedia", targets: ["CoreMedia"]),
        .library(name: "AVFoundation", targets: ["AVFoundation"]),
        .library(name: "CalyxHost", targets: ["CalyxHost"]),
        .library(name: "CalyxSnapshotTesting", targets: ["CalyxSnapshotTesting"]),
        // Needed by any Swift Testing target that imports Calyx's CoreGraphics (see its source).
        .library(name: "_Testing_CoreGraphics", targets: ["_Testing_CoreGraphics"]),
        .library(name: "_Testing_UIKit", targets: ["_Testing_UIKit"]),
        .library(name: "_Testing_CoreImage", targets: ["_Testing_CoreImage"]),
        .executable(name: "calyx", targets: ["calyx"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.0"),
        .package(url: "https://github.com/ordo-one/malloc-interposer", from: "1.6.0"),
        .package(url: "https://github.com/swiftlang/swift-syntax", from: "602.0.0"),
        .package(url: "https://github.com/pointfreeco/swift-snapshot-testing", from: "1.19.0"),
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.4.0"),
    ],
    targets: [
        // C libraries (Debian -dev packages).
        systemLibrary("CCairo", pkgConfig: "cairo", apt: ["libcairo2-dev"]),
        systemLibrary("CPixman", pkgConfig: "pixman-1", apt: ["libpixman-1-dev"]),
        systemLibrary("CPango", pkgConfig: "pangocairo", apt: ["libpango1.0-dev"]),
        systemLibrary("CPNG", pkgConfig: "libpng", apt: ["libpng-dev"]),
        systemLibrary("CTurboJPEG", pkgConfig: "libturbojpeg", apt: ["libturbojpeg0-dev"]),
        systemLibrary("CGif", pkgConfig: "libgif", apt: ["libgif-dev"]),
        systemLibrary("CWebP", pkgConfig: "libwebpmux", apt: ["libwebp-dev"]),
        systemLibrary("CZlib", pkgConfig: "zlib", apt: ["zlib1g-dev"]),
        systemLibrary("CFFmpeg", pkgConfig: "libavformat", apt: ["libavformat-dev", "libavcodec-dev", "libswscale-dev"]),
        systemLibrary("CSDL2", pkgConfig: "sdl2", apt: ["libsdl2-dev", "libx11-dev"]),
        systemLibrary("CEGL", pkgConfig: "egl", apt: ["libegl-dev", "libegl-mesa0"]),
        systemLibrary("CGLES", pkgConfig: "glesv2", apt: ["libgles-dev"]),
        // Only the benchmarks use it: rlottie, the speed yardstick for Lottie playback.
        systemLibrary("CRLottie", pkgConfig: "rlottie", apt: ["librlottie-dev"]),

        // Apple-named modules.
        // CoreGraphics decodes and encodes PNG and JPEG itself (CGImage(pngDataProviderSource:…)), as Apple's does, and reads WebP;
        // ImageIO's sources and destinations use its codecs.
        .target(name: "CoreGraphics", dependencies: ["CCairo", "CPixman", "CPNG", "CTurboJPEG", "CWebP", "CCoverage", "CPolygonClipping"], exclude: ["README.md"]),
        // CGPath's set operations (union, intersection, …) through Clipper (Debian's libpolyclipping-dev), behind a C face.
        .target(name: "CPolygonClipping", linkerSettings: [.linkedLibrary("polyclipping")]),
        // Solid fills by exact area coverage (CoreGraphics' fast path for plain fills).
        .target(name: "CCoverage"),
        .target(name: "ImageIO", dependencies: ["CoreGraphics"]),
        .target(name: "CoreText", dependencies: ["CoreGraphics", "CCairo", "CPango"]),
        // The constraint solver under Auto Layout (Cassowary), with no UIKit in it.
        .target(name: "CalyxLayoutSolver"),

        .target(name: "CMathShim", linkerSettings: [.linkedLibrary("m")]),
        .target(name: "CSpanKernels", dependencies: ["CCoverage"]),
        // Filter descriptions (CIFilter) for layers' backgroundFilters; the compositor applies them.
        .target(name: "CoreImage", dependencies: ["CoreGraphics"]),
        .target(name: "QuartzCore", dependencies: ["CoreGraphics", "CoreImage", "CoreText", "CMathShim", "CSpanKernels", "CCoverage", "CPixman"], exclude: ["README.md"]),
        .target(name: "_Testing_CoreGraphics", dependencies: ["CoreGraphics"]),
        .target(name: "_Testing_CoreImage", dependencies: ["CoreImage", "_Testing_CoreGraphics"]),
        // UIKit over QuartzCore: views, view animation, drawing and value types.
        .target(name: "UIKit", dependencies: ["QuartzCore", "ImageIO", "CalyxLayoutSolver"]),
        .target(name: "_Testing_UIKit", dependencies: ["UIKit", "_Testing_CoreGraphics"]),
        // After Effects animations (Bodymovin JSON) as Core Animation layer trees, with lottie-ios's API.
        .target(name: "Lottie", dependencies: ["QuartzCore", "UIKit", "ImageIO", "CoreImage", "CZlib"]),
        // OpenGL ES for CAEAGLLayer: EAGLContext over EGL on Mesa's surfaceless platform, and the GLES 3 API.
        .target(name: "OpenGLES", dependencies: ["QuartzCore", "CEGL", "CGLES"]),
        // Video: CMTime (CoreMedia), and players, items and AVPlayerLayer over FFmpeg's decoders (AVFoundation).
        .target(name: "CoreMedia"),
        .target(name: "AVFoundation", dependencies: ["CoreMedia", "QuartzCore", "CFFmpeg"]),
        // Where frames go: headless export (GIF through giflib, WebP through libwebp's mux, APNG, MP4 and WebM
        // through FFmpeg's libraries, PNG sequences) and a window (SDL2).
        .target(name: "CalyxHost", dependencies: ["CoreGraphics", "ImageIO", "QuartzCore", "UIKit", "CGif", "CWebP", "CZlib", "CFFmpeg", "CSDL2"]),

        // The gallery: the book's examples as named scenes, and the web page `make demo` writes for them.
        .target(name: "CalyxGallery", dependencies: ["QuartzCore", "UIKit", "CoreText", "CalyxHost", "OpenGLES", "AVFoundation", "Lottie"],
                plugins: ["GallerySourcesPlugin"]),
        // The gallery's code panels: each scene's builder source, extracted from the scene files at build time.
        .executableTarget(name: "gallery-sources", dependencies: [
            .product(name: "SwiftSyntax", package: "swift-syntax"),
            .product(name: "SwiftParser", package: "swift-syntax"),
        ]),
        .plugin(name: "GallerySourcesPlugin", capability: .buildTool(), dependencies: ["gallery-sources"]),

        // The command line.
        // Snapshot strategies for swift-snapshot-testing: layers, views, view controllers and Lottie animations at
        // chosen times, as PNGs, filmstrips and GIFs, compared with a perceptual tolerance.
        .target(name: "CalyxSnapshotTesting", dependencies: [
            "CoreGraphics", "ImageIO", "QuartzCore", "UIKit", "Lottie", "CalyxHost",
            // So that a test target using these strategies can import Testing beside Calyx's UIKit (see them).
            "_Testing_CoreGraphics", "_Testing_UIKit", "_Testing_CoreImage",
            .product(name: "SnapshotTesting", package: "swift-snapshot-testing"),
        ]),
        // `calyx port`: rewrites iOS sources for Linux with swift-syntax's parser (no UIKit in it).
        .target(name: "CalyxPort", dependencies: [
            .product(name: "SwiftSyntax", package: "swift-syntax"),
            .product(name: "SwiftParser", package: "swift-syntax"),
        ]),
        .executableTarget(name: "calyx", dependencies: [
            "CoreGraphics", "ImageIO", "CoreText", "QuartzCore", "CalyxHost", "CalyxGallery", "Lottie", "CalyxPort",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),

        // Benchmarks (`make bench`): whole-frame figures, reported as `bench: <name> <value> <unit>` lines.
        .executableTarget(name: "calyx-bench", dependencies: [
            "QuartzCore", "UIKit", "CalyxHost", "Lottie", "CRLottie",
            .product(name: "MallocInterposerSwift", package: "malloc-interposer"),
        ], path: "Benchmarks/CalyxBenchmarks"),

        // Hostile-input testing (`make test`, `make fuzz`): random programs in child processes, mutation loops.
        .executableTarget(name: "calyx-fuzz", dependencies: [
            "CoreGraphics", "ImageIO", "CoreText", "QuartzCore", "UIKit", "Lottie",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ], path: "Fuzz/calyx-fuzz"),

        // Tests mirror the modules; CalyxTestSupport holds the pixel probes they share.
        .target(name: "CalyxTestSupport", dependencies: ["CoreGraphics", "_Testing_CoreGraphics"], path: "Tests/CalyxTestSupport"),
        .testTarget(name: "CalyxLayoutSolverTests", dependencies: ["CalyxLayoutSolver"]),
        // What `calyx port` must produce from the inputs in CalyxPortTests/Inputs, compiled against Calyx's UIKit
        // by the build itself: the expected outputs are proven to compile, and the tests compare text with them.
        .target(name: "CalyxPortExpected", dependencies: ["UIKit", "QuartzCore"], path: "Tests/CalyxPortExpected",
                swiftSettings: [.swiftLanguageMode(.v5)]),
        .testTarget(name: "CalyxSnapshotTestingTests", dependencies: [
            "CalyxSnapshotTesting", "UIKit", "QuartzCore", "Lottie", "_Testing_CoreGraphics", "_Testing_UIKit",
            .product(name: "SnapshotTesting", package: "swift-snapshot-testing"),
        ]),
        .testTarget(name: "CalyxPortTests", dependencies: ["CalyxPort", "CalyxPortExpected"], exclude: ["Inputs"]),
        .testTarget(name: "CoreGraphicsTests", dependencies: [
            "CoreGraphics", "CalyxTestSupport",
            .product(name: "PropertyBased", package: "swift-property-based"),
        ]),
        .testTarget(name: "ImageIOTests", dependencies: ["ImageIO", "CalyxTestSupport"]),
        .testTarget(name: "CalyxHostTests", dependencies: ["CalyxHost", "CGif", "CWebP", "CZlib", "CFFmpeg", "ImageIO", "UIKit", "_Testing_UIKit", "_Testing_CoreImage", "QuartzCore", "CalyxTestSupport"]),
        .testTarget(name: "CoreTextTests", dependencies: ["CoreText", "CalyxTestSupport"]),
        .testTarget(name: "AVFoundationTests", dependencies: ["AVFoundation", "QuartzCore", "CalyxHost", "CalyxTestSupport", "_Testing_CoreImage"]),
        .testTarget(name: "OpenGLESTests", dependencies: ["OpenGLES", "QuartzCore", "CalyxTestSupport", "_Testing_CoreImage"]),
        .testTarget(name: "UIKitTests", dependencies: ["UIKit", "_Testing_UIKit", "_Testing_CoreImage", "CalyxTestSupport"]),
        .testTarget(name: "LottieTests", dependencies: ["Lottie", "UIKit", "ImageIO", "_Testing_UIKit", "_Testing_CoreImage", "CalyxTestSupport"],
                    exclude: ["References"]),
        .testTarget(name: "QuartzCoreTests", dependencies: [
            "QuartzCore", "ImageIO", "CalyxTestSupport", "_Testing_CoreImage",
            .product(name: "PropertyBased", package: "swift-property-based"),
        ], exclude: ["References"]),
    ]
)
