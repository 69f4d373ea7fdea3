import Foundation

/// The `tessera-bench` that `Bench.run` runs as a user would: the one `TESSERA_BENCH_BINARY` names (scripts/test
/// names its release build, which runs the suite's measuring commands several times faster than a debug build),
/// or else the one built beside the test bundle.
enum TesseraBenchBinary {
    static var url: URL {
        if let path = ProcessInfo.processInfo.environment["TESSERA_BENCH_BINARY"], !path.isEmpty {
            return URL(fileURLWithPath: path)
        }
        return URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent(
            "tessera-bench")
    }

    /// Whether the binary is a debug build (its `--version` says so), whose times say little of the code's.
    static let isDebugBuild = (try? Bench.run(["--version"]).standardOutput.contains("debug build")) ?? true
}
