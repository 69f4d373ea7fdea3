import ArgumentParser

/// `--threshold`, in percent, as `ab`, `compare` and `tune` take it: one range for the three, 0 to 1,000. Past 100
/// the threshold still bounds a slowdown (1,000 lets anything within 11× the time pass) though no improvement can
/// be told any more, a time cannot fall by 100% or more.
enum ThresholdOption {
    /// Refuses a threshold outside the range, naming it; `nil` (not given) passes.
    static func check(_ percent: Double?) throws {
        guard let percent else { return }
        guard percent.isFinite, percent >= 0, percent <= 1_000 else {
            throw ValidationError("--threshold must be a percentage from 0 to 1000, not \(percent)")
        }
    }
}
