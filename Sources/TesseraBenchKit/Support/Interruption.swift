import Dispatch
import Foundation
import Synchronization

/// What a run leaves behind if it is stopped by a signal: temporary files and directories it has made, and child
/// processes it waits for. Each is tracked while it exists; SIGINT, SIGTERM or SIGHUP stops the children and removes
/// the files before the process ends by the same signal, so Ctrl-C or a CI timeout leaves no stray process and no
/// temporary file.
///
/// A child is stopped with its whole process group: Foundation's `Process` starts each child as the leader of a
/// group of its own, which whatever the child starts joins, so a child that is a script leaves none of its
/// commands behind.
package enum Interruption {
    private struct Tracked {
        var paths: [UUID: String] = [:]
        var children: [UUID: pid_t] = [:]
    }

    private static let tracked = Mutex(Tracked())
    /// Set when a signal's clean-up has begun.
    private static let ending = Atomic<Bool>(false)
    /// Kept for the life of the process; written once, by `install()`.
    nonisolated(unsafe) private static var sources: [any DispatchSourceSignal] = []

    /// Takes over SIGINT, SIGTERM and SIGHUP; call once, before anything is tracked. The signals are handled on a
    /// dispatch queue, not in a signal handler, so the clean-up may do what a signal handler may not.
    package static func install() {
        var signals = sigset_t()
        sigemptyset(&signals)
        for signal in [SIGINT, SIGTERM, SIGHUP] {
            // A parent may start us with these blocked (a test runner's worker threads block them); unblocked here,
            // before any thread starts, so every thread of ours takes them.
            sigaddset(&signals, signal)
            Foundation.signal(signal, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: signal, queue: .global())
            source.setEventHandler { end(by: signal) }
            source.resume()
            sources.append(source)
        }
        pthread_sigmask(SIG_UNBLOCK, &signals, nil)
    }

    /// Removes `path` (a file or a directory) if a signal ends the process before `untrack(_:)`.
    package static func track(path: String) -> UUID {
        let token = UUID()
        tracked.withLock { $0.paths[token] = path }
        return token
    }

    /// Makes the file at `path` with `make` (which returns its descriptor, or −1) and tracks it, under the lock the
    /// clean-up takes: a signal's clean-up either comes first, and the file is never made, or after, and removes
    /// it. Tracking a path and then making the file let a clean-up fall between the two and leave the file.
    ///
    /// - Returns: the descriptor and the token to untrack with; the descriptor is −1 when `make` failed.
    package static func makeFile(at path: String, _ make: () -> Int32) -> (descriptor: Int32, token: UUID) {
        let token = UUID()
        return tracked.withLock {
            let descriptor = make()
            if descriptor >= 0 { $0.paths[token] = path }
            return (descriptor, token)
        }
    }

    /// Runs `body` with a signal's clean-up held off until it returns: for what must happen all together or not at
    /// all, as the renames of a command's output files over the old ones. `body` must not track or untrack.
    package static func holdingOffCleanUp<T>(_ body: () throws -> T) rethrows -> T {
        try tracked.withLock { _ in try body() }
    }

    /// Starts `process` and tracks it: SIGTERM is sent to it if a signal ends this process before
    /// `untrack(_:)`. Started under the lock the clean-up takes, so no signal falls between the start and the
    /// tracking.
    ///
    /// With `endingWithThisProcess`, for a child that runs for minutes (a counted run, an `ab` round), a signal no
    /// handler sees (SIGKILL) ends it too: it is started through util-linux's `setpriv --pdeathsig KILL`, which asks
    /// the kernel to kill it when the thread that started it ends, and then becomes the program itself (the same
    /// process, arguments and environment). Only from the main thread, which lives as long as this process: a
    /// dispatch thread that started it could end first. Where `setpriv` is missing the child is started as it is.
    package static func start(_ process: Process, endingWithThisProcess: Bool = false) throws -> UUID {
        if endingWithThisProcess, Thread.isMainThread, let executable = process.executableURL,
            FileManager.default.isExecutableFile(atPath: setpriv), isProgram(executable)
        {
            process.arguments = ["--pdeathsig", "KILL", "--", executable.path] + (process.arguments ?? [])
            process.executableURL = URL(fileURLWithPath: setpriv)
        }
        let token = UUID()
        try tracked.withLock { tracked in
            try process.run()
            tracked.children[token] = process.processIdentifier
        }
        return token
    }

    /// util-linux's, in every Debian system (the package is essential).
    private static let setpriv = "/usr/bin/setpriv"

    /// Whether `executable` starts as a script (`#!`) or a whole ELF header (its magic, a class of 32 or 64 bits, and
    /// the 52 bytes of the smaller header). `setpriv` hands a file the system cannot run to the shell, which would
    /// report it in its own words; started directly, it fails with the system's reason ("Exec format error").
    private static func isProgram(_ executable: URL) -> Bool {
        guard let handle = try? FileHandle(forReadingFrom: executable) else { return false }
        defer { try? handle.close() }
        let start = [UInt8]((try? handle.read(upToCount: 52)) ?? Data())
        if start.starts(with: Array("#!".utf8)) { return true }
        return start.count == 52 && start.starts(with: [0x7F, 0x45, 0x4C, 0x46]) && (start[4] == 1 || start[4] == 2)
    }

    /// Stops `process`, a child started by `start(_:)` under `token`, with everything in its process group, as a
    /// signal would (`stop(groups:)`), and untracks it: for a child that has run past its time. Its end is read
    /// from `process`, which reaps it, so that `waitUntilExit()` still returns.
    package static func stop(_ process: Process, token: UUID) {
        untrack(token)
        stop(groups: [process.processIdentifier]) { _ in !process.isRunning }
    }

    package static func untrack(_ token: UUID) {
        tracked.withLock {
            $0.paths[token] = nil
            $0.children[token] = nil
        }
    }

    /// Called before the process exits of its own accord, and before a child's end is taken for its failure: while
    /// a signal's clean-up runs (stopping a child makes the command fail, and it would exit with that failure's
    /// status, or blame the child), waits for the clean-up to end the process by the signal, which says so.
    package static func yieldToSignal() {
        while ending.load(ordering: .acquiring) { sleep(1) }
    }

    /// Sends SIGTERM to each leader's process group; a child of ours cleans up after itself on SIGTERM, and a group
    /// whose leader has not ended in two seconds is killed. What is left of a group once its leader has ended (a
    /// script's command that ignored SIGTERM) is killed too.
    private static func stop(groups leaders: [pid_t], ended: (pid_t) -> Bool) {
        // The leader too, by its own id, in case it is not the leader of a group after all.
        for leader in leaders {
            kill(-leader, SIGTERM)
            kill(leader, SIGTERM)
        }
        for leader in leaders {
            var waited = 0
            while !ended(leader) {
                if waited == 200 {
                    kill(-leader, SIGKILL)
                    kill(leader, SIGKILL)
                }
                if waited == 400 { break }
                usleep(10_000)
                waited += 1
            }
            kill(-leader, SIGKILL)
        }
    }

    /// Stops the children, removes the files, says the process was interrupted, and ends it by `signal` (its
    /// default action), as if we had not caught it.
    private static func end(by signal: Int32) -> Never {
        ending.store(true, ordering: .releasing)
        // The lock is held to the end, so no file is made or renamed into place after the clean-up has begun: a
        // thread that would is stopped at the lock until the process ends.
        tracked.withLock { tracked -> Never in
            // Nothing else waits for the children now: each is reaped here, or found gone.
            stop(groups: Array(tracked.children.values)) { waitpid($0, nil, WNOHANG) != 0 || kill($0, 0) != 0 }
            for path in tracked.paths.values { try? FileManager.default.removeItem(atPath: path) }
            endReported(by: signal)
        }
    }

    /// Says the process was interrupted and ends it by `signal`.
    private static func endReported(by signal: Int32) -> Never {
        let name = [SIGINT: "SIGINT", SIGTERM: "SIGTERM", SIGHUP: "SIGHUP"][signal] ?? "signal \(signal)"
        FileHandle.standardError.write(
            Data(
                ("\(ProcessInfo.processInfo.processName) was interrupted by \(name): it stopped what it had started "
                    + "and removed its temporary files\n").utf8))
        Foundation.signal(signal, SIG_DFL)
        var only = sigset_t()
        sigemptyset(&only)
        sigaddset(&only, signal)
        pthread_sigmask(SIG_UNBLOCK, &only, nil)
        kill(getpid(), signal)
        // The default action of these three is to end the process; this is reached only if it has not yet.
        _exit(128 + signal)
    }
}
