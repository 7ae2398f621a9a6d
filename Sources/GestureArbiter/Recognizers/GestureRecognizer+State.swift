extension GestureRecognizer {
    /// The state of a gesture recognizer (UIKit's `UIGestureRecognizer.State`).
    ///
    /// Discrete recognizers (tap) go `possible` → `ended` (recognized) or `possible` → `failed`.
    /// Continuous ones (pan) go `possible` → `began` → `changed`* → `ended` or `cancelled`, or
    /// `possible` → `failed`. After `ended`, `cancelled` or `failed` the engine resets the
    /// recognizer to `possible` (R39).
    ///
    /// Rule: R31.
    public enum State: Int, Hashable, Sendable, CustomStringConvertible {
        /// Not yet recognized; the initial state.
        case possible
        /// A continuous gesture started.
        case began
        /// A continuous gesture changed.
        case changed
        /// The gesture ended (continuous) or was recognized (discrete).
        case ended
        /// A continuous gesture was cancelled after it began.
        case cancelled
        /// The gesture cannot be recognized.
        case failed

        /// The same state as ``ended``: a discrete gesture was recognized.
        public static var recognized: State { .ended }

        /// Whether the recognizer is done with this attempt (ended, cancelled or failed).
        @inlinable @inline(__always)
        public var isFinished: Bool { self == .ended || self == .cancelled || self == .failed }

        /// The state's name: `possible`, `began`, `changed`, `ended`, `cancelled`, `failed`.
        public var description: String {
            switch self {
            case .possible: return "possible"
            case .began: return "began"
            case .changed: return "changed"
            case .ended: return "ended"
            case .cancelled: return "cancelled"
            case .failed: return "failed"
            }
        }

        /// UIKit's normalisation of a requested transition from this state (R32): the state
        /// actually entered, or nil when the request is ignored.
        ///
        /// - from `possible`: began or changed → began; ended → ended; cancelled or failed → failed;
        ///   possible → ignored.
        /// - from `began`: failed → cancelled; began → changed; possible → ignored; the rest as asked.
        /// - from `changed`: failed → cancelled; began, possible or changed → changed.
        /// - from `ended`, `cancelled`, `failed`: every request is ignored until reset.
        ///
        /// Rule: R32.
        @inline(__always)
        public func normalizedTransition(to requested: State) -> State? {
            switch self {
            case .possible:
                switch requested {
                case .possible: return nil
                case .began, .changed: return .began
                case .ended: return .ended
                case .cancelled, .failed: return .failed
                }
            case .began:
                switch requested {
                case .possible: return nil
                case .began, .changed: return .changed
                case .ended: return .ended
                case .cancelled, .failed: return .cancelled
                }
            case .changed:
                switch requested {
                case .possible, .began, .changed: return .changed
                case .ended: return .ended
                case .cancelled, .failed: return .cancelled
                }
            case .ended, .cancelled, .failed:
                return nil
            }
        }
    }
}
