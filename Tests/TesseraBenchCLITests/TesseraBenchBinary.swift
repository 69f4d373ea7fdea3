import Foundation

/// The `tessera-bench` built beside the test bundle; `Bench.run` runs it as a user would.
enum TesseraBenchBinary {
    static var url: URL {
        URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("tessera-bench")
    }
}
