import Testing

/// Values that begin with a minus sign, written as users write them: `--rect -10,0,100,100`, not
/// `--rect=-10,0,100,100`. ArgumentParser takes a word beginning with `-` for an option unless the option parses
/// unconditionally, so without that the tool answers "Missing value" for a value it was plainly given.
@Suite struct NegativeNumberArgumentTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var arguments: [String]
        var testDescription: String { arguments.joined(separator: " ") }
    }

    /// Legitimate negative values: a rect left of or above the content, a negative content offset (a bounce), and a
    /// negative carousel spacing, which `--help` documents ("negative overlaps them").
    static let legitimate: [Case] = [
        Case(arguments: ["query", "--items", "20", "--rect", "-10,0,100,100"]),
        Case(arguments: ["query", "--items", "20", "--rect", "0,-50,390,844"]),
        Case(arguments: ["query", "--items", "20", "--layout", "carousel", "--rect", "0,0,390,844", "--offset", "-5,0"]
        ),
        Case(arguments: ["dump", "--items", "3", "--layout", "carousel", "--carousel-spacing", "-10"]),
        Case(arguments: ["dump", "--items", "3", "--layout", "sticky-parallax", "--offset", "0,-40"]),
    ]

    @Test(arguments: legitimate)
    func legitimateNegativeValueIsAccepted(_ testCase: Case) throws {
        let outcome = try Bench.run(testCase.arguments, timeout: 20)
        #expect(outcome.status == 0, "\(outcome)")
        #expect(!outcome.standardError.contains("Missing value"), "\(outcome)")
        #expect(!outcome.standardOutput.isEmpty, "\(outcome)")
    }

    /// The same values with `=`, which ArgumentParser always reads as a value: the workaround, and the proof that the
    /// commands themselves handle negative numbers.
    @Test(arguments: [
        ["query", "--items", "20", "--rect=-10,0,100,100"],
        ["query", "--items", "20", "--layout", "carousel", "--rect", "0,0,390,844", "--offset=-5,0"],
        ["dump", "--items", "3", "--layout", "carousel", "--carousel-spacing=-10"],
    ])
    func negativeValueAfterAnEqualsSignIsAccepted(_ arguments: [String]) throws {
        let outcome = try Bench.run(arguments, timeout: 20)
        #expect(outcome.status == 0, "\(outcome)")
        #expect(!outcome.standardOutput.isEmpty, "\(outcome)")
    }

    /// Invalid negative values are usage errors (64) whose message names the value, not "Missing value".
    @Test(arguments: [
        (["dump", "--items", "-5"], "-5"),
        (["run", "--items", "-5"], "-5"),
        (["dump", "--viewport", "-1x10"], "-1x10"),
    ])
    func invalidNegativeValueIsNamed(_ arguments: [String], value: String) throws {
        let outcome = try Bench.run(arguments, timeout: 20)
        #expect(outcome.status == 64, "\(outcome)")
        #expect(outcome.standardError.contains(value), "the message should name \(value): \(outcome)")
        #expect(!outcome.standardError.contains("Missing value"), "\(outcome)")
    }

    /// `compare --help`: "a threshold or alpha out of range" is a usage error, exit 64, however it is written.
    @Test func negativeThresholdIsAUsageErrorAsCompareHelpSays() throws {
        let outcome = try Bench.run(["compare", "base.json", "head.json", "--threshold", "-1"], timeout: 20)
        #expect(outcome.status == 64, "\(outcome)")
        #expect(outcome.standardError.contains("--threshold"), "\(outcome)")
        #expect(!outcome.standardError.contains("Missing value"), "\(outcome)")
    }
}
