import Dispatch
import Foundation
import Synchronization

/// What a run leaves behind if it is stopped by a signal: temporary files and directories it has made, and child
/// processes it waits for. Each is tracked while it exists; SIGINT, SIGTERM or SIGHUP stops the children and removes
/// the files before the process ends by the same signal, so Ctrl-C or a CI timeout leaves no stray process and no
/// temporary file.
public enum Interruption {
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
    public static func install() {
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
    public static func track(path: String) -> UUID {
        let token = UUID()
        tracked.withLock { $0.paths[token] = path }
        return token
    }

    /// Starts `process` and tracks it: SIGTERM is sent to it if a signal ends this process before
    /// `untrack(_:)`. Started under the lock the clean-up takes, so no signal falls between the start and the
    /// tracking.
    public static func start(_ process: Process) throws -> UUID {
        let token = UUID()
        try tracked.withLock { tracked in
            try process.run()
            tracked.children[token] = process.processIdentifier
        }
        return token
    }

    public static func untrack(_ token: UUID) {
        tracked.withLock {
            $0.paths[token] = nil
            $0.children[token] = nil
        }
    }

    /// Called before the process exits of its own accord: while a signal's clean-up runs (stopping a child makes
    /// the command fail, and it would exit with that failure's status), waits for the clean-up to end the process
    /// by the signal.
    public static func yieldToSignal() {
        while ending.load(ordering: .acquiring) { sleep(1) }
    }

    /// Stops the children, removes the files, and ends the process by `signal` (its default action), as if we had
    /// not caught it.
    private static func end(by signal: Int32) -> Never {
        ending.store(true, ordering: .releasing)
        let (paths, children) = tracked.withLock { ($0.paths.values, $0.children.values) }
        for child in children { kill(child, SIGTERM) }
        // A child of ours cleans up after itself on SIGTERM; one that has not ended in two seconds is killed.
        for child in children {
            var waited = 0
            while waitpid(child, nil, WNOHANG) == 0, kill(child, 0) == 0 {
                if waited == 200 { kill(child, SIGKILL) }
                if waited == 400 { break }
                usleep(10_000)
                waited += 1
            }
        }
        for path in paths { try? FileManager.default.removeItem(atPath: path) }
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
