import Foundation
import Testing

/// The README is a guide, not a log: no commit hashes or issue numbers, the block `summary --readme` writes
/// included (it names the date it measured), and that block is there to be written.
@Suite struct ReadmeTests {
    static let readme = ExampleTests.repository.appendingPathComponent("README.md")

    @Test func namesNoCommitOrIssue() throws {
        let text = try String(contentsOf: Self.readme, encoding: .utf8)
        let begin = try #require(text.range(of: SummaryCommandTests.begin), "the results block's first line")
        let end = try #require(text.range(of: SummaryCommandTests.end), "the results block's last line")
        #expect(begin.upperBound <= end.lowerBound)
        // `g` before a hash is how `git describe` names a commit ("5.3.0-0-g54eaed1…").
        let hash = try Regex(#"\bg?(?=[0-9a-f]*[0-9])(?=[0-9a-f]*[a-f])[0-9a-f]{7,40}\b"#)
        let issue = try Regex(#"(?i)\bissues? #?[0-9]+|#[0-9]+\b"#)
        for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            #expect(line.firstMatch(of: hash) == nil, "line \(number + 1) names a commit: \(line)")
            #expect(line.firstMatch(of: issue) == nil, "line \(number + 1) names an issue: \(line)")
        }
    }

    /// The README's engine example is the one `ReadmeExampleTests` compiles and runs, to the character.
    @Test func theEngineExampleIsTheTestedOne() throws {
        let text = try String(contentsOf: Self.readme, encoding: .utf8)
        let test = try String(
            contentsOf: ExampleTests.repository.appendingPathComponent("Tests/TesseraTests/ReadmeExampleTests.swift"),
            encoding: .utf8)
        let lines = test.split(separator: "\n", omittingEmptySubsequences: false)
        let first = try #require(lines.firstIndex { $0.hasSuffix("// README example begins") })
        let last = try #require(lines.firstIndex { $0.hasSuffix("// README example ends") })
        let indent = lines[first].prefix { $0 == " " }.count
        let example = lines[(first + 1)..<last].map { $0.dropFirst(Swift.min(indent, $0.count)) }
        let block = "```swift\nimport Tessera\n\n" + example.joined(separator: "\n") + "\n```\n"
        #expect(text.contains(block), "the README's engine example differs from ReadmeExampleTests:\n\(block)")
    }
}
