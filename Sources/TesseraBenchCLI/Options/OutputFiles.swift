import ArgumentParser
import Foundation
import TesseraBenchKit

/// The files a command writes. Every one is checked before any work starts, so a path that cannot be written fails
/// in a moment rather than after minutes of measuring; and all are written together at the end, each to a temporary
/// file beside it that is synced and then renamed over it, so a failure, a full disk or a signal leaves every old file
/// as it was and never a partial set.
struct OutputFiles {
    struct File {
        /// The option that named it, as `--report`.
        let option: String
        let path: String
    }

    let files: [File]

    /// Checks `outputs` (option and path; `nil` for an option not given) against what cannot or must not be
    /// written: an empty name, `-`, a directory, a device or other special file, a symbolic link, a read-only file, a
    /// directory that does not exist or cannot be written, a name the file system refuses, two options naming one
    /// file, and a file the command reads.
    ///
    /// What the command reads is one rule for every command: any file its command line names other than by the
    /// output's own option (whichever option or argument names it: a run option `ab` passes on, a report `summary`
    /// reads), and `inputs`, the files it reads without their being named (a default database).
    init(
        _ outputs: KeyValuePairs<String, String?>, inputs: [(option: String, path: String?)] = [],
        commandLine: [String] = Array(CommandLine.arguments.dropFirst())
    ) throws {
        files = outputs.compactMap { option, path in path.map { File(option: option, path: $0) } }
        let named = Self.namedFiles(in: commandLine)
        var seen: [String: String] = [:]
        for file in files {
            let existing = try Self.check(file)
            try Self.probe(file, exists: existing != nil)
            let identity = Self.identity(of: file.path)
            if let other = seen[identity] {
                throw ValidationError(
                    "\(other) and \(file.option) both name \(file.path): each would replace the other")
            }
            seen[identity] = file.option
            guard let existing else { continue }
            // The output's own naming of its file is not a read; any other naming is.
            var ownNamingLeft = 1
            for case (let option, let input?) in inputs + named {
                var status = stat()
                guard stat(input, &status) == 0, status.st_dev == existing.st_dev, status.st_ino == existing.st_ino
                else { continue }
                if option == file.option, input == file.path, ownNamingLeft > 0 {
                    ownNamingLeft -= 1
                    continue
                }
                throw ValidationError(
                    "\(file.option) \(file.path) is the \(option) file: writing it would destroy the input")
            }
        }
    }

    /// Every value on `commandLine` with the option that gives it (`--workload w.json`, `--trace=t.json`), or
    /// `input` for one no option precedes: each may name a file the command reads. A value after a flag is
    /// taken for the flag's, which only names it in a message.
    static func namedFiles(in commandLine: [String]) -> [(option: String, path: String?)] {
        var named: [(option: String, path: String?)] = []
        var option: String?
        for token in commandLine where token != "--" {
            if token.hasPrefix("--"), let equals = token.firstIndex(of: "=") {
                named.append((String(token[..<equals]), String(token[token.index(after: equals)...])))
                option = nil
            } else if token.hasPrefix("-"), token.count > 1, Double(token) == nil {
                option = token
            } else {
                named.append((option ?? "input", token))
                option = nil
            }
        }
        return named
    }

    /// Writes each file's contents (made when needed, keyed by option): all to temporary files first, then each
    /// renamed over its path.
    func write(_ contents: [String: () throws -> Data]) throws {
        var staged: [(file: File, temporary: String, token: UUID)] = []
        defer {
            for (_, temporary, token) in staged {
                unlink(temporary)
                Interruption.untrack(token)
            }
        }
        for file in files {
            guard let data = try contents[file.option]?() else { continue }
            // Checked again: the path may have become something else during the run.
            let existing: stat?
            do { existing = try Self.check(file) } catch { throw WriteError(path: file.path, reason: "\(error)") }
            let temporary = "\(Self.directory(of: file.path))/.tessera-bench-\(UUID().uuidString.prefix(13)).tmp"
            let (descriptor, token) = Interruption.makeFile(at: temporary) {
                open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
            }
            guard descriptor >= 0 else { throw WriteError(path: file.path, reason: String(cString: strerror(errno))) }
            staged.append((file, temporary, token))
            try Self.stage(data, to: descriptor, replacing: existing, for: file)
        }
        // All renamed before a signal's clean-up, or none: a signal waits for the renames.
        try Interruption.holdingOffCleanUp {
            for (file, temporary, _) in staged where rename(temporary, file.path) != 0 {
                throw WriteError(path: file.path, reason: String(cString: strerror(errno)))
            }
        }
        // The renames themselves reach the disk with their directories.
        for directory in Set(staged.map { Self.directory(of: $0.file.path) }) {
            let descriptor = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
            if descriptor >= 0 {
                fsync(descriptor)
                close(descriptor)
            }
        }
    }

