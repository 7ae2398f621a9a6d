extension GestureEnvironment {
    // MARK: - Step 7: resets (R39)

    /// Resets each finished recognizer whose linked recognizers (either direction of a failure
    /// requirement) are no longer active; a reset can unblock another, so this repeats.
    /// Recognizers cancelled by disabling or removal reset whatever their links (R40, R41).
    func resetFinishedRecognizers(in window: Window) {
        var didReset = true
        while didReset {
            didReset = false
            var index = 0
            while index < window.activeRecognizers.count {
                let (candidate, forced) = window.activeRecognizers.withElement(at: index) { recognizer in
                    let forced = !forcedResets.isEmpty && forcedResets.contains { $0 === recognizer }
                    let abandoned = recognizer.storedState == .possible && recognizer.trackedTouches.isEmpty
                        && recognizer.timerHandle == nil
                    return (recognizer.storedState.isFinished || abandoned || forced, forced)
                }
                guard candidate else {
                    index += 1
                    continue
                }
                // Resetting removes it from the list: hold it.
                let recognizer = window.activeRecognizers.object(at: index)
                if !forced, firstLinkedActive(recognizer, in: window) != nil {
                    if let tracer {
                        tracer.record(.resetBlocked(recognizer: recognizer, by: linkedActive(recognizer, in: window)))
                    }
                    index += 1
                    continue
                }
                reset(recognizer, in: window)
                didReset = true
            }
        }
        if !forcedResets.isEmpty { forcedResets.removeAll { $0.activeWindow == nil || $0.activeWindow === window } }
    }

    private func firstLinkedActive(_ recognizer: GestureRecognizer, in window: Window) -> GestureRecognizer? {
        var index = 0
        while index < window.activeRecognizers.count {
            let found = window.activeRecognizers.withElement(at: index) { other in
                other !== recognizer && isActive(other) && (requires(recognizer, other) || requires(other, recognizer))
            }
            if found { return window.activeRecognizers.object(at: index) }
            index += 1
        }
        return nil
    }

    private func linkedActive(_ recognizer: GestureRecognizer, in window: Window) -> [GestureRecognizer] {
        window.activeRecognizers.array.filter {
            $0 !== recognizer && isActive($0) && (requires(recognizer, $0) || requires($0, recognizer))
        }
    }

    /// R39: `reset()`, state possible, bindings and holds dropped (R27, R65), per-attempt data
    /// cleared, timer cancelled.
    func reset(_ recognizer: GestureRecognizer, in window: Window) {
        recognizer.lastCentroid = recognizer.centroidInWindow()
        recognizer.reset()
        recognizer.storedState = .possible
        for index in 0..<recognizer.trackedTouches.count {
            recognizer.trackedTouches.withElement(at: index) { touch in
                if let position = touch.recognizers.firstIndex(of: recognizer) { touch.recognizers.remove(at: position) }
            }
        }
        recognizer.trackedTouches.removeAll()
        releaseHolds(of: recognizer)
        if let handle = recognizer.timerHandle {
            cancelTimer(handle)
            recognizer.timerHandle = nil
        }
        recognizer.touchTypeInUse = nil
        recognizer.isHeld = false
        recognizer.isCommitted = false
        recognizer.hasPublished = false
        recognizer.hasSentBegan = false
        recognizer.hasSentTerminal = false
        recognizer.reachedBeganUnpublished = false
        recognizer.hasPendingChange = false
        recognizer.receivedTouchesInPass = false
        recognizer.dynamicRequirements.clearKeepingCapacity()
        recognizer.dynamicRequirementsEvaluated = false
        recognizer.attempt &+= 1
        recognizer.activeWindow = nil
        recognizer.environment = nil
        if let index = window.activeRecognizers.firstIndex(of: recognizer) {
            window.activeRecognizers.remove(at: index)
        }
        tracer?.record(.reset(recognizer: recognizer))
    }
}
