extension GestureEnvironment {
    // MARK: - Step 7: resets (R39)

    /// Resets each finished recognizer whose linked recognizers (either direction of a failure
    /// requirement) are no longer active; a reset can unblock another, so this repeats.
    /// Recognizers cancelled by disabling or removal reset whatever their links (R40, R41).
    func resetFinishedRecognizers(in window: Window) {
        // Only a failure requirement links two recognizers (R39), so while no active one of the
        // window has any, nothing is blocked and the pairwise search is skipped. Whether any has
        // one is asked when the first candidate that could be blocked comes up (most passes have
        // none). A `reset()` override may add requirements: the revision says when to ask again.
        // (A reset only removes some; keeping `true` then costs a search that finds nothing.)
        var anyRequirements: Bool?
        var revision = requirementsRevision
        var didReset = true
        while didReset {
            didReset = false
            var index = 0
            while index < window.activeRecognizers.count {
                let (candidate, forced) = window.activeRecognizers[index].withUnsafeUnretained { recognizer in
                    let forced = !forcedResets.isEmpty && forcedResets.contains { $0 === recognizer }
                    let candidate: Bool
                    switch recognizer.storedState {
                    case _ where forced: candidate = true
                    case .ended, .cancelled, .failed: candidate = !owesAction(recognizer)
                    case .possible: candidate = isAbandoned(recognizer)
                    case .began, .changed: candidate = false
                    }
                    guard candidate else { return (false, false) }
                    // A window's list is shared: a callback of this pass may have moved the window
                    // to another environment, which bound some of its recognizers anew. Those are
                    // that environment's to reset (their holds are in its table), never this one's.
                    if let owner = recognizer.environmentRef, !owner.refers(to: self) { return (false, false) }
                    return (true, forced)
                }
                guard candidate else {
                    index &+= 1
                    continue
                }
                // Lent: `reset` drops it from the list as its very last step.
                let blocked = window.activeRecognizers[index].withUnsafeUnretained { recognizer -> Bool in
                    if !forced {
                        if anyRequirements == nil { anyRequirements = hasRequirements(in: window) }
                        if anyRequirements == true, hasLinkedActive(recognizer, in: window) {
                            if let tracer = liveTracer {
                                tracer.record(.resetBlocked(recognizer: recognizer, by: linkedActive(recognizer, in: window)))
                            }
                            return true
                        }
                    }
                    reset(recognizer, in: window)
                    return false
                }
                if blocked {
                    index &+= 1
                    continue
                }
                didReset = true
                if anyRequirements != true, revision != requirementsRevision {
                    revision = requirementsRevision
                    anyRequirements = nil
                }
            }
        }
        if !forcedResets.isEmpty { forcedResets.removeAll { $0.activeWindow == nil || $0.activeWindow === window } }
    }

    /// Whether possible `recognizer` is abandoned, a candidate for a reset (R39): nothing left to
    /// track or wait for (no touch, no timer, no pointer driving it).
    @inline(__always)
    func isAbandoned(_ recognizer: GestureRecognizer) -> Bool {
        recognizer.trackedTouches.isEmpty && recognizer.timerHandle == nil && !recognizer.isDrivenByPointer
    }

    /// Whether `recognizer` finished after step 4 had passed it (a callback of this pass set its
    /// state to ended or cancelled) and its action is still to be sent: the pass queued for the
    /// change sends it (R34, R37) and resets it then.
    @inline(__always)
    private func owesAction(_ recognizer: GestureRecognizer) -> Bool {
        RecognizerFacts(recognizer).owesAction
    }

    /// R39, R60, R132: `other` keeps `recognizer` from resetting while it is active and linked to
    /// it by a failure requirement either way, or while it is a held requirement that still holds
    /// up `recognizer`, itself held. (A held dependent does not block the reset of what it waits
    /// for: that reset is what releases it.)
    private func blocksReset(of recognizer: GestureRecognizer, _ other: GestureRecognizer, in window: Window) -> Bool {
        if isActive(other) { return requires(recognizer, other) || requires(other, recognizer) }
        // R132: a requirement held in ended still holds up a `recognizer` that waits (is held
        // itself), unless it waits on that one; one that already failed waits for nothing.
        guard other.storedState == .ended, other.arbitration.isHeld, recognizer.arbitration.isHeld else { return false }
        return requires(recognizer, other) && holdsUp(recognizer, other, in: window)
    }

    /// Whether an active recognizer of `window` requires another to fail, statically or for
    /// this attempt (R51, R53).
    private func hasRequirements(in window: Window) -> Bool {
        var index = 0
        while let listed = window.activeRecognizers.element(at: index) {
            let found = listed.withUnsafeUnretained { recognizer in
                !recognizer.failureRequirements.isEmpty || !recognizer.dynamicRequirements.isEmpty
            }
            if found { return true }
            index &+= 1
        }
        return false
    }

    private func hasLinkedActive(_ recognizer: GestureRecognizer, in window: Window) -> Bool {
        var index = 0
        while let listed = window.activeRecognizers.element(at: index) {
            let found = listed.withUnsafeUnretained { other in
                other !== recognizer && blocksReset(of: recognizer, other, in: window)
            }
            if found { return true }
            index &+= 1
        }
        return false
    }

    private func linkedActive(_ recognizer: GestureRecognizer, in window: Window) -> [GestureRecognizer] {
        window.activeRecognizers.array.filter {
            $0 !== recognizer && blocksReset(of: recognizer, $0, in: window)
        }
    }

    /// R39: `reset()`, state possible, bindings and holds dropped (R27, R65), per-attempt data
    /// cleared, timer cancelled.
    func reset(_ recognizer: GestureRecognizer, in window: Window) {
        recognizer.lastCentroid = recognizer.centroidInWindow()
        recognizer.reset()
        recognizer.storedState = .possible
        for index in 0..<recognizer.trackedTouches.count {
            recognizer.trackedTouches[index].withUnsafeUnretained { touch in
                if let position = touch.recognizers.firstIndex(of: recognizer) { touch.recognizers.remove(at: position) }
            }
        }
        recognizer.trackedTouches.removeAll()
        holds.release(by: recognizer)
        if recognizer.timerHandle != nil { cancelTimer(of: recognizer) }
        recognizer.touchTypeInUse = nil
        recognizer.arbitration = ArbitrationState()
        recognizer.dynamicRequirements.clearKeepingCapacity()
        recognizer.attempt &+= 1
        recognizer.activeWindow = nil
        recognizer.environment = nil
        liveTracer?.record(.reset(recognizer: recognizer))
        // Last: the window's list may be what keeps the recognizer alive (its view may have let
        // go of it), and callers lend it.
        if let index = window.activeRecognizers.firstIndex(of: recognizer) {
            window.activeRecognizers.remove(at: index)
        }
    }
}
