// A recognizer's timer (`GestureRecognizer.startTimer(after:)`) as a token.
//
// The scheduler never holds a recognizer: it holds a token, a number this environment hands out
// once (the recognizer keeps it as `timerToken`) and looks up among its windows' active
// recognizers when the timer fires. A token that no recognizer has pending (the timer was
// cancelled, replaced by a newer one, already fired, or its recognizer reset) changes nothing,
// so a host's scheduler that calls back late is harmless; once the environment has gone away
// its `TimerTokenReceiver` passes nothing on.
//
// A recognizer's timer is cancelled before the recognizer stops being active in its window
// (reset, detach, the environment's teardown) or is freed, so the recognizer of a pending token
// is always among the active recognizers of this environment's windows.

extension GestureEnvironment {
    /// Starts (or restarts) `recognizer`'s timer at `deadline`: does nothing when the recognizer
    /// is not active in a window.
    func startTimer(for recognizer: GestureRecognizer, deadline: Timestamp) {
        guard recognizer.activeWindow != nil else { return }
        if let handle = recognizer.timerHandle { cancelOnScheduler(handle) }
        lastTimerToken &+= 1
        let token = lastTimerToken
        recognizer.timerToken = token
        if let clock {
            recognizer.timerHandle = clock.withUnsafeUnretained { $0.schedule(token: token, for: timerReceiver, at: deadline) }
        } else {
            // A host's scheduler takes a closure: one small allocation per timer.
            let receiver = timerReceiver
            recognizer.timerHandle = scheduler.schedule(at: deadline) { receiver.receive(token) }
        }
    }

    /// Cancels `recognizer`'s pending timer, if any.
    @inline(__always)
    func cancelTimer(of recognizer: GestureRecognizer) {
        guard let handle = recognizer.timerHandle else { return }
        recognizer.timerHandle = nil
        cancelOnScheduler(handle)
    }

    /// The scheduler fired the timer of `token`: the recognizer whose pending timer it is, if
    /// any, runs ``GestureRecognizer/timerDidFire()`` in a timer pass. A recognizer with a
    /// pending timer is active in one of this environment's windows, which own it: the search
    /// reads only lists that own their elements.
    func timerTokenFired(_ token: UInt64) {
        var windowIndex = 0
        while let listedWindow = windowList.element(at: windowIndex) {
            let found = listedWindow.withUnsafeUnretained { window -> UnownedReference<GestureRecognizer>? in
                var index = 0
                while let listed = window.activeRecognizers.element(at: index) {
                    let matches = listed.withUnsafeUnretained {
                        $0.timerHandle != nil && $0.timerToken == token
                    }
                    if matches { return listed }
                    index += 1
                }
                return nil
            }
            if let found {
                // Lent: the window's list owns the recognizer until step 7 of its timer pass
                // resets it, the pass's last use of it; only a reset takes a recognizer out of
                // that list, and windows leave the list only between passes.
                let ranPass = found.withUnsafeUnretained { recognizer -> Bool in
                    recognizer.timerHandle = nil
                    return timerFired(for: recognizer)
                }
                if ranPass, !deferredChanges.isEmpty || !deferredInputs.isEmpty { drainDeferredWork() }
                return
            }
            windowIndex += 1
        }
    }

    private func cancelOnScheduler(_ handle: TimerHandle) {
        if let clock {
            clock.withUnsafeUnretained { $0.cancel(handle) }
        } else {
            scheduler.cancel(handle)
        }
    }
}
