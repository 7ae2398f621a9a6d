extension GestureEnvironment {
    // MARK: - Step 4: actions, then the cancellations they cause

    /// For each recognizer in processing order: its actions (R34-R37, R56), then its
    /// `cancelsTouchesInView` (R67, R68).
    func sendActions(in window: Window) {
        var index = 0
        while let listed = window.activeRecognizers.element(at: index) {
            listed.withUnsafeUnretained { sendActions(of: $0, in: window) }
            index += 1
        }
    }

    /// Carries out step 4's decision for one recognizer (``Publication``): its actions, then,
    /// if the decision says so and `cancelsTouchesInView` is on, the cancellation (R67, R68).
    @inline(__always)
    func sendActions(of recognizer: GestureRecognizer, in window: Window) {
        let state = recognizer.storedState
        if state == .possible || state == .failed {
            // Nothing to send, whatever else is true of it.
            assert(Publication.decide(RecognizerFacts(recognizer)) == .none, "step 4 skipped a recognizer with something to send")
            return
        }
        guard recognizer.activeWindow === window else { return }
        let publication = recognizer.arbitration.publish(in: state)
        switch publication {
        case .none:
            return
        case .running:
            break
        case .began:
            recognizer.storedState = .began
            send(recognizer, .began)
        case .recognized(let afterBegan):
            if afterBegan { sendBeganBeforeRecognized(recognizer) }
            send(recognizer, .ended)
        case .changed:
            recognizer.storedState = .changed
            send(recognizer, .changed)  // R36
        case .finished(let state):
            send(recognizer, state)
        }
        // Touches that joined a recognized gesture never reach their view either (R67, R127).
        // Every move of a running pan asks again: nothing is left to cancel until a touch binds.
        if publication.takesTouchesFromViews, recognizer.cancelsTouchesInView, !recognizer.arbitration.touchesCancelledInViews {
            cancelTouchesInViews(of: recognizer)
        }
    }

    /// R56: a continuous recognizer released after it ended sends began first. R35: `state` reads
    /// the state being sent, so the stored state is began for that action and ended again after
    /// it (the only place step 4 sets a state it does not keep; what an action requests meanwhile
    /// is overridden, as it always was).
    private func sendBeganBeforeRecognized(_ recognizer: GestureRecognizer) {
        recognizer.storedState = .began
        send(recognizer, .began)
        recognizer.storedState = .ended
    }

    /// Sends `recognizer`'s actions for `state` (R34). Inlined into step 4's loop, so that the
    /// usual case, no tracer and one action, costs a few loads and the action's call; the rest
    /// is out of line.
    @inline(__always)
    private func send(_ recognizer: GestureRecognizer, _ state: GestureRecognizer.State) {
        if hasTracer { traceActionSent(recognizer, state) }
        if recognizer.actions.count == 1 {
            // One action, lent (an action removed during the pass lives until it ends); one it
            // adds runs from the next send.
            recognizer.actions[0].withUnsafeUnretained { $0.body(recognizer) }
            return
        }
        sendSnapshotOfActions(of: recognizer)
    }

    /// Tells the tracer that `recognizer` sends its `state` action (out of line: most passes
    /// run without a tracer).
    @inline(never)
    private func traceActionSent(_ recognizer: GestureRecognizer, _ state: GestureRecognizer.State) {
        liveTracer?.record(.actionSent(recognizer: recognizer, state: state, isDiscrete: state == .ended && !recognizer.arbitration.hasSentBegan))
    }

    /// Sends each of `recognizer`'s actions (none, or several) from a snapshot (in a reused
    /// buffer: sends never nest): an action may add or remove actions; those added run from the
    /// next send, those removed still run this time.
    @inline(never)
    private func sendSnapshotOfActions(of recognizer: GestureRecognizer) {
        let count = recognizer.actions.count
        actionScratch.clearKeepingCapacity()
        for index in 0..<count { actionScratch.append(recognizer.actions.unsafeObject(at: index)) }
        var index = 0
        while index < actionScratch.count {
            actionScratch[index].body(recognizer)
            index += 1
        }
        actionScratch.clearKeepingCapacity()
    }

    /// R67: the recognizer's touches (not ignored) are cancelled in their views: a view that got
    /// a touch's began and not its end gets `touchesCancelled` (one call per view); withheld
    /// phases are discarded; every other recognizer's holds on those touches are dropped.
    func cancelTouchesInViews(of recognizer: GestureRecognizer) {
        // Every move of a running pan asks again: nothing is left to cancel until a touch binds.
        guard !recognizer.arbitration.touchesCancelledInViews else { return }
        recognizer.arbitration.didCancelTouchesInViews()
        // The touches a view got or waits for: most cancellations have one (when a double tap
        // recognizes, say, the tap that recognized at the first lift cancelled the first finger).
        var index = 0
        var found: UnownedReference<Touch>?
        var several = false
        while index < recognizer.trackedTouches.count {
            let delivery = recognizer.trackedTouches[index].withUnsafeUnretained { $0.delivery.view }
            if delivery == .delivered || delivery == .pending {
                if found != nil {
                    several = true
                    break
                }
                found = recognizer.trackedTouches[index]
            }
            index += 1
        }
        guard let found else { return }
        if !several, !hasTracer {
            found.withUnsafeUnretained { cancelSoleTouchInView($0) }
            return
        }
        viewScratch.clearKeepingCapacity()
        var discarded: [Touch]? = !hasTracer ? nil : []
        for index in 0..<recognizer.trackedTouches.count {
            // Lent: the recognizer's touches stay live (or retired) until the pass ends.
            recognizer.trackedTouches[index].withUnsafeUnretained { touch in
                switch touch.delivery.view {
                case .delivered:
                    insertSorted(touch, into: &viewScratch)
                    holds.dropHolds(on: touch)
                case .pending:
                    holds.discard(touch)
                    discarded?.append(touch)
                case .finished, .cancelled, .discarded, .suppressed:
                    break
                }
            }
        }
        if let tracer = liveTracer, let discarded, !viewScratch.isEmpty || !discarded.isEmpty {
            tracer.record(.cancelledInView(by: recognizer, cancelled: viewScratch, discarded: discarded))
        }
        guard !viewScratch.isEmpty else { return }
        extraScratch.clearKeepingCapacity()
        swap(&extraScratch, &viewScratch)
        sendViewCancellations(&extraScratch)
        extraScratch.clearKeepingCapacity()
    }

    /// ``cancelTouchesInViews(of:)`` for the one touch of a recognizer that its view got or waits
    /// for, with no tracer to tell (most cancellations): the same steps without gathering the
    /// touches in a list of their own. The touch's withheld began is discarded, or its view gets
    /// `touchesCancelled` with the touch alone, in the scratch set of step 2, which is usually
    /// this touch already (R67, R73).
    private func cancelSoleTouchInView(_ touch: Touch) {
        if touch.delivery.view == .pending {
            holds.discard(touch)
            return
        }
        holds.dropHolds(on: touch)
        touch.delivery.cancelInView()
        guard let view = touch.hitTestViewRef else { return }
        setScratch(toOnly: touch)
        touch.phase = .cancelled
        view.withUnsafeUnretained { deliver(.cancelled, of: &recognizerScratch, to: $0, delayed: false) }
        touch.presentCurrent()
    }

    /// Sends `touchesCancelled` to the hit-test views of `touches` (sorted by id), one call per
    /// view in order of their first touch; marks them cancelled (R73).
    func sendViewCancellations(_ touches: inout [Touch]) {
        if touches.count > 1, Self.repeatsAnID(touches) {
            sendCancellationsInRounds(touches)
            return
        }
        // Views are compared and lent unretained: each touch owns its hit-test view.
        var sameView = true
        let firstView = touches.isEmpty ? nil : touches[0].hitTestViewRef
        for index in touches.indices {
            touches[index].delivery.cancelInView()
            if sameView, touches[index].hitTestViewRef != firstView { sameView = false }
        }
        if sameView, !touches.isEmpty, let view = touches[0].hitTestViewRef {
            // One view (one finger, say): the list is the set.
            for index in touches.indices { touches[index].phase = .cancelled }
            view.withUnsafeUnretained { deliver(.cancelled, of: &touches, to: $0, delayed: false) }
            for index in touches.indices { touches[index].presentCurrent() }
            return
        }
        var start = 0
        while start < touches.count {
            guard let view = touches[start].hitTestView, !touches[..<start].contains(where: { $0.hitTestView === view })
            else {
                start += 1
                continue
            }
            viewScratch.clearKeepingCapacity()
            for touch in touches[start...] where touch.hitTestView === view { viewScratch.append(touch) }
            for touch in viewScratch { touch.phase = .cancelled }
            deliver(.cancelled, of: &viewScratch, to: view, delayed: false)
            for touch in viewScratch { touch.presentCurrent() }
            start += 1
        }
        viewScratch.clearKeepingCapacity()
    }

    /// Whether two of `touches` have the same host id: a finger whose end is withheld and a new
    /// finger with its id that reached the view (its recognizer ignored it, R115), both cancelled
    /// at once.
    private static func repeatsAnID(_ touches: [Touch]) -> Bool {
        for (index, touch) in touches.enumerated() where touches[(index + 1)...].contains(where: { $0.id == touch.id }) {
            return true
        }
        return false
    }

    /// ``sendViewCancellations(_:)`` when an id repeats (rare, and it allocates): a set names each
    /// id once (R79), so the touches go in rounds, the finger that ended before the live one with
    /// its id, each round as the usual calls.
    private func sendCancellationsInRounds(_ touches: [Touch]) {
        var rest = touches.filter { !$0.isLive } + touches.filter(\.isLive)
        while !rest.isEmpty {
            var round: [Touch] = []
            var later: [Touch] = []
            for touch in rest {
                if round.contains(where: { $0.id == touch.id }) { later.append(touch) } else { round.append(touch) }
            }
            round.sort { $0.id < $1.id }
            sendViewCancellations(&round)
            rest = later
        }
    }

    // MARK: - Step 5: holds (R61-R66)

    /// Releases the holds of recognizers that failed, were cancelled or published (R65), then
    /// adds this pass's holds for recognizers still possible or held (R61-R63).
    func updateHolds(in window: Window) {
        // With nothing withheld (most passes), no recognizer has holds to let go of.
        if !holds.entries.isEmpty {
            var index = 0
            while let listed = window.activeRecognizers.element(at: index) {
                listed.withUnsafeUnretained { recognizer in
                    guard holds.isHolding(recognizer) else { return }
                    if !(recognizer.storedState == .possible || recognizer.arbitration.isHeld) { holds.release(by: recognizer) }
                }
                index += 1
            }
        }
        for index in 0..<passTouches.count {
            passTouches[index].withUnsafeUnretained { updateHolds(of: $0, in: window) }
        }
    }

    /// Step 5 for one of the pass's touches.
    private func updateHolds(of touch: Touch, in window: Window) {
        guard touch.window === window, touch.delivery.changedInPass else { return }
        // R72: a withheld began of a touch the system cancelled is dropped silently.
        if touch.currentPhase == .cancelled, touch.delivery.view == .pending {
            holds.discard(touch)
            return
        }
        guard touch.delivery.view == .pending || touch.delivery.view == .delivered else { return }
        if touch.currentPhase == .began {
            for index in 0..<touch.recognizers.count {
                touch.recognizers[index].withUnsafeUnretained { recognizer in
                    guard recognizer.storedState == .possible || recognizer.arbitration.isHeld else { return }
                    if recognizer.delaysTouchesBegan || holds.isHolding(recognizer) {  // R61, R63
                        holds.hold(.began, of: touch, by: recognizer)
                    }
                }
            }
        } else if touch.currentPhase == .ended {
            for index in 0..<touch.recognizers.count {
                touch.recognizers[index].withUnsafeUnretained { recognizer in
                    guard recognizer.delaysTouchesEnded, recognizer.storedState == .possible || recognizer.arbitration.isHeld else { return }
                    holds.hold(.ended, of: touch, by: recognizer)  // R62
                }
            }
            if let tracer = liveTracer, touch.delivery.view == .delivered, holds.isWithheld(touch, .ended) {
                tracer.record(.withheld(touch: touch, phase: .ended, by: holds.holders(of: touch, .ended)))
            }
        }
    }

    /// Stops `recognizer` tracking `touch` (ignore, R26, R115).
    func detach(_ touch: Touch, from recognizer: GestureRecognizer) {
        // The list does not own `touch`; the live or retired touches do.
        if let index = recognizer.trackedTouches.firstIndex(of: touch) {
            recognizer.trackedTouches.remove(at: index)
        }
        holds.release(touch, from: recognizer)
        if let index = touch.recognizers.firstIndex(of: recognizer) {
            touch.recognizers.remove(at: index)
        }
    }

    /// Step 5b (R66): withheld phases whose holds all dropped reach their views, with their
    /// original timestamps and locations, in timestamp order. A released began is followed by
    /// one catch-up: `ended` if the touch has ended (and its end is not withheld), else `moved`
    /// if it moved meanwhile.
    func deliverReleasedPhases() {
        guard holds.hasReleaseCandidates else { return }
        // New candidates (none are expected) would go to the table's fresh list.
        var candidates = holds.takeReleaseCandidates()
        defer { holds.recycle(&candidates) }
        let ownPhasesDelivered = holds.ownPhasesDelivered
        var index = 0
        while index < candidates.count {
            let first = candidates[index]
            index += 1
            guard let view = first.hitTestView, isViewInWindow(first) else { continue }
            if first.delivery.view == .pending, !holds.isWithheld(first, .began) {
                // A group: same view, same began time, all releasable, and no host id twice (a
                // finger that ended and a new one with its id, both at that time, go in two calls,
                // the older first: a set has each id once, in ascending order, R79, R131).
                viewScratch.clearKeepingCapacity()
                for touch in candidates[(index - 1)...]
                where touch.hitTestView === view && touch.delivery.view == .pending && !holds.isWithheld(touch, .began)
                    && touch.beganTimestamp == first.beganTimestamp && !viewScratch.contains(where: { $0.id == touch.id })
                {
                    viewScratch.append(touch)
                }
                for touch in viewScratch {
                    touch.delivery.releaseBegan()
                    touch.presentBegan()
                }
                deliver(.began, of: &viewScratch, to: view, delayed: true)
                for touch in viewScratch { touch.presentCurrent() }
                extraScratch.clearKeepingCapacity()
                swap(&extraScratch, &viewScratch)
                deliverCatchUp(extraScratch, to: view)
                extraScratch.clearKeepingCapacity()
            } else if first.delivery.view == .delivered, !first.isLive, first.currentPhase == .ended,
                !holds.isWithheld(first, .ended), !holds.isWithheld(first, .began),
                !first.delivery.changedInPass || ownPhasesDelivered
            {
                // An end of this pass is left to step 6, unless step 6 has already run (a hold
                // released by a reset in step 7).
                viewScratch.clearKeepingCapacity()
                for touch in candidates[(index - 1)...]
                where touch.hitTestView === view && touch.delivery.view == .delivered && !touch.isLive
                    && touch.currentPhase == .ended && !holds.isWithheld(touch, .ended)
                    && (!touch.delivery.changedInPass || ownPhasesDelivered)
                    && !viewScratch.contains(where: { $0.id == touch.id })
                {
                    viewScratch.append(touch)
                }
                for touch in viewScratch { touch.delivery.releaseEnded() }
                deliver(.ended, of: &viewScratch, to: view, delayed: true)
            }
        }
        viewScratch.clearKeepingCapacity()
    }

    /// The catch-up after released began calls (R66): one `moved` call for those that moved and
    /// are down or whose end is still withheld, one `ended` call for those that ended.
    private func deliverCatchUp(_ touches: [Touch], to view: View) {
        viewScratch.clearKeepingCapacity()
        for touch in touches
        where touch.delivery.view == .delivered && touch.delivery.owesCatchUpMove
            && !(touch.currentPhase == .ended && !holds.isWithheld(touch, .ended))
        {
            // Counts as this pass's delivery only for this pass's own touches (step 6 skips
            // them); a touch released by an API or timer pass is not among them.
            touch.delivery.sendCatchUpMove()
            touch.phase = .moved
            viewScratch.append(touch)
        }
        if !viewScratch.isEmpty { deliver(.moved, of: &viewScratch, to: view, delayed: true) }
        for touch in viewScratch { touch.presentCurrent() }
        viewScratch.clearKeepingCapacity()
        for touch in touches where touch.delivery.view == .delivered && touch.currentPhase == .ended && !holds.isWithheld(touch, .ended) {
            touch.delivery.sendCatchUpEnd()
            viewScratch.append(touch)
        }
        if !viewScratch.isEmpty { deliver(.ended, of: &viewScratch, to: view, delayed: true) }
        viewScratch.clearKeepingCapacity()
        for touch in touches { touch.delivery.caughtUp() }
    }

    // MARK: - Step 6: this pass's own phases

    /// Delivers the pass's touches to their views, one call per view and phase, phases in the
    /// order began, moved, ended, cancelled (R15, R79); skips what is withheld, cancelled or
    /// suppressed (R18-R20).
    func deliverPassPhases() {
        holds.ownPhasesDidDeliver()
        guard !passTouches.isEmpty else { return }
        if passTouches.count == 1 {
            // The common case, one touch: no grouping by view.
            passTouches[0].withUnsafeUnretained { touch in
                let phase = touch.currentPhase
                guard isDeliverable(touch, phase), let hitTestView = touch.hitTestViewRef else { return }
                hitTestView.withUnsafeUnretained { view in
                    touch.delivery.deliverOwnPhase(phase)
                    if recognizerScratch.count == 1, recognizerScratch[0] === touch {
                        // The recognizers' set of this pass is this very touch: hand it on.
                        deliver(phase, of: &recognizerScratch, to: view, delayed: false)
                        return
                    }
                    viewScratch.clearKeepingCapacity()
                    viewScratch.append(touch)
                    deliver(phase, of: &viewScratch, to: view, delayed: false)
                    viewScratch.clearKeepingCapacity()
                }
            }
            return
        }
        // Touches and their views are compared and lent unretained: the pass keeps its touches
        // until it ends, and each touch owns its hit-test view for life (R16).
        for phaseIndex in 0..<4 {
            let phase = Self.callbackPhase(phaseIndex)
            var start = 0
            while start < passTouches.count {
                let index = start
                start += 1
                let first = passTouches[index].withUnsafeUnretained { touch -> UnownedReference<View>? in
                    guard let view = touch.hitTestViewRef, isDeliverable(touch, phase) else { return nil }
                    return view
                }
                guard let view = first else { continue }
                var seen = false
                for earlier in 0..<index
                where passTouches[earlier].withUnsafeUnretained({ $0.hitTestViewRef == view && isDeliverable($0, phase) }) {
                    seen = true
                    break
                }
                if seen { continue }
                viewScratch.clearKeepingCapacity()
                for later in index..<passTouches.count {
                    passTouches[later].withUnsafeUnretained { touch in
                        if touch.hitTestViewRef == view, isDeliverable(touch, phase) { viewScratch.append(touch) }
                    }
                }
                for touch in viewScratch { touch.delivery.deliverOwnPhase(phase) }
                view.withUnsafeUnretained { deliver(phase, of: &viewScratch, to: $0, delayed: false) }
            }
        }
        viewScratch.clearKeepingCapacity()
    }

    /// The phases of the view callbacks, in their order (R15): began, moved, ended, cancelled.
    @inline(__always)
    static func callbackPhase(_ index: Int) -> TouchPhase {
        switch index {
        case 0: return .began
        case 1: return .moved
        case 2: return .ended
        default: return .cancelled
        }
    }

    /// A view removed from its window during this pass gets nothing more; the removal pass that
    /// follows settles its touches (R119, R120).
    @inline(__always)
    func isViewInWindow(_ touch: Touch) -> Bool {
        // Compared unretained: the touch owns both for life (R16).
        guard let view = touch.hitTestViewRef, let window = touch.windowRef else { return false }
        return view.withUnsafeUnretained { $0.windowRef == window }
    }

    private func isDeliverable(_ touch: Touch, _ phase: TouchPhase) -> Bool {
        guard touch.delivery.changedInPass, !touch.delivery.deliveredInPass, touch.currentPhase == phase else { return false }
        switch touch.delivery.view {
        case .finished, .cancelled, .discarded, .suppressed: return false
        case .pending, .delivered: break
        }
        guard isViewInWindow(touch) else { return false }
        switch phase {
        case .began: return touch.delivery.view == .pending && !holds.isWithheld(touch, .began)
        case .moved: return touch.delivery.view == .delivered
        case .ended: return touch.delivery.view == .delivered && !holds.isWithheld(touch, .ended)
        case .cancelled: return touch.delivery.view == .delivered  // R22: not withheld
        case .stationary: return false
        }
    }

    /// Calls the view's touch method with `touches`, sorted by id first (R79: every view
    /// callback goes through here, whichever order its caller gathered the touches in, as
    /// released ends gathered in the order they ended). Views that do not override forward up
    /// the responder chain (R10, R75).
    ///
    /// The buffer is moved into the set for the call and back after it (it is empty meanwhile),
    /// so that the set costs no reference counting.
    func deliver(_ phase: TouchPhase, of touches: inout [Touch], to view: View, delayed: Bool) {
        guard !touches.isEmpty, let window = touches[0].windowRef else { return }
        if touches.count > 1 { touches.sortByTouchID() }
        liveTracer?.record(.delivered(view: view, phase: phase, touches: touches, delayed: delayed))
        let set = TouchSet(sortedStorage: touches.takeForLending())
        // The window (owned by its touches) and its event (a constant of the window) are lent.
        window.withUnsafeUnretained { window in
            withUnsafeUnretained(window.event) { event in
                switch phase {
                case .began: view.touchesBegan(set, with: event)
                case .moved: view.touchesMoved(set, with: event)
                case .ended: view.touchesEnded(set, with: event)
                case .cancelled: view.touchesCancelled(set, with: event)
                case .stationary: break
                }
            }
        }
        touches.restoreLent((consume set).storage)
    }
}
