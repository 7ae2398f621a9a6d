// The hooks through which the lower layers (views, recognizers, events) reach the engine.
//
// Views, recognizers and events call the environment only through these, never into a pass's
// own state (docs/architecture.md, "Layering"):
// - `subtreeLeftWindow(_:window:)`: a view left its window (`View.removeFromSuperview`, a move);
// - `recognizerChangedState(_:from:to:cause:)`: a recognizer's `state` setter;
// - `recognizerWasDetached(_:reason:)`: `isEnabled = false`, `View.removeGestureRecognizer`;
// - `requirementsDidChange(for:)`: `GestureRecognizer.require(toFail:)`;
// - `recognizer(_:ignores:)`: `GestureRecognizer.ignore(_:for:)`;
// - `startTimer(for:after:)`, `cancelTimer(of:)`: a recognizer's one timer (+Timers);
// - `keepAliveUntilPassEnds(_:)`: an object user code drops that the pass may be lending;
// - `liveTouches(in:)`: `Event.allTouches`;
// - `isGoingAway`: `Window.environment` reads nil while the environment is being freed.
// The first five are implemented with arbitration (+Arbitration), the rest here and in +Timers.
// Time (the clock and its timers) knows none of them: the environment schedules timers by token.

extension GestureEnvironment {
    /// Keeps `object` alive until the running pass ends, if one is running: a pass visits views
    /// and sends actions without retaining them, so a view removed or an action dropped by user
    /// code during a pass must outlive it. Between passes it does nothing.
    func keepAliveUntilPassEnds(_ object: AnyObject) {
        if pass.isInPass { passKeepAlive.append(object) }
    }

    /// The live touches of `window` (those that began and have not ended), by id.
    func liveTouches(in window: Window) -> TouchSet {
        TouchSet(liveTouches.array.filter { $0.window === window })
    }

    /// Starts (or restarts) `recognizer`'s timer, due `delay` from now (a negative delay counts
    /// as zero).
    func startTimer(for recognizer: GestureRecognizer, after delay: Duration) {
        // A delay of a few seconds (a tap's 0.35 s) in integer nanoseconds, without the
        // 128-bit comparison of `Duration`.
        if let nanoseconds = delay.shortWholeNanoseconds {
            startTimer(for: recognizer, deadline: nanoseconds > 0 ? clockNow + delay : clockNow)
            return
        }
        startTimer(for: recognizer, deadline: clockNow + max(delay, .zero))
    }
}
