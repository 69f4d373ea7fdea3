import Foundation

/// Where a report was measured.
package struct RunEnvironment: Codable, Hashable, Sendable {
    package var host: String
    package var cpuModel: String
    package var cores: Int
    package var operatingSystem: String
    package var swiftVersion: String
    package var allocator: String
    /// The commit the tool was built from (`ToolVersion.commit`), not that of the directory it ran in.
    package var gitCommit: String?
    package var date: String
    /// The clock's cost and grid, measured as the run started; absent from reports before schema 2.
    package var clock: ClockCalibration?

    package init(
        host: String, cpuModel: String, cores: Int, operatingSystem: String, swiftVersion: String, allocator: String,
        gitCommit: String?, date: String, clock: ClockCalibration? = nil
    ) {
        self.host = host
        self.cpuModel = cpuModel
        self.cores = cores
        self.operatingSystem = operatingSystem
        self.swiftVersion = swiftVersion
        self.allocator = allocator
        self.gitCommit = gitCommit
        self.date = date
        self.clock = clock
    }

    /// This machine, now.
    package static func current(allocator: String, clock: ClockCalibration? = nil) -> RunEnvironment {
        let info = ProcessInfo.processInfo
        return RunEnvironment(
            host: info.hostName, cpuModel: cpuModel(), cores: info.activeProcessorCount,
            operatingSystem: info.operatingSystemVersionString, swiftVersion: compilerVersion,
            allocator: allocator, gitCommit: ToolVersion.commit, date: ISO8601DateFormatter().string(from: Date()),
            clock: clock
        )
    }

    /// The compiler that built this binary; the language offers only version checks, so it is found by them.
    static var compilerVersion: String {
        #if compiler(>=6.4)
            "6.4 or later"
        #elseif compiler(>=6.3)
            "6.3"
        #elseif compiler(>=6.2)
            "6.2"
        #else
            "6.1"
        #endif
    }

    static func cpuModel() -> String {
        guard let cpuinfo = try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8) else { return "unknown" }
        let line = cpuinfo.split(separator: "\n").first { $0.hasPrefix("model name") }
        return line.flatMap { $0.split(separator: ":", maxSplits: 1).last }.map {
            $0.trimmingCharacters(in: .whitespaces)
        } ?? "unknown"
    }
}
