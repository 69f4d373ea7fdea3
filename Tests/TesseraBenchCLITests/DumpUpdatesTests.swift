import Foundation
import Testing

/// `dump --updates` (issue 10): the layout after the file's steps were applied to the prepared layout one after
/// another prints exactly as the same data prepared from scratch, and a bad updates file is refused clearly.
@Suite struct DumpUpdatesTests {
    static let start = """
        {"sections": [{"itemSizes": [[10, 10], [20, 20], [30, 30]], "headerHeight": 40, "footerHeight": 0},
                      {"itemSizes": [[40, 40], [50, 50]], "headerHeight": 40, "footerHeight": 0}]}
        """
    /// Single updates, then a batch with UIKit's rules: the delete and the move's source name items before the
    /// batch, the inserted section and the move's destination name sections after it.
    static let updates = """
        {"updates": [
          {"op": "insertItem", "section": 0, "item": 1, "size": [15, 15]},
          {"op": "deleteItem", "section": 1, "item": 0},
          {"op": "resizeItem", "section": 0, "item": 3, "size": [35, 35]},
          {"batch": [
            {"op": "deleteItem", "section": 0, "item": 0},
            {"op": "moveItem", "from": [0, 1], "to": [2, 1]},
            {"op": "insertSection", "section": 0, "itemSizes": [[60, 60]], "headerHeight": 30}
          ]}
        ]}
        """
    static let final = """
        {"sections": [{"itemSizes": [[60, 60]], "headerHeight": 30},
                      {"itemSizes": [[20, 20], [35, 35]], "headerHeight": 40, "footerHeight": 0},
                      {"itemSizes": [[50, 50], [15, 15]], "headerHeight": 40, "footerHeight": 0}]}
        """

    @Test(arguments: ["flow", "waterfall"])
    func updatedLayoutPrintsAsTheFinalDataPreparedFromScratch(_ layout: String) throws {
        let directory = try TemporaryDirectory()
        let start = try directory.write("start.json", Self.start)
        let updates = try directory.write("updates.json", Self.updates)
        let final = try directory.write("final.json", Self.final)
        let updated = try Bench.run(["dump", "--layout", layout, "--workload", start, "--updates", updates])
        let fresh = try Bench.run(["dump", "--layout", layout, "--workload", final])
        #expect(updated.status == 0 && updated.standardError.isEmpty, "\(updated)")
        #expect(fresh.status == 0, "\(fresh)")
        #expect(try Bench.jsonLines(updated.standardOutput).count == 3 + 5)
        #expect(updated.standardOutput == fresh.standardOutput)
    }

