import Foundation
import Testing

/// `--version` and every report name the commit the tool was built from, wherever it runs (issue 12: reports took
/// the commit of the current directory's repository, or none).
@Suite struct VersionTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The repository's HEAD, as the build recorded it.
    static func head() throws -> String {
        let outcome = try Bench.run(
            ["git", "-C", repository.path, "rev-parse", "HEAD"], executable: URL(fileURLWithPath: "/usr/bin/env"))
        try #require(outcome.status == 0, "\(outcome)")
        return outcome.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    @Test func versionNamesTheCommitBuiltFrom() throws {
        let outcome = try Bench.run(["--version"])
        #expect(outcome.status == 0, "\(outcome)")
        #expect(outcome.standardOutput.hasPrefix("tessera-bench 0."), "\(outcome)")
        #expect(outcome.standardOutput.contains("(commit \(try Self.head())"), "\(outcome)")
    }

    @Test func aReportRecordsTheToolsCommitNotTheDirectorys() throws {
        let directory = try TemporaryDirectory()
        let outcome = try Bench.run(
            [
                "run", "--quick", "--quiet", "--items", "200", "--layouts", "flow", "--strategies", "soa-binary-search",
                "--report", "r.json",
            ],
            in: directory.url
        )
        #expect(outcome.status == 0, "\(outcome)")
        let report = try #require(
            JSONSerialization.jsonObject(with: Data(contentsOf: directory.url.appendingPathComponent("r.json")))
                as? [String: Any])
        let environment = try #require(report["environment"] as? [String: Any])
        let commit = try #require(
            environment["gitCommit"] as? String,
            "a temporary directory is no repository, yet the tool's commit is known")
        #expect(commit.hasPrefix(try Self.head()), "\(commit)")
    }
}
