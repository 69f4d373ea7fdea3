import ArgumentParser
import Foundation
import TesseraBenchAnalysis
import TesseraBenchKit

struct CIBase: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ci-base",
        abstract: "Print the revision a pull request's benchmark compares with (for scripts/ci-benchmark).",
        discussion: """
            In the current directory's git repository: the revision given with --requested (BASE_REF); else \
            origin/main, unless origin/main is HEAD itself with no changes on top, when it is HEAD~1; else HEAD~1. \
            Prints the commit on the first line and its name on the second; a note on why, if any, on the third.

            Exit status: 0 with a usable base; 2 when there is none (not a git checkout, the revision not in the \
            clone, or no tessera-bench at that revision), with the reason on standard error.
            """
    )

    @Option(help: ArgumentHelp("The revision asked for; empty or absent chooses one.", valueName: "revision"))
    var requested: String?

    func run() throws {
        func fail(_ reason: String) -> ExitCode {
            FileHandle.standardError.write(Data("\(reason)\n".utf8))
            return .unusableInput
        }
        guard let head = git("rev-parse", "--verify", "-q", "HEAD") else {
            throw fail("this is not a git checkout, so there is no base revision to compare with")
        }
        let originMain = git("rev-parse", "--verify", "-q", "origin/main^{commit}")
        let choice = BaseRevision.choose(
            BaseRevision.Facts(
                requested: requested, originMainExists: originMain != nil, originMainIsHead: originMain == head,
                hasChanges: !(git("status", "--porcelain", "--untracked-files=no") ?? "").isEmpty
            ))
        guard let commit = git("rev-parse", "--verify", "-q", "\(choice.revision)^{commit}") else {
            throw fail(
                "the base revision `\(choice.revision)` is not in this clone (a shallow checkout? fetch with fetch-depth: 0)"
            )
        }
        guard git("show", "\(commit):Package.swift")?.contains("\"tessera-bench\"") == true else {
            throw fail("the base revision `\(choice.revision)` has no tessera-bench")
        }
        print(commit)
        print(choice.revision)
        if let note = choice.note { print(note) }
    }

    /// A git command's output, trimmed; `nil` when git fails or is missing.
    private func git(_ arguments: String...) -> String? {
        ProcessOutput.git(arguments)
    }
}
