// swift-tools-version: 6.1
// Tessera's package-benchmark suite, a package of its own so that the root package, and its `swift test`, never
// build package-benchmark: the engine depends on no benchmark library.
//
//   cd Benchmarks && swift package benchmark                    # run, with wall clock and malloc counts
//   cd Benchmarks && swift package benchmark thresholds check   # malloc counts against Thresholds/ (strict)
//   Benchmarks/update-thresholds                                # rewrite Thresholds/ after an intended change
//
// Run the plugin from this folder: the thresholds' path, Thresholds/, is read relative to the working directory.
import PackageDescription

let package = Package(
    name: "TesseraBenchmarks",
    platforms: [.macOS(.v13)],
    dependencies: [
        // Named, so that the products resolve whatever the checkout's folder is called.
        .package(name: "Tessera", path: ".."),
        // Its malloc statistics come from the MallocInterposer trait on Swift 6.3.
        .package(url: "https://github.com/ordo-one/benchmark", exact: "1.38.1", traits: ["MallocInterposer"]),
    ],
    targets: [
        // package-benchmark finds benchmark targets by their folder's parent, which must be named Benchmarks.
        .executableTarget(
            name: "TesseraBenchmarks",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "Tessera", package: "Tessera"),
                .product(name: "TesseraBenchKit", package: "Tessera"),
            ],
            path: "TesseraBenchmarks",
            plugins: [
                .plugin(name: "BenchmarkPlugin", package: "benchmark")
            ]
        )
    ]
)