    /// A long run of single steps, which `dump` gathers into one batch (one step at a time, each insert at the head of
    /// a run of equal items would write the run again), then a batch step and a short run after it: the layout
    /// prints as its final data prepared from scratch, and work this short prints no progress.
    @Test(arguments: ["flow", "waterfall"])
    func aLongRunOfStepsPrintsAsTheFinalDataPreparedFromScratch(_ layout: String) throws {
        let directory = try TemporaryDirectory()
        let start = try directory.write("start.json", Self.start)
        let run =
            Array(repeating: #"{"op": "insertItem", "section": 0, "item": 0, "size": [50, 50]}"#, count: 600) + [
                #"{"op": "deleteItem", "section": 0, "item": 0}"#, #"{"op": "moveItem", "from": [0, 5], "to": [1, 0]}"#,
                #"{"op": "resizeItem", "section": 0, "item": 598, "size": [25, 25]}"#,
            ]
        let after = [
            #"{"batch": [{"op": "resizeItem", "section": 1, "item": 2, "size": [45, 45]}]}"#,
            #"{"op": "deleteItem", "section": 1, "item": 1}"#,
            #"{"op": "insertItem", "section": 1, "item": 1, "size": [5, 5]}"#,
        ]
        let updates = try directory.write(
            "updates.json", #"{"updates": ["# + (run + after).joined(separator: ",\n") + "]}")
        // 600 inserted, one deleted, one moved to section 1; the first of the starting items resized.
        let first = Array(repeating: "[50, 50]", count: 598) + ["[25, 25]", "[20, 20]", "[30, 30]"]
        let final = try directory.write(
            "final.json",
            #"{"sections": [{"itemSizes": ["# + first.joined(separator: ", ")
                + #"], "headerHeight": 40, "footerHeight": 0}, {"itemSizes": [[50, 50], [5, 5], [45, 45]], "#
                + #""headerHeight": 40, "footerHeight": 0}]}"#)
        let updated = try Bench.run(["dump", "--layout", layout, "--workload", start, "--updates", updates])
        let fresh = try Bench.run(["dump", "--layout", layout, "--workload", final])
        #expect(updated.status == 0 && updated.standardError.isEmpty, "\(updated)")
        #expect(fresh.status == 0, "\(fresh)")
        #expect(try Bench.jsonLines(updated.standardOutput).count == 2 + 601 + 3)
        #expect(updated.standardOutput == fresh.standardOutput)
    }

    @Test(arguments: [
        (
            "{\"updates\": [{\"op\": \"insertItm\", \"section\": 0}]}",
            "updates[0].op is \"insertItm\"; it should be one of insertItem"
        ),
        (
            "{\"updates\": [{\"op\": \"resizeItem\", \"section\": 0, \"item\": true, \"size\": [1, 1]}]}",
            "updates[0].item should be a number"
        ),
        (
            "{\"updates\": [{\"op\": \"resizeItem\", \"section\": 0, \"item\": 1.5, \"size\": [1, 1]}]}",
            "updates[0].item should be a whole number"
        ),
        ("{\"updates\": [{\"op\": \"insertItem\", \"section\": 0, \"item\": 0}]}", "missing field updates[0].size"),
        (
            "{\"updates\": [{\"batch\": [{\"op\": \"moveItem\", \"from\": [0], \"to\": [0, 1]}]}]}",
            "updates[0].batch[0].from should be [section, item]"
        ),
        ("{\"updates\": [{\"batch\": 3}]}", "updates[0].batch should be an array of updates"),
        (
            "{\"updates\": [{\"op\": \"insertSection\", \"section\": 0, \"itemSizes\": [], \"headerheight\": 9}]}",
            "updates[0] has a field \"headerheight\" that insertSection does not take"
        ),
        (
            "{\"updates\": [{\"batch\": [], \"op\": \"deleteSection\"}]}",
            "updates[0] has a field \"op\" that a batch step does not take"
        ),
        (
            "{\"updates\": [{\"op\": \"deleteSection\", \"section\": 9223372036854775807}]}",
            "updates[0].section should be a whole number below 10^15"
        ),
        ("{\"sections\": []}", "missing \"updates\", an array of steps"),
        ("[1, 2]", "the top level should be an object"),
        ("{\"updates\": [", "not JSON"),
        (
            "{\"updates\": [{\"op\": \"deleteItem\", \"section\": 7, \"item\": 0}]}",
            "updates[0] does not fit the layout: invalid update: deleteItem names section 7"
        ),
        (
            "{\"updates\": [{\"op\": \"resizeItem\", \"section\": 0, \"item\": 0, \"size\": [-1, 5]}]}",
            "updates[0] does not fit the layout"
        ),
        (
            "{\"updates\": [{\"batch\": [{\"op\": \"deleteItem\", \"section\": 0, \"item\": 0}, {\"op\": \"moveItem\", \"from\": [0, 0], \"to\": [0, 1]}]}]}",
            "which another update of the batch names too"
        ),
    ])
    func aBadUpdatesFileIsRefusedWithWhereAndWhy(_ contents: String, _ message: String) throws {
        let directory = try TemporaryDirectory()
        let file = try directory.write("updates.json", contents)
        let outcome = try Bench.run(["dump", "--layout", "flow", "--items", "20", "--updates", file])
        #expect(outcome.status == 1, "\(outcome)")
        #expect(outcome.standardOutput.isEmpty)
        #expect(outcome.standardError.contains(message), "\(outcome.standardError)")
    }

    @Test func anItemOfASectionTheStickyLayoutNoLongerHasIsRefused() throws {
        // The sticky layout keeps a section for its top header when the data has none; the data's count decides.
        let directory = try TemporaryDirectory()
        let file = try directory.write(
            "updates.json",
            """
            {"updates": [{"op": "deleteSection", "section": 0}, {"op": "insertItem", "section": 0, "item": 0, "size": [1, 1]}]}
            """)
        let outcome = try Bench.run(["dump", "--layout", "sticky-parallax", "--items", "20", "--updates", file])
        #expect(outcome.status == 1, "\(outcome)")
        #expect(
            outcome.standardError.contains(
                "updates[1] does not fit the layout: invalid update: insertItem names section 0, but the layout has 0 sections"
            ), "\(outcome.standardError)")
    }

    @Test func aMissingUpdatesFileIsRefusedBeforeAnyWork() throws {
        let outcome = try Bench.run(["dump", "--updates", "/nonexistent/updates.json"])
        #expect(outcome.status == 1)
        #expect(
            outcome.standardError.contains(
                "cannot read the updates file /nonexistent/updates.json: No such file or directory"))
    }
}
