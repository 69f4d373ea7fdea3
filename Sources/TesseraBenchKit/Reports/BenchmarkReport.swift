import Foundation

/// What `tessera-bench run` writes with `--report FILE.json`: versioned, with the environment it ran in.
package struct BenchmarkReport: Codable, Sendable {
    /// Bumped when a field changes meaning, name or disappears; readers refuse newer versions. Version 2: times are
    /// fractional nanoseconds, and a sample may be the mean of a batch (`operationsPerSample`). Version 3: the
    /// element counts are named after elements (`elements`, `nanosecondsPerElement`, `bytesPerElement`), not items;
    /// version 2's names are still read.
    package static let currentSchemaVersion = 3

    /// Whether reports of these two versions measured their figures the same way, so that a ratio between them
    /// measures the code and not a change of method: 2 and 3 differ only in names.
    package static func measuresAlike(_ a: Int, _ b: Int) -> Bool {
        a == b || (a >= 2 && b >= 2)
    }
    package static let toolName = "tessera-bench"

    /// A report made here is of the current schema and by this tool; a report read keeps what its file says.
    package var schemaVersion = Self.currentSchemaVersion
    package var tool = Self.toolName
    package var environment: RunEnvironment
    package var settings: RunSettings
    /// The timed results; none in a counted run.
    package var results: [BenchmarkResult]
    /// A counted run's results (`run --measure instructions`): each operation's instructions and simulated cache
    /// misses under callgrind. Absent from a timed run's report.
    package var counted: [CountedResult]?
    package var verifications: [Verification]
    package var targets: [TargetCheck]
    /// Layout shift beside time: how far each scenario's changes moved what the user sees, for each strategy; absent
    /// from counted runs and from reports before 0.7.
    package var shifts: [ShiftResult]?
    /// Strategies not run because they would not fit in memory; absent from reports that skipped none.
    package var skipped: [SkippedRun]?
    /// What each strategy measured held in memory, estimated and measured; absent from reports before 0.6.
    package var memory: [MemoryUse]?
    /// The process's resident bytes as the run began and at its peak (what the memory budget is spent against).
    package var residentBytes: ResidentUse?

    package struct ResidentUse: Codable, Hashable, Sendable {
        package var atStart: Double
        package var peak: Double
    }

    package init(
        environment: RunEnvironment, settings: RunSettings, results: [BenchmarkResult], verifications: [Verification],
        targets: [TargetCheck], skipped: [SkippedRun] = [], memory: [MemoryUse] = []
    ) {
        self.environment = environment
        self.settings = settings
        self.results = results
        self.verifications = verifications
        self.targets = targets
        self.skipped = skipped.isEmpty ? nil : skipped
        self.memory = memory.isEmpty ? nil : memory
    }

    package func jsonData() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        return try encoder.encode(self)
    }

    /// Writes the report to a temporary file and renames it over `url`, so an interrupted run never leaves a
    /// partial report behind.
    package func write(to url: URL) throws {
        try jsonData().write(to: url, options: .atomic)
    }
}
