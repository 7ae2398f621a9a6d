extension GestureEnvironment {
    // MARK: - Step 3: settle to a fixpoint

    /// The most arbitration rounds a window's pass may take with `recognizers` active
    /// recognizers before the engine stops with an internal-inconsistency trap: 4n + 8. At most
    /// 2n + 1 rounds can change something (see ``arbitrate(in:)``), so this bound is never met
    /// unless that reasoning is broken, and it is met long before a loop could hang the host.
    static func arbitrationRoundLimit(recognizers: Int) -> Int { 4 * recognizers + 8 }

    /// Failure requirements (R51-R60), holds and releases, then exclusion (R43-R48), repeated
    /// until nothing changes. Asks only questions of user code (canPrevent, delegates); sends no
    /// action and delivers nothing.
    ///
    /// Recognizers are visited in processing order (R28), so when two could exclude each other
    /// the earlier wins (R48), and in a requirement cycle the earlier one to finish is released
    /// first and makes the other fail (R59).
    ///
    /// Polynomial for any requirement graph, cycles included: no walk follows requirements
    /// further than two steps (a requirement's own requirements, in `isRecognizing`), and nothing
    /// recurses. A round that changes something fails or releases a recognizer for good, so there
    /// are at most 2n + 1 rounds for the n recognizers of the sequence, each O(n·d²) for d
    /// requirements per recognizer plus O(n²·d) for exclusion.
    func arbitrate(in window: Window) {
        var changed = true
        var rounds = 0
        while changed {
            changed = false
            rounds += 1
            precondition(rounds <= Self.arbitrationRoundLimit(recognizers: window.activeRecognizers.count), "arbitration did not settle in window \(window)")
            // A round in which no recognizer may become held, has requirements to settle or can
            // exclude another does nothing: one scan tells (the usual touch-down, where all are
            // possible and require nothing).
            guard roundHasWork(in: window) else { return }
            // Holds first, for everyone: a recognizer that began this pass must not count as
            // recognizing before we know whether it waits for others (R54).
            // Recognizers leave the active list only when they reset (step 7), so they can be
            // lent for these calls.
            var index = 0
            while let listed = window.activeRecognizers.element(at: index) {
                listed.withUnsafeUnretained { recognizer in
                    // Only an unpublished, unheld recognizer that began or ended can become held.
                    if RecognizerFacts(recognizer).mayBecomeHeld { markHeldIfWaiting(recognizer, in: window) }
                }
                index &+= 1
            }
            index = 0
            while let listed = window.activeRecognizers.element(at: index) {
                let settled = listed.withUnsafeUnretained { recognizer -> Bool in
                    // Nothing to settle for a published or finished-unsuccessfully recognizer, or
                    // for a possible one that requires nothing.
                    let state = recognizer.storedState
                    guard !recognizer.arbitration.hasPublished, state != .failed, state != .cancelled else { return false }
                    if state == .possible, recognizer.failureRequirements.isEmpty, recognizer.dynamicRequirements.isEmpty {
                        return false
                    }
                    return settleRequirements(of: recognizer, in: window)
                }
                if settled { changed = true }
                index &+= 1
            }
            index = 0
            while let listed = window.activeRecognizers.element(at: index) {
                listed.withUnsafeUnretained { excluder in
                    guard canExclude(excluder) else { return }
                    var other = 0
                    while let otherListed = window.activeRecognizers.element(at: other) {
                        otherListed.withUnsafeUnretained { candidate in
                            guard candidate !== excluder, isExcludable(candidate), excludes(excluder, candidate) else { return }
                            setState(candidate, .failed, cause: .excluded(by: excluder))
                            changed = true
                        }
                        other &+= 1
                    }
                }
                index &+= 1
            }
            if changed, onlyExclusionsChange(in: window) { return }
        }
    }

    /// Whether a round of ``arbitrate(in:)`` that changed something leaves the next one nothing
    /// to do, because only exclusions (loop 3) can have changed anything and no code but the
    /// engine's ran: no tracer, and every active recognizer of the window is of one of the
    /// library's own classes (``GestureRecognizer/usesDefaultRequirementHooks``: its
    /// `canPrevent`, `canBePrevented` and requirement hooks read only its settings), without a
    /// delegate, and without requirements, static or for this attempt.
    ///
    /// Then no recognizer can be held or released (R54, R56: both need a requirement), so the
    /// round's loop 2 committed every recognizer that began or ended and the next round's
    /// loops 1 and 2 find nothing. Its loop 3 asks pairs that this round's loop 3 already asked
    /// with the same facts (an exclusion only fails recognizers, which then neither exclude nor
    /// can be excluded) and the same pure answers (R44-R50), which were no: it excludes nothing.
    @inline(never)
    private func onlyExclusionsChange(in window: Window) -> Bool {
        guard !hasTracer else { return false }
        var index = 0
        while let listed = window.activeRecognizers.element(at: index) {
            let plain = listed.withUnsafeUnretained { recognizer in
                recognizer.usesDefaultRequirementHooks && !recognizer.hasDelegate
                    && recognizer.failureRequirements.isEmpty && recognizer.dynamicRequirements.isEmpty
            }
            guard plain else { return false }
            index &+= 1
        }
        return true
    }

    /// R54: an unpublished recognizer in began or ended that has an active requirement is held.
    /// Whether a round of ``arbitrate(in:)`` has anything to do: some recognizer may become held
    /// (loop 1), has requirements to settle (loop 2) or can exclude (loop 3). Each loop changes
    /// nothing when its test fails for every recognizer, and a loop that changes nothing makes
    /// no later test pass, so a round for which this is false is a no-op.
    @inline(__always)
    private func roundHasWork(in window: Window) -> Bool {
        var index = 0
        while let listed = window.activeRecognizers.element(at: index) {
            let hasWork = listed.withUnsafeUnretained { recognizer -> Bool in
                // Possible: only requirements to settle (it can neither be held nor exclude).
                // Failed or cancelled: nothing at all. The full test below says the same.
                switch recognizer.storedState {
                case .possible: return !recognizer.failureRequirements.isEmpty || !recognizer.dynamicRequirements.isEmpty
                case .failed, .cancelled: return false
                case .began, .changed, .ended: break
                }
                let facts = RecognizerFacts(recognizer)
                if facts.mayBecomeHeld || facts.canExclude { return true }
                guard !facts.hasPublished, facts.state != .failed, facts.state != .cancelled else { return false }
                return facts.state != .possible || !recognizer.failureRequirements.isEmpty || !recognizer.dynamicRequirements.isEmpty
            }
            if hasWork { return true }
            index &+= 1
        }
        return false
    }

    private func markHeldIfWaiting(_ recognizer: GestureRecognizer, in window: Window) {
        guard RecognizerFacts(recognizer).mayBecomeHeld else { return }
        if !recognizer.arbitration.dynamicRequirementsEvaluated { evaluateDynamicRequirements(of: recognizer, in: window) }
        guard firstRequirement(of: recognizer, in: window, where: { holdsUp(recognizer, $0, in: window) }) != nil else { return }
        recognizer.arbitration.hold()
        if let tracer = liveTracer {
            tracer.record(.held(recognizer: recognizer, waitingFor: requirements(of: recognizer, in: window).filter { holdsUp(recognizer, $0, in: window) }))
        }
    }

    /// R55-R57 for one recognizer, in processing order: fail it if a requirement began or
    /// recognized; release it when no requirement is active. Returns whether anything changed.
    private func settleRequirements(of recognizer: GestureRecognizer, in window: Window) -> Bool {
        let facts = RecognizerFacts(recognizer)
        // Looked up only for a recognizer that can still be failed by one (no user code runs).
        let recognizing =
            facts.hasPublished || facts.state == .failed || facts.state == .cancelled
            ? nil : firstRequirement(of: recognizer, in: window, where: isRecognizing)
        let verdict = RequirementVerdict.decide(facts, recognizingRequirement: recognizing) {
            firstRequirement(of: recognizer, in: window, where: { holdsUp(recognizer, $0, in: window) }) != nil
        }
        switch verdict {
        case .unchanged, .waits:
            return false
        case .failed(let succeeded):
            setState(recognizer, .failed, cause: .requiredRecognizerSucceeded(succeeded))  // R55
            return true
        case .commits(let released):
            // Nothing it waits for can stop it now: it publishes in this pass. Committing here,
            // in processing order, is what settles a requirement cycle (R59).
            let wasHeld = recognizer.arbitration.commit()
            assert(wasHeld == released, "the verdict and the recognizer disagree on its hold")
            guard released else { return false }
            // R56
            liveTracer?.record(.releasedByRequirements(recognizer: recognizer))
            recognizer.willPublishAfterFailureRequirements()
            return true
        }
    }

    /// R52: enabled, attached, tracking in this sequence, and possible, began or changed. (What
    /// holds a dependent up is ``holdsUp(_:_:in:)``, which adds R132's held requirements; a reset
    /// is blocked only by linked recognizers active in this sense, R39, R60.)
    func isActive(_ recognizer: GestureRecognizer) -> Bool {
        guard recognizer.isEnabled, recognizer.viewRef != nil, recognizer.activeWindow != nil else { return false }
        switch recognizer.storedState {
        case .possible, .began, .changed: return true
        case .ended, .cancelled, .failed: return false
        }
    }

    /// R52, R132: whether `requirement` (one of `dependent`'s) holds `dependent` up: it is active
    /// (R52), or held in ended (R132) and not itself waiting, through held recognizers, on
    /// `dependent`. In a cycle of recognizers that all finished (R59) none
    /// holds up the others, so the earliest in processing order is released first; in a chain
    /// (S requires D, D requires L) a held D holds S up until D is released or fails.
    func holdsUp(_ dependent: GestureRecognizer, _ requirement: GestureRecognizer, in window: Window) -> Bool {
        if isActive(requirement) { return true }
        guard requirement.storedState == .ended, requirement.arbitration.isHeld, requirement.isEnabled,
            requirement.viewRef != nil, requirement.activeWindow != nil
        else { return false }
        return !waitsThroughHolds(requirement, on: dependent, in: window)
    }

    /// Whether held `start` waits on `target`, directly or through recognizers that are held
    /// themselves (R132). Only recognizers held in ended come here, so this walk is off the
    /// usual paths; it visits each recognizer once.
    private func waitsThroughHolds(_ start: GestureRecognizer, on target: GestureRecognizer, in window: Window) -> Bool {
        var visited: [ObjectIdentifier] = [ObjectIdentifier(start)]
        var pending: [GestureRecognizer] = [start]
        while let current = pending.popLast() {
            for next in requirements(of: current, in: window) {
                if next === target { return true }
                let id = ObjectIdentifier(next)
                guard next.arbitration.isHeld, !visited.contains(id) else { continue }
                visited.append(id)
                pending.append(next)
            }
        }
        return false
    }

    /// Began or recognized, not held, and sure to publish (R55): it has published, or committed
    /// to publish in this pass, or nothing it requires could still make it fail.
    private func isRecognizing(_ recognizer: GestureRecognizer) -> Bool {
        guard let window = recognizer.activeWindow, !recognizer.arbitration.isHeld else { return false }
        switch recognizer.storedState {
        case .began, .changed, .ended:
            if recognizer.arbitration.hasPublished || recognizer.arbitration.isCommitted { return true }
            return firstRequirement(of: recognizer, in: window, where: isUndecided) == nil
        case .possible, .cancelled, .failed:
            return false
        }
    }

    /// Still able to begin or recognize: active (R52), or finished unpublished and waiting.
    private func isUndecided(_ recognizer: GestureRecognizer) -> Bool {
        isActive(recognizer) || (!recognizer.arbitration.hasPublished && recognizer.storedState == .ended)
    }

    /// The static and this attempt's dynamic requirements of `recognizer` that are in `window`'s
    /// sequence.
    func requirements(of recognizer: GestureRecognizer, in window: Window) -> [GestureRecognizer] {
        var result: [GestureRecognizer] = []
        for edge in recognizer.failureRequirements {
            if edge.activeWindow === window { result.append(edge) }
        }
        for edge in recognizer.dynamicRequirements {
            let other = edge.recognizer
            if other.attempt == edge.attempt, other.activeWindow === window,
                !result.contains(where: { $0 === other })
            {
                result.append(other)
            }
        }
        return result
    }

    /// The first requirement in `window` matching `predicate`, without building a list.
    private func firstRequirement(
        of recognizer: GestureRecognizer,
        in window: Window,
        where predicate: (GestureRecognizer) -> Bool
    ) -> GestureRecognizer? {
        // Most recognizers require nothing: look no further (a loop would retain the lists).
        if recognizer.failureRequirements.isEmpty, recognizer.dynamicRequirements.isEmpty { return nil }
        for edge in recognizer.failureRequirements {
            if edge.activeWindow === window, predicate(edge) { return edge }
        }
        for edge in recognizer.dynamicRequirements {
            let other = edge.recognizer
            if other.attempt == edge.attempt, other.activeWindow === window,
                predicate(other)
            {
                return other
            }
        }
        return nil
    }

    /// Whether `recognizer` requires `other` to fail (statically or for this attempt).
    func requires(_ recognizer: GestureRecognizer, _ other: GestureRecognizer) -> Bool {
        if recognizer.failureRequirements.isEmpty, recognizer.dynamicRequirements.isEmpty { return false }
        for edge in recognizer.failureRequirements where edge === other { return true }
        for edge in recognizer.dynamicRequirements where edge.recognizer === other && other.attempt == edge.attempt {
            return true
        }
        return false
    }

    // MARK: - Dynamic requirements (R53)

    /// Asks, once per attempt to recognize, whether `recognizer` must wait for each other
    /// recognizer of the sequence.
    ///
    /// > Note: R53 recommends asking when a touch first binds the pair. GestureArbiter asks when
    /// > the recognizer first tries to leave `possible` (and, after that, for recognizers that
    /// > join the sequence), which is what Apple's header says ("once per attempt to recognize")
    /// > and keeps touch-down cost linear in the number of bound recognizers.
    private func evaluateDynamicRequirements(of recognizer: GestureRecognizer, in window: Window) {
        recognizer.arbitration.dynamicRequirementsWereEvaluated()
        guard recognizer.acceptsFailureRequirements else { return }  // R269
        var index = 0
        while let listed = window.activeRecognizers.element(at: index) {
            let asks = listed.withUnsafeUnretained { other in
                !(recognizer.usesDefaultRequirementHooks && other.usesDefaultRequirementHooks && !recognizer.asksRelationQuestions
                    && !other.asksRelationQuestions)
            }
            guard asks else {
                index += 1
                continue
            }
            // Delegates run here: hold the other recognizer.
            let other = window.activeRecognizers.unsafeObject(at: index)
            index += 1
            if other !== recognizer { evaluateDynamicRequirement(recognizer, requires: other) }
        }
    }

    func evaluateDynamicRequirement(_ recognizer: GestureRecognizer, requires other: GestureRecognizer) {
        // Nothing to ask when neither side can say yes.
        if recognizer.usesDefaultRequirementHooks, other.usesDefaultRequirementHooks, !recognizer.asksRelationQuestions,
            !other.asksRelationQuestions
        {
            return
        }
        let source: RequirementSource
        if recognizer.shouldRequireFailure(of: other) {
            source = .shouldRequireFailureOf
        } else if recognizer.relationBoxes != nil, recognizer.exclusiveRelationRequiresFailure(of: other) {
            // A declared exclusive relation answers as the waiting one's delegate would (R53).
            source = .exclusiveRelation
        } else if let delegate = recognizer.liveDelegate,
            traced(delegate.gestureRecognizer(recognizer, shouldRequireFailureOf: other), recognizer, .shouldRequireFailure(of: other))
        {
            source = .delegateShouldRequireFailureOf
        } else if other.shouldBeRequiredToFail(by: recognizer) {
            source = .shouldBeRequiredToFailBy
        } else if let delegate = other.liveDelegate,
            traced(delegate.gestureRecognizer(other, shouldBeRequiredToFailBy: recognizer), other, .shouldBeRequiredToFail(by: recognizer))
        {
            source = .delegateShouldBeRequiredToFailBy
        } else {
            return
        }
        if requires(recognizer, other) { return }
        recognizer.dynamicRequirements.append((other, other.attempt))
        requirementsRevision &+= 1
        liveTracer?.record(.dynamicRequirement(recognizer: recognizer, requiresToFail: other, source: source))
    }

    // MARK: - Exclusion (R43-R50)

    /// R44.1 (``RecognizerFacts/canExclude``).
    @inline(__always)
    private func canExclude(_ recognizer: GestureRecognizer) -> Bool {
        RecognizerFacts(recognizer).canExclude
    }

    /// R44.4, R46 (``RecognizerFacts/isExcludable``).
    @inline(__always)
    private func isExcludable(_ recognizer: GestureRecognizer) -> Bool {
        RecognizerFacts(recognizer).isExcludable
    }

    /// R44.3, R44.5-7, R45, R49, R50.
    private func excludes(_ excluder: GestureRecognizer, _ candidate: GestureRecognizer) -> Bool {
        guard let excluderView = excluder.viewRef, let candidateView = candidate.viewRef else { return false }
        let related = excluderView.withUnsafeUnretained { excluderView in
            candidateView.withUnsafeUnretained { excluderView.isDescendant(of: $0) || $0.isDescendant(of: excluderView) }
        }
        guard related else { return false }
        if requires(excluder, candidate) { return false }
        guard excluder.canPrevent(candidate), candidate.canBePrevented(by: excluder) else { return false }
        // Declared relations answer as a delegate would (R45): a simultaneous one says yes; a
        // race says no, which a delegate's yes below still overrules.
        if candidate.relationBoxes != nil || excluder.relationBoxes != nil {
            if candidate.simultaneityRelation(with: excluder) != nil || excluder.simultaneityRelation(with: candidate) != nil {
                liveTracer?.record(.relationApplied(recognizer: candidate, other: excluder, relation: .simultaneous))
                return false
            }
            if candidate.racesWith(excluder) {
                liveTracer?.record(.relationApplied(recognizer: candidate, other: excluder, relation: .race))
            }
        }
        if let delegate = candidate.liveDelegate,
            traced(delegate.gestureRecognizer(candidate, shouldRecognizeSimultaneouslyWith: excluder), candidate, .shouldRecognizeSimultaneously(with: excluder))
        {
            return false
        }
        if let delegate = excluder.liveDelegate,
            traced(delegate.gestureRecognizer(excluder, shouldRecognizeSimultaneouslyWith: candidate), excluder, .shouldRecognizeSimultaneously(with: candidate))
        {
            return false
        }
        return true
    }

    /// Returns a delegate's `answer`, recording it when a tracer is attached (R122). Out of line:
    /// only recognizers with a delegate come here.
    @inline(never)
    private func traced(_ answer: Bool, _ recognizer: GestureRecognizer, _ question: DelegateQuestion) -> Bool {
        if let tracer = liveTracer { tracer.record(.delegateAnswered(recognizer: recognizer, question: question, answer: answer)) }
        return answer
    }

    // MARK: - State changes

    /// A state change made by the engine itself (exclusion, requirements, disabling).
    func setState(_ recognizer: GestureRecognizer, _ state: GestureRecognizer.State, cause: StateChangeCause) {
        let old = recognizer.storedState
        guard old != state else { return }
        pass.mustSettle()
        recognizer.storedState = state
        // A recognizer that failed or was cancelled waits for nothing: it is not held (R54), so
        // it withholds nothing more (R65).
        if state == .failed || state == .cancelled { recognizer.arbitration.stopWaiting() }
        liveTracer?.record(.stateChanged(recognizer: recognizer, from: old, to: state, cause: cause))
    }

    /// Whether a recognizer's report of a change (to changed, R36) needs no call of
    /// ``recognizerChangedState(_:from:to:cause:)`` now: inside steps 1-3 of a pass, with no
    /// tracer to tell, the running pass's step 4 sends the changed action it owes.
    var takesChangeWithoutNotice: Bool {
        @inline(__always) get { !hasTracer && pass.isInPass && !pass.isActing }
    }

    /// Called by ``GestureRecognizer/state``'s setter after normalisation (R32, R33).
    func recognizerChangedState(
        _ recognizer: GestureRecognizer,
        from old: GestureRecognizer.State,
        to new: GestureRecognizer.State,
        cause: StateChangeCause
    ) {
        // A published recognizer reporting a change affects no other recognizer and no hold
        // (R36, R44 happened when it began); anything else may.
        if new != .changed { pass.mustSettle() } else { pass.noteChange(by: ObjectIdentifier(recognizer)) }
        // A recognizer that failed or cancelled itself waits for nothing (R54) and so withholds
        // nothing more (R65), as when the engine fails it (``setState(_:_:cause:)``).
        if new == .failed || new == .cancelled { recognizer.arbitration.stopWaiting() }
        if let tracer = liveTracer {
            var reported = cause
            if case .recognizerLogic = cause, pass.isInPass, pass.kind == .timer { reported = .timer }
            tracer.record(.stateChanged(recognizer: recognizer, from: old, to: new, cause: reported))
        }
        if recognizer.activeWindow == nil {
            // A recognizer that changes state without touches (a custom one driven by its host)
            // joins its window's sequence so that it is published and reset.
            guard let window = recognizer.view?.window, window.environment === self else { return }
            activate(recognizer, in: window)
        }
        // Inside steps 1-3 the running pass's arbitration sees the change: nothing to do.
        if pass.isInPass, !pass.isActing { return }
        guard let window = recognizer.activeWindow else { return }
        if !pass.isInPass {
            runSettlePass(window)
            drainDeferredWork()
        } else if pass.isActing {
            deferredChanges.append(.settle(window))
        }
    }

    /// `recognizer` has just appended a static requirement (its last): settle if the recognizer
    /// is tracking; tell the tracer if the new edge closes a cycle among the recognizers of the
    /// attached windows, with a shortest such cycle starting at `recognizer` (R59, R121).
    /// Linear in the recognizers reachable through requirements, and only with a tracer.
    func requirementsDidChange(for recognizer: GestureRecognizer) {
        if let tracer = liveTracer, let requirement = recognizer.failureRequirements.last,
            let cycle = FailureRequirementGraph.cycle(
                closedBy: recognizer,
                requiring: requirement,
                among: { $0.view?.window?.environment === self }
            )
        {
            tracer.record(.requirementCycle(cycle))
        }
        guard let window = recognizer.activeWindow else { return }
        runOrDefer(.settle(window))
    }

    /// Disabled (R40) or removed (R41): cancel if tracking.
    func recognizerWasDetached(_ recognizer: GestureRecognizer, reason: StateChangeCause) {
        guard recognizer.activeWindow != nil else { return }
        runOrDefer(.detach(recognizer, reason))
    }

    /// R120: a subtree left `window`.
    func subtreeLeftWindow(_ root: View, window: Window) {
        runOrDefer(.subtreeRemoved(root, window))
    }

    /// ``GestureRecognizer/ignore(_:for:)`` (R26, R115).
    func recognizer(_ recognizer: GestureRecognizer, ignores touch: Touch) {
        guard recognizer.trackedTouches.contains(touch) else { return }
        if pass.isInPass {
            detach(touch, from: recognizer)
        } else {
            runIgnorePass(recognizer, touch: touch)
            drainDeferredWork()
        }
    }

    /// Cancels a tracking recognizer in the running pass (R40, R41): unpublished → failed,
    /// began or changed → cancelled (its cancelled action is sent in step 4); after the actions
    /// it gets `touchesCancelled` for its live touches, and it is reset at the end of the pass
    /// whatever its links.
    func cancel(_ recognizer: GestureRecognizer, cause: StateChangeCause) {
        switch recognizer.storedState {
        case .possible:
            setState(recognizer, .failed, cause: cause)
        case .began, .changed:
            setState(recognizer, recognizer.arbitration.hasPublished ? .cancelled : .failed, cause: cause)
        case .ended:
            if !recognizer.arbitration.hasPublished { setState(recognizer, .failed, cause: cause) }
        case .cancelled, .failed:
            break
        }
        recognizer.arbitration.stopWaiting()
        forcedResets.append(recognizer)
    }

    /// R40: recognizers cancelled in this pass get `touchesCancelled` for their live touches,
    /// after the pass's actions. Their state is final, so what they request is ignored (R32).
    func sendTouchesCancelledToForcedResets() {
        for recognizer in forcedResets {
            guard let window = recognizer.activeWindow else { continue }
            recognizerScratch.clearKeepingCapacity()
            for index in 0..<recognizer.trackedTouches.count {
                recognizer.trackedTouches[index].withUnsafeUnretained { touch in
                    if touch.isLive { insertSorted(touch, into: &recognizerScratch) }
                }
            }
            if !recognizerScratch.isEmpty {
                let touches = TouchSet(sortedStorage: recognizerScratch)
                recognizer.touchesCancelled(touches, with: window.event)
            }
            recognizerScratch.clearKeepingCapacity()
        }
    }
}
