import Foundation
import Testing

/// Layout shift from the outside: `ab` fails a HEAD that moves the view where BASE did not, whatever its times, and
/// `dump --anchor` prints the offset a change returns, which a fresh layout of the changed data confirms.
@Suite struct LayoutShiftCommandTests {
    /// A stand-in whose report holds one query and one layout shift result of `points`.
    static func standIn(shift points: Double, in directory: URL, name: String) throws -> String {
        let report = """
            {"schemaVersion": 3, "tool": "tessera-bench",
             "environment": {"host": "h", "cpuModel": "c", "cores": 2, "operatingSystem": "Linux", "swiftVersion": "6.3",
                             "allocator": "jemalloc", "date": "2026-01-01T00:00:00Z"},
             "settings": {"layouts": ["flow"], "itemCounts": [1000], "viewportWidth": 390, "viewportHeight": 844,
                          "seed": 1, "workload": "w, seed 1", "traceFrames": 10, "verifiedFrames": 10},
             "results": [{"layout": "flow", "strategy": "soa-binary-search", "elements": 1000, "operation": "query",
                          "samples": 1, "samplesNanoseconds": [100], "medianNanoseconds": 100,
                          "p90Nanoseconds": 100, "p99Nanoseconds": 100}],
             "shifts": [{"layout": "flow", "strategy": "soa-binary-search", "elements": 1000,
                         "scenario": "insert-above", "steps": 20, "largestPoints": \(points), "p99Points": \(points),
                         "score": 0, "keepsAnchor": true}],
             "verifications": [], "targets": []}
            """
        return try ABCommandTests.standIn(
            writing: report, options: "[--layouts <l>] [--items <n>] [--quick] [--quiet] [--report <file.json>]",
            in: directory, name: name)
    }

    @Test func abFailsAHeadThatMovesTheViewWhereBaseDidNot() throws {
        let directory = try ABCommandTests.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let base = try Self.standIn(shift: 0, in: directory, name: "base")
        let head = try Self.standIn(shift: 60, in: directory, name: "head")
        let moved = try Bench.run(["ab", base, head, "--rounds", "6", "--quiet"])
        #expect(moved.status == 1, "\(moved)")
        #expect(moved.standardOutput.contains("Layout shift: 1 results compared"), "\(moved)")
        #expect(moved.standardError.contains("shift insert-above: 60.0 pt, BASE 0 pt"), "\(moved)")
        let same = try Bench.run(["ab", base, base, "--rounds", "6", "--quiet"])
        #expect(same.status == 0, "\(same)")
    }

    /// The offset `dump --anchor` prints puts the anchor where it was: the first visible element before the
    /// insert, found in a dump of the data with the item already in it, lies as far from that offset's top.
    @Test func dumpPrintsTheOffsetThatKeepsTheAnchor() throws {
        let directory = try TemporaryDirectory()
        let updates = try directory.write(
            "u.json", #"{"updates": [{"op": "insertItem", "section": 0, "item": 0, "size": [390, 300]}]}"#)
        let common = ["dump", "--items", "300", "--items-per-section", "100", "--quiet"]
        let before = try Bench.run(common)
        let after = try Bench.run(common + ["--offset", "0,3000", "--anchor", "first-visible", "--updates", updates])
        #expect(before.status == 0 && after.status == 0, "\(after)")
        let offsetLine = try #require(after.stdoutLines.first)
        let offset = try #require(
            (try JSONSerialization.jsonObject(with: Data(offsetLine.utf8)) as? [String: [String: Double]])?[
                "contentOffset"]?["y"])
        func elements(_ lines: some Sequence<Substring>) throws -> [[String: Any]] {
            try lines.map { try JSONSerialization.jsonObject(with: Data($0.utf8)) as! [String: Any] }
        }
        let old = try elements(before.stdoutLines)
        let new = try elements(after.stdoutLines.dropFirst())
        // The first element showing at 3000 before the insert (in layout order), and its distance from the top.
        let anchor = try #require(
            old.first {
                let (y, height) = ($0["y"] as! Double, $0["height"] as! Double)
                return y < 3000 + 844 && y + height > 3000
            })
        let distance = (anchor["y"] as! Double) - 3000
        let same = try #require(
            new.first {
                $0["kind"] as? String == anchor["kind"] as? String && $0["section"] as? Int == anchor["section"] as? Int
                    && ($0["item"] as! Int) == (anchor["item"] as! Int)
                        + ((anchor["kind"] as? String == "cell"
                            && anchor["section"] as? Int == 0) ? 1 : 0)
            })
        #expect(offset > 3000, "the insert above moved the view down")
        #expect((same["y"] as! Double) - offset == distance)
    }

    @Test func anAnchorThatIsNoneIsAUsageError() throws {
        for bad in ["item:1", "item:a.b", "top", "item:0.1:nan"] {
            let outcome = try Bench.run(["dump", "--anchor", bad])
            #expect(outcome.status == 64, "\(outcome)")
            #expect(
                outcome.standardError.contains("give first-visible, last-visible")
                    || outcome.standardError.contains("not a finite number"), "\(outcome)")
        }
        let missing = try Bench.run(["dump", "--items", "10", "--anchor", "item:0.50", "--resize-to", "844x390"])
        #expect(missing.status == 1, "an item the layout does not hold: \(missing)")
        #expect(missing.standardError.contains("invalid anchor"), "\(missing)")
    }
}
