import Foundation
import Tessera
import TesseraBenchKit

/// What `tune` found, and what it recommends, if anything.
package struct TuneResult: Sendable {
    /// The fewest rounds `tune` takes, as `native` and `floors`: a 95% sign-test interval of a median ratio needs 6.
    package static let minimumRounds = 6
    /// The threshold unless one is given: a candidate within 3% of the leader is as fast, as `ab` judges a change.
    package static let defaultThreshold = 0.03

    /// Where a candidate stands against the leader.
    package enum Standing: Sendable, Equatable {
        /// The fastest median query over the rounds.
        case leader
        /// As fast as the leader: its ratio's interval lies wholly at or below 1 + threshold.
        case tied
        /// Slower: its ratio's interval lies wholly above 1 + threshold.
        case slower
        /// The rounds cannot tell: its interval straddles 1 + threshold.
        case unseparated
        /// Inexact, so not timed.
        case notTimed
    }

    /// What `tune` says.
    package enum Decision: Sendable {
        /// One candidate: the one holding the fewest bytes (then with the fastest warm prepare) among the leader and
        /// those tied with it, which no unseparated candidate could displace.
        case recommended(TuneCandidate)
        /// No decision: `preferred` wins among those known to be as fast as the leader, but each of `unseparated`
        /// would win instead if it were as fast too, and the rounds cannot tell.
        case undecided(preferred: TuneCandidate, unseparated: [TuneCandidate])
        /// No candidate answered exactly: nothing was timed.
        case nothingExact
    }

    package var layout: LayoutID
    package var elements: Int
    package var rounds: Int
    /// How much slower than the leader a candidate may be and still count as fast: 0.03 for 3%.
    package var threshold: Double
    /// The leader first, then by median query.
    package var candidates: [TuneCandidate]
    package var decision: Decision

    /// Ranks exact candidates by their median query over the rounds and compares each with the leader round by
    /// round (the rounds are the independent samples). Queries run every frame, so speed comes first: a candidate
    /// counts as fast only when its whole interval says so, and among the fast, fewer bytes, then a faster warm
    /// prepare, win. A candidate whose interval straddles the threshold blocks a decision only if it would win.
    init(
        layout: LayoutID, elements: Int, rounds: Int, threshold: Double = defaultThreshold, candidates: [TuneCandidate]
    ) {
        self.layout = layout
        self.elements = elements
        self.rounds = rounds
        self.threshold = threshold
        var candidates = candidates.sorted { ($0.exact ? 0 : 1, $0.queryMedian) < ($1.exact ? 0 : 1, $1.queryMedian) }
        if let leader = candidates.first(where: \.exact) {
            for index in candidates.indices where candidates[index].exact && candidates[index].choice != leader.choice {
                let ratios = zip(candidates[index].roundMedians, leader.roundMedians).map { $0 / Swift.max($1, 1e-3) }
                candidates[index].ratioToLeader = MedianInterval(ratios)
            }
        }
        self.candidates = candidates
        decision = Self.decide(candidates, threshold: threshold)
    }

    /// The candidate recommended; `nil` when `tune` cannot decide or nothing was exact.
    package var recommended: TuneCandidate? {
        if case .recommended(let candidate) = decision { return candidate }
        return nil
    }

    /// Where `candidate` stands against the leader, the first exact candidate.
    package func standing(of candidate: TuneCandidate) -> Standing {
        Self.standing(of: candidate, leader: candidates.first(where: \.exact), threshold: threshold)
    }

    static func standing(of candidate: TuneCandidate, leader: TuneCandidate?, threshold: Double) -> Standing {
        guard candidate.exact, let leader else { return .notTimed }
        if candidate.choice == leader.choice { return .leader }
        // Too few rounds for an interval: nothing is known.
        guard let interval = candidate.ratioToLeader else { return .unseparated }
        if interval.upper <= 1 + threshold { return .tied }
        if interval.lower > 1 + threshold { return .slower }
        return .unseparated
    }

    /// Whether `lhs` is preferred to `rhs` when both are as fast: fewer bytes, then a faster warm prepare.
    static func isPreferred(_ lhs: TuneCandidate, to rhs: TuneCandidate) -> Bool {
        let (left, right) = (lhs.bytesPerElement ?? .infinity, rhs.bytesPerElement ?? .infinity)
        return left != right ? left < right : lhs.warmPrepareNanoseconds < rhs.warmPrepareNanoseconds
    }

    static func decide(_ candidates: [TuneCandidate], threshold: Double) -> Decision {
        guard let leader = candidates.first(where: \.exact) else { return .nothingExact }
        let standings = candidates.map { standing(of: $0, leader: leader, threshold: threshold) }
        let fast = zip(candidates, standings).filter { $1 == .leader || $1 == .tied }.map(\.0)
        let preferred = fast.min(by: isPreferred) ?? leader
        // An unseparated candidate that would lose to `preferred` even if it were as fast changes nothing.
        let blocking = zip(candidates, standings).filter { $1 == .unseparated && isPreferred($0, to: preferred) }
            .map(\.0)
        return blocking.isEmpty ? .recommended(preferred) : .undecided(preferred: preferred, unseparated: blocking)
    }

    /// About how many rounds would separate every unseparated candidate that blocks the decision from the
    /// threshold, were its median ratio what these rounds found: an interval narrows as one over the square root
    /// of the rounds. `nil` when there is no such candidate, or when one's median ratio sits on the threshold.
    package var roundsToSeparate: Int? {
        guard case .undecided(_, let unseparated) = decision else { return nil }
        var most = rounds
        for candidate in unseparated {
            guard let interval = candidate.ratioToLeader else {
                most = Swift.max(most, Self.minimumRounds)
                continue
            }
            let bound = 1 + threshold
            let (width, room) =
                interval.median > bound
                ? (interval.median - interval.lower, interval.median - bound)
                : (interval.upper - interval.median, bound - interval.median)
            guard room > 0 else { return nil }
            let needed = (Double(rounds) * (width / room) * (width / room)).rounded(.up)
            guard needed <= Double(Self.maximumRounds) else { return nil }
            most = Swift.max(most, Int(needed))
        }
        // At least twice the rounds: the estimate rests on the rounds' own scatter, which is itself uncertain.
        return Swift.min(Swift.max(most, 2 * rounds), Self.maximumRounds)
    }

    /// The most rounds `tune` takes.
    package static let maximumRounds = 1_000

    /// How to act on the decision, as command lines: `run` with the recommended index, or `tune` again with more
    /// rounds or a wider threshold (in percent).
    package struct FollowUp {
        package var apply: (IndexChoice) -> String
        package var retune: (_ rounds: Int?, _ thresholdPercent: Double?) -> String

        package init(
            apply: @escaping (IndexChoice) -> String,
            retune: @escaping (_ rounds: Int?, _ thresholdPercent: Double?) -> String
        ) {
            self.apply = apply
            self.retune = retune
        }
    }

    package func render(followUp: FollowUp? = nil) -> String {
        var rows = [
            [
                "index", "parameter", "exact", "query median", "over the leader [95%]", "", "warm prepare",
                "bytes/element",
            ]
        ]
        for candidate in candidates {
            let ratio: String
            let standing: String
            switch self.standing(of: candidate) {
            case .notTimed: (ratio, standing) = ("", "not timed")
            case .leader: (ratio, standing) = ("1", "leader")
            case let other:
                ratio =
                    candidate.ratioToLeader.map {
                        String(format: "%.3f [%.3f, %.3f]", $0.median, $0.lower, $0.upper)
                    } ?? "too few rounds"
                standing = other == .tied ? "tie" : other == .slower ? "slower" : "not separated"
            }
            rows.append([
                candidate.choice.strategy.rawValue, candidate.choice.parameter, candidate.exact ? "yes" : "NO",
                candidate.exact ? TerminalTable.duration(candidate.queryMedian) : "", ratio, standing,
                TerminalTable.duration(candidate.warmPrepareNanoseconds),
                candidate.bytesPerElement.map { TerminalTable.decimal($0) } ?? "",
            ])
        }
        let percent = (threshold * 100).formatted()
        var text =
            "\(layout.rawValue), \(elements.formatted()) elements, \(rounds) interleaved rounds:\n"
            + TerminalTable.align(rows)
        text +=
            "\nCandidates are measured in \(rounds) rounds, each in a random order; each is compared with the leader round"
            + " by round. A candidate ties when its interval lies wholly at or below \(1 + threshold) (within \(percent)%"
            + " of the leader) and is slower when it lies wholly above; among the leader and its ties, fewer bytes,"
            + " then a faster warm prepare, win.\n"
        switch decision {
        case .recommended(let candidate):
            text += "\nRecommended: \(candidate.choice) — median query \(TerminalTable.duration(candidate.queryMedian))"
            text += ", warm prepare \(TerminalTable.duration(candidate.warmPrepareNanoseconds))"
            text += candidate.bytesPerElement.map { ", \(TerminalTable.decimal($0)) bytes an element." } ?? "."
            if let followUp { text += "\nApply it: \(followUp.apply(candidate.choice))" }
            text += "\n"
        case .undecided(let preferred, let unseparated):
            let names = unseparated.map(\.choice.description).joined(separator: ", ")
            let why =
                unseparated.count == 1
                ? "Were it as fast, it would be chosen over \(preferred.choice), the choice among those that are: "
                    + (unseparated[0].bytesPerElement != preferred.bytesPerElement
                        ? "it holds fewer bytes." : "its warm prepare is faster.")
                : "Were they as fast, each would be chosen over \(preferred.choice), the choice among those that are:"
                    + " each holds fewer bytes, or as many with a faster warm prepare."
            text += "\nNo decision: the rounds cannot tell \(names) from the leader within \(percent)%. \(why)\n"
            if let followUp {
                if let rounds = roundsToSeparate {
                    text += "To separate them, more rounds (a quieter machine narrows the intervals too):\n"
                    text += "  \(followUp.retune(rounds, nil))\n"
                } else {
                    text += "A median ratio sits on the threshold: no number of rounds would place it for sure.\n"
                }
                text +=
                    "Or count a wider margin as as fast:\n  \(followUp.retune(nil, Self.widerThreshold(threshold)))\n"
            }
        case .nothingExact:
            text += "\nNo exact candidate: nothing to recommend.\n"
        }
        return text
    }

    /// Twice the threshold, in percent, for a follow-up that settles for a wider margin.
    static func widerThreshold(_ threshold: Double) -> Double { (threshold * 200).rounded() }
}
