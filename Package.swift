// swift-tools-version: 6.1
import PackageDescription

// The engine's self-checks (`CollectionLayout.invariantViolation()` after every prepare and update, O(n + k²)) are
// compiled in only when the package is built with TESSERA_INTERNAL_CHECKS in the environment, as
// swift-collections gates its own with COLLECTIONS_INTERNAL_CHECKS: `scripts/test` sets it for the test build; an
// app's debug build never pays for them.
let internalChecks: [SwiftSetting] =
    Context.environment["TESSERA_INTERNAL_CHECKS"] != nil ? [.define("TESSERA_INTERNAL_CHECKS")] : []

let package = Package(
    name: "Tessera",
    products: [
        .library(name: "Tessera", targets: ["Tessera"]),
        .library(name: "TesseraBaselines", targets: ["TesseraBaselines"]),
        // The strategies, workloads and measurement, for the Benchmarks suite and for benchmarks of your own.
        .library(name: "TesseraBenchKit", targets: ["TesseraBenchKit"]),
        // `tessera-bench`'s command line, for an executable that benchmarks layouts of its own (Examples/).
        .library(name: "TesseraBenchCommand", targets: ["TesseraBenchCommand"]),
        .executable(name: "tessera-bench", targets: ["tessera-bench"]),
        .executable(name: "tessera-bench-system-malloc", targets: ["tessera-bench-system-malloc"]),
    ],
    dependencies: [
        // The command line's parsing, help and errors.
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        // Percentiles of the samples, as package-benchmark computes them.
        .package(url: "https://github.com/HdrHistogram/hdrhistogram-swift", from: "0.2.0"),
        // `swift package generate-documentation --target Tessera`: the engine's DocC catalog. A plugin only: nothing
        // of it is linked.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.4.0"),
        // The benchmark history's SQLite file (`tessera-bench history`): transactions, SQLite's locking across
        // processes with a busy timeout, typed rows.
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
    ],
    targets: [
        // The engine: standard library and Foundation only.
        .target(name: "Tessera", swiftSettings: internalChecks),
        // Faithful ports of the designs the tutorials teach, kept apart from the engine.
        .target(name: "TesseraBaselines", dependencies: ["Tessera"]),
        // The brute-force oracle every strategy's answers are checked against, and the seeded generator behind
        // every random layout: what the engine's tests and the bench kit share, and nothing that measures.
        .target(name: "TesseraOracle", dependencies: ["Tessera"]),
        // What a benchmark of your own needs: workloads and traces, strategies, measurement and the report model.
        // Public only where a package outside uses it (Benchmarks/, Examples/: the API list in
        // Tests/TesseraBenchCLITests/PublicAPI); `package` elsewhere. Each folder's README.md says what it owns.
        .target(
            name: "TesseraBenchKit",
            dependencies: [
                "Tessera",
                "TesseraBaselines",
                "TesseraOracle",
                .product(name: "Histogram", package: "hdrhistogram-swift"),
            ],
            exclude: ["Measurement", "Reports", "Strategies", "Support", "Workload"].map { "\($0)/README.md" },
            plugins: ["BuildInfo"]
        ),
        // What the command line does with runs: renders them, compares two builds (`ab`, `compare`), exports and
        // tunes, and writes the summary. Not a product: its API is `package`, so it can change with the tool.
        .target(
            name: "TesseraBenchAnalysis",
            dependencies: ["Tessera", "TesseraBenchKit"],
            exclude: ["Comparison", "Exports", "Rendering", "Summaries", "Tuning"].map { "\($0)/README.md" }
        ),
        // The history of a project's figures over commits, in SQLite, and the change points in each series.
        .target(
            name: "TesseraHistory",
            dependencies: ["TesseraBenchKit", "TesseraBenchAnalysis", .product(name: "GRDB", package: "GRDB.swift")]
        ),
        // Writes the commit the package is built from into TesseraBenchKit (`tessera-bench --version`, reports).
        .plugin(name: "BuildInfo", capability: .buildTool()),
        // The C yardsticks of `tessera-bench native` and `floors`: the engine's query and prepare against plain C
        // over flat arrays, in one process. Apart from the kit, so a package that benchmarks its own layouts
        // compiles no C.
        .target(
            name: "TesseraNative",
            dependencies: ["Tessera", "TesseraBenchKit", "TesseraBenchAnalysis", "CNativeSearch"]),
        // Plain C implementations of a binary search over flat columns, of a cgranges-style interval tree and of
        // two layouts' prepare: what TesseraNative measures the Swift against.
        .target(name: "CNativeSearch"),
        .systemLibrary(
            name: "CJemalloc",
            pkgConfig: "jemalloc",
            providers: [.apt(["libjemalloc-dev"])]
        ),
        // Callgrind's client requests (valgrind/callgrind.h), for `--measure instructions`: one small C file, which
        // does nothing where valgrind's header is missing. The command line hands them to the kit's counter, so the
        // kit compiles no C.
        .target(name: "CCallgrind"),
        // The command line, shared by the two executables below, which differ only in their allocator.
        .target(
            name: "TesseraBenchCLI",
            dependencies: [
                "Tessera",
                "TesseraBaselines",
                "TesseraBenchKit",
                "TesseraBenchAnalysis",
                "TesseraNative",
                "TesseraHistory",
                "CStandardOutput",
                "CCallgrind",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // The command line on jemalloc, with layouts of one's own registered.
        .target(name: "TesseraBenchCommand", dependencies: ["TesseraBenchCLI", "TesseraBenchKit", "CJemalloc"]),
        // `tessera-bench` itself: TesseraBenchCommand's main, with the built-in layouts only.
        .executableTarget(name: "tessera-bench", dependencies: ["TesseraBenchCommand"]),
        // The same command on glibc malloc, so the naive designs can be measured on both allocators.
        .executableTarget(name: "tessera-bench-system-malloc", dependencies: ["TesseraBenchCLI", "CMallocInfo"]),
        // The readers of every input file, the rect parser, the exports and the history under libFuzzer
        // (scripts/fuzz builds and runs it).
        .executableTarget(
            name: "tessera-fuzz",
            dependencies: ["Tessera", "TesseraBenchKit", "TesseraBenchAnalysis", "TesseraBenchCLI", "TesseraHistory"]),
        // glibc's `mallinfo2`, which Swift's Glibc module does not bring in.
        .systemLibrary(name: "CMallocInfo"),
        // C's `stdout`, flushed and checked for write errors (a global Swift's concurrency checking will not read).
        .systemLibrary(name: "CStandardOutput"),
        // The engine's tests build no measurement: the engine, the tutorials' designs and the oracle.
        .testTarget(
            name: "TesseraTests", dependencies: ["Tessera", "TesseraBaselines", "TesseraOracle"],
            swiftSettings: internalChecks),
        .testTarget(
            name: "TesseraBenchKitTests", dependencies: ["TesseraBenchKit", "TesseraBenchAnalysis", "TesseraNative"]),
        .testTarget(
            name: "TesseraHistoryTests",
            dependencies: [
                "TesseraHistory", "TesseraBenchKit", "TesseraBenchAnalysis", "TesseraOracle",
                .product(name: "GRDB", package: "GRDB.swift"),
            ]
        ),
        // Runs the built `tessera-bench` as a user would: the dependency makes `swift test` build it.
        // PublicAPI/ lists the products' public declarations, which PackageShapeTests compares with the sources.
        .testTarget(
            name: "TesseraBenchCLITests", dependencies: ["tessera-bench", "tessera-bench-system-malloc"],
            exclude: ["PublicAPI"]),
    ]
)
