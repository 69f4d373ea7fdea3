import Foundation
import Testing

/// `Examples/MagazineBench`, a package of its own that benchmarks a layout none of the built-ins is, built and run
/// as docs/own-layout.md tells a user to, so that neither can rot.
@Suite("Examples/MagazineBench")
struct ExampleTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let example = repository.appendingPathComponent("Examples/MagazineBench")

    @Test("the example builds, and its run checks and times every strategy on the magazine layout")
    func theExampleBenchmarksItsLayout() throws {
        // Built from scratch in a folder of the test's own, as on a fresh clone (a build folder from before a file
        // moved in the package it depends on can fail), and leaving nothing in the repository: a minute or two.
        let scratch = try TemporaryDirectory()
        let build = try Bench.run(
            ["swift", "build", "--package-path", Self.example.path, "--scratch-path", scratch.path("build")],
            timeout: 1_200,
            executable: URL(fileURLWithPath: "/usr/bin/env")
        )
        try #require(build.status == 0, "\(build)")
        let binary = scratch.url.appendingPathComponent("build/debug/magazine-bench")

        let directory = try TemporaryDirectory()
        let run = try Bench.run(
            [
                "run", "--layouts", "magazine", "--items", "3k", "--quick", "--verify-frames", "64", "--report",
                directory.path("magazine.json"),
            ],
            timeout: 600, executable: binary
        )
        try #require(run.status == 0, "\(run)")
        let report = try #require(
            JSONSerialization.jsonObject(with: Data(contentsOf: directory.url.appendingPathComponent("magazine.json")))
                as? [String: Any])
        let verifications = try #require(report["verifications"] as? [[String: Any]])
        let results = try #require(report["results"] as? [[String: Any]])
        let strategies = ["naive-dictionary"] + Bench.engineStrategies
        for strategy in strategies {
            let checks = verifications.filter {
                $0["layout"] as? String == "magazine" && $0["strategy"] as? String == strategy
            }
            #expect(checks.count == 1, "\(strategy) checked once")
            for check in checks {
                #expect(
                    check["mismatchedFrames"] as? Int == 0 && (check["framesChecked"] as? Int ?? 0) > 0,
                    "\(strategy): \(check)")
            }
            for operation in ["prepare-cold", "prepare-warm", "query", "update-resize"] {
                let timed = results.filter {
                    $0["layout"] as? String == "magazine" && $0["strategy"] as? String == strategy
                        && $0["operation"] as? String == operation
                }
                #expect(
                    timed.count == 1 && timed.allSatisfy { ($0["samplesNanoseconds"] as? [Double])?.isEmpty == false },
                    "\(strategy) \(operation) timed")
            }
        }
        // The registered layout is listed beside the built-in ones, and an unknown one is refused with both.
        let unknown = try Bench.run(["run", "--layouts", "magazin"], executable: binary)
        #expect(
            unknown.status == 64 && unknown.standardError.contains("magazine")
                && unknown.standardError.contains("flow"), "\(unknown)")
    }

    @Test("the guide's steps are the example's files, word for word")
    func theGuideShowsTheExample() throws {
        let guide = try String(
            contentsOf: Self.repository.appendingPathComponent("docs/own-layout.md"), encoding: .utf8)
        for file in ["Package.swift", "Sources/magazine-bench/main.swift"] {
            let contents = try String(contentsOf: Self.example.appendingPathComponent(file), encoding: .utf8)
            #expect(guide.contains("```swift\n\(contents)```"), "docs/own-layout.md shows \(file) as it is")
        }
    }
}
