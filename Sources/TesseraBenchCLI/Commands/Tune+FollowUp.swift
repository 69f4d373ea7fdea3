import Foundation
import TesseraBenchAnalysis
import TesseraBenchKit

// The command lines `tune` prints: `run` with the recommended index, or `tune` again to separate what it could not.
// Both are built from the arguments `tune` was given, so the workload options (the seed, the viewport, a workload
// file, the layout's parameters) carry over exactly as typed.
extension Tune {
    /// `tune`'s own options, which `run` does not take, each with a value; `--quiet` is its one flag.
    static let ownOptions = ["--layout", "--items", "--rounds", "--threshold"]

    /// The follow-up command lines for this invocation, which tuned `count` items: `arguments` is the whole command
    /// line, the program first.
    func followUp(arguments: [String], count: Int) -> TuneResult.FollowUp {
        let program = arguments.first ?? "tessera-bench"
        let given = Array(arguments.drop { $0 != "tune" }.dropFirst())
        let workloadArguments = Self.removing(Self.ownOptions, flags: ["--quiet"], from: given)
        let layout = subject.layout
        // A workload file fixes its own count, which `run` takes from it.
        let items = workload.workload == nil ? ["--items", "\(count)"] : []
        return TuneResult.FollowUp(
            apply: { choice in
                let strategy = choice.strategy.rawValue
                let judged =
                    choice.strategy == TargetCheck.defaultStrategy ? [] : ["--target-strategy", strategy]
                return Self.commandLine(
                    [program, "run", "--layouts", layout.rawValue] + items
                        + ["--strategies", strategy, "--index", choice.argument] + judged + workloadArguments)
            },
            retune: { rounds, threshold in
                var replaced: [String] = []
                if let rounds { replaced += ["--rounds", "\(rounds)"] }
                if let threshold { replaced += ["--threshold", threshold.formatted(.number.grouping(.never))] }
                let options = replaced.enumerated().filter { $0.offset.isMultiple(of: 2) }.map(\.element)
                return Self.commandLine([program, "tune"] + Self.removing(options, flags: [], from: given) + replaced)
            })
    }

    /// `arguments` without the `options` (each with its value, given as `--name value` or `--name=value`) and `flags`.
    static func removing(_ options: [String], flags: [String], from arguments: [String]) -> [String] {
        var kept: [String] = []
        var skipValue = false
        for argument in arguments {
            if skipValue {
                skipValue = false
                continue
            }
            let name = String(argument.split(separator: "=", maxSplits: 1).first ?? "")
            if options.contains(argument) {
                skipValue = true
            } else if !(options.contains(name) && argument.contains("=")), !flags.contains(argument) {
                kept.append(argument)
            }
        }
        return kept
    }

    /// The arguments as one line a POSIX shell reads back as them: each quoted unless it is plainly one word.
    static func commandLine(_ arguments: [String]) -> String {
        let plain = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_./:=,@%+-")
        return arguments.map { argument in
            !argument.isEmpty && argument.allSatisfy(plain.contains)
                ? argument : "'" + argument.replacingOccurrences(of: "'", with: "'\\''") + "'"
        }.joined(separator: " ")
    }
}
