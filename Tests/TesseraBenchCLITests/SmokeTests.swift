import Testing

@Suite struct SmokeTests {
    @Test func helpListsTheSubcommands() throws {
        let outcome = try Bench.run(["--help"])
        #expect(outcome.status == 0)
        for command in ["run", "ab", "compare", "tune", "dump", "query"] {
            #expect(outcome.standardOutput.contains(command))
        }
    }
}
