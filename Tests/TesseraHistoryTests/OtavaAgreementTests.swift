import Foundation
import TesseraBenchAnalysis
import TesseraBenchKit
import Testing

@testable import TesseraHistory

/// Apache Otava itself, on the series `history export --format otava` writes, finds the change points `history
/// detect` finds. Needs Otava 0.8.0: `scripts/test` installs it (pip) and names its `otava` in TESSERA_OTAVA.
@Suite(.enabled(if: ProcessInfo.processInfo.environment["TESSERA_OTAVA"] != nil, "TESSERA_OTAVA names no otava"))
final class OtavaAgreementTests {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("otava-\(UUID().uuidString)")

    init() throws { try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true) }
    deinit { try? FileManager.default.removeItem(at: directory) }

    /// 100 stepped and 100 flat synthetic series, as 200 benchmarks over 60 runs of one history.
    func history() throws -> HistoryStore {
        let series = (0..<200).map { index in
            SyntheticSeries(seed: UInt64(index), noise: EDivisiveTests.measuredNoise, stepped: index < 100)
        }
        let store = try HistoryStore(path: directory.appendingPathComponent("history.sqlite").path)
        let runs = (0..<SyntheticSeries.count).map { point in
            RecordedRun(
                kind: .run, commit: "c\(point)", branch: "main", machine: "Test CPU, 2 cores",
                time: Date(timeIntervalSince1970: 1_780_000_000 + Double(point) * 3_600), workload: "synthetic",
                metrics: series.enumerated().map { index, one in
                    Metric(
                        BenchmarkName("synthetic/series-\(index)/query/60")!, .latency, value: one.values[point])
                })
        }
        try store.add(runs)
        return store
    }

    @Test func otavaFindsTheChangePointsDetectFinds() throws {
        let store = try history()
        let series = try store.series()
        #expect(series.count == 200)
        let exported = directory.appendingPathComponent("series.json")
        try OtavaSeries.document(HistoryStore.runs(of: series)).write(to: exported)
        let configuration = directory.appendingPathComponent("otava.yaml")
        try "tests:\n  tessera:\n    type: json\n    file: \(exported.path)\n".write(
            to: configuration, atomically: true, encoding: .utf8)

        let otava = Process()
        otava.executableURL = URL(fileURLWithPath: ProcessInfo.processInfo.environment["TESSERA_OTAVA"]!)
        otava.arguments = ["analyze", "tessera", "--config-file", configuration.path, "--output", "json"]
        let output = Pipe()
        otava.standardOutput = output
        otava.standardError = FileHandle.nullDevice
        try otava.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        otava.waitUntilExit()
        #expect(otava.terminationStatus == 0)

        // {"tessera": [{"time", "attributes", "changes": [{"metric", "index", …}]}]}
        let groups = try #require(
            (try JSONSerialization.jsonObject(with: data) as? [String: Any])?["tessera"] as? [[String: Any]])
        var otavaIndices: [String: [Int]] = [:]
        for group in groups {
            for change in group["changes"] as? [[String: Any]] ?? [] {
                let metric = try #require(change["metric"] as? String)
                otavaIndices[metric, default: []].append(try #require(change["index"] as? Int))
            }
        }
        var detected: [String: [Int]] = [:]
        for change in SeriesChange.detect(in: series) {
            detected["\(change.series.benchmark) \(change.series.measure.rawValue)", default: []].append(
                change.change.index)
        }
        #expect(detected.mapValues { $0.sorted() } == otavaIndices.mapValues { $0.sorted() })
        #expect(detected.count >= 95, "the stepped series have change points")
    }
}
