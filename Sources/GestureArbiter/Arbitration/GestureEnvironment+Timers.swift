// A recognizer's timer (`GestureRecognizer.startTimer(after:)`) as a token.
//
// The scheduler never holds a recognizer: it holds a token, a number this environment hands out
// once and looks up in its table of pending timers when the timer fires. A token that is not in
// the table (the timer was cancelled, replaced by a newer one, already fired, or its recognizer
// reset) changes nothing, so a host's scheduler that calls back late is harmless; once the
// environment has gone away its ``TimerTokenReceiver`` passes nothing on.
//
// A recognizer is in the table only while its timer is pending, and the timer is cancelled
// before the recognizer stops being active in its window (reset, detach, the environment's
// teardown) or is freed, so the table's unowned references always point at live recognizers.

extension GestureEnvironment {
    /// Starts (or restarts) `recognizer`'s timer at `deadline`: does nothing when the recognizer
    /// is not active in a window.
    func startTimer(for recognizer: GestureRecognizer, deadline: Timestamp) {
        guard recognizer.activeWindow != nil else { return }
        if recognizer.timerHandle != nil { cancelTimer(of: recognizer) }
        lastTimerToken &+= 1
        let token = lastTimerToken
        if let clock {
            recognizer.timerHandle = clock.with { $0.schedule(token: token, for: timerReceiver, at: deadline) }
        } else {
            // A host's scheduler takes a closure: one small allocation per timer.
            let receiver = timerReceiver
            recognizer.timerHandle = scheduler.schedule(at: deadline) { receiver.receive(token) }
        }
        pendingTimerTokens.append(token)
        pendingTimerRecognizers.append(recognizer)
    }

    /// Cancels `recognizer`'s pending timer, if any.
    func cancelTimer(of recognizer: GestureRecognizer) {
        guard let handle = recognizer.timerHandle else { return }
        recognizer.timerHandle = nil
        if let index = pendingTimerRecognizers.firstIndex(of: recognizer) {
            _ = pendingTimerTokens.removeCheaply(at: index)
            pendingTimerRecognizers.remove(at: index)
        }
        if let clock {
            clock.with { $0.cancel(handle) }
        } else {
            scheduler.cancel(handle)
        }
    }

    /// The scheduler fired the timer of `token`: its recognizer's ``GestureRecognizer/timerDidFire()``
    /// runs in a timer pass, if that timer is still the pending one.
    func timerTokenFired(_ token: UInt64) {
        guard let index = pendingTimerTokens.firstIndex(of: token) else { return }
        let recognizer = pendingTimerRecognizers.object(at: index)
        _ = pendingTimerTokens.removeCheaply(at: index)
        pendingTimerRecognizers.remove(at: index)
        recognizer.timerHandle = nil
        timerFired(for: recognizer)
    }
}
