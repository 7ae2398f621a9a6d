extension GestureEnvironment {
    // MARK: - Pass kinds (R76, R77)

    @inline(__always)
    func beginPass(_ kind: PassKind, at time: Timestamp) {
        pass.begin(kind)
        holds.passDidBegin()
        for index in 0..<windowList.count { windowList[index].withUnsafeUnretained { $0.event.timestamp = time } }
        liveTracer?.record(.passStarted(kind, at: time))
    }

    /// Step 1 and 2 for an input event, then the common steps 3-7. `mayMoveDirectly` false
    /// skips the test for a direct move, for a caller that has found there is none.
    func runInputPass(_ event: TouchEvent, mayMoveDirectly: Bool = true) {
        inputButtonMask = event.buttonMask
        inputModifierFlags = event.modifierFlags
        beginPass(.input, at: event.timestamp)
        if hasTracer { traceInput(event) }
        if mayMoveDirectly, movesTakeDirectPath, event.touches[0].phase == .moved, let recognizer = directMoveRecognizer(of: event) {
            runDirectMove(of: event, to: recognizer)
            return
        }
        // Step 1: update touches; hit-test and bind new ones.
        for input in event.touches {
            if input.phase == .began {
                let made = makeTouch(input, at: event.timestamp)
                let reference = UnownedReference(made)
                // The live touches take the new touch's reference over: from here it is owned by
                // them, then by the retired touches, until the end of the pass at the earliest
                // (only `recycleRetiredTouches()` lets a touch go). So it is lent to step 1.
                liveTouches.appendTakingOwnership(consume made)
                reference.withUnsafeUnretained { touch in
                    hitTestAndBind(touch)
                    pass.mustSettle()
                    touch.delivery.inputArrived(.began)
                    touch.presentCurrent()
                    insertSorted(touch, into: &passTouches)
                }
                continue
            }
            guard let position = liveTouchIndex(withID: input.id) else {
                preconditionFailure("validated touch \(input.id) is not live")
            }
            updateLiveTouch(at: position, with: input, at: event.timestamp)
            if input.phase != .moved, input.phase != .stationary { pass.mustSettle() }
        }
        // Step 2: recognizers first (R21), in processing order (R28).
        forEachWindow(.deliverToRecognizers)
        finishPass()
    }

    /// The pass of an event that only moves one live touch, validated and with the clock
    /// already at its time: ``runInputPass(_:)`` without the loop over inputs (its step 1 for a
    /// moved touch is exactly ``updateLiveTouch(at:with:at:)``, and a move needs no settling of
    /// its own), or, for a touch that one running gesture holds, a direct move
    /// (``runDirectMove(to:ofTouchAt:to:at:)``). The input is read where it is needed, in the
    /// event: a copy of it would be made at the start, for the paths that seldom run.
    @inline(__always)
    func runSingleMovePass(_ event: TouchEvent, liveIndex position: Int) {
        beginPass(.input, at: event.timestamp)
        if hasTracer { traceInput(event) }
        if let recognizer = directMoveRecognizer(ofTouchAt: position) {
            runDirectMove(to: event.touches[0].location, ofTouchAt: position, to: recognizer, at: event.timestamp)
            return
        }
        updateLiveTouch(at: position, with: event.touches[0], at: event.timestamp)
        forEachWindow(.deliverToRecognizers)
        finishPass()
    }

    /// Records the input of an input pass; out of line, so that dispatch without a tracer pays
    /// only the test (R122).
    @inline(never)
    private func traceInput(_ event: TouchEvent) {
        liveTracer?.record(.inputReceived(event))
    }

    /// Step 1 for a live touch: its new phase, location and time; it joins the pass's touches,
    /// and leaves the live touches if it ended or was cancelled.
    @inline(__always)
    private func updateLiveTouch(at position: Int, with input: TouchInput, at time: Timestamp) {
        liveTouches[position].withUnsafeUnretained { touch in
            present(input.phase, of: touch, at: input.location, time: time)
            insertSorted(touch, into: &passTouches)
            if input.phase.isTerminal { retire(touch) }
        }
    }

    /// Step 1 for a live touch's new input, before the touch joins the pass's touches: its
    /// phase, location (in its window's space) and time, shown to callbacks from now on.
    @inline(__always)
    func present(_ phase: TouchPhase, of touch: Touch, at screenLocation: Point, time: Timestamp) {
        touch.receive(phase, at: windowLocation(of: screenLocation, in: touch.windowRef), time: time)
    }

    func runTimerPass(_ recognizer: GestureRecognizer) {
        guard recognizer.activeWindow != nil else { return }
        beginPass(.timer, at: clockNow)
        recognizer.timerDidFire()
        finishPass()
    }

    /// A pass for a state set outside any pass, or for changed requirements (R77).
    func runSettlePass(_ window: Window) {
        beginPass(.api, at: clockNow)
        finishPass()
    }

    func runDetachPass(_ recognizer: GestureRecognizer, cause: StateChangeCause) {
        guard recognizer.activeWindow != nil else { return }
        beginPass(.api, at: clockNow)
        cancel(recognizer, cause: cause)
        finishPass()
    }

    func runIgnorePass(_ recognizer: GestureRecognizer, touch: Touch) {
        beginPass(.api, at: clockNow)
        detach(touch, from: recognizer)
        finishPass()
    }

    /// R120: views of the removed subtree lose their touches now; recognizers of the subtree are
    /// cancelled (R41).
    func runRemovalPass(_ root: View, window: Window) {
        beginPass(.api, at: clockNow)
        var cancelled: [Touch] = []
        var discarded: [Touch] = []
        // Ids ascending (R79), not the order the touches began in: one view's cancellations go
        // in one call, and the views in the order of their lowest id.
        // The whole window going: all its touches, even those of a view that left it in a way
        // that is still to be settled (a removal queued in this pass, or made while the
        // environment goes away).
        for touch in liveTouches.array + retiredTouches.array where touch.window === window {
            guard let hitView = touch.hitTestView, root === window || hitView.isDescendant(of: root) else { continue }
            switch touch.delivery.view {
            case .delivered:
                insertSorted(touch, into: &cancelled)
            case .pending:
                holds.discard(touch)
                insertSorted(touch, into: &discarded)
            case .finished, .cancelled, .discarded, .suppressed:
                break
            }
        }
        if let tracer = liveTracer, !cancelled.isEmpty || !discarded.isEmpty {
            tracer.record(.viewRemoved(view: root, cancelled: cancelled, discarded: discarded))
        }
        sendViewCancellations(&cancelled)
        var index = 0
        while index < window.activeRecognizers.count {
            let recognizer = window.activeRecognizers.unsafeObject(at: index)
            index += 1
            // The whole window going: every recognizer of it is cancelled. A subtree moved
            // within its window is still removed from where it was (R120).
            let attached = root !== window && (recognizer.view.map { $0.window === window && !$0.isDescendant(of: root) } ?? false)
            if !attached { cancel(recognizer, cause: .removed) }
        }
        finishPass()
    }

    // MARK: - Steps 3-7

    /// A step of the pass that runs once per window.
    enum WindowStep {
        case deliverToRecognizers
        case arbitrate
        case sendActions
        case updateHolds
        case resetFinished
    }

    /// Runs `step` for each attached window, back to front. Windows are visited unretained: a
    /// window is detached only between passes.
    func forEachWindow(_ step: WindowStep) {
        var index = 0
        while let listed = windowList.element(at: index) {
            listed.withUnsafeUnretained { window in
                switch step {
                case .deliverToRecognizers:
                    if !window.activeRecognizers.isEmpty { deliverPassTouchesToRecognizers(in: window) }
                case .arbitrate:
                    if !window.activeRecognizers.isEmpty { arbitrate(in: window) }
                case .sendActions:
                    if !window.activeRecognizers.isEmpty { sendActions(in: window) }
                case .updateHolds:
                    updateHolds(in: window)
                case .resetFinished:
                    if !window.activeRecognizers.isEmpty { resetFinishedRecognizers(in: window) }
                }
            }
            index += 1
        }
    }

    func finishPass() {
        guard pass.needsSettling || holds.hasReleaseCandidates || !forcedResets.isEmpty else {
            // Nothing changed state and no touch began or ended: no exclusion, release, hold or
            // reset can follow. Only changed actions (R36) and this pass's own deliveries remain.
            pass.startActing()
            if !activeRecognizersLeaveNothingToArbitrate() { forEachWindow(.sendActions) }
            deliverPassPhases()
            endPass()
            return
        }
        if activeRecognizersLeaveNothingToArbitrate() {
            pass.startActing()
        } else {
            forEachWindow(.arbitrate)
            pass.startActing()
            forEachWindow(.sendActions)
        }
        if !forcedResets.isEmpty { sendTouchesCancelledToForcedResets() }
        forEachWindow(.updateHolds)
        if holds.hasReleaseCandidates { deliverReleasedPhases() }
        deliverPassPhases()
        if !activeRecognizersLeaveNothingToReset() { forEachWindow(.resetFinished) }
        if holds.hasReleaseCandidates { deliverReleasedPhases() }
        endPass()
    }

    /// Whether steps 3 and 4 have nothing to do in any window: every active recognizer is
    /// possible or failed. None of them can become held or exclude another (only a recognizer
    /// that began or ended can, R44, R54), none has an action to send (R34-R37), and none is
    /// failed by a requirement: a requirement that fails a possible recognizer is one that began
    /// or recognized in its window (R55), and none did. So ``arbitrate(in:)`` and
    /// ``sendActions(in:)`` would change nothing. One scan of the recognizers instead of the
    /// two steps: a touch-down, where the recognizers it bound are all possible (whatever they
    /// require), and a timer that fails a recognizer that nothing waits for.
    @inline(__always)
    private func activeRecognizersLeaveNothingToArbitrate() -> Bool {
        everyActiveRecognizer { recognizer in
            switch recognizer.storedState {
            case .possible, .failed: true
            case .began, .changed, .ended, .cancelled: false
            }
        }
    }

    /// Whether step 7 has nothing to do in any window: no reset is forced, and every active
    /// recognizer is running (began or changed) or possible with something left to track or
    /// wait for (a touch, a timer, the pointer). None of them is then a candidate for
    /// ``resetFinishedRecognizers(in:)`` (R39), which would change nothing. Asked after the
    /// views' callbacks, which may have changed any of it.
    @inline(__always)
    private func activeRecognizersLeaveNothingToReset() -> Bool {
        guard forcedResets.isEmpty else { return false }
        return everyActiveRecognizer { recognizer in
            switch recognizer.storedState {
            case .began, .changed: true
            case .possible: !isAbandoned(recognizer)
            case .ended, .cancelled, .failed: false
            }
        }
    }

    /// Whether `test` holds for every active recognizer of every window, each lent to it (the
    /// window's list owns it); stops at the first for which it does not.
    @inline(__always)
    private func everyActiveRecognizer(_ test: (GestureRecognizer) -> Bool) -> Bool {
        var windowIndex = 0
        while let listedWindow = windowList.element(at: windowIndex) {
            let all = listedWindow.withUnsafeUnretained { window -> Bool in
                var index = 0
                while let listed = window.activeRecognizers.element(at: index) {
                    guard listed.withUnsafeUnretained(test) else { return false }
                    index &+= 1
                }
                return true
            }
            guard all else { return false }
            windowIndex &+= 1
        }
        return true
    }

    /// The end of every pass: its touches are done with it, and those that ended go to the
    /// pool. Inlined; what a move does not need is out of line.
    @inline(__always)
    func endPass() {
        if !passTouches.isEmpty { endPassOfTouches() }
        if !retiredTouches.isEmpty { poolRetiredTouches() }
        pass.end()
        if !passKeepAlive.isEmpty { passKeepAlive.removeAll() }
    }

    @inline(never)
    private func endPassOfTouches() {
        for index in 0..<passTouches.count {
            passTouches[index].withUnsafeUnretained { touch in
                touch.delivery.passDidEnd()
                if let tracer = liveTracer, touch.delivery.view == .pending, touch.currentPhase == .began, holds.isWithheld(touch, .began) {
                    tracer.record(.withheld(touch: touch, phase: .began, by: holds.holders(of: touch, .began)))
                }
            }
        }
        passTouches.removeAll()
    }

    @inline(never)
    private func poolRetiredTouches() {
        // The scratch set may be kept from pass to pass (a drag hands the same finger to its
        // pan at every move), but not once a touch has ended: it would keep it from the pool.
        recognizerScratch.clearKeepingCapacity()
        recycleRetiredTouches()
    }

    // MARK: - Step 1: touches, hit-testing, binding

    private func makeTouch(_ input: TouchInput, at time: Timestamp) -> Touch {
        let touch: Touch
        if let pooled = touchPool.popLastTakingOwnership() {
            pooled.reuse(id: input.id, timestamp: time, location: input.location)
            touch = pooled
        } else {
            touch = Touch(id: input.id, phase: .began, timestamp: time, location: input.location)
        }
        touch.type = input.type
        touch.buttonMaskAtBegan = inputButtonMask
        return touch
    }

    /// ``windowLocation(of:in:)`` for a window read unretained (a touch's, which owns it).
    @inline(__always)
    func windowLocation(of screenLocation: Point, in window: UnownedReference<Window>?) -> Point {
        guard let window else { return screenLocation }
        return window.withUnsafeUnretained { windowLocation(of: screenLocation, in: $0) }
    }

    @inline(__always)
    func windowLocation(of screenLocation: Point, in window: Window?) -> Point {
        guard let window else { return screenLocation }
        return Point(
            x: screenLocation.x - window.frame.origin.x + window.boundsOrigin.x,
            y: screenLocation.y - window.frame.origin.y + window.boundsOrigin.y
        )
    }

    /// R1-R8: hit-tests a new touch once, front window first; then ``bindToCandidates(_:hitView:in:at:)``.
    private func hitTestAndBind(_ touch: Touch) {
        let screenLocation = touch.currentLocation
        // Front to back; each window and its event lent (windows are detached only between
        // passes). The touch takes its window and view (it owns them from here on).
        var index = windowList.count
        while index > 0 {
            index -= 1
            let found = windowList[index].withUnsafeUnretained { window -> Bool in
                guard window.frame.contains(screenLocation) else { return false }
                let location = windowLocation(of: screenLocation, in: window)
                return withUnsafeUnretained(window.event) { event in
                    event.timestamp = touch.currentTimestamp
                    if let tracer = liveTracer { event.hitTestTracer = tracer }
                    let view = window.hitTest(location, with: event)
                    if event.hitTestTracer != nil { event.hitTestTracer = nil }
                    guard let view else { return false }
                    touch.window = window
                    touch.hitTestView = view
                    return true
                }
            }
            if found { break }
        }
        let location = windowLocation(of: screenLocation, in: touch.windowRef)
        touch.currentLocation = location
        touch.currentPreviousLocation = location
        touch.beganLocation = location
        if let tracer = liveTracer { tracer.record(.hitTest(touch: touch, view: touch.hitTestView)) }
        guard let hitView = touch.hitTestViewRef, let hitWindow = touch.windowRef else {
            touch.delivery.suppress()
            liveTracer?.record(.viewDeliverySuppressed(touch: touch, reason: .noView))
            return
        }
        guard isViewInWindow(touch) else {
            // An override took the view out of the window while it was being hit-tested, before
            // the touch existed for the removal to cancel: as for a touch of a removed view, the
            // host's later phases are accepted and no view or recognizer hears of it (R120).
            holds.discard(touch)
            if let tracer = liveTracer, let view = touch.hitTestView { tracer.record(.viewRemoved(view: view, cancelled: [], discarded: [touch])) }
            return
        }
        // Lent: the touch owns its view and window until it is pooled, after its last pass.
        hitView.withUnsafeUnretained { hitView in
            hitWindow.withUnsafeUnretained { hitWindow in
                bindToCandidates(touch, hitView: hitView, in: hitWindow, at: location)
            }
        }
    }

    /// R14 (tap count), R18-R20 (view delivery) and R23-R29 (binding) for a touch that hit
    /// `hitView` in `hitWindow`.
    private func bindToCandidates(_ touch: Touch, hitView: View, in hitWindow: Window, at location: Point) {
        if let last = hitWindow.lastLift,
            // Time only moves forward: an overflow is a gap wider than Int64, never a short one.
            case let (gap, overflow) = touch.currentTimestamp.nanoseconds.subtractingReportingOverflow(last.time.nanoseconds),
            !overflow, gap <= GestureDefaults.maximumTapIntervalNanoseconds,
            last.location.distance(to: location) <= GestureDefaults.tapAllowableMovement
        {
            touch.tapCount = last.tapCount + 1
        }

        // R18-R20: may the view see this touch? Only other live touches can keep it from its
        // view: with none (a sequence's first finger), the three scans below find nothing.
        let othersLive = liveTouches.count > 1
        let exclusiveView = othersLive ? exclusiveTouchView(in: hitWindow) : nil
        if othersLive {
            if let exclusiveView, exclusiveView !== hitView {
                touch.delivery.suppress()
                liveTracer?.record(.viewDeliverySuppressed(touch: touch, reason: .exclusiveTouch))
            } else if hitView.isExclusiveTouch, viewsAreTracking(in: hitWindow, other: hitView) {
                touch.delivery.suppress()
                liveTracer?.record(.viewDeliverySuppressed(touch: touch, reason: .exclusiveTouch))
            } else if !hitView.isMultipleTouchEnabled, viewIsTracking(hitView, besides: touch) {
                touch.delivery.suppress()
                liveTracer?.record(.viewDeliverySuppressed(touch: touch, reason: .multipleTouchDisabled))
            }
        }

        // R23: candidates from the hit-test view up to the window, each view's in order added.
        // The walk is unretained: views removed during the pass are kept alive until it ends.
        // In a window with no active recognizer yet (a sequence's first finger), it also knows
        // where each goes in the processing order: see `AppendedActivation`.
        let isFirst = hitWindow.activeRecognizers.isEmpty
        var appended: AppendedActivation?
        // Where the walk climbs from, view by view; nil while it follows the bind path.
        var view: UnownedReference<View>? = UnownedReference(hitView)
        let revision = hitWindow.treeRevision
        if followsBindPath(of: hitView, in: hitWindow, at: revision) {
            // Only the views with recognizers: those between have none (see `BindPathStop`).
            if isFirst { appended = AppendedActivation(depth: 0) }
            view = nil
            var stop = 0
            while stop < hitView.bindPathStops.count {
                let next = hitView.bindPathStops[stop].view
                appended?.moveTo(depth: hitView.bindPathStops[stop].depth)
                next.withUnsafeUnretained { bindRecognizers(of: $0, to: touch, in: hitWindow, exclusiveView: exclusiveView, appended: &appended) }
                stop += 1
                // User code asked in the walk (a delegate) changed the tree: the path no longer
                // holds, and the walk climbs on from this view as it finds the tree now.
                if hitWindow.treeRevision != revision {
                    appended = nil
                    view = next.withUnsafeUnretained { $0.superviewRef }
                    break
                }
            }
        } else if isFirst {
            appended = AppendedActivation(depth: hitView.depth)
        }
        while let current = view {
            current.withUnsafeUnretained { bindRecognizers(of: $0, to: touch, in: hitWindow, exclusiveView: exclusiveView, appended: &appended) }
            view = current.withUnsafeUnretained { $0.superviewRef }
            appended?.moveToSuperview()
        }
    }

    /// Step 1 of the bind walk at one view: `touch` offered to each of its recognizers, in the
    /// order added (R23, R28).
    @inline(__always)
    private func bindRecognizers(
        of view: View, to touch: Touch, in hitWindow: Window, exclusiveView: View?, appended: inout AppendedActivation?
    ) {
        var position = 0
        while let listed = view.recognizerList.element(at: position) {
            // A delegate may detach recognizers while it is asked: hold those that have one.
            if listed.withUnsafeUnretained({ $0.hasDelegate }) {
                // User code runs from here: the walk no longer knows the order.
                appended = nil
                consider(view.recognizerList.unsafeObject(at: position), for: touch, in: hitWindow, exclusiveView: exclusiveView,
                         appended: &appended)
            } else {
                appended?.position = position
                listed.withUnsafeUnretained {
                    consider($0, for: touch, in: hitWindow, exclusiveView: exclusiveView, appended: &appended)
                }
            }
            position &+= 1
        }
    }

    /// Whether the bind walk can follow `hitView`'s bind path (`BindPathStop`): it was found at
    /// `revision` of the window's tree, or is found now. False when `window` is itself a subview
    /// in another tree, whose changes move another window's revision on: the walk then climbs
    /// view by view.
    @inline(__always)
    private func followsBindPath(of hitView: View, in window: Window, at revision: UInt64) -> Bool {
        if hitView.bindPathRevision == revision { return true }
        return findBindPath(of: hitView, in: window, at: revision)
    }

    /// Climbs from `hitView` to the root and keeps the views that have recognizers as its bind
    /// path, in the old path's storage. Runs no user code.
    @inline(never)
    private func findBindPath(of hitView: View, in window: Window, at revision: UInt64) -> Bool {
        hitView.bindPathRevision = nil
        hitView.bindPathStops.removeAll(keepingCapacity: true)
        // A touch binds only in its view's window (`isViewInWindow`): the revision is this one's.
        assert(hitView.windowRef?.refers(to: window) == true, "a touch binds in its view's window")
        // Heights first (levels above `hitView`); depths once the root is reached.
        var height = 0
        var root = UnownedReference(hitView)
        var view: UnownedReference<View>? = root
        while let current = view {
            if current.withUnsafeUnretained({ $0.recognizerList.count > 0 }) {
                hitView.bindPathStops.append(BindPathStop(view: current, depth: height))
            }
            root = current
            view = current.withUnsafeUnretained { $0.superviewRef }
            height += 1
        }
        guard root.refers(to: window) else {
            hitView.bindPathStops.removeAll()
            return false
        }
        for index in 0..<hitView.bindPathStops.count { hitView.bindPathStops[index].depth = height - 1 - hitView.bindPathStops[index].depth }
        hitView.bindPathRevision = revision
        return true
    }

    /// Binds `touch` to `recognizer` unless it refuses (R23-R29).
    private func consider(
        _ recognizer: GestureRecognizer, for touch: Touch, in window: Window, exclusiveView: View?, appended: inout AppendedActivation?
    ) {
        if let refusal = bindingRefusal(recognizer, touch: touch, exclusiveView: exclusiveView) {
            liveTracer?.record(.touchRefused(touch: touch, recognizer: recognizer, reason: refusal))
            return
        }
        bind(touch, to: recognizer, in: window, appended: &appended)
    }

    private func exclusiveTouchView(in window: Window) -> View? {
        for index in 0..<liveTouches.count {
            let view = liveTouches[index].withUnsafeUnretained { touch -> View? in
                guard touch.window === window, let view = touch.hitTestView, view.isExclusiveTouch else { return nil }
                return touch.delivery.view == .pending || touch.delivery.view == .delivered ? view : nil
            }
            if let view { return view }
        }
        return nil
    }

    private func viewsAreTracking(in window: Window, other view: View) -> Bool {
        for index in 0..<liveTouches.count {
            let tracking = liveTouches[index].withUnsafeUnretained { touch in
                touch.window === window && touch.hitTestView !== view
                    && (touch.delivery.view == .pending || touch.delivery.view == .delivered)
            }
            if tracking { return true }
        }
        return false
    }

    /// R18, R126: whether a touch given to `view` is still physically down (live), its began
    /// delivered or on its way, or cancelled in the view by a recognizer since.
    private func viewIsTracking(_ view: View, besides newTouch: Touch) -> Bool {
        for index in 0..<liveTouches.count {
            let tracking = liveTouches[index].withUnsafeUnretained { touch in
                touch !== newTouch && touch.hitTestView === view
                    && (touch.delivery.view == .pending || touch.delivery.view == .delivered || touch.delivery.view == .cancelled)
            }
            if tracking { return true }
        }
        return false
    }

    /// R20, R24, R29: nil when `recognizer` accepts `touch`.
    @inline(__always)
    private func bindingRefusal(_ recognizer: GestureRecognizer, touch: Touch, exclusiveView: View?) -> BindingRefusal? {
        guard recognizer.isEnabled else { return .disabled }
        guard !recognizer.storedState.isFinished else { return .notReset }
        guard recognizer.acceptsNewTouches else { return .recognizerFull }
        guard recognizer.allowedTouchTypeBits & touch.type.bit != 0 else { return .touchType }
        if touch.type == .indirectPointer, touch.buttonMaskAtBegan.isDisjoint(with: recognizer.allowedButtonMask) { return .buttonMask }
        if recognizer.requiresExclusiveTouchType, let inUse = recognizer.touchTypeInUse, inUse != touch.type {
            return .touchType
        }
        if let exclusiveView, let view = recognizer.view, !exclusiveView.isDescendant(of: view) {
            return .exclusiveTouch
        }
        if let delegate = recognizer.liveDelegate, !askShouldReceive(delegate, recognizer, touch) {
            return .delegate
        }
        return nil
    }

    /// The delegate's `shouldReceive` answer, recorded when a tracer is attached (R24, R122).
    /// Out of line: only recognizers with a delegate come here.
    @inline(never)
    private func askShouldReceive(_ delegate: any GestureRecognizerDelegate, _ recognizer: GestureRecognizer, _ touch: Touch) -> Bool {
        let answer = delegate.gestureRecognizer(recognizer, shouldReceive: touch)
        if let tracer = liveTracer { tracer.record(.delegateAnswered(recognizer: recognizer, question: .shouldReceive(touch), answer: answer)) }
        return answer
    }

    private func bind(_ touch: Touch, to recognizer: GestureRecognizer, in window: Window, appended: inout AppendedActivation?) {
        if recognizer.activeWindow == nil {
            if appended != nil {
                activateAtEnd(recognizer, in: window, order: &appended!)
            } else {
                activate(recognizer, in: window)
            }
        }
        recognizer.trackedTouches.append(touch)
        recognizer.arbitration.touchWasBound()
        recognizer.touchTypeInUse = touch.type
        touch.recognizers.append(recognizer)
        liveTracer?.record(.touchBound(touch: touch, recognizer: recognizer))
    }

    /// Adds `recognizer` to the window's processing order (R28): deeper views first; views at
    /// the same depth in the order they joined this sequence; one view's recognizers in the
    /// order they were added.
    func activate(_ recognizer: GestureRecognizer, in window: Window) {
        recognizer.environment = self
        recognizer.activeWindow = window
        let view = recognizer.viewRef
        recognizer.orderDepth = view?.withUnsafeUnretained { $0.depth } ?? 0
        recognizer.orderIndex = view?.withUnsafeUnretained { $0.recognizerList.firstIndex(of: recognizer) } ?? 0
        // One scan finds the stamp of the view's sequence, if it joined it already, and whether
        // any recognizer has evaluated its dynamic requirements (below).
        var stamp: UInt64?
        var anyEvaluated = false
        var index = 0
        while let listed = window.activeRecognizers.element(at: index) {
            listed.withUnsafeUnretained { other in
                if stamp == nil, other.viewRef == view { stamp = other.orderActivation }
                if other.arbitration.dynamicRequirementsEvaluated { anyEvaluated = true }
            }
            index += 1
        }
        if stamp == nil {
            activationCounter += 1
            stamp = activationCounter
        }
        recognizer.orderActivation = stamp!
        var position = 0
        while position < window.activeRecognizers.count,
            !window.activeRecognizers[position].withUnsafeUnretained({ precedes(recognizer, $0) })
        {
            position += 1
        }
        window.activeRecognizers.insert(recognizer, at: position)
        // A recognizer that already evaluated its dynamic requirements this attempt learns of
        // the newcomer (R53).
        guard anyEvaluated else { return }
        index = 0
        while let listed = window.activeRecognizers.element(at: index) {
            if listed.withUnsafeUnretained({ $0 !== recognizer && $0.arbitration.dynamicRequirementsEvaluated }) {
                // User code (delegates) runs here: hold the other recognizer.
                evaluateDynamicRequirement(window.activeRecognizers.unsafeObject(at: index), requires: recognizer)
            }
            index += 1
        }
    }

    /// ``activate(_:in:)`` for a recognizer whose place the bind walk knows (`AppendedActivation`):
    /// the end of the processing order, with its view's depth, its place in its view's list and
    /// its view's stamp from the walk. The same fields as the general scan would set, and no
    /// recognizer to tell of the newcomer (R53): none has asked its dynamic requirements yet.
    private func activateAtEnd(_ recognizer: GestureRecognizer, in window: Window, order: inout AppendedActivation) {
        recognizer.environment = self
        recognizer.activeWindow = window
        recognizer.orderDepth = order.depth
        recognizer.orderIndex = order.position
        if order.viewStamp == nil {
            activationCounter += 1
            order.viewStamp = activationCounter
        }
        recognizer.orderActivation = order.viewStamp!
        assert(agreesWithGeneralActivation(recognizer, in: window), "the walk's order is the general one (R28)")
        window.activeRecognizers.append(recognizer)
    }

    /// Debug builds: whether `recognizer`, about to be appended by ``activateAtEnd(_:in:order:)``,
    /// has the fields ``activate(_:in:)`` would give it, goes at the end of the order, and has no
    /// recognizer to tell of it (R53).
    private func agreesWithGeneralActivation(_ recognizer: GestureRecognizer, in window: Window) -> Bool {
        let view = recognizer.view
        let others = window.activeRecognizers.array
        let stamp = others.first { $0.view === view }?.orderActivation
        return recognizer.orderDepth == (view?.depth ?? 0)
            && recognizer.orderIndex == (view?.recognizerList.firstIndex(of: recognizer) ?? 0)
            && (stamp.map { recognizer.orderActivation == $0 } ?? (recognizer.orderActivation == activationCounter))
            && !others.contains { precedes(recognizer, $0) }
            && !others.contains { $0.arbitration.dynamicRequirementsEvaluated }
    }

    private func precedes(_ lhs: GestureRecognizer, _ rhs: GestureRecognizer) -> Bool {
        if lhs.orderDepth != rhs.orderDepth { return lhs.orderDepth > rhs.orderDepth }
        if lhs.orderActivation != rhs.orderActivation { return lhs.orderActivation < rhs.orderActivation }
        return lhs.orderIndex < rhs.orderIndex
    }

    // MARK: - Step 2: recognizers get the touches

    @inline(__always)
    private func deliverPassTouchesToRecognizers(in window: Window) {
        let event = window.event
        var index = 0
        while let listed = window.activeRecognizers.element(at: index) {
            listed.withUnsafeUnretained { deliverPassTouches(to: $0, event: event) }
            index += 1
        }
    }

    /// Step 2 for one recognizer: one call per phase in which it has touches in this pass.
    private func deliverPassTouches(to recognizer: GestureRecognizer, event: Event) {
        if recognizer.trackedTouches.count == 1 {
            deliverPassTouch(to: recognizer, event: event)
            return
        }
        // One scan finds which phases this recognizer has touches in this pass.
        var phases: UInt8 = 0
        var index = 0
        while index < recognizer.trackedTouches.count {
            recognizer.trackedTouches[index].withUnsafeUnretained { touch in
                if touch.delivery.changedInPass { phases |= Self.phaseBit(touch.currentPhase) }
            }
            index += 1
        }
        guard phases != 0 else { return }
        var received = false
        if phases & 1 != 0, deliverPassTouches(in: .began, to: recognizer, event: event) { received = true }
        if phases & 2 != 0, deliverPassTouches(in: .moved, to: recognizer, event: event) { received = true }
        if phases & 4 != 0, deliverPassTouches(in: .ended, to: recognizer, event: event) { received = true }
        if phases & 8 != 0, deliverPassTouches(in: .cancelled, to: recognizer, event: event) { received = true }
        if received { recognizer.arbitration.receivedTouches(in: recognizer.storedState) }  // R36
    }

    /// Step 2 for a recognizer that tracks one touch, most of them: the general scans above,
    /// which find the phases and then the touches of each, come down to reading that touch. The
    /// same call, with the same scratch set, as they would make.
    @inline(__always)
    private func deliverPassTouch(to recognizer: GestureRecognizer, event: Event) {
        let touch = recognizer.trackedTouches[0]
        let (changed, phase) = touch.withUnsafeUnretained { ($0.delivery.changedInPass, $0.currentPhase) }
        guard changed, phase != .stationary, !recognizer.storedState.isFinished else { return }
        touch.withUnsafeUnretained { setScratch(toOnly: $0) }
        if deliverScratch(phase, to: recognizer, event: event) { recognizer.arbitration.receivedTouches(in: recognizer.storedState) }  // R36, R125
    }

    /// One call of step 2; returns whether the recognizer got touches it did not ignore (R125).
    private func deliverPassTouches(in phase: TouchPhase, to recognizer: GestureRecognizer, event: Event) -> Bool {
        guard !recognizer.storedState.isFinished else { return false }
        // The scratch set is kept between callbacks: when this recognizer's set is the previous
        // one's (one finger, several recognizers, or the same fingers' next move), it is handed
        // on as it is.
        var matches = 0
        var first: UnownedReference<Touch>?
        var index = 0
        while index < recognizer.trackedTouches.count {
            let touch = recognizer.trackedTouches[index]
            if touch.withUnsafeUnretained({ $0.delivery.changedInPass && $0.currentPhase == phase }) {
                matches += 1
                if first == nil { first = touch }
            }
            index += 1
        }
        guard let first else { return false }
        var reusable = matches == 1 && recognizerScratch.count == 1 && recognizerScratch[0] === first.takeUnretainedValue()
        if matches > 1, matches == recognizerScratch.count { reusable = scratchHolds(matchesOf: recognizer, in: phase) }
        if !reusable {
            recognizerScratch.clearKeepingCapacity()
            index = 0
            while index < recognizer.trackedTouches.count {
                recognizer.trackedTouches[index].withUnsafeUnretained { touch in
                    if touch.delivery.changedInPass, touch.currentPhase == phase { insertSorted(touch, into: &recognizerScratch) }
                }
                index += 1
            }
        }
        return deliverScratch(phase, to: recognizer, event: event)
    }

    /// Makes the scratch set hold `touch` alone. It is kept when it already does: a drag hands
    /// the same finger to its pan at every move, and one finger goes to several recognizers.
    @inline(__always)
    func setScratch(toOnly touch: Touch) {
        if recognizerScratch.count != 1 || recognizerScratch[0] !== touch {
            recognizerScratch.clearKeepingCapacity()
            recognizerScratch.append(touch)
        }
    }

    /// The call of step 2 with the touches gathered in the scratch set (sorted by id); returns
    /// whether the recognizer kept any of them (R125).
    @inline(__always)
    func deliverScratch(_ phase: TouchPhase, to recognizer: GestureRecognizer, event: Event) -> Bool {
        // The scratch buffer is moved into the set for the call and back after it, so that the set
        // costs no reference counting (a copy of the buffer would retain it).
        let touches = TouchSet(sortedStorage: recognizerScratch.takeForLending())
        let trackedBefore = recognizer.trackedTouches.count
        deliver(phase, of: touches, to: recognizer, event: event)
        // R125: a call whose touches the recognizer all ignored in it brought it none.
        let kept = recognizer.trackedTouches.count >= trackedBefore || keepsAny(of: touches, recognizer)
        recognizerScratch.restoreLent((consume touches).storage)
        return kept
    }

    /// Whether every touch `recognizer` has in `phase` in this pass is in the scratch set (which
    /// holds no touch twice): with as many of them as the set holds, the set is theirs.
    @inline(never)
    private func scratchHolds(matchesOf recognizer: GestureRecognizer, in phase: TouchPhase) -> Bool {
        var index = 0
        while index < recognizer.trackedTouches.count {
            let held = recognizer.trackedTouches[index].withUnsafeUnretained { touch -> Bool in
                guard touch.delivery.changedInPass, touch.currentPhase == phase else { return true }
                return recognizerScratch.containsIdentical(touch)
            }
            if !held { return false }
            index += 1
        }
        return true
    }

    /// Whether `recognizer` still tracks one of `touches` (out of line: only a call in which the
    /// recognizer ignored touches asks).
    @inline(never)
    private func keepsAny(of touches: borrowing TouchSet, _ recognizer: GestureRecognizer) -> Bool {
        for index in touches.indices where recognizer.trackedTouches.contains(touches[index]) { return true }
        return false
    }

    private func deliver(_ phase: TouchPhase, of touches: TouchSet, to recognizer: GestureRecognizer, event: Event) {
        switch phase {
        case .began: recognizer.touchesBegan(touches, with: event)
        case .moved: recognizer.touchesMoved(touches, with: event)
        case .ended: recognizer.touchesEnded(touches, with: event)
        case .cancelled: recognizer.touchesCancelled(touches, with: event)
        case .stationary: break
        }
    }

    @inline(__always)
    static func phaseBit(_ phase: TouchPhase) -> UInt8 {
        switch phase {
        case .began: return 1
        case .moved: return 2
        case .stationary: return 0
        case .ended: return 4
        case .cancelled: return 8
        }
    }

    // MARK: - Helpers

    /// Inserts `touch` into `list` at its place by id, unless it is there already.
    @inline(__always)
    func insertSorted(_ touch: Touch, into list: inout UnownedList<Touch>) {
        var index = list.count
        while index > 0, list[index - 1].withUnsafeUnretained({ $0.id > touch.id }) { index -= 1 }
        if index > 0, list[index - 1].refers(to: touch) { return }
        if index == list.count {
            list.append(touch)
        } else {
            list.insert(touch, at: index)
        }
    }

    @inline(__always)
    func insertSorted(_ touch: Touch, into buffer: inout [Touch]) {
        // Most buffers are filled in id order: append.
        if buffer.isEmpty || buffer[buffer.count - 1].id < touch.id {
            buffer.append(touch)
            return
        }
        var index = buffer.count
        while index > 0, buffer[index - 1].id > touch.id { index -= 1 }
        if index > 0, buffer[index - 1] === touch { return }
        buffer.insert(touch, at: index)
    }

    /// The host ended or cancelled `touch`: it is no longer live (its id may be reused), but
    /// recognizers and holds may still refer to it.
    private func retire(_ touch: Touch) {
        touch.isLive = false
        // From the live touches to the retired ones, owned throughout (the pass's touch list does
        // not own it).
        if let index = liveTouches.firstIndex(of: touch) {
            retiredTouches.appendListed(liveTouches.removeListed(at: index))
        } else {
            retiredTouches.append(touch)
        }
        if touch.currentPhase == .ended, let window = touch.windowRef {
            window.withUnsafeUnretained { $0.lastLift = (touch.currentTimestamp, touch.currentLocation, touch.tapCount) }
        }
    }

    private func recycleRetiredTouches() {
        var index = 0
        while index < retiredTouches.count {
            // Read lent: the list owns it.
            let unreferenced = retiredTouches[index].withUnsafeUnretained { touch in
                touch.recognizers.isEmpty && !holds.isHeld(touch)
                    && touch.delivery.view != .pending && touch.delivery.view != .delivered
            }
            guard unreferenced else {
                index += 1
                continue
            }
            // The list's reference becomes this one, so the uniqueness check sees the host's.
            var candidate = retiredTouches.removeTakingOwnership(at: index)
            if touchPool.count < Self.touchPoolCapacity, isKnownUniquelyReferenced(&candidate) {
                // A pooled touch keeps no view or window alive.
                candidate.window = nil
                candidate.hitTestView = nil
                touchPool.appendTakingOwnership(consume candidate)
            }
        }
    }
}

/// What the bind walk knows of the processing order (R28) when a touch begins in a window that
/// has no active recognizer: the walk visits the views from the hit-test view up, each one level
/// less deep than the last, and each view's recognizers in the order added, which is the
/// processing order itself. So each recognizer it activates goes at the end of the order, and
/// the walk has its view's depth, its place in its view's list and its view's stamp at hand:
/// no scan of the order, no walk to the root per recognizer. It holds only while no user code
/// has run in the walk (a delegate may change the tree or the lists): the walk drops it before
/// it asks a delegate.
struct AppendedActivation {
    /// The depth of the view being visited.
    var depth: Int
    /// The place in its view's list of the recognizer being considered.
    var position = 0
    /// The stamp of the view being visited, once one of its recognizers is activated.
    var viewStamp: UInt64?

    init(depth: Int) {
        self.depth = depth
    }

    /// The walk goes on to a view at `depth` (the next view with recognizers on a bind path).
    @inline(__always)
    mutating func moveTo(depth: Int) {
        self.depth = depth
        position = 0
        viewStamp = nil
    }

    /// The walk goes on to the superview.
    @inline(__always)
    mutating func moveToSuperview() {
        moveTo(depth: depth - 1)
    }
}