    struct WriteError: Error, CustomStringConvertible {
        let path: String
        let reason: String

        var description: String { "cannot write \(path): \(reason)" }
    }

    /// The file's status if it exists (a regular file that may be replaced), `nil` if it does not; throws for what
    /// must not be written.
    private static func check(_ file: File) throws -> stat? {
        let (option, path) = (file.option, file.path)
        guard !path.isEmpty else { throw ValidationError("\(option) needs a file name") }
        guard path != "-" else {
            throw ValidationError("\(option) -: standard output is not a file this option writes; give a file name")
        }
        guard !path.hasSuffix("/") else {
            throw ValidationError("\(option) \(path) names a directory; give a file name")
        }
        var status = stat()
        guard lstat(path, &status) == 0 else {
            guard errno == ENOENT else {
                throw ValidationError("\(option) \(path): \(String(cString: strerror(errno)))")
            }
            let directory = directory(of: path)
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory) else {
                throw ValidationError("\(option) \(path): the directory \(directory) does not exist")
            }
            guard isDirectory.boolValue else {
                throw ValidationError("\(option) \(path): \(directory) is not a directory")
            }
            return nil
        }
        switch status.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR: throw ValidationError("\(option) \(path) is a directory; give a file name")
        case S_IFLNK:
            throw ValidationError(
                "\(option) \(path) is a symbolic link; give the path of the file itself, which is replaced whole")
        default:
            throw ValidationError("\(option) \(path) is a device, a pipe or a socket, not a file; give a file name")
        }
        guard status.st_mode & 0o222 != 0, access(path, W_OK) == 0 else {
            throw ValidationError("\(option) \(path) is read-only; make it writable or give another name")
        }
        return status
    }

    /// Makes and removes a file in the directory, and the file itself when it does not exist yet: the directory's
    /// permissions, a read-only or virtual file system (/proc) and a name too long all answer now, not after the run.
    private static func probe(_ file: File, exists: Bool) throws {
        var probes = ["\(directory(of: file.path))/.tessera-bench-probe-\(getpid())"]
        if !exists { probes.append(file.path) }
        for path in probes {
            if let reason = reasonCannotCreate(path) {
                throw ValidationError("\(file.option) \(file.path) cannot be written: \(reason)")
            }
        }
    }

    /// Why a new file cannot be made at `path`, found by making it and removing it; `nil` when it can. Tracked
    /// meanwhile, so a signal between the two leaves no probe behind.
    static func reasonCannotCreate(_ path: String) -> String? {
        let token = Interruption.track(path: path)
        defer { Interruption.untrack(token) }
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { return String(cString: strerror(errno)) }
        close(descriptor)
        unlink(path)
        return nil
    }

    /// Writes `data` to the new file open at `descriptor`, with the mode and owner of `existing`, the file it will
    /// replace (or the mode a new file gets), syncs it and closes it.
    private static func stage(_ data: Data, to descriptor: Int32, replacing existing: stat?, for file: File) throws {
        let fail = { WriteError(path: file.path, reason: String(cString: strerror(errno))) }
        defer { close(descriptor) }
        if let existing {
            fchmod(descriptor, existing.st_mode & 0o7777)
            fchown(descriptor, existing.st_uid, existing.st_gid)
        } else {
            let mask = umask(0)
            umask(mask)
            fchmod(descriptor, 0o666 & ~mask)
        }
        try data.withUnsafeBytes { bytes in
            var offset = 0
            while offset < bytes.count {
                let written = Foundation.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    throw fail()
                }
                offset += written
            }
        }
        guard fsync(descriptor) == 0 else { throw fail() }
    }

    private static func directory(of path: String) -> String {
        URL(fileURLWithPath: path).deletingLastPathComponent().path
    }

    /// The file's place, the same for every spelling of it: the real path of its directory and its name.
    private static func identity(of path: String) -> String {
        let url = URL(fileURLWithPath: path)
        let directory = url.deletingLastPathComponent().path
        let real =
            realpath(directory, nil).map { pointer in
                defer { free(pointer) }
                return String(cString: pointer)
            } ?? directory
        return "\(real)/\(url.lastPathComponent)"
    }
}
