import ArgumentParser
import Foundation
import TesseraBenchAnalysis
import TesseraBenchKit

extension AB {
    /// `ab --measure instructions`: each build's run counted twice, in random order, and compared on estimated
    /// cycles (`CountedComparison`), with `ab`'s exit statuses. Each build's run needs valgrind, and says so
    /// when it is missing.
    func runCounted(seed: UInt64, outputFiles: OutputFiles) throws {
        let trials = ABTrials(
            base: URL(fileURLWithPath: base), head: URL(fileURLWithPath: head),
            runArguments: runArguments + ["--measure", "instructions"], orderSeed: seed, timeLimit: timeLimit,
            counted: true)
        if !quiet {
            trials.progress = { line in FileHandle.standardError.write(Data("\(line)\n".utf8)) }
            trials.progress("ab: counting each build twice under callgrind (order seed \(seed))")
        }
        do throws(ABTrials.Failure) { try trials.run(rounds: 2, of: 2) } catch {
            FileHandle.standardError.write(Data("Error: \(error.description)\n".utf8))
            throw error.isHeadsRun ? ExitCode.headFailed : ExitCode.unusableInput
        }
        let rounds = trials.rounds
        let comparison = CountedComparison(
            base: rounds.map(\.base), head: rounds.map(\.head), runArguments: runArguments,
            threshold: thresholdPercent / 100, gate: try gatedOperations)
        print(comparison.text(), terminator: "")
        try outputFiles.write([
            "--report": { try comparison.jsonData() }, "--markdown": { Data(comparison.markdown().utf8) },
        ])
        try Self.exit(
            headBrokeTheGate: comparison.headBrokeTheGate, unjudged: comparison.unjudged,
            regressions: comparison.regressions.map { row in
                "\(row.name): "
                    + String(format: "estimated cycles %.4f, instructions %.4f", row.ratio, row.instructionRatio)
            })
    }
}
