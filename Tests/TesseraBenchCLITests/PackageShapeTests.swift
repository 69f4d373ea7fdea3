import Foundation
import Testing

/// The package's modules keep one job each, as its manifest declares them (`swift package dump-package`, which
/// reads the manifest alone): the engine's tests build no measurement, and a package that benchmarks its own layouts
/// with the kit compiles no C.
@Suite struct PackageShapeTests {
    struct Target: Decodable {
        struct Dependency: Decodable {
            var byName: [String?]?
            var target: [String?]?
            var product: [String?]?

            var name: String? { (byName ?? target ?? product)?.first ?? nil }
        }

        var name: String
        var type: String
        var dependencies: [Dependency]
    }

    /// Every target of the package, by name.
    static func targets() throws -> [String: Target] {
        let scratch = try TemporaryDirectory()
        // A build folder of its own: `swift test` holds the package's.
        let outcome = try Bench.run(
            [
                "swift", "package", "--package-path", ExampleTests.repository.path, "--scratch-path",
                scratch.path("build"), "dump-package",
            ],
            executable: URL(fileURLWithPath: "/usr/bin/env")
        )
        try #require(outcome.status == 0, "\(outcome)")
        struct Manifest: Decodable { var targets: [Target] }
        let manifest = try JSONDecoder().decode(Manifest.self, from: Data(outcome.standardOutput.utf8))
        return Dictionary(uniqueKeysWithValues: manifest.targets.map { ($0.name, $0) })
    }

    /// `name` and every target and product it depends on, directly or not.
    static func closure(of name: String, in targets: [String: Target]) -> Set<String> {
        var seen: Set<String> = []
        var pending = [name]
        while let next = pending.popLast() {
            guard seen.insert(next).inserted, let target = targets[next] else { continue }
            pending += target.dependencies.compactMap(\.name)
        }
        return seen
    }

    /// Whether the target's folder holds C, C++ or Objective-C to compile.
    static func compilesC(_ name: String) -> Bool {
        let folder = ExampleTests.repository.appendingPathComponent("Sources/\(name)")
        let files = FileManager.default.enumerator(atPath: folder.path)?.allObjects as? [String] ?? []
        return files.contains { [".c", ".cpp", ".m", ".mm"].contains(where: $0.hasSuffix) }
    }

    @Test func theKitCompilesNoC() throws {
        let targets = try Self.targets()
        let kit = Self.closure(of: "TesseraBenchKit", in: targets)
        #expect(kit.contains("TesseraOracle"))
        let c = kit.filter(Self.compilesC)
        #expect(c.isEmpty, "the kit pulls in C: \(c)")
        #expect(
            Self.closure(of: "TesseraBenchCLI", in: targets).contains(where: Self.compilesC),
            "tessera-bench still offers native and floors")
    }

    @Test func theEnginesTestsBuildNoMeasurement() throws {
        let targets = try Self.targets()
        let tests = Self.closure(of: "TesseraTests", in: targets)
        #expect(
            tests.isDisjoint(with: ["TesseraBenchKit", "TesseraNative", "CNativeSearch", "Histogram"]),
            "\(tests.sorted())")
        #expect(Self.closure(of: "Tessera", in: targets) == ["Tessera"], "the engine depends on nothing")
    }

    /// Every public type, protocol and alias of the engine is in a topic of its DocC catalog, so that the API the
    /// catalog's "API and stability" promises is the one the module declares.
    @Test func everyPublicEngineTypeIsInTheCatalog() throws {
        let declaration = /^public (?:final )?(?:struct|enum|protocol|typealias|class|actor) (\w+)/
            .anchorsMatchLineEndings()
        let declared = Set(
            try Self.files(of: "Tessera", endingWith: ".swift").flatMap { $0.text.matches(of: declaration) }
                .map { String($0.1) })
        let catalog = try Self.files(of: "Tessera", endingWith: ".md").filter { $0.path.hasPrefix("Tessera.docc/") }
            .map(\.text).joined()
        #expect(declared.count > 40, "found \(declared.count) public types: the pattern no longer reads the sources")
        let missing = declared.filter { !catalog.contains("- ``\($0)``") }
        #expect(missing.isEmpty, "public types in no topic of Tessera.docc: \(missing.sorted())")
    }

    /// The products' public surface, one declaration a line (`File.swift: its first line`), as the sources declare it.
    static func publicDeclarations(of target: String) throws -> [String] {
        let declaration = /^\s*(?:@\w+(?:\([^)]*\))?\s+)*(?:public|open)\s/
        var lines: [String] = []
        for (file, text) in try files(of: target, endingWith: ".swift") {
            for line in text.split(separator: "\n") where line.firstMatch(of: declaration) != nil {
                let signature = line.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
                lines.append("\(file): \(signature.hasSuffix(" {") ? String(signature.dropLast(2)) : signature)")
            }
        }
        return lines.sorted()
    }

    /// The files of `Sources/target` whose names end with `suffix`: each one's path in the target and its text.
    static func files(of target: String, endingWith suffix: String) throws -> [(path: String, text: String)] {
        let folder = ExampleTests.repository.appendingPathComponent("Sources/\(target)")
        let paths = FileManager.default.enumerator(atPath: folder.path)?.allObjects as? [String] ?? []
        return try paths.filter { $0.hasSuffix(suffix) }.map { path in
            (path, try String(contentsOf: folder.appendingPathComponent(path), encoding: .utf8))
        }
    }

    /// The products' public API is the list checked in beside this test, so that a change to it is deliberate: a
    /// declaration made public, or no longer public, fails here until the list says so. With
    /// `TESSERA_UPDATE_API=1` in the environment the test writes the lists instead.
    @Test(arguments: ["Tessera", "TesseraBaselines", "TesseraBenchKit", "TesseraBenchCommand"])
    func theProductsPublicSurfaceIsListed(target: String) throws {
        let listed = ExampleTests.repository.appendingPathComponent(
            "Tests/TesseraBenchCLITests/PublicAPI/\(target).txt")
        let declared = try Self.publicDeclarations(of: target)
        let text = declared.joined(separator: "\n") + "\n"
        if ProcessInfo.processInfo.environment["TESSERA_UPDATE_API"] != nil {
            try text.write(to: listed, atomically: true, encoding: .utf8)
            return
        }
        let list = (try? String(contentsOf: listed, encoding: .utf8)) ?? ""
        let kept = list.split(separator: "\n").map(String.init)
        let added = Set(declared).subtracting(kept).sorted()
        let removed = Set(kept).subtracting(declared).sorted()
        #expect(
            added.isEmpty && removed.isEmpty,
            """
            \(target)'s public surface differs from PublicAPI/\(target).txt; if the change is intended, run \
            TESSERA_UPDATE_API=1 swift test --filter theProductsPublicSurfaceIsListed
            made public: \(added)
            no longer public: \(removed)
            """)
    }
}
