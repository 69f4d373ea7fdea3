import Testing

@Suite struct SmokeTests {
    @Test func helpListsTheSubcommands() throws {
        let outcome = try TesseraBenchBinary.run(["--help"])
        #expect(outcome.status == 0)
        for command in ["run", "dump", "query", "compare", "tune"] {
            #expect(outcome.standardOutput.contains(command))
        }
    }
}
