import ArgumentParser
import Foundation

/// One rule for an option given twice, in every command: refused as a usage error (64). ArgumentParser keeps the
/// last value of an option given twice, so `--strategies a --strategies b` would measure b alone and say nothing;
/// every list an option takes is one comma-separated value (`--strategies a,b`).
enum RepeatedOptions {
    /// What ArgumentParser's description of a command (`_dumpHelp()`) says of its arguments: their long names,
    /// whether each takes a value, and whether it may be given more than once.
    private struct Description: Decodable {
        struct Command: Decodable {
            var arguments: [Argument]?
        }

        struct Argument: Decodable {
            struct Name: Decodable {
                var kind: String
                var name: String
            }

            var kind: String
            var names: [Name]?
            var isRepeating: Bool
        }

        var command: Command
    }

    /// An option given twice, and the command it was given to.
    struct Repeated: Error, CustomStringConvertible {
        /// The subcommand the arguments name, down `root`'s tree (`root` itself when they name none).
        var command: any ParsableCommand.Type
        /// The subcommands' names from the root on, as `["history", "show"]`.
        var path: [String]
        var option: String

        var description: String {
            "\(option) is given twice, and only one value would count: give it once (a list as one comma-separated "
                + "value)"
        }
    }

    /// The first option given twice in `arguments` (which follow the root command's name) to `root` or to the
    /// subcommand they name, down its tree; `nil` when none is. Words after `--` belong to something else (`ab`'s
    /// run options) and are not read.
    static func first(in arguments: [String], of root: any ParsableCommand.Type) -> Repeated? {
        var command = root
        var path: [String] = []
        var words = arguments[...]
        while true {
            let configuration = command.configuration
            if let word = words.first,
                let subcommand = configuration.subcommands.first(where: {
                    $0._commandName == word || ($0.configuration.aliases.contains(word))
                })
            {
                command = subcommand
                path.append(subcommand._commandName)
                words = words.dropFirst()
            } else if let fallback = configuration.defaultSubcommand,
                ObjectIdentifier(fallback) != ObjectIdentifier(command)
            {
                command = fallback
                path.append(fallback._commandName)
            } else {
                break
            }
        }
        let valued = takingOneValue(command)
        var seen = Set<String>()
        var index = words.startIndex
        while index < words.endIndex, words[index] != "--" {
            let word = words[index]
            index += 1
            guard word.hasPrefix("--") else { continue }
            let name = String(word.split(separator: "=", maxSplits: 1)[0])
            guard valued.contains(name) else { continue }
            if !seen.insert(name).inserted { return Repeated(command: command, path: path, option: name) }
            // Its value is the next word, whatever it looks like.
            if !word.contains("=") { index += 1 }
        }
        return nil
    }

    /// The long names of `command`'s options that take one value each. ArgumentParser describes every command it
    /// parses; the tests check this reads `run`'s options.
    private static func takingOneValue(_ command: any ParsableCommand.Type) -> Set<String> {
        guard let description = try? JSONDecoder().decode(Description.self, from: Data(command._dumpHelp().utf8))
        else { return [] }
        return Set(
            (description.command.arguments ?? []).filter { $0.kind == "option" && !$0.isRepeating }.flatMap {
                ($0.names ?? []).filter { $0.kind == "long" }.map { "--\($0.name)" }
            })
    }
}
