// swift-tools-version:6.0
// KamiKit: Kami's game core for Swift (generated uniffi bindings) and a platform-neutral
// observable game model for the SwiftUI app. Builds and tests on Linux and Apple platforms.
import PackageDescription

#if os(Linux)
/// The C side of the bindings: the generated header and module map (ios/scripts/generate-bindings.sh),
/// linked against a host-built libkami_core.so whose folder the build is given (`-Xlinker -L<dir>`,
/// see ios/scripts/test-linux.sh).
let coreFFI: Target = .systemLibrary(name: "KamiCoreFFI", path: "Sources/KamiCoreFFI")
#else
/// On Apple platforms: the XCFramework made by ios/scripts/build-xcframework.sh (not committed),
/// static libraries of the core for iPhone, the simulator and macOS with the same header and
/// module map.
let coreFFI: Target = .binaryTarget(name: "KamiCoreFFI", path: "Frameworks/KamiCoreFFI.xcframework")
#endif

let package = Package(
    name: "KamiKit",
    platforms: [.iOS(.v17), .macOS(.v14)],
    products: [
        // KamiCore too: the app uses the core's records (snapshots, layouts, hints) directly.
        .library(name: "KamiKit", targets: ["KamiKit", "KamiCore"]),
    ],
    targets: [
        coreFFI,
        .target(
            name: "KamiCore",
            dependencies: ["KamiCoreFFI"],
            linkerSettings: [.linkedLibrary("kami_core", .when(platforms: [.linux]))]
        ),
        .target(name: "KamiKit", dependencies: ["KamiCore"]),
        .testTarget(name: "KamiKitTests", dependencies: ["KamiKit"]),
    ]
)
