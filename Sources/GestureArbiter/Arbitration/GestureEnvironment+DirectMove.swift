extension GestureEnvironment {
    // MARK: - Direct moves (issue 27): the running gesture's move

    // A move of touches that one active recognizer holds, and whose views take nothing more of
    // them, is the usual event of a running gesture: a pan, a pinch or a rotation that has
    // recognized and cancelled its touches in their views (R67), or one whose touches never
    // reached a view (R18-R20). For such an event the general pass does little of what it can
    // do, and a direct move does exactly that little:
    // - step 1 updates the touches, as for any move;
    // - step 2 calls that recognizer once with the moved touches, as the walk over the windows'
    //   processing orders would: a touch's recognizers are the recognizers that track it
    //   (R23-R27), so it is the only recognizer that tracks a touch of this pass;
    // - the touches stay out of the pass's list, since step 6 would deliver them nothing, and
    //   steps 3, 5 and 7 do not run, as in any pass that has nothing to settle;
    // - when the callback leaves something to settle (a state change, a hold to release, a
    //   forced reset), the touches join the pass's list and the general steps 3-7 run;
    // - step 4 visits that recognizer alone: in a pass with nothing to settle only a recognizer
    //   that received touches or reported a change has an action to send (R36). When another
    //   recognizer reported a change from the callback (the pass notes who reported), step 4
    //   visits every window, as the general pass does.
    // A tracer sees the same records as from the general pass: the steps left out record
    // nothing for such touches. `movesTakeDirectPath` switched off sends every event through
    // the general pass, which is how the property suites check that the two agree.

    /// The one recognizer that holds the live touch at `position`, when it holds it alone and
    /// the touch's view takes no more phases of it: what a touch needs for a direct move.
    @inline(__always)
    private func soleHolder(ofTouchAt position: Int) -> UnownedReference<GestureRecognizer>? {
        liveTouches[position].withUnsafeUnretained { touch in
            touch.recognizers.count == 1 && !touch.delivery.view.takesPhases ? touch.recognizers[0] : nil
        }
    }

    /// The recognizer of a direct move of the live touch at `position`: its
    /// ``soleHolder(ofTouchAt:)``, when that recognizer is active in this environment (so in a
    /// window the general pass walks).
    @inline(__always)
    func directMoveRecognizer(ofTouchAt position: Int) -> UnownedReference<GestureRecognizer>? {
        guard let recognizer = soleHolder(ofTouchAt: position) else { return nil }
        let active = recognizer.withUnsafeUnretained { recognizer in
            recognizer.activeWindowRef != nil && recognizer.environmentRef?.refers(to: self) == true
        }
        return active ? recognizer : nil
    }

    /// Whether the live touch at `position` qualifies for a direct move to `holder`, a
    /// recognizer that qualified with another touch of the event (so is known to be active
    /// here): it is the touch's ``soleHolder(ofTouchAt:)``.
    @inline(__always)
    func isDirectMove(ofTouchAt position: Int, heldBy holder: UnownedReference<GestureRecognizer>) -> Bool {
        soleHolder(ofTouchAt: position) == holder
    }

    /// The recognizer of a direct move of `event` (validated): the one recognizer that holds
    /// every touch the event moves, when the event only moves touches and each qualifies as in
    /// ``directMoveRecognizer(ofTouchAt:)``. On the way it keeps each touch's place in
    /// ``movedTouchPositions``, which a direct move reads.
    func directMoveRecognizer(of event: TouchEvent) -> UnownedReference<GestureRecognizer>? {
        movedTouchPositions.removeAll()
        var held: UnownedReference<GestureRecognizer>?
        for input in event.touches {
            guard input.phase == .moved, let position = liveTouchIndex(withID: input.id) else { return nil }
            if let held {
                // The holder qualified with the first touch: a later one need only be its alone.
                guard isDirectMove(ofTouchAt: position, heldBy: held) else { return nil }
            } else {
                guard let recognizer = directMoveRecognizer(ofTouchAt: position) else { return nil }
                held = recognizer
            }
            movedTouchPositions.append(position)
        }
        return held
    }

    /// A direct move of one touch to `location` (in screen space), inside a pass begun at `time`.
    @inline(__always)
    func runDirectMove(
        to location: Point, ofTouchAt position: Int, to recognizer: UnownedReference<GestureRecognizer>, at time: Timestamp
    ) {
        liveTouches[position].withUnsafeUnretained { touch in
            present(.moved, of: touch, at: location, time: time)
            setScratch(toOnly: touch)
        }
        recognizer.withUnsafeUnretained { finishDirectMove(to: $0) }
    }

    /// The pass of an event that moves several live touches, validated, with the clock already
    /// at its time, when `recognizer` qualifies for a direct move of every one of them and no
    /// tracer is set: ``runInputPass(_:)`` without the tracer's record and without deciding
    /// again (``movedTouchPositions`` holds the touches' places, as
    /// ``directMoveRecognizer(of:)`` leaves them).
    @inline(__always)
    func runMovesPass(_ event: TouchEvent, to recognizer: UnownedReference<GestureRecognizer>) {
        inputButtonMask = event.buttonMask
        inputModifierFlags = event.modifierFlags
        beginPass(.input, at: event.timestamp)
        runDirectMove(of: event, to: recognizer)
    }

    /// A direct move of every touch of `event`, inside its pass; ``movedTouchPositions`` holds
    /// their places in ``liveTouches``, in the event's order.
    @inline(__always)
    func runDirectMove(of event: TouchEvent, to recognizer: UnownedReference<GestureRecognizer>) {
        // The scratch set is kept when it holds these very touches (a pinch's every move): it
        // holds no touch twice, and the event holds no id twice.
        var keepsSet = recognizerScratch.count == event.touches.count
        for index in 0..<event.touches.count {
            let position = movedTouchPositions[index]
            let location = event.touches[index].location
            liveTouches[position].withUnsafeUnretained { touch in
                present(.moved, of: touch, at: location, time: event.timestamp)
                // Both are in id order when the event lists its touches so: a look at the same
                // place finds it at once.
                if keepsSet, recognizerScratch[index] !== touch, !recognizerScratch.containsIdentical(touch) { keepsSet = false }
            }
        }
        if !keepsSet {
            recognizerScratch.clearKeepingCapacity()
            for index in 0..<movedTouchPositions.count {
                let position = movedTouchPositions[index]
                liveTouches[position].withUnsafeUnretained { insertSorted($0, into: &recognizerScratch) }
            }
        }
        recognizer.withUnsafeUnretained { finishDirectMove(to: $0) }
    }

    /// Steps 2-7 of a direct move whose touches are in the scratch set. The recognizer is lent:
    /// its window's active list keeps it until step 7.
    @inline(__always)
    private func finishDirectMove(to recognizer: GestureRecognizer) {
        if !recognizer.storedState.isFinished, let window = recognizer.activeWindowRef {
            let kept = window.withUnsafeUnretained { deliverScratch(.moved, to: recognizer, event: $0.event) }
            if kept { recognizer.arbitration.receivedTouches(in: recognizer.storedState) }  // R36
        }
        // The scratch set holds the moved touches again: the callback had it lent.
        guard !pass.needsSettling, !holds.hasReleaseCandidates, forcedResets.isEmpty else {
            for index in 0..<recognizerScratch.count { insertSorted(recognizerScratch[index], into: &passTouches) }
            finishPass()
            return
        }
        pass.startActing()
        // Step 4: in a pass with nothing to settle, only a recognizer that received touches or
        // reported a change can have an action to send (R36). When no other reported one, the
        // moved recognizer is visited alone, as the walk over the windows would find it.
        if pass.noChangeReported(byOtherThan: ObjectIdentifier(recognizer)), let window = recognizer.activeWindowRef {
            window.withUnsafeUnretained { sendActions(of: recognizer, in: $0) }
        } else {
            forEachWindow(.sendActions)
        }
        holds.ownPhasesDidDeliver()  // step 6, with nothing to deliver
        if recognizerScratch.count == 1 {
            recognizerScratch[0].delivery.passDidEnd()  // a drag's move: no loop to set up
        } else {
            for index in 0..<recognizerScratch.count { recognizerScratch[index].delivery.passDidEnd() }
        }
        endPass()
    }
}
