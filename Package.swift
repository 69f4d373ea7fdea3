// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "Tessera",
    products: [
        .library(name: "Tessera", targets: ["Tessera"]),
        .library(name: "TesseraBaselines", targets: ["TesseraBaselines"]),
        .executable(name: "tessera-bench", targets: ["tessera-bench"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/HdrHistogram/hdrhistogram-swift", from: "0.2.0"),
    ],
    targets: [
        // The engine: standard library and Foundation only.
        .target(name: "Tessera"),
        // Faithful ports of the designs the tutorials teach, kept apart from the engine.
        .target(name: "TesseraBaselines", dependencies: ["Tessera"]),
        // Workloads, scroll traces, measurement and reports.
        .target(
            name: "TesseraBenchKit",
            dependencies: [
                "Tessera",
                "TesseraBaselines",
                .product(name: "Histogram", package: "hdrhistogram-swift"),
            ]
        ),
        .systemLibrary(
            name: "CJemalloc",
            pkgConfig: "jemalloc",
            providers: [.apt(["libjemalloc-dev"])]
        ),
        .executableTarget(
            name: "tessera-bench",
            dependencies: [
                "TesseraBenchKit",
                "CJemalloc",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .testTarget(name: "TesseraTests", dependencies: ["Tessera", "TesseraBaselines"]),
        .testTarget(name: "TesseraBenchKitTests", dependencies: ["TesseraBenchKit"]),
        // Runs the built `tessera-bench` as a user would: the dependency makes `swift test` build it.
        .testTarget(name: "TesseraBenchCLITests", dependencies: ["tessera-bench"]),
    ]
)
